//! `POST /oauth/token`: the password, captcha and refresh_token grants (api-contract §2.1).
//! Every failure is the flat `{error_code, error_description}` with a Chinese message.
use std::collections::HashMap;

use actix_web::{HttpRequest, HttpResponse, http::StatusCode};
use chrono::Utc;
use keeper_client::dto::{LoginContext, LoginLogEntry, LoginUser, OAuthClient, PasswordUpgrade};
use keeper_common::AppError;
use keeper_security::claims::{ACCESS_TOKEN, AUDIENCE, Claims, ISSUER, PLATFORM_TENANT};
use keeper_security::password::{self, Verdict};
use serde_json::json;

use crate::lockout::{self, Lockout};
use crate::sessions::{NewSession, RefreshOutcome};
use crate::state::AppState;

/// A refused token request: HTTP status and the message shown to the person signing in.
#[derive(Debug)]
pub struct TokenError {
    pub status: u16,
    pub msg: String,
    /// A session this refusal ended (a replayed refresh token), told to the gateway in
    /// `keeper_security::session::ENDED_HEADER` so that it stops accepting the session's access token
    /// at once instead of after its one-second cache.
    pub ended: Option<String>,
}

impl TokenError {
    pub fn new(status: u16, msg: impl Into<String>) -> Self {
        TokenError { status, msg: msg.into(), ended: None }
    }
    fn bad(msg: &str) -> Self {
        TokenError::new(400, msg)
    }
    pub fn into_response(self) -> HttpResponse {
        let mut res = HttpResponse::build(StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST));
        if let Some(sid) = &self.ended {
            res.insert_header((keeper_security::session::ENDED_HEADER, sid.as_str()));
        }
        res.json(json!({ "error_code": self.status, "error_description": self.msg }))
    }
}

impl From<AppError> for TokenError {
    fn from(e: AppError) -> Self {
        match e {
            AppError::Internal(err) => {
                tracing::error!(error = ?err, "token endpoint failed");
                TokenError::new(500, "服务器异常")
            }
            other => TokenError::new(other.code(), other.to_string()),
        }
    }
}

/// The request's parameters: query string and form body merged (the body wins), plus headers.
pub struct TokenRequest {
    params: HashMap<String, String>,
    headers: HashMap<String, String>,
    pub ip: String,
    pub user_agent: String,
}

impl TokenRequest {
    pub fn parse(req: &HttpRequest, body: &[u8]) -> Result<Self, TokenError> {
        let mut params: HashMap<String, String> = serde_urlencoded::from_str::<Vec<(String, String)>>(req.query_string())
            .map_err(|_| TokenError::bad("请求参数格式错误"))?
            .into_iter()
            .collect();
        let is_form = req
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
        if is_form && !body.is_empty() {
            let form = serde_urlencoded::from_bytes::<Vec<(String, String)>>(body).map_err(|_| TokenError::bad("表单格式错误"))?;
            params.extend(form);
        }
        let headers =
            req.headers().iter().filter_map(|(k, v)| v.to_str().ok().map(|v| (k.as_str().to_ascii_lowercase(), v.to_string()))).collect();
        Ok(TokenRequest {
            params,
            headers,
            ip: client_ip(req),
            user_agent: req.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("").to_string(),
        })
    }

    fn param(&self, names: &[&str]) -> String {
        names.iter().find_map(|n| self.params.get(*n)).map(|s| s.trim().to_string()).unwrap_or_default()
    }
    fn header(&self, name: &str) -> String {
        self.headers.get(name).map(|s| s.trim().to_string()).unwrap_or_default()
    }
}

/// Checks `Authorization: Basic base64(id:secret)` against the client registry.
async fn authenticate_client(state: &AppState, req: &TokenRequest) -> Result<OAuthClient, TokenError> {
    let refused = || TokenError::new(401, "客户端认证失败!");
    let (id, secret) = keeper_security::token::parse_basic(&req.header("authorization")).ok_or_else(refused)?;
    let client = state.client(&id).await?.ok_or_else(refused)?;
    if !password::verify_client_secret(&secret, &client.secret_hash) {
        return Err(refused());
    }
    Ok(with_lifetimes(client, &state.settings))
}

