//! An SMS configuration as `sms/list` and `sms/detail` show it: never the secret, only whether one is set.
use schemars::JsonSchema;
use serde::Serialize;

use super::providers::Category;
use crate::entity::sms;
use crate::tenant_config::Standing;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub sms_code: String,
    pub category: i32,
    pub category_name: &'static str,
    pub template_id: String,
    pub access_key: String,
    pub has_secret: bool,
    pub app_id: String,
    pub region_id: String,
    pub sign_name: String,
    pub endpoint: String,
    #[serde(flatten)]
    pub standing: Standing,
}

impl From<sms::Model> for SmsView {
    fn from(s: sms::Model) -> Self {
        SmsView {
            id: s.id,
            tenant_id: s.tenant_id,
            sms_code: s.sms_code,
            category: s.category,
            category_name: Category::from_code(s.category).map_or("", Category::name),
            template_id: s.template_id,
            access_key: s.access_key,
            has_secret: !s.secret_key.is_empty(),
            app_id: s.app_id,
            region_id: s.region_id,
            sign_name: s.sign_name,
            endpoint: s.endpoint,
            standing: Standing::new(s.remark, s.status, s.create_time, s.update_time),
        }
    }
}
