//! Official figures (`OfficialIndicatorValue`, domain-model §2.3.4): for the indicators the platform does
//! not measure (固定资产投资, 省外到位资金, 实际使用外资, the output side), the bureau types in each
//! department's 1–N月 cumulative value as the statistics office published it, 快报 first and 正式 later.
//! One value per department, month, indicator and source; saving again replaces it.
use keeper_common::AppError;
use keeper_common::fields::{filter, trimmed};
use keeper_common::id::next_id;
use keeper_db::base::{self, Author, BaseColumns};
use rust_decimal::Decimal;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::actuals::{self, Source};
use crate::entity::official_indicator as official;
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::money::Wan;
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;

/// `data_source` keys the bureau types in (1 企业汇总 is computed, not typed).
const SOURCES: [&str; 2] = ["2", "3"];

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfficialForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    /// `yyyy-MM`: the 1–N月 the figure covers.
    pub period: Option<String>,
    pub indicator_code: Option<String>,
    /// `data_source`: 2 统计快报, 3 统计正式.
    pub data_source: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub indicator_value: Option<Decimal>,
    pub remark: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfficialView {
    #[serde(flatten)]
    pub row: official::Model,
    pub dept_name: String,
    pub indicator_name: String,
    pub data_source_name: String,
}

struct Checked {
    dept_id: i64,
    period: Period,
    indicator: String,
    source: String,
    value: Decimal,
    remark: String,
}

fn check(f: OfficialForm, r: &Reference) -> Result<Checked, AppError> {
    let dept_id = f.dept_id.ok_or_else(|| AppError::field("deptId", "不能为空"))?;
    if !r.has_dept(dept_id) {
        return Err(AppError::field("deptId", "机构不存在"));
    }
    let period = Period::parse("period", &filter(&f.period).ok_or_else(|| AppError::field("period", "不能为空"))?)?;
    let indicator = filter(&f.indicator_code).ok_or_else(|| AppError::field("indicatorCode", "不能为空"))?;
    if !r.has_key("target_indicator", &indicator) {
        return Err(AppError::field("indicatorCode", format!("不是有效的字典值: {indicator}")));
    }
    if actuals::source(&indicator) != Source::Official {
        return Err(AppError::field("indicatorCode", "该指标由平台按项目和月报计算，无需录入"));
    }
    let source = filter(&f.data_source).ok_or_else(|| AppError::field("dataSource", "不能为空"))?;
    if !SOURCES.contains(&source.as_str()) {
        return Err(AppError::field("dataSource", "应为统计快报或统计正式"));
    }
    let value = f.indicator_value.ok_or_else(|| AppError::field("indicatorValue", "不能为空"))?;
    // Growth rates (规上工业增加值增速) may be negative; amounts and counts may not.
    let value = Wan::from_decimal("indicatorValue", value)?;
    if indicator != "13" {
        value.non_negative("indicatorValue")?;
    }
    Ok(Checked { dept_id, period, indicator, source, value: value.decimal(), remark: trimmed("remark", f.remark, 500, false)? })
}

fn admits(scope: &ProjectScope, dept: i64) -> bool {
    scope.places(Some(dept), Some(dept))
}

/// The official figures of a year the caller may see, optionally of one indicator.
pub async fn list(
    state: &AppState,
    me: &keeper_security::CurrentUser,
    year: i32,
    indicator: Option<String>,
) -> Result<Vec<OfficialView>, AppError> {
    let r = state.reference.of(&me.tenant_id).await?;
    let scope = scope::resolve(state, me).await?;
    let mut q = official::Entity::live(&me.tenant_id).filter(official::Column::PeriodYear.eq(year));
    if let Some(i) = indicator {
        q = q.filter(official::Column::IndicatorCode.eq(i));
    }
    let rows = q
        .order_by_asc(official::Column::IndicatorCode)
        .order_by_asc(official::Column::PeriodMonth)
        .order_by_asc(official::Column::DeptId)
        .order_by_asc(official::Column::DataSource)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .filter(|o| admits(&scope, o.dept_id))
        .map(|row| OfficialView {
            dept_name: r.dept_name(Some(row.dept_id)),
            indicator_name: r.label("target_indicator", &row.indicator_code),
            data_source_name: r.label("data_source", &row.data_source),
            row,
        })
        .collect())
}

/// Saves a figure (replacing the one of the same department, month, indicator and source); answers its id.
pub async fn submit(state: &AppState, me: &keeper_security::CurrentUser, body: Map<String, Value>) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let r = state.reference.fresh(tenant).await?;
    let c = check(keeper_common::form::from_json(&body)?, &r)?;
    let scope = scope::resolve(state, me).await?;
    if !admits(&scope, c.dept_id) {
        return Err(AppError::field("deptId", "不在您的管辖范围内"));
    }
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let stored = official::Entity::live(tenant)
        .filter(official::Column::DeptId.eq(c.dept_id))
        .filter(official::Column::PeriodYear.eq(c.period.year()))
        .filter(official::Column::PeriodMonth.eq(c.period.month() as i32))
        .filter(official::Column::IndicatorCode.eq(c.indicator.as_str()))
        .filter(official::Column::DataSource.eq(c.source.as_str()))
        .one(&txn)
        .await?;
    let author = Author::of(me);
    let mut row = official::ActiveModel {
        dept_id: Set(c.dept_id),
        period_year: Set(c.period.year()),
        period_month: Set(c.period.month() as i32),
        indicator_code: Set(c.indicator),
        data_source: Set(c.source),
        indicator_value: Set(c.value),
        remark: Set(c.remark),
        ..Default::default()
    };
    let id = match stored {
        Some(s) => {
            base::updated::<official::Entity>(&mut row, &author);
            official::Entity::update_many().set(row).filter(official::Column::Id.eq(s.id)).exec(&txn).await?;
            s.id
        }
        None => {
            let id = next_id();
            base::created::<official::Entity>(&mut row, id, &author);
            official::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Removes figures of departments the caller may see (only of `indicator` when given: a screen of one
/// indicator removes nothing else), all or none; answers how many.
pub async fn remove(state: &AppState, me: &keeper_security::CurrentUser, ids: &[i64], indicator: Option<&str>) -> Result<usize, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = official::Entity::live(&me.tenant_id).filter(official::Column::Id.is_in(ids.to_vec())).all(&state.db).await?;
    let of_indicator = |o: &official::Model| indicator.is_none_or(|i| o.indicator_code == i);
    if rows.len() != ids.len() || !rows.iter().all(|o| admits(&scope, o.dept_id) && of_indicator(o)) {
        return Err(AppError::not_found());
    }
    let author = Author::of(me);
    let txn = state.db.begin().await?;
    for o in &rows {
        let removal = base::removal::<official::Entity>(&author);
        official::Entity::update_many().set(removal).filter(official::Column::Id.eq(o.id)).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(rows.len())
}
