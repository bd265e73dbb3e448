//! 产值填报 › 转为问题 (domain-model §2.3.1: an enterprise's 生产经营困难/诉求 "can be converted into an issue"):
//! the issue ledger (`investment::issue`) keeps issues of projects, so the difficulty is raised on one of the
//! enterprise's projects. What ties the two — which projects an output report may raise on, and whether a
//! raise names a report and a project that belong together — is output's to know (output reads the
//! investment module, never the other way round).
use keeper_common::AppError;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::output_report;
use crate::investment::issue::takes_issues;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self as project_scope, ProjectScope};
use crate::state::AppState;

/// The output report `id` as the caller sees it in 产值填报.
async fn seen(state: &AppState, me: &CurrentUser, id: i64) -> Result<Option<output_report::Model>, AppError> {
    let scope = super::scope::resolve(state, me).await?;
    Ok(super::repo::visible(&state.db, &me.tenant_id, &scope, &[id]).await?.pop())
}

/// An issue raised from an output report names a report the caller sees in 产值填报 and a project of that
/// report's enterprise (a project that does not exist is the raise's own refusal).
pub async fn check_source(state: &AppState, me: &CurrentUser, report: i64, project: i64) -> Result<(), AppError> {
    let report = seen(state, me, report).await?.ok_or_else(|| AppError::field("outputReportId", "产值填报不存在"))?;
    let p = project_repo::visible(&state.db, &me.tenant_id, &ProjectScope::All, &[project]).await?.pop();
    if p.is_some_and(|p| p.enterprise_id != Some(report.enterprise_id)) {
        return Err(AppError::field("projectId", "不是该产值填报所属企业的项目"));
    }
    Ok(())
}

/// A project an enterprise's difficulty may be raised on as an issue.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueProject {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub project_no: String,
    pub project_name: String,
    pub dept_name: String,
    pub project_status_name: String,
}

/// The projects of the output report's enterprise an issue may be raised on — in the library, neither 达产
/// nor ended, within the caller's project scope — the largest first. An enterprise without such a project
/// has none to offer, which the screen says.
pub async fn projects(state: &AppState, me: &CurrentUser, id: i64) -> Result<Vec<IssueProject>, AppError> {
    let report = seen(state, me, id).await?.ok_or_else(AppError::not_found)?;
    let scope = project_scope::resolve(state, me).await?;
    let rows = project_repo::of_enterprise(&state.db, &me.tenant_id, &scope, report.enterprise_id).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    Ok(rows
        .into_iter()
        .filter(|p| takes_issues(p).is_ok())
        .map(|p| IssueProject {
            id: p.id,
            project_status_name: reference.label("project_status", &p.project_status),
            dept_name: reference.dept_name(p.dept_id),
            project_no: p.project_no,
            project_name: p.project_name,
        })
        .collect())
}
