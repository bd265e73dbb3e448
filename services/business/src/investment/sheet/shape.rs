//! The sheet's rows from its project lines, without a database: the lines kept by the filters, grouped by
//! department (over the tree, nested groups inside their parents) or by project type, a subtotal under
//! every group and the grand total last. Live and frozen sheets go through the same shaping, so a locked
//! month filters and groups exactly like an open one.
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::AddAssign;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::rollup::{self, Kind};

/// One project of the sheet as read, or as frozen with a lock. Its filter keys travel with it, so that a
/// frozen sheet is filtered on what held when it was locked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub project_id: i64,
    pub project_no: String,
    pub project_name: String,
    /// 项目单位: the enterprise, or the unit's name while it has not registered locally.
    pub unit_name: String,
    pub construction_content: String,
    /// 建设起止年限: `2026–2027`.
    pub construction_years: String,
    pub total_investment: Option<Wan>,
    /// 年度计划投资 of the month's year; none without a plan.
    pub year_plan_investment: Option<Wan>,
    /// 本月完成投资: the month's approved report; none without one.
    pub month_investment: Option<Wan>,
    /// 1–N月累计: Σ approved months of the year up to the month.
    pub ytd_investment: Wan,
    /// 开工累计: the opening balance plus Σ every approved month up to the month.
    pub cumulative_investment: Wan,
    /// 形象进度 of the month's approved report.
    pub progress_desc: String,
    /// 存在问题: the open issues raised up to the month, short.
    pub issues: String,
    pub responsible_leader: String,
    pub responsible_dept_name: String,
    /// The status at the month's end (as its approved report states it, else the project's).
    pub project_status: String,
    pub project_status_name: String,
    pub project_type: String,
    pub project_type_name: String,
    pub project_level: String,
    pub is_key_project: String,
    pub investment_band: String,
    /// The territory on the month's approved report (the snapshot of domain-model §3 rule 1)…
    pub report_dept_id: Option<i64>,
    /// …and the project's territory, industry department and author (what the data scope looks at).
    pub dept_id: Option<i64>,
    pub industry_dept_id: Option<i64>,
    pub create_user: Option<i64>,
}

/// A department of the tree the lines are grouped over, in the order of the tenant's tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeptNode {
    pub id: i64,
    pub parent_id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum GroupBy {
    /// By department (the default, as the sheet goes to the meeting).
    #[default]
    Dept,
    /// By project type.
    Type,
}

/// Which department a project counts under when grouping by department.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeptBasis {
    /// The department stored on the month's report (history is not rewritten by a later move); the
    /// project's current one without a report that month.
    #[default]
    Report,
    /// The project's department now (按现属地).
    Current,
}

impl Line {
    pub fn group_dept(&self, basis: DeptBasis) -> Option<i64> {
        match basis {
            DeptBasis::Report => self.report_dept_id.or(self.dept_id),
            DeptBasis::Current => self.dept_id,
        }
    }
}

/// The filters of the sheet, parsed; `None` keeps every line.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    /// The grouping departments kept: the chosen one and all below it.
    pub depts: Option<HashSet<i64>>,
    pub project_type: Option<String>,
    pub project_level: Option<String>,
    pub is_key_project: Option<String>,
    pub project_status: Option<String>,
    pub investment_band: Option<String>,
}

