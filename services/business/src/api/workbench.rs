//! 工作台 (`/workbench`, issue 18): the home page's to-dos of the signed-in person.
use actix_web::web;
use keeper_common::openapi::Api;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;

use crate::state::AppState;
use crate::workbench::{self, Todos};

pub fn routes(api: &mut Api) {
    api.get("/workbench/todo", todo);
}

/// What waits for the caller: each to-do their buttons make theirs, counted within their data scope.
async fn todo(state: web::Data<AppState>, me: CurrentUser) -> Result<R<Todos>, AppError> {
    Ok(R::data(workbench::todos(&state, &me).await?))
}
