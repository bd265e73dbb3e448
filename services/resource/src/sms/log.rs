//! The send log (`res_sms_log`, `sms/log/list`): one row per number and message with the provider's answer,
//! so that an administrator can tell why a message never arrived. Verification codes reach it masked.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::params::TemplateParams;
use super::providers::{Category, Delivery, Failure};
use crate::entity::{sms, sms_log};

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub sms_code: String,
    pub category: i32,
    pub category_name: &'static str,
    pub phone: String,
    pub template_id: String,
    pub params: String,
    pub success: i32,
    pub message: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
}

impl From<sms_log::Model> for LogView {
    fn from(l: sms_log::Model) -> Self {
        LogView {
            id: l.id,
            sms_code: l.sms_code,
            category: l.category,
            category_name: Category::from_code(l.category).map_or("", Category::name),
            phone: l.phone,
            template_id: l.template_id,
            params: l.params,
            success: l.success,
            message: l.message,
            create_time: l.create_time,
        }
    }
}

fn clip(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Writes one row per number of a message sent through `config` with what the provider answered.
pub async fn record(
    db: &DatabaseConnection,
    me: &CurrentUser,
    config: &sms::Model,
    phones: &[String],
    params: &TemplateParams,
    outcome: &Result<Delivery, Failure>,
) -> Result<(), AppError> {
    let (success, message, biz_id) = match outcome {
        Ok(d) => (1, "发送成功".to_string(), d.reference.clone()),
        Err(f) => (0, f.reason().to_string(), String::new()),
    };
    let now = Utc::now();
    let rows = phones.iter().map(|phone| sms_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(me.tenant_id.clone()),
        sms_id: Set(config.id),
        sms_code: Set(config.sms_code.clone()),
        category: Set(config.category),
        phone: Set(phone.clone()),
        template_id: Set(config.template_id.clone()),
        params: Set(clip(&params.to_json(), 2000)),
        success: Set(success),
        message: Set(clip(&message, 500)),
        biz_id: Set(clip(&biz_id, 128)),
        create_user: Set(Some(me.user_id)),
        create_time: Set(now),
    });
    sms_log::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

pub const SORTABLE: &[&str] = &["create_time", "phone"];

#[derive(Debug, Default)]
pub struct Filter {
    pub phone: Option<String>,
    pub success: Option<i32>,
}

pub async fn list(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<LogView>, AppError> {
    let mut q = sms_log::Entity::find().filter(sms_log::Column::TenantId.eq(me.tenant_id.as_str()));
    if let Some(p) = &f.phone {
        q = q.filter(sms_log::Column::Phone.like(fields::like(p)));
    }
    if let Some(s) = f.success {
        q = q.filter(sms_log::Column::Success.eq(s));
    }
    let column = |name: &str| if name == "phone" { sms_log::Column::Phone } else { sms_log::Column::CreateTime };
    let page =
        keeper_db::page(db, q, req, column, |q| q.order_by_desc(sms_log::Column::CreateTime).order_by_desc(sms_log::Column::Id)).await?;
    Ok(page.map(LogView::from))
}
