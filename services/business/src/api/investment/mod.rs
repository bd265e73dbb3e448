//! The investment pillar's routes (domain-model §2.2).
pub mod project;
pub mod report;
