//! The surveys as the screen shows them: each survey with the names of its enterprise, territory, round
//! and status, its growth rates and the review steps open to it; and the summary by department — Σ last
//! year, Σ expected, Σ verified, the department's target of 规上工业总产值 and the gap (缺口) between the
//! target and Σ verified, which the park must cover by new entrants or by pressing its key enterprises.
use std::collections::{HashMap, HashSet};

use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::{enterprise, output_survey as survey};
use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::reference::Reference;
use crate::review::{self, Status, Step};
use crate::rollup::{self, Kind};

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputSurveyView {
    #[serde(flatten)]
    pub row: survey::Model,
    pub enterprise_name: String,
    pub dept_name: String,
    pub survey_round_name: String,
    pub report_status_name: String,
    /// 预计增速 in percent: expected ÷ last year − 1; none when last year is 0.
    #[schemars(with = "Option<String>")]
    pub expected_growth: Rate,
    /// 核定增速: verified ÷ last year − 1; none before verification.
    #[schemars(with = "Option<String>")]
    pub verified_growth: Rate,
    /// The review steps open to the survey; the caller's grants decide which buttons show.
    pub next_steps: Vec<Step>,
}

/// A project named as new capacity, with what the drawer shows of it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapacityProject {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub project_name: String,
    pub project_status: String,
    pub project_status_name: String,
    /// `yyyy-MM-dd`, when it went into production.
    pub production_date: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputSurveyDetail {
    #[serde(flatten)]
    pub survey: OutputSurveyView,
    /// The projects of `newProjectIds`.
    pub new_projects: Vec<CapacityProject>,
}

/// What the filing drawer starts from for an enterprise and year.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Prefill {
    /// Σ the enterprise's approved reports of the year before; none without any.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_output: Option<Decimal>,
    /// How many months of the year before those reports cover: under 12, the filler completes the
    /// figure with an estimate (上年预计).
    pub last_year_months: usize,
    /// The enterprise's projects in production or reaching it last year or this: offered as new capacity.
    pub projects: Vec<CapacityProject>,
}

pub fn of(row: survey::Model, enterprise: Option<&enterprise::Model>, r: &Reference) -> OutputSurveyView {
    let status = Status::from_code("reportStatus", &row.report_status).ok();
    let last = Wan::round(row.last_year_output);
    OutputSurveyView {
        enterprise_name: enterprise.map(|e| e.enterprise_name.clone()).unwrap_or_default(),
        dept_name: r.dept_name(Some(row.dept_id)),
        survey_round_name: r.label("survey_round", &row.survey_round),
        report_status_name: status.map(|s| s.label().to_string()).unwrap_or_default(),
        expected_growth: metrics::yoy(Wan::round(row.expected_output), last),
        verified_growth: row.verified_output.and_then(|v| metrics::yoy(Wan::round(v), last)),
        next_steps: status.map(review::allowed).unwrap_or_default(),
        row,
    }
}

/// Sums of a department's surveys. Verified figures count from approved surveys only, and their growth
/// is measured against the last year of the same surveys.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sums {
    pub surveys: u32,
    pub approved: u32,
    pub last_year: Wan,
    pub expected: Wan,
    pub verified: Wan,
    pub approved_last_year: Wan,
}

impl std::ops::AddAssign for Sums {
    fn add_assign(&mut self, o: Sums) {
        self.surveys += o.surveys;
        self.approved += o.approved;
        self.last_year += o.last_year;
        self.expected += o.expected;
        self.verified += o.verified;
        self.approved_last_year += o.approved_last_year;
    }
}

impl Sums {
    pub fn of(s: &survey::Model) -> Sums {
        let approved = s.report_status == Status::Approved.code();
        let last = Wan::round(s.last_year_output);
        Sums {
            surveys: 1,
            approved: u32::from(approved),
            last_year: last,
            expected: Wan::round(s.expected_output),
            verified: if approved { Wan::round(s.verified_output.unwrap_or_default()) } else { Wan::ZERO },
            approved_last_year: if approved { last } else { Wan::ZERO },
        }
    }
}

/// One line of the summary: a department (its subtree's surveys) or the total.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    /// `dept`, `other` (departments removed since) or `total`.
    pub kind: &'static str,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    pub depth: usize,
    pub surveys: u32,
    pub approved: u32,
    pub last_year_output: Wan,
    pub expected_output: Wan,
    #[schemars(with = "Option<String>")]
    pub expected_growth: Rate,
    /// Σ verified of the approved surveys.
    pub verified_output: Wan,
    #[schemars(with = "Option<String>")]
    pub verified_growth: Rate,
    /// The department's target of 规上工业总产值 in force (its children's where it has none of its own).
    pub target: Option<Wan>,
    /// 缺口: target − Σ verified; positive when the verified figures fall short.
    pub gap: Option<Wan>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub year: i32,
    pub rows: Vec<SummaryRow>,
    pub total: SummaryRow,
}

