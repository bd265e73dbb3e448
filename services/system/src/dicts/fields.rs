//! The shared field readers now live in `keeper_common::fields`; the system modules keep their old path.
pub use keeper_common::fields::*;
