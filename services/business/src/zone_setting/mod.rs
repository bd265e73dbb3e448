//! 园区设置 (issue 18): the settings a zone's administrator chooses for the business screens — the reporting
//! deadline, whether January is reported with February, how 时序进度 is measured, and what the public big
//! screen shows — without the platform's 参数管理. They are the tenant's `business.*` parameters, which the
//! system service stores (over the platform's defaults) and this service reads through the tenant's
//! reference; this module owns what they mean and which values are allowed.
use keeper_client::system::{BusinessParam, BusinessParams};
use keeper_common::AppError;
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::data_analysis::setting::{self, CLOSED_RATE_PARAM, WIDGETS_PARAM, Widget};
use crate::metrics::Schedule;
use crate::output::report::figures::deadline_day;
use crate::output::report::{DEADLINE_PARAM, JANUARY_PARAM, january};
use crate::period::January;
use crate::reference::{Reference, TIME_PROGRESS};
use crate::state::AppState;

/// The settings as they apply to the caller's zone (its own values over the platform's defaults).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneSettings {
    /// The zone (tenant) id: the big screen's address is `/dataAnalysis?tenant=<tenantId>`.
    pub tenant_id: String,
    /// Reports of a month are due by this day of the next month (1–31; a shorter month ends sooner).
    pub output_deadline_day: u32,
    /// January is reported together with February (no report of its own).
    pub january_merged: bool,
    /// 时序进度: `month` (N ÷ 12) or `day` (days elapsed ÷ days in the year).
    pub time_progress: &'static str,
    /// The big screen's public widgets, in the screen's order; none: the screen is not open.
    pub screen_widgets: Vec<&'static str>,
    /// The share (%) of owed reports approved that closes a month for the big screen.
    pub screen_closed_rate: u32,
    /// Every widget the screen has, in its order.
    pub widget_keys: Vec<&'static str>,
}

impl ZoneSettings {
    pub fn of(tenant: &str, r: &Reference) -> Self {
        ZoneSettings {
            tenant_id: tenant.to_string(),
            output_deadline_day: deadline_day(r.param(DEADLINE_PARAM)),
            january_merged: january(r) == January::MergedIntoFebruary,
            time_progress: match Schedule::of_param(r.param(TIME_PROGRESS), keeper_common::time::today()) {
                Schedule::Days { .. } => "day",
                Schedule::Months => "month",
            },
            screen_widgets: setting::public_widgets(r.param(WIDGETS_PARAM)).into_iter().map(Widget::key).collect(),
            screen_closed_rate: setting::closed_rate(r.param(CLOSED_RATE_PARAM)),
            widget_keys: Widget::ALL.into_iter().map(Widget::key).collect(),
        }
    }
}

/// A parameter to write: its key, the name 参数管理 shows, and its stored value.
fn param(key: &str, name: &str, value: String) -> BusinessParam {
    BusinessParam { key: key.into(), name: name.into(), value: Some(value) }
}

fn int_in(body: &Map<String, Value>, field: &str, range: std::ops::RangeInclusive<i32>) -> Result<Option<i32>, AppError> {
    match keeper_common::fields::int(body, field)? {
        Some(v) if !range.contains(&v) => Err(AppError::field(field, format!("应为 {}–{} 之间的整数", range.start(), range.end()))),
        v => Ok(v),
    }
}

fn boolean(body: &Map<String, Value>, field: &str) -> Result<Option<bool>, AppError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("Y") || s == "true" => Ok(Some(true)),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("N") || s == "false" => Ok(Some(false)),
        Some(_) => Err(AppError::field(field, "应为 true 或 false")),
    }
}

