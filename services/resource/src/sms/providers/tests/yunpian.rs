//! Yunpian: the API key checked and `tpl_value` decoded the way Yunpian documents it.
use serde_json::{Value, json};

use super::*;
use crate::sms::providers::yunpian::{BATCH_PATH, SINGLE_PATH};

fn field<'a>(form: &'a [(String, String)], name: &str) -> &'a str {
    form.iter().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str())
}

fn sent(mobile: &str) -> Value {
    if mobile == REFUSED_PHONE {
        json!({ "code": 22, "msg": "验证码类短信1小时内同一手机号发送次数不能超过3次", "count": 0, "fee": 0, "unit": "RMB", "mobile": mobile, "sid": 0 })
    } else {
        json!({ "code": 0, "msg": "发送成功", "count": 1, "fee": 0.05, "unit": "RMB", "mobile": mobile, "sid": 3310228982u64 })
    }
}

/// `tpl_single_send.json` and `tpl_batch_send.json` as documented: the apikey, then one answer per number.
fn tpl_send(r: &Received) -> (u16, Value) {
    let form = r.form();
    if field(&form, "apikey") != ACCESS_KEY {
        return (401, json!({ "http_status_code": 401, "code": -1, "msg": "非法的apikey", "detail": "请检查的apikey是否正确" }));
    }
    let pairs: Result<Vec<(String, String)>, _> = serde_urlencoded::from_str(field(&form, "tpl_value"));
    if field(&form, "tpl_id").parse::<u64>().is_err() || pairs.is_err() {
        return (
            400,
            json!({ "http_status_code": 400, "code": 2, "msg": "请求参数格式错误", "detail": "参数 tpl_id 或 tpl_value 格式不正确" }),
        );
    }
    let mobiles: Vec<&str> = field(&form, "mobile").split(',').collect();
    match r.path.as_str() {
        SINGLE_PATH if mobiles.len() == 1 => {
            let one = sent(mobiles[0]);
            (if one["code"] == 0 { 200 } else { 400 }, one)
        }
        BATCH_PATH => (
            200,
            json!({ "total_count": mobiles.len(), "total_fee": "0.0500", "unit": "RMB", "data": mobiles.iter().map(|m| sent(m)).collect::<Vec<_>>() }),
        ),
        _ => (404, json!({ "http_status_code": 404, "code": 5, "msg": "未找到对应模板" })),
    }
}

#[actix_web::test]
async fn one_number_goes_by_single_send_with_the_template_values() {
    let provider = stand_in(tpl_send).await;
    let got = send_to(&account(Category::Yunpian, &provider.base, ""), &["13800138000"], &code_params()).await;
    assert_eq!(got, Ok(super::super::Delivery { reference: "3310228982".into() }));
    let seen = provider.last();
    assert_eq!(seen.path, SINGLE_PATH);
    let form = seen.form();
    assert_eq!(field(&form, "tpl_id"), "1234567");
    assert_eq!(field(&form, "tpl_value"), "%23code%23=246810&%23minutes%23=5");
}

#[actix_web::test]
async fn several_numbers_go_by_batch_send_and_one_refusal_fails_the_send() {
    let provider = stand_in(tpl_send).await;
    let account = account(Category::Yunpian, &provider.base, "");
    assert!(send_to(&account, &["13800138000", "13700137000"], &code_params()).await.is_ok());
    assert_eq!(provider.last().path, BATCH_PATH);
    assert_eq!(field(&provider.last().form(), "mobile"), "13800138000,13700137000");
    let got = send_to(&account, &["13800138000", REFUSED_PHONE], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("验证码类短信1小时内同一手机号发送次数不能超过3次 (22)".into())));
    let single = send_to(&account, &[REFUSED_PHONE], &code_params()).await;
    assert_eq!(single, Err(Failure::Refused("验证码类短信1小时内同一手机号发送次数不能超过3次 (22)".into())));
}

#[actix_web::test]
async fn a_wrong_api_key_is_refused() {
    let provider = stand_in(tpl_send).await;
    let mut wrong = account(Category::Yunpian, &provider.base, "");
    wrong.access_key = "not-the-key".into();
    let got = send_to(&wrong, &["13800138000"], &code_params()).await;
    assert_eq!(got, Err(Failure::Refused("请检查的apikey是否正确 (-1)".into())));
}
