//! The middleware around a real actix `App`: what is recorded, what is masked, what handlers still read.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::test::{TestRequest, call_service, init_service, read_body};
use actix_web::web::Bytes;
use actix_web::{App, HttpResponse, web};
use async_trait::async_trait;
use keeper_client::dto::LogEvent;
use keeper_common::AppError;
use keeper_security::claims::{ACCESS_TOKEN, AUDIENCE, Claims, ISSUER};
use keeper_security::{AuthContext, CurrentUser, JwtKeys, SessionCheck};
use serde_json::{Value, json};

use crate::oplog::params::MASK;
use crate::oplog::{LogSink, OpLog, Tuning};

#[derive(Default)]
struct Collected(Mutex<Vec<LogEvent>>);

#[async_trait]
impl LogSink for Collected {
    async fn store(&self, events: &[LogEvent]) -> Result<(), AppError> {
        self.0.lock().unwrap().extend_from_slice(events);
        Ok(())
    }
}

struct Alive;

#[async_trait]
impl SessionCheck for Alive {
    async fn is_active(&self, _: &str) -> Result<bool, AppError> {
        Ok(true)
    }
}

fn keys() -> JwtKeys {
    JwtKeys::from_secret(&[7u8; 32]).unwrap()
}

fn bearer() -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = Claims {
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
        token_type: ACCESS_TOKEN.into(),
        tenant_id: "123456".into(),
        user_id: "42".into(),
        dept_id: String::new(),
        post_id: String::new(),
        role_id: String::new(),
        role_name: String::new(),
        account: "clerk".into(),
        user_name: String::new(),
        nick_name: String::new(),
        client_id: "sword".into(),
        sid: "s1".into(),
        jti: "j1".into(),
        iat: now,
        nbf: now,
        exp: now + 600,
    };
    format!("bearer {}", keys().sign(&claims).unwrap())
}

async fn submit(me: CurrentUser, body: web::Json<Value>) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "account": me.account, "got": body.0 }))
}

async fn password(_: CurrentUser, form: web::Form<HashMap<String, String>>) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "fields": form.len() }))
}

async fn raw(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "bytes": body.len() }))
}

async fn broken(_: CurrentUser) -> Result<HttpResponse, AppError> {
    Err(AppError::Internal(anyhow::anyhow!("connect postgres://keeper:S3cret@db:5432/keeper: refused")))
}

async fn refused(_: CurrentUser) -> Result<HttpResponse, AppError> {
    Err(AppError::field("ids", "不能为空"))
}

async fn ok() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "code": 200 }))
}

macro_rules! app {
    ($log:expr) => {
        init_service(
            App::new()
                .wrap($log.clone())
                .app_data(web::Data::new(AuthContext { keys: keys(), sessions: Arc::new(Alive) }))
                .app_data(web::JsonConfig::default().limit(1024 * 1024))
                .app_data(web::PayloadConfig::new(1024 * 1024))
                .route("/user/submit", web::post().to(submit))
                .route("/user/update-password", web::post().to(password))
                .route("/user/import-user", web::post().to(raw))
                .route("/param/submit", web::post().to(broken))
                .route("/param/remove", web::post().to(refused))
                .route("/parkCompany/list", web::post().to(ok))
                .route("/user/list", web::get().to(ok))
                .route("/user/export-user", web::get().to(ok))
                .route("/menu/routes", web::get().to(broken))
                .route("/internal/log/batch", web::post().to(ok))
                .route("/oauth/token", web::post().to(ok)),
        )
        .await
    };
}

fn started() -> (OpLog, Arc<Collected>) {
    let sink = Arc::new(Collected::default());
    let tuning = Tuning { linger: Duration::from_millis(10), retry_min: Duration::from_millis(10), ..Tuning::default() };
    (OpLog::start_with("system", sink.clone(), tuning), sink)
}

