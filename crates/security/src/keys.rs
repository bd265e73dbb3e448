//! The installation's JWT signing key: configured, or generated once and persisted in the data directory.
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Serialize, de::DeserializeOwned};

use crate::claims::{AUDIENCE, Claims};

/// Keys that appear in public code and must never sign a Keeper token.
const KNOWN_DEFAULT_KEYS: &[&str] = &[
    "bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject",
    "secret",
    "changeme",
    "keeper",
    "your-256-bit-secret",
    "0123456789abcdef0123456789abcdef",
    "abcdefghijklmnopqrstuvwxyz012345",
];
pub const MIN_KEY_BYTES: usize = 32;
const KEY_FILE: &str = "jwt.key";

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("KEEPER_JWT_SECRET is shorter than {MIN_KEY_BYTES} bytes; refusing to start")]
    TooShort,
    #[error("KEEPER_JWT_SECRET is a publicly known default key; refusing to start")]
    KnownDefault,
    #[error("cannot read or create the JWT key file {0}: {1}")]
    File(String, std::io::Error),
}

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Access tokens already verified, by their exact text (`verify_access`).
    verified: moka::future::Cache<Arc<str>, Arc<Claims>>,
}

/// How many verified access tokens each process keeps, and how long: a signed-in user sends the same
/// token with every request until it is refreshed.
const VERIFIED_TOKENS: u64 = 4_096;
const VERIFIED_FOR: Duration = Duration::from_secs(60);

impl std::fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtKeys(***)")
    }
}

impl JwtKeys {
    pub fn from_secret(secret: &[u8]) -> Result<Self, KeyError> {
        if secret.len() < MIN_KEY_BYTES {
            return Err(KeyError::TooShort);
        }
        let lower = String::from_utf8_lossy(secret).to_ascii_lowercase();
        if KNOWN_DEFAULT_KEYS.iter().any(|k| *k == lower) {
            return Err(KeyError::KnownDefault);
        }
        Ok(JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            verified: moka::future::Cache::builder().max_capacity(VERIFIED_TOKENS).time_to_live(VERIFIED_FOR).build(),
        })
    }

    /// The configured secret, else the one persisted under `data_dir`, else a new random one written there.
    pub fn load(configured: Option<&str>, data_dir: &Path) -> Result<Self, KeyError> {
        if let Some(s) = configured {
            return Self::from_secret(s.as_bytes());
        }
        let path = data_dir.join(KEY_FILE);
        let err = |e| KeyError::File(path.display().to_string(), e);
        if let Ok(text) = std::fs::read_to_string(&path)
            && !text.trim().is_empty()
        {
            return Self::from_secret(text.trim().as_bytes());
        }
        std::fs::create_dir_all(data_dir).map_err(err)?;
        // Several processes may start at once: write a private temp file, then link it into place;
        // whoever links first wins and everybody reads the winner's key.
        let secret = hex::encode(rand::random::<[u8; 48]>());
        let tmp = data_dir.join(format!(".{KEY_FILE}.{}", std::process::id()));
        {
            let mut opts = std::fs::OpenOptions::new();
            opts.write(true).create(true).truncate(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
            let mut f = opts.open(&tmp).map_err(err)?;
            f.write_all(secret.as_bytes()).map_err(err)?;
            f.sync_all().map_err(err)?;
        }
        let linked = std::fs::hard_link(&tmp, &path);
        let _ = std::fs::remove_file(&tmp);
        match linked {
            Ok(()) => Self::from_secret(secret.as_bytes()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let text = std::fs::read_to_string(&path).map_err(err)?;
                Self::from_secret(text.trim().as_bytes())
            }
            Err(e) => Err(err(e)),
        }
    }

    pub fn sign<T: Serialize>(&self, claims: &T) -> anyhow::Result<String> {
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)?)
    }

    /// Verifies signature (HS256 only: `alg=none` and other algorithms are refused), expiry,
    /// not-before, issuer and audience.
    pub fn verify<T: DeserializeOwned>(&self, token: &str, audience: &str) -> Option<T> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[crate::claims::ISSUER]);
        v.set_audience(&[audience]);
        v.validate_nbf = true;
        v.leeway = 0;
        v.set_required_spec_claims(&["exp", "nbf", "iss", "aud"]);
        jsonwebtoken::decode::<T>(token, &self.decoding, &v).ok().map(|d| d.claims)
    }
}

