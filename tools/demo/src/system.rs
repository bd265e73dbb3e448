//! A demo zone in the system service's tables: the tenant with its administrator, role, root department,
//! post and business dictionaries made by the service's own provisioning (`keeper_system::provision`, as
//! when a tenant is created), then the rest of the department tree, the roles with their grants and the
//! accounts. A second load removes every system row of the tenant first, in the same transaction.
use std::collections::HashSet;

use chrono::Utc;
use keeper_business::reference::{DICT_CODES, Reference};
use keeper_common::id::next_id;
use keeper_system::entity::{dept, menu, param, post, role, role_menu, role_scope, tenant, top_menu, top_menu_setting, user};
use keeper_system::provision::{self, NewAccount, NewTenantAdmin};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

use crate::zone::{Account, ROLES, RoleKind, Zone, ZonePlan};

/// The parameter that marks a tenant as made by this tool: only such a tenant is ever replaced, so that a
/// real tenant that happens to hold a demo code is never touched.
pub const MARKER_KEY: &str = "demo.generatedBy";
const MARKER_VALUE: &str = "keeper-demo";
/// The tenant parameter of the big screen's public widgets (business `data_analysis::setting`).
const BIG_SCREEN_KEY: &str = "business.dataAnalysis.widgets";

/// What a zone's tenant holds before a load.
pub struct Existing {
    /// The administrator's password hash, kept on a reload without `KEEPER_DEMO_PASSWORD`.
    pub admin_hash: Option<String>,
}

/// Whether the tenant may be (re)written: absent, or made by this tool. Answers what a reload keeps.
pub async fn existing<C: ConnectionTrait>(db: &C, tenant_id: &str) -> anyhow::Result<Existing> {
    let row = tenant::Entity::find().filter(tenant::Column::TenantId.eq(tenant_id)).one(db).await?;
    let marked = param::Entity::find()
        .filter(param::Column::TenantId.eq(tenant_id))
        .filter(param::Column::ParamKey.eq(MARKER_KEY))
        .one(db)
        .await?
        .is_some();
    if let Some(t) = row
        && !marked
    {
        anyhow::bail!("tenant {tenant_id} ({}) exists and was not made by `make demo`: it is left alone", t.tenant_name);
    }
    let admin = user::Entity::find()
        .filter(user::Column::TenantId.eq(tenant_id))
        .filter(user::Column::Account.eq("admin"))
        .filter(user::Column::IsDeleted.eq(0))
        .one(db)
        .await?;
    Ok(Existing { admin_hash: admin.map(|u| u.password) })
}

/// Removes every system row of the tenant (its lock row included: provisioning makes it again).
async fn clear<C: ConnectionTrait>(db: &C, tenant_id: &str) -> anyhow::Result<()> {
    // A write first: on SQLite the transaction then takes the write lock before reading anything, and
    // the tenant's writers in the services queue behind it as behind their own lock.
    let lock = Query::delete()
        .from_table(Alias::new(keeper_system::tenant_lock::TABLE))
        .and_where(Expr::col(Alias::new("tenant_id")).eq(tenant_id))
        .to_owned();
    db.execute(&lock).await?;
    let roles: Vec<i64> =
        role::Entity::find().filter(role::Column::TenantId.eq(tenant_id)).all(db).await?.into_iter().map(|r| r.id).collect();
    role_menu::Entity::delete_many().filter(role_menu::Column::RoleId.is_in(roles.clone())).exec(db).await?;
    role_scope::Entity::delete_many().filter(role_scope::Column::RoleId.is_in(roles)).exec(db).await?;
    let tops: Vec<i64> =
        top_menu::Entity::find().filter(top_menu::Column::TenantId.eq(tenant_id)).all(db).await?.into_iter().map(|t| t.id).collect();
    top_menu_setting::Entity::delete_many().filter(top_menu_setting::Column::TopMenuId.is_in(tops)).exec(db).await?;
    top_menu::Entity::delete_many().filter(top_menu::Column::TenantId.eq(tenant_id)).exec(db).await?;
    user::Entity::delete_many().filter(user::Column::TenantId.eq(tenant_id)).exec(db).await?;
    role::Entity::delete_many().filter(role::Column::TenantId.eq(tenant_id)).exec(db).await?;
    dept::Entity::delete_many().filter(dept::Column::TenantId.eq(tenant_id)).exec(db).await?;
    post::Entity::delete_many().filter(post::Column::TenantId.eq(tenant_id)).exec(db).await?;
    keeper_system::entity::dict_biz::Entity::delete_many()
        .filter(keeper_system::entity::dict_biz::Column::TenantId.eq(tenant_id))
        .exec(db)
        .await?;
    param::Entity::delete_many().filter(param::Column::TenantId.eq(tenant_id)).exec(db).await?;
    tenant::Entity::delete_many().filter(tenant::Column::TenantId.eq(tenant_id)).exec(db).await?;
    Ok(())
}

