//! Where a tenant's files live: the enabled storage configuration of the tenant (api-contract §8.1), or the
//! built-in local disk under the data directory, each reached through one OpenDAL operator.
pub mod inspect;
pub mod key;

use std::path::{Path, PathBuf};
use std::time::Duration;

use keeper_common::AppError;
use opendal::{Operator, services};

use crate::entity::oss;

/// Kinds of storage (`res_oss.category`); the numbers are stored and sent on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Local = 1,
    S3 = 2,
    AliyunOss = 3,
    TencentCos = 4,
    HuaweiObs = 5,
}

impl Category {
    pub const ALL: [Category; 5] = [Category::Local, Category::S3, Category::AliyunOss, Category::TencentCos, Category::HuaweiObs];

    pub fn from_code(code: i32) -> Option<Category> {
        Category::ALL.into_iter().find(|c| *c as i32 == code)
    }

    pub fn name(self) -> &'static str {
        match self {
            Category::Local => "本地磁盘",
            Category::S3 => "S3 兼容",
            Category::AliyunOss => "阿里云 OSS",
            Category::TencentCos => "腾讯云 COS",
            Category::HuaweiObs => "华为云 OBS",
        }
    }

    /// Remote kinds need an address, keys and a bucket; the local disk needs none of them.
    pub fn is_remote(self) -> bool {
        self != Category::Local
    }
}

/// A resolved place to store a tenant's objects.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Target {
    /// The configuration row (None: the built-in local disk).
    pub oss_id: Option<i64>,
    pub tenant_id: String,
    pub category: i32,
    pub endpoint: String,
    pub access_key: String,
    pub secret_key: String,
    pub bucket: String,
    pub region: String,
    /// Changes whenever the row does, so a cached operator never outlives its configuration.
    pub version: i64,
}

impl Target {
    /// The built-in default: the local disk, one folder per tenant.
    pub fn builtin(tenant_id: &str) -> Target {
        Target {
            oss_id: None,
            tenant_id: tenant_id.into(),
            category: Category::Local as i32,
            endpoint: String::new(),
            access_key: String::new(),
            secret_key: String::new(),
            bucket: String::new(),
            region: String::new(),
            version: 0,
        }
    }

    pub fn from_row(row: &oss::Model) -> Target {
        Target {
            oss_id: Some(row.id),
            tenant_id: row.tenant_id.clone(),
            category: row.category,
            endpoint: row.endpoint.clone(),
            access_key: row.access_key.clone(),
            secret_key: row.secret_key.clone(),
            bucket: row.bucket_name.clone(),
            region: row.region.clone(),
            version: row.update_time.timestamp_micros(),
        }
    }
}

/// Builds and caches the operators of storage targets.
pub struct Storage {
    files_dir: PathBuf,
    operators: moka::future::Cache<Target, Operator>,
}

impl Storage {
    pub fn new(data_dir: &Path) -> Storage {
        // The remote services reach their APIs through OpenDAL's process-wide reqwest transport, on
        // the process's one TLS provider (OpenDAL's own default would bring a second one).
        keeper_client::tls::install_crypto_provider();
        opendal::install_default();
        opendal_http_transport_reqwest::install_default();
        Storage {
            files_dir: data_dir.join("files"),
            operators: moka::future::Cache::builder().max_capacity(1000).time_to_idle(Duration::from_secs(600)).build(),
        }
    }

    /// The folder of a local target: `<data>/files/<tenant>/<bucket or "default">`. The tenant comes from
    /// the verified token and the bucket from a checked configuration, so neither can climb out.
    pub fn local_root(&self, t: &Target) -> PathBuf {
        let bucket = if t.bucket.is_empty() { "default" } else { t.bucket.as_str() };
        self.files_dir.join(&t.tenant_id).join(bucket)
    }

    pub async fn operator(&self, t: &Target) -> Result<Operator, AppError> {
        if let Some(op) = self.operators.get(t).await {
            return Ok(op);
        }
        let op = self.build(t)?;
        self.operators.insert(t.clone(), op.clone()).await;
        Ok(op)
    }

    fn build(&self, t: &Target) -> Result<Operator, AppError> {
        let category = Category::from_code(t.category).ok_or_else(|| AppError::bad("存储分类不受支持"))?;
        let built = match category {
            Category::Local => {
                let root = self.local_root(t);
                std::fs::create_dir_all(&root).map_err(|e| AppError::internal(format!("creating {}: {e}", root.display())))?;
                Operator::new(services::Fs::default().root(&root.to_string_lossy()))
            }
            Category::S3 => Operator::new(
                services::S3::default()
                    .endpoint(&t.endpoint)
                    .bucket(&t.bucket)
                    .region(if t.region.is_empty() { "us-east-1" } else { &t.region })
                    .access_key_id(&t.access_key)
                    .secret_access_key(&t.secret_key)
                    .disable_config_load()
                    .disable_ec2_metadata(),
            ),
            Category::AliyunOss => Operator::new(
                services::Oss::default()
                    .endpoint(&t.endpoint)
                    .bucket(&t.bucket)
                    .access_key_id(&t.access_key)
                    .access_key_secret(&t.secret_key),
            ),
            Category::TencentCos => Operator::new(
                services::Cos::default()
                    .endpoint(&t.endpoint)
                    .bucket(&t.bucket)
                    .secret_id(&t.access_key)
                    .secret_key(&t.secret_key)
                    .disable_config_load(),
            ),
            Category::HuaweiObs => Operator::new(
                services::Obs::default()
                    .endpoint(&t.endpoint)
                    .bucket(&t.bucket)
                    .access_key_id(&t.access_key)
                    .secret_access_key(&t.secret_key),
            ),
        };
        built.map_err(|e| AppError::bad(format!("存储配置无效: {}", e.kind())))
    }

    /// "Test connection": writes, reads back and deletes a small probe object. The reason of a failure is
    /// the storage's own kind of error, never a key or a signature.
    pub async fn probe(&self, t: &Target) -> Result<(), AppError> {
        let op = self.build(t)?;
        let path = format!("keeper-probe/{}.txt", uuid::Uuid::new_v4().simple());
        let body = b"keeper storage probe".to_vec();
        let fail = |step: &str, e: opendal::Error| {
            tracing::info!(error = %e, step, "storage probe failed");
            AppError::bad(format!("连接失败（{step}）: {}", describe(&e)))
        };
        op.write(&path, body.clone()).await.map_err(|e| fail("写入", e))?;
        let back = op.read(&path).await.map_err(|e| fail("读取", e))?;
        let _ = op.delete(&path).await;
        if back.to_vec() != body { Err(AppError::bad("连接失败（读取）: 读回的内容不一致")) } else { Ok(()) }
    }
}

/// A short, secret-free description of a storage error for the user.
pub fn describe(e: &opendal::Error) -> String {
    use opendal::ErrorKind::*;
    match e.kind() {
        PermissionDenied => "拒绝访问，请检查密钥和存储桶权限".into(),
        NotFound => "存储桶或文件不存在".into(),
        ConfigInvalid => "配置无效".into(),
        RateLimited => "请求过于频繁".into(),
        _ if e.to_string().contains("error sending request") || e.to_string().contains("connect") => "无法连接存储服务地址".into(),
        kind => format!("{kind}"),
    }
}
