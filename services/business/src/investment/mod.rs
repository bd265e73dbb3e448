//! The investment pillar (domain-model §2.2): one `Project` spine, and the five investment screens are views of it.
pub mod attachment;
pub mod finished;
pub mod forecast;
pub mod issue;
pub mod plan;
pub mod project;
pub mod renovation;
pub mod report;
pub mod sheet;
pub mod stats;
pub mod tracked;
pub mod warning;
