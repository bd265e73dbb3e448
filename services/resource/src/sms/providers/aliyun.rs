//! Aliyun SMS (Dysmsapi 2017-05-25 `SendSms`), an RPC-style API signed with signature V1: the parameters,
//! sorted by name and percent-encoded by RFC 3986, form the canonicalized query; the string to sign is
//! `POST&%2F&` + its percent-encoding; the signature is Base64(HMAC-SHA1(`<AccessKey Secret>&`, string)).
//! The parameters and the signature travel as a form body. Success is `Code == "OK"`.
use base64::Engine;
use chrono::{DateTime, Utc};

use super::{Account, Delivery, Failure, Message, exchange, hmac_sha1, refusal};

pub const VERSION: &str = "2017-05-25";

/// RFC 3986 percent-encoding as Aliyun specifies it: all but `A-Z a-z 0-9 - _ . ~`, upper-case hex of the
/// UTF-8 bytes (so a space is `%20`, `*` is `%2A` and `~` stays).
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The parameters (without `Signature`) sorted by name, encoded and joined: `k=v&k=v`.
pub fn canonicalized_query(params: &[(String, String)]) -> String {
    let mut sorted: Vec<(String, String)> =
        params.iter().filter(|(k, _)| k != "Signature").map(|(k, v)| (percent_encode(k), percent_encode(v))).collect();
    sorted.sort();
    sorted.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

pub fn string_to_sign(method: &str, params: &[(String, String)]) -> String {
    format!("{method}&{}&{}", percent_encode("/"), percent_encode(&canonicalized_query(params)))
}

pub fn signature(method: &str, params: &[(String, String)], secret: &str) -> String {
    let mac = hmac_sha1(format!("{secret}&").as_bytes(), string_to_sign(method, params).as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac)
}

/// The signed parameters of one `SendSms` call (all numbers in one request: `PhoneNumbers` is a comma list).
pub fn signed_params(account: &Account, msg: Message<'_>, at: DateTime<Utc>, nonce: &str) -> Vec<(String, String)> {
    let mut params: Vec<(String, String)> = [
        ("AccessKeyId", account.access_key.as_str()),
        ("Action", "SendSms"),
        ("Format", "JSON"),
        ("RegionId", account.region_id.as_str()),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", nonce),
        ("SignatureVersion", "1.0"),
        ("Version", VERSION),
        ("SignName", account.sign_name.as_str()),
        ("TemplateCode", account.template_id.as_str()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    params.push(("Timestamp".into(), at.format("%Y-%m-%dT%H:%M:%SZ").to_string()));
    params.push(("PhoneNumbers".into(), msg.phones.join(",")));
    if !msg.params.is_empty() {
        params.push(("TemplateParam".into(), msg.params.to_json()));
    }
    let sig = signature("POST", &params, &account.secret_key);
    params.push(("Signature".into(), sig));
    params
}

pub(super) async fn send(http: &reqwest::Client, account: &Account, msg: Message<'_>) -> Result<Delivery, Failure> {
    let params = signed_params(account, msg, Utc::now(), &uuid::Uuid::new_v4().to_string());
    let body = params.iter().map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v))).collect::<Vec<_>>().join("&");
    let rb = http
        .post(account.url("/"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Accept", "application/json")
        .body(body);
    let (_, reply) = exchange(rb).await?;
    let code = reply["Code"].as_str();
    match code {
        Some("OK") => Ok(Delivery { reference: reply["BizId"].as_str().unwrap_or_default().to_string() }),
        Some(_) => Err(refusal(reply["Message"].as_str(), code)),
        None => Err(Failure::Unreachable("短信服务应答无法识别".into())),
    }
}
