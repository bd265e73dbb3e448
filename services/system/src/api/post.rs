//! Post routes: `post/detail`, `list`, `page`, `submit`, `remove` check `post_view`, `post_add`, `post_edit`
//! or `post_delete`; `post/select` feeds pickers and is open to any signed-in user. Each handler parses and
//! calls `crate::posts`.
use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::posts::{self, form::PostInput, repo::Filter, view::PostView};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.get("/post/list", list).permission(&["post_view"]);
    api.get("/post/page", list).permission(&["post_view"]);
    api.get("/post/detail", detail).permission(&["post_view"]);
    let body = api.schema::<super::bodies::PostBody>();
    api.post("/post/submit", submit).permission(&["post_add", "post_edit"]).body(JSON, body);
    api.post("/post/remove", remove).permission(&["post_delete"]);
    api.get("/post/select", select);
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    post_code: Option<String>,
    post_name: Option<String>,
    category: Option<String>,
}

impl ListQuery {
    fn parse(self) -> Result<Filter, AppError> {
        let text = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let category = match text(self.category) {
            None => None,
            Some(s) => Some(s.parse().map_err(|_| AppError::field("category", "应为整数"))?),
        };
        Ok(Filter { post_code: text(self.post_code), post_name: text(self.post_name), category })
    }
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<ListQuery>,
) -> Result<R<Page<PostView>>, AppError> {
    state.guard.require(&me, "post_view").await?;
    let req = page.validate(posts::repo::SORTABLE)?;
    Ok(R::data(posts::list(&state, &me, q.into_inner().parse()?, req).await?))
}

async fn detail(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<PostView>, AppError> {
    state.guard.require(&me, "post_view").await?;
    Ok(R::data(posts::detail(&state, &me, q.parse()?).await?))
}

/// Creates a post when the body has no `id`, updates it otherwise; answers the id.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = keeper_common::fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    state.guard.require(&me, if creating { "post_add" } else { "post_edit" }).await?;
    let id = posts::submit(&state, &me, PostInput::from_json(&body)?).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    state.guard.require(&me, "post_delete").await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": posts::remove(&state, &me, &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SelectQuery {
    tenant_id: Option<String>,
}

async fn select(state: web::Data<AppState>, me: CurrentUser, q: web::Query<SelectQuery>) -> Result<R<Vec<PostView>>, AppError> {
    crate::depts::own_tenant(&me, q.tenant_id.as_deref())?;
    Ok(R::data(posts::select(&state, &me).await?))
}
