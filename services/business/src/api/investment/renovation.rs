//! Technical-renovation projects (`/techRenovation`, domain-model §2.2.4): the 技术改造 screen's list, its
//! summary and its export. The projects are added, changed and reviewed through `/project` (their
//! renovation facts ride in the project's body). Each handler checks its permission code, parses, and
//! calls `crate::investment::renovation`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::investment::project::repo::SORTABLE;
use crate::investment::renovation::{self, RenovationQuery, RenovationSummary, excel, view::RenovationView};
use crate::state::AppState;

const VIEW: &[&str] = &["technical_renovation_view"];
const EXPORT: &[&str] = &["technical_renovation_export"];

pub fn routes(api: &mut Api) {
    api.get("/techRenovation/list", list).permission(VIEW);
    api.get("/techRenovation/summary", summary).permission(VIEW);
    api.get("/techRenovation/export", export).permission(EXPORT).file(XLSX);
}

async fn list(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<RenovationQuery>,
) -> Result<R<Page<RenovationView>>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    let req = page.validate(SORTABLE)?;
    Ok(R::data(renovation::list(&state, &me, q.into_inner(), req).await?))
}

/// 技改投资 of the year, its share of industrial investment and the equipment share, for the list's filters.
async fn summary(state: web::Data<AppState>, me: CurrentUser, q: web::Query<RenovationQuery>) -> Result<R<RenovationSummary>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(renovation::summary(&state, &me, q.into_inner()).await?))
}

/// What `techRenovation/list` shows for the same filters and order, as an xlsx download.
async fn export(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<RenovationQuery>,
) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let sort = page.validate(SORTABLE)?.sort;
    let bytes = renovation::export(&state, &me, q.into_inner(), sort).await?;
    Ok(keeper_excel::http::download(excel::EXPORT_FILE, bytes))
}
