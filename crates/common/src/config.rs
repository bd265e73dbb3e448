//! Configuration of every binary: an optional TOML file (`--config` or `KEEPER_CONFIG`) overridden by
//! `KEEPER_*` environment variables. Keys are the same in both, lower-case in the file.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    Dev,
    Prod,
}

/// The services behind the gateway, with their default ports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    Auth,
    System,
    Resource,
    Business,
}

impl Service {
    pub fn name(self) -> &'static str {
        match self {
            Service::Auth => "auth",
            Service::System => "system",
            Service::Resource => "resource",
            Service::Business => "business",
        }
    }
    fn default_port(self) -> u16 {
        match self {
            Service::Auth => 8101,
            Service::System => 8102,
            Service::Resource => 8103,
            Service::Business => 8104,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub profile: Profile,
    pub data_dir: PathBuf,
    pub gateway_listen: String,
    listen: BTreeMap<&'static str, String>,
    urls: BTreeMap<&'static str, String>,
    databases: BTreeMap<&'static str, String>,
    pub jwt_secret: Option<String>,
    pub redis_url: Option<String>,
    pub otlp_endpoint: Option<String>,
    pub captcha: bool,
    pub admin_password: Option<String>,
    pub bcrypt_cost: u32,
    pub access_token_ttl: i64,
    pub refresh_token_ttl: i64,
    pub cors_origins: Vec<String>,
    pub web_dir: PathBuf,
    pub log: String,
    pub login_rate_per_minute: u32,
    /// How long the gateway waits on a silent upstream before answering 504.
    pub gateway_upstream_timeout: std::time::Duration,
    /// The largest file the resource service accepts in one upload.
    pub upload_max_bytes: u64,
}

/// Every key a file or the environment may set; anything else in a file is warned about.
pub const KEYS: &[&str] = &[
    "profile",
    "data_dir",
    "gateway_listen",
    "auth_listen",
    "system_listen",
    "resource_listen",
    "business_listen",
    "auth_url",
    "system_url",
    "resource_url",
    "business_url",
    "auth_database_url",
    "system_database_url",
    "resource_database_url",
    "business_database_url",
    "jwt_secret",
    "redis_url",
    "otlp_endpoint",
    "captcha",
    "admin_password",
    "bcrypt_cost",
    "access_token_ttl",
    "refresh_token_ttl",
    "cors_origins",
    "web_dir",
    "log",
    "login_rate_per_minute",
    "gateway_upstream_timeout",
    "upload_max_bytes",
];

const SECRET_KEYS: &[&str] = &["jwt_secret", "admin_password", "redis_url"];

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {0}: {1}")]
    Read(String, String),
    #[error("invalid value for {key}: {reason}")]
    Invalid { key: String, reason: String },
}

struct Source {
    file: toml::Table,
    env: BTreeMap<String, String>,
}

impl Source {
    fn get(&self, key: &str) -> Option<String> {
        let env_key = format!("KEEPER_{}", key.to_ascii_uppercase());
        if let Some(v) = self.env.get(&env_key) {
            return Some(v.clone());
        }
        self.file.get(key).map(|v| match v {
            toml::Value::String(s) => s.clone(),
            toml::Value::Array(a) => {
                a.iter().map(|x| x.as_str().map(str::to_string).unwrap_or_else(|| x.to_string())).collect::<Vec<_>>().join(",")
            }
            other => other.to_string(),
        })
    }
    fn parse<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, ConfigError> {
        match self.get(key).filter(|s| !s.trim().is_empty()) {
            None => Ok(default),
            Some(s) => s.trim().parse().map_err(|_| ConfigError::Invalid { key: key.into(), reason: format!("cannot parse {s:?}") }),
        }
    }
}

impl Settings {
    /// Loads from the process environment and the file named by `--config <path>` or `KEEPER_CONFIG`.
    pub fn load() -> Result<Self, ConfigError> {
        let args: Vec<String> = std::env::args().collect();
        let path = args
            .iter()
            .position(|a| a == "--config")
            .and_then(|i| args.get(i + 1).cloned())
            .or_else(|| std::env::var("KEEPER_CONFIG").ok());
        let env = std::env::vars().filter(|(k, _)| k.starts_with("KEEPER_")).collect();
        Self::from_parts(path.as_deref().map(Path::new), env)
    }

