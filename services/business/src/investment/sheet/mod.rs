//! The monthly dispatch sheet 报表 (domain-model §2.2.5c): "XX经开区 YYYY年1–N月重点项目推进情况表", the
//! fixed-format table printed for the meeting and sent upward. Read side only: the in-library projects
//! (not terminated) with what their approved reports say up to the month, grouped by department (the one
//! on the month's report, domain-model §3 rule 1) or by project type, a subtotal per group and the grand
//! total. Only approved reports count.
//!
//! Once the committee locks the month (`lock`), the sheet is served from what it showed then, so later
//! corrections do not change what was presented; filters and the caller's scope still apply to it.
pub mod excel;
pub mod lock;
pub mod repo;
pub mod shape;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::fields::bounded_filter;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};

use crate::checks::{NO, YES};
use crate::investment::project::lifecycle::ProjectStatus;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::project::view::band;
use crate::money::Wan;
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;
use shape::{DeptBasis, DeptNode, Filter, GroupBy, Line, SheetRow};

/// The query of `project/report-sheet` and `export-report`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SheetQuery {
    /// The month the sheet runs to, `2026-06` (required).
    pub period: Option<String>,
    /// `dept` (default) or `type`.
    pub group_by: Option<String>,
    /// `report` (default: the department on the month's report) or `current` (the project's now).
    pub dept_basis: Option<String>,
    /// A department: it and all below it.
    pub dept_id: Option<String>,
    pub project_type: Option<String>,
    pub project_level: Option<String>,
    /// `Y` key projects only, `N` the others.
    pub is_key_project: Option<String>,
    /// The status at the month's end (`project_status`).
    pub project_status: Option<String>,
    /// An investment band, `1`…`6`.
    pub investment_band: Option<String>,
}

/// A query parsed: the month, the grouping, and the filters (the department still an id: its subtree is
/// taken over the tree the sheet is grouped by).
#[derive(Debug)]
pub struct Asked {
    pub period: Period,
    pub group_by: GroupBy,
    pub basis: DeptBasis,
    pub dept_id: Option<i64>,
    pub filter: Filter,
}

impl SheetQuery {
    pub fn parse(self) -> Result<Asked, AppError> {
        let period = bounded_filter("period", self.period, 7)?.ok_or_else(|| AppError::field("period", "不能为空"))?;
        let period = Period::parse("period", &period)?;
        let group_by = match bounded_filter("groupBy", self.group_by, 10)?.as_deref() {
            None | Some("dept") => GroupBy::Dept,
            Some("type") => GroupBy::Type,
            Some(_) => return Err(AppError::field("groupBy", "取值应为 dept 或 type")),
        };
        let basis = match bounded_filter("deptBasis", self.dept_basis, 10)?.as_deref() {
            None | Some("report") => DeptBasis::Report,
            Some("current") => DeptBasis::Current,
            Some(_) => return Err(AppError::field("deptBasis", "取值应为 report 或 current")),
        };
        let dept_id = match bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let is_key_project = match bounded_filter("isKeyProject", self.is_key_project, 1)?.map(|s| s.to_ascii_uppercase()) {
            Some(v) if v != YES && v != NO => return Err(AppError::field("isKeyProject", "取值应为 Y 或 N")),
            v => v,
        };
        let investment_band = match bounded_filter("investmentBand", self.investment_band, 1)? {
            Some(b) if !crate::investment::project::view::BANDS.iter().any(|(k, _, _)| *k == b) => {
                return Err(AppError::field("investmentBand", "取值应为 1 到 6"));
            }
            b => b,
        };
        Ok(Asked {
            period,
            group_by,
            basis,
            dept_id,
            filter: Filter {
                depts: None,
                project_type: bounded_filter("projectType", self.project_type, 4)?,
                project_level: bounded_filter("projectLevel", self.project_level, 4)?,
                is_key_project,
                project_status: bounded_filter("projectStatus", self.project_status, 4)?,
                investment_band,
            },
        })
    }
}

/// The sheet as the screen shows it and the export writes it.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SheetView {
    /// "XX经开区 2026年1–6月重点项目推进情况表"
    pub title: String,
    /// `2026-06`
    pub period: String,
    /// The label of the months to date in the column headers: `1–6月`.
    pub months_label: String,
    pub group_by: GroupBy,
    pub dept_basis: DeptBasis,
    /// The month is locked: the rows are those frozen at `lockedTime`.
    pub locked: bool,
    pub locked_by_name: String,
    /// Local `yyyy-MM-dd HH:mm:ss`, empty when not locked.
    pub locked_time: String,
    pub rows: Vec<SheetRow>,
}

/// What a sheet is made of, live or frozen: its title, the department tree and the project lines.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Frozen {
    pub title: String,
    pub depts: Vec<DeptNode>,
    pub lines: Vec<Line>,
}

