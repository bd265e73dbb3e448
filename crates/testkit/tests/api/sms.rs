//! SMS through the gateway (api-contract §8.4, §8.5): configurations keep their codes unique among a
//! tenant's live rows, never show their secrets and have one enabled; tenants see only their own; a
//! verification code reaches the provider (a stand-in Yunpian started by the test), opens once, dies after
//! five wrong tries or five minutes, and a number gets at most one a minute and ten an hour; every send is
//! in the log with the code masked; a provider's refusal is a 400 and a silent provider a 503.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpResponse, HttpServer, web};
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::support::resource::{form, get, post};
use crate::support::{exec, member, platform_token, sign_in};

pub(crate) const API_KEY: &str = "yunpian-api-key";
/// A number the stand-in provider refuses, as Yunpian refuses one over its hourly limit.
const REFUSED: &str = "13900000000";
const SECRET: &str = "Secret-Never-Shown-9";

/// `(mobile, template variables)` of each message a stand-in provider took.
pub(crate) type Taken = Arc<Mutex<Vec<(String, HashMap<String, String>)>>>;

/// A stand-in for Yunpian's `tpl_single_send.json` and `tpl_batch_send.json`: checks the API key and keeps
/// every message it took.
pub(crate) struct Provider {
    pub(crate) base: String,
    pub(crate) taken: Taken,
}

