//! Tencent Cloud SMS: TC3-HMAC-SHA256 recomputed from the received headers and body.
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use super::*;
use crate::sms::providers::tencent::{ACTION, VERSION, canonical_request, credential_scope, signature, string_to_sign};

#[test]
fn the_documented_example_signs_to_the_documented_value() {
    // Tencent Cloud's "Signature v3" example: CVM DescribeInstances at 1551113065.
    let payload = br#"{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}"#;
    let headers = [("Content-Type", "application/json; charset=utf-8"), ("Host", "cvm.tencentcloudapi.com")];
    let (request, signed) = canonical_request("POST", "/", "", &headers, payload);
    assert_eq!(
        request,
        "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n\
         35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064"
    );
    assert_eq!(signed, "content-type;host");
    let scope = credential_scope(1551113065, "cvm");
    assert_eq!(scope, "2019-02-25/cvm/tc3_request", "the UTC date, not the local one");
    let to_sign = string_to_sign(1551113065, &scope, &request);
    assert_eq!(
        to_sign,
        "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031"
    );
    assert_eq!(
        signature("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", &scope, &to_sign),
        "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168"
    );
}

fn error(code: &str, message: &str) -> (u16, Value) {
    (200, json!({ "Response": { "Error": { "Code": code, "Message": message }, "RequestId": "ed93f3cb" } }))
}

/// The part of `Credential=…, SignedHeaders=…, Signature=…` after `name=`.
fn auth_part<'a>(auth: &'a str, name: &str) -> &'a str {
    auth.split(", ").find_map(|p| p.strip_prefix(name)).unwrap_or_default()
}

/// SendSms as documented: the signature recomputed over the headers the request says it signed.
fn send_sms(r: &Received) -> (u16, Value) {
    let auth = r.header("Authorization");
    let Some(auth) = auth.strip_prefix("TC3-HMAC-SHA256 ") else {
        return error("AuthFailure.InvalidAuthorization", "Authorization is invalid.");
    };
    let credential = auth_part(auth, "Credential=");
    let signed = auth_part(auth, "SignedHeaders=");
    let Some((secret_id, scope)) = credential.split_once('/') else {
        return error("AuthFailure.InvalidAuthorization", "Credential is invalid.");
    };
    if secret_id != ACCESS_KEY {
        return error("AuthFailure.SecretIdNotFound", "The SecretId is not found.");
    }
    let timestamp: i64 = r.header("X-TC-Timestamp").parse().unwrap_or_default();
    let fresh = DateTime::from_timestamp(timestamp, 0).is_some_and(|t| (Utc::now() - t).num_minutes().abs() < 5);
    if !fresh || scope != credential_scope(timestamp, "sms") {
        return error("AuthFailure.SignatureExpire", "Signature expired.");
    }
    let names: Vec<&str> = signed.split(';').collect();
    if !names.contains(&"content-type") || !names.contains(&"host") {
        return error("AuthFailure.SignatureFailure", "content-type and host must be signed.");
    }
    let headers: Vec<(&str, &str)> = names.iter().map(|n| (*n, r.header(n))).collect();
    let (request, _) = canonical_request(&r.method, &r.path, &r.query, &headers, &r.body);
    if signature(SECRET, scope, &string_to_sign(timestamp, scope, &request)) != auth_part(auth, "Signature=") {
        return error("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");
    }
    if r.header("X-TC-Action") != ACTION || r.header("X-TC-Version") != VERSION || r.header("X-TC-Region").is_empty() {
        return error("InvalidAction", "The action or version is not valid.");
    }
    let body = r.json();
    let statuses: Vec<Value> = body["PhoneNumberSet"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let phone = p.as_str().unwrap_or_default();
            if phone == format!("+86{REFUSED_PHONE}") {
                json!({ "SerialNo": "", "PhoneNumber": phone, "Fee": 0, "Code": "LimitExceeded.PhoneNumberDailyLimit", "Message": "单个手机号日下发短信条数超过设定的上限", "IsoCode": "CN" })
            } else {
                json!({ "SerialNo": format!("2028:{phone}"), "PhoneNumber": phone, "Fee": 1, "Code": "Ok", "Message": "send success", "IsoCode": "CN" })
            }
        })
        .collect();
    (200, json!({ "Response": { "SendStatusSet": statuses, "RequestId": "a0aabda6" } }))
}

#[actix_web::test]
async fn a_signed_send_sms_is_accepted_with_the_values_in_template_order() {
    let provider = stand_in(send_sms).await;
    let numbered = TemplateParams::parse("params", Some(r#"{"2":"5","1":"246810"}"#)).unwrap();
    let got = send_to(&account(Category::Tencent, &provider.base, SECRET), &["13800138000"], &numbered).await;
    assert_eq!(got, Ok(super::super::Delivery { reference: "2028:+8613800138000".into() }));
    let seen = provider.last();
    assert_eq!(seen.header("X-TC-Region"), "ap-guangzhou");
    let body = seen.json();
    assert_eq!(body["PhoneNumberSet"], json!(["+8613800138000"]));
    assert_eq!(body["TemplateParamSet"], json!(["246810", "5"]), "numbered keys in numeric order");
    assert_eq!(
        (body["SmsSdkAppId"].as_str(), body["TemplateId"].as_str(), body["SignName"].as_str()),
        (Some("1400000001"), Some("SMS_100001"), Some("经济园区"))
    );
    send_to(&account(Category::Tencent, &provider.base, SECRET), &["13800138000"], &code_params()).await.unwrap();
    assert_eq!(provider.last().json()["TemplateParamSet"], json!(["246810", "5"]), "named keys in the order given");
}

#[actix_web::test]
async fn a_wrong_secret_is_refused_by_the_signature_check() {
    let provider = stand_in(send_sms).await;
    let got = send_to(&account(Category::Tencent, &provider.base, "not-the-secret"), &["13800138000"], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("The provided credentials could not be validated. (AuthFailure.SignatureFailure)".into())));
}

#[actix_web::test]
async fn one_refused_number_fails_the_send_with_its_reason() {
    let provider = stand_in(send_sms).await;
    let got = send_to(&account(Category::Tencent, &provider.base, SECRET), &["13800138000", REFUSED_PHONE], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("单个手机号日下发短信条数超过设定的上限 (LimitExceeded.PhoneNumberDailyLimit)".into())));
}
