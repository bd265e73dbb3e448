//! Monthly reports in Excel: `projectReport/export` writes what `projectReport/list` shows for the same
//! filter and sort, with labels and names, never codes or ids. Money in 万元 with its four decimals.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet};
use keeper_security::CurrentUser;

use super::{projects_of, repo, view};
use crate::investment::project::scope;
use crate::state::AppState;

pub const EXPORT_FILE: &str = "项目月度进展.xlsx";

pub fn sheet() -> Sheet {
    Sheet::new(
        "月度进展",
        vec![
            Column::text("period", "月份", 10.0),
            Column::text("projectNo", "项目编号", 14.0),
            Column::text("projectName", "项目名称", 36.0),
            Column::text("deptName", "属地园区", 16.0),
            Column::decimal("monthInvestment", "本月完成投资(万元)", 16.0, 4),
            Column::decimal("ytdInvestment", "本年累计完成投资(万元)", 18.0, 4),
            Column::decimal("cumulativeInvestment", "开工累计完成投资(万元)", 18.0, 4),
            Column::decimal("totalRate", "占总投资(%)", 12.0, 2),
            Column::decimal("buildingInvestment", "建筑工程(万元)", 14.0, 4),
            Column::decimal("installInvestment", "安装工程(万元)", 14.0, 4),
            Column::decimal("equipmentPurchase", "设备工器具购置(万元)", 16.0, 4),
            Column::decimal("otherCost", "其他费用(万元)", 14.0, 4),
            Column::decimal("fundsInPlaceMonth", "本月到位资金(万元)", 16.0, 4),
            Column::text("projectStatusName", "本月末项目状态", 14.0),
            Column::text("currentStageName", "当前节点", 14.0),
            Column::text("progressDesc", "形象进度", 40.0),
            Column::text("nextMonthPlan", "下月计划", 30.0),
            Column::text("hasIssueName", "是否存在问题", 12.0),
            Column::text("reportStatusName", "状态", 10.0),
            Column::text("submitUserName", "提交人", 10.0),
            Column::text("submitTime", "提交时间", 20.0),
            Column::text("auditUserName", "审核人", 10.0),
            Column::text("auditTime", "审核时间", 20.0),
            Column::text("reviewOpinion", "审核意见", 30.0),
        ],
    )
}

/// The reports `projectReport/list` shows for the same filter and sort, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, mut filter: repo::Filter, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    let scope = scope::resolve(state, me).await?;
    if let Some(d) = filter.dept_id {
        filter.depts = Some(state.reference.with_dept(&me.tenant_id, Some(d)).await?.subtree(d));
    }
    let (scope, filter, sort) = (&scope, &filter, &sort);
    keeper_excel::export::sliced(&sheet(), |offset, limit| async move {
        let rows = repo::slice(&state.db, &me.tenant_id, scope, filter, sort, offset, limit).await?;
        let reference = super::reference_for(state, me, &rows).await?;
        let projects = projects_of(&state.db, &me.tenant_id, &rows).await?;
        Ok(rows.into_iter().map(|r| view::view(r, &projects, &reference)).collect::<Vec<_>>())
    })
    .await
}
