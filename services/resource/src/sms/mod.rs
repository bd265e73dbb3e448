//! SMS configurations of a tenant (api-contract §8.4): `sms/list`, `detail`, `submit`, `remove` and
//! `enable`. Codes are unique among a tenant's live configurations and at most one is enabled; a message goes
//! through the one named by `code`, else the enabled one (`sending`).
pub mod codes;
pub mod form;
pub mod log;
pub mod params;
pub mod providers;
pub mod sending;
pub mod view;

use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, DatabaseConnection};

use crate::entity::sms;
use crate::tenant_config as configs;
pub use crate::tenant_config::Filter;
use form::SmsInput;
use view::SmsView;

pub const SORTABLE: &[&str] = &["sms_code", "category", "status", "create_time"];

configs::config_table!(sms, code: SmsCode, field: "smsCode");

pub async fn list(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<SmsView>, AppError> {
    configs::list::<sms::Entity, _>(db, &me.tenant_id, f, req, SmsView::from).await
}

pub async fn row(db: &DatabaseConnection, tenant: &str, id: i64) -> Result<sms::Model, AppError> {
    configs::row::<sms::Entity, _>(db, tenant, id).await
}

pub async fn submit(db: &DatabaseConnection, me: &CurrentUser, input: SmsInput) -> Result<i64, AppError> {
    // Switching to Yunpian drops the secret; an empty secret on an update keeps the stored one.
    let secret = (!input.secret_key.is_empty() || !input.category.needs_secret()).then_some(input.secret_key);
    let model = sms::ActiveModel {
        category: Set(input.category as i32),
        sms_code: Set(input.sms_code.clone()),
        template_id: Set(input.template_id),
        access_key: Set(input.access_key),
        app_id: Set(input.app_id),
        region_id: Set(input.region_id),
        sign_name: Set(input.sign_name),
        endpoint: Set(input.endpoint),
        remark: Set(input.remark),
        ..Default::default()
    };
    configs::submit::<sms::Entity>(db, me, input.id, &input.sms_code, model, secret).await
}

pub async fn remove(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    configs::remove::<sms::Entity>(db, me, ids).await
}

/// Enables one configuration and disables the tenant's others.
pub async fn enable(db: &DatabaseConnection, me: &CurrentUser, id: i64) -> Result<(), AppError> {
    configs::enable::<sms::Entity>(db, &me.tenant_id, id).await
}

/// The configuration a message of the tenant goes through: the one named by `code`, else the enabled one.
pub async fn chosen(db: &DatabaseConnection, tenant: &str, code: Option<&str>) -> Result<sms::Model, AppError> {
    configs::chosen::<sms::Entity>(db, tenant, code, "没有该编号的短信配置").await?.ok_or_else(|| AppError::bad("未配置短信服务"))
}
