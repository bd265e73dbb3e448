//! Shared building blocks of every Keeper binary: the response envelope, the one error type,
//! ids, times, paging and configuration.
pub mod config;
pub mod decimal;
pub mod envelope;
pub mod error;
pub mod fields;
pub mod form;
pub mod id;
pub mod openapi;
pub mod page;
pub mod scope;
pub mod time;
pub mod tree;

pub use envelope::R;
pub use error::{AppError, AppResult};
