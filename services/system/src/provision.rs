//! Creating what a tenant needs to work: its administrator role with menus, root department, post,
//! business dictionaries and administrator account. Used by the first-start seed and by tenant creation.
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::builtin::{BUSINESS_DICTS, DictItemSeed, DictSeed};
use crate::entity::{dept, dict_biz, menu, post, role, role_menu, user};

pub struct NewTenantAdmin<'a> {
    pub tenant_id: &'a str,
    pub tenant_name: &'a str,
    pub role_name: &'a str,
    pub role_alias: &'a str,
    /// Menu codes granted with all their descendants; `None` grants every menu and button.
    pub menu_codes: Option<&'a [String]>,
    pub account: &'a str,
    pub real_name: &'a str,
    pub password_hash: &'a str,
    pub created_by: Option<i64>,
}

/// The lock row, role, root department, post and administrator account of a tenant. Returns the account's id.
pub async fn tenant_admin<C: ConnectionTrait>(db: &C, a: NewTenantAdmin<'_>) -> Result<i64, AppError> {
    let now = Utc::now();
    crate::tenant_lock::create(db, a.tenant_id).await?;
    let role_id = next_id();
    role::Entity::insert(role::ActiveModel {
        id: Set(role_id),
        tenant_id: Set(a.tenant_id.into()),
        parent_id: Set(0),
        role_name: Set(a.role_name.into()),
        sort: Set(1),
        role_alias: Set(a.role_alias.into()),
        remark: Set(String::new()),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    grant_menus(db, role_id, a.menu_codes).await?;
    let dept_id = next_id();
    dept::Entity::insert(dept::ActiveModel {
        id: Set(dept_id),
        tenant_id: Set(a.tenant_id.into()),
        parent_id: Set(0),
        ancestors: Set("0".into()),
        dept_category: Set(1),
        power_type: Set(1),
        dept_name: Set(a.tenant_name.chars().take(45).collect()),
        full_name: Set(a.tenant_name.chars().take(100).collect()),
        sort: Set(1),
        remark: Set(String::new()),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    let post_id = next_id();
    post::Entity::insert(post::ActiveModel {
        id: Set(post_id),
        tenant_id: Set(a.tenant_id.into()),
        category: Set(1),
        post_code: Set("ceo".into()),
        post_name: Set("首席执行官".into()),
        sort: Set(1),
        remark: Set(String::new()),
        create_user: Set(a.created_by),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(a.created_by),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    account(
        db,
        NewAccount {
            tenant_id: a.tenant_id,
            code: "",
            account: a.account,
            real_name: a.real_name,
            password_hash: a.password_hash,
            role_id,
            dept_id,
            post_id,
            created_by: a.created_by,
        },
    )
    .await
}

/// An active account of a tenant in one department, role and post.
pub struct NewAccount<'a> {
    pub tenant_id: &'a str,
    /// The staff number (编号), may be empty.
    pub code: &'a str,
    pub account: &'a str,
    pub real_name: &'a str,
    pub password_hash: &'a str,
    pub role_id: i64,
    pub dept_id: i64,
    pub post_id: i64,
    pub created_by: Option<i64>,
}

/// Writes an account; answers its id. The tenant administrator's is one, and tools that set up a tenant
/// make the others the same way.
pub async fn account<C: ConnectionTrait>(db: &C, a: NewAccount<'_>) -> Result<i64, AppError> {
    let now = Utc::now();
    let user_id = next_id();
    user::Entity::insert(user::ActiveModel {
        id: Set(user_id),
        tenant_id: Set(a.tenant_id.into()),
        code: Set(a.code.into()),
        user_type: Set(1),
        account: Set(a.account.into()),
        password: Set(a.password_hash.into()),
        name: Set(a.real_name.into()),
        real_name: Set(a.real_name.into()),
        avatar: Set(String::new()),
        email: Set(String::new()),
        phone: Set(String::new()),
        birthday: Set(None),
        sex: Set(0),
        role_id: Set(a.role_id.to_string()),
        dept_id: Set(a.dept_id.to_string()),
        post_id: Set(a.post_id.to_string()),
        create_user: Set(a.created_by),
        create_dept: Set(Some(a.dept_id)),
        create_time: Set(now),
        update_user: Set(a.created_by),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    Ok(user_id)
}

/// Grants the menus with the given codes and all their descendants (buttons included).
pub async fn grant_menus<C: ConnectionTrait>(db: &C, role_id: i64, codes: Option<&[String]>) -> Result<(), AppError> {
    let all = menu::Entity::find().filter(menu::Column::IsDeleted.eq(0)).all(db).await?;
    let roots: Vec<i64> = match codes {
        None => all.iter().map(|m| m.id).collect(),
        Some(codes) => all.iter().filter(|m| codes.iter().any(|c| c == &m.code)).map(|m| m.id).collect(),
    };
    let chosen = keeper_common::tree::with_descendants(roots, all.iter().map(|m| (m.id, m.parent_id)));
    let rows: Vec<role_menu::ActiveModel> = chosen
        .into_iter()
        .map(|menu_id| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(menu_id), role_id: Set(role_id) })
        .collect();
    for chunk in rows.chunks(200) {
        role_menu::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    Ok(())
}

/// Writes the seed business dictionaries for a tenant (top row per code, then items and sub-items).
pub async fn business_dicts<C: ConnectionTrait>(db: &C, tenant_id: &str) -> Result<(), AppError> {
    seed_dicts(db, tenant_id, BUSINESS_DICTS).await
}

/// Writes some seed business dictionaries for a tenant (also a dictionary added to the catalogue after
/// the tenant was created).
pub async fn seed_dicts<C: ConnectionTrait>(db: &C, tenant_id: &str, dicts: &[DictSeed]) -> Result<(), AppError> {
    let mut rows = Vec::new();
    for d in dicts {
        let top = next_id();
        rows.push(biz_row(tenant_id, top, 0, d.code, "-1", d.name, 0));
        push_items(&mut rows, tenant_id, top, d.code, d.items);
    }
    for chunk in rows.chunks(200) {
        dict_biz::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    Ok(())
}

fn push_items(rows: &mut Vec<dict_biz::ActiveModel>, tenant_id: &str, parent: i64, code: &str, items: &[DictItemSeed]) {
    for (i, item) in items.iter().enumerate() {
        let id = next_id();
        rows.push(biz_row(tenant_id, id, parent, code, item.key, item.value, i as i32 + 1));
        push_items(rows, tenant_id, id, code, item.children);
    }
}

fn biz_row(tenant_id: &str, id: i64, parent: i64, code: &str, key: &str, value: &str, sort: i32) -> dict_biz::ActiveModel {
    dict_biz::ActiveModel {
        id: Set(id),
        tenant_id: Set(tenant_id.into()),
        parent_id: Set(parent),
        code: Set(code.into()),
        dict_key: Set(key.into()),
        dict_value: Set(value.into()),
        sort: Set(sort),
        remark: Set(String::new()),
        is_sealed: Set(0),
        is_deleted: Set(0),
    }
}
