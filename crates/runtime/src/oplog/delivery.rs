//! Getting events to the log store without ever holding up a request: a bounded queue in front, one
//! background task behind it that sends batches (200 events or one second, whichever comes first) and,
//! while the store is away, keeps them in a bounded buffer and retries with growing pauses.
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use keeper_client::SystemClient;
use keeper_client::dto::LogEvent;
use keeper_common::AppError;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout_at};

/// Where events end up: the system service's log tables.
#[async_trait]
pub trait LogSink: Send + Sync {
    /// Stores a batch. Storing the same events twice must keep one copy (they carry their ids). A
    /// `BadRequest` or `Field` error means the batch can never be stored; any other error, try later.
    async fn store(&self, events: &[LogEvent]) -> Result<(), AppError>;
}

/// Every service but the system service itself sends its events over the internal API.
#[async_trait]
impl LogSink for SystemClient {
    async fn store(&self, events: &[LogEvent]) -> Result<(), AppError> {
        self.record_logs(events).await
    }
}

/// Sizes and pauses of the delivery; the defaults suit production, tests shorten the waits.
#[derive(Debug, Clone)]
pub struct Tuning {
    /// Events waiting between the requests and the delivery task; a full queue drops new events.
    pub queue: usize,
    /// The most events one call of the sink carries.
    pub batch: usize,
    /// How long the first event of a batch waits for company.
    pub linger: Duration,
    /// Events kept while the sink fails; beyond it the oldest go first.
    pub buffer: usize,
    pub retry_min: Duration,
    pub retry_max: Duration,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            queue: 4096,
            batch: 200,
            linger: Duration::from_secs(1),
            buffer: 10_000,
            retry_min: Duration::from_secs(1),
            retry_max: Duration::from_secs(30),
        }
    }
}

/// Events taken from the queue and not yet stored, oldest first.
struct Pending {
    events: VecDeque<LogEvent>,
    cap: usize,
    lost: u64,
}

impl Pending {
    fn push(&mut self, e: LogEvent) {
        if self.events.len() >= self.cap {
            self.events.pop_front();
            self.lost += 1;
            if self.lost == 1 || self.lost.is_multiple_of(1000) {
                tracing::warn!(lost = self.lost, buffer = self.cap, "log store unreachable for long: oldest operation log events dropped");
            }
        }
        self.events.push_back(e);
    }
}

/// Waits until `until` for events, adding them to `pending`; false once the queue is closed.
async fn take_until(rx: &mut mpsc::Receiver<LogEvent>, pending: &mut Pending, until: Instant, full: usize) -> bool {
    while pending.events.len() < full {
        match timeout_at(until, rx.recv()).await {
            Ok(Some(e)) => pending.push(e),
            Ok(None) => return false,
            Err(_) => break,
        }
    }
    true
}

