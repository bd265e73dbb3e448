//! The attachment register (api-contract §8.3): one row per file stored through an attach upload, with
//! where it lives and what the uploader called it. Rows stay inside their tenant; removing one also
//! deletes the object, so a removed attachment cannot be downloaded by its old link.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::BaseColumns;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;

use crate::entity::attach;
use crate::files::Stored;
use crate::storage::Target;

pub const SORTABLE: &[&str] = &["original_name", "extension", "attach_size", "create_time"];
/// Where the browser fetches attachments (through the gateway).
pub const DOMAIN: &str = "/api/keeper-resource";

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub link: String,
    pub domain: String,
    pub name: String,
    pub original_name: String,
    pub extension: String,
    pub attach_size: i64,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub create_user: Option<i64>,
    pub create_user_name: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
}

impl From<attach::Model> for AttachView {
    fn from(a: attach::Model) -> Self {
        AttachView {
            id: a.id,
            tenant_id: a.tenant_id,
            link: a.link,
            domain: a.domain,
            name: a.name,
            original_name: a.original_name,
            extension: a.extension,
            attach_size: a.attach_size,
            create_user: a.create_user,
            create_user_name: a.create_user_name,
            create_time: a.create_time,
        }
    }
}

pub fn link(id: i64) -> String {
    format!("{DOMAIN}/attach/download?id={id}")
}

#[derive(Debug, Default)]
pub struct Filter {
    pub original_name: Option<String>,
    pub extension: Option<String>,
}

fn sort_column(name: &str) -> attach::Column {
    match name {
        "original_name" => attach::Column::OriginalName,
        "extension" => attach::Column::Extension,
        "attach_size" => attach::Column::AttachSize,
        _ => attach::Column::CreateTime,
    }
}

pub async fn list(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<AttachView>, AppError> {
    let mut q = attach::Entity::live(&me.tenant_id);
    if let Some(v) = &f.original_name {
        q = q.filter(attach::Column::OriginalName.like(fields::like(v)));
    }
    if let Some(v) = &f.extension {
        q = q.filter(attach::Column::Extension.eq(v.trim_start_matches('.').to_ascii_lowercase()));
    }
    let page =
        keeper_db::page(db, q, req, sort_column, |q| q.order_by_desc(attach::Column::CreateTime).order_by_desc(attach::Column::Id)).await?;
    Ok(page.map(AttachView::from))
}

pub async fn row(db: &DatabaseConnection, tenant: &str, id: i64) -> Result<attach::Model, AppError> {
    attach::Entity::live(tenant).filter(attach::Column::Id.eq(id)).one(db).await?.ok_or_else(AppError::not_found)
}

pub async fn rows(db: &DatabaseConnection, tenant: &str, ids: &[i64]) -> Result<Vec<attach::Model>, AppError> {
    let rows = attach::Entity::live(tenant).filter(attach::Column::Id.is_in(ids.to_vec())).all(db).await?;
    if rows.len() != ids.len() { Err(AppError::not_found()) } else { Ok(rows) }
}

/// Registers a stored object; answers the new row.
pub async fn insert(db: &DatabaseConnection, me: &CurrentUser, target: &Target, file: &Stored) -> Result<attach::Model, AppError> {
    let id = next_id();
    let now = Utc::now();
    let model = attach::Model {
        id,
        oss_id: target.oss_id,
        link: link(id),
        domain: DOMAIN.into(),
        name: file.name.clone(),
        original_name: file.original_name.clone(),
        extension: file.extension.clone(),
        content_type: file.content_type.into(),
        attach_size: file.size as i64,
        create_user_name: me.display_name().to_string(),
        tenant_id: me.tenant_id.clone(),
        create_user: Some(me.user_id),
        create_dept: me.dept_ids.first().copied(),
        create_time: now,
        update_user: Some(me.user_id),
        update_time: now,
        status: 1,
        is_deleted: 0,
    };
    attach::Entity::insert(attach::ActiveModel::from(model.clone())).exec_without_returning(db).await?;
    Ok(model)
}

/// The live row of a stored object, if it has one.
pub async fn by_name(db: &DatabaseConnection, tenant: &str, name: &str) -> Result<Option<attach::Model>, AppError> {
    Ok(attach::Entity::live(tenant).filter(attach::Column::Name.eq(name)).one(db).await?)
}

/// Removes the rows of objects deleted by name (`remove-file`), so the register lists no missing file.
pub async fn mark_removed_names(db: &DatabaseConnection, me: &CurrentUser, names: &[String]) -> Result<(), AppError> {
    let ids: Vec<i64> = attach::Entity::live(&me.tenant_id)
        .filter(attach::Column::Name.is_in(names.to_vec()))
        .select_only()
        .column(attach::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    if ids.is_empty() { Ok(()) } else { mark_removed(db, me, &ids).await }
}

pub async fn mark_removed(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<(), AppError> {
    attach::Entity::update_many()
        .set(attach::ActiveModel {
            is_deleted: Set(1),
            update_user: Set(Some(me.user_id)),
            update_time: Set(Utc::now()),
            ..Default::default()
        })
        .filter(attach::Column::Id.is_in(ids.to_vec()))
        .filter(attach::Column::TenantId.eq(me.tenant_id.as_str()))
        .exec(db)
        .await?;
    Ok(())
}
