//! The `{code, success, msg, data}` envelope every API answers with (api-contract §1.3).
use std::marker::PhantomData;

use actix_web::{HttpRequest, HttpResponse, Responder, body::BoxBody, http::StatusCode, http::header, web::Bytes};
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

/// A successful answer serialised once and kept: the hot reads that many users ask with the same key
/// (`menu/routes` per role set, say) cache this instead of the value, so that a cached answer costs a copy
/// of the reference, not a walk of the tree and a serialisation per request. `T` is what the bytes hold,
/// for the API description; cloning shares the bytes.
pub struct Rendered<T> {
    body: Bytes,
    data: PhantomData<fn() -> T>,
}

impl<T> Clone for Rendered<T> {
    fn clone(&self) -> Self {
        Rendered { body: self.body.clone(), data: PhantomData }
    }
}

impl<T: Serialize> Rendered<T> {
    /// Serialises `R::data(data)`.
    pub fn data(data: &T) -> Self {
        let body = serde_json::to_vec(&R::data(data)).expect("an answer serialises: its types hold no map with non-string keys");
        Rendered { body: Bytes::from(body), data: PhantomData }
    }
}

impl<T> Rendered<T> {
    pub fn body(&self) -> &[u8] {
        &self.body
    }
}

impl<T> Responder for Rendered<T> {
    type Body = BoxBody;
    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "application/json")).body(self.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rendered_answer_is_the_envelope_of_its_value() {
        let rendered = Rendered::data(&vec![1, 2]);
        let text = std::str::from_utf8(rendered.clone().body()).unwrap().to_owned();
        assert_eq!(text, r#"{"code":200,"success":true,"msg":"操作成功","data":[1,2]}"#);
    }
}
