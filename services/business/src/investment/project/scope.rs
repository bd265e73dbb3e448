//! Which projects a person may see and act on (domain-model §2.0 and §5.5): the power type of their
//! departments decides. 管委会 sees the whole tenant; a 属地单位 its subtree (projects whose territory lies in
//! it); a 行业主管部门 the projects it is the industry department of, in any territory; a 协办 department
//! none (only the issues assigned to it, later). A department of type 其他, or a person without a typed
//! department, gets what their roles' data-scope rules for resource `project` say. Everyone also sees the
//! projects they entered themselves, and tenant administrators see the whole tenant.
use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::scope::DataScope;
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, Condition};

use crate::entity::project;
use crate::reference::{Reference, TERRITORY};
use crate::state::AppState;

/// The data-scope resource code of projects (for people whose departments have no power type).
pub const RESOURCE: &str = "project";

const COMMITTEE: i32 = 1;
const INDUSTRY: i32 = 3;
const CO_OPERATING: i32 = 4;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProjectScope {
    /// The whole tenant.
    All,
    /// Projects whose territory is one of `depts`, whose industry department is one of `industry_depts`,
    /// or that `own_user` entered.
    Some { depts: HashSet<i64>, industry_depts: HashSet<i64>, own_user: Option<i64> },
}

impl ProjectScope {
    /// The scope of `me` among the tenant's departments `r`; `roles` is asked only when a department
    /// without a dispatch role is involved.
    pub fn of(me: &CurrentUser, r: &Reference, roles: Option<DataScope>) -> ProjectScope {
        if me.is_admin() {
            return ProjectScope::All;
        }
        let mut depts = HashSet::new();
        let mut industry_depts = HashSet::new();
        for &d in &me.dept_ids {
            match r.power_type(d) {
                Some(COMMITTEE) => return ProjectScope::All,
                Some(TERRITORY) => depts.extend(r.subtree(d)),
                Some(INDUSTRY) => {
                    industry_depts.insert(d);
                }
                _ => {}
            }
        }
        match roles {
            Some(DataScope::All) => return ProjectScope::All,
            Some(DataScope::Restricted { dept_ids, .. }) => depts.extend(dept_ids),
            None => {}
        }
        ProjectScope::Some { depts, industry_depts, own_user: Some(me.user_id) }
    }

    /// Whether the roles' rules are needed: some department of `me` has no dispatch power type (其他,
    /// unset, or not a department of the tenant), or `me` has none at all.
    pub fn needs_roles(me: &CurrentUser, r: &Reference) -> bool {
        me.dept_ids.is_empty()
            || me.dept_ids.iter().any(|&d| !matches!(r.power_type(d), Some(COMMITTEE | TERRITORY | INDUSTRY | CO_OPERATING)))
    }

    /// Whether a project with this territory, industry department and creator is in scope.
    pub fn admits(&self, dept: Option<i64>, industry_dept: Option<i64>, creator: Option<i64>) -> bool {
        match self {
            ProjectScope::All => true,
            ProjectScope::Some { depts, industry_depts, own_user } => {
                dept.is_some_and(|d| depts.contains(&d))
                    || industry_dept.is_some_and(|d| industry_depts.contains(&d))
                    || (own_user.is_some() && creator == *own_user)
            }
        }
    }

    /// Whether a person may place a project in this territory and under this industry department: one of
    /// them must be in their jurisdiction (what they entered themselves is no reason to place it anywhere).
    pub fn places(&self, dept: Option<i64>, industry_dept: Option<i64>) -> bool {
        match self {
            ProjectScope::All => true,
            ProjectScope::Some { depts, industry_depts, .. } => {
                dept.is_some_and(|d| depts.contains(&d)) || industry_dept.is_some_and(|d| industry_depts.contains(&d))
            }
        }
    }

    /// The scope as text, the same for equal scopes (its sets in order): a part of the key of what is kept
    /// per scope.
    pub fn key(&self) -> String {
        let sorted = |s: &HashSet<i64>| {
            let mut v: Vec<i64> = s.iter().copied().collect();
            v.sort_unstable();
            v
        };
        match self {
            ProjectScope::All => "all".to_string(),
            ProjectScope::Some { depts, industry_depts, own_user } => {
                format!("{:?}/{:?}/{:?}", sorted(depts), sorted(industry_depts), own_user)
            }
        }
    }