/// The sheet of `q` for `me`: frozen when the month is locked, live otherwise.
pub async fn sheet(state: &AppState, me: &CurrentUser, q: SheetQuery) -> Result<SheetView, AppError> {
    let mut asked = q.parse()?;
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    let (frozen, lock) = match repo::lock_of(&state.db, tenant, lock::PILLAR, asked.period).await? {
        Some(l) => {
            let snapshot =
                repo::snapshot_of(&state.db, tenant, l.id).await?.ok_or_else(|| AppError::internal("a locked month without its sheet"))?;
            let mut frozen: Frozen = serde_json::from_str(&snapshot.rows).map_err(|e| AppError::internal(format!("frozen sheet: {e}")))?;
            // Frozen for the whole tenant; each person still sees only the projects of their scope.
            frozen.lines.retain(|l| scope.admits(l.dept_id, l.industry_dept_id, l.create_user));
            (frozen, Some(l))
        }
        None => {
            let reference = state.reference.with_dept(tenant, asked.dept_id).await?;
            (read(&state.db, &reference, tenant, &scope, asked.period).await?, None)
        }
    };
    if let Some(d) = asked.dept_id {
        let edges = frozen.depts.iter().map(|d| (d.id, d.parent_id));
        asked.filter.depts =
            Some(if frozen.depts.iter().any(|x| x.id == d) { keeper_common::tree::with_descendants([d], edges) } else { HashSet::new() });
    }
    let kept: Vec<&Line> = frozen.lines.iter().filter(|l| asked.filter.keeps(l, asked.basis)).collect();
    Ok(SheetView {
        rows: shape::shape(&kept, &frozen.depts, asked.group_by, asked.basis),
        title: frozen.title,
        period: asked.period.to_string(),
        months_label: asked.period.to_date_label(),
        group_by: asked.group_by,
        dept_basis: asked.basis,
        locked: lock.is_some(),
        locked_by_name: lock.as_ref().map(|l| l.locked_name.clone()).unwrap_or_default(),
        locked_time: lock.as_ref().map(|l| keeper_common::time::format(&l.locked_time)).unwrap_or_default(),
    })
}

/// The zone as titles name it: the top department, without the 管委会 that runs it.
fn zone_name(depts: &[DeptNode]) -> String {
    let ids: HashSet<i64> = depts.iter().map(|d| d.id).collect();
    crate::reference::zone_of(depts.iter().find(|d| !ids.contains(&d.parent_id)).map(|d| d.name.as_str()).unwrap_or_default())
}

pub fn title(depts: &[DeptNode], p: Period) -> String {
    format!("{} {}重点项目推进情况表", zone_name(depts), p.title_label())
}

/// The live sheet of the month for a scope: five queries (projects, the month's reports, the sums of the
/// reports, plans, open issues) and the enterprises' names, whatever the number of projects.
pub async fn read<C: ConnectionTrait>(
    db: &C,
    reference: &Reference,
    tenant: &str,
    scope: &ProjectScope,
    p: Period,
) -> Result<Frozen, AppError> {
    let depts: Vec<DeptNode> = reference
        .rollup_depts()
        .into_iter()
        .map(|d| DeptNode { id: d.id, parent_id: d.parent_id, name: reference.dept_name(Some(d.id)) })
        .collect();
    let projects = repo::projects(db, tenant, scope).await?;
    let ids = || repo::listed_ids(tenant, scope);
    let month = repo::approved_of_month(db, tenant, ids(), p).await?;
    let mut ytd: HashMap<i64, Wan> = HashMap::new();
    let mut all: HashMap<i64, Wan> = HashMap::new();
    for (id, year, sum) in repo::approved_sums_by_year(db, tenant, ids(), p).await? {
        let sum = Wan::round(sum);
        if year == p.year() {
            *ytd.entry(id).or_default() += sum;
        }
        *all.entry(id).or_default() += sum;
    }
    let plans = repo::year_plans(db, tenant, ids(), p.year()).await?;
    let issues = repo::open_issues(db, tenant, ids(), p).await?;
    let enterprise_ids: Vec<i64> = projects.iter().filter_map(|p| p.enterprise_id).collect();
    let enterprises = crate::enterprise::repo::names(db, tenant, &enterprise_ids).await?;
    let lines = projects
        .into_iter()
        .map(|p| {
            let report = month.get(&p.id);
            let status = report.map(|r| r.project_status.clone()).filter(|s| !s.is_empty()).unwrap_or_else(|| p.project_status.clone());
            let opening = p.opening_investment.map(Wan::round).unwrap_or_default();
            Line {
                project_id: p.id,
                unit_name: p.enterprise_id.and_then(|id| enterprises.get(&id).cloned()).unwrap_or_else(|| p.owner_name.clone()),
                construction_years: years(&p),
                total_investment: p.total_investment.map(Wan::round),
                year_plan_investment: plans.get(&p.id).map(|plan| Wan::round(*plan)),
                month_investment: report.map(|r| Wan::round(r.month_investment)),
                ytd_investment: ytd.get(&p.id).copied().unwrap_or_default(),
                cumulative_investment: opening + all.get(&p.id).copied().unwrap_or_default(),
                progress_desc: report.map(|r| r.progress_desc.clone()).unwrap_or_default(),
                issues: issues.get(&p.id).map(|d| short_issues(d)).unwrap_or_default(),
                responsible_dept_name: reference.dept_name(p.responsible_dept_id),
                project_status_name: status_name(reference, &status),
                project_status: status,
                project_type_name: reference.label("project_type", &p.project_type),
                investment_band: band(p.total_investment).map(|b| b.0.to_string()).unwrap_or_default(),
                report_dept_id: report.and_then(|r| r.dept_id),
                project_no: p.project_no,
                project_name: p.project_name,
                construction_content: p.construction_content,
                responsible_leader: p.responsible_leader,
                project_type: p.project_type,
                project_level: p.project_level,
                is_key_project: p.is_key_project,
                dept_id: p.dept_id,
                industry_dept_id: p.industry_dept_id,
                create_user: p.create_user,
            }
        })
        .collect();
    Ok(Frozen { title: title(&depts, p), depts, lines })
}

