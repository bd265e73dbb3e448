//! API-scope rules (`api-scope/*`, api-contract §4.12, §7.2): a named URL fragment (`scope_path`) under a
//! menu, granted to roles. `scope_type` (1 system, 2 business interface) is a label only.
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::fields::{id, text};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::ActiveValue::Set;
use serde::Serialize;
use serde_json::{Map, Value};

use super::form::{given, identifier, int};
use super::scope_rules::{self, API, Col, RuleKind, RuleNode, Submission};
use crate::entity::scope_api;
use crate::state::AppState;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiScopeView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_path: String,
    pub scope_type: i32,
    pub scope_type_name: String,
    pub remark: String,
    pub status: i32,
    pub is_deleted: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: chrono::DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: chrono::DateTime<Utc>,
}

/// The API-scope kind of rule.
pub struct ApiScopes;

impl RuleKind for ApiScopes {
    type Entity = scope_api::Entity;
    type View = ApiScopeView;
    type Input = ApiScopeInput;
    const CATEGORY: i32 = API;
    const TYPE_DICTIONARY: &'static str = "api_scope_type";

    fn column(c: Col) -> scope_api::Column {
        match c {
            Col::Id => scope_api::Column::Id,
            Col::MenuId => scope_api::Column::MenuId,
            Col::ResourceCode => scope_api::Column::ResourceCode,
            Col::ScopeName => scope_api::Column::ScopeName,
            Col::ScopeType => scope_api::Column::ScopeType,
            Col::CreateUser => scope_api::Column::CreateUser,
            Col::CreateDept => scope_api::Column::CreateDept,
            Col::CreateTime => scope_api::Column::CreateTime,
            Col::UpdateUser => scope_api::Column::UpdateUser,
            Col::UpdateTime => scope_api::Column::UpdateTime,
            Col::Status => scope_api::Column::Status,
            Col::IsDeleted => scope_api::Column::IsDeleted,
        }
    }

    fn view(r: scope_api::Model, type_name: &dyn Fn(i32) -> String) -> ApiScopeView {
        ApiScopeView {
            scope_type_name: type_name(r.scope_type),
            id: r.id,
            menu_id: r.menu_id,
            resource_code: r.resource_code,
            scope_name: r.scope_name,
            scope_path: r.scope_path,
            scope_type: r.scope_type,
            remark: r.remark,
            status: r.status,
            is_deleted: r.is_deleted,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }

    fn node(r: scope_api::Model) -> RuleNode {
        RuleNode { id: r.id, menu_id: r.menu_id, name: r.scope_name }
    }

    fn parse(body: &Map<String, Value>) -> Result<ApiScopeInput, AppError> {
        ApiScopeInput::from_json(body)
    }

    fn submission(input: ApiScopeInput) -> Submission<scope_api::ActiveModel> {
        Submission {
            id: input.id,
            menu_id: input.menu_id,
            row: scope_api::ActiveModel {
                menu_id: Set(input.menu_id),
                resource_code: Set(input.resource_code),
                scope_name: Set(input.scope_name),
                scope_path: Set(input.scope_path),
                scope_type: Set(input.scope_type),
                remark: Set(input.remark),
                ..Default::default()
            },
        }
    }
}

/// A checked `api-scope/submit` body.
#[derive(Debug)]
pub struct ApiScopeInput {
    pub id: Option<i64>,
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_path: String,
    pub scope_type: i32,
    pub remark: String,
}

impl ApiScopeInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<ApiScopeInput, AppError> {
        let menu_id = id(body, "menuId")?.ok_or_else(|| AppError::field("menuId", "不能为空"))?;
        let resource_code = text(body, "resourceCode", 255, true)?;
        identifier("resourceCode", &resource_code)?;
        if !given(body, "scopeType") {
            return Err(AppError::field("scopeType", "不能为空"));
        }
        let scope_path = text(body, "scopePath", 255, true)?;
        if scope_path.chars().any(char::is_whitespace) {
            return Err(AppError::field("scopePath", "不能包含空白字符"));
        }
        Ok(ApiScopeInput {
            id: id(body, "id")?,
            menu_id,
            resource_code,
            scope_name: text(body, "scopeName", 255, true)?,
            scope_path,
            scope_type: int(body, "scopeType", 0, 1..=2)?,
            remark: text(body, "remark", 255, false)?,
        })
    }
}

/// The grant-tree nodes of the API-scope rules the caller may hand out.
pub async fn grant_nodes(state: &AppState, me: &CurrentUser) -> Result<Vec<keeper_common::tree::TreeNode>, AppError> {
    scope_rules::granted::<ApiScopes>(state, me).await
}
