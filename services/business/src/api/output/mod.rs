//! Routes of the output-value pillar (domain-model §2.3).
pub mod breakdown;
pub mod park;
pub mod report;
pub mod stats;
pub mod survey;
