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

/// `?` placeholders become `$1…` on PostgreSQL.
pub fn placeholders(backend: sea_orm::DbBackend, sql: &str) -> String {
    if backend != sea_orm::DbBackend::Postgres {
        return sql.to_string();
    }
    let mut n = 0;
    sql.chars()
        .map(|c| {
            if c == '?' {
                n += 1;
                format!("${n}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Runs one fixture statement on a service's database.
pub async fn exec(app: &TestApp, service: &str, sql: &str, values: Vec<sea_orm::Value>) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = app.db(service).await;
    let backend = db.get_database_backend();
    db.execute_raw(Statement::from_sql_and_values(backend, placeholders(backend, sql), values)).await.unwrap();
}

pub async fn exec_system(app: &TestApp, sql: &str, values: Vec<sea_orm::Value>) {
    exec(app, "system", sql, values).await
}

/// An account inserted as a fixture (the management screens are tested elsewhere), password `Zone#1`;
/// answers its id.
pub async fn insert_user(app: &TestApp, tenant: &str, account: &str, role_ids: &str, dept_ids: &str) -> i64 {
    let id = keeper_common::id::next_id();
    let now = chrono::Utc::now();
    exec_system(
        app,
        "INSERT INTO sys_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, sex, role_id, dept_id, post_id, create_time, update_time, status, is_deleted) VALUES (?, ?, '', 1, ?, ?, ?, ?, '', '', '', 0, ?, ?, '', ?, ?, 1, 0)",
        vec![
            id.into(),
            tenant.into(),
            account.into(),
            bcrypt::hash(keeper_security::password::md5_hex("Zone#1"), 4).unwrap().into(),
            account.into(),
            account.into(),
            role_ids.into(),
            dept_ids.into(),
            now.into(),
            now.into(),
        ],
    )
    .await;
    id
}
