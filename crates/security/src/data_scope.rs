//! Resolving a user's data scope for one resource. The system service owns the rules; other services
//! ask it through their internal client.
use async_trait::async_trait;
use keeper_common::AppError;
use keeper_common::scope::DataScope;

use crate::current_user::CurrentUser;

#[async_trait]
pub trait DataScopeSource: Send + Sync {
    /// The scope of `resource` (a rule's `resource_code`, e.g. `enterprise`) for the user.
    async fn scope_of(&self, user: &CurrentUser, resource: &str) -> Result<DataScope, AppError>;
}

/// The platform administrator is never restricted; everybody else gets what their roles' rules say.
pub async fn resolve(source: &dyn DataScopeSource, user: &CurrentUser, resource: &str) -> Result<DataScope, AppError> {
    if user.is_administrator() {
        return Ok(DataScope::All);
    }
    source.scope_of(user, resource).await
}
