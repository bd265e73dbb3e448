//! Test harness: starts the real gateway and service binaries on free loopback ports over fresh
//! databases (SQLite files, or a new PostgreSQL/MariaDB database per test app), and talks to them
//! like the SPA does. Choose the database with `KEEPER_TEST_DB=sqlite|postgres|mysql`.
pub mod collector;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use std::time::{Duration, Instant};

use keeper_security::password::md5_hex;
use serde_json::Value;

pub const ADMIN_PASSWORD: &str = "Admin#2026";
pub const BASIC: &str = "Basic c3dvcmQ6c3dvcmRfc2VjcmV0";
pub const POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432";
pub const MYSQL_URL: &str = "mysql://root@127.0.0.1:3306";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
    Mysql,
}

pub fn db_kind() -> DbKind {
    match std::env::var("KEEPER_TEST_DB").as_deref() {
        Ok("postgres") => DbKind::Postgres,
        Ok("mysql") => DbKind::Mysql,
        _ => DbKind::Sqlite,
    }
}

/// How to start a stack; the defaults suit most tests.
#[derive(Clone)]
pub struct Options {
    pub captcha: bool,
    pub redis: bool,
    pub access_ttl: i64,
    pub refresh_ttl: i64,
    pub otlp_endpoint: Option<String>,
    pub login_rate_per_minute: u32,
    pub upload_max_bytes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            captcha: false,
            redis: false,
            access_ttl: 3600,
            refresh_ttl: 604_800,
            otlp_endpoint: None,
            login_rate_per_minute: 10_000,
            upload_max_bytes: 100 * 1024 * 1024,
        }
    }
}

const SERVICES: [&str; 4] = ["auth", "system", "resource", "business"];

pub struct TestApp {
    pub gateway: String,
    pub auth: String,
    pub system: String,
    pub business: String,
    pub resource: String,
    pub http: reqwest::Client,
    pub jwt_secret: String,
    pub database_url: Option<String>,
    data_dir: PathBuf,
    children: Vec<(String, Child)>,
    _ports: Vec<PortClaim>,
    database: Option<(DbKind, String)>,
}

/// Ports for test stacks come from 20000–32000, below Linux's ephemeral range (so outgoing connections
/// never take them), and each is claimed by an exclusive lock file so that test processes running in
/// parallel never hand the same port to two stacks. Claims older than an hour are stale (a killed run).
fn claim_port() -> (u16, PortClaim) {
    let dir = std::env::temp_dir().join("keeper-test-ports");
    std::fs::create_dir_all(&dir).expect("port claim dir");
    loop {
        let port = 20_000 + (uuid::Uuid::new_v4().as_u128() % 12_000) as u16;
        let path = dir.join(port.to_string());
        if let Ok(meta) = std::fs::metadata(&path)
            && meta.modified().ok().and_then(|m| m.elapsed().ok()).is_some_and(|age| age > Duration::from_secs(3600))
        {
            let _ = std::fs::remove_file(&path);
        }
        if std::fs::OpenOptions::new().write(true).create_new(true).open(&path).is_err() {
            continue;
        }
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return (port, PortClaim(path));
        }
        let _ = std::fs::remove_file(&path);
    }
}

/// Releases a claimed port when the stack is dropped.
struct PortClaim(PathBuf);

