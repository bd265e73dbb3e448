//! Client of the auth service's internal API: session state, ending sessions and clearing sign-in locks.
use async_trait::async_trait;
use keeper_common::AppError;
use keeper_security::SessionCheck;

use crate::dto::*;
use crate::http::Internal;

#[derive(Clone)]
pub struct AuthClient {
    base: String,
    http: Internal,
}

impl AuthClient {
    pub fn new(base: &str, http: Internal) -> Self {
        AuthClient { base: base.trim_end_matches('/').to_string(), http }
    }

    pub async fn session_active(&self, sid: &str) -> Result<bool, AppError> {
        let s: SessionState = self.http.get(&format!("{}/internal/sessions/state", self.base), &[("sid", sid.into())]).await?;
        Ok(s.active)
    }

    pub async fn end_sessions(&self, req: &EndSessions) -> Result<u64, AppError> {
        let e: Ended = self.http.post(&format!("{}/internal/sessions/end", self.base), req).await?;
        Ok(e.count)
    }

    /// Ends every live session of a tenant at once (the tenant was disabled, expired or removed).
    pub async fn end_tenant_sessions(&self, tenant_id: &str, reason: &str) -> Result<u64, AppError> {
        self.end_sessions(&EndSessions { user_id: None, tenant_id: Some(tenant_id.into()), except_sid: None, reason: reason.into() }).await
    }

    /// Unlocks accounts locked by repeated failed sign-ins; answers how many locks or counters existed.
    pub async fn clear_lockout(&self, req: &ClearLockout) -> Result<u64, AppError> {
        let c: Cleared = self.http.post(&format!("{}/internal/lockout/clear", self.base), req).await?;
        Ok(c.count)
    }
}

#[async_trait]
impl SessionCheck for AuthClient {
    async fn is_active(&self, sid: &str) -> Result<bool, AppError> {
        self.session_active(sid).await
    }
}
