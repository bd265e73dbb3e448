//! 园区设置 (issue 18) for installations seeded before it: the `zone_setting` menu under 系统管理 with its
//! buttons, granted to the roles that manage users (each tenant's administrators, who now set their zone's
//! reporting deadline, January rule, 时序进度 and public big screen without the platform's 参数管理), and
//! `zone_setting` among the menus a new tenant's administrator receives. Running it twice changes nothing.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_menu;

pub struct Migration;

const MENU: &str = "zone_setting";
const PARENT: &str = "system";
/// The roles holding this menu receive the new one.
const HOLDERS_OF: &str = "user";
/// The new administrators' list gains the menu after this one.
const AFTER: &str = "enterprise";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261130_000170_zone_setting"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        new_menu::add(db, MENU, Some(PARENT), HOLDERS_OF).await?;
        new_menu::rewrite_menu_codes(db, |v| new_menu::with_code(v, MENU, AFTER)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        new_menu::remove(db, MENU).await?;
        new_menu::rewrite_menu_codes(db, |v| Some(new_menu::without_code(v, MENU))).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use sea_orm_migration::{MigrationName, MigrationTrait, MigratorTrait, SchemaManager};

    use crate::entity::menu;
    use crate::migration::Migrator;
    use crate::migration::seeded::{self, granted, holders, menu_codes};

    /// The code of the menu the zone settings sit under.
    async fn parent_code(db: &sea_orm::DatabaseConnection) -> String {
        let m = menu::Entity::find().filter(menu::Column::Code.eq("zone_setting")).one(db).await.unwrap().unwrap();
        menu::Entity::find_by_id(m.parent_id).one(db).await.unwrap().unwrap().code
    }

    #[tokio::test]
    async fn an_installation_seeded_before_the_zone_settings_gets_the_menu_under_system_granted_to_its_administrators() {
        let installed = seeded::installation("zone-setting-migration").await;
        let db = &installed.db;
        let seeded_grants = granted(db, "zone_setting").await;
        let codes: Vec<&str> = seeded_grants.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(codes, ["zone_setting", "zone_setting_edit", "zone_setting_view"]);
        let admins = holders(db, "user").await;
        assert!(!admins.is_empty());
        assert!(seeded_grants.iter().all(|(_, roles)| *roles == admins), "{seeded_grants:?}");
        let defaults = menu_codes(db).await;
        assert!(defaults.contains("enterprise,zone_setting,"), "{defaults}");

        seeded::undo_since(db, super::Migration.name()).await;
        assert!(granted(db, "zone_setting").await.is_empty());
        assert!(!menu_codes(db).await.split(',').any(|c| c == "zone_setting"));

        Migrator::up(db, None).await.unwrap();
        assert_eq!(granted(db, "zone_setting").await, seeded_grants.iter().map(|(c, _)| (c.clone(), admins.clone())).collect::<Vec<_>>());
        assert_eq!(parent_code(db).await, "system");
        assert_eq!(menu_codes(db).await, defaults);
        // and running it again changes nothing
        super::Migration.up(&SchemaManager::new(db)).await.unwrap();
        assert_eq!(granted(db, "zone_setting").await.len(), 3);
        assert_eq!(menu_codes(db).await, defaults);
    }
}
