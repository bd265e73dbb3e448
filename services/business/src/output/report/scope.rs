//! Which output reports and enterprises a person may see and file for (domain-model §2.0, §5.5). The
//! power types decide exactly as for projects (`investment::project::scope`): 管委会 the whole tenant, a
//! 属地单位 its subtree, a 行业主管部门 the enterprises it is the industry department of, a 协办 department
//! none. Here they apply to the enterprise's territory and industry department; a report is also seen by
//! the territory it was filed under (a park keeps its history when an enterprise moves away) and by the
//! person who filed it. Departments without a dispatch role fall back to the roles' rules for
//! enterprises, since an output report is a filing about an enterprise.
use keeper_common::AppError;
use keeper_security::CurrentUser;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{ColumnTrait, Condition, QueryFilter, QuerySelect, QueryTrait};

use crate::entity::{enterprise, output_report as report};
use crate::investment::project::scope::ProjectScope;
use crate::state::AppState;
use keeper_db::base::BaseColumns;

pub type Scope = ProjectScope;

/// The caller's scope in their tenant.
pub async fn resolve(state: &AppState, me: &CurrentUser) -> Result<Scope, AppError> {
    let reference = state.reference.with_depts(&me.tenant_id, &me.dept_ids).await?;
    let roles = if Scope::needs_roles(me, &reference) {
        Some(keeper_security::data_scope::resolve(state.scopes.as_ref(), me, crate::enterprise::RESOURCE).await?)
    } else {
        None
    };
    Ok(Scope::of(me, &reference, roles))
}

/// The enterprises a scope admits, as a condition on `biz_enterprise`.
pub fn enterprises(scope: &Scope) -> Condition {
    match scope {
        Scope::All => Condition::all(),
        Scope::Some { depts, industry_depts, own_user } => {
            // An empty IN list renders as a false predicate, so a scope that admits nothing finds nothing.
            let mut any = Condition::any()
                .add(enterprise::Column::DeptId.is_in(depts.iter().copied()))
                .add(enterprise::Column::IndustryDeptId.is_in(industry_depts.iter().copied()));
            if let Some(u) = own_user {
                any = any.add(enterprise::Column::CreateUser.eq(*u));
            }
            any
        }
    }
}

/// The ids of the tenant's live enterprises a scope admits, as a sub-query.
pub fn enterprise_ids(tenant: &str, scope: &Scope) -> SelectStatement {
    enterprise::Entity::live(tenant).filter(enterprises(scope)).select_only().column(enterprise::Column::Id).into_query()
}

/// The reports a scope admits, as a condition on `biz_output_report`.
pub fn reports(tenant: &str, scope: &Scope) -> Condition {
    match scope {
        Scope::All => Condition::all(),
        Scope::Some { depts, own_user, .. } => {
            let mut any = Condition::any()
                .add(report::Column::EnterpriseId.in_subquery(enterprise_ids(tenant, scope)))
                .add(report::Column::DeptId.is_in(depts.iter().copied()));
            if let Some(u) = own_user {
                any = any.add(report::Column::CreateUser.eq(*u));
            }
            any
        }
    }
}

/// A live enterprise of the tenant the scope places (by territory or industry department), with its
/// territory: what a target or a survey is filed for. A field error on `enterpriseId` otherwise.
pub async fn enterprise_placed<C: sea_orm::ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &Scope,
    id: i64,
) -> Result<(enterprise::Model, i64), AppError> {
    let e = super::repo::enterprises_by_id(db, tenant, &[id])
        .await?
        .remove(&id)
        .filter(|e| e.is_deleted == keeper_db::base::LIVE && scope.places(e.dept_id, e.industry_dept_id))
        .ok_or_else(|| AppError::field("enterpriseId", "企业不存在或不在您的管辖范围内"))?;
    let dept = e.dept_id.ok_or_else(|| AppError::field("enterpriseId", "该企业未设置属地，请先在企业库中设置"))?;
    Ok((e, dept))
}
