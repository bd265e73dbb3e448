//! Password hashes. The client sends md5(plain) as lower hex; we store bcrypt over that md5.
//! Accounts imported from BladeX carry `sha1(md5)`: verified once, then upgraded to bcrypt.
//! Hashing runs on a bounded blocking pool so that a login storm cannot exhaust CPU or memory.
use std::sync::{Arc, LazyLock};

use keeper_common::AppError;
use md5::{Digest, Md5};
use sha1::Sha1;
use tokio::sync::Semaphore;

static HASHING: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2))));

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Match,
    /// Matched a legacy sha1 hash: the caller should store a bcrypt hash instead.
    MatchLegacy,
    Mismatch,
}

pub fn md5_hex(plain: &str) -> String {
    hex::encode(Md5::digest(plain.as_bytes()))
}

pub fn sha1_hex(s: &str) -> String {
    hex::encode(Sha1::digest(s.as_bytes()))
}

/// A wire password must be 32 lower-case hex characters (md5).
pub fn is_md5_hex(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

async fn on_pool<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    let _permit = HASHING.clone().acquire_owned().await.map_err(AppError::internal)?;
    tokio::task::spawn_blocking(f).await.map_err(AppError::internal)
}

/// bcrypt of the md5 hex the client sent.
pub async fn hash(md5hex: &str, cost: u32) -> Result<String, AppError> {
    let m = md5hex.to_ascii_lowercase();
    on_pool(move || bcrypt::hash(m, cost)).await?.map_err(AppError::internal)
}

pub async fn verify(md5hex: &str, stored: &str) -> Result<Verdict, AppError> {
    let m = md5hex.to_ascii_lowercase();
    if stored.starts_with("$2") {
        let stored = stored.to_string();
        let ok = on_pool(move || bcrypt::verify(m, &stored).unwrap_or(false)).await?;
        return Ok(if ok { Verdict::Match } else { Verdict::Mismatch });
    }
    if stored.len() == 40 && constant_time_eq(sha1_hex(&m).as_bytes(), stored.to_ascii_lowercase().as_bytes()) {
        return Ok(Verdict::MatchLegacy);
    }
    Ok(Verdict::Mismatch)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// OAuth client secrets are high-volume checks (the gateway sees the Basic header on every call),
/// so they use a salted SHA-256 rather than bcrypt: `sha256$<salt>$<hex>`.
pub fn hash_client_secret(secret: &str) -> String {
    let salt = hex::encode(rand::random::<[u8; 8]>());
    format!("sha256${salt}${}", salted(&salt, secret))
}

pub fn verify_client_secret(secret: &str, stored: &str) -> bool {
    let mut parts = stored.splitn(3, '$');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("sha256"), Some(salt), Some(hex)) => constant_time_eq(salted(salt, secret).as_bytes(), hex.as_bytes()),
        _ => false,
    }
}

fn salted(salt: &str, secret: &str) -> String {
    use sha2::Sha256;
    let mut h = Sha256::new();
    h.update(salt.as_bytes());
    h.update(secret.as_bytes());
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_match_the_contract_examples() {
        assert_eq!(md5_hex("admin"), "21232f297a57a5a743894a0e4a801fc3");
        assert_eq!(sha1_hex(&md5_hex("admin")), "90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad");
    }

    #[tokio::test]
    async fn bcrypt_and_legacy_hashes_verify() {
        let m = md5_hex("123456");
        let h = hash(&m, 4).await.unwrap();
        assert_eq!(verify(&m, &h).await.unwrap(), Verdict::Match);
        assert_eq!(verify(&md5_hex("x"), &h).await.unwrap(), Verdict::Mismatch);
        assert_eq!(verify(&m, "10470c3b4b1fed12c3baac014be15fac67c6e815").await.unwrap(), Verdict::MatchLegacy);
        assert_eq!(verify(&md5_hex("x"), "10470c3b4b1fed12c3baac014be15fac67c6e815").await.unwrap(), Verdict::Mismatch);
    }
}
