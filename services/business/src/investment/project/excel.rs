//! Projects in Excel: `project/export` writes what `project/list` shows for the same filter and sort, with
//! dictionary labels and department names, never codes or ids. Money in 万元 with its four decimals.

use keeper_common::AppError;
use keeper_excel::{Column, Sheet};
use keeper_security::CurrentUser;

use super::status::Actors;
use super::{repo, scope, view};
use crate::state::AppState;

pub const EXPORT_FILE: &str = "项目数据.xlsx";

pub fn sheet() -> Sheet {
    Sheet::new(
        "项目",
        vec![
            Column::text("projectNo", "项目编号", 14.0),
            Column::text("projectName", "项目名称", 36.0),
            Column::text("enterpriseName", "项目单位", 30.0),
            Column::text("deptName", "属地园区", 16.0),
            Column::text("industryDeptName", "行业主管部门", 16.0),
            Column::text("projectTypeName", "项目类型", 18.0),
            Column::text("projectSourceName", "项目来源", 16.0),
            Column::text("projectLevelName", "项目级别", 10.0),
            Column::text("isKeyProjectName", "是否重点项目", 12.0),
            Column::text("constructionNatureName", "建设性质", 14.0),
            Column::text("industryName", "所属行业", 20.0),
            Column::text("leadingIndustryName", "主导产业", 16.0),
            Column::text("address", "建设地点", 26.0),
            Column::text("constructionContent", "建设规模及内容", 40.0),
            Column::decimal("totalInvestment", "计划总投资(万元)", 16.0, 4),
            Column::decimal("fixedAssetInvestment", "其中固定资产投资(万元)", 18.0, 4),
            Column::decimal("equipmentInvestment", "其中设备投资(万元)", 16.0, 4),
            Column::text("investmentBandName", "投资规模", 14.0),
            Column::date("signDate", "签约日期", 12.0),
            Column::date("plannedStartDate", "计划开工日期", 12.0),
            Column::date("actualStartDate", "实际开工日期", 12.0),
            Column::date("plannedCompletionDate", "计划竣工日期", 12.0),
            Column::text("projectStatusName", "项目状态", 10.0),
            Column::text("libraryStatusName", "入库状态", 10.0),
            Column::text("submitUserName", "提交人", 10.0),
            Column::text("submitTime", "提交时间", 20.0),
            Column::text("reviewOpinion", "审核意见", 30.0),
            Column::date("entryDate", "入库日期", 12.0),
            Column::text("responsibleLeader", "包保领导", 10.0),
            Column::text("ownerContact", "项目单位联系人", 12.0),
            Column::text("ownerPhone", "联系电话", 16.0),
        ],
    )
}

/// The projects `project/list` shows for the same filter and sort, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, filter: repo::Filter, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    write(state, me, filter, sort, &sheet(), |v| v).await
}

/// The projects of `filter` in the order of `sort`, all pages, as the sheet `sheet` of the records `record`
/// makes of their views: the export of every screen that lists projects.
pub async fn write<V: serde::Serialize + Send + 'static>(
    state: &AppState,
    me: &CurrentUser,
    mut filter: repo::Filter,
    sort: Vec<(String, bool)>,
    sheet: &Sheet,
    record: impl Fn(view::ProjectView) -> V,
) -> Result<Vec<u8>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let reference = state.reference.with_dept(&me.tenant_id, filter.dept_id).await?;
    filter.depts = filter.dept_id.map(|d| reference.subtree(d));
    let (scope, filter, sort, reference, record) = (&scope, &filter, &sort, &reference, &record);
    keeper_excel::export::sliced(sheet, |offset, limit| async move {
        let rows = repo::slice(&state.db, &me.tenant_id, scope, filter, sort, offset, limit).await?;
        let names = super::enterprise_names(state, &me.tenant_id, &rows).await?;
        Ok(rows.into_iter().map(|p| record(view::view(p, reference, &names, Actors::default()))).collect::<Vec<_>>())
    })
    .await
}
