//! The investment pillar's routes (domain-model §2.2).
pub mod attachment;
pub mod finished;
pub mod forecast;
pub mod import;
pub mod issue;
pub mod plan;
pub mod project;
pub mod renovation;
pub mod report;
pub mod sheet;
pub mod stats;
