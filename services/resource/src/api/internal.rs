//! The internal API other services call through `keeper_client::ResourceClient` (never routed by the
//! gateway): the business service checks that the files a person links to a project are live
//! attachments of the person's tenant before it keeps their ids.
use std::collections::HashMap;

use actix_web::web;
use keeper_client::resource::{AttachInfo, AttachQuery};
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_db::base::BaseColumns;
use keeper_security::ServiceCaller;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::entity::{attach, oss};
use crate::state::AppState;

/// One link form names at most this many files; a larger question is a caller's bug.
const MAX_IDS: usize = 1000;

pub fn routes(api: &mut Api) {
    api.internal("/internal/attach/describe", web::post().to(describe));
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
