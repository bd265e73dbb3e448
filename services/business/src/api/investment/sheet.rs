//! The monthly dispatch sheet 报表 (`/project/report-sheet`, domain-model §2.2.5c): the sheet as JSON rows
//! (group, project, subtotal and total rows, so the web app only renders), its xlsx (`export-report`,
//! the same rows), and the committee's month lock. Each handler checks its permission code, parses, and
//! calls `crate::investment::sheet`.
use actix_web::{HttpResponse, web};
use keeper_common::openapi::{Api, XLSX};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::investment::sheet::lock::{self, LockForm, LockView, UnlockForm};
use crate::investment::sheet::{self, SheetQuery, SheetView, excel};
use crate::state::AppState;

const VIEW: &[&str] = &["in_library_report_view"];
const EXPORT: &[&str] = &["in_library_report_export"];
const LOCK: &[&str] = &["in_library_report_lock"];
const UNLOCK: &[&str] = &["in_library_report_unlock"];

pub fn routes(api: &mut Api) {
    api.get("/project/report-sheet", view).permission(VIEW);
    api.get("/project/export-report", export).permission(EXPORT).file(XLSX);
    api.post("/project/report-sheet/lock", lock_month).permission(LOCK);
    api.post("/project/report-sheet/unlock", unlock_month).permission(UNLOCK);
}

async fn view(state: web::Data<AppState>, me: CurrentUser, q: web::Query<SheetQuery>) -> Result<R<SheetView>, AppError> {
    state.guard.require_any(&me, VIEW).await?;
    Ok(R::data(sheet::sheet(&state, &me, q.into_inner()).await?))
}

/// The sheet of the same query as xlsx, as printed.
async fn export(state: web::Data<AppState>, me: CurrentUser, q: web::Query<SheetQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require_any(&me, EXPORT).await?;
    let (name, bytes) = excel::export(&state, &me, q.into_inner()).await?;
    Ok(keeper_excel::http::download(&name, bytes))
}

/// Locks the month and freezes its sheet.
async fn lock_month(state: web::Data<AppState>, me: CurrentUser, body: web::Json<LockForm>) -> Result<R<LockView>, AppError> {
    state.guard.require_any(&me, LOCK).await?;
    Ok(R::data(lock::lock(&state, &me, body.into_inner()).await?))
}

/// Opens the month again, with a reason; the live sheet is back.
async fn unlock_month(state: web::Data<AppState>, me: CurrentUser, body: web::Json<UnlockForm>) -> Result<R<LockView>, AppError> {
    state.guard.require_any(&me, UNLOCK).await?;
    Ok(R::data(lock::unlock(&state, &me, body.into_inner()).await?))
}