/// The delivery task: runs until every sender is gone and what it holds is stored (or the store fails
/// at shutdown).
pub async fn run(mut rx: mpsc::Receiver<LogEvent>, sink: Arc<dyn LogSink>, t: Tuning) {
    let mut pending = Pending { events: VecDeque::new(), cap: t.buffer.max(t.batch), lost: 0 };
    let mut open = true;
    let mut pause = t.retry_min;
    loop {
        if pending.events.is_empty() {
            if !open {
                return;
            }
            match rx.recv().await {
                Some(e) => pending.push(e),
                None => return,
            }
        }
        if open {
            open = take_until(&mut rx, &mut pending, Instant::now() + t.linger, t.batch).await;
        }
        let n = pending.events.len().min(t.batch);
        match sink.store(&pending.events.make_contiguous()[..n]).await {
            Ok(()) => {
                pending.events.drain(..n);
                pause = t.retry_min;
            }
            Err(e @ (AppError::BadRequest(_) | AppError::Field { .. })) => {
                tracing::error!(error = %e, events = n, "log store refused a batch of operation log events; dropped");
                pending.events.drain(..n);
            }
            Err(e) => {
                tracing::warn!(error = %e, pending = pending.events.len(), retry_in = ?pause, "log store unavailable; operation log events kept");
                if !open {
                    return;
                }
                open = take_until(&mut rx, &mut pending, Instant::now() + pause, usize::MAX).await;
                pause = (pause * 2).min(t.retry_max);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use actix_web::{App, HttpResponse, HttpServer, web};
    use keeper_client::dto::ErrorLogEntry;
    use keeper_client::{Internal, SystemClient};
    use keeper_security::{JwtKeys, ServiceTokens};

    use super::*;
    use crate::oplog::OpLog;

    fn event(id: i64) -> LogEvent {
        LogEvent::Error(ErrorLogEntry {
            id,
            tenant_id: "000000".into(),
            service_id: "test".into(),
            request_id: String::new(),
            method: "GET".into(),
            request_uri: "/x".into(),
            params: String::new(),
            exception_name: "Internal".into(),
            message: "boom".into(),
            remote_ip: String::new(),
            user_agent: String::new(),
            user_id: None,
            account: String::new(),
            time: chrono::Utc::now(),
            origin: Default::default(),
        })
    }

    fn quick() -> Tuning {
        Tuning {
            queue: 1000,
            batch: 7,
            linger: Duration::from_millis(20),
            buffer: 1000,
            retry_min: Duration::from_millis(20),
            retry_max: Duration::from_millis(80),
        }
    }

    /// A store that fails its first `failures` calls, then keeps every event it is given.
    #[derive(Default)]
    struct Flaky {
        failures: usize,
        calls: AtomicUsize,
        stored: Mutex<Vec<i64>>,
    }

    #[async_trait]
    impl LogSink for Flaky {
        async fn store(&self, events: &[LogEvent]) -> Result<(), AppError> {
            if self.calls.fetch_add(1, Ordering::SeqCst) < self.failures {
                return Err(AppError::Unavailable("down".into()));
            }
            self.stored.lock().unwrap().extend(events.iter().map(LogEvent::id));
            Ok(())
        }
    }

    async fn eventually(what: &str, check: impl Fn() -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !check() {
            assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    #[actix_web::test]
    async fn events_survive_failures_of_the_store_in_order_and_once() {
        let sink = Arc::new(Flaky { failures: 3, ..Default::default() });
        let log = OpLog::start_with("test", sink.clone(), quick());
        for id in 1..=50 {
            log.record(event(id));
        }
        eventually("all events", || sink.stored.lock().unwrap().len() >= 50).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(*sink.stored.lock().unwrap(), (1..=50).collect::<Vec<_>>());
        assert!(sink.calls.load(Ordering::SeqCst) >= 3 + 50 / 7);
        assert_eq!(log.dropped(), 0);
    }

    #[actix_web::test]
    async fn a_long_outage_keeps_the_newest_events_within_the_buffer() {
        let sink = Arc::new(Flaky { failures: 5, ..Default::default() });
        let log = OpLog::start_with("test", sink.clone(), Tuning { buffer: 10, batch: 10, ..quick() });
        for id in 1..=30 {
            log.record(event(id));
        }
        eventually("the newest events", || sink.stored.lock().unwrap().last() == Some(&30)).await;
        let stored = sink.stored.lock().unwrap().clone();
        assert_eq!(stored, (21..=30).collect::<Vec<_>>(), "the oldest were dropped first");
    }

    #[actix_web::test]
    async fn a_full_queue_drops_and_counts_instead_of_waiting() {
        // A store that never answers: the task holds its first batch, the queue fills.
        struct Stuck;
        #[async_trait]
        impl LogSink for Stuck {
            async fn store(&self, _: &[LogEvent]) -> Result<(), AppError> {
                std::future::pending().await
            }
        }
        let log = OpLog::start_with("test", Arc::new(Stuck), Tuning { queue: 5, batch: 1, ..quick() });
        let started = std::time::Instant::now();
        for id in 0..100 {
            log.record(event(id));
        }
        assert!(started.elapsed() < Duration::from_secs(1));
        assert!(log.dropped() >= 90, "dropped {}", log.dropped());
    }

    /// The log store of a system service that answers 503 to its first calls, then stores.
    struct FakeSystem {
        refuse: usize,
        calls: AtomicUsize,
        stored: Mutex<Vec<i64>>,
    }

    async fn batch(state: web::Data<FakeSystem>, body: web::Json<Vec<LogEvent>>) -> HttpResponse {
        if state.calls.fetch_add(1, Ordering::SeqCst) < state.refuse {
            return HttpResponse::ServiceUnavailable()
                .json(serde_json::json!({ "code": 503, "success": false, "msg": "维护中", "data": {} }));
        }
        state.stored.lock().unwrap().extend(body.iter().map(LogEvent::id));
        HttpResponse::Ok().json(serde_json::json!({ "code": 200, "success": true, "msg": "操作成功", "data": {} }))
    }

    #[actix_web::test]
    async fn over_http_a_short_outage_of_the_system_service_loses_nothing() {
        let system = web::Data::new(FakeSystem { refuse: 2, calls: AtomicUsize::new(0), stored: Mutex::new(vec![]) });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let data = system.clone();
        let server = HttpServer::new(move || App::new().app_data(data.clone()).route("/internal/log/batch", web::post().to(batch)))
            .workers(1)
            .listen(listener)
            .unwrap()
            .run();
        let handle = server.handle();
        actix_web::rt::spawn(server);

        let keys = JwtKeys::from_secret(&[42u8; 32]).unwrap();
        let client = SystemClient::new(&base, Internal::new(Arc::new(ServiceTokens::new(keys, "test"))));
        let log = OpLog::start_with("test", Arc::new(client), quick());
        for id in 1..=20 {
            log.record(event(id));
        }
        eventually("delivery after the outage", || system.stored.lock().unwrap().len() >= 20).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(*system.stored.lock().unwrap(), (1..=20).collect::<Vec<_>>());
        assert!(system.calls.load(Ordering::SeqCst) > 2, "the outage was seen");
        handle.stop(false).await;
    }
}
