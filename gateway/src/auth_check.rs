//! The first line of user authentication: `Keeper-Auth: bearer <jwt>` (or the `keeper-auth` query
//! parameter, in any case) must carry a valid, unexpired token whose session is still alive. Services
//! verify the token again; checking here keeps anonymous traffic off them and gives every service the
//! same answers (api-contract §3).
use actix_web::http::header::HeaderMap;
use keeper_common::AppError;
use keeper_security::{AuthContext, token};

use crate::reply::MSG_NO_TOKEN;

/// `Ok` when the request carries a live token. The error carries the reply: 401 with the reason
/// (missing, invalid or expired, revoked), or 503 when the session store cannot be asked.
pub async fn check(ctx: &AuthContext, headers: &HeaderMap, query: &str) -> Result<(), AppError> {
    // A value without the `bearer ` prefix counts as no token, as in Blade.
    let jwt = token::raw_value(headers, query).and_then(|v| token::strip_bearer(&v).map(str::to_string));
    let jwt = jwt.ok_or_else(|| AppError::Unauthorized(MSG_NO_TOKEN.into()))?;
    ctx.authenticate(&jwt).await.map(drop)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use actix_web::http::header::{HeaderName, HeaderValue};
    use async_trait::async_trait;
    use keeper_security::claims::{ACCESS_TOKEN, AUDIENCE, ISSUER};
    use keeper_security::{Claims, JwtKeys, SessionCheck};

    use super::*;

    struct Sessions;

    #[async_trait]
    impl SessionCheck for Sessions {
        async fn is_active(&self, sid: &str) -> Result<bool, AppError> {
            match sid {
                "live" => Ok(true),
                "down" => Err(AppError::Unavailable("服务暂不可用".into())),
                _ => Ok(false),
            }
        }
    }

    fn ctx() -> AuthContext {
        AuthContext { keys: JwtKeys::from_secret(&[7u8; 32]).unwrap(), sessions: Arc::new(Sessions) }
    }

    fn token(ctx: &AuthContext, sid: &str, ttl: i64) -> String {
        let now = chrono_now();
        let claims = Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            token_type: ACCESS_TOKEN.into(),
            tenant_id: "000000".into(),
            user_id: "1".into(),
            dept_id: String::new(),
            post_id: String::new(),
            role_id: String::new(),
            role_name: "administrator".into(),
            account: "admin".into(),
            user_name: String::new(),
            nick_name: String::new(),
            client_id: "sword".into(),
            sid: sid.into(),
            jti: "j".into(),
            iat: now - 10,
            nbf: now - 10,
            exp: now + ttl,
        };
        ctx.keys.sign(&claims).unwrap()
    }

    fn chrono_now() -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
    }

    fn header(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(HeaderName::from_static("keeper-auth"), HeaderValue::from_str(value).unwrap());
        h
    }

    fn reason(r: Result<(), AppError>) -> (u16, String) {
        let e = r.unwrap_err();
        (e.code(), e.to_string())
    }

    #[actix_web::test]
    async fn a_live_token_passes_in_the_header_or_the_query() {
        let ctx = ctx();
        let t = token(&ctx, "live", 60);
        assert!(check(&ctx, &header(&format!("bearer {t}")), "").await.is_ok());
        assert!(check(&ctx, &HeaderMap::new(), &format!("a=1&KEEPER-AUTH=bearer%20{t}")).await.is_ok());
    }

    #[actix_web::test]
    async fn each_failure_has_its_reason() {
        let ctx = ctx();
        let none = HeaderMap::new();
        assert_eq!(reason(check(&ctx, &none, "").await), (401, MSG_NO_TOKEN.into()));
        assert_eq!(reason(check(&ctx, &header("token-without-scheme"), "").await), (401, MSG_NO_TOKEN.into()));
        assert_eq!(reason(check(&ctx, &header("bearer not.a.jwt"), "").await), (401, "请求未授权".into()));
        let expired = token(&ctx, "live", -5);
        assert_eq!(reason(check(&ctx, &header(&format!("bearer {expired}")), "").await), (401, "请求未授权".into()));
        let revoked = token(&ctx, "ended", 60);
        assert_eq!(reason(check(&ctx, &header(&format!("bearer {revoked}")), "").await), (401, "令牌已失效".into()));
        let unknown = token(&ctx, "down", 60);
        assert_eq!(check(&ctx, &header(&format!("bearer {unknown}")), "").await.unwrap_err().code(), 503);
    }
}
