//! Dictionaries (api-contract §4.7–4.8). The look-ups `dictionary` and `dictionary-tree` serve every signed-in
//! user; the administration endpoints (`detail`, `list`, `parent-list`, `child-list`, `tree`, `parent-tree`,
//! `submit`, `remove`) check their codes and call `crate::dicts`. System dictionaries are global: reading
//! them needs `dict_view`, changing them is for the platform administrator alone. Business dictionaries
//! belong to the caller's tenant and need the `dictbiz_*` codes. The look-ups' answers are kept until this
//! process's next write and for at most a second (`dicts::lookup::answer`); administration reads are not.
use actix_web::web;
use keeper_common::envelope::Rendered;
use keeper_common::fields;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::openapi::{Api, JSON};
use keeper_common::page::{Page, PageQuery};
use keeper_common::tree::TreeNode;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::dicts::lookup::{self, DictItem, Lookup};
use crate::dicts::{self, Filter, Kind, form::DictInput, view::DictView};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    // Every signed-in user reads the dictionaries the screens are built from.
    api.get("/dict/dictionary", system_dictionary);
    api.get("/dict/dictionary-tree", system_dictionary_tree);
    api.get("/dict-biz/dictionary", biz_dictionary);
    api.get("/dict-biz/dictionary-tree", biz_dictionary_tree);
    admin::<SystemBook>(api, "/dict");
    admin::<BusinessBook>(api, "/dict-biz");
}

fn admin<B: Book>(api: &mut Api, prefix: &str) {
    api.get(&format!("{prefix}/detail"), detail::<B>).permission(&[B::VIEW]);
    api.get(&format!("{prefix}/list"), list::<B>).permission(&[B::VIEW]);
    api.get(&format!("{prefix}/parent-list"), parent_list::<B>).permission(&[B::VIEW]);
    api.get(&format!("{prefix}/child-list"), child_list::<B>).permission(&[B::VIEW]);
    api.get(&format!("{prefix}/tree"), picker_tree::<B>).permission(&[B::VIEW]);
    api.get(&format!("{prefix}/parent-tree"), parent_tree::<B>).permission(&[B::VIEW]);
    let body = api.schema::<super::bodies::DictBody>();
    let submit = api.post(&format!("{prefix}/submit"), submit::<B>).permission(&[B::ADD, B::EDIT]).body(JSON, body);
    if B::ADMINISTRATOR_WRITES {
        submit.administrator();
    }
    let remove = api.post(&format!("{prefix}/remove"), remove::<B>).permission(&[B::DELETE]);
    if B::ADMINISTRATOR_WRITES {
        remove.administrator();
    }
}

/// One family of dictionaries: which rows a caller reaches and what each operation requires.
trait Book: 'static {
    const VIEW: &'static str;
    const ADD: &'static str;
    const EDIT: &'static str;
    const DELETE: &'static str;
    /// Writes need the platform administrator (told in the API description; `may_write` checks).
    const ADMINISTRATOR_WRITES: bool;
    fn kind(me: &CurrentUser) -> Kind<'_>;
    /// Passes when the caller may perform the write that `code` names.
    async fn may_write(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError>;
    /// The dictionary code when a `list` call is the start-up look-up rather than the administration list.
    fn lookup_by_code(_: &ListQuery) -> Option<String> {
        None
    }
}

struct SystemBook;

impl Book for SystemBook {
    const VIEW: &'static str = "dict_view";
    const ADD: &'static str = "dict_add";
    const EDIT: &'static str = "dict_edit";
    const DELETE: &'static str = "dict_delete";
    const ADMINISTRATOR_WRITES: bool = true;
    fn kind(_: &CurrentUser) -> Kind<'_> {
        Kind::System
    }
    /// Every tenant reads the system dictionaries, so only the platform administrator changes them,
    /// whatever codes a tenant's role holds.
    async fn may_write(state: &AppState, me: &CurrentUser, _: &str) -> Result<(), AppError> {
        state.guard.require_administrator(me)
    }
}

struct BusinessBook;

impl Book for BusinessBook {
    const VIEW: &'static str = "dictbiz_view";
    const ADD: &'static str = "dictbiz_add";
    const EDIT: &'static str = "dictbiz_edit";
    const DELETE: &'static str = "dictbiz_delete";
    const ADMINISTRATOR_WRITES: bool = false;
    fn kind(me: &CurrentUser) -> Kind<'_> {
        Kind::Business(&me.tenant_id)
    }
    async fn may_write(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
        state.guard.require(me, code).await
    }
    fn lookup_by_code(q: &ListQuery) -> Option<String> {
        let only_code =
            fields::filter(&q.dict_key).is_none() && fields::filter(&q.dict_value).is_none() && fields::filter(&q.parent_id).is_none();
        fields::filter(&q.code).filter(|_| only_code)
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    code: Option<String>,
    dict_key: Option<String>,
    dict_value: Option<String>,
    parent_id: Option<String>,
    current: Option<String>,
    size: Option<String>,
    ascs: Option<String>,
    descs: Option<String>,
}