/// Token lifetimes come from the client's row, so each application gets its own (api-contract §2.2). The
/// global settings only stand in for a value the row does not give (zero or negative): they are not an upper
/// bound, because an administrator who sets a client's lifetime expects exactly that, and the session check
/// on every request already ends a long-lived access token at logout or revocation.
fn with_lifetimes(mut client: OAuthClient, settings: &keeper_common::config::Settings) -> OAuthClient {
    if client.access_token_validity <= 0 {
        client.access_token_validity = settings.access_token_ttl;
    }
    if client.refresh_token_validity <= 0 {
        client.refresh_token_validity = settings.refresh_token_ttl;
    }
    client
}

pub async fn token(state: &AppState, req: TokenRequest) -> Result<HttpResponse, TokenError> {
    let client = authenticate_client(state, &req).await?;
    let grant = match req.param(&["grant_type", "grantType"]) {
        g if g.is_empty() => "password".to_string(),
        g => g,
    };
    if !client.grant_types.iter().any(|g| g == &grant) {
        return Err(TokenError::bad("不支持的授权类型"));
    }
    match grant.as_str() {
        "password" | "captcha" => password_grant(state, &req, &client, &grant).await,
        "refresh_token" => refresh_grant(state, &req, &client).await,
        _ => Err(TokenError::bad("不支持的授权类型")),
    }
}

async fn password_grant(state: &AppState, req: &TokenRequest, client: &OAuthClient, grant: &str) -> Result<HttpResponse, TokenError> {
    let tenant_id = match req.header("tenant-id") {
        t if t.is_empty() => req.param(&["tenantId", "tenant_id"]),
        t => t,
    };
    let account = req.param(&["username", "account"]);
    let md5 = req.param(&["password"]).to_ascii_lowercase();
    let mut log = LoginLogEntry {
        tenant_id: tenant_id.clone(),
        account: account.clone(),
        user_id: None,
        success: false,
        message: String::new(),
        grant_type: grant.into(),
        client_id: client.client_id.clone(),
        ip: req.ip.clone(),
        user_agent: req.user_agent.clone(),
        time: Utc::now(),
    };
    let outcome = decide_login(state, req, &tenant_id, &account, &md5).await;
    match outcome {
        Ok((user, ctx_tenant)) => {
            log.user_id = Some(user.id);
            log.success = true;
            log.message = "登录成功".into();
            spawn_login_log(state, log);
            let (sess, refresh) = state
                .sessions()
                .create(
                    NewSession {
                        tenant_id: &ctx_tenant,
                        user_id: user.id,
                        client_id: &client.client_id,
                        ip: &req.ip,
                        user_agent: &req.user_agent,
                        lifetime_secs: client.refresh_token_validity,
                    },
                    Utc::now(),
                )
                .await?;
            Ok(token_reply(state, &user, client, &sess.id, &refresh)?)
        }
        Err(e) => {
            log.message = e.msg.clone();
            spawn_login_log(state, log);
            Err(e)
        }
    }
}

