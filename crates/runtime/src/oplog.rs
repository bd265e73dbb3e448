//! The operation and error log of every service: a middleware notes each change (POST/PUT/PATCH/DELETE)
//! and each download after its response, and each 5xx answer as an error, and hands the events to a
//! background delivery that stores them in the system service's log tables. Recording never waits and
//! never fails a request.
//!
//! Wiring, once per service: `let oplog = OpLog::http(&base);` before the server starts, then
//! `.wrap(oplog.clone())` as the first (innermost) middleware of the `App`. The system service, which owns
//! the tables, starts it with [`OpLog::start`] and its own [`LogSink`].
mod delivery;
mod middleware;
pub mod params;
pub mod title;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use keeper_client::dto::LogEvent;
use tokio::sync::mpsc;

pub use delivery::{LogSink, Tuning};
pub use middleware::OpLogMiddleware;

/// The recording side of the log: cheap to clone, one per service. As a middleware it is wrapped
/// around an `App`; `record` queues an event directly.
#[derive(Clone)]
pub struct OpLog {
    service: &'static str,
    queue: mpsc::Sender<LogEvent>,
    dropped: Arc<AtomicU64>,
}

impl OpLog {
    /// Events of the service `base` was started for, sent to the system service over its internal API.
    /// Call from inside the runtime (the service's `run`), before the server starts.
    pub fn http(base: &crate::Base) -> OpLog {
        OpLog::start(base.name, Arc::new(base.system_client()))
    }

    /// Events of `service`, stored by `sink`.
    pub fn start(service: &'static str, sink: Arc<dyn LogSink>) -> OpLog {
        OpLog::start_with(service, sink, Tuning::default())
    }

    pub fn start_with(service: &'static str, sink: Arc<dyn LogSink>, tuning: Tuning) -> OpLog {
        let (queue, rx) = mpsc::channel(tuning.queue.max(1));
        tokio::spawn(delivery::run(rx, sink, tuning));
        OpLog { service, queue, dropped: Arc::new(AtomicU64::new(0)) }
    }

    pub fn service(&self) -> &'static str {
        self.service
    }

    /// Queues an event without waiting: when the queue is full the event is dropped and counted.
    pub fn record(&self, event: LogEvent) {
        if self.queue.try_send(event).is_err() {
            let n = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if n == 1 || n.is_multiple_of(1000) {
                tracing::warn!(dropped = n, "operation log queue full: events dropped");
            }
        }
    }

    /// Events dropped because the queue was full, since start.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}
