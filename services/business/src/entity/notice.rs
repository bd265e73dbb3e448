//! A notice to the zone's staff (通知公告, issue 18): written as a draft, published to everyone in the
//! tenant or to some departments (each with the departments below it) and roles, withdrawn again. The
//! content is rich text sanitised on the way in. The audience lists are stored comma-wrapped (`,12,34,`)
//! so that "is it for me" is a `LIKE` per department and role of the reader, as the issue ledger's
//! co-operating departments.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_notice")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub title: String,
    /// `notice_category` key.
    pub category: String,
    /// Sanitised HTML.
    pub content: String,
    /// 0 draft, 1 published, 2 withdrawn (`notice::NoticeStatus`).
    pub notice_status: i32,
    /// When it was last published.
    pub release_time: Option<DateTimeUtc>,
    /// 1 when both audience lists are empty: everyone in the tenant.
    pub audience_all: i32,
    /// `,<dept id>,…,` or empty.
    pub dept_ids: String,
    /// `,<role id>,…,` or empty.
    pub role_ids: String,
    pub create_user_name: String,
    pub create_user: Option<i64>,
    pub create_dept: Option<i64>,
    pub create_time: DateTimeUtc,
    pub update_user: Option<i64>,
    pub update_time: DateTimeUtc,
    pub status: i32,
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
