//! Helpers shared by the table-driven administration tests.
use keeper_testkit::TestApp;
use serde_json::Value;

pub const SYS: &str = "/api/keeper-system";

/// One call of a permission-matrix row, relative to the system service's gateway prefix.
pub enum Call<'a> {
    Get(String),
    Json(&'a str, Value),
    Form(&'a str, Vec<(&'a str, String)>),
}

/// Calls through the gateway, with or without a token: `(status, body)`.
pub async fn call(app: &TestApp, token: Option<&str>, c: Call<'_>) -> (u16, Value) {
    let rb = match c {
        Call::Get(path) => app.http.get(app.api(&format!("{SYS}{path}"))),
        Call::Json(path, body) => app.http.post(app.api(&format!("{SYS}{path}"))).json(&body),
        Call::Form(path, form) => app.http.post(app.api(&format!("{SYS}{path}"))).form(&form),
    };
    let rb = match token {
        Some(t) => rb.header("Keeper-Auth", format!("bearer {t}")),
        None => rb,
    };
    let r = rb.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}
