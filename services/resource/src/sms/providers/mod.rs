//! The SMS providers a configuration may name, each spoken in its own HTTP API with its own request signing
//! (`aliyun`, `tencent`, `qiniu`, `yunpian`). A provider either takes the message, refuses it with its reason
//! (the caller's 400), or cannot be reached or understood (a 503): never an error of ours.
pub mod aliyun;
pub mod qiniu;
pub mod tencent;
pub mod yunpian;

#[cfg(test)]
mod tests;

use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use reqwest::Url;
use serde_json::Value;

use crate::entity::sms;
use crate::sms::params::TemplateParams;

/// Kinds of SMS service (`res_sms.category`, dictionary `sms`); the numbers are stored and sent on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Yunpian = 1,
    Qiniu = 2,
    Aliyun = 3,
    Tencent = 4,
}

impl Category {
    pub const ALL: [Category; 4] = [Category::Yunpian, Category::Qiniu, Category::Aliyun, Category::Tencent];

    pub fn from_code(code: i32) -> Option<Category> {
        Category::ALL.into_iter().find(|c| *c as i32 == code)
    }

    pub fn name(self) -> &'static str {
        match self {
            Category::Yunpian => "云片",
            Category::Qiniu => "七牛云",
            Category::Aliyun => "阿里云",
            Category::Tencent => "腾讯云",
        }
    }

    /// The provider's public API address, used when a configuration names none.
    pub fn default_endpoint(self) -> &'static str {
        match self {
            Category::Yunpian => "https://sms.yunpian.com",
            Category::Qiniu => "https://sms.qiniuapi.com",
            Category::Aliyun => "https://dysmsapi.aliyuncs.com",
            Category::Tencent => "https://sms.tencentcloudapi.com",
        }
    }

    /// The region a configuration gets when it names none (the two providers whose API takes one).
    pub fn default_region(self) -> &'static str {
        match self {
            Category::Aliyun => "cn-hangzhou",
            Category::Tencent => "ap-guangzhou",
            Category::Yunpian | Category::Qiniu => "",
        }
    }

    /// Yunpian authenticates by its API key alone; the others sign requests with a secret.
    pub fn needs_secret(self) -> bool {
        self != Category::Yunpian
    }
}

/// What a provider needs of a configuration to send.
#[derive(Debug, Clone)]
pub struct Account {
    pub category: Category,
    pub base: Url,
    pub access_key: String,
    pub secret_key: String,
    pub app_id: String,
    pub region_id: String,
    pub sign_name: String,
    pub template_id: String,
}

impl Account {
    pub fn from_row(row: &sms::Model) -> Result<Account, Failure> {
        let category = Category::from_code(row.category).ok_or_else(|| Failure::Refused("不支持的短信服务类型".into()))?;
        let endpoint = if row.endpoint.is_empty() { category.default_endpoint() } else { row.endpoint.as_str() };
        let base = Url::parse(endpoint).map_err(|_| Failure::Refused("短信服务地址无效".into()))?;
        let region = if row.region_id.is_empty() { category.default_region() } else { row.region_id.as_str() };
        Ok(Account {
            category,
            base,
            access_key: row.access_key.clone(),
            secret_key: row.secret_key.clone(),
            app_id: row.app_id.clone(),
            region_id: region.to_string(),
            sign_name: row.sign_name.clone(),
            template_id: row.template_id.clone(),
        })
    }

    /// The address of an API path under the configured base (which may itself have a path: a private gateway).
    fn url(&self, path: &str) -> Url {
        let mut url = self.base.clone();
        let joined = format!("{}{}", self.base.path().trim_end_matches('/'), path);
        url.set_path(&joined);
        url
    }
}

/// One message: a template's variables for each of the numbers.
#[derive(Debug, Clone, Copy)]
pub struct Message<'a> {
    pub phones: &'a [String],
    pub params: &'a TemplateParams,
}

/// A message the provider took, with its id for it (BizId, SerialNo, job_id, sid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub reference: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The provider answered and refused, with its reason.
    Refused(String),
    /// No answer, a server error, or an answer in no shape the provider documents.
    Unreachable(String),
}

impl Failure {
    pub fn reason(&self) -> &str {
        match self {
            Failure::Refused(r) | Failure::Unreachable(r) => r,
        }
    }
}

/// The client every SMS request goes through: a provider that does not answer holds a request at most 10 s.
pub fn http_client() -> reqwest::Client {
    keeper_client::tls::install_crypto_provider();
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10))
        .pool_idle_timeout(Duration::from_secs(30))
        .build()
        .expect("reqwest client")
}

pub async fn send(http: &reqwest::Client, account: &Account, msg: Message<'_>) -> Result<Delivery, Failure> {
    match account.category {
        Category::Aliyun => aliyun::send(http, account, msg).await,
        Category::Tencent => tencent::send(http, account, msg).await,
        Category::Qiniu => qiniu::send(http, account, msg).await,
        Category::Yunpian => yunpian::send(http, account, msg).await,
    }
}

/// `host[:port]` as the request's Host header carries it (the port only when it is not the scheme's default),
/// which is what the signatures cover.
pub fn host(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    }
}

/// Sends a request and reads the JSON answer with its status. Server errors and unreadable answers are the
/// provider's trouble, not a refusal of this message.
async fn exchange(rb: reqwest::RequestBuilder) -> Result<(u16, Value), Failure> {
    let resp = rb.send().await.map_err(|e| {
        tracing::warn!(error = %e, "SMS provider unreachable");
        Failure::Unreachable(if e.is_timeout() { "短信服务响应超时".into() } else { "短信服务无法连接".into() })
    })?;
    let status = resp.status().as_u16();
    let body = resp.bytes().await.map_err(|_| Failure::Unreachable("短信服务应答中断".into()))?;
    if status >= 500 {
        tracing::warn!(status, body = %String::from_utf8_lossy(&body), "SMS provider failed");
        return Err(Failure::Unreachable(format!("短信服务异常 (HTTP {status})")));
    }
    match serde_json::from_slice(&body) {
        Ok(v) => Ok((status, v)),
        Err(_) => {
            tracing::warn!(status, body = %String::from_utf8_lossy(&body), "SMS provider answered in an unknown shape");
            Err(Failure::Unreachable(format!("短信服务应答无法识别 (HTTP {status})")))
        }
    }
}

/// `message (code)` of a refusal, or what is there of it.
fn refusal(message: Option<&str>, code: Option<&str>) -> Failure {
    let text = match (message.filter(|m| !m.is_empty()), code.filter(|c| !c.is_empty())) {
        (Some(m), Some(c)) => format!("{m} ({c})"),
        (Some(m), None) => m.to_string(),
        (None, Some(c)) => c.to_string(),
        (None, None) => "短信服务拒绝了请求".to_string(),
    };
    Failure::Refused(text)
}

pub fn hmac_sha1(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut mac = <Hmac<sha1::Sha1> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

pub fn hmac_sha256(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

pub fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(data))
}
