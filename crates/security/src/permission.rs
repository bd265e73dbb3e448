//! Permission codes: the menu and button codes a user's roles grant. Every endpoint names the code it needs.
use std::collections::HashSet;
use std::sync::Arc;

use async_trait::async_trait;
use keeper_common::AppError;

use crate::current_user::CurrentUser;

/// Where a service learns the codes of a set of roles: the system service owns the grants,
/// the others ask it through its internal client.
#[async_trait]
pub trait PermissionSource: Send + Sync {
    async fn codes_of_roles(&self, tenant_id: &str, role_ids: &[i64]) -> Result<Arc<HashSet<String>>, AppError>;
}

/// Registered as app data; handlers call `require` before doing anything.
pub struct PermissionGuard {
    source: Arc<dyn PermissionSource>,
}

impl PermissionGuard {
    pub fn new(source: Arc<dyn PermissionSource>) -> Self {
        PermissionGuard { source }
    }

    /// Passes when the user's roles grant `code` (the platform administrator holds every code); 403 otherwise.
    pub async fn require(&self, user: &CurrentUser, code: &str) -> Result<(), AppError> {
        self.require_any(user, &[code]).await
    }

    /// Passes when the roles grant one of `codes`: an action BladeX installations know under another
    /// button code (`user_reset` for `user_reset_password`).
    pub async fn require_any(&self, user: &CurrentUser, codes: &[&str]) -> Result<(), AppError> {
        if self.holds_any(user, codes).await? { Ok(()) } else { Err(AppError::forbidden()) }
    }

    /// Whether the roles grant one of `codes`: for what a person may do beyond the endpoint's own code
    /// (a reviewer's confirmation where a clerk only proposes).
    pub async fn holds_any(&self, user: &CurrentUser, codes: &[&str]) -> Result<bool, AppError> {
        Ok(self.held(user).await?.any(codes))
    }

    /// The codes the roles grant, read once for a request that asks several questions of them.
    pub async fn held(&self, user: &CurrentUser) -> Result<Held, AppError> {
        if user.is_administrator() {
            return Ok(Held { every: true, codes: Arc::default() });
        }
        Ok(Held { every: false, codes: self.source.codes_of_roles(&user.tenant_id, &user.role_ids).await? })
    }

    /// Only the platform administrator of tenant 000000 (tenants, clients, system dictionaries).
    pub fn require_administrator(&self, user: &CurrentUser) -> Result<(), AppError> {
        if user.is_administrator() { Ok(()) } else { Err(AppError::forbidden()) }
    }
}

/// The permission codes of one user (`PermissionGuard::held`).
pub struct Held {
    /// the platform administrator holds every code
    every: bool,
    codes: Arc<HashSet<String>>,
}

impl Held {
    /// Whether one of `codes` is held.
    pub fn any(&self, codes: &[&str]) -> bool {
        self.every || codes.iter().any(|c| self.codes.contains(*c))
    }
}
