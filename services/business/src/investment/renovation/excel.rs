//! The 技术改造 list in Excel: `techRenovation/export` writes what `techRenovation/list` shows for the same
//! filters and order, with labels, never codes. Money in 万元 with its four decimals.
use keeper_excel::{Column, Sheet};

pub const EXPORT_FILE: &str = "技术改造项目.xlsx";

pub fn sheet() -> Sheet {
    Sheet::new(
        "技术改造项目",
        vec![
            Column::text("projectNo", "项目编号", 14.0),
            Column::text("projectName", "项目名称", 36.0),
            Column::text("enterpriseName", "项目单位", 30.0),
            Column::text("deptName", "属地园区", 16.0),
            Column::text("renovationTypeName", "改造类型", 18.0),
            Column::text("filingCode", "备案代码", 26.0),
            Column::decimal("totalInvestment", "计划总投资(万元)", 16.0, 4),
            Column::decimal("equipmentInvestment", "设备投资(万元)", 16.0, 4),
            Column::decimal("ytdInvestment", "本年累计完成投资(万元)", 20.0, 4),
            Column::decimal("yearPlanRate", "占年度计划(%)", 12.0, 2),
            Column::text("isKeyRenovationName", "是否重点技改", 12.0),
            Column::text("subsidyAppliedName", "是否申报奖补", 12.0),
            Column::decimal("subsidyAmount", "奖补金额(万元)", 14.0, 4),
            Column::text("projectStatusName", "项目状态", 10.0),
            Column::text("libraryStatusName", "入库状态", 10.0),
        ],
    )
}
