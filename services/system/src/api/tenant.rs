//! Tenants: the public `tenant/info` look-up of the login page, and the platform administrator's
//! `tenant/list`, `detail`, `select`, `submit`, `remove`, `setting` and `enable`. Each handler checks access,
//! parses, and calls `crate::tenants`.
use actix_web::web;
use keeper_common::fields;
use keeper_common::form::{IdQuery, IdsForm, targets};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::state::AppState;
use crate::tenants::form::{Expiry, TenantInput, check_quota, expiry};
use crate::tenants::view::{TenantOption, TenantView};
use crate::tenants::{self, STATUS_DISABLED, STATUS_ENABLED, repo::Filter};

pub fn routes(api: &mut Api) {
    // Reads need the platform tenant, writes its administrator (`tenants::require_*`).
    api.get("/tenant/info", info).summary("The tenant of a domain, before sign-in");
    api.get("/tenant/list", list).permission(&["tenant_view"]);
    api.get("/tenant/detail", detail).permission(&["tenant_view"]);
    api.get("/tenant/select", select).permission(&["tenant_view"]);
    let body = api.schema::<super::bodies::TenantBody>();
    api.post("/tenant/submit", submit).permission(&["tenant_add", "tenant_edit"]).administrator().body(JSON, body);
    api.post("/tenant/remove", remove).permission(&["tenant_delete"]).administrator();
    api.post("/tenant/setting", setting).permission(&["tenant_setting"]).administrator();
    api.post("/tenant/enable", enable).permission(&["tenant_edit"]).administrator();
}

#[derive(Deserialize, JsonSchema)]
struct DomainQuery {
    domain: Option<String>,
}

/// The tenant bound to the domain the login page was opened on, or `{}`.
async fn info(state: web::Data<AppState>, q: web::Query<DomainQuery>) -> Result<R<Value>, AppError> {
    let domain = q.domain.as_deref().map(str::trim).unwrap_or("");
    if domain.is_empty() {
        return Ok(R::data(json!({})));
    }
    Ok(R::data(match tenants::repo::enabled_by_domain(&state.db, domain).await? {
        Some(t) => json!({ "tenantId": t.tenant_id, "tenantName": t.tenant_name, "domain": t.domain, "backgroundUrl": t.background_url }),
        None => json!({}),
    }))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    tenant_id: Option<String>,
    tenant_name: Option<String>,
    linkman: Option<String>,
    contact_number: Option<String>,
    status: Option<String>,
}

impl ListQuery {
    fn parse(self) -> Result<Filter, AppError> {
        let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let status = match text(self.status) {
            None => None,
            Some(s) => Some(s.parse().map_err(|_| AppError::field("status", "应为整数"))?),
        };
        Ok(Filter {
            tenant_id: text(self.tenant_id),
            tenant_name: text(self.tenant_name),
            linkman: text(self.linkman),
            contact_number: text(self.contact_number),
            status,
        })
    }
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<TenantView>>, AppError> {
    tenants::require_read(&state, &me).await?;
    let req = page.validate(tenants::repo::SORTABLE)?;
    Ok(R::data(tenants::list(&state, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<TenantView>, AppError> {
    tenants::require_read(&state, &me).await?;
    Ok(R::data(tenants::detail(&state, q.parse()?).await?))
}

async fn select(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<TenantOption>>, AppError> {
    tenants::require_read(&state, &me).await?;
    Ok(R::data(tenants::options(&state).await?))
}

/// Creates a tenant with its administrator (no `id`), or updates it; answers the id (and the new code).
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    state.guard.require_administrator(&me)?;
    let input = TenantInput::from_json(&body)?;
    match input.id {
        None => {
            tenants::require_write(&state, &me, "tenant_add").await?;
            let (id, tenant_id) = tenants::create(&state, &me, input).await?;
            Ok(R::data(json!({ "id": id.to_string(), "tenantId": tenant_id })))
        }
        Some(id) => {
            tenants::require_write(&state, &me, "tenant_edit").await?;
            tenants::update(&state, &me, id, input).await?;
            Ok(R::data(json!({ "id": id.to_string() })))
        }
    }
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    tenants::require_write(&state, &me, "tenant_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": tenants::remove(&state, &me, &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SettingForm {
    ids: String,
    account_number: Option<String>,
    /// Absent keeps the expiry, empty clears it (never expires).
    expire_time: Option<String>,
}

async fn setting(state: web::Data<AppState>, me: CurrentUser, form: web::Form<SettingForm>) -> Result<R<Value>, AppError> {
    tenants::require_write(&state, &me, "tenant_setting").await?;
    let f = form.into_inner();
    let ids = targets("ids", &f.ids)?;
    // The sent fields as a body, read by the same readers as `tenant/submit`'s.
    let sent: Map<String, Value> = [("accountNumber", f.account_number), ("expireTime", f.expire_time)]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_string(), Value::String(v))))
        .collect();
    let quota = check_quota("accountNumber", fields::int(&sent, "accountNumber")?)?;
    let quota = quota.ok_or_else(|| AppError::field("accountNumber", "不能为空"))?;
    let expiry: Expiry = expiry("expireTime", sent.get("expireTime"))?;
    Ok(R::data(json!({ "count": tenants::setting(&state, &me, &ids, quota, expiry).await? })))
}

#[derive(Deserialize, JsonSchema)]
struct EnableForm {
    ids: String,
    /// 1 = enable, 2 = disable.
    status: String,
}

async fn enable(state: web::Data<AppState>, me: CurrentUser, form: web::Form<EnableForm>) -> Result<R<Value>, AppError> {
    tenants::require_write(&state, &me, "tenant_edit").await?;
    let ids = targets("ids", &form.ids)?;
    let status = match form.status.trim().parse() {
        Ok(s) if s == STATUS_ENABLED || s == STATUS_DISABLED => s,
        _ => return Err(AppError::field("status", "取值应为 1(启用) 或 2(停用)")),
    };
    Ok(R::data(json!({ "count": tenants::enable(&state, &me, &ids, status).await? })))
}
