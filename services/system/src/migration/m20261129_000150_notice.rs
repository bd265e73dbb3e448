//! Notices (通知公告, issue 18) for installations seeded before them: the `notice` menu with its buttons,
//! granted to the roles that manage users (each tenant's administrators, who decide who else writes
//! notices); the business dictionary 通知类别 for every tenant; and `notice` among the menus a new tenant's
//! administrator receives. A fresh database has no menus and no tenants yet when migrations run: the seed
//! brings all three there. Running it twice changes nothing.
use keeper_common::id::next_id;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use crate::builtin::MENUS;
use crate::entity::{menu, param, role_menu};

pub struct Migration;

const MENU: &str = "notice";
const DICT: &str = "notice_category";
/// The roles holding this menu receive the new one.
const HOLDERS_OF: &str = "user";
const MENU_CODES: &str = "tenant.default.menuCode";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261129_000150_notice"
    }
}

fn custom(e: impl std::fmt::Display) -> DbErr {
    DbErr::Custom(e.to_string())
}

async fn live_menu<C: sea_orm::ConnectionTrait>(db: &C, code: &str) -> Result<Option<menu::Model>, DbErr> {
    menu::Entity::find().filter(menu::Column::Code.eq(code)).filter(menu::Column::IsDeleted.eq(0)).one(db).await
}

/// The ids of the notice menu and its buttons; none when it is not installed.
async fn menu_and_buttons<C: sea_orm::ConnectionTrait>(db: &C) -> Result<Vec<i64>, DbErr> {
    let Some(top) = live_menu(db, MENU).await? else { return Ok(Vec::new()) };
    let mut ids: Vec<i64> =
        menu::Entity::find().filter(menu::Column::ParentId.eq(top.id)).select_only().column(menu::Column::Id).into_tuple().all(db).await?;
    ids.push(top.id);
    Ok(ids)
}

/// The platform's list of a new administrator's menus, with `notice` added after `investment` (or at the
/// end) when it is missing; `None` when nothing changes.
fn with_notice(codes: &str) -> Option<String> {
    let mut list: Vec<&str> = codes.split(',').map(str::trim).filter(|c| !c.is_empty()).collect();
    if list.contains(&MENU) {
        return None;
    }
    let at = list.iter().position(|c| *c == "investment").map_or(list.len(), |i| i + 1);
    list.insert(at, MENU);
    Some(list.join(","))
}

fn without_notice(codes: &str) -> String {
    codes.split(',').map(str::trim).filter(|c| !c.is_empty() && *c != MENU).collect::<Vec<_>>().join(",")
}