fn line(kind: &'static str, dept: Option<i64>, name: String, depth: usize, s: Sums, target: Option<Wan>) -> SummaryRow {
    SummaryRow {
        kind,
        dept_id: dept,
        dept_name: name,
        depth,
        surveys: s.surveys,
        approved: s.approved,
        last_year_output: s.last_year,
        expected_output: s.expected,
        expected_growth: metrics::yoy(s.expected, s.last_year),
        verified_output: s.verified,
        verified_growth: metrics::yoy(s.verified, s.approved_last_year),
        target,
        gap: target.map(|t| t - s.verified),
    }
}

/// The summary by department of `surveys` (those the caller sees): every department of the tree with
/// surveys or a target, with its subtree's sums; of the subtree of `within` when given, whose row is then
/// the total. `targets` are the departments' own targets in force; a department without one shows its
/// children's, never a target counted twice.
pub fn summary(
    year: i32,
    surveys: &[survey::Model],
    depts: &[rollup::Dept],
    targets: &HashMap<i64, Wan>,
    within: Option<&HashSet<i64>>,
    name: impl Fn(i64) -> String,
) -> Summary {
    let mut own: HashMap<i64, Sums> = HashMap::new();
    for s in surveys {
        *own.entry(s.dept_id).or_default() += Sums::of(s);
    }
    let rolled = rollup::rollup(depts, &own);
    let target = rollup::own_or_children(&rolled, |row| match row.kind {
        Kind::Dept { id, .. } => targets.get(&id).copied(),
        _ => None,
    });
    let top_depth = rolled
        .iter()
        .filter_map(|r| match r.kind {
            Kind::Dept { id, depth, .. } if within.is_none_or(|w| w.contains(&id)) => Some(depth),
            _ => None,
        })
        .min()
        .unwrap_or(0);
    let mut rows = Vec::new();
    let mut total = None;
    let (mut tops, mut top_targets) = (Sums::default(), None::<Wan>);
    for (i, row) in rolled.iter().enumerate() {
        match row.kind {
            Kind::Dept { id, depth, .. } => {
                if within.is_some_and(|w| !w.contains(&id)) || (row.value.surveys == 0 && target[i].is_none()) {
                    continue;
                }
                let l = line("dept", Some(id), name(id), depth - top_depth, row.value, target[i]);
                if depth == top_depth {
                    tops += row.value;
                    if let Some(t) = target[i] {
                        *top_targets.get_or_insert(Wan::ZERO) += t;
                    }
                    if within.is_some() {
                        total = Some(SummaryRow { kind: "total", ..l.clone() });
                    }
                }
                rows.push(l);
            }
            Kind::Unplaced if within.is_none() && row.value.surveys > 0 => {
                tops += row.value;
                rows.push(line("other", None, "其他(已撤销机构)".into(), 0, row.value, None));
            }
            _ => {}
        }
    }
    let total = total.unwrap_or_else(|| line("total", None, "合计".into(), 0, tops, top_targets));
    Summary { year, rows, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;

    fn survey(dept: i64, status: Status, last: &str, expected: &str, verified: Option<&str>) -> survey::Model {
        survey::Model {
            id: 0,
            tenant_id: "000001".into(),
            survey_year: 2026,
            survey_round: "1".into(),
            enterprise_id: 0,
            dept_id: dept,
            last_year_output: last.parse().unwrap(),
            expected_output: expected.parse().unwrap(),
            expected_q1: None,
            expected_q2: None,
            expected_q3: None,
            expected_q4: None,
            new_capacity_output: None,
            new_project_ids: String::new(),
            growth_factors: String::new(),
            decline_factors: String::new(),
            verified_output: verified.map(|v| v.parse().unwrap()),
            report_status: status.code().into(),
            submit_user: None,
            submit_user_name: String::new(),
            submit_time: None,
            audit_user: None,
            audit_user_name: String::new(),
            audit_time: None,
            review_opinion: String::new(),
            remark: String::new(),
            create_user: None,
            create_dept: None,
            create_time: chrono::Utc::now(),
            update_user: None,
            update_time: chrono::Utc::now(),
            status: 1,
            is_deleted: 0,
        }
    }

    /// 管委会 (1) over 东区 (2, with 东区一街 4 below it) and 西区 (3).
    fn tree() -> Vec<rollup::Dept> {
        vec![
            rollup::Dept { id: 1, parent_id: 0, sort: 0 },
            rollup::Dept { id: 2, parent_id: 1, sort: 1 },
            rollup::Dept { id: 3, parent_id: 1, sort: 2 },
            rollup::Dept { id: 4, parent_id: 2, sort: 3 },
        ]
    }

    fn name(id: i64) -> String {
        ["", "管委会", "东区", "西区", "东区一街"][id as usize].into()
    }

    fn zone() -> Vec<survey::Model> {
        vec![
            // 东区: one approved (last 10,000, expected 11,000, verified 11,500) and one approved in its street
            // (last 5,000, expected 5,500, verified 5,200); 西区: one approved (last 8,000, expected 8,800,
            // verified 8,400) and one waiting for review (last 2,000, expected 3,000, nothing verified).
            survey(2, Status::Approved, "10000", "11000", Some("11500")),
            survey(4, Status::Approved, "5000", "5500", Some("5200")),
            survey(3, Status::Approved, "8000", "8800", Some("8400")),
            survey(3, Status::Submitted, "2000", "3000", None),
        ]
    }

    #[test]
    fn sums_growth_and_gap_are_worked_out_per_department_and_in_total() {
        // Targets: the zone 27,000, 东区 17,000, 西区 9,000; 东区一街 none of its own.
        let targets = HashMap::from([(1, wan("27000")), (2, wan("17000")), (3, wan("9000"))]);
        let s = summary(2026, &zone(), &tree(), &targets, None, name);
        let by_name: HashMap<&str, &SummaryRow> = s.rows.iter().map(|r| (r.dept_name.as_str(), r)).collect();

        // 东区 with its street: last 15,000, expected 16,500 (+10.00 %), verified 16,700 (+11.33 % over
        // the same 15,000); gap 17,000 − 16,700 = 300.
        let east = by_name["东区"];
        assert_eq!((east.surveys, east.approved, east.depth), (2, 2, 1));
        assert_eq!((east.last_year_output, east.expected_output, east.verified_output), (wan("15000"), wan("16500"), wan("16700")));
        assert_eq!((east.expected_growth, east.verified_growth), (Some("10.00".parse().unwrap()), Some("11.33".parse().unwrap())));
        assert_eq!((east.target, east.gap), (Some(wan("17000")), Some(wan("300"))));
        // 西区: last 10,000, expected 11,800 (+18.00 %); verified 8,400 of the approved one's 8,000
        // (+5.00 %); gap 9,000 − 8,400 = 600. The survey under review counts in expected, not in verified.
        let west = by_name["西区"];
        assert_eq!((west.surveys, west.approved), (2, 1));
        assert_eq!((west.expected_output, west.verified_output, west.gap), (wan("11800"), wan("8400"), Some(wan("600"))));
        assert_eq!((west.expected_growth, west.verified_growth), (Some("18.00".parse().unwrap()), Some("5.00".parse().unwrap())));
        // The street has surveys but no target: no gap of its own.
        assert_eq!((by_name["东区一街"].target, by_name["东区一街"].gap), (None, None));
        // The zone: 25,100 verified against 27,000: a gap of 1,900; the total is the zone's row.
        let zone = by_name["管委会"];
        assert_eq!((zone.verified_output, zone.gap), (wan("25100"), Some(wan("1900"))));
        assert_eq!((s.total.kind, s.total.surveys, s.total.verified_output, s.total.gap), ("total", 4, wan("25100"), Some(wan("1900"))));
        assert_eq!(s.rows.iter().map(|r| r.dept_name.as_str()).collect::<Vec<_>>(), ["管委会", "东区", "东区一街", "西区"]);
    }

    #[test]
    fn a_department_without_a_target_shows_its_childrens_and_a_subtree_is_its_own_total() {
        // No zone target: the zone shows 东区's 17,000 plus 西区's 9,000 = 26,000 and a gap of 900.
        let targets = HashMap::from([(2, wan("17000")), (3, wan("9000"))]);
        let s = summary(2026, &zone(), &tree(), &targets, None, name);
        assert_eq!((s.rows[0].target, s.rows[0].gap), (Some(wan("26000")), Some(wan("900"))));
        // Within 东区: its row and its street's, 东区 at the top; the total is 东区's row.
        let within: HashSet<i64> = [2, 4].into();
        let s = summary(2026, &zone(), &tree(), &targets, Some(&within), name);
        assert_eq!(s.rows.iter().map(|r| (r.dept_name.as_str(), r.depth)).collect::<Vec<_>>(), [("东区", 0), ("东区一街", 1)]);
        assert_eq!((s.total.kind, s.total.dept_name.as_str(), s.total.gap), ("total", "东区", Some(wan("300"))));
    }

    #[test]
    fn growth_of_nothing_last_year_is_no_rate() {
        let s = summary(2026, &[survey(3, Status::Approved, "0", "500", Some("400"))], &tree(), &HashMap::new(), None, name);
        assert_eq!((s.total.expected_growth, s.total.verified_growth, s.total.gap), (None, None, None));
    }
}
