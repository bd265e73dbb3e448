//! The shapes of the JSON bodies of the storage and SMS screens, for the API description: the submit
//! handlers check their body field by field (`OssInput::from_json`, `SmsInput::from_json`) so that a
//! wrong type is reported by name; these types say what those parsers read. Secrets left empty on an
//! update keep the stored ones (answers never carry them).
#![allow(dead_code)] // read by schemars only

use schemars::JsonSchema;

/// `oss/submit`.
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct OssBody {
    /// Absent on create.
    id: Option<String>,
    oss_code: String,
    /// 1 local disk, 2 S3-compatible, 3 Alibaba OSS, 4 Tencent COS, 5 Huawei OBS.
    #[schemars(range(min = 1, max = 5))]
    category: i32,
    endpoint: Option<String>,
    access_key: Option<String>,
    secret_key: Option<String>,
    bucket_name: Option<String>,
    region: Option<String>,
    remark: Option<String>,
}

/// `sms/submit`.
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct SmsBody {
    id: Option<String>,
    sms_code: String,
    /// 1 Yunpian, 2 Qiniu, 3 Alibaba Cloud, 4 Tencent Cloud.
    #[schemars(range(min = 1, max = 4))]
    category: i32,
    template_id: Option<String>,
    access_key: Option<String>,
    secret_key: Option<String>,
    app_id: Option<String>,
    region_id: Option<String>,
    sign_name: Option<String>,
    /// Empty: the provider's public API address.
    endpoint: Option<String>,
    remark: Option<String>,
}
