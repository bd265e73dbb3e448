//! The internal API other services call through `keeper_client::ResourceClient` (never routed by the
//! gateway): the business service checks that the files a person links to a project are live
//! attachments of the person's tenant before it keeps their ids, and sends reminders by SMS.
use std::collections::HashMap;

use actix_web::web;
use keeper_client::resource::{AttachInfo, AttachQuery, SmsRequest};
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_db::base::BaseColumns;
use keeper_security::claims::Claims;
use keeper_security::{CurrentUser, ServiceCaller};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::entity::{attach, oss};
use crate::state::AppState;

/// One link form names at most this many files; a larger question is a caller's bug.
const MAX_IDS: usize = 1000;

pub fn routes(api: &mut Api) {
    api.internal("/internal/attach/describe", web::post().to(describe));
    api.internal("/internal/sms/send", web::post().to(send_sms));
}

/// A message the business service sends for a signed-in person (a reminder to the enterprises that have not
/// reported): through the tenant's enabled configuration, logged under that person.
async fn send_sms(_: ServiceCaller, state: web::Data<AppState>, req: web::Json<SmsRequest>) -> Result<R<serde_json::Value>, AppError> {
    let req = req.into_inner();
    let phones = crate::sms::params::phones("phones", Some(&req.phones.join(",")))?;
    let params = crate::sms::params::TemplateParams::of_pairs("params", req.params)?;
    let sender = CurrentUser::from_claims(Claims { tenant_id: req.tenant_id, user_id: req.user_id.to_string(), ..Default::default() });
    crate::sms::sending::message(&state.db, &state.sms_http, &sender, None, &phones, &params).await?;
    Ok(R::data(serde_json::json!({ "count": phones.len() })))
}

/// The live attachments among the ids, in the tenant; ids that are not one are left out of the answer.
async fn describe(_: ServiceCaller, state: web::Data<AppState>, q: web::Json<AttachQuery>) -> Result<R<Vec<AttachInfo>>, AppError> {
    if q.ids.len() > MAX_IDS {
        return Err(AppError::field("ids", format!("一次最多 {MAX_IDS} 个")));
    }
    let rows = attach::Entity::live(&q.tenant_id).filter(attach::Column::Id.is_in(q.ids.clone())).all(&state.db).await?;
    // A configuration removed since still names where its files are (`oss::target_of` finds it too).
    let oss_ids: Vec<i64> = rows.iter().filter_map(|r| r.oss_id).collect();
    let codes: HashMap<i64, String> = if oss_ids.is_empty() {
        HashMap::new()
    } else {
        oss::Entity::find()
            .filter(oss::Column::TenantId.eq(q.tenant_id.as_str()))
            .filter(oss::Column::Id.is_in(oss_ids))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|o| (o.id, o.oss_code))
            .collect()
    };
    Ok(R::data(
        rows.into_iter()
            .map(|r| AttachInfo {
                id: r.id,
                oss_code: r.oss_id.and_then(|o| codes.get(&o).cloned()).unwrap_or_default(),
                name: r.name,
                original_name: r.original_name,
                extension: r.extension,
                attach_size: r.attach_size,
                create_user: r.create_user,
            })
            .collect(),
    ))
}
