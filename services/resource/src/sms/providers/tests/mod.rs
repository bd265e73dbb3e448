//! Each provider against a local stand-in that checks requests the way the provider documents it
//! (recomputing the signature from what it received, with the secret it knows) and answers in the provider's
//! own format; plus the documented worked examples of the signatures.
mod aliyun;
mod qiniu;
mod tencent;
mod yunpian;

use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::Value;

use super::{Account, Category, Failure, Message, send};
use crate::sms::params::TemplateParams;

pub const ACCESS_KEY: &str = "test-access-key";
pub const SECRET: &str = "test-secret";
/// A number the stand-ins refuse, as a provider refuses a number over its daily limit.
pub const REFUSED_PHONE: &str = "13900000000";

/// A request as the stand-in received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: String,
    pub path: String,
    pub query: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map_or("", |(_, v)| v.as_str())
    }

    pub fn form(&self) -> Vec<(String, String)> {
        serde_urlencoded::from_bytes(&self.body).expect("a form body")
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

/// Checks a request and answers it: `(HTTP status, JSON body)`.
pub type Verifier = fn(&Received) -> (u16, Value);

pub struct StandIn {
    pub base: String,
    seen: Arc<Mutex<Vec<Received>>>,
}

impl StandIn {
    pub fn last(&self) -> Received {
        self.seen.lock().unwrap().last().cloned().expect("the stand-in received a request")
    }
}

/// Starts a stand-in provider on a free loopback port.
pub async fn stand_in(verify: Verifier) -> StandIn {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let kept = seen.clone();
    let server = HttpServer::new(move || {
        let kept = kept.clone();
        App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
            let kept = kept.clone();
            async move {
                let received = Received {
                    method: req.method().to_string(),
                    path: req.path().to_string(),
                    query: req.query_string().to_string(),
                    headers: req.headers().iter().map(|(k, v)| (k.to_string(), v.to_str().unwrap_or_default().to_string())).collect(),
                    body: body.to_vec(),
                };
                let (status, reply) = verify(&received);
                kept.lock().unwrap().push(received);
                HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap()).json(reply)
            }
        }))
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let port = server.addrs()[0].port();
    actix_web::rt::spawn(server.run());
    StandIn { base: format!("http://127.0.0.1:{port}"), seen }
}

pub fn account(category: Category, base: &str, secret: &str) -> Account {
    Account {
        category,
        base: base.parse().unwrap(),
        access_key: ACCESS_KEY.into(),
        secret_key: secret.into(),
        app_id: "1400000001".into(),
        region_id: category.default_region().into(),
        sign_name: "经济园区".into(),
        template_id: if category == Category::Yunpian { "1234567".into() } else { "SMS_100001".into() },
    }
}

pub fn phones(list: &[&str]) -> Vec<String> {
    list.iter().map(|p| p.to_string()).collect()
}

pub async fn send_to(account: &Account, to: &[&str], params: &TemplateParams) -> Result<super::Delivery, Failure> {
    let phones = phones(to);
    send(&super::http_client(), account, Message { phones: &phones, params }).await
}

pub fn code_params() -> TemplateParams {
    TemplateParams::parse("params", Some(r#"{"code":"246810","minutes":"5"}"#)).unwrap()
}

#[actix_web::test]
async fn a_provider_that_does_not_answer_is_unreachable_not_a_refusal() {
    // A port nobody listens on: bind one, learn it, let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    for category in Category::ALL {
        let account = account(category, &format!("http://127.0.0.1:{port}"), SECRET);
        let got = send_to(&account, &["13800138000"], &code_params()).await;
        assert!(matches!(got, Err(Failure::Unreachable(_))), "{category:?}: {got:?}");
    }
}

#[actix_web::test]
async fn a_server_error_or_an_unknown_answer_is_unreachable() {
    let failing = stand_in(|_| (502, serde_json::json!({ "message": "bad gateway" }))).await;
    let strange = stand_in(|_| (200, serde_json::json!({ "hello": "world" }))).await;
    for category in Category::ALL {
        for base in [&failing.base, &strange.base] {
            let got = send_to(&account(category, base, SECRET), &["13800138000"], &code_params()).await;
            assert!(matches!(got, Err(Failure::Unreachable(_))), "{category:?} {base}: {got:?}");
        }
    }
}

#[test]
fn the_request_host_carries_a_port_only_when_it_is_not_the_default() {
    assert_eq!(super::host(&"https://sms.tencentcloudapi.com".parse().unwrap()), "sms.tencentcloudapi.com");
    assert_eq!(super::host(&"https://sms.tencentcloudapi.com:443/".parse().unwrap()), "sms.tencentcloudapi.com");
    assert_eq!(super::host(&"http://127.0.0.1:8088".parse().unwrap()), "127.0.0.1:8088");
    let a = account(Category::Qiniu, "http://gw.example.com/sms-proxy/", SECRET);
    assert_eq!(a.url("/v1/message").as_str(), "http://gw.example.com/sms-proxy/v1/message");
    let b = account(Category::Qiniu, "https://sms.qiniuapi.com", SECRET);
    assert_eq!(b.url("/v1/message").as_str(), "https://sms.qiniuapi.com/v1/message");
}
