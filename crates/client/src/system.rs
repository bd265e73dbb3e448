//! Client of the system service's internal API (users, tenants, clients, grants, login, operation and error logs).
use schemars::JsonSchema;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use keeper_common::AppError;
use keeper_common::scope::DataScope;
use keeper_security::{CurrentUser, DataScopeSource, PermissionSource};

use crate::dto::*;
use crate::http::Internal;

#[derive(Clone)]
pub struct SystemClient {
    base: String,
    http: Internal,
    /// Role grants change rarely and are read on every guarded request: keep them a few seconds.
    codes: moka::future::Cache<String, Arc<HashSet<String>>>,
    /// A user's data scope of one resource, read by every scoped list and kept as long as the grants: an
    /// uncached look-up cost a round trip to the system service on each request, 0.26 ms of its CPU and
    /// more of the caller's (`enterprise/list` under load, 2026-11-30).
    scopes: moka::future::Cache<String, DataScope>,
}

/// How long grants and data scopes are kept: a role or rule changed by an administrator applies to
/// signed-in users within this time.
const GRANTS_KEPT: Duration = Duration::from_secs(5);

impl SystemClient {
    pub fn new(base: &str, http: Internal) -> Self {
        SystemClient {
            base: base.trim_end_matches('/').to_string(),
            http,
            codes: moka::future::Cache::builder().max_capacity(10_000).time_to_live(GRANTS_KEPT).build(),
            scopes: moka::future::Cache::builder().max_capacity(100_000).time_to_live(GRANTS_KEPT).build(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}/internal{path}", self.base)
    }

    pub async fn login_context(&self, tenant_id: &str, account: &str) -> Result<LoginContext, AppError> {
        self.http.get(&self.url("/auth/login-context"), &[("tenantId", tenant_id.into()), ("account", account.into())]).await
    }

    pub async fn login_context_by_id(&self, user_id: i64) -> Result<LoginContext, AppError> {
        self.http.get(&self.url("/auth/login-context"), &[("userId", user_id.to_string())]).await
    }

    pub async fn client(&self, client_id: &str) -> Result<Option<OAuthClient>, AppError> {
        self.http.get(&self.url("/clients"), &[("clientId", client_id.into())]).await
    }

    pub async fn upgrade_password(&self, req: &PasswordUpgrade) -> Result<(), AppError> {
        let _: serde_json::Value = self.http.post(&self.url("/auth/password-upgrade"), req).await?;
        Ok(())
    }

    pub async fn record_login(&self, entry: &LoginLogEntry) -> Result<(), AppError> {
        let _: serde_json::Value = self.http.post(&self.url("/login-log"), entry).await?;
        Ok(())
    }

    /// Stores operation and error events; storing a batch again is harmless (events carry their ids).
    pub async fn record_logs(&self, events: &[LogEvent]) -> Result<(), AppError> {
        let _: serde_json::Value = self.http.post(&self.url("/log/batch"), events).await?;
        Ok(())
    }

    /// The tenant's live departments and the items of its business dictionaries `dict_codes`: what
    /// another service needs to check department and dictionary fields and to show their names.
    pub async fn tenant_reference(&self, tenant_id: &str, dict_codes: &[&str]) -> Result<TenantReference, AppError> {
        self.http.get(&self.url("/tenant-reference"), &[("tenantId", tenant_id.into()), ("codes", dict_codes.join(","))]).await
    }

    /// Sets a tenant's own business parameters (`business.*`, the zone's settings written by its
    /// administrator through the business service): a value overrides the platform default, `None` drops the
    /// tenant's override so the default applies again.
    pub async fn set_business_params(&self, req: &BusinessParams) -> Result<(), AppError> {
        let _: serde_json::Value = self.http.post(&self.url("/business-params"), req).await?;
        Ok(())
    }

    pub async fn permission_codes(&self, tenant_id: &str, role_ids: &[i64]) -> Result<Arc<HashSet<String>>, AppError> {
        let mut sorted = role_ids.to_vec();
        sorted.sort_unstable();
        let key = format!("{tenant_id}:{sorted:?}");
        // Concurrent misses of one role set wait for one answer (see `CachedSessions`).
        let ids = keeper_common::id::join(&sorted);
        let load = async {
            let codes: Vec<String> = self.http.get(&self.url("/permissions"), &[("tenantId", tenant_id.into()), ("roleIds", ids)]).await?;
            Ok::<_, AppError>(Arc::new(codes.into_iter().collect::<HashSet<_>>()))
        };
        self.codes.try_get_with(key, load).await.map_err(AppError::shared)
    }
}

#[async_trait]
impl DataScopeSource for SystemClient {
    async fn scope_of(&self, user: &CurrentUser, resource: &str) -> Result<DataScope, AppError> {
        let (roles, depts) = (keeper_common::id::join(&user.role_ids), keeper_common::id::join(&user.dept_ids));
        // Everything the answer depends on: the rules of the roles, and the user's own id and departments.
        let key = format!("{}:{}:{roles}:{depts}:{resource}", user.tenant_id, user.user_id);
        let load = async {
            let q = [
                ("tenantId", user.tenant_id.clone()),
                ("userId", user.user_id.to_string()),
                ("roleIds", roles),
                ("deptIds", depts),
                ("resource", resource.to_string()),
            ];
            self.http.get::<DataScope>(&self.url("/data-scope"), &q).await
        };
        self.scopes.try_get_with(key, load).await.map_err(AppError::shared)
    }
}

#[async_trait]
impl PermissionSource for SystemClient {
    async fn codes_of_roles(&self, tenant_id: &str, role_ids: &[i64]) -> Result<Arc<HashSet<String>>, AppError> {
        self.permission_codes(tenant_id, role_ids).await
    }
}

/// A department of a tenant as other services see it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
pub struct DeptRef {
    pub id: i64,
    pub parent_id: i64,
    pub name: String,
    /// `dept_power_type`: 1 管委会, 2 属地单位, 3 行业主管部门, 4 协办, 5 其他.
    #[serde(default)]
    pub power_type: i32,
}

/// One item of a business dictionary (tree items included, flattened in display order).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
pub struct DictEntry {
    pub key: String,
    pub label: String,
}

/// A role of a tenant as other services see it (a notice's audience names roles).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
pub struct RoleRef {
    pub id: i64,
    pub name: String,
}

/// A tenant's departments, roles, some of its business dictionaries by dictionary code, and its business
/// parameters.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
pub struct TenantReference {
    pub depts: Vec<DeptRef>,
    #[serde(default)]
    pub roles: Vec<RoleRef>,
    pub dicts: std::collections::HashMap<String, Vec<DictEntry>>,
    /// The parameters under `business.` as they apply to the tenant: its own value, else the platform's.
    #[serde(default)]
    pub params: std::collections::HashMap<String, String>,
}

/// A tenant's business parameters to set, by whom (`SystemClient::set_business_params`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessParams {
    pub tenant_id: String,
    pub user_id: i64,
    pub dept_id: Option<i64>,
    pub values: Vec<BusinessParam>,
}

/// One parameter: its key (under `business.`), the name shown in 参数管理, and its value (`None`: the
/// platform default applies again).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessParam {
    pub key: String,
    pub name: String,
    pub value: Option<String>,
}
