//! A storage configuration as `oss/list` and `oss/detail` show it: never the secret, only whether one is set.
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::oss;
use crate::storage::Category;
use crate::tenant_config::Standing;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OssView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub oss_code: String,
    pub category: i32,
    pub category_name: &'static str,
    pub endpoint: String,
    pub access_key: String,
    pub has_secret: bool,
    pub bucket_name: String,
    pub region: String,
    #[serde(flatten)]
    pub standing: Standing,
}

impl From<oss::Model> for OssView {
    fn from(o: oss::Model) -> Self {
        OssView {
            id: o.id,
            tenant_id: o.tenant_id,
            oss_code: o.oss_code,
            category: o.category,
            category_name: Category::from_code(o.category).map_or("", Category::name),
            endpoint: o.endpoint,
            access_key: o.access_key,
            has_secret: !o.secret_key.is_empty(),
            bucket_name: o.bucket_name,
            region: o.region,
            standing: Standing::new(o.remark, o.status, o.create_time, o.update_time),
        }
    }
}
