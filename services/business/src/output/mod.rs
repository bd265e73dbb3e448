//! Output value (domain-model §2.3): enterprises report their month's output, parks review it, and the
//! committee compares it with the targets: the monthly report (§2.3.1) and the park × month matrix
//! (§2.3.4), and the statistics (§2.3.2).
pub mod park;
pub mod report;
pub mod stats;
