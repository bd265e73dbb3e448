//! Park companies (enterprises): the list every signed-in screen loads at start.
use actix_web::web;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Serialize;

use crate::enterprise;
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    api.post("/parkCompany/list", list);
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyOption {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    id: i64,
    enterprise_name: String,
    short_name: String,
    credit_code: String,
    company_type: String,
    industry_code: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    dept_id: Option<i64>,
    operating_status: String,
}

/// The live enterprises of the caller's tenant within their data scope, by name; the body is ignored
/// (the SPA posts `{}`).
async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<R<Vec<CompanyOption>>, AppError> {
    let rows = enterprise::options(&state, &user).await?;
    Ok(R::data(
        rows.into_iter()
            .map(|e| CompanyOption {
                id: e.id,
                enterprise_name: e.enterprise_name,
                short_name: e.short_name,
                credit_code: e.credit_code,
                company_type: e.company_type,
                industry_code: e.industry_code,
                dept_id: e.dept_id,
                operating_status: e.operating_status,
            })
            .collect(),
    ))
}
