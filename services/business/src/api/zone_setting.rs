//! 园区设置 (`/zoneSetting`, issue 18): the zone administrator's settings of the business screens and of the
//! public big screen, each call behind its button.
use actix_web::web;
use keeper_common::openapi::{Api, JSON};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use serde_json::{Map, Value};

use crate::state::AppState;
use crate::zone_setting::{self, ZoneSettings};

const VIEW: &str = "zone_setting_view";
const EDIT: &str = "zone_setting_edit";

pub fn routes(api: &mut Api) {
    let answer = api.answer_schema::<R<ZoneSettings>>();
    api.get("/zoneSetting/detail", detail).permission(&[VIEW]).answer(JSON, answer.clone());
    api.post("/zoneSetting/submit", submit).permission(&[EDIT]).answer(JSON, answer);
}

async fn detail(state: web::Data<AppState>, me: CurrentUser) -> Result<R<ZoneSettings>, AppError> {
    state.guard.require(&me, VIEW).await?;
    Ok(R::data(zone_setting::read(&state, &me).await?))
}

/// Saves the fields sent (the others stay) and answers the settings now in force.
async fn submit(state: web::Data<AppState>, me: CurrentUser, body: web::Json<Map<String, Value>>) -> Result<R<ZoneSettings>, AppError> {
    state.guard.require(&me, EDIT).await?;
    Ok(R::data(zone_setting::save(&state, &me, &body).await?))
}
