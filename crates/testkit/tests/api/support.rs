//! Helpers shared by the table-driven administration tests.
use keeper_testkit::TestApp;
use serde_json::Value;

pub const SYS: &str = "/api/keeper-system";

/// One call of a permission-matrix row, relative to a service's gateway prefix ([`SYS`] unless told).
pub enum Call<'a> {
    Get(String),
    Json(&'a str, Value),
    Form(&'a str, Vec<(&'a str, String)>),
}

/// Calls the system service through the gateway, with or without a token: `(status, body)`.
pub async fn call(app: &TestApp, token: Option<&str>, c: Call<'_>) -> (u16, Value) {
    call_at(app, SYS, token, c).await
}

/// Calls a service at `prefix` through the gateway, with or without a token: `(status, body)`.
pub async fn call_at(app: &TestApp, prefix: &str, token: Option<&str>, c: Call<'_>) -> (u16, Value) {
    let rb = match c {
        Call::Get(path) => app.http.get(app.api(&format!("{prefix}{path}"))),
        Call::Json(path, body) => app.http.post(app.api(&format!("{prefix}{path}"))).json(&body),
        Call::Form(path, form) => app.http.post(app.api(&format!("{prefix}{path}"))).form(&form),
    };
    let rb = match token {
        Some(t) => rb.header("Keeper-Auth", format!("bearer {t}")),
        None => rb,
    };
    let r = rb.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// One row of a permission matrix: each named call of the system service as `token`, in order; answers the
/// statuses. Every answer's envelope `code` must equal its HTTP status (the Blade contract), whatever it is.
pub async fn matrix(app: &TestApp, token: Option<&str>, tag: &str, names: &[&str], calls: Vec<Call<'_>>) -> Vec<u16> {
    matrix_at(app, SYS, token, tag, names, calls).await
}

/// [`matrix`] for the service at `prefix`.
pub async fn matrix_at(app: &TestApp, prefix: &str, token: Option<&str>, tag: &str, names: &[&str], calls: Vec<Call<'_>>) -> Vec<u16> {
    assert_eq!(names.len(), calls.len(), "{tag}: one name per call");
    let mut out = Vec::with_capacity(calls.len());
    for (name, c) in names.iter().zip(calls) {
        let (s, body) = call_at(app, prefix, token, c).await;
        assert_eq!(body["code"].as_u64(), Some(s as u64), "{tag} {name}: {body}");
        out.push(s);
    }
    out
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

/// `insert_user` answering the id as the wire shows it.
pub async fn user_with(app: &TestApp, tenant: &str, account: &str, role_ids: &str, dept_ids: &str) -> String {
    insert_user(app, tenant, account, role_ids, dept_ids).await.to_string()
}

/// A role of the tenant under `parent` holding exactly the menus and buttons with these codes.
pub async fn role_under(app: &TestApp, tenant: &str, parent: &str, alias: &str, codes: &[&str]) -> String {
    let id = keeper_common::id::next_id();
    let parent: i64 = parent.parse().unwrap();
    exec_system(
        app,
        "INSERT INTO sys_role (id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted) VALUES (?, ?, ?, ?, 5, ?, 0)",
        vec![id.into(), tenant.into(), parent.into(), alias.into(), alias.into()],
    )
    .await;
    grant_codes(app, &id.to_string(), codes).await;
    id.to_string()
}

/// A top-level role of the tenant holding exactly the menus and buttons with these codes.
pub async fn role_with(app: &TestApp, tenant: &str, alias: &str, codes: &[&str]) -> String {
    role_under(app, tenant, "0", alias, codes).await
}

/// Adds the menus and buttons with these codes to a role.
pub async fn grant_codes(app: &TestApp, role: &str, codes: &[&str]) {
    let role: i64 = role.parse().unwrap();
    for code in codes {
        exec_system(
            app,
            "INSERT INTO sys_role_menu (id, menu_id, role_id) VALUES (?, (SELECT id FROM sys_menu WHERE code = ? AND is_deleted = 0), ?)",
            vec![keeper_common::id::next_id().into(), (*code).into(), role.into()],
        )
        .await;
    }
}

/// A signed-in account of the tenant whose only role holds these codes.
pub async fn member(app: &TestApp, tenant: &str, account: &str, codes: &[&str]) -> String {
    let role = role_with(app, tenant, account, codes).await;
    insert_user(app, tenant, account, &role, "").await;
    token(app, tenant, account).await
}

/// The access token of a sign-in that must succeed.
pub async fn sign_in(app: &TestApp, tenant: &str, account: &str, password: &str) -> String {
    app.login(tenant, account, password).await["access_token"].as_str().unwrap().to_string()
}

/// The access token of a fixture account (password `Zone#1`).
pub async fn token(app: &TestApp, tenant: &str, account: &str) -> String {
    sign_in(app, tenant, account, "Zone#1").await
}

/// The platform administrator's access token.
pub async fn platform_token(app: &TestApp) -> String {
    app.admin_login().await["access_token"].as_str().unwrap().to_string()
}

/// A sign-in attempt that may fail: `(status, error_description)`.
pub async fn try_login(app: &TestApp, tenant: &str, account: &str, password: &str) -> (u16, String) {
    let md5 = keeper_security::password::md5_hex(password);
    let (s, body) = app
        .token_request(
            &[("tenantId", tenant), ("username", account), ("password", &md5), ("grant_type", "password")],
            &[("Authorization", keeper_testkit::BASIC)],
        )
        .await;
    (s, body["error_description"].as_str().unwrap_or_default().to_string())
}

/// Waits out the services' one-second session and permission caches.
pub async fn past_caches() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}

/// The first column of the first row of a query on the system database.
pub async fn scalar(app: &TestApp, sql: &str, values: Vec<sea_orm::Value>) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let db = app.db("system").await;
    let backend = db.get_database_backend();
    let row = db.query_one_raw(Statement::from_sql_and_values(backend, placeholders(backend, sql), values)).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// The id of the live menu or button with this code.
pub async fn menu_id(app: &TestApp, code: &str) -> String {
    scalar(app, "SELECT id FROM sys_menu WHERE code = ? AND is_deleted = 0", vec![code.into()]).await.to_string()
}

/// The role that tenant creation gave the tenant's `admin` account.
pub async fn admin_role(app: &TestApp, tenant: &str) -> String {
    scalar(app, "SELECT id FROM sys_role WHERE tenant_id = ? AND role_alias = 'admin' AND is_deleted = 0", vec![tenant.into()])
        .await
        .to_string()
}

/// Calls of the resource service through the gateway, for the storage and SMS tests.
pub mod resource {
    use keeper_testkit::TestApp;
    use serde_json::Value;

    pub const RES: &str = "/api/keeper-resource";

    pub async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
        app.get(&format!("{RES}{path}"), token).await
    }

    pub async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (u16, Value) {
        app.post_json(&format!("{RES}{path}"), token, &body).await
    }

    pub async fn form(app: &TestApp, token: &str, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
        app.post_form(&format!("{RES}{path}"), token, fields).await
    }
}