impl Filter {
    pub fn keeps(&self, l: &Line, basis: DeptBasis) -> bool {
        let same = |want: &Option<String>, have: &str| want.as_deref().is_none_or(|w| w == have);
        self.depts.as_ref().is_none_or(|d| l.group_dept(basis).is_some_and(|id| d.contains(&id)))
            && same(&self.project_type, &l.project_type)
            && same(&self.project_level, &l.project_level)
            && same(&self.is_key_project, &l.is_key_project)
            && same(&self.project_status, &l.project_status)
            && same(&self.investment_band, &l.investment_band)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RowKind {
    /// The title of a group: a department or a project type.
    Group,
    Project,
    /// The sums of the group above it (nested groups included).
    Subtotal,
    /// The grand total, last.
    Total,
}

/// One row of the sheet as the screen and the export show it. Amounts in 万元; rates in % (two decimals,
/// `null` shown as "—" when the base is zero or missing).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SheetRow {
    pub kind: RowKind,
    /// The nesting of a group, its subtotal and its projects: 0 at the top.
    pub depth: usize,
    /// 序号: `1`, `2`… for projects (through the sheet), `一`, `二`… for top groups, `（一）` nested.
    pub no: String,
    /// The project's name, the group's title, `小计` or `合计`.
    pub name: String,
    /// The group a subtotal closes.
    pub group_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub project_id: Option<i64>,
    pub project_no: String,
    pub unit_name: String,
    pub construction_content: String,
    pub construction_years: String,
    pub total_investment: Option<Wan>,
    pub year_plan_investment: Option<Wan>,
    pub month_investment: Option<Wan>,
    pub ytd_investment: Option<Wan>,
    /// 占年度计划 (%): 1–N月累计 ÷ 年度计划投资.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub ytd_plan_rate: Rate,
    pub cumulative_investment: Option<Wan>,
    /// 占总投资 (%): 开工累计 ÷ 计划总投资.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub total_rate: Rate,
    pub progress_desc: String,
    pub issues: String,
    pub responsible_leader: String,
    pub responsible_dept_name: String,
    pub project_status_name: String,
    /// The projects a group, subtotal or total holds.
    pub project_count: Option<usize>,
}

impl SheetRow {
    fn blank(kind: RowKind, depth: usize) -> SheetRow {
        SheetRow {
            kind,
            depth,
            no: String::new(),
            name: String::new(),
            group_name: String::new(),
            project_id: None,
            project_no: String::new(),
            unit_name: String::new(),
            construction_content: String::new(),
            construction_years: String::new(),
            total_investment: None,
            year_plan_investment: None,
            month_investment: None,
            ytd_investment: None,
            ytd_plan_rate: None,
            cumulative_investment: None,
            total_rate: None,
            progress_desc: String::new(),
            issues: String::new(),
            responsible_leader: String::new(),
            responsible_dept_name: String::new(),
            project_status_name: String::new(),
            project_count: None,
        }
    }

    fn project(l: &Line, no: usize, depth: usize) -> SheetRow {
        SheetRow {
            no: no.to_string(),
            name: l.project_name.clone(),
            project_id: Some(l.project_id),
            project_no: l.project_no.clone(),
            unit_name: l.unit_name.clone(),
            construction_content: l.construction_content.clone(),
            construction_years: l.construction_years.clone(),
            total_investment: l.total_investment,
            year_plan_investment: l.year_plan_investment,
            month_investment: l.month_investment,
            ytd_investment: Some(l.ytd_investment),
            ytd_plan_rate: metrics::completion(l.ytd_investment, l.year_plan_investment),
            cumulative_investment: Some(l.cumulative_investment),
            total_rate: metrics::completion(l.cumulative_investment, l.total_investment),
            progress_desc: l.progress_desc.clone(),
            issues: l.issues.clone(),
            responsible_leader: l.responsible_leader.clone(),
            responsible_dept_name: l.responsible_dept_name.clone(),
            project_status_name: l.project_status_name.clone(),
            ..SheetRow::blank(RowKind::Project, depth)
        }
    }

    fn sums(kind: RowKind, depth: usize, name: &str, group_name: &str, s: &Sums) -> SheetRow {
        SheetRow {
            name: name.into(),
            group_name: group_name.into(),
            total_investment: Some(s.total),
            year_plan_investment: Some(s.plan),
            month_investment: Some(s.month),
            ytd_investment: Some(s.ytd),
            // Rates of a group are those of its sums, not an average of its projects' rates.
            ytd_plan_rate: metrics::completion(s.ytd, s.plan),
            cumulative_investment: Some(s.cumulative),
            total_rate: metrics::completion(s.cumulative, s.total),
            project_count: Some(s.count),
            ..SheetRow::blank(kind, depth)
        }
    }
}

/// The figures a subtotal adds up; a missing figure adds nothing.
#[derive(Debug, Clone, Default, PartialEq)]
struct Sums {
    count: usize,
    total: Wan,
    plan: Wan,
    month: Wan,
    ytd: Wan,
    cumulative: Wan,
}

impl Sums {
    fn of(l: &Line) -> Sums {
        Sums {
            count: 1,
            total: l.total_investment.unwrap_or_default(),
            plan: l.year_plan_investment.unwrap_or_default(),
            month: l.month_investment.unwrap_or_default(),
            ytd: l.ytd_investment,
            cumulative: l.cumulative_investment,
        }
    }
}

impl AddAssign for Sums {
    fn add_assign(&mut self, o: Sums) {
        self.count += o.count;
        self.total += o.total;
        self.plan += o.plan;
        self.month += o.month;
        self.ytd += o.ytd;
        self.cumulative += o.cumulative;
    }
}

const SUBTOTAL: &str = "小计";
const TOTAL: &str = "合计";
/// The group of lines whose department is not in the tree (deleted since) or is missing.
const OTHER: &str = "其他";
/// The group of lines without a project type.
const UNTYPED: &str = "未分类";

/// `一`…`九十九`, as the groups of a printed sheet are numbered.
pub fn chinese_numeral(n: usize) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => DIGITS[n].into(),
        10..=19 => format!("十{}", if n == 10 { "" } else { DIGITS[n - 10] }),
        20..=99 => format!("{}十{}", DIGITS[n / 10], if n.is_multiple_of(10) { "" } else { DIGITS[n % 10] }),
        _ => n.to_string(),
    }
}

