//! Dictionaries (api-contract §4.7–4.8). The look-ups `dictionary` and `dictionary-tree` serve every signed-in
//! user; the administration endpoints (`detail`, `list`, `parent-list`, `child-list`, `tree`, `parent-tree`,
//! `submit`, `remove`) check their codes and call `crate::dicts`. System dictionaries are global: reading
//! them needs `dict_view`, changing them is for the platform administrator alone. Business dictionaries
//! belong to the caller's tenant and need the `dictbiz_*` codes. Nothing here is cached, so a change is
//! seen by the next request on every replica.
use keeper_common::openapi::{Api, JSON};
use schemars::JsonSchema;
use std::collections::HashMap;

use actix_web::web;
use keeper_common::form::{IdQuery, IdsForm};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::dicts::{self, Filter, Kind, fields, form::DictInput, view::DictView};
use crate::entity::{dict, dict_biz};
use crate::roles::view::TreeNode;
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
        return Ok(R::data(json!(biz_items(&state, &me.tenant_id, &code).await?)));
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
    let ids = crate::users::target_ids("ids", &form.ids)?;
    Ok(R::data(json!({ "count": dicts::remove(&state.db, B::kind(&me), &ids).await? })))
}

#[derive(Debug, Serialize, Clone, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItem {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenant_id: Option<String>,
    pub code: String,
    pub dict_key: String,
    pub dict_value: String,
    pub sort: i32,
    pub remark: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DictItem>,
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

/// Items of one dictionary, without its top row, sorted.
pub async fn system_items(state: &AppState, code: &str) -> Result<Vec<DictItem>, AppError> {
    let rows = dict::Entity::find()
        .filter(dict::Column::Code.eq(code))
        .filter(dict::Column::ParentId.gt(0))
        .filter(dict::Column::IsSealed.eq(0))
        .filter(dict::Column::IsDeleted.eq(0))
        .order_by_asc(dict::Column::Sort)
        .order_by_asc(dict::Column::Id)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|d| DictItem {
            id: d.id,
            parent_id: d.parent_id,
            tenant_id: None,
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            children: vec![],
        })
        .collect())
}

async fn biz_items(state: &AppState, tenant_id: &str, code: &str) -> Result<Vec<DictItem>, AppError> {
    let rows = dict_biz::Entity::find()
        .filter(dict_biz::Column::TenantId.eq(tenant_id))
        .filter(dict_biz::Column::Code.eq(code))
        .filter(dict_biz::Column::ParentId.gt(0))
        .filter(dict_biz::Column::IsSealed.eq(0))
        .filter(dict_biz::Column::IsDeleted.eq(0))
        .order_by_asc(dict_biz::Column::Sort)
        .order_by_asc(dict_biz::Column::Id)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|d| DictItem {
            id: d.id,
            parent_id: d.parent_id,
            tenant_id: Some(d.tenant_id),
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            children: vec![],
        })
        .collect())
}

/// Nests items under their parents; items whose parent is the dictionary's top row are roots.
pub fn tree(items: Vec<DictItem>) -> Vec<DictItem> {
    let ids: std::collections::HashSet<i64> = items.iter().map(|i| i.id).collect();
    let mut by_parent: HashMap<i64, Vec<DictItem>> = HashMap::new();
    let mut roots = Vec::new();
    for i in items {
        if ids.contains(&i.parent_id) {
            by_parent.entry(i.parent_id).or_default().push(i);
        } else {
            roots.push(i);
        }
    }
    fn attach(mut node: DictItem, by_parent: &mut HashMap<i64, Vec<DictItem>>) -> DictItem {
        let kids = by_parent.remove(&node.id).unwrap_or_default();
        node.children = kids.into_iter().map(|k| attach(k, by_parent)).collect();
        node
    }
    roots.into_iter().map(|r| attach(r, &mut by_parent)).collect()
}

async fn system_dictionary(state: web::Data<AppState>, _user: CurrentUser, q: web::Query<CodeQuery>) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(system_items(&state, q.code()?).await?))
}

async fn system_dictionary_tree(
    state: web::Data<AppState>,
    _user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(tree(system_items(&state, q.code()?).await?)))
}

async fn biz_dictionary(state: web::Data<AppState>, user: CurrentUser, q: web::Query<CodeQuery>) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(biz_items(&state, &user.tenant_id, q.code()?).await?))
}

async fn biz_dictionary_tree(
    state: web::Data<AppState>,
    user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(tree(biz_items(&state, &user.tenant_id, q.code()?).await?)))
}
