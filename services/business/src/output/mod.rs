//! Output value (domain-model §2.3): enterprises report their month's output, parks review it, and the
//! committee compares it with the targets: the monthly report (§2.3.1) and the park × month matrix
//! (§2.3.4), the statistics (§2.3.2), the enterprises' annual targets (§2.3.3) and the surveys they are
//! set from (§2.3.5).
pub mod breakdown;
pub mod named;
pub mod park;
pub mod report;
pub mod stats;
pub mod survey;
pub mod year_sum;
