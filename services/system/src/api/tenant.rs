//! Tenants: the public `tenant/info` look-up of the login page, and creation by the platform administrator.
use actix_web::web;
use chrono::Utc;
use keeper_common::id::next_id;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::entity::{param, tenant};
use crate::provision::{self, NewTenantAdmin};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tenant/info", web::get().to(info)).route("/tenant/submit", web::post().to(submit));
}

#[derive(Deserialize)]
struct DomainQuery {
    domain: Option<String>,
}

/// The tenant bound to the domain the login page was opened on, or `{}`.
async fn info(state: web::Data<AppState>, q: web::Query<DomainQuery>) -> Result<R<Value>, AppError> {
    let domain = q.domain.as_deref().map(str::trim).unwrap_or("");
    if domain.is_empty() {
        return Ok(R::data(json!({})));
    }
    let t = tenant::Entity::find()
        .filter(tenant::Column::Domain.eq(domain))
        .filter(tenant::Column::IsDeleted.eq(0))
        .filter(tenant::Column::Status.eq(1))
        .one(&state.db)
        .await?;
    Ok(R::data(match t {
        Some(t) => json!({ "tenantId": t.tenant_id, "tenantName": t.tenant_name, "domain": t.domain, "backgroundUrl": t.background_url }),
        None => json!({}),
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TenantForm {
    #[serde(default, with = "keeper_common::id::opt_string")]
    id: Option<i64>,
    tenant_name: Option<String>,
    domain: Option<String>,
    linkman: Option<String>,
    contact_number: Option<String>,
    address: Option<String>,
    account_number: Option<i32>,
    #[serde(default, with = "keeper_common::time::opt_local")]
    expire_time: Option<chrono::DateTime<Utc>>,
    admin_account: Option<String>,
    /// md5 hex of the new administrator's password, like every password on the wire.
    admin_password: Option<String>,
}

fn limited(field: &str, v: &Option<String>, max: usize, required: bool) -> Result<String, AppError> {
    let s = v.as_deref().map(str::trim).unwrap_or("").to_string();
    if required && s.is_empty() {
        return Err(AppError::field(field, "不能为空"));
    }
    if s.chars().count() > max {
        return Err(AppError::field(field, format!("长度不能超过 {max} 个字符")));
    }
    Ok(s)
}

/// Creates a tenant with its administrator (no `id`), or updates its descriptive fields.
async fn submit(state: web::Data<AppState>, user: CurrentUser, body: web::Json<TenantForm>) -> Result<R<Value>, AppError> {
    state.guard.require_administrator(&user)?;
    let f = body.into_inner();
    let name = limited("tenantName", &f.tenant_name, 50, true)?;
    let domain = limited("domain", &f.domain, 255, false)?;
    let linkman = limited("linkman", &f.linkman, 20, false)?;
    let phone = limited("contactNumber", &f.contact_number, 20, false)?;
    let address = limited("address", &f.address, 255, false)?;
    let now = Utc::now();
    if let Some(id) = f.id {
        let existing =
            tenant::Entity::find_by_id(id).filter(tenant::Column::IsDeleted.eq(0)).one(&state.db).await?.ok_or_else(AppError::not_found)?;
        let mut a: tenant::ActiveModel = existing.into();
        a.tenant_name = Set(name);
        a.domain = Set(domain);
        a.linkman = Set(linkman);
        a.contact_number = Set(phone);
        a.address = Set(address);
        if let Some(n) = f.account_number {
            a.account_number = Set(n);
        }
        a.expire_time = Set(f.expire_time);
        a.update_user = Set(Some(user.user_id));
        a.update_time = Set(now);
        sea_orm::ActiveModelTrait::update(a, &state.db).await?;
        return Ok(R::data(json!({ "id": id.to_string() })));
    }
    let account = limited("adminAccount", &f.admin_account, 45, false)?;
    let account = if account.is_empty() { "admin".to_string() } else { account };
    let pw = f.admin_password.as_deref().unwrap_or("").to_ascii_lowercase();
    if !keeper_security::password::is_md5_hex(&pw) {
        return Err(AppError::field("adminPassword", "请设置管理员密码"));
    }
    let hash = keeper_security::password::hash(&pw, state.settings.bcrypt_cost).await?;
    let default_quota = param_value(&state, "tenant.default.accountNumber").await?.and_then(|v| v.parse().ok()).unwrap_or(-1);
    let menu_codes: Vec<String> = param_value(&state, "tenant.default.menuCode")
        .await?
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let txn = state.db.begin().await?;
    let tenant_id = unused_tenant_id(&txn).await?;
    let id = next_id();
    tenant::Entity::insert(tenant::ActiveModel {
        id: Set(id),
        tenant_id: Set(tenant_id.clone()),
        tenant_name: Set(name.clone()),
        domain: Set(domain),
        background_url: Set(String::new()),
        linkman: Set(linkman),
        contact_number: Set(phone),
        address: Set(address),
        account_number: Set(f.account_number.unwrap_or(default_quota)),
        expire_time: Set(f.expire_time),
        package_id: Set(None),
        create_user: Set(Some(user.user_id)),
        create_dept: Set(user.dept_ids.first().copied()),
        create_time: Set(now),
        update_user: Set(Some(user.user_id)),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(&txn)
    .await?;
    provision::tenant_admin(
        &txn,
        NewTenantAdmin {
            tenant_id: &tenant_id,
            tenant_name: &name,
            role_name: "管理员",
            role_alias: "admin",
            menu_codes: Some(&menu_codes),
            account: &account,
            real_name: "管理员",
            password_hash: &hash,
            created_by: Some(user.user_id),
        },
    )
    .await?;
    provision::business_dicts(&txn, &tenant_id).await?;
    txn.commit().await?;
    Ok(R::data(json!({ "id": id.to_string(), "tenantId": tenant_id })))
}

pub async fn param_value(state: &AppState, key: &str) -> Result<Option<String>, AppError> {
    Ok(param::Entity::find()
        .filter(param::Column::ParamKey.eq(key))
        .filter(param::Column::IsDeleted.eq(0))
        .one(&state.db)
        .await?
        .map(|p| p.param_value))
}

/// A random six-digit code no tenant uses yet.
async fn unused_tenant_id<C: sea_orm::ConnectionTrait>(db: &C) -> Result<String, AppError> {
    for _ in 0..20 {
        let code = format!("{:06}", rand::random_range(100_000..1_000_000u32));
        if tenant::Entity::find().filter(tenant::Column::TenantId.eq(code.as_str())).count(db).await? == 0 {
            return Ok(code);
        }
    }
    Err(AppError::internal("no free tenant code after 20 tries"))
}
