//! `Authorization: Basic base64(clientId:secret)` against the OAuth client registry (api-contract §1.2).
//! Sword sends the header on every call, so verdicts are cached for a few seconds under a hash of the
//! header (never the secret itself); a changed or deleted client is refused within that time.
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header::{AUTHORIZATION, HeaderMap};
use async_trait::async_trait;
use keeper_client::SystemClient;
use keeper_common::AppError;
use sha2::{Digest, Sha256};

const VERDICT_TTL: Duration = Duration::from_secs(10);

/// Where client secrets are looked up: the system service, or a fake in tests.
#[async_trait]
pub trait ClientRegistry: Send + Sync {
    /// The stored secret hash of a client, `None` for an unknown client.
    async fn secret_hash(&self, client_id: &str) -> Result<Option<String>, AppError>;
}

#[async_trait]
impl ClientRegistry for SystemClient {
    async fn secret_hash(&self, client_id: &str) -> Result<Option<String>, AppError> {
        Ok(self.client(client_id).await?.map(|c| c.secret_hash))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientCredential {
    /// No Basic header (another `Authorization` scheme counts as none).
    Absent,
    Valid,
    /// A Basic header that does not parse or does not match a registered client.
    Invalid,
}

pub struct ClientVerifier {
    registry: Arc<dyn ClientRegistry>,
    verdicts: moka::future::Cache<[u8; 32], bool>,
}

impl ClientVerifier {
    pub fn new(registry: Arc<dyn ClientRegistry>) -> Self {
        ClientVerifier { registry, verdicts: moka::future::Cache::builder().max_capacity(10_000).time_to_live(VERDICT_TTL).build() }
    }

    /// Classifies the request's client credential. `Err` only when the registry cannot be asked.
    pub async fn check(&self, headers: &HeaderMap) -> Result<ClientCredential, AppError> {
        let Some(value) = headers.get(AUTHORIZATION) else { return Ok(ClientCredential::Absent) };
        let bytes = value.as_bytes();
        if bytes.len() < 5 || !bytes[..5].eq_ignore_ascii_case(b"basic") {
            return Ok(ClientCredential::Absent);
        }
        let key: [u8; 32] = Sha256::digest(bytes).into();
        let header = value.to_str().unwrap_or_default().to_string();
        let registry = self.registry.clone();
        // `try_get_with` makes concurrent requests with the same header wait for one lookup, and
        // leaves errors uncached so that a registry outage is not remembered as a refusal.
        let valid = self.verdicts.try_get_with(key, async move { verify(&*registry, &header).await }).await.map_err(|e| {
            tracing::warn!(error = %e, "client registry unavailable");
            AppError::Unavailable("服务暂不可用".into())
        })?;
        Ok(if valid { ClientCredential::Valid } else { ClientCredential::Invalid })
    }
}

async fn verify(registry: &dyn ClientRegistry, header: &str) -> Result<bool, AppError> {
    // Accept the scheme in any case, as the detection above does.
    let normalised = match header.get(..5) {
        Some(scheme) if scheme.eq_ignore_ascii_case("basic") => format!("Basic{}", &header[5..]),
        _ => return Ok(false),
    };
    let Some((id, secret)) = keeper_security::token::parse_basic(&normalised) else { return Ok(false) };
    Ok(match registry.secret_hash(&id).await? {
        Some(hash) => keeper_security::password::verify_client_secret(&secret, &hash),
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use actix_web::http::header::HeaderValue;

    use super::*;

    struct FakeRegistry {
        hash: String,
        calls: AtomicU32,
        down: bool,
    }

    #[async_trait]
    impl ClientRegistry for FakeRegistry {
        async fn secret_hash(&self, client_id: &str) -> Result<Option<String>, AppError> {
            self.calls.fetch_add(1, Ordering::Relaxed);
            if self.down {
                return Err(AppError::Unavailable("服务暂不可用".into()));
            }
            Ok((client_id == "sword").then(|| self.hash.clone()))
        }
    }

    fn headers(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        h
    }

    fn verifier(down: bool) -> (Arc<FakeRegistry>, ClientVerifier) {
        let hash = keeper_security::password::hash_client_secret("sword_secret");
        let registry = Arc::new(FakeRegistry { hash, calls: AtomicU32::new(0), down });
        (registry.clone(), ClientVerifier::new(registry))
    }

    // base64("sword:sword_secret") and base64("sword:wrong")
    const GOOD: &str = "Basic c3dvcmQ6c3dvcmRfc2VjcmV0";
    const WRONG: &str = "Basic c3dvcmQ6d3Jvbmc=";

    #[actix_web::test]
    async fn a_registered_client_passes_and_its_verdict_is_cached() {
        let (registry, v) = verifier(false);
        assert_eq!(v.check(&headers(GOOD)).await.unwrap(), ClientCredential::Valid);
        assert_eq!(v.check(&headers(GOOD)).await.unwrap(), ClientCredential::Valid);
        assert_eq!(v.check(&headers("Basic%20c3dvcmQ6c3dvcmRfc2VjcmV0")).await.unwrap(), ClientCredential::Valid);
        assert_eq!(registry.calls.load(Ordering::Relaxed), 2, "the second identical header is answered from the cache");
    }

    #[actix_web::test]
    async fn wrong_secrets_unknown_clients_and_garbage_are_invalid_and_cached_too() {
        let (registry, v) = verifier(false);
        for value in [WRONG, WRONG, "Basic b3RoZXI6c3dvcmRfc2VjcmV0", "Basic !!!", "basic"] {
            assert_eq!(v.check(&headers(value)).await.unwrap(), ClientCredential::Invalid, "{value}");
        }
        assert_eq!(registry.calls.load(Ordering::Relaxed), 2, "one lookup for WRONG, one for the unknown client");
    }

    #[actix_web::test]
    async fn no_basic_header_is_absent() {
        let (_, v) = verifier(false);
        assert_eq!(v.check(&HeaderMap::new()).await.unwrap(), ClientCredential::Absent);
        assert_eq!(v.check(&headers("Bearer abc")).await.unwrap(), ClientCredential::Absent);
    }

    #[actix_web::test]
    async fn a_registry_outage_is_an_error_and_is_not_remembered() {
        let (registry, v) = verifier(true);
        assert!(matches!(v.check(&headers(GOOD)).await, Err(AppError::Unavailable(_))));
        assert!(v.check(&headers(GOOD)).await.is_err());
        assert_eq!(registry.calls.load(Ordering::Relaxed), 2);
    }
}
