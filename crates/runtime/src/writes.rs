//! A count of the changing requests a process has answered, for read caches that must never serve an
//! answer older than this process's own last write.
//!
//! A hot read whose answer depends on several tables (`user/info` joins the account with its roles, depts,
//! posts and tenant) would need every write path to invalidate it by hand, and one forgotten path would
//! serve stale data. Keying the cache on this count instead makes every POST, whichever handler it reaches,
//! retire the entries at once; reads outnumber writes by orders of magnitude, so the misses it causes are
//! few. The count moves after the handler has answered, i.e. after its transaction committed: a read that
//! began before the write is stored under the old count and never read again. Other replicas see a write
//! when their entries expire (the caches keep them a second), like the menu cache.
use std::future::{Ready, ready};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::Method;
use futures_util::future::LocalBoxFuture;
use keeper_common::AppError;

#[derive(Clone, Default)]
pub struct Writes(Arc<AtomicU64>);

impl Writes {
    /// The current count: part of the key of every entry that must not outlive a write.
    pub fn generation(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    /// Moves the count on; the middleware does it for every request that may change something.
    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }

    /// The middleware that bumps the count after each request other than GET, HEAD and OPTIONS.
    pub fn counter(&self) -> WriteCounter {
        WriteCounter(self.clone())
    }
}

pub struct WriteCounter(Writes);

impl<S, B> Transform<S, ServiceRequest> for WriteCounter
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = WriteCounterService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(WriteCounterService { service, writes: self.0.clone() }))
    }
}

pub struct WriteCounterService<S> {
    service: S,
    writes: Writes,
}

impl<S, B> Service<ServiceRequest> for WriteCounterService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let changing = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
        let answer = self.service.call(req);
        if !changing {
            return Box::pin(answer);
        }
        let writes = self.writes.clone();
        Box::pin(async move {
            let res = answer.await;
            // Whatever the outcome: a failed request may still have committed part of its work.
            writes.bump();
            res
        })
    }
}

/// Answers kept until this process's next write, and for at most `ttl` (what another replica's write may
/// take to show). Concurrent misses of one key wait for one load; a failed load is not kept.
pub struct ReadCache<T> {
    writes: Writes,
    cache: moka::future::Cache<String, T>,
}

impl<T: Clone + Send + Sync + 'static> ReadCache<T> {
    pub fn new(writes: Writes, capacity: u64, ttl: Duration) -> Self {
        ReadCache { writes, cache: moka::future::Cache::builder().max_capacity(capacity).time_to_live(ttl).build() }
    }

    pub async fn get_or_load<F>(&self, key: &str, load: F) -> Result<T, AppError>
    where
        F: std::future::Future<Output = Result<T, AppError>>,
    {
        let key = format!("{}:{key}", self.writes.generation());
        self.cache.try_get_with(key, load).await.map_err(AppError::shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::{App, HttpResponse, test, web};

    #[actix_web::test]
    async fn every_changing_request_moves_the_count_and_reads_do_not() {
        let writes = Writes::default();
        let app = test::init_service(
            App::new()
                .wrap(writes.counter())
                .route("/x", web::get().to(HttpResponse::Ok))
                .route("/x", web::post().to(HttpResponse::Ok))
                .route("/fail", web::post().to(HttpResponse::BadRequest)),
        )
        .await;
        for (method, path, after) in [
            (Method::GET, "/x", 0),
            (Method::HEAD, "/x", 0),
            (Method::POST, "/x", 1),
            (Method::POST, "/fail", 2),
            (Method::DELETE, "/x", 3),
            (Method::GET, "/x", 3),
        ] {
            test::call_service(&app, test::TestRequest::default().method(method.clone()).uri(path).to_request()).await;
            assert_eq!(writes.generation(), after, "{method} {path}");
        }
    }

    #[actix_web::test]
    async fn a_cached_read_is_loaded_again_after_a_write() {
        let writes = Writes::default();
        let cache = ReadCache::new(writes.clone(), 10, Duration::from_secs(60));
        let loads = std::sync::atomic::AtomicU32::new(0);
        let load = || async { Ok::<_, AppError>(loads.fetch_add(1, Ordering::SeqCst)) };
        assert_eq!(cache.get_or_load("k", load()).await.unwrap(), 0);
        assert_eq!(cache.get_or_load("k", load()).await.unwrap(), 0, "kept");
        assert_eq!(cache.get_or_load("other", load()).await.unwrap(), 1, "keys are apart");
        writes.bump();
        assert_eq!(cache.get_or_load("k", load()).await.unwrap(), 2, "a write retires it");
        let failed = cache.get_or_load("bad", async { Err::<u32, _>(AppError::not_found()) }).await;
        assert!(failed.is_err());
        assert_eq!(cache.get_or_load("bad", load()).await.unwrap(), 3, "a failure is not kept");
    }
}
