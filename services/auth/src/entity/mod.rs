//! Entities of the auth service's own tables.
pub mod login_failure;
pub mod refresh_token;
pub mod session;