/// All the checks of a sign-in, in the contract's order. Failures count towards the lockout.
async fn decide_login(
    state: &AppState,
    req: &TokenRequest,
    tenant_id: &str,
    account: &str,
    md5: &str,
) -> Result<(LoginUser, String), TokenError> {
    if state.settings.captcha {
        let ok = state.captcha.check(&req.header("captcha-key"), &req.header("captcha-code")).await?;
        if !ok {
            return Err(TokenError::bad("验证码不正确"));
        }
    }
    if tenant_id.is_empty() {
        return Err(TokenError::bad("租户ID未找到"));
    }
    if account.is_empty() || md5.is_empty() {
        return Err(TokenError::bad("请输入账号和密码"));
    }
    let ctx: LoginContext = state.system.login_context(tenant_id, account).await?;
    let lock = Lockout { db: &state.db, fail_count: ctx.params.fail_count, lock_minutes: ctx.params.lock_minutes };
    let now = Utc::now();
    let acct_key = lockout::account_key(tenant_id, account);
    let ip_key = lockout::ip_key(&req.ip);
    if lock.is_locked(&acct_key, now).await? || lock.is_locked(&ip_key, now).await? {
        return Err(TokenError::bad("登录错误次数过多,请稍后再试"));
    }
    let tenant = ctx.tenant.ok_or_else(|| TokenError::bad("未获得用户的租户信息"))?;
    check_tenant(&tenant)?;
    let verdict = match (&ctx.user, password::is_md5_hex(md5)) {
        (Some(u), true) => password::verify(md5, &u.password_hash).await?,
        _ => {
            // Same cost as a real check, so response time does not reveal which accounts exist.
            let _ = password::verify(md5, &state.dummy_hash).await?;
            Verdict::Mismatch
        }
    };
    if verdict == Verdict::Mismatch {
        lock.record_failure(&acct_key, false, now).await?;
        lock.record_failure(&ip_key, true, now).await?;
        return Err(TokenError::bad("用户名或密码不正确"));
    }
    let user = ctx.user.expect("matched a password, so the user exists");
    lock.clear(&acct_key).await?;
    if verdict == Verdict::MatchLegacy {
        let hash = password::hash(md5, state.settings.bcrypt_cost).await?;
        state.system.upgrade_password(&PasswordUpgrade { user_id: user.id, password_hash: hash }).await?;
    }
    check_user(&user)?;
    Ok((user, tenant.tenant_id))
}

fn check_tenant(t: &keeper_client::dto::TenantInfo) -> Result<(), TokenError> {
    if t.tenant_id == PLATFORM_TENANT {
        return Ok(());
    }
    if t.status != 1 {
        return Err(TokenError::bad("租户已被停用,请联系管理员"));
    }
    if t.expire_time.is_some_and(|e| e < Utc::now()) {
        return Err(TokenError::bad("租户授权已过期,请联系管理员"));
    }
    Ok(())
}

fn check_user(u: &LoginUser) -> Result<(), TokenError> {
    match u.status {
        1 => {}
        3 => return Err(TokenError::bad("账号正在等待管理员审核")),
        _ => return Err(TokenError::bad("用户已被停用,请联系管理员")),
    }
    if u.role_ids.is_empty() {
        return Err(TokenError::bad("未获得用户的角色信息"));
    }
    Ok(())
}

async fn refresh_grant(state: &AppState, req: &TokenRequest, client: &OAuthClient) -> Result<HttpResponse, TokenError> {
    let token = req.param(&["refresh_token", "refreshToken"]);
    if token.is_empty() {
        return Err(TokenError::bad("令牌授权已过期"));
    }
    let now = Utc::now();
    let (sess, refresh) = match state.sessions().rotate(&token, now).await? {
        RefreshOutcome::Invalid => return Err(TokenError::new(401, "令牌授权已过期")),
        RefreshOutcome::Reused { session_id } => {
            return Err(TokenError {
                ended: Some(session_id), ..TokenError::new(401, "令牌已被使用,会话已结束,请重新登录")
            });
        }
        RefreshOutcome::Rotated { session, refresh_token } => (session, refresh_token),
    };
    if sess.client_id != client.client_id {
        state.sessions().end(std::slice::from_ref(&sess.id), "refresh by another client", now).await?;
        return Err(TokenError { ended: Some(sess.id.clone()), ..TokenError::new(401, "令牌授权已过期") });
    }
    // Roles, tenant state and the account state are read again: a refresh never extends stale rights.
    let ctx = state.system.login_context_by_id(sess.user_id).await?;
    let verdict = match (&ctx.tenant, &ctx.user) {
        (Some(t), Some(u)) => check_tenant(t).and_then(|_| check_user(u)).map(|_| u.clone()),
        _ => Err(TokenError::bad("未获得用户的租户信息")),
    };
    match verdict {
        Ok(user) => Ok(token_reply(state, &user, client, &sess.id, &refresh)?),
        Err(e) => {
            state.sessions().end(std::slice::from_ref(&sess.id), "refresh refused", now).await?;
            Err(e)
        }
    }
}

