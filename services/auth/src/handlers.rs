//! HTTP routes of the auth service: the public OAuth endpoints and the internal session and lockout API.
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::Utc;
use keeper_client::dto::{ClearLockout, Cleared, EndSessions, Ended, SessionState};
use keeper_common::{AppError, R};
use keeper_security::claims::{AUDIENCE, Claims};
use keeper_security::{CurrentUser, ServiceCaller};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::json;

use crate::entity::login_failure;
use crate::grant::{self, TokenRequest};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/oauth/token", web::post().to(token))
        .route("/oauth/captcha", web::get().to(captcha))
        .route("/oauth/logout", web::get().to(logout))
        .route("/oauth/logout", web::post().to(logout))
        .route("/oauth/user-info", web::get().to(user_info))
        .route("/internal/sessions/state", web::get().to(session_state))
        .route("/internal/sessions/end", web::post().to(end_sessions))
        .route("/internal/lockout/clear", web::post().to(clear_lockout))
        .route("/internal/captcha/peek", web::get().to(peek_captcha));
}

/// The caller's address: the gateway puts the peer it saw in `X-Real-IP`.
pub fn client_ip(req: &HttpRequest) -> String {
    req.headers()
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.peer_addr().map(|a| a.ip().to_string()))
        .unwrap_or_default()
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

#[derive(Deserialize)]
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
    let keys: Vec<String> = body.accounts.iter().map(|a| crate::lockout::account_key(&body.tenant_id, a)).collect();
    if keys.is_empty() {
        return Ok(R::data(Cleared { count: 0 }));
    }
    let done = login_failure::Entity::delete_many().filter(login_failure::Column::Id.is_in(keys)).exec(&state.db).await?;
    Ok(R::data(Cleared { count: done.rows_affected }))
}

#[derive(Deserialize)]
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
