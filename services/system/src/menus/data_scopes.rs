//! Data-scope rules (`data-scope/*`, api-contract §4.12, §7.1): saved in the form `crate::scopes` applies
//! them. `resource_code` names what a repository filters (`user`, `enterprise`); type 2 restricts to rows the
//! user created; types 3 and 4 to the user's departments (and their descendants); type 5 to the departments
//! listed in `scope_value`, a comma-joined id list (never SQL).
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::fields::{id, text};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::ActiveValue::Set;
use serde::Serialize;
use serde_json::{Map, Value};

use super::form::{given, identifier, int};
use super::scope_rules::{self, Col, DATA, RuleKind, RuleNode, Submission};
use crate::entity::scope_data;
use crate::state::AppState;

pub const OWN: i32 = 2;
pub const CUSTOM: i32 = 5;
/// The creator column every repository applies "own rows" to.
pub const CREATOR_COLUMN: &str = "create_user";

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataScopeView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_field: String,
    pub scope_class: String,
    pub scope_column: String,
    pub scope_type: i32,
    pub scope_type_name: String,
    pub scope_value: String,
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

/// The data-scope kind of rule.
pub struct DataScopes;

impl RuleKind for DataScopes {
    type Entity = scope_data::Entity;
    type View = DataScopeView;
    type Input = DataScopeInput;
    const CATEGORY: i32 = DATA;
    const TYPE_DICTIONARY: &'static str = "data_scope_type";

    fn column(c: Col) -> scope_data::Column {
        match c {
            Col::Id => scope_data::Column::Id,
            Col::MenuId => scope_data::Column::MenuId,
            Col::ResourceCode => scope_data::Column::ResourceCode,
            Col::ScopeName => scope_data::Column::ScopeName,
            Col::ScopeType => scope_data::Column::ScopeType,
            Col::CreateUser => scope_data::Column::CreateUser,
            Col::CreateDept => scope_data::Column::CreateDept,
            Col::CreateTime => scope_data::Column::CreateTime,
            Col::UpdateUser => scope_data::Column::UpdateUser,
            Col::UpdateTime => scope_data::Column::UpdateTime,
            Col::Status => scope_data::Column::Status,
            Col::IsDeleted => scope_data::Column::IsDeleted,
        }
    }

    fn view(r: scope_data::Model, type_name: &dyn Fn(i32) -> String) -> DataScopeView {
        DataScopeView {
            scope_type_name: type_name(r.scope_type),
            id: r.id,
            menu_id: r.menu_id,
            resource_code: r.resource_code,
            scope_name: r.scope_name,
            scope_field: r.scope_field,
            scope_class: r.scope_class,
            scope_column: r.scope_column,
            scope_type: r.scope_type,
            scope_value: r.scope_value,
            remark: r.remark,
            status: r.status,
            is_deleted: r.is_deleted,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }

    fn node(r: scope_data::Model) -> RuleNode {
        RuleNode { id: r.id, menu_id: r.menu_id, name: r.scope_name }
    }

    fn parse(body: &Map<String, Value>) -> Result<DataScopeInput, AppError> {
        DataScopeInput::from_json(body)
    }

    fn submission(input: DataScopeInput) -> Submission<scope_data::ActiveModel> {
        Submission {
            id: input.id,
            menu_id: input.menu_id,
            row: scope_data::ActiveModel {
                menu_id: Set(input.menu_id),
                resource_code: Set(input.resource_code),
                scope_name: Set(input.scope_name),
                scope_field: Set(input.scope_field),
                scope_class: Set(input.scope_class),
                scope_column: Set(input.scope_column),
                scope_type: Set(input.scope_type),
                scope_value: Set(input.scope_value),
                remark: Set(input.remark),
                ..Default::default()
            },
        }
    }
}

/// A checked `data-scope/submit` body.
#[derive(Debug)]
pub struct DataScopeInput {
    pub id: Option<i64>,
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_field: String,
    pub scope_class: String,
    pub scope_column: String,
    pub scope_type: i32,
    pub scope_value: String,
    pub remark: String,
}

impl DataScopeInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<DataScopeInput, AppError> {
        let menu_id = id(body, "menuId")?.ok_or_else(|| AppError::field("menuId", "不能为空"))?;
        let resource_code = text(body, "resourceCode", 255, true)?;
        identifier("resourceCode", &resource_code)?;
        if !given(body, "scopeType") {
            return Err(AppError::field("scopeType", "不能为空"));
        }
        let scope_type = int(body, "scopeType", 0, 1..=CUSTOM)?;
        let mut scope_column = text(body, "scopeColumn", 255, false)?;
        if scope_column.is_empty() {
            scope_column = if scope_type == OWN { CREATOR_COLUMN } else { "create_dept" }.into();
        }
        if !scope_column.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(AppError::field("scopeColumn", "只能包含字母、数字和 _"));
        }
        if scope_type == OWN && scope_column != CREATOR_COLUMN {
            return Err(AppError::field("scopeColumn", "本人可见的规则字段应为 create_user"));
        }
        let scope_value = text(body, "scopeValue", 2000, false)?;
        if scope_type == CUSTOM {
            // The resolver reads a custom rule as department ids; anything else would silently show nothing.
            match keeper_common::id::parse_list(&scope_value) {
                Ok(ids) if !ids.is_empty() => {}
                Ok(_) => return Err(AppError::field("scopeValue", "自定义规则不能为空")),
                Err(_) => return Err(AppError::field("scopeValue", "自定义规则应为以逗号分隔的机构ID")),
            }
        }
        let scope_field = text(body, "scopeField", 255, false)?;
        Ok(DataScopeInput {
            id: id(body, "id")?,
            menu_id,
            resource_code,
            scope_name: text(body, "scopeName", 255, true)?,
            scope_field: if scope_field.is_empty() { "*".into() } else { scope_field },
            scope_class: text(body, "scopeClass", 500, false)?,
            scope_column,
            scope_type,
            scope_value,
            remark: text(body, "remark", 255, false)?,
        })
    }
}

/// The grant-tree nodes of the data-scope rules the caller may hand out.
pub async fn grant_nodes(state: &AppState, me: &CurrentUser) -> Result<Vec<keeper_common::tree::TreeNode>, AppError> {
    scope_rules::granted::<DataScopes>(state, me).await
}
