//! Queries of `biz_notice` and its read receipts. Every function takes the tenant; who may see which notice
//! is decided here only for readers ([`Reader`]); managers are checked by their buttons before.
use std::collections::{HashMap, HashSet};

use keeper_common::page::{Page, PageRequest};
use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use schemars::JsonSchema;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, IntoSimpleExpr, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Select,
};
use serde::Deserialize;

use super::NoticeStatus;
use crate::entity::{notice, notice_read};

/// The reader of published notices: who they are and what an audience may name them by.
#[derive(Debug, Clone)]
pub struct Reader {
    pub user_id: i64,
    /// Their departments and every department above them: a notice to a department reaches those below.
    pub depts: HashSet<i64>,
    pub roles: Vec<i64>,
}

/// An id list as stored: `,12,34,`, or empty for none.
pub fn wrap(ids: &[i64]) -> String {
    if ids.is_empty() { String::new() } else { format!(",{},", keeper_common::id::join(ids)) }
}

/// The ids of a stored list.
pub fn unwrap(stored: &str) -> Vec<i64> {
    stored.split(',').filter_map(keeper_common::id::parse).collect()
}

impl Reader {
    /// Whether a notice addresses this reader.
    fn condition(&self) -> Condition {
        let mut any = Condition::any().add(notice::Column::AudienceAll.eq(1));
        for d in &self.depts {
            any = any.add(notice::Column::DeptIds.like(format!("%,{d},%")));
        }
        for r in &self.roles {
            any = any.add(notice::Column::RoleIds.like(format!("%,{r},%")));
        }
        any
    }

    /// Whether `n` addresses this reader (the same rule as [`Reader::condition`], for one row in hand).
    pub fn addressed_by(&self, n: &notice::Model) -> bool {
        n.audience_all == 1
            || unwrap(&n.dept_ids).iter().any(|d| self.depts.contains(d))
            || unwrap(&n.role_ids).iter().any(|r| self.roles.contains(r))
    }
}

/// The published notices addressed to `reader`.
fn for_reader(tenant: &str, reader: &Reader) -> Select<notice::Entity> {
    notice::Entity::live(tenant).filter(notice::Column::NoticeStatus.eq(NoticeStatus::Published.code())).filter(reader.condition())
}

fn receipts_of(tenant: &str, user: i64) -> sea_orm::sea_query::SelectStatement {
    notice_read::Entity::find()
        .filter(notice_read::Column::TenantId.eq(tenant))
        .filter(notice_read::Column::UserId.eq(user))
        .select_only()
        .column(notice_read::Column::NoticeId)
        .into_query()
}

/// Columns `noticeManager/list` may sort by.
pub const SORTABLE: &[&str] = &["release_time", "create_time", "update_time", "title"];

/// The filters of `noticeManager/list`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub title: Option<String>,
    pub category: Option<String>,
    /// 0 draft, 1 published, 2 withdrawn.
    pub notice_status: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub title: Option<String>,
    pub category: Option<String>,
    pub status: Option<NoticeStatus>,
}

impl ListQuery {
    pub fn parse(self) -> Result<Filter, AppError> {
        let status = match fields::bounded_filter("noticeStatus", self.notice_status, 1)? {
            None => None,
            Some(s) => {
                Some(NoticeStatus::from_code("noticeStatus", s.parse().map_err(|_| AppError::field("noticeStatus", "不是有效的状态"))?)?)
            }
        };
        Ok(Filter {
            title: fields::bounded_filter("title", self.title, super::form::MAX_TITLE)?,
            category: fields::bounded_filter("category", self.category, 2)?,
            status,
        })
    }
}

fn sort_column(name: &str) -> SimpleExpr {
    match name {
        "release_time" => notice::Column::ReleaseTime.into_simple_expr(),
        "update_time" => notice::Column::UpdateTime.into_simple_expr(),
        "title" => notice::Column::Title.into_simple_expr(),
        _ => notice::Column::CreateTime.into_simple_expr(),
    }
}

/// After the asked columns: the newest first; the id breaks ties.
fn newest_first(q: Select<notice::Entity>, asked: bool) -> Select<notice::Entity> {
    let q = if asked { q } else { q.order_by_desc(notice::Column::CreateTime) };
    q.order_by_desc(notice::Column::Id)
}

/// A reader's list: the latest release first.
fn latest_release_first(q: Select<notice::Entity>, _: bool) -> Select<notice::Entity> {
    q.order_by_desc(notice::Column::ReleaseTime).order_by_desc(notice::Column::Id)
}

const MANAGED: keeper_db::Order<notice::Entity, SimpleExpr> = keeper_db::Order { column: sort_column, then: newest_first };
const RELEASED: keeper_db::Order<notice::Entity, SimpleExpr> = keeper_db::Order { column: sort_column, then: latest_release_first };

