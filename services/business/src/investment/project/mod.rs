//! The investment project (domain-model §2.2.1) and its status lifecycle (§2.2.2).
pub mod lifecycle;