/// Rewrites the platform's `tenant.default.menuCode` with `change` (which answers `None` when the list is
/// already as wanted); nothing when the parameter is absent.
async fn rewrite_menu_codes<C: sea_orm::ConnectionTrait>(db: &C, change: impl FnOnce(&str) -> Option<String>) -> Result<(), DbErr> {
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        // The menu, when the catalogue was seeded without it.
        if let (Some(holders_of), None) = (live_menu(db, HOLDERS_OF).await?, live_menu(db, MENU).await?) {
            let seed = MENUS.iter().find(|m| m.code == MENU).ok_or_else(|| custom(format!("seed data has no {MENU}")))?;
            crate::seed::insert_menu(db, seed, 0).await.map_err(custom)?;
            let ids = menu_and_buttons(db).await?;
            let holders = role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(holders_of.id)).all(db).await?;
            let grants: Vec<role_menu::ActiveModel> = holders
                .iter()
                .flat_map(|h| {
                    ids.iter().map(|&menu_id| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(menu_id), role_id: Set(h.role_id) })
                })
                .collect();
            if !grants.is_empty() {
                role_menu::Entity::insert_many(grants).exec(db).await?;
            }
        }
        super::new_dict::add(m, DICT).await?;
        // A new tenant's administrator receives the menu too.
        rewrite_menu_codes(db, with_notice).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let ids = menu_and_buttons(db).await?;
        role_menu::Entity::delete_many().filter(role_menu::Column::MenuId.is_in(ids.clone())).exec(db).await?;
        menu::Entity::delete_many().filter(menu::Column::Id.is_in(ids)).exec(db).await?;
        super::new_dict::remove(m, DICT).await?;
        rewrite_menu_codes(db, |v| Some(without_notice(v))).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use sea_orm_migration::{MigrationName, MigrationTrait, MigratorTrait, SchemaManager};

    use super::{MENU_CODES, with_notice, without_notice};
    use crate::entity::{dict_biz, menu, param, role_menu};
    use crate::migration::{Migrator, seeded};

    /// `(code, roles holding it)` of the notice menu and its buttons, in code order.
    async fn granted(db: &sea_orm::DatabaseConnection) -> Vec<(String, Vec<i64>)> {
        let mut out = Vec::new();
        for m in menu::Entity::find().filter(menu::Column::Code.starts_with("notice")).all(db).await.unwrap() {
            let mut roles: Vec<i64> = role_menu::Entity::find()
                .filter(role_menu::Column::MenuId.eq(m.id))
                .all(db)
                .await
                .unwrap()
                .iter()
                .map(|r| r.role_id)
                .collect();
            roles.sort();
            out.push((m.code, roles));
        }
        out.sort();
        out
    }

    async fn dict_rows(db: &sea_orm::DatabaseConnection) -> usize {
        dict_biz::Entity::find().filter(dict_biz::Column::Code.eq("notice_category")).all(db).await.unwrap().len()
    }

    async fn menu_codes(db: &sea_orm::DatabaseConnection) -> String {
        param::Entity::find().filter(param::Column::ParamKey.eq(MENU_CODES)).one(db).await.unwrap().unwrap().param_value
    }

    #[test]
    fn the_new_administrators_menus_gain_notice_once_after_investment() {
        assert_eq!(with_notice("output_value,investment,resource").as_deref(), Some("output_value,investment,notice,resource"));
        assert_eq!(with_notice("user, role").as_deref(), Some("user,role,notice"));
        assert_eq!(with_notice("investment,notice,user"), None);
        assert_eq!(without_notice("output_value,investment,notice,resource"), "output_value,investment,resource");
    }

    #[tokio::test]
    async fn an_installation_seeded_before_notices_gets_the_menu_granted_to_its_administrators_the_dictionary_and_the_default() {
        let installed = seeded::installation("notice-migration").await;
        let db = &installed.db;
        let seeded_grants = granted(db).await;
        assert_eq!(seeded_grants.len(), 8, "the menu and its seven buttons: {seeded_grants:?}");
        let admins = {
            let users = menu::Entity::find().filter(menu::Column::Code.eq("user")).one(db).await.unwrap().unwrap();
            let mut r: Vec<i64> = role_menu::Entity::find()
                .filter(role_menu::Column::MenuId.eq(users.id))
                .all(db)
                .await
                .unwrap()
                .iter()
                .map(|r| r.role_id)
                .collect();
            r.sort();
            r
        };
        assert!(!admins.is_empty());
        assert!(seeded_grants.iter().all(|(_, roles)| *roles == admins), "{seeded_grants:?}");
        assert_eq!(dict_rows(db).await, 6);
        let codes = menu_codes(db).await;
        assert!(codes.contains("investment,notice,"), "{codes}");

        seeded::undo_since(db, super::Migration.name()).await;
        assert!(granted(db).await.is_empty());
        assert_eq!(dict_rows(db).await, 0);
        assert!(!menu_codes(db).await.split(',').any(|c| c == "notice"));

        Migrator::up(db, None).await.unwrap();
        assert_eq!(granted(db).await, seeded_grants.iter().map(|(c, _)| (c.clone(), admins.clone())).collect::<Vec<_>>());
        assert_eq!(dict_rows(db).await, 6);
        assert_eq!(menu_codes(db).await, codes);
        // and running it again changes nothing
        super::Migration.up(&SchemaManager::new(db)).await.unwrap();
        assert_eq!(granted(db).await.len(), 8);
        assert_eq!(dict_rows(db).await, 6);
        assert_eq!(menu_codes(db).await, codes);
    }
}
