//! The gateway's own answers, in the shapes Sword-style clients expect (api-contract §1.3, §2.1, §3).
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use keeper_common::R;
use serde_json::json;

pub const MSG_NO_TOKEN: &str = "缺失令牌,鉴权失败";
pub const MSG_BAD_CLIENT: &str = "客户端认证失败!";
pub const MSG_UNAVAILABLE: &str = "服务暂不可用";
pub const MSG_TIMEOUT: &str = "服务响应超时";
pub const MSG_TOO_MANY: &str = "请求过于频繁,请稍后再试";
pub const MSG_NOT_FOUND: &str = "404 没找到请求";

/// `{code, success:false, msg, data:{}}` with the HTTP status equal to the code.
pub fn envelope(code: u16, msg: &str) -> HttpResponse {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    HttpResponse::build(status).json(R::fail(code, msg, json!({})))
}

pub fn not_found() -> HttpResponse {
    envelope(404, MSG_NOT_FOUND)
}

/// The token endpoint's flat failure shape, which Sword's login page reads.
pub fn token_endpoint_error(code: u16, msg: &str) -> HttpResponse {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::UNAUTHORIZED);
    HttpResponse::build(status).json(json!({ "error_code": code, "error_description": msg }))
}