fn token_reply(state: &AppState, user: &LoginUser, client: &OAuthClient, sid: &str, refresh: &str) -> Result<HttpResponse, AppError> {
    let now = Utc::now().timestamp();
    let jti = uuid::Uuid::new_v4().to_string();
    let claims = Claims {
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
        token_type: ACCESS_TOKEN.into(),
        tenant_id: user.tenant_id.clone(),
        user_id: user.id.to_string(),
        dept_id: keeper_common::id::join(&user.dept_ids),
        post_id: keeper_common::id::join(&user.post_ids),
        role_id: keeper_common::id::join(&user.role_ids),
        role_name: user.role_aliases.join(","),
        account: user.account.clone(),
        user_name: user.account.clone(),
        nick_name: user.real_name.clone(),
        client_id: client.client_id.clone(),
        sid: sid.into(),
        jti: jti.clone(),
        iat: now,
        nbf: now,
        exp: now + client.access_token_validity,
    };
    let access = state.keys.sign(&claims)?;
    Ok(HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(json!({
        "access_token": access,
        "token_type": "bearer",
        "refresh_token": refresh,
        "expires_in": client.access_token_validity,
        "refresh_expires_in": client.refresh_token_validity,
        "scope": "all",
        "jti": jti,
        "client_id": client.client_id,
        "tenant_id": user.tenant_id,
        "user_id": user.id.to_string(),
        "dept_id": claims.dept_id,
        "post_id": claims.post_id,
        "role_id": claims.role_id,
        "oauth_id": "",
        "account": user.account,
        "user_name": user.account,
        "nick_name": user.real_name,
        "real_name": user.real_name,
        "role_name": claims.role_name,
        "avatar": user.avatar,
        "detail": { "type": "web" },
        "license": "powered by keeper",
    })))
}

/// The login log lives in the system service; a slow or absent log store never delays a sign-in. While
/// the system service is unreachable the entry is offered again, for about a minute, so a restart of it
/// loses no sign-in.
fn spawn_login_log(state: &AppState, entry: LoginLogEntry) {
    let system = state.system.clone();
    actix_web::rt::spawn(async move {
        let mut wait = std::time::Duration::from_secs(1);
        loop {
            match system.record_login(&entry).await {
                Ok(_) => return,
                Err(AppError::Unavailable(e)) if wait <= std::time::Duration::from_secs(32) => {
                    tracing::debug!(error = %e, "login log store unreachable; retrying");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                Err(e) => {
                    tracing::warn!(error = %e, account = entry.account, "login log not written");
                    return;
                }
            }
        }
    });
}

/// The caller's address: the gateway puts the peer it saw in `X-Real-IP`.
fn client_ip(req: &HttpRequest) -> String {
    req.headers()
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.peer_addr().map(|a| a.ip().to_string()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(access: i64, refresh: i64) -> OAuthClient {
        OAuthClient {
            client_id: "app".into(),
            secret_hash: String::new(),
            grant_types: vec!["password".into()],
            access_token_validity: access,
            refresh_token_validity: refresh,
        }
    }

    #[test]
    fn a_clients_own_lifetimes_win_and_the_settings_fill_in_missing_ones() {
        let env = [("KEEPER_ACCESS_TOKEN_TTL", "900"), ("KEEPER_REFRESH_TOKEN_TTL", "9000")];
        let settings =
            keeper_common::config::Settings::from_parts(None, env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()).unwrap();
        let own = with_lifetimes(client(60, 7200), &settings);
        assert_eq!((own.access_token_validity, own.refresh_token_validity), (60, 7200));
        let longer = with_lifetimes(client(86_400, 2_592_000), &settings);
        assert_eq!((longer.access_token_validity, longer.refresh_token_validity), (86_400, 2_592_000));
        let unset = with_lifetimes(client(0, -1), &settings);
        assert_eq!((unset.access_token_validity, unset.refresh_token_validity), (900, 9000));
    }
}
