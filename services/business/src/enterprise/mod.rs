//! The enterprise register (domain-model §2.1): the rules and transactions behind `enterprise/list`,
//! `detail`, `submit`, `remove`, `export`, `export-template` and `import`. Everything stays inside the
//! caller's tenant and their data scope for resource `enterprise`; an enterprise outside either answers
//! 404, exactly like a missing id. Credit codes and names are unique among a tenant's live enterprises.
pub mod excel;
pub mod form;
pub mod repo;
pub mod view;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_common::scope::DataScope;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, IntoActiveModel, TransactionTrait};
use serde_json::{Map, Value};

use crate::entity::enterprise;
use crate::patch;
use crate::state::AppState;
use form::{Enterprise, EnterpriseForm};
use view::EnterpriseView;

/// The data-scope resource code of enterprises.
pub const RESOURCE: &str = "enterprise";

/// The register's list totals; kept 5 s at most, so a write of another replica shows in the pager as soon
/// as a change of grants does.
pub fn totals() -> keeper_db::totals::Totals {
    keeper_db::totals::Totals::new(std::time::Duration::from_secs(5))
}

pub async fn scope_of(state: &AppState, me: &CurrentUser) -> Result<DataScope, AppError> {
    keeper_security::data_scope::resolve(state.scopes.as_ref(), me, RESOURCE).await
}

pub fn duplicate_code(code: &str) -> AppError {
    AppError::field("creditCode", format!("统一社会信用代码 [{code}] 已存在!"))
}

pub fn duplicate_name(name: &str) -> AppError {
    AppError::field("enterpriseName", format!("企业名称 [{name}] 已存在!"))
}

/// A caller may not place an enterprise where they could no longer see it.
pub fn check_placement(scope: &DataScope, dept_id: Option<i64>, creator: Option<i64>) -> Result<(), AppError> {
    if scope.admits(dept_id, creator) { Ok(()) } else { Err(AppError::field("deptId", "超出本人的数据权限范围")) }
}

pub async fn list(
    state: &AppState,
    me: &CurrentUser,
    mut filter: repo::Filter,
    req: PageRequest,
) -> Result<Page<EnterpriseView>, AppError> {
    let scope = scope_of(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    filter.depts = filter.dept_id.map(|d| reference.subtree(d));
    let page = repo::page(&state.db, &state.enterprise_totals, &me.tenant_id, &scope, &filter, &req).await?;
    Ok(page.map(|e| view::view(e, &reference)))
}

/// Every live enterprise the caller may see, by name: the choices of an enterprise picker
/// (`parkCompany/list`).
pub async fn options(state: &AppState, me: &CurrentUser) -> Result<Vec<enterprise::Model>, AppError> {
    let scope = scope_of(state, me).await?;
    repo::by_name(&state.db, &me.tenant_id, &scope).await
}

async fn target(state: &AppState, me: &CurrentUser, scope: &DataScope, id: i64) -> Result<enterprise::Model, AppError> {
    repo::visible(&state.db, &me.tenant_id, scope, &[id]).await?.pop().ok_or_else(AppError::not_found)
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<EnterpriseView, AppError> {
    let scope = scope_of(state, me).await?;
    let e = target(state, me, &scope, id).await?;
    let reference = state.reference.with_dept(&me.tenant_id, e.dept_id).await?;
    Ok(view::view(e, &reference))
}

/// The columns a form sets, on an existing row.
pub fn changes(e: Enterprise, me: &CurrentUser) -> enterprise::ActiveModel {
    let mut row = e.into_active_model();
    base::updated::<enterprise::Entity>(&mut row, &Author::of(me));
    row
}

/// A new row: the form's columns plus identity, tenant and audit columns. Last year's output is filled in
/// by the output-value module, never by the form.
pub fn new_row(e: Enterprise, me: &CurrentUser) -> enterprise::ActiveModel {
    let mut row = e.into_active_model();
    base::created::<enterprise::Entity>(&mut row, next_id(), &Author::of(me));
    row.last_year_output = Set(None);
    row
}

/// Creates (no `id`) or updates an enterprise from a submitted body; answers its id. On update the body is
/// laid over the current record, so fields it leaves out keep their values.
pub async fn submit(state: &AppState, me: &CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope_of(state, me).await?;
    let reference = state.reference.fresh(tenant).await?;
    let (current, form) = if patch::is_update(&body) {
        let id = keeper_common::fields::id(&body, "id")?.ok_or_else(|| AppError::field("id", "不是有效的ID"))?;
        let current = target(state, me, &scope, id).await?;
        let form = EnterpriseForm::from_json(&patch::over(&current, body)?)?;
        (Some(current), form)
    } else {
        (None, EnterpriseForm::from_json(&body)?)
    };
    let e = form.validate()?;
    e.check_references(&reference)?;
    check_placement(&scope, e.dept_id, current.as_ref().map_or(Some(me.user_id), |c| c.create_user))?;
    let except = current.as_ref().map(|c| c.id);
    repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    repo::lock(&txn, tenant).await?;
    for other in repo::holding(&txn, tenant, std::slice::from_ref(&e.credit_code), std::slice::from_ref(&e.enterprise_name)).await? {
        if Some(other.id) == except {
            continue;
        }
        if other.credit_code == e.credit_code {
            return Err(duplicate_code(&e.credit_code));
        }
        return Err(duplicate_name(&e.enterprise_name));
    }
    let id = match except {
        Some(id) => {
            if repo::update(&txn, tenant, &[id], changes(e, me)).await? == 0 {
                return Err(AppError::not_found());
            }
            id
        }
        None => {
            let row = new_row(e, me);
            let id = *row.id.as_ref();
            repo::insert_many(&txn, vec![row]).await?;
            id
        }
    };
    txn.commit().await?;
    state.enterprise_totals.changed(tenant);
    Ok(id)
}

/// Soft-deletes enterprises; every id must be visible to the caller, else nothing happens and 404.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let scope = scope_of(state, me).await?;
    if repo::visible(&state.db, &me.tenant_id, &scope, ids).await?.len() != ids.len() {
        return Err(AppError::not_found());
    }
    repo::update(&state.db, &me.tenant_id, ids, base::removal::<enterprise::Entity>(&Author::of(me))).await?;
    state.enterprise_totals.changed(&me.tenant_id);
    Ok(ids.len())
}
