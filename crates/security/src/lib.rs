//! Authentication and authorisation shared by the gateway and every service: JWT keys and claims,
//! the token header, session revocation checks, the current-user extractor, permission checks,
//! service-to-service tokens and password hashing.
pub mod claims;
pub mod current_user;
pub mod data_scope;
pub mod keys;
pub mod password;
pub mod permission;
pub mod service_token;
pub mod session;
pub mod token;

pub use claims::Claims;
pub use current_user::{AuthContext, CurrentUser};
pub use data_scope::DataScopeSource;
pub use keys::JwtKeys;
pub use permission::{PermissionGuard, PermissionSource};
pub use service_token::{ServiceCaller, ServiceTokens};
pub use session::SessionCheck;
