//! Which widgets of the big screen a tenant makes public (domain-model §4, "which widgets are public should
//! be a tenant setting"): the tenant parameter `business.dataAnalysis.widgets`, a comma-separated list of
//! widget keys or `all`. Absent or empty, the screen is not open: the page needs no sign-in, so nothing is
//! shown until the zone's administrator chooses to.
use schemars::JsonSchema;
use serde::Serialize;

/// The tenant parameter of the public widgets.
pub const WIDGETS_PARAM: &str = "business.dataAnalysis.widgets";
/// The tenant parameter of the share (%) of owed reports approved that closes a month for the screen.
pub const CLOSED_RATE_PARAM: &str = "business.dataAnalysis.closedRate";

/// A widget of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Widget {
    /// The KPI cards of the top row.
    Kpi,
    OutputTrend,
    ParkInvestment,
    ProjectStatus,
    IndustryInvestment,
    TypeInvestment,
    KeyProjects,
    LatestSigned,
    Issues,
    EnterpriseRanking,
    ParkCompletion,
}

impl Widget {
    pub const ALL: [Widget; 11] = [
        Widget::Kpi,
        Widget::OutputTrend,
        Widget::ParkInvestment,
        Widget::ProjectStatus,
        Widget::IndustryInvestment,
        Widget::TypeInvestment,
        Widget::KeyProjects,
        Widget::LatestSigned,
        Widget::Issues,
        Widget::EnterpriseRanking,
        Widget::ParkCompletion,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Widget::Kpi => "kpi",
            Widget::OutputTrend => "outputTrend",
            Widget::ParkInvestment => "parkInvestment",
            Widget::ProjectStatus => "projectStatus",
            Widget::IndustryInvestment => "industryInvestment",
            Widget::TypeInvestment => "typeInvestment",
            Widget::KeyProjects => "keyProjects",
            Widget::LatestSigned => "latestSigned",
            Widget::Issues => "issues",
            Widget::EnterpriseRanking => "enterpriseRanking",
            Widget::ParkCompletion => "parkCompletion",
        }
    }
}

/// The public widgets the parameter names, in the screen's order; unknown keys are ignored (a later
/// widget named in advance, a typo) rather than closing the screen.
pub fn public_widgets(param: Option<&str>) -> Vec<Widget> {
    let Some(text) = param.map(str::trim).filter(|t| !t.is_empty()) else { return Vec::new() };
    let keys: Vec<&str> = text.split([',', '，', ' ']).map(str::trim).filter(|k| !k.is_empty()).collect();
    if keys.iter().any(|k| k.eq_ignore_ascii_case("all")) {
        return Widget::ALL.to_vec();
    }
    Widget::ALL.into_iter().filter(|w| keys.iter().any(|k| k.eq_ignore_ascii_case(w.key()))).collect()
}

/// The approved share (%) that closes a month: the parameter when it is a number from 1 to 100, else 80.
pub fn closed_rate(param: Option<&str>) -> u32 {
    param.and_then(|p| p.trim().trim_end_matches('%').parse::<u32>().ok()).filter(|r| (1..=100).contains(r)).unwrap_or(80)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_names_widgets_or_all_and_absent_or_empty_closes_the_screen() {
        assert_eq!(public_widgets(None), vec![]);
        assert_eq!(public_widgets(Some("  ")), vec![]);
        assert_eq!(public_widgets(Some("all")), Widget::ALL.to_vec());
        assert_eq!(public_widgets(Some("issues, kpi，typo")), vec![Widget::Kpi, Widget::Issues]);
        assert_eq!(public_widgets(Some("KPI")), vec![Widget::Kpi]);
    }

    #[test]
    fn the_closing_share_is_a_percentage_from_1_to_100_else_80() {
        assert_eq!(closed_rate(None), 80);
        assert_eq!(closed_rate(Some("95")), 95);
        assert_eq!(closed_rate(Some("60%")), 60);
        assert_eq!(closed_rate(Some("0")), 80);
        assert_eq!(closed_rate(Some("abc")), 80);
    }
}