impl Provider {
    pub(crate) async fn start() -> Provider {
        let taken: Taken = Arc::default();
        let kept = taken.clone();
        let server = HttpServer::new(move || {
            let kept = kept.clone();
            App::new().route(
                "/v2/sms/{kind}",
                web::post().to(move |kind: web::Path<String>, form: web::Form<HashMap<String, String>>| {
                    let kept = kept.clone();
                    async move {
                        let field = |k: &str| form.get(k).cloned().unwrap_or_default();
                        if field("apikey") != API_KEY {
                            return HttpResponse::Unauthorized().json(json!({ "http_status_code": 401, "code": -1, "msg": "非法的apikey", "detail": "请检查的apikey是否正确" }));
                        }
                        let vars: HashMap<String, String> = web::Query::<HashMap<String, String>>::from_query(&field("tpl_value")).map(|q| q.into_inner()).unwrap_or_default();
                        let vars: HashMap<String, String> = vars.into_iter().map(|(k, v)| (k.trim_matches('#').to_string(), v)).collect();
                        let answers: Vec<Value> = field("mobile")
                            .split(',')
                            .map(|mobile| {
                                if mobile == REFUSED {
                                    return json!({ "code": 22, "msg": "验证码类短信1小时内同一手机号发送次数不能超过3次", "mobile": mobile });
                                }
                                kept.lock().unwrap().push((mobile.to_string(), vars.clone()));
                                json!({ "code": 0, "msg": "发送成功", "count": 1, "fee": 0.05, "unit": "RMB", "mobile": mobile, "sid": 3310228982u64 })
                            })
                            .collect();
                        match kind.as_str() {
                            "tpl_batch_send.json" => HttpResponse::Ok().json(json!({ "total_count": answers.len(), "unit": "RMB", "data": answers })),
                            _ if answers[0]["code"] == 0 => HttpResponse::Ok().json(&answers[0]),
                            _ => HttpResponse::BadRequest().json(&answers[0]),
                        }
                    }
                }),
            )
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .unwrap();
        let port = server.addrs()[0].port();
        actix_web::rt::spawn(server.run());
        Provider { base: format!("http://127.0.0.1:{port}"), taken }
    }

    /// The verification code the stand-in last received for `phone`.
    fn code_for(&self, phone: &str) -> String {
        let taken = self.taken.lock().unwrap();
        let (_, vars) = taken.iter().rev().find(|(m, _)| m == phone).unwrap_or_else(|| panic!("no message to {phone}"));
        vars.get("code").cloned().unwrap_or_else(|| panic!("no code in {vars:?}"))
    }
}

/// Creates a configuration; answers its id.
async fn config(app: &TestApp, t: &str, body: Value) -> String {
    let (s, r) = post(app, t, "/sms/submit", body).await;
    assert_eq!(s, 200, "{r}");
    r["data"]["id"].as_str().unwrap().to_string()
}

fn aliyun(code: &str) -> Value {
    json!({ "smsCode": code, "category": 3, "templateId": "SMS_100001", "accessKey": "LTAI-id", "secretKey": SECRET, "signName": "经济园区" })
}

/// A Yunpian configuration pointed at the stand-in (or wherever `endpoint` says), enabled.
pub(crate) async fn enabled_yunpian(app: &TestApp, t: &str, code: &str, endpoint: &str) -> String {
    let id =
        config(app, t, json!({ "smsCode": code, "category": 1, "templateId": "1001", "accessKey": API_KEY, "endpoint": endpoint })).await;
    let (s, r) = form(app, t, "/sms/enable", &[("id", &id)]).await;
    assert_eq!(s, 200, "{r}");
    id
}

async fn send_validate(app: &TestApp, t: &str, phone: &str) -> (u16, Value) {
    form(app, t, "/sms/endpoint/send-validate", &[("phone", phone)]).await
}

async fn validate(app: &TestApp, t: &str, id: &str, value: &str, phone: &str) -> (u16, Value) {
    form(app, t, "/sms/endpoint/validate-message", &[("id", id), ("value", value), ("phone", phone)]).await
}

async fn send_message(app: &TestApp, t: &str, fields: &[(&str, String)]) -> (u16, Value) {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    form(app, t, "/sms/endpoint/send-message", &fields).await
}

/// A six-digit value that is not `code`.
fn not(code: &str) -> &'static str {
    if code == "000000" { "111111" } else { "000000" }
}

fn records(page: &Value) -> Vec<Value> {
    page["data"]["records"].as_array().unwrap_or_else(|| panic!("not a page: {page}")).clone()
}

fn field_error(body: &Value) -> (Value, Value) {
    (body["data"]["field"].clone(), body["data"]["reason"].clone())
}

#[actix_web::test]
async fn sms_codes_stay_unique_secrets_stay_hidden_and_one_configuration_is_enabled() {
    let app = TestApp::spawn().await;
    let t = platform_token(&app).await;
    let ali = config(&app, &t, aliyun("ali")).await;
    let (s, r) = post(&app, &t, "/sms/submit", aliyun("ali")).await;
    assert_eq!((s, field_error(&r)), (400, (json!("smsCode"), json!("当前资源编号已存在!"))), "{r}");
    let tencent = json!({ "smsCode": "tx", "category": 4, "templateId": "1500001", "accessKey": "AKID", "secretKey": SECRET, "appId": "1400000001", "signName": "经济园区" });
    let tx = config(&app, &t, tencent).await;
    // A template is required, and an update that leaves the secret empty keeps the stored one.
    let mut no_template = aliyun("other");
    no_template.as_object_mut().unwrap().remove("templateId");
    let (s, r) = post(&app, &t, "/sms/submit", no_template).await;
    assert_eq!((s, field_error(&r).0), (400, json!("templateId")), "{r}");
    let (s, r) = post(&app, &t, "/sms/submit", json!({ "id": ali, "smsCode": "ali", "category": 3, "templateId": "SMS_2", "accessKey": "LTAI-id", "secretKey": "", "signName": "经济园区", "remark": "改" })).await;
    assert_eq!(s, 200, "{r}");

    let (s, d) = get(&app, &t, &format!("/sms/detail?id={ali}")).await;
    assert_eq!(s, 200, "{d}");
    let row = &d["data"];
    assert_eq!(
        (row["templateId"].as_str(), row["hasSecret"].as_bool(), row["regionId"].as_str()),
        (Some("SMS_2"), Some(true), Some("cn-hangzhou"))
    );
    assert_eq!(
        (row["categoryName"].as_str(), row["statusName"].as_str(), row["remark"].as_str()),
        (Some("阿里云"), Some("停用"), Some("改"))
    );
    assert!(row.get("secretKey").is_none(), "{d}");

    // Enabling one disables the other: exactly one is enabled at any time.
    for (on, off) in [(&ali, &tx), (&tx, &ali)] {
        let (s, r) = form(&app, &t, "/sms/enable", &[("id", on)]).await;
        assert_eq!(s, 200, "{r}");
        let (_, page) = get(&app, &t, "/sms/list").await;
        let status =
            |id: &str| records(&page).iter().find(|r| r["id"] == id).map(|r| r["status"].clone()).unwrap_or_else(|| panic!("{page}"));
        assert_eq!((status(on), status(off)), (json!(2), json!(1)), "{page}");
        assert!(!page.to_string().contains(SECRET), "a secret in the list: {page}");
    }
    let (_, page) = get(&app, &t, "/sms/page?smsCode=t&category=4").await;
    assert_eq!(records(&page).iter().map(|r| r["smsCode"].clone()).collect::<Vec<_>>(), vec![json!("tx")], "{page}");

    // Removing frees the code; a removed configuration is gone from detail.
    let (s, r) = form(&app, &t, "/sms/remove", &[("ids", &ali)]).await;
    assert_eq!((s, r["data"]["count"].clone()), (200, json!(1)), "{r}");
    assert_eq!(get(&app, &t, &format!("/sms/detail?id={ali}")).await.0, 404);
    config(&app, &t, aliyun("ali")).await;
    assert_eq!(records(&get(&app, &t, "/sms/list").await.1).len(), 2);
}

#[actix_web::test]
async fn each_tenant_reaches_only_its_own_sms_configurations_and_a_clerk_without_sms_codes_none() {
    let app = TestApp::spawn().await;
    let platform = platform_token(&app).await;
    let zone = app.create_tenant(&platform, "短信园区", "Zone#1").await;
    let zone_admin = sign_in(&app, &zone, "admin", "Zone#1").await;
    let clerk = member(&app, &zone, "clerk", &[]).await;
    let mine = config(&app, &platform, aliyun("platform_ali")).await;
    let theirs = config(&app, &zone_admin, aliyun("zone_ali")).await;

    // (caller, token, own id, other tenant's id, [list, own detail, other detail, other update, other enable, other remove, log])
    let cases = [
        ("platform administrator", platform.as_str(), mine.as_str(), theirs.as_str(), [200, 200, 404, 404, 404, 404, 200]),
        ("tenant administrator", zone_admin.as_str(), theirs.as_str(), mine.as_str(), [200, 200, 404, 404, 404, 404, 200]),
        ("clerk without sms codes", clerk.as_str(), theirs.as_str(), mine.as_str(), [403; 7]),
    ];
    for (who, t, own, other, expected) in cases {
        let mut update = aliyun("taken_over");
        update["id"] = json!(other);
        let got = [
            get(&app, t, "/sms/list").await,
            get(&app, t, &format!("/sms/detail?id={own}")).await,
            get(&app, t, &format!("/sms/detail?id={other}")).await,
            post(&app, t, "/sms/submit", update).await,
            form(&app, t, "/sms/enable", &[("id", other)]).await,
            form(&app, t, "/sms/remove", &[("ids", other)]).await,
            get(&app, t, "/sms/log/list").await,
        ];
        for (i, (s, body)) in got.iter().enumerate() {
            assert_eq!(*s, expected[i], "{who}, call {i}: {body}");
            assert_eq!(body["code"].as_u64(), Some(*s as u64), "{who}, call {i}: {body}");
        }
        if expected[0] == 200 {
            let listed: Vec<Value> = records(&got[0].1).iter().map(|r| r["id"].clone()).collect();
            assert_eq!(listed, vec![json!(own)], "{who} lists only its own");
        }
    }
    // The clerk cannot send either; nothing was changed by the refused calls.
    for path in ["/sms/endpoint/send-message", "/sms/endpoint/send-validate", "/sms/endpoint/validate-message"] {
        assert_eq!(form(&app, &clerk, path, &[("phone", "13800138000"), ("phones", "13800138000")]).await.0, 403, "{path}");
    }
    let (_, d) = get(&app, &platform, &format!("/sms/detail?id={mine}")).await;
    assert_eq!((d["data"]["status"].clone(), d["data"]["smsCode"].clone()), (json!(1), json!("platform_ali")), "{d}");
}

#[actix_web::test]
async fn a_verification_code_reaches_the_phone_opens_once_and_is_limited_by_attempts_time_and_rate() {
    let app = TestApp::spawn().await;
    let provider = Provider::start().await;
    let t = platform_token(&app).await;
    enabled_yunpian(&app, &t, "yp", &provider.base).await;
    // Sent, answered with the code's id only, and accepted once.
    let (s, r) = send_validate(&app, &t, "13800138000").await;
    assert_eq!((s, r["msg"].as_str(), r["data"]["phone"].as_str()), (200, Some("短信发送成功"), Some("13800138000")), "{r}");
    let id = r["data"]["id"].as_str().unwrap().to_string();
    let code = provider.code_for("13800138000");
    assert_eq!(code.len(), 6, "{code}");
    assert!(!r.to_string().contains(&code) && r["data"].get("value").is_none(), "the answer carries the code: {r}");
    assert_eq!(validate(&app, &t, &id, not(&code), "13800138000").await.1["msg"], "短信校验失败");
    assert_eq!(validate(&app, &t, &id, &code, "13700137000").await.1["msg"], "短信校验失败", "another number");
    let (s, r) = validate(&app, &t, &id, &code, "13800138000").await;
    assert_eq!((s, r["msg"].as_str()), (200, Some("短信校验成功")), "{r}");
    let (s, r) = validate(&app, &t, &id, &code, "13800138000").await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("短信校验失败")), "a code opens once: {r}");

    // One code a minute per number.
    let (s, r) = send_validate(&app, &t, "13800138000").await;
    assert_eq!(s, 429, "{r}");
    assert!(r["msg"].as_str().unwrap().contains("频繁"), "{r}");

    // Five wrong tries and the code is dead, even for the right value.
    let (_, r) = send_validate(&app, &t, "13600136000").await;
    let id = r["data"]["id"].as_str().unwrap().to_string();
    let code = provider.code_for("13600136000");
    for attempt in 1..=5 {
        let (s, r) = validate(&app, &t, &id, not(&code), "13600136000").await;
        assert_eq!((s, r["msg"].as_str()), (400, Some("短信校验失败")), "attempt {attempt}: {r}");
    }
    let (s, r) = validate(&app, &t, &id, &code, "13600136000").await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("尝试次数过多，请重新获取")), "{r}");

    // Five minutes and the code has expired.
    let (_, r) = send_validate(&app, &t, "13500135000").await;
    let id = r["data"]["id"].as_str().unwrap().to_string();
    let past = chrono::Utc::now() - chrono::TimeDelta::minutes(1);
    exec(&app, "resource", "UPDATE res_sms_code SET expire_time = ? WHERE id = ?", vec![past.into(), id.parse::<i64>().unwrap().into()])
        .await;
    let (s, r) = validate(&app, &t, &id, &provider.code_for("13500135000"), "13500135000").await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("验证码已过期")), "{r}");

    // Ten codes an hour per number, however patiently asked for.
    for n in 1..=10 {
        let (s, r) = send_validate(&app, &t, "13300133000").await;
        assert_eq!(s, 200, "code {n}: {r}");
        let earlier = chrono::Utc::now() - chrono::TimeDelta::minutes(2);
        exec(&app, "resource", "UPDATE res_sms_code SET create_time = ? WHERE phone = ?", vec![earlier.into(), "13300133000".into()]).await;
    }
    let (s, r) = send_validate(&app, &t, "13300133000").await;
    assert_eq!(s, 429, "{r}");
    assert!(r["msg"].as_str().unwrap().contains("一小时"), "{r}");

    // The send log has every message, the codes masked.
    let (s, log) = get(&app, &t, "/sms/log/list?phone=13800138000").await;
    assert_eq!(s, 200, "{log}");
    let rows = records(&log);
    assert_eq!(rows.len(), 1, "{log}");
    assert_eq!(
        (rows[0]["success"].clone(), rows[0]["smsCode"].clone(), rows[0]["categoryName"].clone()),
        (json!(1), json!("yp"), json!("云片"))
    );
    assert_eq!(rows[0]["params"], r#"{"code":"******"}"#, "{log}");
    let (_, all) = get(&app, &t, "/sms/log/list?size=100").await;
    assert_eq!(all["data"]["total"], json!(13), "{all}");
    assert!(records(&all).iter().all(|r| r["params"] == r#"{"code":"******"}"#), "a code in the log: {all}");
}

#[actix_web::test]
async fn a_message_goes_to_the_chosen_provider_and_its_refusals_and_silence_are_told_apart() {
    let app = TestApp::spawn().await;
    let provider = Provider::start().await;
    let t = platform_token(&app).await;
    let message = |phones: &str| vec![("phones", phones.to_string()), ("params", r#"{"name":"张三","amount":"12"}"#.to_string())];

    // Without a configuration there is nothing to send with.
    let (s, r) = send_message(&app, &t, &message("13800138000")).await;
    assert_eq!((s, r["msg"].as_str()), (400, Some("未配置短信服务")), "{r}");

    enabled_yunpian(&app, &t, "yp", &provider.base).await;
    let (s, r) = send_message(&app, &t, &message("13800138000,13700137000")).await;
    assert_eq!((s, r["msg"].as_str()), (200, Some("短信发送成功")), "{r}");
    let taken = provider.taken.lock().unwrap().clone();
    assert_eq!(taken.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>(), vec!["13800138000", "13700137000"]);
    assert_eq!(taken[0].1.get("name").map(String::as_str), Some("张三"), "{taken:?}");

    // Bad input names its field.
    for (fields, field) in [
        (message("13800138000,12345"), "phones"),
        (vec![("phones", "13800138000".to_string()), ("params", "not json".to_string())], "params"),
        (vec![("phones", "13800138000".to_string()), ("params", "[1,2]".to_string())], "params"),
        (vec![("params", "{}".to_string())], "phones"),
        ([message("13800138000"), vec![("code", "nope".to_string())]].concat(), "code"),
    ] {
        let (s, r) = send_message(&app, &t, &fields).await;
        assert_eq!((s, field_error(&r).0), (400, json!(field)), "{fields:?}: {r}");
    }
    let (s, r) = form(&app, &t, "/sms/endpoint/send-validate", &[("phone", "1380013800")]).await;
    assert_eq!((s, field_error(&r).0), (400, json!("phone")), "{r}");

    // The provider's refusal is the caller's 400 with the reason; a provider out of reach is a 503.
    let (s, r) = send_message(&app, &t, &message(REFUSED)).await;
    assert_eq!(s, 400, "{r}");
    assert!(r["msg"].as_str().unwrap().contains("不能超过3次"), "{r}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    config(&app, &t, json!({ "smsCode": "silent", "category": 1, "templateId": "1001", "accessKey": API_KEY, "endpoint": format!("http://127.0.0.1:{closed}") })).await;
    let (s, r) = send_message(&app, &t, &[message("13800138000"), vec![("code", "silent".to_string())]].concat()).await;
    assert_eq!(s, 503, "{r}");
    // A failed verification code costs the number nothing.
    let (s, r) = form(&app, &t, "/sms/endpoint/send-validate", &[("phone", "13800138000"), ("code", "silent")]).await;
    assert_eq!(s, 503, "{r}");
    let (s, r) = form(&app, &t, "/sms/endpoint/send-validate", &[("phone", "13800138000")]).await;
    assert_eq!(s, 200, "{r}");

    // Each attempt is in the log, with the provider's answer.
    let (_, log) = get(&app, &t, "/sms/log/list?success=0&size=50").await;
    let failed = records(&log);
    assert_eq!(failed.len(), 3, "{log}");
    let refused = failed.iter().find(|r| r["phone"] == REFUSED).unwrap_or_else(|| panic!("{log}"));
    assert!(refused["message"].as_str().unwrap().contains("不能超过3次"), "{refused}");
    assert_eq!(refused["params"], r#"{"name":"张三","amount":"12"}"#, "{refused}");
    let (_, ok) = get(&app, &t, "/sms/log/list?success=1&size=50").await;
    assert_eq!(ok["data"]["total"], json!(3), "{ok}");
}