impl Drop for PortClaim {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The directory holding the workspace's binaries (next to this test executable's `deps/`).
fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("current exe");
    let dir = exe.parent().and_then(|d| if d.ends_with("deps") { d.parent() } else { Some(d) }).expect("target dir").to_path_buf();
    for b in ["keeper-gateway", "keeper-auth", "keeper-system", "keeper-resource", "keeper-business"] {
        assert!(
            dir.join(b).exists(),
            "{} is missing: build the binaries of this profile first (`cargo build --release --bins`, as `make test` does)",
            dir.join(b).display()
        );
    }
    dir
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(Options::default()).await
    }

    /// Starts the stack; a port taken by another program between claiming and binding is retried.
    pub async fn spawn_with(opts: Options) -> TestApp {
        let mut last = String::new();
        for _ in 0..3 {
            match Self::try_spawn(&opts).await {
                Ok(app) => return app,
                Err(e) => last = e,
            }
        }
        panic!("test stack did not start: {last}");
    }

    async fn try_spawn(opts: &Options) -> Result<TestApp, String> {
        let kind = db_kind();
        let data_dir = std::env::temp_dir().join(format!("keeper-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&data_dir).map_err(|e| e.to_string())?;
        let (database_url, database) = match kind {
            DbKind::Sqlite => (None, None),
            DbKind::Postgres | DbKind::Mysql => {
                let name = format!("keeper_t_{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
                let server = if kind == DbKind::Postgres { POSTGRES_URL } else { MYSQL_URL };
                let admin = sea_orm::Database::connect(format!("{server}/{}", if kind == DbKind::Postgres { "postgres" } else { "test" }))
                    .await
                    .unwrap_or_else(|e| panic!("KEEPER_TEST_DB={kind:?} but the server at {server} is not reachable: {e}"));
                use sea_orm::ConnectionTrait;
                admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.map_err(|e| e.to_string())?;
                (Some(format!("{server}/{name}")), Some((kind, name)))
            }
        };
        let jwt_secret = hex::encode(rand_bytes());
        let (ports, claims): (Vec<u16>, Vec<PortClaim>) = (0..5).map(|_| claim_port()).unzip();
        let url = |p: u16| format!("http://127.0.0.1:{p}");
        let mut env: Vec<(String, String)> = vec![
            ("KEEPER_DATA_DIR".into(), data_dir.display().to_string()),
            ("KEEPER_JWT_SECRET".into(), jwt_secret.clone()),
            ("KEEPER_CAPTCHA".into(), if opts.captcha { "on" } else { "off" }.into()),
            ("KEEPER_ADMIN_PASSWORD".into(), ADMIN_PASSWORD.into()),
            ("KEEPER_BCRYPT_COST".into(), "4".into()),
            ("KEEPER_ACCESS_TOKEN_TTL".into(), opts.access_ttl.to_string()),
            ("KEEPER_REFRESH_TOKEN_TTL".into(), opts.refresh_ttl.to_string()),
            ("KEEPER_LOGIN_RATE_PER_MINUTE".into(), opts.login_rate_per_minute.to_string()),
            ("KEEPER_GATEWAY_LISTEN".into(), format!("127.0.0.1:{}", ports[0])),
            ("KEEPER_AUTH_LISTEN".into(), format!("127.0.0.1:{}", ports[1])),
            ("KEEPER_SYSTEM_LISTEN".into(), format!("127.0.0.1:{}", ports[2])),
            ("KEEPER_BUSINESS_LISTEN".into(), format!("127.0.0.1:{}", ports[3])),
            ("KEEPER_RESOURCE_LISTEN".into(), format!("127.0.0.1:{}", ports[4])),
            ("KEEPER_UPLOAD_MAX_BYTES".into(), opts.upload_max_bytes.to_string()),
            ("KEEPER_WEB_DIR".into(), data_dir.join("no-web").display().to_string()),
            ("KEEPER_LOG".into(), std::env::var("KEEPER_TEST_LOG").unwrap_or_else(|_| "warn".into())),
            ("OTEL_BSP_SCHEDULE_DELAY".into(), "100".into()),
        ];
        if let Some(db) = &database_url {
            for s in SERVICES {
                env.push((format!("KEEPER_{}_DATABASE_URL", s.to_uppercase()), db.clone()));
            }
        }
        if opts.redis {
            env.push(("KEEPER_REDIS_URL".into(), "redis://127.0.0.1:6379".into()));
        }
        if let Some(o) = &opts.otlp_endpoint {
            env.push(("KEEPER_OTLP_ENDPOINT".into(), o.clone()));
        }
        let bins = bin_dir();
        let mut app = TestApp {
            gateway: url(ports[0]),
            auth: url(ports[1]),
            system: url(ports[2]),
            business: url(ports[3]),
            resource: url(ports[4]),
            http: {
                keeper_client::tls::install_crypto_provider();
                reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
            },
            jwt_secret,
            database_url,
            data_dir: data_dir.clone(),
            children: vec![],
            _ports: claims,
            database,
        };
        // System first: it seeds the platform tenant, and on a shared database the others must not race its migrations.
        let order = [("system", ports[2]), ("auth", ports[1]), ("resource", ports[4]), ("business", ports[3]), ("gateway", ports[0])];
        for (name, port) in order {
            let log = std::fs::File::create(data_dir.join(format!("{name}.log"))).map_err(|e| e.to_string())?;
            let child = Command::new(bins.join(format!("keeper-{name}")))
                .envs(env.iter().cloned())
                .env_remove("RUST_LOG")
                .stdout(log.try_clone().unwrap())
                .stderr(log)
                .stdin(Stdio::null())
                .spawn()
                .map_err(|e| e.to_string())?;
            app.children.push((name.to_string(), child));
            app.wait_healthy(name, port).await?;
        }
        Ok(app)
    }

    async fn wait_healthy(&mut self, name: &str, port: u16) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let url = format!("http://127.0.0.1:{port}/health");
        loop {
            if let Ok(r) = self.http.get(&url).send().await
                && r.status().is_success()
            {
                return Ok(());
            }
            let exited = self.children.iter_mut().find(|(n, _)| n == name).and_then(|(_, c)| c.try_wait().ok().flatten());
            if exited.is_some() || Instant::now() > deadline {
                let log = std::fs::read_to_string(self.data_dir.join(format!("{name}.log"))).unwrap_or_default();
                return Err(format!("{name} did not become healthy on port {port}:\n{log}"));
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The stack's data directory (SQLite files, the built-in file storage under `files/`, the logs).
    pub fn data_dir(&self) -> &std::path::Path {
        &self.data_dir
    }

    /// The process id of a running service (for memory measurements).
    pub fn pid(&self, service: &str) -> u32 {
        self.children.iter().find(|(n, _)| n == service).map(|(_, c)| c.id()).unwrap_or_else(|| panic!("no service {service}"))
    }

    /// The log a service wrote so far (for assertions and failure messages).
    pub fn log(&self, service: &str) -> String {
        std::fs::read_to_string(self.data_dir.join(format!("{service}.log"))).unwrap_or_default()
    }

    pub fn api(&self, path: &str) -> String {
        format!("{}{}", self.gateway, path)
    }

    /// A service token, as another service would mint it.
    pub fn service_token(&self) -> String {
        keeper_security::ServiceTokens::new(keeper_security::JwtKeys::from_secret(self.jwt_secret.as_bytes()).unwrap(), "testkit").token()
    }

    /// Signs arbitrary claims with the installation key (for forged-token tests).
    pub fn sign(&self, claims: &Value) -> String {
        keeper_security::JwtKeys::from_secret(self.jwt_secret.as_bytes()).unwrap().sign(claims).unwrap()
    }

    /// Raw token request through the gateway: `(HTTP status, body)`.
    pub async fn token_request(&self, form: &[(&str, &str)], headers: &[(&str, &str)]) -> (u16, Value) {
        let mut rb = self.http.post(self.api("/api/keeper-auth/oauth/token")).form(form);
        for (k, v) in headers {
            rb = rb.header(*k, *v);
        }
        let r = rb.send().await.expect("token request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Signs in with the password grant; returns the token reply.
    pub async fn login(&self, tenant: &str, account: &str, password: &str) -> Value {
        let md5 = md5_hex(password);
        let (status, body) = self
            .token_request(
                &[("tenantId", tenant), ("username", account), ("password", &md5), ("grant_type", "password"), ("scope", "all")],
                &[("Authorization", BASIC), ("Tenant-Id", tenant)],
            )
            .await;
        assert_eq!(status, 200, "login of {account}@{tenant} failed: {body}");
        body
    }

    pub async fn admin_login(&self) -> Value {
        self.login("000000", "admin", ADMIN_PASSWORD).await
    }

    /// GET through the gateway with a bearer token: `(status, body)`.
    pub async fn get(&self, path: &str, token: &str) -> (u16, Value) {
        let r = self.http.get(self.api(path)).header("Keeper-Auth", format!("bearer {token}")).send().await.expect("get");
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    /// GET a service directly (bypassing the gateway).
    pub async fn get_direct(&self, base: &str, path: &str, token: &str) -> (u16, Value) {
        let r = self.http.get(format!("{base}{path}")).header("Keeper-Auth", format!("bearer {token}")).send().await.expect("get");
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post_json(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let r = self.http.post(self.api(path)).header("Keeper-Auth", format!("bearer {token}")).json(body).send().await.expect("post");
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post_form(&self, path: &str, token: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let r = self.http.post(self.api(path)).header("Keeper-Auth", format!("bearer {token}")).form(form).send().await.expect("post");
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a tenant as the platform administrator; returns its six-digit code.
    pub async fn create_tenant(&self, admin_token: &str, name: &str, admin_password: &str) -> String {
        let (s, body) = self
            .post_json(
                "/api/keeper-system/tenant/submit",
                admin_token,
                &serde_json::json!({ "tenantName": name, "adminPassword": md5_hex(admin_password) }),
            )
            .await;
        assert_eq!(s, 200, "{body}");
        body["data"]["tenantId"].as_str().expect("tenantId").to_string()
    }

    /// Reads the text of a captcha through auth's internal API (dev profile, service token).
    pub async fn captcha_text(&self, key: &str) -> String {
        let r = self
            .http
            .get(format!("{}/internal/captcha/peek", self.auth))
            .query(&[("key", key)])
            .header("x-keeper-service", self.service_token())
            .send()
            .await
            .unwrap();
        let v: Value = r.json().await.unwrap();
        v["data"]["text"].as_str().unwrap_or_else(|| panic!("no captcha text: {v}")).to_string()
    }

    /// A connection to a service's database, for test fixtures.
    pub async fn db(&self, service: &str) -> sea_orm::DatabaseConnection {
        let url = match &self.database_url {
            Some(u) => u.clone(),
            None => format!("sqlite://{}/{service}.db?mode=rwc", self.data_dir.display()),
        };
        sea_orm::Database::connect(url).await.expect("fixture connection")
    }
}

fn rand_bytes() -> [u8; 32] {
    let mut out = [0u8; 32];
    let a = uuid::Uuid::new_v4();
    let b = uuid::Uuid::new_v4();
    out[..16].copy_from_slice(a.as_bytes());
    out[16..].copy_from_slice(b.as_bytes());
    out
}

impl Drop for TestApp {
    fn drop(&mut self) {
        for (_, c) in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        if let Some((kind, name)) = self.database.take() {
            // Drop runs outside any runtime guarantee: use a private thread and runtime.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async move {
                    let server = if kind == DbKind::Postgres { format!("{POSTGRES_URL}/postgres") } else { format!("{MYSQL_URL}/test") };
                    if let Ok(db) = sea_orm::Database::connect(server).await {
                        use sea_orm::ConnectionTrait;
                        let force = if kind == DbKind::Postgres { " WITH (FORCE)" } else { "" };
                        let _ = db.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}{force}")).await;
                    }
                });
            })
            .join();
        }
        if std::thread::panicking() {
            eprintln!("test stack logs kept in {}", self.data_dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.data_dir);
        }
    }
}