impl ListQuery {
    fn filter(&self) -> Filter {
        Filter { code: fields::filter(&self.code), dict_key: fields::filter(&self.dict_key), dict_value: fields::filter(&self.dict_value) }
    }
}

async fn detail<B: Book>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<DictView>, AppError> {
    state.guard.require(&me, B::VIEW).await?;
    Ok(R::data(dicts::detail(&state.db, B::kind(&me), q.parse()?).await?))
}

async fn list<B: Book>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Value>, AppError> {
    if let Some(code) = B::lookup_by_code(&q) {
        // SPEC §7: the SPA loads a business dictionary with `dict-biz/list?code=` for every signed-in user,
        // so a bare code is the look-up of `dict-biz/dictionary` (the same rows), not the administrators' tree.
        return Ok(R::data(json!(lookup::biz_items(&state.db, &me.tenant_id, &[&code]).await?)));
    }
    state.guard.require(&me, B::VIEW).await?;
    Ok(R::data(json!(dicts::list(&state.db, B::kind(&me), &q.filter()).await?)))
}

async fn parent_list<B: Book>(
    state: web::Data<AppState>,
    me: CurrentUser,
    q: web::Query<ListQuery>,
) -> Result<R<Page<DictView>>, AppError> {
    state.guard.require(&me, B::VIEW).await?;
    let page = PageQuery { current: q.current.clone(), size: q.size.clone(), ascs: q.ascs.clone(), descs: q.descs.clone() };
    let req = page.validate(dicts::SORTABLE)?;
    Ok(R::data(dicts::parent_list(&state.db, B::kind(&me), &q.filter(), &req).await?))
}

async fn child_list<B: Book>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<ListQuery>) -> Result<R<Vec<DictView>>, AppError> {
    state.guard.require(&me, B::VIEW).await?;
    let parent = fields::filter(&q.parent_id).ok_or_else(|| AppError::field("parentId", "不能为空"))?;
    let parent = keeper_common::id::parse(&parent).ok_or_else(|| AppError::field("parentId", "不是有效的ID"))?;
    Ok(R::data(dicts::child_list(&state.db, B::kind(&me), parent, &q.filter()).await?))
}

async fn picker_tree<B: Book>(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, B::VIEW).await?;
    Ok(R::data(dicts::tree(&state.db, B::kind(&me)).await?))
}

async fn parent_tree<B: Book>(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Vec<TreeNode>>, AppError> {
    state.guard.require(&me, B::VIEW).await?;
    Ok(R::data(dicts::parent_tree(&state.db, B::kind(&me)).await?))
}

/// Creates a row when the body has no `id`, updates it otherwise; answers the id.
async fn submit<B: Book>(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<Value>, AppError> {
    let creating = fields::id(&body, "id").map(|id| id.is_none()).unwrap_or(false);
    B::may_write(&state, &me, if creating { B::ADD } else { B::EDIT }).await?;
    let input = DictInput::from_json(&body)?;
    let id = dicts::submit(&state.db, B::kind(&me), input).await?;
    Ok(R::data(json!({ "id": id.to_string() })))
}

async fn remove<B: Book>(state: web::Data<AppState>, me: CurrentUser, form: web::Form<IdsForm>) -> Result<R<Value>, AppError> {
    B::may_write(&state, &me, B::DELETE).await?;
    let ids = form.targets()?;
    Ok(R::data(json!({ "count": dicts::remove(&state.db, B::kind(&me), &ids).await? })))
}

#[derive(Deserialize, JsonSchema)]
pub struct CodeQuery {
    code: Option<String>,
}

impl CodeQuery {
    fn code(&self) -> Result<&str, AppError> {
        match self.code.as_deref().map(str::trim) {
            Some(c) if !c.is_empty() && c.len() <= 64 => Ok(c),
            _ => Err(AppError::field("code", "请指定字典编码")),
        }
    }
}

async fn system_dictionary(
    state: web::Data<AppState>,
    _user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<Rendered<Vec<DictItem>>, AppError> {
    lookup::answer(&state, Lookup::System { nested: false }, q.code()?).await
}

async fn system_dictionary_tree(
    state: web::Data<AppState>,
    _user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<Rendered<Vec<DictItem>>, AppError> {
    lookup::answer(&state, Lookup::System { nested: true }, q.code()?).await
}

async fn biz_dictionary(
    state: web::Data<AppState>,
    user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<Rendered<Vec<DictItem>>, AppError> {
    lookup::answer(&state, Lookup::Biz { tenant_id: &user.tenant_id, nested: false }, q.code()?).await
}

async fn biz_dictionary_tree(
    state: web::Data<AppState>,
    user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<Rendered<Vec<DictItem>>, AppError> {
    lookup::answer(&state, Lookup::Biz { tenant_id: &user.tenant_id, nested: true }, q.code()?).await
}
