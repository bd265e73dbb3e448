//! A menu added to the built-in catalogue after installations were seeded: the migration that brings it to
//! an existing installation inserts it (with its buttons) under its parent, grants it to every role holding a
//! related menu (whoever administered that until then), and adds it to the menus a new tenant's
//! administrator receives (`tenant.default.menuCode`). A fresh database has no menus and no tenants yet when
//! migrations run: the seed brings all of it there. Running it twice changes nothing.
use keeper_common::id::next_id;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};

use crate::builtin::{MENUS, MenuSeed};
use crate::entity::{menu, param, role_menu};

const MENU_CODES: &str = "tenant.default.menuCode";

fn custom(e: impl std::fmt::Display) -> DbErr {
    DbErr::Custom(e.to_string())
}

async fn live_menu<C: ConnectionTrait>(db: &C, code: &str) -> Result<Option<menu::Model>, DbErr> {
    menu::Entity::find().filter(menu::Column::Code.eq(code)).filter(menu::Column::IsDeleted.eq(0)).one(db).await
}

fn find_seed<'a>(menus: &'a [MenuSeed], code: &str) -> Option<&'a MenuSeed> {
    menus.iter().find_map(|m| if m.code == code { Some(m) } else { find_seed(m.children, code) })
}

/// The ids of the installed menu `code` and its buttons; none when it is not installed.
pub async fn menu_and_buttons<C: ConnectionTrait>(db: &C, code: &str) -> Result<Vec<i64>, DbErr> {
    let Some(top) = live_menu(db, code).await? else { return Ok(Vec::new()) };
    let mut ids: Vec<i64> =
        menu::Entity::find().filter(menu::Column::ParentId.eq(top.id)).select_only().column(menu::Column::Id).into_tuple().all(db).await?;
    ids.push(top.id);
    Ok(ids)
}

/// Inserts the seeded menu `code` under the installed menu `parent` (`None`: at the top) and grants it with
/// its buttons to the roles holding `holders_of`; nothing when it is installed already or when the catalogue
/// (the `holders_of` menu) is not seeded yet.
pub async fn add<C: ConnectionTrait>(db: &C, code: &str, parent: Option<&str>, holders_of: &str) -> Result<(), DbErr> {
    let (Some(related), None) = (live_menu(db, holders_of).await?, live_menu(db, code).await?) else { return Ok(()) };
    let parent_id = match parent {
        None => 0,
        Some(p) => match live_menu(db, p).await? {
            Some(m) => m.id,
            None => return Ok(()),
        },
    };
    let seed = find_seed(MENUS, code).ok_or_else(|| custom(format!("seed data has no {code}")))?;
    crate::seed::insert_menu(db, seed, parent_id).await.map_err(custom)?;
    let ids = menu_and_buttons(db, code).await?;
    let holders = role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(related.id)).all(db).await?;
    let grants: Vec<role_menu::ActiveModel> = holders
        .iter()
        .flat_map(|h| {
            ids.iter().map(|&menu_id| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(menu_id), role_id: Set(h.role_id) })
        })
        .collect();
    if !grants.is_empty() {
        role_menu::Entity::insert_many(grants).exec(db).await?;
    }
    Ok(())
}

/// Removes the menu `code`, its buttons and their grants.
pub async fn remove<C: ConnectionTrait>(db: &C, code: &str) -> Result<(), DbErr> {
    let ids = menu_and_buttons(db, code).await?;
    role_menu::Entity::delete_many().filter(role_menu::Column::MenuId.is_in(ids.clone())).exec(db).await?;
    menu::Entity::delete_many().filter(menu::Column::Id.is_in(ids)).exec(db).await?;
    Ok(())
}

/// The list of menu codes with `code` inserted after `after` (or at the end), when it is missing; `None`
/// when nothing changes.
pub fn with_code(codes: &str, code: &str, after: &str) -> Option<String> {
    let mut list: Vec<&str> = codes.split(',').map(str::trim).filter(|c| !c.is_empty()).collect();
    if list.contains(&code) {
        return None;
    }
    let at = list.iter().position(|c| *c == after).map_or(list.len(), |i| i + 1);
    list.insert(at, code);
    Some(list.join(","))
}

/// The list of menu codes without `code`.
pub fn without_code(codes: &str, code: &str) -> String {
    codes.split(',').map(str::trim).filter(|c| !c.is_empty() && *c != code).collect::<Vec<_>>().join(",")
}

/// Rewrites the platform's `tenant.default.menuCode` with `change` (which answers `None` when the list is
/// already as wanted); nothing when the parameter is absent.
pub async fn rewrite_menu_codes<C: ConnectionTrait>(db: &C, change: impl FnOnce(&str) -> Option<String>) -> Result<(), DbErr> {
    let found = param::Entity::find()
        .filter(param::Column::TenantId.eq(PLATFORM_TENANT))
        .filter(param::Column::ParamKey.eq(MENU_CODES))
        .filter(param::Column::IsDeleted.eq(0))
        .one(db)
        .await?;
    if let Some(p) = found
        && let Some(value) = change(&p.param_value)
    {
        let mut row: param::ActiveModel = p.into();
        row.param_value = Set(value);
        row.update(db).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{with_code, without_code};

    #[test]
    fn a_menu_joins_the_new_administrators_list_once_after_its_neighbour() {
        assert_eq!(
            with_code("output_value,investment,resource", "notice", "investment").as_deref(),
            Some("output_value,investment,notice,resource")
        );
        assert_eq!(with_code("user, role", "notice", "investment").as_deref(), Some("user,role,notice"));
        assert_eq!(with_code("investment,notice,user", "notice", "investment"), None);
        assert_eq!(without_code("output_value,investment,notice,resource", "notice"), "output_value,investment,resource");
    }
}
