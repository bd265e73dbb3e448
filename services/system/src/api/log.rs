//! The logs behind the gateway's `/api/keeper-log`: `log/{login,api,error}/list` (the log's menu code),
//! `detail` (its `*_view` button) and `export` (its `*_export` button), read-only.
use actix_web::{HttpResponse, web};
use keeper_common::form::IdQuery;
use keeper_common::openapi::{Api, XLSX};
use keeper_common::page::{Page, PageQuery};
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::logs::filters::LogQuery;
use crate::logs::kinds::{ApiLogs, ErrorLogs, LoginLogs};
use crate::logs::{self, LogKind};
use crate::state::AppState;

pub fn routes(api: &mut Api) {
    log::<LoginLogs>(api, "/log/login");
    log::<ApiLogs>(api, "/log/api");
    log::<ErrorLogs>(api, "/log/error");
}

fn log<K: LogKind>(api: &mut Api, prefix: &str) {
    api.get(&format!("{prefix}/list"), list::<K>).permission(&[K::MENU]);
    api.get(&format!("{prefix}/detail"), detail::<K>).permission(&[K::VIEW]);
    api.get(&format!("{prefix}/export"), export::<K>).permission(&[K::EXPORT]).file(XLSX);
}

async fn list<K: LogKind>(
    state: web::Data<AppState>,
    me: CurrentUser,
    page: web::Query<PageQuery>,
    q: web::Query<LogQuery>,
) -> Result<R<Page<K::View>>, AppError> {
    state.guard.require(&me, K::MENU).await?;
    let req = page.validate(logs::SORTABLE)?;
    Ok(R::data(logs::list::<K>(&state.db, &me, &q.parse::<K>()?, &req).await?))
}

async fn detail<K: LogKind>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<IdQuery>) -> Result<R<K::View>, AppError> {
    state.guard.require(&me, K::VIEW).await?;
    Ok(R::data(logs::detail::<K>(&state.db, &me, q.parse()?).await?))
}

/// The rows `list` shows for the same filters as an xlsx download (the token may come as the
/// `keeper-auth` query parameter, for `window.open`).
async fn export<K: LogKind>(state: web::Data<AppState>, me: CurrentUser, q: web::Query<LogQuery>) -> Result<HttpResponse, AppError> {
    state.guard.require(&me, K::EXPORT).await?;
    let bytes = logs::excel::export::<K>(&state.db, &me, &q.parse::<K>()?).await?;
    Ok(keeper_excel::http::download(&logs::excel::file_name::<K>(), bytes))
}