/// The events recorded so far, once `n` have arrived (then a moment more, to catch extra ones).
async fn events(sink: &Collected, n: usize) -> Vec<LogEvent> {
    for _ in 0..500 {
        if sink.0.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    sink.0.lock().unwrap().clone()
}

fn api(e: &LogEvent) -> &keeper_client::dto::ApiLogEntry {
    match e {
        LogEvent::Api(a) => a,
        other => panic!("not an operation: {other:?}"),
    }
}

#[actix_web::test]
async fn a_change_is_recorded_with_its_caller_and_masked_parameters_and_the_handler_still_reads_the_body() {
    let (log, sink) = started();
    let app = app!(log);
    let req = TestRequest::post()
        .uri("/user/submit?from=list")
        .insert_header(("Keeper-Auth", bearer()))
        .insert_header(("X-Real-IP", "10.0.0.7"))
        .insert_header(("X-Request-Id", "req-1"))
        .insert_header(("User-Agent", "Mozilla/5.0 test"))
        .set_json(json!({ "account": "new_one", "password": "e10adc3949ba59abbe56e057f20f883e", "realName": "新人" }))
        .to_request();
    let res = call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let body: Value = serde_json::from_slice(&read_body(res).await).unwrap();
    assert_eq!(body["got"]["password"], "e10adc3949ba59abbe56e057f20f883e", "the handler got the untouched body");

    let got = events(&sink, 1).await;
    assert_eq!(got.len(), 1, "{got:?}");
    let e = api(&got[0]);
    assert_eq!((e.tenant_id.as_str(), e.user_id, e.account.as_str()), ("123456", Some(42), "clerk"));
    assert_eq!(
        (e.service_id.as_str(), e.title.as_str(), e.method.as_str(), e.request_uri.as_str()),
        ("system", "用户 保存", "POST", "/user/submit")
    );
    assert_eq!((e.status, e.success), (200, true));
    assert_eq!((e.remote_ip.as_str(), e.request_id.as_str(), e.user_agent.as_str()), ("10.0.0.7", "req-1", "Mozilla/5.0 test"));
    let params: Value = serde_json::from_str(&e.params).unwrap();
    assert_eq!(params, json!({ "from": "list", "account": "new_one", "password": MASK, "realName": "新人" }));
    assert!(e.elapsed_ms >= 0);
}

#[actix_web::test]
async fn forms_are_masked_refusals_are_failures_and_reads_are_not_operations() {
    let (log, sink) = started();
    let app = app!(log);
    let form = [("oldPassword", "aaaa"), ("newPassword", "bbbb"), ("newPassword1", "bbbb")];
    let res = call_service(
        &app,
        TestRequest::post().uri("/user/update-password").insert_header(("Keeper-Auth", bearer())).set_form(form).to_request(),
    )
    .await;
    let body: Value = serde_json::from_slice(&read_body(res).await).unwrap();
    assert_eq!(body["fields"], 3);
    let res = call_service(
        &app,
        TestRequest::post().uri("/param/remove").insert_header(("Keeper-Auth", bearer())).set_form([("ids", "")]).to_request(),
    )
    .await;
    assert_eq!(res.status(), 400);
    for uri in ["/user/list", "/user/list?x=1"] {
        call_service(&app, TestRequest::get().uri(uri).to_request()).await;
    }
    call_service(&app, TestRequest::post().uri("/parkCompany/list").set_json(json!({})).to_request()).await;
    call_service(&app, TestRequest::post().uri("/internal/log/batch").set_json(json!([])).to_request()).await;
    call_service(&app, TestRequest::post().uri("/oauth/token").set_form([("password", "x")]).to_request()).await;
    call_service(&app, TestRequest::post().uri("/no/such/route").set_form([("a", "1")]).to_request()).await;
    call_service(&app, TestRequest::get().uri("/user/export-user?account=ad").to_request()).await;

    let got = events(&sink, 3).await;
    let summary: Vec<(String, u16, bool)> = got.iter().map(api).map(|e| (e.request_uri.clone(), e.status, e.success)).collect();
    assert_eq!(
        summary,
        [("/user/update-password".to_string(), 200, true), ("/param/remove".into(), 400, false), ("/user/export-user".into(), 200, true)]
    );
    assert!(!api(&got[0]).params.contains("aaaa") && !api(&got[0]).params.contains("bbbb"), "{}", api(&got[0]).params);
    assert_eq!(api(&got[2]).title, "用户 导出");
    assert_eq!(api(&got[2]).account, "", "an anonymous download has no account");
}

#[actix_web::test]
async fn a_server_error_is_an_error_event_with_detail_while_the_client_sees_a_generic_message() {
    let (log, sink) = started();
    let app = app!(log);
    let res = call_service(
        &app,
        TestRequest::post()
            .uri("/param/submit")
            .insert_header(("Keeper-Auth", bearer()))
            .set_json(json!({ "paramKey": "k", "secretKey": "sk" }))
            .to_request(),
    )
    .await;
    assert_eq!(res.status(), 500);
    let text = String::from_utf8(read_body(res).await.to_vec()).unwrap();
    assert!(!text.contains("postgres") && text.contains("服务器异常"), "{text}");
    call_service(&app, TestRequest::get().uri("/menu/routes").insert_header(("Keeper-Auth", bearer())).to_request()).await;

    let got = events(&sink, 3).await;
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!((api(&got[0]).status, api(&got[0]).success), (500, false));
    let errors: Vec<_> = got
        .iter()
        .filter_map(|e| match e {
            LogEvent::Error(x) => Some(x),
            _ => None,
        })
        .collect();
    assert_eq!(errors.iter().map(|e| e.request_uri.as_str()).collect::<Vec<_>>(), ["/param/submit", "/menu/routes"]);
    let e = errors[0];
    assert_eq!((e.exception_name.as_str(), e.account.as_str(), e.tenant_id.as_str()), ("Internal", "clerk", "123456"));
    assert!(e.message.contains("refused") && e.message.contains("keeper:******@db") && !e.message.contains("S3cret"), "{}", e.message);
    assert!(e.params.contains("\"paramKey\":\"k\"") && !e.params.contains("sk\""), "{}", e.params);
}

#[actix_web::test]
async fn uploads_stream_through_unread_and_large_bodies_reach_the_handler_whole() {
    let (log, sink) = started();
    let app = app!(log);
    let file = vec![b'x'; 300 * 1024];
    let req = TestRequest::post()
        .uri("/user/import-user")
        .insert_header(("Content-Type", "multipart/form-data; boundary=abc"))
        .set_payload(file.clone())
        .to_request();
    let res = call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let body: Value = serde_json::from_slice(&read_body(res).await).unwrap();
    assert_eq!(body["bytes"], file.len());

    // A chunked JSON body (no Content-Length) larger than the limit: read in part, replayed in full.
    let big = json!({ "remark": "园".repeat(40 * 1024), "password": "p" }).to_string();
    let chunks: Vec<Result<Bytes, actix_web::error::PayloadError>> =
        big.as_bytes().chunks(8 * 1024).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    let mut req = TestRequest::post()
        .uri("/user/submit")
        .insert_header(("Keeper-Auth", bearer()))
        .insert_header(("Content-Type", "application/json"))
        .to_request();
    *req.payload() = Payload::Stream { payload: Box::pin(futures_util::stream::iter(chunks)) };
    let res = call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    let body: Value = serde_json::from_slice(&read_body(res).await).unwrap();
    assert_eq!(body["got"]["remark"].as_str().unwrap().chars().count(), 40 * 1024);

    let got = events(&sink, 2).await;
    assert_eq!(api(&got[0]).params, r#"{"body":"[multipart/form-data]"}"#);
    assert_eq!(api(&got[1]).params, r#"{"body":"[application/json, 超过 64 KiB, 未记录]"}"#);
}
