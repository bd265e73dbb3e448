//! The investment pillar's routes (domain-model §2.2).
pub mod finished;
pub mod project;
pub mod report;
