//! The `user_audit` button (approving self-registered accounts) for installations seeded before it
//! existed: added under the `user` menu and granted to every role that may edit accounts, which is who
//! approved registrations until then. A fresh database has no menus yet when this runs; the seed adds it.
use keeper_common::id::next_id;
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter};
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use crate::builtin::MENUS;
use crate::entity::{menu, role_menu};
use crate::seed::button_row;

pub struct Migration;

const MENU: &str = "user";
const BUTTON: &str = "user_audit";
/// Roles holding this button receive the new one.
const HOLDERS_OF: &str = "user_edit";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000060_user_audit_button"
    }
}

async fn live_menu(m: &SchemaManager<'_>, code: &str) -> Result<Option<menu::Model>, DbErr> {
    menu::Entity::find().filter(menu::Column::Code.eq(code)).filter(menu::Column::IsDeleted.eq(0)).one(m.get_connection()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let (Some(parent), None) = (live_menu(m, MENU).await?, live_menu(m, BUTTON).await?) else {
            return Ok(());
        };
        let seed = MENUS
            .iter()
            .flat_map(|top| top.children.iter())
            .find(|menu| menu.code == MENU)
            .and_then(|menu| menu.buttons.iter().find(|b| b.code == BUTTON))
            .ok_or_else(|| DbErr::Custom(format!("seed data has no {BUTTON}")))?;
        let id = next_id();
        menu::Entity::insert(button_row(id, parent.id, seed)).exec(db).await?;
        let Some(edit) = live_menu(m, HOLDERS_OF).await? else { return Ok(()) };
        let holders = role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(edit.id)).all(db).await?;
        if holders.is_empty() {
            return Ok(());
        }
        let grants = holders.iter().map(|h| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(id), role_id: Set(h.role_id) });
        role_menu::Entity::insert_many(grants).exec(db).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if let Some(button) = live_menu(m, BUTTON).await? {
            role_menu::Entity::delete_many().filter(role_menu::Column::MenuId.eq(button.id)).exec(db).await?;
            menu::Entity::delete_by_id(button.id).exec(db).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use keeper_common::config::Settings;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use sea_orm_migration::{MigrationName, MigratorTrait};

    use crate::entity::{menu, role_menu};
    use crate::migration::Migrator;

    async fn holders(db: &sea_orm::DatabaseConnection, code: &str) -> Vec<i64> {
        let Some(m) = menu::Entity::find().filter(menu::Column::Code.eq(code)).one(db).await.unwrap() else { return vec![] };
        let mut roles: Vec<i64> =
            role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(m.id)).all(db).await.unwrap().iter().map(|r| r.role_id).collect();
        roles.sort();
        roles
    }

    #[tokio::test]
    async fn an_installation_seeded_before_the_audit_button_gets_it_granted_to_the_account_editors() {
        let dir = std::env::temp_dir().join(format!("keeper-audit-migration-{}", keeper_common::id::next_id()));
        let url = format!("sqlite://{}?mode=rwc", dir.join("system.db").display());
        let env =
            BTreeMap::from([("KEEPER_ADMIN_PASSWORD".to_string(), "Admin#2026".to_string()), ("KEEPER_BCRYPT_COST".into(), "4".into())]);
        let settings = Settings::from_parts(None, env).unwrap();
        let db = keeper_db::connect_and_migrate::<Migrator>(&url).await.unwrap();
        crate::seed::run(&db, &settings).await.unwrap();
        let editors = holders(&db, "user_edit").await;
        assert!(!editors.is_empty());
        assert_eq!(holders(&db, "user_audit").await, editors, "seeded with the button");

        // as before the button existed (this migration and every later one undone), then upgraded
        let later = Migrator::migrations().iter().rev().take_while(|m| m.name() != super::Migration.name()).count();
        Migrator::down(&db, Some(later as u32 + 1)).await.unwrap();
        assert!(menu::Entity::find().filter(menu::Column::Code.eq("user_audit")).one(&db).await.unwrap().is_none());
        Migrator::up(&db, None).await.unwrap();
        assert_eq!(holders(&db, "user_audit").await, editors);
        // and running it again changes nothing
        let once = menu::Entity::find().filter(menu::Column::Code.eq("user_audit")).all(&db).await.unwrap().len();
        assert_eq!(once, 1);
        drop(db);
        std::fs::remove_dir_all(dir).ok();
    }
}
