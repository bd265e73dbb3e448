//! The login, operation and error logs: one list, detail and export for the three tables. A tenant's users
//! see their tenant's rows; the platform administrator sees every tenant's and may pick one. Rows are
//! written by the services (`store`) and removed by age (`retention`), never edited.
pub mod excel;
pub mod filters;
pub mod kinds;
pub mod retention;
pub mod store;
pub mod view;

use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Select};
use serde::Serialize;

use filters::Filter;
use keeper_common::fields;

/// Columns the lists may sort by; newest first when none is asked for.
pub const SORTABLE: &[&str] = &["create_time"];

/// The columns every log has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Col {
    Id,
    TenantId,
    Account,
    CreateTime,
}

/// Filtered columns only some logs have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extra {
    Success,
    RequestUri,
    Title,
}

pub type Model<K> = <<K as LogKind>::Entity as EntityTrait>::Model;
type Column<K> = <<K as LogKind>::Entity as EntityTrait>::Column;

/// One log: its table, its permission codes, how a row is shown and exported.
pub trait LogKind: 'static {
    type Entity: EntityTrait<Model: Send + Sync>;
    type View: Serialize + schemars::JsonSchema;
    /// The menu code: reading the list needs it.
    const MENU: &'static str;
    /// The button code of `detail`.
    const VIEW: &'static str;
    /// The button code of `export`.
    const EXPORT: &'static str;
    /// The export's file name before the date, e.g. `登录日志`.
    const FILE: &'static str;
    fn column(c: Col) -> Column<Self>;
    /// The table's column for `c`, `None` when this log has no such column.
    fn extra(c: Extra) -> Option<Column<Self>>;
    fn view(row: Model<Self>) -> Self::View;
    fn sheet() -> keeper_excel::Sheet;
    fn cells(view: &Self::View) -> Vec<keeper_excel::Value>;
}

fn col<K: LogKind>(c: Col) -> Column<K> {
    K::column(c)
}

/// The rows the caller may see that pass the filter, in no particular order yet.
fn visible<K: LogKind>(db: &DatabaseConnection, me: &CurrentUser, f: &Filter) -> Select<K::Entity> {
    let mut q = K::Entity::find();
    // Only the platform administrator reads across tenants; everybody else is held to the token's tenant.
    let tenant = if me.is_administrator() { f.tenant_id.clone() } else { Some(me.tenant_id.clone()) };
    if let Some(t) = tenant {
        q = q.filter(col::<K>(Col::TenantId).eq(t));
    }
    if let Some(a) = &f.account {
        q = q.filter(col::<K>(Col::Account).like(fields::like(a)));
    }
    for (c, text) in [(Extra::RequestUri, &f.request_uri), (Extra::Title, &f.title)] {
        if let (Some(column), Some(text)) = (K::extra(c), text) {
            q = q.filter(column.like(fields::like(text)));
        }
    }
    if let (Some(column), Some(s)) = (K::extra(Extra::Success), f.success) {
        q = q.filter(column.eq(s));
    }
    let backend = db.get_database_backend();
    if let Some(t) = f.begin {
        q = q.filter(col::<K>(Col::CreateTime).gte(keeper_db::utc_value(backend, Some(t))));
    }
    if let Some(t) = f.end_before {
        q = q.filter(col::<K>(Col::CreateTime).lt(keeper_db::utc_value(backend, Some(t))));
    }
    q
}

/// Logs sort by time only (the allow-list holds nothing else); newest first after that.
fn by_time<K: LogKind>(_: &str) -> <K::Entity as sea_orm::EntityTrait>::Column {
    col::<K>(Col::CreateTime)
}

fn newest_first<K: LogKind>(q: Select<K::Entity>) -> Select<K::Entity> {
    q.order_by_desc(col::<K>(Col::CreateTime)).order_by_desc(col::<K>(Col::Id))
}

pub async fn list<K: LogKind>(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<K::View>, AppError> {
    let page = keeper_db::page(db, visible::<K>(db, me, f), req, by_time::<K>, newest_first::<K>).await?;
    Ok(page.map(K::view))
}

/// One row the caller may see; 404 for rows of other tenants as for missing ones.
pub async fn detail<K: LogKind>(db: &DatabaseConnection, me: &CurrentUser, id: i64) -> Result<K::View, AppError> {
    let row = visible::<K>(db, me, &Filter::default()).filter(col::<K>(Col::Id).eq(id)).one(db).await?.ok_or_else(AppError::not_found)?;
    Ok(K::view(row))
}