/// The business service's output year sums (`biz_output_year_sum`), row by row as text, beside the same
/// sums grouped afresh from the approved reports: what each review step's upkeep must keep equal.
pub async fn output_year_sums(app: &TestApp) -> (Vec<String>, Vec<String>) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = app.db("business").await;
    let backend = db.get_database_backend();
    let months: Vec<String> = (1..=12).map(|m| format!("m{m}")).collect();
    let sums: Vec<String> = (1..=12).map(|m| format!("SUM(CASE WHEN period_month = {m} THEN month_output END)")).collect();
    let kept = format!("SELECT tenant_id, period_year, enterprise_id, dept_id, {} FROM biz_output_year_sum", months.join(", "));
    let fresh = format!(
        "SELECT tenant_id, period_year, enterprise_id, COALESCE(dept_id, 0), {} FROM biz_output_report \
         WHERE report_status = '2' AND is_deleted = 0 GROUP BY tenant_id, period_year, enterprise_id, COALESCE(dept_id, 0)",
        sums.join(", ")
    );
    let mut out = Vec::new();
    for sql in [kept, fresh] {
        let mut rows = Vec::new();
        for row in db.query_all_raw(Statement::from_string(backend, sql)).await.unwrap() {
            let mut cells = vec![
                row.try_get_by_index::<String>(0).unwrap(),
                row.try_get_by_index::<i32>(1).unwrap().to_string(),
                row.try_get_by_index::<i64>(2).unwrap().to_string(),
                row.try_get_by_index::<i64>(3).unwrap().to_string(),
            ];
            for i in 4..16 {
                let v = row.try_get_by_index::<Option<sea_orm::prelude::Decimal>>(i).unwrap();
                cells.push(v.map_or("-".into(), |d| d.round_dp(4).normalize().to_string()));
            }
            rows.push(cells.join(" "));
        }
        rows.sort();
        out.push(rows);
    }
    let fresh = out.pop().unwrap();
    (out.pop().unwrap(), fresh)
}
