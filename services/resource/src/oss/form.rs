//! The body of `oss/submit`, checked field by field for the chosen kind of storage.
use keeper_common::AppError;
use keeper_common::fields;
use serde_json::{Map, Value};

use crate::storage::Category;

#[derive(Debug)]
pub struct OssInput {
    pub id: Option<i64>,
    pub oss_code: String,
    pub category: Category,
    pub endpoint: String,
    pub access_key: String,
    /// Empty on an update keeps the stored secret (the API never sends it back).
    pub secret_key: String,
    pub bucket_name: String,
    pub region: String,
    pub remark: String,
}

impl OssInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<OssInput, AppError> {
        let id = fields::id(body, "id")?;
        let category = fields::int(body, "category")?
            .ok_or_else(|| AppError::field("category", "不能为空"))
            .and_then(|c| Category::from_code(c).ok_or_else(|| AppError::field("category", "不支持的存储分类")))?;
        let oss_code = fields::text(body, "ossCode", 32, true)?;
        if !oss_code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(AppError::field("ossCode", "只能包含字母、数字、下划线和连字符"));
        }
        let remote = category.is_remote();
        let endpoint = fields::text(body, "endpoint", 255, remote)?;
        if remote && !(endpoint.starts_with("http://") || endpoint.starts_with("https://")) {
            return Err(AppError::field("endpoint", "应以 http:// 或 https:// 开头"));
        }
        let bucket_name = fields::text(body, "bucketName", 63, remote)?;
        // Bucket names of every provider (and the local folder name) share these rules, which also keep a
        // local folder inside the tenant's directory.
        if !bucket_name.is_empty() && !valid_bucket(&bucket_name) {
            return Err(AppError::field("bucketName", "应为3到63位小写字母、数字、点或连字符"));
        }
        let access_key = fields::text(body, "accessKey", 255, remote)?;
        let secret_key = fields::text(body, "secretKey", 255, remote && id.is_none())?;
        Ok(OssInput {
            id,
            oss_code,
            category,
            endpoint: if remote { endpoint } else { String::new() },
            access_key: if remote { access_key } else { String::new() },
            secret_key: if remote { secret_key } else { String::new() },
            bucket_name,
            region: fields::text(body, "region", 64, false)?,
            remark: fields::text(body, "remark", 255, false)?,
        })
    }
}

/// 3 to 63 lower-case letters, digits, dots and hyphens, not starting with a dot or hyphen, no `..`.
fn valid_bucket(name: &str) -> bool {
    name.len() >= 3
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
        && !name.starts_with(['-', '.'])
        && !name.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<OssInput, AppError> {
        OssInput::from_json(v.as_object().unwrap())
    }

    fn field(v: Value) -> String {
        parse(v).unwrap_err().to_string().split(':').next().unwrap().to_string()
    }

    #[test]
    fn each_kind_needs_its_fields() {
        assert!(parse(json!({ "ossCode": "disk", "category": 1 })).is_ok());
        let s3 = json!({ "ossCode": "minio", "category": 2, "endpoint": "http://127.0.0.1:9000", "accessKey": "a", "secretKey": "s", "bucketName": "keeper" });
        assert!(parse(s3.clone()).is_ok());
        let mut no_secret = s3.clone();
        no_secret.as_object_mut().unwrap().remove("secretKey");
        assert_eq!(field(no_secret.clone()), "secretKey");
        no_secret["id"] = json!("12");
        assert!(parse(no_secret).is_ok(), "an update keeps the stored secret");
        assert_eq!(field(json!({ "ossCode": "x", "category": 9 })), "category");
        assert_eq!(field(json!({ "ossCode": "x y", "category": 1 })), "ossCode");
        assert_eq!(
            field(json!({ "ossCode": "x", "category": 2, "endpoint": "ftp://a", "accessKey": "a", "secretKey": "s", "bucketName": "bkt" })),
            "endpoint"
        );
        for bucket in ["../x", "ab", "UPPER", "a..b", ".abc", "a/b"] {
            assert_eq!(field(json!({ "ossCode": "x", "category": 1, "bucketName": bucket })), "bucketName", "{bucket}");
        }
    }
}
