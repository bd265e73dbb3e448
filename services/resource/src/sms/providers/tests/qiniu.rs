//! Qiniu SMS: the management credential v2 recomputed from the received request.
use serde_json::{Value, json};

use super::*;
use crate::sms::providers::qiniu::{PATH, signing_data, token};

#[test]
fn the_documented_example_signs_to_the_documented_value() {
    // Qiniu's management-credential example: the HMAC-SHA1 of the data under MY_SECRET_KEY, URL-safe Base64.
    let data = b"/move/bmV3ZG9jczpmaW5kX21hbi50eHQ=/bmV3ZG9jczpmaW5kLm1hbi50eHQ=\n";
    assert_eq!(token("MY_ACCESS_KEY", "MY_SECRET_KEY", data), "MY_ACCESS_KEY:FXsYh0wKHYPEsIAgdPD9OfjkeEM=");
}

#[test]
fn the_signed_data_has_the_documented_shape() {
    let body = br#"{"a":1}"#;
    let data = signing_data("POST", "/v1/message", Some("x=1"), "sms.qiniuapi.com", Some("application/json"), body);
    assert_eq!(
        String::from_utf8(data).unwrap(),
        "POST /v1/message?x=1\nHost: sms.qiniuapi.com\nContent-Type: application/json\n\n{\"a\":1}"
    );
    let binary = signing_data("POST", "/v1/message", None, "sms.qiniuapi.com", Some("application/octet-stream"), body);
    assert_eq!(String::from_utf8(binary).unwrap(), "POST /v1/message\nHost: sms.qiniuapi.com\nContent-Type: application/octet-stream\n\n");
    let none = signing_data("GET", "/v1/template", None, "sms.qiniuapi.com", None, b"");
    assert_eq!(String::from_utf8(none).unwrap(), "GET /v1/template\nHost: sms.qiniuapi.com\n\n");
}

/// `POST /v1/message` as documented: the `Qiniu <AK>:<sign>` recomputed from method, path, Host, type, body.
fn message(r: &Received) -> (u16, Value) {
    let Some((ak, _)) = r.header("Authorization").strip_prefix("Qiniu ").and_then(|t| t.split_once(':')) else {
        return (401, json!({ "error": "bad token" }));
    };
    let query = (!r.query.is_empty()).then_some(r.query.as_str());
    let content_type = Some(r.header("Content-Type")).filter(|c| !c.is_empty());
    let data = signing_data(&r.method, &r.path, query, r.header("Host"), content_type, &r.body);
    if ak != ACCESS_KEY || token(ak, SECRET, &data) != r.header("Authorization")["Qiniu ".len()..] {
        return (401, json!({ "error": "bad token" }));
    }
    let body = r.json();
    if r.path != PATH || body["template_id"].as_str().is_none_or(str::is_empty) {
        return (400, json!({ "error": "BadRequest", "message": "template_id is required" }));
    }
    if body["mobiles"].as_array().into_iter().flatten().any(|m| m.as_str() == Some(REFUSED_PHONE)) {
        return (400, json!({ "error": "MobilesInBlacklist", "message": "手机号在黑名单中" }));
    }
    (200, json!({ "job_id": "5e0a0e7a-job" }))
}

#[actix_web::test]
async fn a_signed_message_is_accepted_with_its_template_and_parameters() {
    let provider = stand_in(message).await;
    let got = send_to(&account(Category::Qiniu, &provider.base, SECRET), &["13800138000"], &code_params()).await;
    assert_eq!(got, Ok(super::super::Delivery { reference: "5e0a0e7a-job".into() }));
    let body = provider.last().json();
    assert_eq!(
        body,
        json!({ "template_id": "SMS_100001", "mobiles": ["13800138000"], "parameters": { "code": "246810", "minutes": "5" } })
    );
}

#[actix_web::test]
async fn a_wrong_secret_is_refused_by_the_signature_check() {
    let provider = stand_in(message).await;
    let got = send_to(&account(Category::Qiniu, &provider.base, "not-the-secret"), &["13800138000"], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("bad token".into())));
}

#[actix_web::test]
async fn a_refusal_of_the_number_carries_the_provider_reason() {
    let provider = stand_in(message).await;
    let got = send_to(&account(Category::Qiniu, &provider.base, SECRET), &[REFUSED_PHONE], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("手机号在黑名单中 (MobilesInBlacklist)".into())));
}
