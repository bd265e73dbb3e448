//! Self-registration: `user/register` (public: the gateway lets it through without a token and rate-limits
//! it like sign-in) and the administrator's `user/audit` of the pending accounts it creates.
use actix_web::{HttpRequest, web};
use keeper_common::form::targets;
use keeper_common::openapi::{Api, FORM, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::state::AppState;
use crate::users::registration::{self, Registration, Verdict};
use crate::users::status;

pub fn routes(api: &mut Api) {
    // The same fields as a JSON object or a form (`body_fields`).
    let form = api.schema::<RegistrationForm>();
    api.post("/user/register", register)
        .summary("Ask for an account in a tenant; an administrator approves it with user/audit")
        .body(FORM, form.clone())
        .body(JSON, form);
    api.post("/user/audit", audit).permission(&["user_audit"]);
}

/// What `Registration::parse` reads, for the API description.
#[derive(JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct RegistrationForm {
    /// The tenant's numeric id.
    tenant_id: String,
    account: String,
    real_name: String,
    /// The MD5 hex digest of the password.
    password: String,
    phone: Option<String>,
    email: Option<String>,
}

/// The body as a JSON object or a urlencoded form (the sign-in page posts forms).
fn body_fields(req: &HttpRequest, body: &[u8]) -> Result<Map<String, Value>, AppError> {
    let json = req.headers().get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|c| c.starts_with("application/json"));
    if json {
        return match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(m)) => Ok(m),
            _ => Err(AppError::bad("请求体应为 JSON 对象")),
        };
    }
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).map_err(|_| AppError::bad("表单格式错误"))?;
    Ok(pairs.into_iter().map(|(k, v)| (k, Value::String(v))).collect())
}

/// Creates a pending account in the chosen tenant; answers its account name.
async fn register(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> Result<R<Value>, AppError> {
    let form = Registration::parse(&body_fields(&req, &body)?)?;
    let account = registration::register(&state, form).await?;
    Ok(R::data(json!({ "account": account, "status": status::PENDING })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct AuditForm {
    user_ids: String,
    /// 1 = approve, 2 = reject.
    status: String,
    /// Roles to give on approval (comma-joined), optional.
    role_ids: Option<String>,
}

async fn audit(state: web::Data<AppState>, me: CurrentUser, form: web::Form<AuditForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "user_audit").await?;
    let ids = targets("userIds", &form.user_ids)?;
    let verdict = match form.status.trim() {
        "1" => Verdict::Approve(Some(crate::users::form::held_ids("roleIds", form.role_ids.as_deref().unwrap_or(""))?)),
        "2" => Verdict::Reject,
        _ => return Err(AppError::field("status", "取值应为 1(通过) 或 2(驳回)")),
    };
    Ok(R::data(json!({ "count": registration::audit(&state, &me, &ids, verdict).await? })))
}
