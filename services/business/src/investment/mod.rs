//! The investment pillar (domain-model §2.2): one `Project` spine, and the five investment screens are views of it.
pub mod finished;
pub mod project;
pub mod report;
pub mod tracked;
