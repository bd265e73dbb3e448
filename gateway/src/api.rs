//! The order every request passes through: route (never `/internal`), rate limit, client credential,
//! user token, then forward. Non-API paths go to the SPA.
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};
use keeper_common::config::Settings;
use keeper_security::AuthContext;

use crate::client_check::{ClientCredential, ClientVerifier};
use crate::headers::RequestId;
use crate::rate_limit::{Decision, RateLimiter};
use crate::reply::{self, MSG_BAD_CLIENT, MSG_TOO_MANY};
use crate::routing::{self, Refusal, Route};
use crate::spa::Spa;
use crate::{access_log, auth_check, proxy};

/// Everything the checks and the proxy share, across workers.
pub struct Gateway {
    pub settings: Settings,
    pub clients: ClientVerifier,
    pub limiter: RateLimiter,
    pub auth: Arc<AuthContext>,
    pub spa: Spa,
    pub idle_timeout: Duration,
}

/// The default service: every path that is not `/health` or `/ready`.
pub async fn dispatch(req: HttpRequest, payload: web::Payload, gw: web::Data<Gateway>, client: web::Data<awc::Client>) -> HttpResponse {
    match routing::resolve(req.path()) {
        Ok(route) => handle(&req, payload, &gw, &client, route).await,
        Err(Refusal::NotApi) => gw.spa.serve(&req).await,
        Err(refusal) => {
            tracing::debug!(?refusal, "path refused");
            reply::not_found()
        }
    }
}

async fn handle(req: &HttpRequest, payload: web::Payload, gw: &Gateway, client: &awc::Client, route: Route) -> HttpResponse {
    if let Some(bucket) = route.rate_limit_bucket() {
        // The TCP peer, not a forwarded-for header that any caller can write.
        let ip = req.peer_addr().map(|a| a.ip()).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        if let Decision::Refuse { retry_after } = gw.limiter.check(bucket, ip).await {
            let mut res = reply::envelope(429, MSG_TOO_MANY);
            res.headers_mut().insert(header::RETRY_AFTER, retry_after.into());
            return res;
        }
    }

    match gw.clients.check(req.headers()).await {
        Err(e) => return e.error_response(),
        // The token endpoint answers in its own flat shape, which Sword's login page reads.
        Ok(ClientCredential::Absent | ClientCredential::Invalid) if route.is_token_endpoint() => {
            return reply::token_endpoint_error(401, MSG_BAD_CLIENT);
        }
        Ok(ClientCredential::Invalid) => return reply::envelope(401, MSG_BAD_CLIENT),
        Ok(_) => {}
    }

    let query = access_log::query_of(req);
    if !route.is_public()
        && let Err(e) = auth_check::check(&gw.auth, req.headers(), &query).await
    {
        return e.error_response();
    }

    let request_id = req.extensions().get::<RequestId>().map(|r| r.0.clone()).unwrap_or_default();
    let fwd = proxy::Forward {
        base: gw.settings.url(route.service),
        path: &route.upstream_path,
        query: &query,
        request_id: &request_id,
        idle_timeout: gw.idle_timeout,
    };
    let mut res = proxy::forward(client, fwd, req, payload).await;
    if let Some(sid) = res.headers_mut().remove(keeper_security::session::ENDED_HEADER).next() {
        if let Ok(sid) = sid.to_str() {
            gw.auth.sessions.forget(sid).await;
        }
    }
    res
}
