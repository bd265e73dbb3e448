//! The body of `sms/submit`, checked field by field for the chosen provider.
use keeper_common::AppError;
use keeper_common::fields;
use serde_json::{Map, Value};

use super::providers::Category;

#[derive(Debug)]
pub struct SmsInput {
    pub id: Option<i64>,
    pub sms_code: String,
    pub category: Category,
    pub template_id: String,
    pub access_key: String,
    /// Empty on an update keeps the stored secret (the API never sends it back).
    pub secret_key: String,
    pub app_id: String,
    pub region_id: String,
    pub sign_name: String,
    /// Empty: the provider's public API address.
    pub endpoint: String,
    pub remark: String,
}

impl SmsInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<SmsInput, AppError> {
        let id = fields::id(body, "id")?;
        let category = fields::int(body, "category")?
            .ok_or_else(|| AppError::field("category", "不能为空"))
            .and_then(|c| Category::from_code(c).ok_or_else(|| AppError::field("category", "不支持的短信服务类型")))?;
        let sms_code = fields::text(body, "smsCode", 32, true)?;
        if !sms_code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(AppError::field("smsCode", "只能包含字母、数字、下划线和连字符"));
        }
        let template_id = fields::text(body, "templateId", 64, true)?;
        if category == Category::Yunpian && !template_id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(AppError::field("templateId", "云片的模板ID应为数字"));
        }
        let secret = category.needs_secret();
        let access_key = fields::text(body, "accessKey", 255, true)?;
        let secret_key = fields::text(body, "secretKey", 255, secret && id.is_none())?;
        let app_id = fields::text(body, "appId", 64, category == Category::Tencent)?;
        // Aliyun and Tencent put the sign name in the request; Qiniu and Yunpian bind it to the template.
        let sign_name = fields::text(body, "signName", 64, matches!(category, Category::Aliyun | Category::Tencent))?;
        let region_id = fields::text(body, "regionId", 64, false)?;
        let endpoint = fields::text(body, "endpoint", 255, false)?;
        if !endpoint.is_empty() && !is_base_url(&endpoint) {
            return Err(AppError::field("endpoint", "应为 http:// 或 https:// 开头的地址，不含查询参数"));
        }
        Ok(SmsInput {
            id,
            sms_code,
            category,
            template_id,
            access_key,
            secret_key: if secret { secret_key } else { String::new() },
            app_id,
            region_id: if region_id.is_empty() { category.default_region().to_string() } else { region_id },
            sign_name,
            endpoint,
            remark: fields::text(body, "remark", 255, false)?,
        })
    }
}

/// An http(s) address with a host and nothing after the path (the signatures cover the path and query).
fn is_base_url(s: &str) -> bool {
    reqwest::Url::parse(s).is_ok_and(|u| {
        matches!(u.scheme(), "http" | "https")
            && u.host_str().is_some_and(|h| !h.is_empty())
            && u.query().is_none()
            && u.fragment().is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<SmsInput, AppError> {
        SmsInput::from_json(v.as_object().unwrap())
    }

    fn field(v: Value) -> String {
        parse(v).unwrap_err().to_string().split(':').next().unwrap().to_string()
    }

    #[test]
    fn each_provider_needs_its_fields() {
        let ali =
            json!({ "smsCode": "ali", "category": 3, "templateId": "SMS_1", "accessKey": "id", "secretKey": "s", "signName": "园区" });
        let parsed = parse(ali.clone()).unwrap();
        assert_eq!(parsed.region_id, "cn-hangzhou", "the default region");
        let mut no_secret = ali.clone();
        no_secret.as_object_mut().unwrap().remove("secretKey");
        assert_eq!(field(no_secret.clone()), "secretKey");
        no_secret["id"] = json!("12");
        assert!(parse(no_secret).is_ok(), "an update keeps the stored secret");
        let mut no_sign = ali.clone();
        no_sign.as_object_mut().unwrap().remove("signName");
        assert_eq!(field(no_sign), "signName");
        let tencent =
            json!({ "smsCode": "tx", "category": 4, "templateId": "1", "accessKey": "AKID", "secretKey": "s", "signName": "园区" });
        assert_eq!(field(tencent.clone()), "appId");
        let mut tencent = tencent;
        tencent["appId"] = json!("1400000000");
        assert_eq!(parse(tencent).unwrap().region_id, "ap-guangzhou");
        let yunpian =
            parse(json!({ "smsCode": "yp", "category": 1, "templateId": "123", "accessKey": "key", "secretKey": "ignored" })).unwrap();
        assert_eq!(yunpian.secret_key, "", "Yunpian keeps no secret");
        assert_eq!(field(json!({ "smsCode": "yp", "category": 1, "templateId": "abc", "accessKey": "key" })), "templateId");
        assert!(parse(json!({ "smsCode": "qn", "category": 2, "templateId": "t", "accessKey": "a", "secretKey": "s" })).is_ok());
    }

    #[test]
    fn codes_categories_templates_and_addresses_are_checked() {
        let base = json!({ "smsCode": "qn", "category": 2, "templateId": "t", "accessKey": "a", "secretKey": "s" });
        let with = |k: &str, v: Value| {
            let mut b = base.clone();
            b[k] = v;
            b
        };
        assert_eq!(field(with("category", json!(9))), "category");
        assert_eq!(field(with("smsCode", json!("a b"))), "smsCode");
        assert_eq!(field(with("templateId", json!(""))), "templateId");
        for bad in ["ftp://a", "sms.example.com", "http://", "https://a/x?y=1"] {
            assert_eq!(field(with("endpoint", json!(bad))), "endpoint", "{bad}");
        }
        assert!(parse(with("endpoint", json!("http://127.0.0.1:9000/gateway"))).is_ok());
    }
}
