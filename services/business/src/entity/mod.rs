//! Entities of the business service's own tables.
pub mod enterprise;
