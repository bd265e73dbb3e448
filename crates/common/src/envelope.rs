//! The `{code, success, msg, data}` envelope every API answers with (api-contract §1.3).
use actix_web::{HttpRequest, HttpResponse, Responder, body::BoxBody, http::StatusCode};
use serde::Serialize;
use serde_json::Value;

pub const MSG_OK: &str = "操作成功";
pub const MSG_NO_DATA: &str = "暂无承载数据";

#[derive(Debug, Serialize)]
pub struct R<T: Serialize = Value> {
    pub code: u16,
    pub success: bool,
    pub msg: String,
    pub data: T,
}

impl<T: Serialize> R<T> {
    /// A successful answer carrying `data`.
    pub fn data(data: T) -> Self {
        R { code: 200, success: true, msg: MSG_OK.into(), data }
    }
}

impl R<Value> {
    /// A successful answer without a payload; `data` is `{}` as Blade clients expect.
    pub fn ok() -> Self {
        R { code: 200, success: true, msg: MSG_OK.into(), data: Value::Object(Default::default()) }
    }
    /// A successful answer with an explicit message.
    pub fn success(msg: impl Into<String>) -> Self {
        R { code: 200, success: true, msg: msg.into(), data: Value::Object(Default::default()) }
    }
    /// An error envelope: `success` is false whenever `code` is not 200.
    pub fn fail(code: u16, msg: impl Into<String>, data: Value) -> Self {
        R { code, success: code == 200, msg: msg.into(), data }
    }
}

impl<T: Serialize> Responder for R<T> {
    type Body = BoxBody;
    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        let status = StatusCode::from_u16(self.code).unwrap_or(StatusCode::OK);
        HttpResponse::build(status).json(self)
    }
}
