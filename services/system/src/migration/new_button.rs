//! A button added to the built-in catalogue after installations were seeded: the migration that brings it
//! to an existing installation adds it under its menu and grants it to every role holding a related
//! button (whoever could do the work until then). A fresh database has no menus yet when migrations run;
//! the seed adds the button there. Running it twice changes nothing.
use keeper_common::id::next_id;
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter};
use sea_orm_migration::SchemaManager;

use crate::builtin::{ButtonSeed, MENUS, MenuSeed};
use crate::entity::{menu, role_menu};
use crate::seed::button_row;

async fn live_menu(m: &SchemaManager<'_>, code: &str) -> Result<Option<menu::Model>, DbErr> {
    menu::Entity::find().filter(menu::Column::Code.eq(code)).filter(menu::Column::IsDeleted.eq(0)).one(m.get_connection()).await
}

fn find_menu<'a>(menus: &'a [MenuSeed], code: &str) -> Option<&'a MenuSeed> {
    menus.iter().find_map(|m| if m.code == code { Some(m) } else { find_menu(m.children, code) })
}

fn seed_of(menu: &str, button: &str) -> Result<&'static ButtonSeed, DbErr> {
    find_menu(MENUS, menu)
        .and_then(|m| m.buttons.iter().find(|b| b.code == button))
        .ok_or_else(|| DbErr::Custom(format!("seed data has no {button} under {menu}")))
}

/// Adds the seeded `button` under the installed `menu` and grants it to the roles holding `holders_of`.
pub async fn add(m: &SchemaManager<'_>, menu: &str, button: &str, holders_of: &str) -> Result<(), DbErr> {
    let db = m.get_connection();
    let (Some(parent), None) = (live_menu(m, menu).await?, live_menu(m, button).await?) else {
        return Ok(());
    };
    let id = next_id();
    menu::Entity::insert(button_row(id, parent.id, seed_of(menu, button)?)).exec(db).await?;
    let Some(related) = live_menu(m, holders_of).await? else { return Ok(()) };
    let holders = role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(related.id)).all(db).await?;
    if holders.is_empty() {
        return Ok(());
    }
    let grants = holders.iter().map(|h| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(id), role_id: Set(h.role_id) });
    role_menu::Entity::insert_many(grants).exec(db).await?;
    Ok(())
}

/// Removes the button and its grants.
pub async fn remove(m: &SchemaManager<'_>, button: &str) -> Result<(), DbErr> {
    let db = m.get_connection();
    if let Some(b) = live_menu(m, button).await? {
        role_menu::Entity::delete_many().filter(role_menu::Column::MenuId.eq(b.id)).exec(db).await?;
        menu::Entity::delete_by_id(b.id).exec(db).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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
    async fn an_installation_seeded_before_a_button_gets_it_granted_to_the_holders_of_the_related_one() {
        // (migration, new button, whose holders receive it)
        let cases = [
            (super::super::m20261123_000060_user_audit_button::Migration.name().to_string(), "user_audit", "user_edit"),
            (super::super::m20261125_000110_issue_buttons::Migration.name().to_string(), "track_project_assign", "track_project_approve"),
            (super::super::m20261125_000110_issue_buttons::Migration.name().to_string(), "track_project_handle", "track_project_edit"),
            (super::super::m20261125_000130_report_lock_buttons::Migration.name().to_string(), "in_library_report_lock", "track_project_approve"),
            (super::super::m20261125_000130_report_lock_buttons::Migration.name().to_string(), "in_library_report_unlock", "track_project_approve"),
            (super::super::m20261129_000160_remind_button::Migration.name().to_string(), "output_report_remind", "output_report_approve"),
        ];
        let installed = super::super::seeded::installation("button-migration").await;
        let db = &installed.db;
        for (migration, button, holders_of) in cases {
            let related = holders(db, holders_of).await;
            assert!(!related.is_empty(), "{holders_of}");
            assert_eq!(holders(db, button).await, related, "seeded with {button}");

            // as before the button existed (its migration and every later one undone), then upgraded
            super::super::seeded::undo_since(db, &migration).await;
            assert!(menu::Entity::find().filter(menu::Column::Code.eq(button)).one(db).await.unwrap().is_none(), "{button}");
            Migrator::up(db, None).await.unwrap();
            assert_eq!(holders(db, button).await, related, "{button}");
            // and running it again changes nothing
            let once = menu::Entity::find().filter(menu::Column::Code.eq(button)).all(db).await.unwrap().len();
            assert_eq!(once, 1, "{button}");
        }
    }
}