fn status_name(reference: &Reference, code: &str) -> String {
    let label = reference.label("project_status", code);
    if !label.is_empty() {
        return label;
    }
    ProjectStatus::of_code(code).map(|s| s.label().to_string()).unwrap_or_default()
}

/// 建设起止年限: `2026–2027`, `2026–` while the end is open.
fn years(p: &repo::SheetProject) -> String {
    match (p.construction_start_year, p.construction_end_year) {
        (Some(a), Some(b)) => format!("{a}–{b}"),
        (Some(a), None) => format!("{a}–"),
        (None, Some(b)) => format!("–{b}"),
        (None, None) => String::new(),
    }
}

/// The most open issues named on the sheet, and the length each is cut to: the cell is a reminder,
/// the issue ledger has the rest.
const ISSUES_SHOWN: usize = 3;
const ISSUE_CHARS: usize = 40;

/// 存在问题 as one short cell: the first issues, each cut short, and how many more there are.
fn short_issues(descriptions: &[String]) -> String {
    let mut parts: Vec<String> = descriptions
        .iter()
        .take(ISSUES_SHOWN)
        .map(|d| {
            let d = d.trim();
            if d.chars().count() > ISSUE_CHARS { format!("{}…", d.chars().take(ISSUE_CHARS).collect::<String>()) } else { d.to_string() }
        })
        .collect();
    if descriptions.len() > ISSUES_SHOWN {
        parts.push(format!("等{}项", descriptions.len()));
    }
    parts.join("；")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_zone_not_its_committee() {
        let d = |id, parent_id, name: &str| DeptNode { id, parent_id, name: name.into() };
        let june = Period::new(2026, 6).unwrap();
        assert_eq!(title(&[d(1, 0, "东湖经开区管委会"), d(2, 1, "东区")], june), "东湖经开区 2026年1–6月重点项目推进情况表");
        assert_eq!(
            title(&[d(2, 1, "东区"), d(1, 0, "西山经济开发区")], Period::new(2026, 1).unwrap()),
            "西山经济开发区 2026年1月重点项目推进情况表"
        );
        assert_eq!(title(&[d(1, 0, "管委会")], june), "管委会 2026年1–6月重点项目推进情况表");
    }

    #[test]
    fn issues_are_cut_short_and_counted_beyond_three() {
        let long = "供电线路迁改未完成，影响主体施工进度，需协调供电公司尽快实施迁改并明确完成时限以免延误工期";
        let got = short_issues(&[long.into(), "土地证".into(), "环评".into(), "规划".into()]);
        assert_eq!(got, format!("{}…；土地证；环评；等4项", long.chars().take(40).collect::<String>()));
        assert_eq!(short_issues(&[]), "");
    }

    #[test]
    fn a_query_without_a_month_or_with_a_bad_choice_names_its_field() {
        for (q, field) in [
            (SheetQuery::default(), "period"),
            (SheetQuery { period: Some("2026-13".into()), ..Default::default() }, "period"),
            (SheetQuery { period: Some("2026-06".into()), group_by: Some("leader".into()), ..Default::default() }, "groupBy"),
            (SheetQuery { period: Some("2026-06".into()), dept_basis: Some("x".into()), ..Default::default() }, "deptBasis"),
            (SheetQuery { period: Some("2026-06".into()), is_key_project: Some("X".into()), ..Default::default() }, "isKeyProject"),
            (SheetQuery { period: Some("2026-06".into()), investment_band: Some("7".into()), ..Default::default() }, "investmentBand"),
            (SheetQuery { period: Some("2026-06".into()), dept_id: Some("east".into()), ..Default::default() }, "deptId"),
        ] {
            match q.parse() {
                Err(AppError::Field { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        let ok = SheetQuery { period: Some("2026-06".into()), is_key_project: Some("y".into()), ..Default::default() }.parse().unwrap();
        assert_eq!((ok.group_by, ok.basis, ok.filter.is_key_project.as_deref()), (GroupBy::Dept, DeptBasis::Report, Some("Y")));
    }
}
