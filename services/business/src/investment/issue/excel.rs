//! The issue ledger in Excel (问题台账): `projectIssue/export` writes what `projectIssue/list` shows for the
//! same filter and sort. With `agenda=Y` it is the dispatch meeting's agenda: the open 一般 and 重点
//! issues and every overdue one, the weightiest first.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet};
use keeper_security::CurrentUser;

use super::{Caller, repo, resolved, views};
use crate::state::AppState;

pub const EXPORT_FILE: &str = "问题台账.xlsx";

pub fn sheet() -> Sheet {
    Sheet::new(
        "问题台账",
        vec![
            Column::text("issueNo", "问题编号", 14.0),
            Column::text("projectName", "项目名称", 32.0),
            Column::text("deptName", "属地园区", 14.0),
            Column::text("description", "问题描述", 44.0),
            Column::text("suggestion", "建议措施", 30.0),
            Column::text("issueLevelName", "问题等级", 10.0),
            Column::text("issueTypeName", "问题类别", 14.0),
            Column::text("raisedPeriod", "提出月份", 10.0),
            Column::text("raisedByDeptName", "提出单位", 14.0),
            Column::text("responsibleDeptName", "责任单位", 14.0),
            Column::text("coDeptNames", "配合单位", 18.0),
            Column::text("responsibleLeader", "分管领导", 10.0),
            Column::text("deadline", "解决时限", 12.0),
            Column::text("issueStatusName", "办理状态", 10.0),
            Column::int("overdueDays", "超期天数", 10.0),
            Column::text("resolution", "解决情况", 30.0),
            Column::text("meetingRef", "调度会议", 16.0),
        ],
    )
}

/// The issues `projectIssue/list` shows for the same filter and sort, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, filter: repo::Filter, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    let caller = Caller::of(state, me).await?;
    let filter = resolved(state, me, &caller, filter).await?;
    let (caller, filter, sort) = (&caller, &filter, &sort);
    keeper_excel::export::sliced(&sheet(), |offset, limit| async move {
        let rows = repo::slice(&state.db, &me.tenant_id, &caller.scope, filter, sort, offset, limit).await?;
        views(state, me, caller, rows).await
    })
    .await
}