/// Replaces the zone's tenant in the system tables, all accounts with `password_hash`; answers the zone
/// with its ids.
pub async fn write(db: &DatabaseConnection, plan: ZonePlan, password_hash: &str) -> anyhow::Result<Zone> {
    let param = |key: &'static str| keeper_system::params::platform_default(db, key);
    let quota: i32 = param("tenant.default.accountNumber").await?.and_then(|v| v.trim().parse().ok()).unwrap_or(-1);
    let admin_menus: Vec<String> = param("tenant.default.menuCode")
        .await?
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let menus = menu::Entity::find().filter(menu::Column::IsDeleted.eq(0)).all(db).await?;
    let tenant_id = plan.tenant_id.clone();
    let now = Utc::now();
    let txn = db.begin().await?;
    clear(&txn, &tenant_id).await?;
    tenant::Entity::insert(tenant::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(tenant_id.clone()),
        tenant_name: Set(plan.name.clone()),
        domain: Set(String::new()),
        background_url: Set(String::new()),
        linkman: Set(plan.accounts[1].real_name.clone()),
        contact_number: Set(format!("{}-{}", plan.area_code, 63_000_000 + plan.index)),
        address: Set(format!("{}政务大道1号", plan.short_name)),
        account_number: Set(quota),
        expire_time: Set(None),
        package_id: Set(None),
        create_user: Set(None),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(None),
        update_time: Set(now),
        status: Set(keeper_system::tenants::STATUS_ENABLED),
        is_deleted: Set(0),
    })
    .exec(&txn)
    .await?;
    let admin_plan = &plan.accounts[0];
    let admin_id = provision::tenant_admin(
        &txn,
        NewTenantAdmin {
            tenant_id: &tenant_id,
            tenant_name: &plan.name,
            role_name: "管理员",
            role_alias: "admin",
            menu_codes: Some(&admin_menus),
            account: &admin_plan.account,
            real_name: &admin_plan.real_name,
            password_hash,
            created_by: None,
        },
    )
    .await?;
    provision::business_dicts(&txn, &tenant_id).await?;
    let admin = user::Entity::find_by_id(admin_id).one(&txn).await?.ok_or_else(|| anyhow::anyhow!("the administrator was not created"))?;
    // Provisioning made the root department, named after the tenant: it becomes the committee.
    let root: i64 = admin.dept_id.parse()?;
    let mut dept_ids = vec![root];
    dept::Entity::update_many()
        .col_expr(dept::Column::DeptName, plan.depts[0].name.clone().into())
        .col_expr(dept::Column::FullName, format!("{}管理委员会", plan.name).into())
        .filter(dept::Column::Id.eq(root))
        .exec(&txn)
        .await?;
    let mut ancestors = vec!["0".to_string()];
    for (i, d) in plan.depts.iter().enumerate().skip(1) {
        let parent = d.parent.unwrap_or(0);
        let id = next_id();
        let path = format!("{},{}", ancestors[parent], dept_ids[parent]);
        dept::Entity::insert(dept::ActiveModel {
            id: Set(id),
            tenant_id: Set(tenant_id.clone()),
            parent_id: Set(dept_ids[parent]),
            ancestors: Set(path.clone()),
            dept_category: Set(d.category()),
            power_type: Set(d.power_type()),
            dept_name: Set(d.name.clone()),
            full_name: Set(if d.parent == Some(0) { format!("{}{}", plan.short_name, d.name) } else { d.name.clone() }),
            sort: Set(i as i32),
            remark: Set(String::new()),
            is_deleted: Set(0),
        })
        .exec(&txn)
        .await?;
        dept_ids.push(id);
        ancestors.push(path);
    }
    let staff_post = next_id();
    insert_post(&txn, &tenant_id, staff_post, "staff", "业务专员", 3, admin_id).await?;
    let mut role_ids = vec![(RoleKind::Admin, admin.role_id.parse::<i64>()?)];
    for (n, r) in ROLES.iter().enumerate() {
        let id = next_id();
        role::Entity::insert(role::ActiveModel {
            id: Set(id),
            tenant_id: Set(tenant_id.clone()),
            parent_id: Set(0),
            role_name: Set(r.name.into()),
            sort: Set(n as i32 + 2),
            role_alias: Set(r.alias.into()),
            remark: Set(String::new()),
            is_deleted: Set(0),
        })
        .exec(&txn)
        .await?;
        grant(&txn, id, r.menus, r.buttons, &menus).await?;
        role_ids.push((r.kind, id));
    }
    let mut accounts = vec![Account {
        id: admin_id,
        account: admin_plan.account.clone(),
        real_name: admin_plan.real_name.clone(),
        dept: 0,
        role: RoleKind::Admin,
    }];
    for (n, a) in plan.accounts.iter().enumerate().skip(1) {
        let role_id = role_ids.iter().find(|(k, _)| *k == a.role).map(|(_, id)| *id).unwrap_or_default();
        let id = provision::account(
            &txn,
            NewAccount {
                tenant_id: &tenant_id,
                code: &format!("{:03}", n + 1),
                account: &a.account,
                real_name: &a.real_name,
                password_hash,
                role_id,
                dept_id: dept_ids[a.dept],
                post_id: staff_post,
                created_by: Some(admin_id),
            },
        )
        .await?;
        accounts.push(Account { id, account: a.account.clone(), real_name: a.real_name.clone(), dept: a.dept, role: a.role });
    }
    // The demo marker, and the zone's public big screen opened with every widget (issue 18).
    let params = [
        ("演示数据标记(make demo 会重建本租户)", MARKER_KEY, MARKER_VALUE),
        ("数据大屏公开内容", BIG_SCREEN_KEY, "all"),
    ];
    for (name, key, value) in params {
        param::Entity::insert(param::ActiveModel {
            id: Set(next_id()),
            tenant_id: Set(tenant_id.clone()),
            param_name: Set(name.into()),
            param_key: Set(key.into()),
            param_value: Set(value.into()),
            remark: Set(String::new()),
            create_user: Set(Some(admin_id)),
            create_dept: Set(Some(root)),
            create_time: Set(now),
            update_user: Set(Some(admin_id)),
            update_time: Set(now),
            status: Set(1),
            is_deleted: Set(0),
        })
        .exec(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(Zone { plan, dept_ids, accounts })
}

async fn insert_post<C: ConnectionTrait>(
    db: &C,
    tenant_id: &str,
    id: i64,
    code: &str,
    name: &str,
    category: i32,
    by: i64,
) -> anyhow::Result<()> {
    let now = Utc::now();
    post::Entity::insert(post::ActiveModel {
        id: Set(id),
        tenant_id: Set(tenant_id.into()),
        category: Set(category),
        post_code: Set(code.into()),
        post_name: Set(name.into()),
        sort: Set(2),
        remark: Set(String::new()),
        create_user: Set(Some(by)),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(Some(by)),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    Ok(())
}

/// Grants the menus `menus` with everything below them and the single buttons `buttons`, together with
/// the menus above both, so the role's grant tree reads as the role screen would save it. A code that is
/// not a live menu fails the load: the catalogue changed and the role must follow.
async fn grant<C: ConnectionTrait>(db: &C, role_id: i64, menus: &[&str], buttons: &[&str], all: &[menu::Model]) -> anyhow::Result<()> {
    let id_of = |code: &str| all.iter().find(|m| m.code == code).map(|m| m.id).ok_or_else(|| anyhow::anyhow!("no menu or button {code}"));
    let roots = menus.iter().map(|c| id_of(c)).collect::<anyhow::Result<Vec<_>>>()?;
    let edges = || all.iter().map(|m| (m.id, m.parent_id));
    let mut chosen: HashSet<i64> = keeper_common::tree::with_descendants(roots, edges());
    for b in buttons {
        chosen.insert(id_of(b)?);
    }
    let mut ids: Vec<i64> = keeper_common::tree::with_ancestors(chosen, edges()).into_iter().collect();
    ids.sort_unstable();
    let rows: Vec<role_menu::ActiveModel> = ids
        .into_iter()
        .map(|menu_id| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(menu_id), role_id: Set(role_id) })
        .collect();
    for chunk in rows.chunks(200) {
        role_menu::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    Ok(())
}

/// The tenant's departments and business dictionaries, read as the system service answers the business
/// service's `/internal/tenant-reference`: the reference every generated firm and project is checked
/// against, exactly as the business service checks a submitted form.
pub async fn reference<C: ConnectionTrait>(db: &C, tenant_id: &str) -> anyhow::Result<Reference> {
    Ok(Reference::new(keeper_system::reference::of_tenant(db, tenant_id, DICT_CODES).await?))
}
