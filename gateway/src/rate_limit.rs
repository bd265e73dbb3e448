//! Requests per minute per client IP on the login endpoints, so that password and captcha guessing
//! is slow. A fixed window is enough here: the aim is a ceiling, not smooth shaping. With Redis the
//! counter is shared by every gateway replica; without it (or while Redis is down) each process counts
//! on its own.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

const WINDOW_SECS: u64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Allow,
    /// Refused; the caller may retry after this many seconds (the rest of the window).
    Refuse {
        retry_after: u64,
    },
}

/// The window an instant falls in, and the seconds left in it.
fn window_of(now_secs: u64) -> (u64, u64) {
    (now_secs / WINDOW_SECS, WINDOW_SECS - now_secs % WINDOW_SECS)
}

fn decide(count: u64, limit: u32, now_secs: u64) -> Decision {
    if count <= u64::from(limit) { Decision::Allow } else { Decision::Refuse { retry_after: window_of(now_secs).1 } }
}

/// `(bucket, client address)`.
type Key = (&'static str, IpAddr);

/// In-process counters: key → `(window, count)`.
#[derive(Default)]
pub struct FixedWindow {
    counters: Mutex<HashMap<Key, (u64, u64)>>,
}

impl FixedWindow {
    /// Counts one request and says whether it is within `limit` for the current window.
    pub fn hit(&self, bucket: &'static str, ip: IpAddr, limit: u32, now_secs: u64) -> Decision {
        let (window, _) = window_of(now_secs);
        let mut counters = self.counters.lock().unwrap_or_else(|p| p.into_inner());
        // Entries of past windows are dead weight; drop them whenever the map grows, so that a spray
        // of source addresses cannot grow it without bound.
        if counters.len() >= 10_000 {
            counters.retain(|_, (w, _)| *w == window);
        }
        let entry = counters.entry((bucket, ip)).or_insert((window, 0));
        if entry.0 != window {
            *entry = (window, 0);
        }
        entry.1 += 1;
        decide(entry.1, limit, now_secs)
    }
}

pub struct RateLimiter {
    limit: u32,
    local: FixedWindow,
    redis: Option<deadpool_redis::Pool>,
}

impl RateLimiter {
    /// `limit` requests per minute per IP and bucket; 0 turns the limit off.
    pub fn new(limit: u32, redis: Option<deadpool_redis::Pool>) -> Self {
        RateLimiter { limit, local: FixedWindow::default(), redis }
    }

    pub async fn check(&self, bucket: &'static str, ip: IpAddr) -> Decision {
        if self.limit == 0 {
            return Decision::Allow;
        }
        let now = now_secs();
        if let Some(pool) = &self.redis {
            match redis_hit(pool, bucket, ip, now).await {
                Ok(count) => return decide(count, self.limit, now),
                // Failing open to the local counter keeps logins possible during a Redis outage while
                // still bounding each replica.
                Err(e) => tracing::warn!(error = %e, "rate limit: Redis unavailable, counting locally"),
            }
        }
        self.local.hit(bucket, ip, self.limit, now)
    }
}

async fn redis_hit(pool: &deadpool_redis::Pool, bucket: &str, ip: IpAddr, now: u64) -> anyhow::Result<u64> {
    let (window, _) = window_of(now);
    let key = format!("keeper:ratelimit:{bucket}:{ip}:{window}");
    let mut conn = pool.get().await?;
    // INCR and EXPIRE in one transaction, so that no key is left without an expiry.
    let (count,): (u64,) = deadpool_redis::redis::pipe()
        .atomic()
        .incr(&key, 1u64)
        .expire(&key, (WINDOW_SECS * 2) as i64)
        .ignore()
        .query_async(&mut conn)
        .await?;
    Ok(count)
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn the_request_over_the_limit_is_refused_until_the_window_ends() {
        let w = FixedWindow::default();
        let start = 1_700_000_080; // 40 s into a minute window (1_700_000_040 is a multiple of 60)
        for i in 0..3 {
            assert_eq!(w.hit("token", A, 3, start + i), Decision::Allow, "request {i}");
        }
        assert_eq!(w.hit("token", A, 3, start + 5), Decision::Refuse { retry_after: 15 });
        assert_eq!(w.hit("token", A, 3, start + 19), Decision::Refuse { retry_after: 1 });
        assert_eq!(w.hit("token", A, 3, start + 20), Decision::Allow, "a new window starts afresh");
    }

    #[test]
    fn addresses_and_buckets_are_counted_separately() {
        let w = FixedWindow::default();
        let now = 1_700_000_000;
        assert_eq!(w.hit("token", A, 1, now), Decision::Allow);
        assert!(matches!(w.hit("token", A, 1, now), Decision::Refuse { .. }));
        assert_eq!(w.hit("token", B, 1, now), Decision::Allow);
        assert_eq!(w.hit("captcha", A, 1, now), Decision::Allow);
    }

    #[test]
    fn stale_windows_are_pruned_when_the_map_is_large() {
        let w = FixedWindow::default();
        for i in 0..10_000u32 {
            w.hit("token", IpAddr::V4(i.into()), 5, 0);
        }
        w.hit("token", A, 5, 120);
        assert_eq!(w.counters.lock().unwrap().len(), 1);
    }

    #[tokio::test]
    async fn a_zero_limit_turns_the_check_off() {
        let limiter = RateLimiter::new(0, None);
        for _ in 0..100 {
            assert_eq!(limiter.check("token", A).await, Decision::Allow);
        }
    }
}
