//! No privilege escalation: the roles a caller may hand out, and the accounts they may manage, are bounded
//! by the menus and buttons their own roles hold. Only the platform administrator is unbounded.
use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::parse_list;
use keeper_security::CurrentUser;
use keeper_security::claims::ADMINISTRATOR;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::entity::{role, role_menu, user};
use crate::state::{AppState, granted_menu_ids};
use crate::users::repo;

pub const GRANT_TOO_WIDE: &str = "不能授予超出本人权限的角色!";
pub const TARGET_TOO_STRONG: &str = "不能操作权限高于本人的账号!";

/// What the caller holds: `None` for the platform administrator.
pub struct Privileges {
    /// The menus and buttons of the caller's roles and the directories above them. A directory only
    /// groups screens (a tenant's administrator is granted `user` with its buttons, not `system`), yet
    /// a role needs it for its screens to have a place in the navigation; it carries no permission.
    held: Option<HashSet<i64>>,
    /// Live menu ids: grants of deleted menus give nothing, so they never count against a caller.
    live: HashSet<i64>,
}

impl Privileges {
    pub async fn of(state: &AppState, me: &CurrentUser) -> Result<Self, AppError> {
        let menus = state.menus.all().await?;
        let live = menus.iter().map(|m| m.id).collect();
        if me.is_administrator() {
            return Ok(Privileges { held: None, live });
        }
        let granted = granted_menu_ids(&state.db, &me.tenant_id, &me.role_ids).await?;
        let held = keeper_common::tree::with_ancestors(granted, menus.iter().map(|m| (m.id, m.parent_id)));
        Ok(Privileges { held: Some(held), live })
    }

    /// The menus the caller may hand out; `None` when unbounded.
    pub fn menus(&self) -> Option<&HashSet<i64>> {
        self.held.as_ref()
    }

    /// Whether every one of these menus is the caller's to hand out.
    pub fn covers(&self, menus: &[i64]) -> bool {
        self.held.as_ref().is_none_or(|held| menus.iter().all(|m| held.contains(m)))
    }

    fn exceeds(&self, held: &HashSet<i64>, menus: &HashSet<i64>) -> bool {
        menus.iter().any(|m| self.live.contains(m) && !held.contains(m))
    }

    /// Roles may be handed out only when they grant nothing beyond the caller's own menus and buttons; an
    /// `administrator` role (the platform's bypass) only by the platform administrator.
    pub async fn check_grantable(&self, state: &AppState, tenant: &str, roles: &[role::Model]) -> Result<(), AppError> {
        let Some(held) = &self.held else { return Ok(()) };
        if roles.iter().any(|r| r.role_alias == ADMINISTRATOR) {
            return Err(AppError::Forbidden(GRANT_TOO_WIDE.into()));
        }
        let ids: Vec<i64> = roles.iter().map(|r| r.id).collect();
        if self.exceeds(held, &granted_menu_ids(&state.db, tenant, &ids).await?) {
            return Err(AppError::Forbidden(GRANT_TOO_WIDE.into()));
        }
        Ok(())
    }

    /// Accounts may be edited, removed, re-granted or reset only when they hold nothing beyond the caller:
    /// otherwise a clerk with the reset button could reset the administrator's password and sign in as them.
    pub async fn check_manageable(&self, state: &AppState, tenant: &str, targets: &[user::Model]) -> Result<(), AppError> {
        let Some(held) = &self.held else { return Ok(()) };
        let role_ids: Vec<i64> =
            targets.iter().flat_map(|u| parse_list(&u.role_id).unwrap_or_default()).collect::<HashSet<_>>().into_iter().collect();
        let roles = repo::live_roles(&state.db, tenant, &role_ids).await?;
        if roles.iter().any(|r| r.role_alias == ADMINISTRATOR) {
            return Err(AppError::Forbidden(TARGET_TOO_STRONG.into()));
        }
        let live_ids: Vec<i64> = roles.iter().map(|r| r.id).collect();
        let mut by_role: HashMap<i64, HashSet<i64>> = HashMap::new();
        for g in role_menu::Entity::find().filter(role_menu::Column::RoleId.is_in(live_ids)).all(&state.db).await? {
            by_role.entry(g.role_id).or_default().insert(g.menu_id);
        }
        if by_role.values().any(|menus| self.exceeds(held, menus)) {
            return Err(AppError::Forbidden(TARGET_TOO_STRONG.into()));
        }
        Ok(())
    }
}
