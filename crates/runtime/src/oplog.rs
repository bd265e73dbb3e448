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
    server: Arc<Server>,
    queue: mpsc::Sender<LogEvent>,
    dropped: Arc<AtomicU64>,
}

/// The process an event happened in, for BladeX's `serverHost`, `serverIp` and `env` columns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Server {
    pub host: String,
    pub ip: String,
    pub env: String,
}

impl Server {
    /// This process: the machine's host name, the address it listens on (listening on every address,
    /// the one it reaches the system service from), and the profile.
    pub fn of(base: &crate::Base) -> Server {
        use keeper_common::config::{Profile, Service};
        let service = [Service::Auth, Service::System, Service::Resource, Service::Business].into_iter().find(|s| s.name() == base.name);
        let listen = service.and_then(|s| base.settings.listen(s).parse::<std::net::SocketAddr>().ok());
        let ip = match listen {
            Some(a) if !a.ip().is_unspecified() => a.ip().to_string(),
            _ => outbound_ip(base.settings.url(Service::System)).unwrap_or_default(),
        };
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .or_else(|_| std::fs::read_to_string("/etc/hostname"))
            .map(|h| h.trim().to_string())
            .or_else(|_| std::env::var("HOSTNAME"))
            .unwrap_or_default();
        let env = match base.settings.profile {
            Profile::Dev => "dev",
            Profile::Prod => "prod",
        };
        Server { host, ip, env: env.into() }
    }
}

/// The local address this machine reaches `url` from (a UDP "connection" sends nothing).
fn outbound_ip(url: &str) -> Option<String> {
    let authority = url.split("://").nth(1)?.split('/').next()?;
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect(authority).ok()?;
    Some(socket.local_addr().ok()?.ip().to_string())
}

impl OpLog {
    /// Events of the service `base` was started for, sent to the system service over its internal API.
    /// Call from inside the runtime (the service's `run`), before the server starts.
    pub fn http(base: &crate::Base) -> OpLog {
        OpLog { server: Arc::new(Server::of(base)), ..OpLog::start(base.name, Arc::new(base.system_client())) }
    }

    /// The same log, its events marked as happening in `server`.
    pub fn on(self, server: Server) -> OpLog {
        OpLog { server: Arc::new(server), ..self }
    }

    /// Events of `service`, stored by `sink`.
    pub fn start(service: &'static str, sink: Arc<dyn LogSink>) -> OpLog {
        OpLog::start_with(service, sink, Tuning::default())
    }

    pub fn start_with(service: &'static str, sink: Arc<dyn LogSink>, tuning: Tuning) -> OpLog {
        let (queue, rx) = mpsc::channel(tuning.queue.max(1));
        tokio::spawn(delivery::run(rx, sink, tuning));
        OpLog { service, server: Arc::new(Server::default()), queue, dropped: Arc::new(AtomicU64::new(0)) }
    }

    pub fn service(&self) -> &'static str {
        self.service
    }

    pub fn server(&self) -> &Server {
        &self.server
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
