//! A parameter as `param/list` and `param/detail` show it. `tenantId` tells a tenant's override (its own
//! code) from the platform default (`000000`).
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::param;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParamView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub param_name: String,
    pub param_key: String,
    pub param_value: String,
    pub remark: String,
    pub status: i32,
    pub is_deleted: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

impl From<param::Model> for ParamView {
    fn from(p: param::Model) -> Self {
        ParamView {
            id: p.id,
            tenant_id: p.tenant_id,
            param_name: p.param_name,
            param_key: p.param_key,
            param_value: p.param_value,
            remark: p.remark,
            status: p.status,
            is_deleted: p.is_deleted,
            create_time: p.create_time,
            update_time: p.update_time,
        }
    }
}