/// The rows being written: the groups still open (innermost last) and the numbering.
struct Writer {
    rows: Vec<SheetRow>,
    open: Vec<(usize, String, Sums)>,
    /// The groups opened so far at each depth, under the current parent.
    counters: Vec<usize>,
    projects: usize,
}

impl Writer {
    fn new() -> Writer {
        Writer { rows: vec![], open: vec![], counters: vec![], projects: 0 }
    }

    /// Closes the open groups at `depth` and below it, each with its subtotal.
    fn close_to(&mut self, depth: usize) {
        while self.open.last().is_some_and(|(d, _, _)| *d >= depth) {
            let (d, name, sums) = self.open.pop().expect("checked");
            self.rows.push(SheetRow::sums(RowKind::Subtotal, d, SUBTOTAL, &name, &sums));
        }
    }

    fn open_group(&mut self, depth: usize, name: &str, sums: Sums) {
        self.close_to(depth);
        self.counters.truncate(depth + 1);
        self.counters.resize(depth + 1, 0);
        self.counters[depth] += 1;
        let n = self.counters[depth];
        let no = match depth {
            0 => chinese_numeral(n),
            1 => format!("（{}）", chinese_numeral(n)),
            _ => String::new(),
        };
        // A title row carries only its name and count; the figures are on its subtotal.
        self.rows.push(SheetRow { no, name: name.into(), project_count: Some(sums.count), ..SheetRow::blank(RowKind::Group, depth) });
        self.open.push((depth, name.to_string(), sums));
    }

    fn project(&mut self, l: &Line, depth: usize) {
        self.projects += 1;
        self.rows.push(SheetRow::project(l, self.projects, depth));
    }

    fn total(mut self, sums: &Sums) -> Vec<SheetRow> {
        self.close_to(0);
        self.rows.push(SheetRow::sums(RowKind::Total, 0, TOTAL, "", sums));
        self.rows
    }
}

/// The rows of the kept `lines` grouped `by`, in the tree order of `depts`.
pub fn shape(lines: &[&Line], depts: &[DeptNode], by: GroupBy, basis: DeptBasis) -> Vec<SheetRow> {
    let mut total = Sums::default();
    for l in lines {
        total += Sums::of(l);
    }
    match by {
        GroupBy::Dept => by_dept(lines, depts, basis, &total),
        GroupBy::Type => by_type(lines, &total),
    }
}

fn by_type(lines: &[&Line], total: &Sums) -> Vec<SheetRow> {
    let mut groups: BTreeMap<&str, Vec<&Line>> = BTreeMap::new();
    for l in lines {
        groups.entry(l.project_type.as_str()).or_default().push(l);
    }
    let mut w = Writer::new();
    // Dictionary keys (`01`, `02`…) are in the dictionary's order; no type comes last.
    let untyped = groups.remove("");
    for group in groups.into_values().chain(untyped) {
        let name = if group[0].project_type_name.is_empty() { group[0].project_type.as_str() } else { &group[0].project_type_name };
        let name = if name.is_empty() { UNTYPED } else { name };
        let mut sums = Sums::default();
        for l in &group {
            sums += Sums::of(l);
        }
        w.open_group(0, name, sums);
        for l in group {
            w.project(l, 1);
        }
    }
    w.total(total)
}

