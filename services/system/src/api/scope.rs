//! Administration of the global data-scope and API-scope rules: `data-scope/*` and `api-scope/*`
//! (`list`, `detail`, `submit`, `remove`). Reading needs `data_scope_setting` / `api_scope_setting`;
//! changing a rule is the platform administrator's alone, because every tenant's roles may hold it.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::menus::api_scopes::ApiScopes;
use crate::menus::data_scopes::DataScopes;
use crate::menus::scope_rules::{self, RuleKind, SORTABLE};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    admin::<DataScopes>(api, "/data-scope");
    admin::<ApiScopes>(api, "/api-scope");
}

fn admin<K: Setting>(api: &mut Api, prefix: &str) {
    api.get(&format!("{prefix}/list"), list::<K>).permission(&[K::CODE]);
    api.get(&format!("{prefix}/detail"), detail::<K>).permission(&[K::CODE]);
    let body = api.schema::<K::Body>();
    api.post(&format!("{prefix}/submit"), submit::<K>).permission(&[K::CODE]).administrator().body(JSON, body);
    api.post(&format!("{prefix}/remove"), remove::<K>).permission(&[K::CODE]).administrator();
}

/// A kind of rule with the permission code that reads it and, held by the platform administrator, changes it.
trait Setting: RuleKind {
    const CODE: &'static str;
    /// The submit body's shape, for the API description.
    type Body: schemars::JsonSchema;
}

impl Setting for DataScopes {
    const CODE: &'static str = "data_scope_setting";
    type Body = super::bodies::DataScopeBody;
}

impl Setting for ApiScopes {
    const CODE: &'static str = "api_scope_setting";
    type Body = super::bodies::ApiScopeBody;
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    menu_id: Option<String>,
}

impl ListQuery {
    fn menu_id(&self) -> Result<Option<i64>, AppError> {
        match self.menu_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => keeper_common::id::parse(s).map(Some).ok_or_else(|| AppError::field("menuId", "不是有效的ID")),
        }
    }
}

/// Writes need the setting code and the platform administrator.
async fn may_write(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
    state.guard.require(me, code).await?;
    state.guard.require_administrator(me)
}

async fn list<K: Setting>(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<K::View>>, AppError> {
    state.guard.require(&me, K::CODE).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(scope_rules::list::<K>(&state, q.menu_id()?, req).await?))
}

async fn detail<K: Setting>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<K::View>, AppError> {
    state.guard.require(&me, K::CODE).await?;
    Ok(R::data(scope_rules::detail::<K>(&state, q.parse()?).await?))
}

async fn submit<K: Setting>(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: web::Json<Map<String, Value>>,
) -> Result<R<Value>, AppError> {
    may_write(&state, &me, K::CODE).await?;
    let id = scope_rules::submit::<K>(&state, &me, K::parse(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove<K: Setting>(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    may_write(&state, &me, K::CODE).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": scope_rules::remove::<K>(&state, &me, &ids).await? })))
}