    /// The same as a query condition on `biz_project`.
    pub fn condition(&self) -> Condition {
        match self {
            ProjectScope::All => Condition::all(),
            ProjectScope::Some { depts, industry_depts, own_user } => {
                // An empty IN list renders as a false predicate, so a scope that admits nothing finds nothing.
                let mut any = Condition::any()
                    .add(project::Column::DeptId.is_in(depts.iter().copied()))
                    .add(project::Column::IndustryDeptId.is_in(industry_depts.iter().copied()));
                if let Some(u) = own_user {
                    any = any.add(project::Column::CreateUser.eq(*u));
                }
                any
            }
        }
    }
}

/// The caller's project scope in their tenant.
pub async fn resolve(state: &AppState, me: &CurrentUser) -> Result<ProjectScope, AppError> {
    let reference = state.reference.with_depts(&me.tenant_id, &me.dept_ids).await?;
    let roles = if ProjectScope::needs_roles(me, &reference) {
        Some(keeper_security::data_scope::resolve(state.scopes.as_ref(), me, RESOURCE).await?)
    } else {
        None
    };
    Ok(ProjectScope::of(me, &reference, roles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_client::system::{DeptRef, TenantReference};
    use keeper_security::claims::Claims;

    /// 1 管委会 ─┬─ 2 东区 (属地) ── 3 东区一片 (属地)
    ///          ├─ 4 西区 (属地)
    ///          ├─ 5 工信局 (行业主管)
    ///          ├─ 6 供电公司 (协办)
    ///          └─ 7 领导办 (其他)
    fn zone() -> Reference {
        let d = |id, parent_id, power_type| DeptRef { id, parent_id, name: format!("d{id}"), power_type };
        Reference::new(TenantReference {
            depts: vec![d(1, 0, 1), d(2, 1, 2), d(3, 2, 2), d(4, 1, 2), d(5, 1, 3), d(6, 1, 4), d(7, 1, 5)],
            ..Default::default()
        })
    }

    fn person(depts: &str) -> CurrentUser {
        CurrentUser::from_claims(Claims { tenant_id: "000001".into(), user_id: "9".into(), dept_id: depts.into(), ..Default::default() })
    }

    #[test]
    fn each_power_type_sees_its_own_projects() {
        let r = zone();
        // (who, roles' rules, (territory, industry department, creator) → seen)
        let project = |dept, industry| (Some(dept), Some(industry), Some(1));
        type Case = (&'static str, Option<DataScope>, (Option<i64>, Option<i64>, Option<i64>), bool);
        let cases: &[Case] = &[
            ("1", None, project(4, 5), true),
            ("2", None, project(3, 5), true),
            ("2", None, project(4, 5), false),
            ("3", None, project(2, 5), false),
            ("5", None, project(4, 5), true),
            ("5", None, (Some(4), None, Some(1)), false),
            ("6", None, project(2, 5), false),
            ("6", None, (Some(2), None, Some(9)), true),
            ("2,5", None, project(4, 5), true),
            ("7", Some(DataScope::All), project(4, 5), true),
            ("7", Some(DataScope::Restricted { dept_ids: vec![4], own_user: None }), project(4, 0), true),
            ("7", Some(DataScope::Restricted { dept_ids: vec![4], own_user: None }), project(2, 0), false),
        ];
        for (depts, roles, (dept, industry, creator), seen) in cases {
            let scope = ProjectScope::of(&person(depts), &r, roles.clone());
            assert_eq!(scope.admits(*dept, *industry, *creator), *seen, "depts {depts}, project in {dept:?}/{industry:?}");
        }
    }

    #[test]
    fn a_project_is_placed_only_within_the_jurisdiction_not_by_authorship() {
        let r = zone();
        let park = ProjectScope::of(&person("2"), &r, None);
        assert!(park.places(Some(3), None));
        assert!(!park.places(Some(4), None), "west is not east's, though the clerk would see what they entered");
        assert!(park.admits(Some(4), None, Some(9)));
        let bureau = ProjectScope::of(&person("5"), &r, None);
        assert!(bureau.places(Some(4), Some(5)));
        assert!(!bureau.places(Some(4), None));
        assert!(ProjectScope::of(&person("1"), &r, None).places(Some(4), None));
    }

    #[test]
    fn the_roles_are_asked_only_for_departments_without_a_dispatch_role() {
        let r = zone();
        for (depts, asked) in [("1", false), ("2", false), ("5", false), ("6", false), ("7", true), ("", true), ("2,7", true), ("99", true)]
        {
            assert_eq!(ProjectScope::needs_roles(&person(depts), &r), asked, "{depts}");
        }
    }
}
