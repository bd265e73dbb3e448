//! Output value (domain-model §2.3): enterprises report their month's output, parks review it, and the
//! committee compares it with the targets. This slice holds the monthly report (§2.3.1).
pub mod report;
