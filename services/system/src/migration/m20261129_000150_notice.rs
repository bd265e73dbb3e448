//! Notices (通知公告, issue 18) for installations seeded before them: the `notice` menu with its buttons,
//! granted to the roles that manage users (each tenant's administrators, who decide who else writes
//! notices); the business dictionary 通知类别 for every tenant; and `notice` among the menus a new tenant's
//! administrator receives. A fresh database has no menus and no tenants yet when migrations run: the seed
//! brings all three there. Running it twice changes nothing.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_menu;

pub struct Migration;

const MENU: &str = "notice";
const DICT: &str = "notice_category";
/// The roles holding this menu receive the new one.
const HOLDERS_OF: &str = "user";
/// The new administrators' list gains the menu after this one.
const AFTER: &str = "investment";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261129_000150_notice"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        new_menu::add(db, MENU, None, HOLDERS_OF).await?;
        super::new_dict::add(m, DICT).await?;
        new_menu::rewrite_menu_codes(db, |v| new_menu::with_code(v, MENU, AFTER)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        new_menu::remove(db, MENU).await?;
        super::new_dict::remove(m, DICT).await?;
        new_menu::rewrite_menu_codes(db, |v| Some(new_menu::without_code(v, MENU))).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use sea_orm_migration::{MigrationName, MigrationTrait, MigratorTrait, SchemaManager};

    use crate::entity::dict_biz;
    use crate::migration::Migrator;
    use crate::migration::seeded::{self, granted, holders, menu_codes};

    async fn dict_rows(db: &sea_orm::DatabaseConnection) -> usize {
        dict_biz::Entity::find().filter(dict_biz::Column::Code.eq("notice_category")).all(db).await.unwrap().len()
    }

    #[tokio::test]
    async fn an_installation_seeded_before_notices_gets_the_menu_granted_to_its_administrators_the_dictionary_and_the_default() {
        let installed = seeded::installation("notice-migration").await;
        let db = &installed.db;
        let seeded_grants = granted(db, "notice").await;
        assert_eq!(seeded_grants.len(), 8, "the menu and its seven buttons: {seeded_grants:?}");
        let admins = holders(db, "user").await;
        assert!(!admins.is_empty());
        assert!(seeded_grants.iter().all(|(_, roles)| *roles == admins), "{seeded_grants:?}");
        assert_eq!(dict_rows(db).await, 6);
        let codes = menu_codes(db).await;
        assert!(codes.contains("investment,notice,"), "{codes}");

        seeded::undo_since(db, super::Migration.name()).await;
        assert!(granted(db, "notice").await.is_empty());
        assert_eq!(dict_rows(db).await, 0);
        assert!(!menu_codes(db).await.split(',').any(|c| c == "notice"));

        Migrator::up(db, None).await.unwrap();
        assert_eq!(granted(db, "notice").await, seeded_grants.iter().map(|(c, _)| (c.clone(), admins.clone())).collect::<Vec<_>>());
        assert_eq!(dict_rows(db).await, 6);
        assert_eq!(menu_codes(db).await, codes);
        // and running it again changes nothing
        super::Migration.up(&SchemaManager::new(db)).await.unwrap();
        assert_eq!(granted(db, "notice").await.len(), 8);
        assert_eq!(dict_rows(db).await, 6);
        assert_eq!(menu_codes(db).await, codes);
    }
}
