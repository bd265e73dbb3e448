//! Typed HTTP clients between services (the only way one service reaches another's data), and the
//! messages they exchange. Calls go to `/internal/**` with a service token and carry `traceparent`.
pub mod auth;
pub mod dto;
pub mod http;
pub mod resource;
pub mod system;
pub mod tls;

pub use auth::AuthClient;
pub use http::Internal;
pub use resource::ResourceClient;
pub use system::SystemClient;
