//! The public big screen (`/dataAnalysis`, issue 18): no sign-in — the gateway lets `/api/dataAnalysis/**`
//! through without a token, and the tenant is named in the URL (`?tenant=888888`).
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R, fields};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::data_analysis::Screen;
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    let answer = api.answer_schema::<R<Screen>>();
    api.get("/dataAnalysis/screen", screen).answer(JSON, answer);
}

#[derive(Debug, Default, Deserialize, JsonSchema)]
struct ScreenQuery {
    /// The tenant id of the zone, `888888`.
    tenant: Option<String>,
}

/// A tenant id as tenants are numbered: letters and digits, at most 12.
fn tenant_of(q: ScreenQuery) -> Result<String, AppError> {
    let tenant =
        fields::bounded_filter("tenant", q.tenant, 12)?.ok_or_else(|| AppError::field("tenant", "请在地址中指明园区（tenant）"))?;
    if !tenant.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(AppError::field("tenant", "不是有效的租户ID"));
    }
    Ok(tenant)
}

/// The zone's public widgets of the latest closed month; 404 when the zone has not opened its screen.
async fn screen(state: web::Data<AppState>, q: web::Query<ScreenQuery>) -> Result<HttpResponse, AppError> {
    let tenant = tenant_of(q.into_inner())?;
    let body = state.screens.screen(&state, &tenant).await?;
    // Browsers ask again each time: the service's own copy makes that cheap (thousands of screens a second),
    // and a screen the zone's administrator has just narrowed or closed must not linger in a browser's
    // cache — the administrator's own 打开大屏 right after saving showed the old screen for a minute.
    Ok(HttpResponse::Ok().content_type(JSON).insert_header((header::CACHE_CONTROL, "no-cache")).body(body))
}
