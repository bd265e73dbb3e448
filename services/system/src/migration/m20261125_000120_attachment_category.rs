//! The business dictionary 附件类别 (`attachment_category`: what a file linked to a project or a monthly
//! report is, issue 15) for the tenants created before it: without it the business service refuses every
//! category. A new tenant gets it from the catalogue like any other; a tenant holding it already (or a
//! fresh database, which has no tenants yet) is left alone, so running it twice changes nothing.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

pub struct Migration;

const CODE: &str = "attachment_category";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000120_attachment_category"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        super::new_dict::add(m, CODE).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        super::new_dict::remove(m, CODE).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    use sea_orm_migration::{MigrationName, MigrationTrait, MigratorTrait, SchemaManager};

    use super::CODE;
    use crate::entity::dict_biz;
    use crate::migration::{Migrator, seeded};

    /// `(tenant, key, value)` of the dictionary's rows, its top row included.
    async fn rows(db: &sea_orm::DatabaseConnection) -> Vec<(String, String, String)> {
        dict_biz::Entity::find()
            .filter(dict_biz::Column::Code.eq(CODE))
            .order_by_asc(dict_biz::Column::TenantId)
            .order_by_asc(dict_biz::Column::Sort)
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|r| (r.tenant_id, r.dict_key, r.dict_value))
            .collect()
    }

    #[tokio::test]
    async fn a_tenant_created_before_the_dictionary_gets_it_once() {
        let installed = seeded::installation("dict-migration").await;
        let db = &installed.db;
        let want: Vec<(String, String, String)> =
            [("-1", "附件类别"), ("1", "审批备案文件"), ("2", "施工合同"), ("3", "现场照片"), ("4", "营业执照"), ("5", "其他")]
                .iter()
                .map(|(k, v)| ("000000".to_string(), k.to_string(), v.to_string()))
                .collect();
        assert_eq!(rows(db).await, want, "a new tenant gets it from the catalogue");

        seeded::undo_since(db, super::Migration.name()).await;
        assert!(rows(db).await.is_empty());
        Migrator::up(db, None).await.unwrap();
        assert_eq!(rows(db).await, want);
        // a tenant holding it is left alone
        super::Migration.up(&SchemaManager::new(db)).await.unwrap();
        assert_eq!(rows(db).await, want, "running it again adds nothing");
    }
}
