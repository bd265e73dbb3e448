//! The `user_status` dictionary: what an account's `status` column holds.

/// Signs in as usual.
pub const ACTIVE: i32 = 1;
/// Disabled by an administrator: the account is kept but cannot sign in.
pub const DISABLED: i32 = 2;
/// Registered by its owner and waiting for an administrator's approval (`users::registration`).
pub const PENDING: i32 = 3;
