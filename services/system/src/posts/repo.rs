//! Queries of `sys_post`. Every function takes the tenant explicitly.
use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, ConnectionTrait, PaginatorTrait, QueryFilter, QueryOrder};

use crate::entity::post;

/// Columns `post/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["sort", "post_code", "post_name", "category", "create_time"];

/// The filters of `post/list` and `post/page`: code and name as substrings, the category exactly.
#[derive(Debug, Default)]
pub struct Filter {
    pub post_code: Option<String>,
    pub post_name: Option<String>,
    pub category: Option<i32>,
}

fn sort_column(name: &str) -> post::Column {
    match name {
        "post_code" => post::Column::PostCode,
        "post_name" => post::Column::PostName,
        "category" => post::Column::Category,
        "create_time" => post::Column::CreateTime,
        _ => post::Column::Sort,
    }
}

/// One page of the tenant's live posts, in `sort` order unless asked otherwise.
pub async fn page<C: ConnectionTrait>(db: &C, tenant: &str, f: &Filter, req: &PageRequest) -> Result<Page<post::Model>, AppError> {
    let mut q = post::Entity::live(tenant);
    for (col, v) in [(post::Column::PostCode, &f.post_code), (post::Column::PostName, &f.post_name)] {
        if let Some(v) = v.as_deref() {
            q = q.filter(col.like(keeper_common::fields::like(v)));
        }
    }
    if let Some(c) = f.category {
        q = q.filter(post::Column::Category.eq(c));
    }
    let default = req.sort.is_empty();
    Ok(keeper_db::page(db, q, req, sort_column, |q| {
        if default { q.order_by_asc(post::Column::Sort) } else { q }.order_by_asc(post::Column::Id)
    })
    .await?)
}

/// Whether a live post of the tenant other than `except` already uses `code`.
pub async fn code_taken<C: ConnectionTrait>(db: &C, tenant: &str, code: &str, except: Option<i64>) -> Result<bool, AppError> {
    let mut q = post::Entity::live(tenant).filter(post::Column::PostCode.eq(code));
    if let Some(id) = except {
        q = q.filter(post::Column::Id.ne(id));
    }
    Ok(q.count(db).await? > 0)
}
