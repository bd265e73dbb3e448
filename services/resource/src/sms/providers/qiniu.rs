//! Qiniu SMS (`POST /v1/message`), signed with Qiniu's management credential v2: the HMAC-SHA1 under the
//! SecretKey of `<METHOD> <path>[?<query>]\nHost: <host>\nContent-Type: <type>\n\n<body>`, URL-safe Base64,
//! sent as `Authorization: Qiniu <AccessKey>:<sign>`. Qiniu binds the sign name to the template, so the
//! request carries none. Success is HTTP 200 with a `job_id`.
use base64::Engine;
use serde_json::json;

use super::{Account, Delivery, Failure, Message, exchange, hmac_sha1, host, refusal};

pub const PATH: &str = "/v1/message";
pub const CONTENT_TYPE: &str = "application/json";

/// The data a request's signature covers. The body counts only with a content type other than
/// `application/octet-stream`; the blank line is there either way.
pub fn signing_data(method: &str, path: &str, query: Option<&str>, host: &str, content_type: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut data = format!("{method} {path}");
    if let Some(q) = query.filter(|q| !q.is_empty()) {
        data.push('?');
        data.push_str(q);
    }
    data.push_str("\nHost: ");
    data.push_str(host);
    if let Some(ct) = content_type.filter(|c| !c.is_empty()) {
        data.push_str("\nContent-Type: ");
        data.push_str(ct);
    }
    data.push_str("\n\n");
    let mut data = data.into_bytes();
    if content_type.is_some_and(|c| !c.is_empty() && c != "application/octet-stream") {
        data.extend_from_slice(body);
    }
    data
}

/// `<AccessKey>:<urlsafe_base64(hmac_sha1(SecretKey, data))>`.
pub fn token(access_key: &str, secret_key: &str, data: &[u8]) -> String {
    let sign = base64::engine::general_purpose::URL_SAFE.encode(hmac_sha1(secret_key.as_bytes(), data));
    format!("{access_key}:{sign}")
}

pub fn body(account: &Account, msg: Message<'_>) -> Vec<u8> {
    let v = json!({ "template_id": account.template_id, "mobiles": msg.phones, "parameters": msg.params });
    serde_json::to_vec(&v).unwrap_or_default()
}

pub(super) async fn send(http: &reqwest::Client, account: &Account, msg: Message<'_>) -> Result<Delivery, Failure> {
    let url = account.url(PATH);
    let body = body(account, msg);
    let data = signing_data("POST", url.path(), url.query(), &host(&url), Some(CONTENT_TYPE), &body);
    let rb = http
        .post(url)
        .header("Authorization", format!("Qiniu {}", token(&account.access_key, &account.secret_key, &data)))
        .header("Content-Type", CONTENT_TYPE)
        .body(body);
    let (status, reply) = exchange(rb).await?;
    match (status, reply["job_id"].as_str()) {
        (200, Some(job)) => Ok(Delivery { reference: job.to_string() }),
        (200, None) => Err(Failure::Unreachable("短信服务应答无法识别".into())),
        // Refusals carry `error` (a code or a sentence) and sometimes a `message` besides.
        _ => match (reply["message"].as_str(), reply["error"].as_str()) {
            (Some(message), error) => Err(refusal(Some(message), error)),
            (None, error) => Err(refusal(error, None)),
        },
    }
}
