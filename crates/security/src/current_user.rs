//! The signed-in user of a request, rebuilt from a verified token whose session is still alive.
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use keeper_common::AppError;

use crate::claims::{ACCESS_TOKEN, ADMINISTRATOR, Claims, PLATFORM_TENANT};
use crate::keys::JwtKeys;
use crate::session::SessionCheck;

/// Registered as app data in every service and the gateway.
pub struct AuthContext {
    pub keys: JwtKeys,
    pub sessions: Arc<dyn SessionCheck>,
}

impl AuthContext {
    /// Verifies a bearer JWT and its session. Every failure is a 401 without detail for the caller.
    pub async fn authenticate(&self, jwt: &str) -> Result<CurrentUser, AppError> {
        let claims = self.keys.verify_access(jwt).await.ok_or_else(AppError::unauthorized)?;
        if claims.token_type != ACCESS_TOKEN {
            return Err(AppError::unauthorized());
        }
        if !self.sessions.is_active(&claims.sid).await? {
            return Err(AppError::Unauthorized("令牌已失效".into()));
        }
        Ok(CurrentUser::from_shared(claims))
    }
}

#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user_id: i64,
    pub tenant_id: String,
    pub account: String,
    pub real_name: String,
    pub role_ids: Vec<i64>,
    pub role_aliases: HashSet<String>,
    pub dept_ids: Vec<i64>,
    pub post_ids: Vec<i64>,
    pub client_id: String,
    pub session_id: String,
    pub claims: Arc<Claims>,
}

fn ids(s: &str) -> Vec<i64> {
    keeper_common::id::parse_list(s).unwrap_or_default()
}

impl CurrentUser {
    pub fn from_claims(c: Claims) -> Self {
        Self::from_shared(Arc::new(c))
    }

    pub fn from_shared(c: Arc<Claims>) -> Self {
        CurrentUser {
            user_id: c.user_id.parse().unwrap_or_default(),
            tenant_id: c.tenant_id.clone(),
            account: c.account.clone(),
            real_name: c.nick_name.clone(),
            role_ids: ids(&c.role_id),
            role_aliases: c.role_name.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
            dept_ids: ids(&c.dept_id),
            post_ids: ids(&c.post_id),
            client_id: c.client_id.clone(),
            session_id: c.sid.clone(),
            claims: c,
        }
    }

    /// The platform's super administrator: role `administrator` in tenant 000000.
    pub fn is_administrator(&self) -> bool {
        self.tenant_id == PLATFORM_TENANT && self.role_aliases.contains(ADMINISTRATOR)
    }

    /// A tenant administrator (role alias `admin`) or the platform administrator.
    pub fn is_admin(&self) -> bool {
        self.is_administrator() || self.role_aliases.contains("admin")
    }

    /// How a record names this person: the real name, else the account.
    pub fn display_name(&self) -> &str {
        if self.real_name.is_empty() { &self.account } else { &self.real_name }
    }
}

/// A route that takes the signed-in user needs the `Keeper-Auth` token.
impl keeper_common::openapi::DocArg for CurrentUser {
    fn document(op: &mut keeper_common::openapi::Operation, _: &mut schemars::SchemaGenerator) {
        keeper_common::openapi::signed_in(op);
    }
}

impl FromRequest for CurrentUser {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        if let Some(user) = req.extensions().get::<CurrentUser>() {
            let user = user.clone();
            return Box::pin(async move { Ok(user) });
        }
        let ctx = req.app_data::<web::Data<AuthContext>>().cloned();
        let jwt = crate::token::from_request(req);
        let req = req.clone();
        Box::pin(async move {
            let ctx = ctx.ok_or_else(|| AppError::internal("AuthContext is not registered"))?;
            let jwt = jwt.ok_or_else(|| AppError::Unauthorized("缺失令牌,鉴权失败".into()))?;
            let user = ctx.authenticate(&jwt).await?;
            req.extensions_mut().insert(user.clone());
            Ok(user)
        })
    }
}