/// The parameters a submitted form changes: only the fields it sends, each checked (a 400 naming the field).
pub fn changes(body: &Map<String, Value>) -> Result<Vec<BusinessParam>, AppError> {
    let mut out = Vec::new();
    if let Some(day) = int_in(body, "outputDeadlineDay", 1..=31)? {
        out.push(param(DEADLINE_PARAM, "产值填报截止日(次月几日)", day.to_string()));
    }
    if let Some(merged) = boolean(body, "januaryMerged")? {
        out.push(param(JANUARY_PARAM, "一月并入二月填报(Y/N)", if merged { "Y" } else { "N" }.into()));
    }
    match body.get("timeProgress") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if s == "month" || s == "day" => {
            out.push(param(TIME_PROGRESS, "时序进度口径(month 按月 / day 按天)", s.clone()))
        }
        Some(_) => return Err(AppError::field("timeProgress", "应为 month（按月）或 day（按天）")),
    }
    match body.get("screenWidgets") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            let mut keys = Vec::new();
            for item in items {
                let key = item.as_str().unwrap_or_default();
                if !Widget::ALL.iter().any(|w| w.key() == key) {
                    return Err(AppError::field("screenWidgets", format!("没有这个大屏组件：{}", item)));
                }
                keys.push(key);
            }
            // in the screen's order, each once; none closes the screen (an empty value, never the default's)
            let chosen: Vec<&str> = Widget::ALL.into_iter().map(Widget::key).filter(|k| keys.contains(k)).collect();
            out.push(param(WIDGETS_PARAM, "数据大屏公开组件", chosen.join(",")));
        }
        Some(_) => return Err(AppError::field("screenWidgets", "应为组件列表")),
    }
    if let Some(rate) = int_in(body, "screenClosedRate", 1..=100)? {
        out.push(param(CLOSED_RATE_PARAM, "数据大屏截至月份审核比例(%)", rate.to_string()));
    }
    Ok(out)
}

/// The caller's zone's settings.
pub async fn read(state: &AppState, me: &CurrentUser) -> Result<ZoneSettings, AppError> {
    let r = state.reference.fresh(&me.tenant_id).await?;
    Ok(ZoneSettings::of(&me.tenant_id, &r))
}

/// Saves the fields sent for the caller's zone and answers the settings now in force. The big screen
/// built before is dropped, so that a widget taken off the public screen leaves it at once here.
pub async fn save(state: &AppState, me: &CurrentUser, body: &Map<String, Value>) -> Result<ZoneSettings, AppError> {
    if me.tenant_id == PLATFORM_TENANT {
        return Err(AppError::bad("平台租户没有园区设置：各园区的默认值在参数管理中设置"));
    }
    let values = changes(body)?;
    if !values.is_empty() {
        let req = BusinessParams { tenant_id: me.tenant_id.clone(), user_id: me.user_id, dept_id: me.dept_ids.first().copied(), values };
        state.reference.set_business_params(&req).await?;
        state.screens.forget(&me.tenant_id).await;
    }
    read(state, me).await
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::changes;

    fn body(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    fn stored(v: Value) -> Vec<(String, Option<String>)> {
        changes(&body(v)).unwrap().into_iter().map(|p| (p.key, p.value)).collect()
    }

    fn refused(v: Value) -> String {
        match changes(&body(v)) {
            Err(keeper_common::AppError::Field { field, .. }) => field,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn only_the_fields_sent_are_written_in_their_stored_form() {
        assert!(stored(json!({})).is_empty());
        assert_eq!(
            stored(json!({ "outputDeadlineDay": "8", "januaryMerged": true, "timeProgress": "day", "screenClosedRate": 90 })),
            vec![
                ("business.outputDeadlineDay".into(), Some("8".into())),
                ("business.januaryMerged".into(), Some("Y".into())),
                ("business.timeProgress".into(), Some("day".into())),
                ("business.dataAnalysis.closedRate".into(), Some("90".into())),
            ]
        );
        assert_eq!(stored(json!({ "januaryMerged": false })), vec![("business.januaryMerged".into(), Some("N".into()))]);
    }

    #[test]
    fn widgets_are_stored_in_the_screens_order_once_and_none_closes_the_screen() {
        assert_eq!(
            stored(json!({ "screenWidgets": ["issues", "kpi", "issues"] })),
            vec![("business.dataAnalysis.widgets".into(), Some("kpi,issues".into()))]
        );
        assert_eq!(stored(json!({ "screenWidgets": [] })), vec![("business.dataAnalysis.widgets".into(), Some(String::new()))]);
    }

    #[test]
    fn a_value_out_of_its_range_or_of_the_wrong_kind_is_refused_naming_its_field() {
        for (v, field) in [
            (json!({ "outputDeadlineDay": 0 }), "outputDeadlineDay"),
            (json!({ "outputDeadlineDay": 32 }), "outputDeadlineDay"),
            (json!({ "outputDeadlineDay": "五" }), "outputDeadlineDay"),
            (json!({ "januaryMerged": 2 }), "januaryMerged"),
            (json!({ "timeProgress": "week" }), "timeProgress"),
            (json!({ "screenWidgets": ["kpi", "salaries"] }), "screenWidgets"),
            (json!({ "screenWidgets": "kpi" }), "screenWidgets"),
            (json!({ "screenClosedRate": 0 }), "screenClosedRate"),
            (json!({ "screenClosedRate": 101 }), "screenClosedRate"),
        ] {
            assert_eq!(refused(v.clone()), field, "{v}");
        }
    }
}
