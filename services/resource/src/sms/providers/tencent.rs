//! Tencent Cloud SMS (API 3.0 `SendSms`, version 2021-01-11), a JSON POST signed with TC3-HMAC-SHA256: a
//! canonical request (method, `/`, empty query, the signed headers lower-cased, the hex SHA-256 of the body),
//! the string to sign under the credential scope `<UTC date>/sms/tc3_request`, and a key derived from
//! `TC3<SecretKey>` through the date, the service and `tc3_request`.
//!
//! Tencent templates number their variables `{1}`, `{2}`…, and `TemplateParamSet` lists the values in that
//! order. When every key of `params` is a number the values go in numeric key order (`"2"` before `"10"`);
//! otherwise in the order the JSON object lists them. Success is a `SendStatusSet` whose every item is `Ok`.
use chrono::{DateTime, Utc};
use serde_json::json;

use super::{Account, Delivery, Failure, Message, exchange, hmac_sha256, host, refusal, sha256_hex};

pub const SERVICE: &str = "sms";
pub const ACTION: &str = "SendSms";
pub const VERSION: &str = "2021-01-11";
pub const CONTENT_TYPE: &str = "application/json; charset=utf-8";
pub const ALGORITHM: &str = "TC3-HMAC-SHA256";

/// `name:value\n` for each signed header (names and values lower-cased and trimmed, sorted by name), and the
/// `;`-joined names.
pub fn canonical_headers(headers: &[(&str, &str)]) -> (String, String) {
    let mut h: Vec<(String, String)> = headers.iter().map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_lowercase())).collect();
    h.sort();
    let canonical = h.iter().map(|(k, v)| format!("{k}:{v}\n")).collect::<String>();
    let signed = h.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(";");
    (canonical, signed)
}

pub fn canonical_request(method: &str, path: &str, query: &str, headers: &[(&str, &str)], body: &[u8]) -> (String, String) {
    let (canonical, signed) = canonical_headers(headers);
    (format!("{method}\n{path}\n{query}\n{canonical}\n{signed}\n{}", sha256_hex(body)), signed)
}

pub fn credential_scope(timestamp: i64, service: &str) -> String {
    let date = DateTime::from_timestamp(timestamp, 0).unwrap_or_default().format("%Y-%m-%d");
    format!("{date}/{service}/tc3_request")
}

pub fn string_to_sign(timestamp: i64, scope: &str, canonical_request: &str) -> String {
    format!("{ALGORITHM}\n{timestamp}\n{scope}\n{}", sha256_hex(canonical_request.as_bytes()))
}

/// Hex HMAC-SHA256 of the string to sign under the key derived from the secret, the date and the service.
pub fn signature(secret: &str, scope: &str, string_to_sign: &str) -> String {
    let mut parts = scope.split('/');
    let (date, service) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let secret_date = hmac_sha256(format!("TC3{secret}").as_bytes(), date.as_bytes());
    let secret_service = hmac_sha256(&secret_date, service.as_bytes());
    let secret_signing = hmac_sha256(&secret_service, b"tc3_request");
    hex::encode(hmac_sha256(&secret_signing, string_to_sign.as_bytes()))
}

pub fn authorization(secret_id: &str, scope: &str, signed_headers: &str, signature: &str) -> String {
    format!("{ALGORITHM} Credential={secret_id}/{scope}, SignedHeaders={signed_headers}, Signature={signature}")
}

/// The body of one `SendSms` call for all the numbers (mainland numbers get the `+86` prefix).
pub fn body(account: &Account, msg: Message<'_>) -> Vec<u8> {
    let phones: Vec<String> = msg.phones.iter().map(|p| format!("+86{p}")).collect();
    let v = json!({
        "PhoneNumberSet": phones,
        "SmsSdkAppId": account.app_id,
        "SignName": account.sign_name,
        "TemplateId": account.template_id,
        "TemplateParamSet": msg.params.positional(),
    });
    serde_json::to_vec(&v).unwrap_or_default()
}

pub(super) async fn send(http: &reqwest::Client, account: &Account, msg: Message<'_>) -> Result<Delivery, Failure> {
    let url = account.url("/");
    let body = body(account, msg);
    let timestamp = Utc::now().timestamp();
    let host = host(&url);
    let signed = [("Content-Type", CONTENT_TYPE), ("Host", host.as_str()), ("X-TC-Action", ACTION)];
    let (request, signed_headers) = canonical_request("POST", url.path(), "", &signed, &body);
    let scope = credential_scope(timestamp, SERVICE);
    let sig = signature(&account.secret_key, &scope, &string_to_sign(timestamp, &scope, &request));
    let rb = http
        .post(url)
        .header("Authorization", authorization(&account.access_key, &scope, &signed_headers, &sig))
        .header("Content-Type", CONTENT_TYPE)
        .header("X-TC-Action", ACTION)
        .header("X-TC-Version", VERSION)
        .header("X-TC-Timestamp", timestamp.to_string())
        .header("X-TC-Region", account.region_id.as_str())
        .body(body);
    let (_, reply) = exchange(rb).await?;
    let response = &reply["Response"];
    if let Some(error) = response.get("Error") {
        return Err(refusal(error["Message"].as_str(), error["Code"].as_str()));
    }
    let Some(statuses) = response["SendStatusSet"].as_array().filter(|s| !s.is_empty()) else {
        return Err(Failure::Unreachable("短信服务应答无法识别".into()));
    };
    if let Some(refused) = statuses.iter().find(|s| s["Code"].as_str() != Some("Ok")) {
        return Err(refusal(refused["Message"].as_str(), refused["Code"].as_str()));
    }
    let serials: Vec<&str> = statuses.iter().filter_map(|s| s["SerialNo"].as_str()).collect();
    Ok(Delivery { reference: serials.join(",") })
}
