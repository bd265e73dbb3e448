//! Data scope: which rows of a resource a user may see, resolved from the data-scope rules granted to
//! their roles (api-contract §7.1) and applied by repositories to the department and creator columns.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DataScope {
    /// No restriction inside the tenant.
    All,
    /// Rows of these departments, or rows the user created.
    Restricted { dept_ids: Vec<i64>, own_user: Option<i64> },
}

impl DataScope {
    /// Merges the scopes of several rules: a user sees what any of their roles lets them see.
    pub fn union(self, other: DataScope) -> DataScope {
        match (self, other) {
            (DataScope::All, _) | (_, DataScope::All) => DataScope::All,
            (DataScope::Restricted { dept_ids: mut a, own_user: ua }, DataScope::Restricted { dept_ids: b, own_user: ub }) => {
                a.extend(b);
                a.sort_unstable();
                a.dedup();
                DataScope::Restricted { dept_ids: a, own_user: ua.or(ub) }
            }
        }
    }

    /// Whether one row (its department and creator) is inside the scope.
    pub fn admits(&self, dept_id: Option<i64>, creator: Option<i64>) -> bool {
        match self {
            DataScope::All => true,
            DataScope::Restricted { dept_ids, own_user } => {
                dept_id.is_some_and(|d| dept_ids.contains(&d)) || (own_user.is_some() && creator == *own_user)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DataScope::*;

    #[test]
    fn the_widest_rule_wins_and_restrictions_add_up() {
        let own = Restricted { dept_ids: vec![], own_user: Some(7) };
        let depts = Restricted { dept_ids: vec![2, 1], own_user: None };
        assert_eq!(own.clone().union(depts.clone()), Restricted { dept_ids: vec![1, 2], own_user: Some(7) });
        assert_eq!(own.clone().union(All), All);
        let merged = own.union(depts);
        assert!(merged.admits(Some(1), None) && merged.admits(None, Some(7)));
        assert!(!merged.admits(Some(3), Some(8)));
        assert!(!Restricted { dept_ids: vec![], own_user: None }.admits(None, None));
    }
}
