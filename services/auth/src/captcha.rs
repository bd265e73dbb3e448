//! Image captchas: single use, compared ignoring case, kept five minutes in Redis (shared by replicas)
//! or in process memory (one replica, the embedded default).
use std::time::Duration;

use base64::Engine;
use keeper_common::AppError;

const TTL: Duration = Duration::from_secs(300);
const LENGTH: u32 = 5;

pub enum CaptchaStore {
    Memory(moka::future::Cache<String, String>),
    Redis(deadpool_redis::Pool),
}

fn redis_key(key: &str) -> String {
    format!("keeper:captcha:{key}")
}

impl CaptchaStore {
    pub fn memory() -> Self {
        CaptchaStore::Memory(moka::future::Cache::builder().max_capacity(200_000).time_to_live(TTL).build())
    }

    async fn put(&self, key: &str, text: &str) -> Result<(), AppError> {
        match self {
            CaptchaStore::Memory(c) => {
                c.insert(key.to_string(), text.to_string()).await;
                Ok(())
            }
            CaptchaStore::Redis(pool) => {
                let mut conn = pool.get().await.map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
                deadpool_redis::redis::cmd("SET")
                    .arg(redis_key(key))
                    .arg(text)
                    .arg("EX")
                    .arg(TTL.as_secs())
                    .query_async::<()>(&mut conn)
                    .await
                    .map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))
            }
        }
    }

    /// Removes and returns the text: a captcha answers one attempt, right or wrong.
    async fn take(&self, key: &str) -> Result<Option<String>, AppError> {
        match self {
            CaptchaStore::Memory(c) => Ok(c.remove(key).await),
            CaptchaStore::Redis(pool) => {
                let mut conn = pool.get().await.map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
                deadpool_redis::redis::cmd("GETDEL")
                    .arg(redis_key(key))
                    .query_async::<Option<String>>(&mut conn)
                    .await
                    .map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))
            }
        }
    }

    /// A new captcha: its key and a PNG data URL.
    pub async fn issue(&self) -> Result<(String, String), AppError> {
        let (text, png) = tokio::task::spawn_blocking(render).await.map_err(AppError::internal)??;
        let key = uuid::Uuid::new_v4().simple().to_string();
        self.put(&key, &text.to_ascii_lowercase()).await?;
        let image = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png));
        Ok((key, image))
    }

    /// True when `code` matches the text stored under `key`; the captcha is spent either way.
    pub async fn check(&self, key: &str, code: &str) -> Result<bool, AppError> {
        if key.trim().is_empty() || code.trim().is_empty() {
            return Ok(false);
        }
        Ok(self.take(key.trim()).await?.is_some_and(|t| t == code.trim().to_ascii_lowercase()))
    }

    /// Test support: reads a captcha's text without spending it (only with `KEEPER_PROFILE=dev`).
    pub async fn peek(&self, key: &str) -> Result<Option<String>, AppError> {
        match self {
            CaptchaStore::Memory(c) => Ok(c.get(key).await),
            CaptchaStore::Redis(pool) => {
                let mut conn = pool.get().await.map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
                deadpool_redis::redis::cmd("GET")
                    .arg(redis_key(key))
                    .query_async::<Option<String>>(&mut conn)
                    .await
                    .map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))
            }
        }
    }
}

/// Draws the text with noise and waves. Letters that read alike (0/O, 1/l/I) are left out.
fn render() -> Result<(String, Vec<u8>), AppError> {
    use captcha::Captcha;
    use captcha::filters::{Dots, Noise, Wave};
    let chars: Vec<char> = "abcdefhjkmnprstuvwxyz2345678ABCDEFGHJKMNPRSTUVWXYZ".chars().collect();
    let mut c = Captcha::new();
    c.set_chars(&chars)
        .add_chars(LENGTH)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 8.0))
        .view(130, 48)
        .apply_filter(Dots::new(6));
    let text = c.chars_as_string();
    let png = c.as_png().ok_or_else(|| AppError::internal("captcha rendering failed"))?;
    Ok((text, png))
}
