//! The one HTTP path of every internal call: service token, trace headers, envelope decoding, error mapping.
use std::sync::Arc;
use std::time::Duration;

use keeper_common::AppError;
use keeper_security::ServiceTokens;
use serde::{Serialize, de::DeserializeOwned};

#[derive(serde::Deserialize)]
struct Envelope<T> {
    code: u16,
    msg: String,
    data: Option<T>,
}

#[derive(Clone)]
pub struct Internal {
    http: reqwest::Client,
    tokens: Arc<ServiceTokens>,
}

impl Internal {
    pub fn new(tokens: Arc<ServiceTokens>) -> Self {
        crate::tls::install_crypto_provider();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(3))
            .pool_idle_timeout(Duration::from_secs(30))
            .build()
            .expect("reqwest client");
        Internal { http, tokens }
    }

    fn request(&self, method: reqwest::Method, url: &str) -> reqwest::RequestBuilder {
        let mut rb = self.http.request(method, url).header(keeper_security::service_token::HEADER, self.tokens.token());
        for (k, v) in keeper_telemetry::trace_headers() {
            rb = rb.header(k, v);
        }
        rb
    }

    pub async fn get<T: DeserializeOwned>(&self, url: &str, query: &[(&str, String)]) -> Result<T, AppError> {
        self.send(self.request(reqwest::Method::GET, url).query(query), url).await
    }

    pub async fn post<B: Serialize + ?Sized, T: DeserializeOwned>(&self, url: &str, body: &B) -> Result<T, AppError> {
        self.send(self.request(reqwest::Method::POST, url).json(body), url).await
    }

    async fn send<T: DeserializeOwned>(&self, rb: reqwest::RequestBuilder, url: &str) -> Result<T, AppError> {
        let resp = rb.send().await.map_err(|e| {
            tracing::warn!(url, error = %e, "internal call failed");
            AppError::Unavailable("服务暂不可用".into())
        })?;
        let status = resp.status();
        let env: Envelope<T> = resp.json().await.map_err(|e| AppError::internal(format!("bad reply from {url} ({status}): {e}")))?;
        match env.code {
            // `data: null` is an answer when the caller asked for an `Option` ("no such client"), and
            // an empty reply otherwise.
            200 => match env.data {
                Some(data) => Ok(data),
                None => serde_json::from_value(serde_json::Value::Null).map_err(|_| AppError::internal(format!("empty reply from {url}"))),
            },
            400 => Err(AppError::BadRequest(env.msg)),
            401 => Err(AppError::internal(format!("service token refused by {url}"))),
            403 => Err(AppError::Forbidden(env.msg)),
            404 => Err(AppError::NotFound(env.msg)),
            503 => Err(AppError::Unavailable(env.msg)),
            code => Err(AppError::internal(format!("{url} answered {code}: {}", env.msg))),
        }
    }
}
