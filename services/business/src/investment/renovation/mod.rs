//! 技术改造 (domain-model §2.2.4): the technical-renovation projects of existing enterprises, whose
//! investment is reported on its own (技改投资) and often subsidised. A 技改 project is a `Project` of type
//! 技术改造项目: it is saved, reviewed and moved through its lifecycle by `project`, and its renovation
//! facts (`form`, one row per project) travel in its body and are written in its transaction. This module
//! is the screen's read side: the 技改 projects of the caller's project scope with their facts and the
//! investment of the year, the export of exactly that list, and the screen's summary.
pub mod excel;
pub mod form;
pub mod repo;
pub mod view;

use keeper_common::page::{Page, PageRequest};
use keeper_common::{AppError, fields};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::{ColumnTrait, Condition};
use serde::{Deserialize, Serialize};

use super::plan::repo as plan_repo;
use super::project::{self, repo as project_repo};
use super::report::repo as report_repo;
use crate::entity::project as project_entity;
use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::Period;
use crate::state::AppState;
use form::RENOVATION_PROJECT_TYPE;
use view::RenovationView;

/// The query of `techRenovation/list`, `summary` and `export`: the project list's filters (its type is
/// always 技改) plus the enterprise, the renovation type and the year.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenovationQuery {
    pub enterprise_id: Option<String>,
    /// One `renovation_type` key.
    pub renovation_type: Option<String>,
    /// `2026`: the year of the figures (this year when not given); choosing one also keeps only the
    /// projects building in that year by their 建设起止年限.
    pub year: Option<String>,
    #[serde(flatten)]
    pub list: project_repo::ListQuery,
}

/// The project filter of a query and the year of its figures.
fn parse(q: RenovationQuery) -> Result<(project_repo::Filter, i32), AppError> {
    let enterprise_id = match fields::bounded_filter("enterpriseId", q.enterprise_id, 20)? {
        None => None,
        Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("enterpriseId", "不是有效的ID"))?),
    };
    let year = match fields::bounded_filter("year", q.year, 4)? {
        None => None,
        Some(y) => Some(Period::parse("year", &format!("{y}-01"))?.year()),
    };
    let mut filter = q.list.parse()?;
    filter.equals.retain(|(col, _)| !matches!(col, project_entity::Column::ProjectType));
    filter.equals.push((project_entity::Column::ProjectType, RENOVATION_PROJECT_TYPE.into()));
    filter.enterprise_id = enterprise_id;
    filter.renovation_type = fields::bounded_filter("renovationType", q.renovation_type, 2)?;
    filter.construction_year = year;
    Ok((filter, year.unwrap_or_else(|| Period::of_day(keeper_common::time::today()).year())))
}

/// The months of a year whose approved reports count: all twelve (later months have none yet).
fn whole_year(year: i32) -> Result<Period, AppError> {
    Period::new(year, 12)
}

pub async fn list(state: &AppState, me: &CurrentUser, q: RenovationQuery, req: PageRequest) -> Result<Page<RenovationView>, AppError> {
    let (filter, year) = parse(q)?;
    let tenant = me.tenant_id.as_str();
    let Page { records, total, size, current, pages } = project::list(state, me, filter, req).await?;
    let ids: Vec<i64> = records.iter().map(|v| v.row.id).collect();
    let facts = repo::of_projects(&state.db, tenant, &ids).await?;
    let ytd = report_repo::year_to_date(&state.db, tenant, &ids, whole_year(year)?).await?;
    let plans = plan_repo::of_projects_year(&state.db, tenant, &ids, year).await?;
    let reference = state.reference.of(tenant).await?;
    let records = records
        .into_iter()
        .map(|v| {
            let id = v.row.id;
            view::view(v, facts.get(&id), ytd.get(&id).copied(), plans.get(&id).map(|p| p.year_plan_investment), &reference)
        })
        .collect();
    Ok(Page { records, total, size, current, pages })
}

