//! Notices as the web shows them: the manager's row, the reader's row, the full notice and a receipt.
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

use super::NoticeStatus;
use super::repo::unwrap;
use crate::entity::{notice, notice_read};
use crate::reference::Reference;

/// What the audience of a notice with no departments and no roles is called.
pub const EVERYONE: &str = "全体人员";

/// A row of `noticeManager/list`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRow {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub title: String,
    pub category: String,
    pub category_name: String,
    pub notice_status: i32,
    pub notice_status_name: &'static str,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub release_time: Option<DateTime<Utc>>,
    pub dept_ids: Vec<String>,
    pub role_ids: Vec<String>,
    /// 全体人员, or the departments and roles addressed.
    pub audience_name: String,
    pub read_count: i64,
    pub create_user_name: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

pub fn row(n: &notice::Model, read_count: i64, r: &Reference) -> NoticeRow {
    let depts = unwrap(&n.dept_ids);
    let roles = unwrap(&n.role_ids);
    let names: Vec<String> = depts
        .iter()
        .map(|d| r.dept_name(Some(*d)))
        .chain(roles.iter().map(|id| r.role_name(*id).to_string()))
        .filter(|s| !s.is_empty())
        .collect();
    let status = NoticeStatus::of(n);
    NoticeRow {
        id: n.id,
        title: n.title.clone(),
        category: n.category.clone(),
        category_name: r.label("notice_category", &n.category),
        notice_status: n.notice_status,
        notice_status_name: status.name(),
        release_time: n.release_time,
        dept_ids: depts.iter().map(i64::to_string).collect(),
        role_ids: roles.iter().map(i64::to_string).collect(),
        audience_name: if n.audience_all == 1 { EVERYONE.to_string() } else { names.join("、") },
        read_count,
        create_user_name: n.create_user_name.clone(),
        create_time: n.create_time,
        update_time: n.update_time,
    }
}

/// A row of the reader's lists (`noticeManager/mine`, `unread`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyNotice {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub title: String,
    pub category: String,
    pub category_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub release_time: Option<DateTime<Utc>>,
    pub create_user_name: String,
    pub read: bool,
}

pub fn mine(n: notice::Model, read: bool, r: &Reference) -> MyNotice {
    MyNotice {
        id: n.id,
        category_name: r.label("notice_category", &n.category),
        title: n.title,
        category: n.category,
        release_time: n.release_time,
        create_user_name: n.create_user_name,
        read,
    }
}

/// The header's bell: how many are unread and the newest of them.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Unread {
    pub count: u64,
    pub list: Vec<MyNotice>,
}

/// A file a notice carries.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeFile {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub attach_id: i64,
    pub original_name: String,
    /// The stored object key, for `/oss/endpoint/download?fileName=`.
    pub file_name: String,
    pub oss_code: String,
    pub attach_size: i64,
    pub extension: String,
}

/// `noticeManager/detail`: the notice in full.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeDetail {
    #[serde(flatten)]
    pub row: NoticeRow,
    /// Sanitised HTML.
    pub content: String,
    /// Whether the caller has read it (true once this answer is given to an addressed reader).
    pub read: bool,
    pub attachments: Vec<NoticeFile>,
}

/// A row of `noticeManager/receipts`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub user_id: i64,
    pub user_name: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub read_time: DateTime<Utc>,
}

pub fn receipt(r: notice_read::Model) -> Receipt {
    Receipt { user_id: r.user_id, user_name: r.user_name, read_time: r.read_time }
}
