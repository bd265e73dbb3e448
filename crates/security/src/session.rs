//! Is a session still alive? Sessions live in the auth service; Redis mirrors them when configured.
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use keeper_common::AppError;

#[async_trait]
pub trait SessionCheck: Send + Sync {
    /// `Ok(false)` for an ended or unknown session; `Err` when the answer cannot be obtained.
    async fn is_active(&self, sid: &str) -> Result<bool, AppError>;

    /// The session has just ended: a remembered answer about it is dropped.
    async fn forget(&self, _sid: &str) {}
}

/// The auth service's answer to a logout or a replayed refresh token names the session it ended in
/// this header. The gateway forgets that session at once (its cache would accept the access token
/// for up to a second more) and removes the header before answering the client.
pub const ENDED_HEADER: &str = "x-keeper-session-ended";

/// Redis key of a live session; auth writes it with the session's lifetime and deletes it on revocation.
pub fn redis_key(sid: &str) -> String {
    format!("keeper:session:{sid}")
}

/// Checks sessions in Redis: every replica sees a revocation at once.
pub struct RedisSessions {
    pool: deadpool_redis::Pool,
}

impl RedisSessions {
    pub fn new(pool: deadpool_redis::Pool) -> Self {
        RedisSessions { pool }
    }
}

#[async_trait]
impl SessionCheck for RedisSessions {
    async fn is_active(&self, sid: &str) -> Result<bool, AppError> {
        let mut conn = self.pool.get().await.map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
        let n: i64 = deadpool_redis::redis::cmd("EXISTS")
            .arg(redis_key(sid))
            .query_async(&mut conn)
            .await
            .map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
        Ok(n > 0)
    }
}

/// Remembers answers of another checker for at most one second, so that a burst of requests
/// costs one round trip while a revocation is still seen within a second.
pub struct CachedSessions {
    inner: Arc<dyn SessionCheck>,
    cache: moka::future::Cache<String, bool>,
}

impl CachedSessions {
    pub fn new(inner: Arc<dyn SessionCheck>, ttl: Duration) -> Self {
        CachedSessions { inner, cache: moka::future::Cache::builder().max_capacity(100_000).time_to_live(ttl).build() }
    }
}

#[async_trait]
impl SessionCheck for CachedSessions {
    async fn is_active(&self, sid: &str) -> Result<bool, AppError> {
        // When an entry expires, every request of that session in flight at the moment missed it and
        // asked the auth service at once (200 calls a second under the bench's 200 connections, the tail
        // of its p99): concurrent misses now wait for one answer. Errors are not cached.
        self.cache.try_get_with_by_ref(sid, self.inner.is_active(sid)).await.map_err(AppError::shared)
    }

    async fn forget(&self, sid: &str) {
        self.cache.insert(sid.to_string(), false).await;
    }
}

/// Connects a Redis pool from a `redis://` URL.
pub fn redis_pool(url: &str) -> anyhow::Result<deadpool_redis::Pool> {
    let cfg = deadpool_redis::Config::from_url(url);
    Ok(cfg.create_pool(Some(deadpool_redis::Runtime::Tokio1))?)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// Counts the questions and answers after a pause, so that the callers overlap.
    struct SlowAuth {
        calls: AtomicUsize,
        answer: Result<bool, ()>,
    }

    #[async_trait]
    impl SessionCheck for SlowAuth {
        async fn is_active(&self, _sid: &str) -> Result<bool, AppError> {
            self.calls.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(50)).await;
            self.answer.map_err(|_| AppError::Unavailable("认证服务暂不可用".into()))
        }
    }

    #[tokio::test]
    async fn concurrent_misses_of_one_session_ask_the_auth_service_once() {
        let auth = Arc::new(SlowAuth { calls: AtomicUsize::new(0), answer: Ok(true) });
        let cached = CachedSessions::new(auth.clone(), Duration::from_secs(1));
        let answers = futures_util::future::join_all((0..200).map(|_| cached.is_active("sid-1"))).await;
        assert!(answers.iter().all(|a| matches!(a, Ok(true))));
        assert_eq!(auth.calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn an_unavailable_auth_service_is_reported_to_every_waiter_and_not_remembered() {
        let auth = Arc::new(SlowAuth { calls: AtomicUsize::new(0), answer: Err(()) });
        let cached = CachedSessions::new(auth.clone(), Duration::from_secs(1));
        let answers = futures_util::future::join_all((0..20).map(|_| cached.is_active("sid-1"))).await;
        assert!(answers.iter().all(|a| matches!(a, Err(AppError::Unavailable(_)))), "{answers:?}");
        assert_eq!(auth.calls.load(Ordering::SeqCst), 1);
        assert!(cached.is_active("sid-1").await.is_err());
        assert_eq!(auth.calls.load(Ordering::SeqCst), 2, "an error is asked again, never cached");
    }
}
