//! The platform parameter `business.timeProgress` (how 时序进度 is measured, issue 16) for installations
//! seeded before it, so that an administrator finds it in 参数管理 rather than having to know its key. A
//! fresh database has no platform tenant yet when migrations run: the seed adds it there. Running it
//! twice changes nothing; a value an administrator set is kept.
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use crate::entity::{param, tenant};
use crate::seed::{TIME_PROGRESS, platform_param};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000140_time_progress_param"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let seeded = tenant::Entity::find().filter(tenant::Column::TenantId.eq(PLATFORM_TENANT)).one(db).await?.is_some();
        let (key, name, value) = TIME_PROGRESS;
        let held = param::Entity::find()
            .filter(param::Column::TenantId.eq(PLATFORM_TENANT))
            .filter(param::Column::ParamKey.eq(key))
            .filter(param::Column::IsDeleted.eq(0))
            .one(db)
            .await?;
        if seeded && held.is_none() {
            param::Entity::insert(platform_param(key, name, value)).exec(db).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        param::Entity::delete_many()
            .filter(param::Column::TenantId.eq(PLATFORM_TENANT))
            .filter(param::Column::ParamKey.eq(TIME_PROGRESS.0))
            .exec(m.get_connection())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use sea_orm_migration::{MigrationName, MigrationTrait, MigratorTrait, SchemaManager};

    use crate::entity::param;
    use crate::migration::{Migrator, seeded};
    use crate::seed::TIME_PROGRESS;

    /// `(tenant, value)` of the parameter's live rows.
    async fn rows(db: &sea_orm::DatabaseConnection) -> Vec<(String, String)> {
        param::Entity::find()
            .filter(param::Column::ParamKey.eq(TIME_PROGRESS.0))
            .filter(param::Column::IsDeleted.eq(0))
            .all(db)
            .await
            .unwrap()
            .into_iter()
            .map(|r| (r.tenant_id, r.param_value))
            .collect()
    }

    #[tokio::test]
    async fn an_installation_seeded_before_the_parameter_gets_its_default_once_and_keeps_a_changed_value() {
        let installed = seeded::installation("time-progress-param").await;
        let db = &installed.db;
        let month = vec![("000000".to_string(), "month".to_string())];
        assert_eq!(rows(db).await, month, "a fresh installation gets it from the seed");

        seeded::undo_since(db, super::Migration.name()).await;
        assert!(rows(db).await.is_empty());
        Migrator::up(db, None).await.unwrap();
        assert_eq!(rows(db).await, month);

        param::Entity::update_many()
            .col_expr(param::Column::ParamValue, sea_orm::sea_query::Expr::value("day"))
            .filter(param::Column::ParamKey.eq(TIME_PROGRESS.0))
            .exec(db)
            .await
            .unwrap();
        super::Migration.up(&SchemaManager::new(db)).await.unwrap();
        assert_eq!(rows(db).await, vec![("000000".to_string(), "day".to_string())], "running it again adds nothing");
    }
}
