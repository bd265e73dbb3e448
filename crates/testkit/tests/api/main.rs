//! Integration tests through the real gateway and services. One binary; the database comes from
//! `KEEPER_TEST_DB` (sqlite by default, postgres, mysql). Scenarios shared by the Redis suite take
//! `Options` so the same checks run with and without Redis.
mod auth_grants;
mod gateway;
mod isolation;
mod redis;
mod revocation;
mod roles_admin;
mod support;
mod trace;
mod users_admin;
