//! What the output screens derive from a tenant's reports and register, kept between the tenant's writes.
//!
//! A month of 产值填报 (its pages, its completeness) and the pieces of 产值统计 are built from thousands of rows: on SQLite each row
//! crosses from the connection's thread to the service's one at a time, about 3.6 µs a row, so the month
//! of a 10,000-firm zone (2,900 enterprises that owe a report, 2,500 reports) cost 19 ms of CPU to read
//! where the statements themselves take 1 ms, for a page that shows 20 of them; under the mixed load of
//! 200 users these two screens were most of the business service's CPU (bench/README.md). Their inputs
//! change when a report or an enterprise is written, a few hundred times a day, and are read all day.
//!
//! A value is kept under the tenant's generations of both tables (`state.output_reports` and the register's
//! `state.enterprise_totals`), which the service bumps after each committed write, so a value derived
//! before a write is never used after it. A write this process did not make (another replica's) is seen
//! when the value expires, [`FRESH`] later, as the register's totals and grants are. What shows a report's
//! own fields (a page's rows) reads them afresh: only the selection, order and sums are kept.
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use keeper_common::AppError;

use crate::state::AppState;

/// How long a kept value may serve: the staleness a write of another replica can cause.
pub const FRESH: Duration = Duration::from_secs(5);

/// Values of one kind, weighed in rows so that a province of large zones cannot fill the memory.
pub struct Kept<V> {
    values: moka::future::Cache<String, Arc<V>>,
}

impl<V: Send + Sync + 'static> Kept<V> {
    /// At most `rows` rows in all, each value weighing what `weight` says.
    pub fn new(rows: u64, weight: fn(&V) -> usize) -> Self {
        let values = moka::future::Cache::builder()
            .max_capacity(rows)
            .weigher(move |_: &String, v: &Arc<V>| u32::try_from(weight(v)).unwrap_or(u32::MAX))
            .time_to_live(FRESH)
            .build();
        Kept { values }
    }

    /// The value of `what` (everything it depends on besides the tenant's tables: the scope, the period,
    /// the filter) for `tenant`, derived by `derive` unless one was derived since the tenant's last write.
    /// Concurrent misses of one key wait for one derivation; an error is not kept.
    pub async fn get<F>(&self, state: &AppState, tenant: &str, what: &str, derive: F) -> Result<Arc<V>, AppError>
    where
        F: Future<Output = Result<V, AppError>>,
    {
        let key =
            format!("{tenant}\u{1f}{}\u{1f}{}\u{1f}{what}", state.output_reports.of(tenant), state.enterprise_totals.generation(tenant));
        self.values.try_get_with(key, async { derive.await.map(Arc::new) }).await.map_err(AppError::shared)
    }
}