/// One page of the tenant's notices for their managers.
pub async fn page<C: ConnectionTrait>(db: &C, tenant: &str, f: &Filter, req: &PageRequest) -> Result<Page<notice::Model>, AppError> {
    let mut q = notice::Entity::live(tenant);
    if let Some(t) = &f.title {
        q = q.filter(notice::Column::Title.like(fields::like(t)));
    }
    if let Some(c) = &f.category {
        q = q.filter(notice::Column::Category.eq(c.as_str()));
    }
    if let Some(s) = f.status {
        q = q.filter(notice::Column::NoticeStatus.eq(s.code()));
    }
    Ok(MANAGED.page(db, q, req).await?)
}

/// One page of the notices published to `reader`, only the unread ones with `unread`.
pub async fn page_for<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    reader: &Reader,
    unread: bool,
    req: &PageRequest,
) -> Result<Page<notice::Model>, AppError> {
    let mut q = for_reader(tenant, reader);
    if unread {
        q = q.filter(notice::Column::Id.not_in_subquery(receipts_of(tenant, reader.user_id)));
    }
    Ok(RELEASED.page(db, q, &PageRequest { sort: Vec::new(), ..req.clone() }).await?)
}

/// How many notices published to `reader` they have not opened, and the newest `limit` of them.
pub async fn unread<C: ConnectionTrait>(db: &C, tenant: &str, reader: &Reader, limit: u64) -> Result<(u64, Vec<notice::Model>), AppError> {
    let q = for_reader(tenant, reader).filter(notice::Column::Id.not_in_subquery(receipts_of(tenant, reader.user_id)));
    let newest = latest_release_first(q.clone(), false).limit(limit).all(db).await?;
    // A short list is the whole count: the header asks on every page, so spare the second statement.
    let count = if (newest.len() as u64) < limit { newest.len() as u64 } else { q.count(db).await? };
    Ok((count, newest))
}

pub async fn find<C: ConnectionTrait>(db: &C, tenant: &str, id: i64) -> Result<Option<notice::Model>, AppError> {
    Ok(notice::Entity::live(tenant).filter(notice::Column::Id.eq(id)).one(db).await?)
}

/// The live notices among `ids`.
pub async fn live<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<notice::Model>, AppError> {
    Ok(notice::Entity::live(tenant).filter(notice::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: notice::ActiveModel) -> Result<(), AppError> {
    notice::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to the listed live notices of the tenant that are still in one of `from`; answers
/// how many changed.
pub async fn update_in<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    ids: &[i64],
    from: &[NoticeStatus],
    changes: notice::ActiveModel,
) -> Result<u64, AppError> {
    let done = notice::Entity::update_many()
        .set(changes)
        .filter(notice::Column::Id.is_in(ids.to_vec()))
        .filter(notice::Column::TenantId.eq(tenant))
        .filter(notice::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .filter(notice::Column::NoticeStatus.is_in(from.iter().map(|s| s.code())))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// How many have read each of `ids`.
pub async fn read_counts<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, i64>, AppError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = notice_read::Entity::find()
        .filter(notice_read::Column::TenantId.eq(tenant))
        .filter(notice_read::Column::NoticeId.is_in(ids.to_vec()))
        .select_only()
        .column(notice_read::Column::NoticeId)
        .column_as(Expr::col(notice_read::Column::Id).count(), "n")
        .group_by(notice_read::Column::NoticeId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Which of `ids` `user` has read.
pub async fn read_by<C: ConnectionTrait>(db: &C, tenant: &str, user: i64, ids: &[i64]) -> Result<HashSet<i64>, AppError> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let rows: Vec<i64> = notice_read::Entity::find()
        .filter(notice_read::Column::TenantId.eq(tenant))
        .filter(notice_read::Column::UserId.eq(user))
        .filter(notice_read::Column::NoticeId.is_in(ids.to_vec()))
        .select_only()
        .column(notice_read::Column::NoticeId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Records that the reader opened the notice, once: a receipt there already (two tabs at once) stays.
pub async fn record_read<C: ConnectionTrait>(db: &C, row: notice_read::ActiveModel) -> Result<(), AppError> {
    match row.insert(db).await {
        Err(e) if keeper_db::is_unique_violation(&e) => Ok(()),
        other => other.map(|_| ()).map_err(Into::into),
    }
}

/// One page of a notice's readers, the latest first.
pub async fn receipts<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    notice: i64,
    req: &PageRequest,
) -> Result<Page<notice_read::Model>, AppError> {
    let q = notice_read::Entity::find().filter(notice_read::Column::TenantId.eq(tenant)).filter(notice_read::Column::NoticeId.eq(notice));
    Ok(keeper_db::page(
        db,
        q,
        req,
        |_| notice_read::Column::ReadTime,
        |q| q.order_by_desc(notice_read::Column::ReadTime).order_by_desc(notice_read::Column::Id),
    )
    .await?)
}
