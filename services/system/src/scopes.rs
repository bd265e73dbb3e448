//! Data-scope resolution from the rules (`sys_scope_data`) granted to roles (`sys_role_scope`, category 1).
//! Rule types follow the `data_scope_type` dictionary; type 5 (custom) names departments in `scope_value`
//! as a comma-joined id list (never SQL: a rule cannot inject a query).
use std::collections::HashSet;

use async_trait::async_trait;
use keeper_common::AppError;
use keeper_common::scope::DataScope;
use keeper_security::{CurrentUser, DataScopeSource};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::entity::{dept, role_scope, scope_data};

pub const DATA_SCOPE: i32 = 1;

pub struct ScopeQuery<'a> {
    pub tenant_id: &'a str,
    pub user_id: i64,
    pub role_ids: &'a [i64],
    pub dept_ids: &'a [i64],
    pub resource: &'a str,
}

pub async fn resolve(db: &DatabaseConnection, q: ScopeQuery<'_>) -> Result<DataScope, AppError> {
    let roles = crate::state::live_role_ids(db, q.tenant_id, q.role_ids).await?;
    let granted: Vec<i64> = role_scope::Entity::find()
        .filter(role_scope::Column::RoleId.is_in(roles))
        .filter(role_scope::Column::ScopeCategory.eq(DATA_SCOPE))
        .all(db)
        .await?
        .into_iter()
        .map(|g| g.scope_id)
        .collect();
    let rules = scope_data::Entity::find()
        .filter(scope_data::Column::Id.is_in(granted))
        .filter(scope_data::Column::ResourceCode.eq(q.resource))
        .filter(scope_data::Column::IsDeleted.eq(0))
        .all(db)
        .await?;
    // No rule for the resource: the role is not restricted inside its tenant.
    if rules.is_empty() {
        return Ok(DataScope::All);
    }
    let depts = dept::Entity::find().filter(dept::Column::TenantId.eq(q.tenant_id)).filter(dept::Column::IsDeleted.eq(0)).all(db).await?;
    let tenant_depts: HashSet<i64> = depts.iter().map(|d| d.id).collect();
    let own: Vec<i64> = q.dept_ids.iter().copied().filter(|d| tenant_depts.contains(d)).collect();
    let mut scope = DataScope::Restricted { dept_ids: vec![], own_user: None };
    for rule in rules {
        let next = match rule.scope_type {
            1 => DataScope::All,
            2 => DataScope::Restricted { dept_ids: vec![], own_user: Some(q.user_id) },
            3 => DataScope::Restricted { dept_ids: own.clone(), own_user: None },
            4 => DataScope::Restricted {
                dept_ids: keeper_common::tree::with_descendants(own.iter().copied(), depts.iter().map(|d| (d.id, d.parent_id)))
                    .into_iter()
                    .collect(),
                own_user: None,
            },
            5 => DataScope::Restricted {
                dept_ids: keeper_common::id::parse_list(&rule.scope_value)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|d| tenant_depts.contains(d))
                    .collect(),
                own_user: None,
            },
            _ => DataScope::Restricted { dept_ids: vec![], own_user: None },
        };
        scope = scope.union(next);
    }
    Ok(scope)
}

/// The system service resolves its own users' scopes directly.
pub struct LocalScopes(pub DatabaseConnection);

#[async_trait]
impl DataScopeSource for LocalScopes {
    async fn scope_of(&self, user: &CurrentUser, resource: &str) -> Result<DataScope, AppError> {
        resolve(
            &self.0,
            ScopeQuery { tenant_id: &user.tenant_id, user_id: user.user_id, role_ids: &user.role_ids, dept_ids: &user.dept_ids, resource },
        )
        .await
    }
}
