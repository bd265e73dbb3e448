//! Post administration (api-contract §4.4): the rules and transactions behind `post/detail`, `list`, `page`,
//! `submit`, `remove` and `select`. Everything stays inside the caller's tenant, the platform administrator's
//! included; another tenant's post answers 404 like a missing one.
pub mod form;
pub mod repo;
pub mod view;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::{next_id, parse_list};
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns, LIVE};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};

use crate::depts::dict_labels;
use crate::entity::{post, user};
use crate::state::AppState;
use crate::tenant_lock::lock as lock_tenant;
use form::PostInput;
use view::PostView;

pub const HELD_BY_USER: &str = "岗位已分配给用户,不能删除!";

async fn categories(state: &AppState) -> Result<HashMap<String, String>, AppError> {
    dict_labels(state, "post_category").await
}

fn code_taken(code: &str) -> AppError {
    AppError::field("postCode", format!("岗位编号 [{code}] 已存在!"))
}

pub async fn list(state: &AppState, me: &CurrentUser, f: repo::Filter, req: PageRequest) -> Result<Page<PostView>, AppError> {
    let page = repo::page(&state.db, &me.tenant_id, &f, &req).await?;
    let categories = categories(state).await?;
    Ok(page.map(|p| view::view(p, &categories)))
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<PostView, AppError> {
    let p = post::Entity::live(&me.tenant_id).filter(post::Column::Id.eq(id)).one(&state.db).await?.ok_or_else(AppError::not_found)?;
    Ok(view::view(p, &categories(state).await?))
}

/// The tenant's live posts in display order, for pickers.
pub async fn select(state: &AppState, me: &CurrentUser) -> Result<Vec<PostView>, AppError> {
    let rows = post::Entity::live(&me.tenant_id).order_by_asc(post::Column::Sort).order_by_asc(post::Column::Id).all(&state.db).await?;
    let categories = categories(state).await?;
    Ok(rows.into_iter().map(|p| view::view(p, &categories)).collect())
}

/// Creates or updates a post; answers its id. The tenant's lock makes the code check and the write one step.
pub async fn submit(state: &AppState, me: &CurrentUser, input: PostInput) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let who = Author::of(me);
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    if let Some(id) = input.id
        && post::Entity::live(tenant).filter(post::Column::Id.eq(id)).count(&txn).await? == 0
    {
        return Err(AppError::not_found());
    }
    if let Some(code) = &input.post_code
        && repo::code_taken(&txn, tenant, code, input.id).await?
    {
        return Err(code_taken(code));
    }
    let id = match input.id {
        None => {
            let id = next_id();
            let mut row = post::ActiveModel {
                category: Set(input.category.unwrap_or_default()),
                post_code: Set(input.post_code.unwrap_or_default()),
                post_name: Set(input.post_name.unwrap_or_default()),
                sort: Set(input.sort.unwrap_or(0)),
                remark: Set(input.remark.unwrap_or_default()),
                ..Default::default()
            };
            base::created::<post::Entity>(&mut row, id, &who);
            post::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
        Some(id) => {
            let mut changes = post::ActiveModel::default();
            base::updated::<post::Entity>(&mut changes, &who);
            if let Some(v) = input.post_code {
                changes.post_code = Set(v);
            }
            if let Some(v) = input.post_name {
                changes.post_name = Set(v);
            }
            if let Some(v) = input.category {
                changes.category = Set(v);
            }
            if let Some(v) = input.sort {
                changes.sort = Set(v);
            }
            if let Some(v) = input.remark {
                changes.remark = Set(v);
            }
            post::Entity::update_many()
                .set(changes)
                .filter(post::Column::Id.eq(id))
                .filter(post::Column::TenantId.eq(tenant))
                .filter(post::Column::IsDeleted.eq(LIVE))
                .exec(&txn)
                .await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Soft-deletes posts that no live account holds.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    if post::Entity::live(tenant).filter(post::Column::Id.is_in(ids.to_vec())).count(&txn).await? != ids.len() as u64 {
        return Err(AppError::not_found());
    }
    let doomed: HashSet<i64> = ids.iter().copied().collect();
    let held: Vec<String> = user::Entity::live(tenant).select_only().column(user::Column::PostId).into_tuple().all(&txn).await?;
    if held.iter().any(|p| parse_list(p).unwrap_or_default().iter().any(|p| doomed.contains(p))) {
        return Err(AppError::bad(HELD_BY_USER));
    }
    post::Entity::update_many()
        .set(base::removal::<post::Entity>(&Author::of(me)))
        .filter(post::Column::Id.is_in(ids.to_vec()))
        .filter(post::Column::TenantId.eq(tenant))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(ids.len())
}
