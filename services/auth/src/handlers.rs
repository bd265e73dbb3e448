//! HTTP routes of the auth service: the public OAuth endpoints and the internal session and lockout API.
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::Utc;
use keeper_client::dto::{ClearLockout, Cleared, EndSessions, Ended, SessionState};
use keeper_common::openapi::{Api, FORM};
use keeper_common::{AppError, R};
use keeper_security::claims::{AUDIENCE, Claims};
use keeper_security::{CurrentUser, ServiceCaller};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use crate::grant::{self, TokenRequest};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    // The OAuth answers are the Blade contract's own shapes, not the envelope (api-contract §3).
    let form = api.schema::<TokenForm>();
    api.post("/oauth/token", token)
        .summary("Sign in (password or captcha grant) or renew a session (refresh_token grant)")
        .body(FORM, form)
        .header("Tenant-Id", "The tenant to sign in to (else the form's tenantId)")
        .header("Captcha-Key", "The key of the captcha shown, for the captcha grant")
        .header("Captcha-Code", "What the person read from it")
        .answer("application/json", token_answer())
        .failure(json!({
            "type": "object",
            "required": ["error_code", "error_description"],
            "properties": { "error_code": { "type": "integer" }, "error_description": { "type": "string" } }
        }));
    api.get("/oauth/captcha", captcha).summary("A new captcha image and its key").answer(
        "application/json",
        json!({
            "type": "object",
            "required": ["key", "image"],
            "properties": { "key": { "type": "string" }, "image": { "type": "string", "description": "data:image/png;base64,…" } }
        }),
    );
    let ended = json!({ "type": "object", "required": ["success", "msg"], "properties": { "success": { "const": "true" }, "msg": { "type": "string" } } });
    api.get("/oauth/logout", logout).summary("End the session of the presented token").answer("application/json", ended.clone());
    api.post("/oauth/logout", logout).summary("End the session of the presented token").answer("application/json", ended);
    api.get("/oauth/user-info", user_info).summary("The signed-in user as the token names them");
    api.internal("/internal/sessions/state", web::get().to(session_state));
    api.internal("/internal/sessions/end", web::post().to(end_sessions));
    api.internal("/internal/lockout/clear", web::post().to(clear_lockout));
    api.internal("/internal/captcha/peek", web::get().to(peek_captcha));
}

/// The token endpoint's form (it also reads the same names from the query string).
#[derive(JsonSchema)]
#[allow(dead_code)] // describes the form `TokenRequest` reads by name
struct TokenForm {
    /// `password` (the default), `captcha` or `refresh_token`.
    grant_type: Option<GrantType>,
    username: Option<String>,
    /// The MD5 hex digest of the password.
    password: Option<String>,
    #[serde(rename = "tenantId")]
    tenant_id: Option<String>,
    refresh_token: Option<String>,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum GrantType {
    Password,
    Captcha,
    RefreshToken,
}

/// A signed-in session, as Blade clients read it.
fn token_answer() -> serde_json::Value {
    let text = json!({ "type": "string" });
    let mut properties = serde_json::Map::new();
    for name in [
        "access_token",
        "token_type",
        "refresh_token",
        "scope",
        "jti",
        "client_id",
        "tenant_id",
        "user_id",
        "dept_id",
        "post_id",
        "role_id",
        "oauth_id",
        "account",
        "user_name",
        "nick_name",
        "real_name",
        "role_name",
        "avatar",
        "license",
    ] {
        properties.insert(name.into(), text.clone());
    }
    properties.insert("expires_in".into(), json!({ "type": "integer" }));
    properties.insert("refresh_expires_in".into(), json!({ "type": "integer" }));
    json!({ "type": "object", "required": ["access_token", "token_type", "refresh_token", "expires_in", "user_id", "tenant_id"], "properties": properties })
}

async fn token(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let result = match TokenRequest::parse(&req, &body) {
        Ok(r) => grant::token(&state, r).await,
        Err(e) => Err(e),
    };
    result.unwrap_or_else(|e| e.into_response())
}

async fn captcha(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let (key, image) = state.captcha.issue().await?;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(json!({ "key": key, "image": image })))
}

/// Ends the session of the presented token, even when the access token itself has expired.
async fn logout(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, AppError> {
    let mut res = HttpResponse::Ok();
    if let Some(jwt) = keeper_security::token::from_request(&req)
        && let Some(claims) = state.keys.verify_ignoring_expiry::<Claims>(&jwt, AUDIENCE)
    {
        state.sessions().end(std::slice::from_ref(&claims.sid), "logout", Utc::now()).await?;
        res.insert_header((keeper_security::session::ENDED_HEADER, claims.sid));
    }
    Ok(res.json(json!({ "success": "true", "msg": "success" })))
}

async fn user_info(user: CurrentUser) -> R<serde_json::Value> {
    let c = &user.claims;
    R::data(json!({
        "tenantId": c.tenant_id, "userId": c.user_id, "account": c.account, "userName": c.user_name,
        "nickName": c.nick_name, "roleId": c.role_id, "roleName": c.role_name, "deptId": c.dept_id,
        "postId": c.post_id, "clientId": c.client_id,
    }))
}

#[derive(Deserialize, JsonSchema)]
struct SidQuery {
    sid: String,
}

async fn session_state(_: ServiceCaller, state: web::Data<AppState>, q: web::Query<SidQuery>) -> Result<R<SessionState>, AppError> {
    Ok(R::data(SessionState { active: state.sessions().is_active(&q.sid, Utc::now()).await? }))
}

async fn end_sessions(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<EndSessions>) -> Result<R<Ended>, AppError> {
    let count = state
        .sessions()
        .end_matching(body.user_id, body.tenant_id.as_deref(), body.except_sid.as_deref(), &body.reason, Utc::now())
        .await?;
    Ok(R::data(Ended { count }))
}

/// An administrator's unlock: forgets the accounts' failure counters and locks. Address counters stay,
/// so unlocking an account does not also open the door to whoever was guessing from one address.
async fn clear_lockout(_: ServiceCaller, state: web::Data<AppState>, body: web::Json<ClearLockout>) -> Result<R<Cleared>, AppError> {
    if body.accounts.len() > 1000 {
        return Err(AppError::field("accounts", "一次最多 1000 个账号"));
    }
    Ok(R::data(Cleared { count: crate::lockout::clear_accounts(&state.db, &body.tenant_id, &body.accounts).await? }))
}

#[derive(Deserialize, JsonSchema)]
struct KeyQuery {
    key: String,
}

/// For automated tests of the captcha grant: only in the dev profile, only with a service token
/// (whoever holds the installation key can mint tokens anyway).
async fn peek_captcha(_: ServiceCaller, state: web::Data<AppState>, q: web::Query<KeyQuery>) -> Result<R<serde_json::Value>, AppError> {
    if state.settings.profile != keeper_common::config::Profile::Dev {
        return Err(AppError::not_found());
    }
    let text = state.captcha.peek(&q.key).await?.ok_or_else(AppError::not_found)?;
    Ok(R::data(json!({ "text": text })))
}

#[cfg(test)]
mod description_tests {
    /// Routes every signed-in user may call: no permission code guards them.
    const OPEN: &[&str] = &["/oauth/user-info"];

    #[test]
    fn every_route_is_described_with_its_permission_and_answer() {
        keeper_common::openapi::assert_described(super::routes, OPEN);
    }
}