fn by_dept(lines: &[&Line], depts: &[DeptNode], basis: DeptBasis, total: &Sums) -> Vec<SheetRow> {
    let tree: Vec<rollup::Dept> = depts
        .iter()
        .enumerate()
        .map(|(i, d)| rollup::Dept { id: d.id, parent_id: d.parent_id, sort: i32::try_from(i).unwrap_or(i32::MAX) })
        .collect();
    let names: HashMap<i64, &str> = depts.iter().map(|d| (d.id, d.name.as_str())).collect();
    // A line without a department is grouped under an id no department has: it lands with the others.
    let mut own: HashMap<i64, Vec<&Line>> = HashMap::new();
    let mut figures: HashMap<i64, Sums> = HashMap::new();
    for l in lines {
        let d = l.group_dept(basis).unwrap_or(0);
        own.entry(d).or_default().push(l);
        *figures.entry(d).or_default() += Sums::of(l);
    }
    let mut w = Writer::new();
    // A top department without projects of its own (the zone's committee over its parks) is no group:
    // its subtotal would only repeat the grand total, so its children stand at the top.
    let mut lift = 0;
    for row in rollup::rollup(&tree, &figures) {
        match row.kind {
            Kind::Dept { id, depth, .. } => {
                if depth == 0 {
                    lift = usize::from(row.own.count == 0);
                }
                if row.value.count == 0 || (depth == 0 && lift == 1) {
                    continue;
                }
                let depth = depth - lift;
                w.open_group(depth, names.get(&id).copied().unwrap_or_default(), row.value);
                for l in own.get(&id).map(Vec::as_slice).unwrap_or_default() {
                    w.project(l, depth + 1);
                }
            }
            Kind::Unplaced => {
                w.open_group(0, OTHER, row.value);
                let placed: HashSet<i64> = depts.iter().map(|d| d.id).collect();
                for l in lines.iter().filter(|l| !l.group_dept(basis).is_some_and(|d| placed.contains(&d))) {
                    w.project(l, 1);
                }
            }
            Kind::Total => {}
        }
    }
    w.total(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;

    fn line(id: i64, dept: i64, report_dept: Option<i64>, kind: &str, plan: Option<&str>, ytd: &str) -> Line {
        Line {
            project_id: id,
            project_no: format!("XM-{id}"),
            project_name: format!("项目{id}"),
            unit_name: String::new(),
            construction_content: String::new(),
            construction_years: String::new(),
            total_investment: Some(wan("1000")),
            year_plan_investment: plan.map(wan),
            month_investment: None,
            ytd_investment: wan(ytd),
            cumulative_investment: wan(ytd),
            progress_desc: String::new(),
            issues: String::new(),
            responsible_leader: String::new(),
            responsible_dept_name: String::new(),
            project_status: "50".into(),
            project_status_name: "在建".into(),
            project_type: kind.into(),
            project_type_name: match kind {
                "01" => "工业".into(),
                "" => String::new(),
                _ => "服务业".into(),
            },
            project_level: String::new(),
            is_key_project: "N".into(),
            investment_band: "3".into(),
            report_dept_id: report_dept,
            dept_id: Some(dept),
            industry_dept_id: None,
            create_user: None,
        }
    }

    /// 管委会 (1) over 东区 (2, with 街道 4 under it) and 西区 (3).
    fn zone() -> Vec<DeptNode> {
        let d = |id, parent_id, name: &str| DeptNode { id, parent_id, name: name.into() };
        vec![d(1, 0, "管委会"), d(2, 1, "东区"), d(4, 2, "东区一街道"), d(3, 1, "西区")]
    }

    /// (kind, depth, no, name or group, ytd, ytd ÷ plan) of each row.
    fn look(rows: &[SheetRow]) -> Vec<(RowKind, usize, String, String, String, String)> {
        rows.iter()
            .map(|r| {
                let name = if r.kind == RowKind::Subtotal { format!("{}{}", r.group_name, r.name) } else { r.name.clone() };
                let ytd = r.ytd_investment.map(|w| w.to_string()).unwrap_or_default();
                let rate = r.ytd_plan_rate.map(|d| d.normalize().to_string()).unwrap_or_else(|| "—".into());
                (r.kind, r.depth, r.no.clone(), name, ytd, rate)
            })
            .collect()
    }

    #[test]
    fn departments_nest_with_their_subtotals_under_a_committee_that_is_no_group_of_its_own() {
        // East's own project 300 of 1,000 planned; its street's 200 of none; west's 50 of 0 planned.
        let lines =
            [line(1, 2, None, "01", Some("1000"), "300"), line(2, 4, None, "01", None, "200"), line(3, 3, None, "02", Some("0"), "50")];
        let kept: Vec<&Line> = lines.iter().collect();
        let rows = shape(&kept, &zone(), GroupBy::Dept, DeptBasis::Report);
        let s = |v: &str| v.to_string();
        use RowKind::*;
        assert_eq!(
            look(&rows),
            vec![
                (Group, 0, s("一"), s("东区"), s(""), s("—")),
                (Project, 1, s("1"), s("项目1"), s("300"), s("30")),
                (Group, 1, s("（一）"), s("东区一街道"), s(""), s("—")),
                (Project, 2, s("2"), s("项目2"), s("200"), s("—")),
                (Subtotal, 1, s(""), s("东区一街道小计"), s("200"), s("—")),
                // 500 of 1,000 planned (the street's project has no plan: it adds nothing to the base)
                (Subtotal, 0, s(""), s("东区小计"), s("500"), s("50")),
                (Group, 0, s("二"), s("西区"), s(""), s("—")),
                (Project, 1, s("3"), s("项目3"), s("50"), s("—")),
                (Subtotal, 0, s(""), s("西区小计"), s("50"), s("—")),
                (Total, 0, s(""), s("合计"), s("550"), s("55")),
            ]
        );
        assert_eq!(rows.last().unwrap().project_count, Some(3));
    }

    #[test]
    fn the_report_department_groups_by_default_and_the_current_one_on_request() {
        // Project 1 moved from east to west after its month was filed in east.
        let lines = [line(1, 3, Some(2), "01", Some("100"), "10"), line(2, 3, None, "01", Some("100"), "20")];
        let kept: Vec<&Line> = lines.iter().collect();
        let groups = |basis| {
            shape(&kept, &zone(), GroupBy::Dept, basis)
                .into_iter()
                .filter(|r| r.kind == RowKind::Subtotal)
                .map(|r| (r.group_name, r.ytd_investment.unwrap().to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(groups(DeptBasis::Report), [("东区".to_string(), "10".to_string()), ("西区".into(), "20".into())]);
        assert_eq!(groups(DeptBasis::Current), [("西区".to_string(), "30".to_string())]);
    }

    #[test]
    fn lines_of_departments_outside_the_tree_are_others_and_types_group_in_key_order() {
        let lines = [line(1, 99, None, "02", None, "5"), line(2, 3, None, "01", None, "7"), line(3, 3, None, "", None, "1")];
        let kept: Vec<&Line> = lines.iter().collect();
        let rows = shape(&kept, &zone(), GroupBy::Dept, DeptBasis::Report);
        let titles: Vec<&str> = rows.iter().filter(|r| r.kind == RowKind::Group).map(|r| r.name.as_str()).collect();
        assert_eq!(titles, ["西区", "其他"]);
        assert_eq!(rows.last().unwrap().ytd_investment, Some(wan("13")));
        let rows = shape(&kept, &zone(), GroupBy::Type, DeptBasis::Report);
        let titles: Vec<&str> = rows.iter().filter(|r| r.kind == RowKind::Group).map(|r| r.name.as_str()).collect();
        assert_eq!(titles, ["工业", "服务业", "未分类"]);
        let empty = shape(&[], &zone(), GroupBy::Dept, DeptBasis::Report);
        assert_eq!(look(&empty), vec![(RowKind::Total, 0, String::new(), "合计".into(), "0".into(), "—".into())]);
    }

    #[test]
    fn filters_keep_lines_on_the_grouping_department_and_the_keys() {
        let l = line(1, 3, Some(2), "01", None, "1");
        let east = Filter { depts: Some(HashSet::from([2, 4])), ..Default::default() };
        assert!(east.keeps(&l, DeptBasis::Report));
        assert!(!east.keeps(&l, DeptBasis::Current));
        assert!(
            Filter { project_type: Some("01".into()), investment_band: Some("3".into()), ..Default::default() }
                .keeps(&l, DeptBasis::Report)
        );
        assert!(!Filter { is_key_project: Some("Y".into()), ..Default::default() }.keeps(&l, DeptBasis::Report));
    }

    #[test]
    fn groups_are_numbered_as_on_paper() {
        let got: Vec<String> = [1, 9, 10, 11, 20, 21, 99].iter().map(|&n| chinese_numeral(n)).collect();
        assert_eq!(got, ["一", "九", "十", "十一", "二十", "二十一", "九十九"]);
    }
}