    pub fn from_parts(path: Option<&Path>, env: BTreeMap<String, String>) -> Result<Self, ConfigError> {
        let file = match path {
            None => toml::Table::new(),
            Some(p) => {
                let text = std::fs::read_to_string(p).map_err(|e| ConfigError::Read(p.display().to_string(), e.to_string()))?;
                text.parse::<toml::Table>().map_err(|e| ConfigError::Read(p.display().to_string(), e.to_string()))?
            }
        };
        for key in file.keys() {
            if !KEYS.contains(&key.as_str()) {
                tracing::warn!(key, "unknown configuration key ignored");
                eprintln!("warning: unknown configuration key `{key}` ignored");
            }
        }
        let src = Source { file, env };
        let profile = match src.get("profile").as_deref().map(str::trim) {
            None | Some("") | Some("dev") => Profile::Dev,
            Some("prod") => Profile::Prod,
            Some(other) => {
                return Err(ConfigError::Invalid { key: "profile".into(), reason: format!("expected dev or prod, got {other:?}") });
            }
        };
        let data_dir = PathBuf::from(src.get("data_dir").unwrap_or_else(|| "./data".into()));
        let captcha = match src.get("captcha").as_deref().map(str::trim) {
            None | Some("") | Some("on") | Some("true") => true,
            Some("off") | Some("false") => false,
            Some(other) => {
                return Err(ConfigError::Invalid { key: "captcha".into(), reason: format!("expected on or off, got {other:?}") });
            }
        };
        if !captcha && profile == Profile::Prod {
            return Err(ConfigError::Invalid { key: "captcha".into(), reason: "captcha cannot be turned off with profile=prod".into() });
        }
        let mut listen = BTreeMap::new();
        let mut urls = BTreeMap::new();
        let mut databases = BTreeMap::new();
        for svc in [Service::Auth, Service::System, Service::Resource, Service::Business] {
            let name = svc.name();
            let l = src.get(&format!("{name}_listen")).unwrap_or_else(|| format!("127.0.0.1:{}", svc.default_port()));
            let u = src.get(&format!("{name}_url")).unwrap_or_else(|| format!("http://{l}"));
            let db =
                src.get(&format!("{name}_database_url")).unwrap_or_else(|| format!("sqlite://{}/{name}.db?mode=rwc", data_dir.display()));
            listen.insert(name, l);
            urls.insert(name, u.trim_end_matches('/').to_string());
            databases.insert(name, db);
        }
        let bcrypt_cost = src.parse("bcrypt_cost", 10u32)?;
        if !(4..=16).contains(&bcrypt_cost) {
            return Err(ConfigError::Invalid { key: "bcrypt_cost".into(), reason: "must be between 4 and 16".into() });
        }
        if bcrypt_cost < 10 && profile == Profile::Prod {
            return Err(ConfigError::Invalid { key: "bcrypt_cost".into(), reason: "must be at least 10 with profile=prod".into() });
        }
        let upstream_secs = src.parse("gateway_upstream_timeout", 60f64)?;
        if !(upstream_secs > 0.0 && upstream_secs.is_finite()) {
            return Err(ConfigError::Invalid {
                key: "gateway_upstream_timeout".into(),
                reason: "must be a positive number of seconds".into(),
            });
        }
        let non_empty = |k: &str| src.get(k).filter(|s| !s.trim().is_empty());
        Ok(Settings {
            profile,
            gateway_listen: src.get("gateway_listen").unwrap_or_else(|| "127.0.0.1:8080".into()),
            listen,
            urls,
            databases,
            jwt_secret: non_empty("jwt_secret"),
            redis_url: non_empty("redis_url"),
            otlp_endpoint: non_empty("otlp_endpoint"),
            captcha,
            admin_password: non_empty("admin_password"),
            bcrypt_cost,
            access_token_ttl: src.parse("access_token_ttl", 3600i64)?,
            refresh_token_ttl: src.parse("refresh_token_ttl", 604_800i64)?,
            cors_origins: src
                .get("cors_origins")
                .map(|s| s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect())
                .unwrap_or_default(),
            web_dir: PathBuf::from(src.get("web_dir").unwrap_or_else(|| "./frontend/dist".into())),
            log: src.get("log").unwrap_or_else(|| "info".into()),
            login_rate_per_minute: src.parse("login_rate_per_minute", 60u32)?,
            gateway_upstream_timeout: std::time::Duration::from_secs_f64(upstream_secs),
            upload_max_bytes: src.parse("upload_max_bytes", 100u64 * 1024 * 1024)?,
            data_dir,
        })
    }