/// What `techRenovation/list` shows for the same filters and order, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, q: RenovationQuery, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    let (filter, year) = parse(q)?;
    let tenant = me.tenant_id.as_str();
    let projects = project::matching(state, me, filter.clone()).await?;
    let facts = repo::of_projects_in(&state.db, tenant, projects.clone()).await?;
    let ytd = report_repo::year_to_date_in(&state.db, tenant, projects.clone(), whole_year(year)?).await?;
    let plans = plan_repo::of_projects_year_in(&state.db, tenant, projects, year).await?;
    let reference = state.reference.of(tenant).await?;
    project::excel::write(state, me, filter, sort, &excel::sheet(), |v| {
        let id = v.row.id;
        view::view(v, facts.get(&id), ytd.get(&id).copied(), plans.get(&id).map(|p| p.year_plan_investment), &reference)
    })
    .await
}

/// The figures above the 技术改造 list, for the same filters (domain-model §2.2.4 "calculations").
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenovationSummary {
    pub year: i32,
    pub project_count: u64,
    /// Σ planned total investment of the listed projects (万元).
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub total_investment: Decimal,
    /// Σ their equipment investment (万元).
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub equipment_investment: Decimal,
    /// 设备投资占比: equipment ÷ total, percent with two decimals; empty when nothing is planned.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub equipment_share: Rate,
    /// 技改投资 (本年累计): Σ the approved monthly reports of the year of the listed projects (万元).
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub ytd_investment: Decimal,
    /// 工业投资 (本年累计) of the same scope and territory (万元): see [`industrial`].
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub industrial_ytd_investment: Decimal,
    /// 技改投资占工业投资比重: 技改 ÷ 工业, percent with two decimals; empty without industrial investment.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub industrial_share: Rate,
}

/// Which projects are industrial (工业投资): by the statistics' definition of 工业, those whose industry
/// lies in section B 采矿业, C 制造业 or D 电力、热力、燃气及水生产和供应业 of GB/T 4754 (codes are stored
/// with their section letter first, `C38`), and every 技术改造 project (技改投资 is part of 工业投资 in the
/// statistics), so the share never passes 100 %.
pub fn industrial() -> Condition {
    ["B", "C", "D"]
        .into_iter()
        .fold(Condition::any(), |c, section| c.add(project_entity::Column::IndustryCode.starts_with(section)))
        .add(project_entity::Column::ProjectType.eq(RENOVATION_PROJECT_TYPE))
}

/// The screen's figures for a query. The 技改 figures cover the listed projects (every filter); the
/// industrial investment they are a share of covers the caller's scope and the chosen territory only,
/// since the other filters (renovation type, status, enterprise…) describe 技改 projects.
pub async fn summary(state: &AppState, me: &CurrentUser, q: RenovationQuery) -> Result<RenovationSummary, AppError> {
    let (filter, year) = parse(q)?;
    let tenant = me.tenant_id.as_str();
    let period = whole_year(year)?;
    let territory = project_repo::Filter { dept_id: filter.dept_id, ..Default::default() };
    let projects = project::matching(state, me, filter).await?;
    let mut industrial_projects = project::matching(state, me, territory).await?;
    industrial_projects.cond_where(industrial());
    let sum = |m: std::collections::HashMap<i64, Decimal>| m.into_values().sum::<Decimal>();
    let ytd = sum(report_repo::year_to_date_in(&state.db, tenant, projects.clone(), period).await?);
    let industrial_ytd = sum(report_repo::year_to_date_in(&state.db, tenant, industrial_projects, period).await?);
    let (project_count, equipment, total) = repo::investment_sums(&state.db, tenant, projects).await?;
    Ok(RenovationSummary {
        year,
        project_count,
        total_investment: total,
        equipment_investment: equipment,
        equipment_share: metrics::share(Wan::round(equipment), Wan::round(total)),
        ytd_investment: ytd,
        industrial_ytd_investment: industrial_ytd,
        industrial_share: metrics::share(Wan::round(ytd), Wan::round(industrial_ytd)),
    })
}
