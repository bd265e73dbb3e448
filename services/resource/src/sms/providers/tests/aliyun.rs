//! Aliyun Dysmsapi: signature V1 recomputed from the received form.
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use super::*;
use crate::sms::providers::aliyun::{VERSION, percent_encode, signature, string_to_sign};

fn params(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn the_documented_example_signs_to_the_documented_value() {
    // Aliyun's "Request signatures" (RPC, V1) example: DescribeRegions by testid/testsecret.
    let p = params(&[
        ("Timestamp", "2016-02-23T12:46:24Z"),
        ("Format", "XML"),
        ("AccessKeyId", "testid"),
        ("Action", "DescribeRegions"),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
        ("Version", "2014-05-26"),
        ("SignatureVersion", "1.0"),
    ]);
    assert_eq!(
        string_to_sign("GET", &p),
        "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1\
         %26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0\
         %26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26"
    );
    assert_eq!(signature("GET", &p, "testsecret"), "OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
    assert_ne!(signature("POST", &p, "testsecret"), "OLeaidS1JvxuMvnyHOwuJ+uX5qY=", "the method is signed");
}

#[test]
fn percent_encoding_follows_rfc_3986_as_aliyun_asks() {
    assert_eq!(percent_encode("a b*c~d+e/f"), "a%20b%2Ac~d%2Be%2Ff");
    assert_eq!(percent_encode("经济"), "%E7%BB%8F%E6%B5%8E");
    assert_eq!(percent_encode(r#"{"code":"1"}"#), "%7B%22code%22%3A%221%22%7D");
}

/// Dysmsapi as documented: the signature over the received parameters under `secret&`, then `Code`.
fn dysmsapi(r: &Received) -> (u16, Value) {
    let refuse = |code: &str, message: &str| {
        (if code == "OK" { 200 } else { 400 }, json!({ "Code": code, "Message": message, "RequestId": "A1B2C3" }))
    };
    let mut form = r.form();
    let Some(at) = form.iter().position(|(k, _)| k == "Signature") else {
        return refuse("MissingSignature", "Signature is mandatory for this action.");
    };
    let (_, sent) = form.remove(at);
    let get = |k: &str| form.iter().find(|(n, _)| n == k).map_or("", |(_, v)| v.as_str());
    if r.method != "POST" || get("AccessKeyId") != ACCESS_KEY {
        return refuse("InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    }
    let fresh = DateTime::parse_from_rfc3339(get("Timestamp")).is_ok_and(|t| (Utc::now() - t.with_timezone(&Utc)).num_minutes().abs() < 15);
    if !fresh || get("SignatureMethod") != "HMAC-SHA1" || get("SignatureVersion") != "1.0" || get("SignatureNonce").is_empty() {
        return refuse("InvalidTimeStamp.Expired", "Specified time stamp or date header is expired.");
    }
    if signature("POST", &form, SECRET) != sent {
        return refuse("SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
    }
    if get("Action") != "SendSms" || get("Version") != VERSION || get("Format") != "JSON" {
        return refuse("InvalidAction", "Specified action is not valid.");
    }
    if get("PhoneNumbers").split(',').any(|p| p == REFUSED_PHONE) {
        return (200, json!({ "Code": "isv.BUSINESS_LIMIT_CONTROL", "Message": "触发天级流控Permits:10", "RequestId": "A1B2C3" }));
    }
    (200, json!({ "Code": "OK", "Message": "OK", "BizId": "900619746936498440^0", "RequestId": "A1B2C3" }))
}

#[actix_web::test]
async fn a_signed_send_sms_is_accepted_with_every_parameter_in_place() {
    let provider = stand_in(dysmsapi).await;
    let got = send_to(&account(Category::Aliyun, &provider.base, SECRET), &["13800138000", "13700137000"], &code_params()).await;
    assert_eq!(got, Ok(super::super::Delivery { reference: "900619746936498440^0".into() }));
    let form = provider.last().form();
    let get = |k: &str| form.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap_or_default();
    assert_eq!(get("PhoneNumbers"), "13800138000,13700137000");
    assert_eq!(get("TemplateCode"), "SMS_100001");
    assert_eq!(get("SignName"), "经济园区");
    assert_eq!(get("RegionId"), "cn-hangzhou");
    assert_eq!(get("TemplateParam"), r#"{"code":"246810","minutes":"5"}"#);
}

#[actix_web::test]
async fn a_wrong_secret_is_refused_by_the_signature_check() {
    let provider = stand_in(dysmsapi).await;
    let got = send_to(&account(Category::Aliyun, &provider.base, "not-the-secret"), &["13800138000"], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("Specified signature is not matched with our calculation. (SignatureDoesNotMatch)".into())));
}

#[actix_web::test]
async fn a_refusal_of_the_number_carries_the_provider_reason() {
    let provider = stand_in(dysmsapi).await;
    let got = send_to(&account(Category::Aliyun, &provider.base, SECRET), &[REFUSED_PHONE], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("触发天级流控Permits:10 (isv.BUSINESS_LIMIT_CONTROL)".into())));
}