    pub fn listen(&self, svc: Service) -> &str {
        &self.listen[svc.name()]
    }
    pub fn url(&self, svc: Service) -> &str {
        &self.urls[svc.name()]
    }
    pub fn database_url(&self, svc: Service) -> &str {
        &self.databases[svc.name()]
    }

    /// One line per setting for the start-up log, secrets masked.
    pub fn summary(&self) -> String {
        let mask = |k: &str, v: &Option<String>| match v {
            Some(_) if SECRET_KEYS.contains(&k) => "***".to_string(),
            Some(v) => v.clone(),
            None => "-".to_string(),
        };
        format!(
            "profile={:?} data_dir={} captcha={} redis_url={} otlp_endpoint={} jwt_secret={} databases={:?}",
            self.profile,
            self.data_dir.display(),
            if self.captcha { "on" } else { "off" },
            mask("redis_url", &self.redis_url),
            mask("otlp_endpoint", &self.otlp_endpoint),
            mask("jwt_secret", &self.jwt_secret),
            self.databases.values().map(|d| mask_url_password(d)).collect::<Vec<_>>(),
        )
    }
}

/// `postgres://u:secret@h/db` → `postgres://u:***@h/db`.
pub fn mask_url_password(url: &str) -> String {
    if let Some((scheme, rest)) = url.split_once("://")
        && let Some((creds, host)) = rest.split_once('@')
        && let Some((user, _)) = creds.split_once(':')
    {
        return format!("{scheme}://{user}:***@{host}");
    }
    url.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn defaults_follow_the_readme() {
        let s = Settings::from_parts(None, env(&[])).unwrap();
        assert_eq!(s.gateway_listen, "127.0.0.1:8080");
        assert_eq!(s.listen(Service::Auth), "127.0.0.1:8101");
        assert_eq!(s.url(Service::Business), "http://127.0.0.1:8104");
        assert_eq!(s.database_url(Service::System), "sqlite://./data/system.db?mode=rwc");
        assert!(s.captcha);
    }

    #[test]
    fn environment_overrides_and_derives_urls_from_listen_addresses() {
        let s = Settings::from_parts(None, env(&[("KEEPER_SYSTEM_LISTEN", "127.0.0.1:9102"), ("KEEPER_CAPTCHA", "off")])).unwrap();
        assert_eq!(s.url(Service::System), "http://127.0.0.1:9102");
        assert!(!s.captcha);
    }

    #[test]
    fn captcha_off_is_refused_in_prod() {
        let e = Settings::from_parts(None, env(&[("KEEPER_PROFILE", "prod"), ("KEEPER_CAPTCHA", "off")])).unwrap_err();
        assert!(e.to_string().contains("captcha"));
    }

    #[test]
    fn secrets_are_masked_in_the_summary() {
        let s = Settings::from_parts(
            None,
            env(&[("KEEPER_JWT_SECRET", "x".repeat(40).as_str()), ("KEEPER_AUTH_DATABASE_URL", "postgres://u:pw@h/db")]),
        )
        .unwrap();
        let line = s.summary();
        assert!(!line.contains("xxxx") && !line.contains("pw@"), "{line}");
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;

    #[test]
    fn a_config_file_is_read_and_the_environment_wins() {
        let path = std::env::temp_dir().join(format!("keeper-config-{}.toml", rand::random::<u64>()));
        std::fs::write(&path, "gateway_listen = \"0.0.0.0:9000\"\ncaptcha = \"off\"\ncors_origins = [\"https://a.example\", \"https://b.example\"]\nno_such_key = 1\n").unwrap();
        let env: BTreeMap<String, String> = [("KEEPER_CAPTCHA".to_string(), "on".to_string())].into();
        let s = Settings::from_parts(Some(&path), env).unwrap();
        assert_eq!(s.gateway_listen, "0.0.0.0:9000");
        assert!(s.captcha, "the environment overrides the file");
        assert_eq!(s.cors_origins, vec!["https://a.example", "https://b.example"]);
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(Settings::from_parts(Some(Path::new("/nonexistent/keeper.toml")), BTreeMap::new()), Err(ConfigError::Read(..))));
    }
}