impl JwtKeys {
    /// An access token's claims, verified as `verify` does (signature, issuer, audience `AUDIENCE`), with
    /// the verification remembered by the token's exact text: every request of a signed-in user carries the
    /// same token, and HMAC, base64 and JSON parsing of it took 16 % of the gateway's CPU per request
    /// (`perf`). A remembered token is only as good as its time window, checked on every call; a byte
    /// changed anywhere in the token is another key and is verified afresh. Revocation is not decided
    /// here: the session check after it runs on every request.
    pub async fn verify_access(&self, token: &str) -> Option<Arc<Claims>> {
        let now = chrono::Utc::now().timestamp();
        let current = |c: &Claims| c.nbf <= now && now < c.exp;
        if let Some(claims) = self.verified.get(token).await {
            return current(&claims).then_some(claims);
        }
        let claims: Arc<Claims> = Arc::new(self.verify(token, AUDIENCE)?);
        if current(&claims) {
            self.verified.insert(Arc::from(token), claims.clone()).await;
        }
        Some(claims)
    }

    /// Signature, issuer and audience only: for logout, which must end a session whose access token expired.
    pub fn verify_ignoring_expiry<T: DeserializeOwned>(&self, token: &str, audience: &str) -> Option<T> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[crate::claims::ISSUER]);
        v.set_audience(&[audience]);
        v.validate_exp = false;
        v.set_required_spec_claims(&["iss", "aud"]);
        jsonwebtoken::decode::<T>(token, &self.decoding, &v).ok().map(|d| d.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_known_keys_are_refused() {
        assert!(matches!(JwtKeys::from_secret(b"short"), Err(KeyError::TooShort)));
        assert!(matches!(JwtKeys::from_secret(KNOWN_DEFAULT_KEYS[0].as_bytes()), Err(KeyError::KnownDefault)));
        assert!(JwtKeys::from_secret(&[7u8; 32]).is_ok());
    }

    fn access_claims(exp_in: i64) -> serde_json::Value {
        let now = chrono::Utc::now().timestamp();
        serde_json::json!({
            "iss": crate::claims::ISSUER, "aud": AUDIENCE, "exp": now + exp_in, "nbf": now - 1,
            "token_type": "access_token", "user_id": "1", "tenant_id": "000000", "account": "a", "nick_name": "a",
            "role_id": "", "role_name": "", "dept_id": "", "post_id": "", "client_id": "sword", "sid": "s", "jti": "j", "iat": now
        })
    }

    #[tokio::test]
    async fn a_remembered_access_token_is_still_checked_for_its_text_signature_and_time() {
        let keys = JwtKeys::from_secret(&[7u8; 32]).unwrap();
        let token = keys.sign(&access_claims(60)).unwrap();
        assert_eq!(keys.verify_access(&token).await.map(|c| c.user_id.clone()), Some("1".into()));
        assert_eq!(keys.verify_access(&token).await.map(|c| c.user_id.clone()), Some("1".into()), "remembered");
        // Another key's token, a tampered copy and an expired token are refused, remembered or not.
        let other = JwtKeys::from_secret(&[8u8; 32]).unwrap().sign(&access_claims(60)).unwrap();
        assert!(keys.verify_access(&other).await.is_none());
        let mut tampered = token.clone();
        tampered.pop();
        assert!(keys.verify_access(&tampered).await.is_none());
        let expired = keys.sign(&access_claims(-1)).unwrap();
        assert!(keys.verify_access(&expired).await.is_none());
        // A remembered token past its expiry is refused too.
        let short = keys.sign(&access_claims(1)).unwrap();
        assert!(keys.verify_access(&short).await.is_some());
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        assert!(keys.verify_access(&short).await.is_none(), "expired while remembered");
    }

    #[test]
    fn a_generated_key_is_persisted_and_reused() {
        let dir = std::env::temp_dir().join(format!("keeper-key-{}", rand::random::<u64>()));
        let a = JwtKeys::load(None, &dir).unwrap();
        let b = JwtKeys::load(None, &dir).unwrap();
        let now = chrono::Utc::now().timestamp();
        let claims = serde_json::json!({"iss": crate::claims::ISSUER, "aud": "x", "exp": now + 60, "nbf": now});
        let t = a.sign(&claims).unwrap();
        assert!(b.verify::<serde_json::Value>(&t, "x").is_some());
        assert!(b.verify::<serde_json::Value>(&t, "other-audience").is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
