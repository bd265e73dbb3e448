//! A post as `post/detail`, `list`, `page` and `select` show it (`PostVO`: ids as strings, local times).
use schemars::JsonSchema;
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::entity::post;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub category: i32,
    pub category_name: String,
    pub post_code: String,
    pub post_name: String,
    pub sort: i32,
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

/// `categories` maps the keys of the dictionary `post_category` to their labels.
pub fn view(p: post::Model, categories: &HashMap<String, String>) -> PostView {
    PostView {
        category_name: categories.get(&p.category.to_string()).cloned().unwrap_or_default(),
        id: p.id,
        tenant_id: p.tenant_id,
        category: p.category,
        post_code: p.post_code,
        post_name: p.post_name,
        sort: p.sort,
        remark: p.remark,
        status: p.status,
        is_deleted: p.is_deleted,
        create_time: p.create_time,
        update_time: p.update_time,
    }
}
