//! The rows of the park × month matrix, from each department's own figures: rolled up the department
//! tree, then read month by month into the cells the screen's toggles show (当月 / 1–N月累计 / 同比 /
//! 完成率). Pure: the figures come in from `repo.rs` and the official figures.
//!
//! The two kinds of source add up differently. Approved reports are counted where they were filed, so a
//! department's figure is its own reports plus all below it. An official figure is the whole of the
//! department it was published for (the bureau types the zone's total too), so a department's children
//! are summed only where it has none of its own — as targets always are.
use std::collections::HashMap;
use std::ops::AddAssign;

use schemars::JsonSchema;
use serde::Serialize;

use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::January;
use crate::rollup::{self, Kind};

/// Where the matrix's figures come from (`data_source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataSource {
    /// 1 企业汇总: Σ the month output of approved enterprise reports.
    Reports,
    /// 2 统计快报: the statistics office's first figures, typed in by the bureau.
    Flash,
    /// 3 统计正式: its final figures.
    Final,
}

impl DataSource {
    pub const ALL: [DataSource; 3] = [DataSource::Reports, DataSource::Flash, DataSource::Final];

    pub fn key(self) -> &'static str {
        match self {
            DataSource::Reports => "1",
            DataSource::Flash => "2",
            DataSource::Final => "3",
        }
    }

    pub fn of_key(key: &str) -> Option<DataSource> {
        DataSource::ALL.into_iter().find(|s| s.key() == key)
    }

    pub fn is_official(self) -> bool {
        self != DataSource::Reports
    }
}

/// One department's own figures of the year and the year before.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    /// Reports: each month's Σ approved output. Official: each month's 1–N月 cumulative as typed in.
    pub this_year: [Option<Wan>; 12],
    pub last_year: [Option<Wan>; 12],
    /// Approved reports counted in each month (reports only).
    pub reported: [i64; 12],
    /// The annual target of 规上工业总产值 in force.
    pub target: Option<Wan>,
}

fn add(a: &mut Option<Wan>, b: Option<Wan>) {
    if let Some(b) = b {
        *a = Some(a.unwrap_or_default() + b);
    }
}

impl AddAssign for Figures {
    fn add_assign(&mut self, o: Figures) {
        for m in 0..12 {
            add(&mut self.this_year[m], o.this_year[m]);
            add(&mut self.last_year[m], o.last_year[m]);
            self.reported[m] += o.reported[m];
        }
        add(&mut self.target, o.target);
    }
}

impl Figures {
    /// What an official row shows: its own figure of a month where it has one, else the sum of what its
    /// children show.
    fn own_or_children(own: &Figures, children: &Figures) -> Figures {
        let mut out = children.clone();
        for m in 0..12 {
            out.this_year[m] = own.this_year[m].or(children.this_year[m]);
            out.last_year[m] = own.last_year[m].or(children.last_year[m]);
        }
        out.target = own.target.or(children.target);
        out
    }
}

/// One month of a row. Missing figures are `null` ("—" on the screen and in the sheet).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cell {
    pub month: u32,
    /// 当月产值.
    pub value: Option<Wan>,
    /// 1–N月累计.
    pub cumulative: Option<Wan>,
    /// 上年同期累计.
    pub last_year_cumulative: Option<Wan>,
    /// 累计同比, percent.
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
    /// 1–N月累计 ÷ 年度目标, percent.
    #[schemars(with = "Option<String>")]
    pub completion: Rate,
    /// 已报企业数: approved reports of the month (企业汇总 only).
    pub reported: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatrixRow {
    /// `dept`, `other` (reports filed under departments removed since) or `total`.
    pub kind: &'static str,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    /// 0 at the top of the tree.
    pub depth: usize,
    /// Whether the figures add up departments below.
    pub subtotal: bool,
    pub annual_target: Option<Wan>,
    /// January to December.
    pub cells: Vec<Cell>,
}

/// How the months of the matrix read.
#[derive(Debug, Clone, Copy)]
pub struct Months {
    pub source: DataSource,
    pub january: January,
    /// Reports: the months whose reports are due by now (the months before the current one in the
    /// current year, all of a past year, none of a future one). Later months have no figure, not zero.
    pub closed: u32,
}

/// The rows of `depts` (the departments to show, in any order) with their figures, then the total.
/// `figures` holds each department's own; figures of departments not among `depts` are summed into an
/// `other` row (they must already be limited to what the caller may see).
pub fn rows(depts: &[rollup::Dept], figures: &HashMap<i64, Figures>, name: impl Fn(i64) -> String, months: Months) -> Vec<MatrixRow> {
    let official = months.source.is_official();
    let rolled: Vec<rollup::Row<Figures>> = rollup::rollup(depts, figures).into_iter().filter(|r| r.kind != Kind::Total).collect();
    let depth_of = |r: &rollup::Row<Figures>| match r.kind {
        Kind::Dept { depth, .. } => Some(depth),
        _ => None,
    };
    // What each row shows, from the bottom of the tree up: its children's are shown before it.
    let mut shown: Vec<Figures> = vec![Figures::default(); rolled.len()];
    for i in (0..rolled.len()).rev() {
        let row = &rolled[i];
        let mut children = Figures::default();
        if let Some(depth) = depth_of(row) {
            for (j, below) in rolled.iter().enumerate().skip(i + 1) {
                match depth_of(below) {
                    Some(d) if d == depth + 1 => children += shown[j].clone(),
                    Some(d) if d > depth + 1 => {}
                    _ => break,
                }
            }
        }
        shown[i] = if official {
            Figures::own_or_children(&row.own, &children)
        } else {
            // Reports add up the tree; a target does not: a park's is part of the zone's, not added to it.
            Figures { target: row.own.target.or(children.target), ..row.value.clone() }
        };
    }
    let mut out = Vec::new();
    let mut total = Figures::default();
    for (row, shown) in rolled.iter().zip(shown) {
        let (kind, dept_id, dept_name, depth, subtotal) = match row.kind {
            Kind::Dept { id, depth, subtotal } => {
                // An official row with a figure of its own stands alone; one without adds its children up.
                let adds_up = subtotal && (!official || row.own.this_year.iter().all(Option::is_none));
                ("dept", Some(id), name(id), depth, adds_up)
            }
            _ => ("other", None, "其他(已撤销机构)".to_string(), 0, false),
        };
        // The total adds the tops of the tree: a department below one shown is inside it.
        if depth == 0 {
            total += shown.clone();
        }
        out.push(MatrixRow { kind, dept_id, dept_name, depth, subtotal, annual_target: shown.target, cells: cells(&shown, months) });
    }
    out.push(MatrixRow {
        kind: "total",
        dept_id: None,
        dept_name: "合计".to_string(),
        depth: 0,
        subtotal: true,
        annual_target: total.target,
        cells: cells(&total, months),
    });
    out
}

/// The twelve cells of a row's figures.
fn cells(f: &Figures, months: Months) -> Vec<Cell> {
    let merged = months.january == January::MergedIntoFebruary;
    let empty =
        |month: u32| Cell { month, value: None, cumulative: None, last_year_cumulative: None, yoy: None, completion: None, reported: None };
    let mut out = Vec::with_capacity(12);
    let mut cumulative = Wan::ZERO;
    let mut last_cumulative: Option<Wan> = None;
    for month in 1..=12u32 {
        let i = month as usize - 1;
        // A merged January has no figure of its own: February holds both months.
        if month == 1 && merged {
            out.push(empty(month));
            continue;
        }
        let (value, cum, last, reported) = if months.source.is_official() {
            let cum = f.this_year[i];
            let before = if month == 1 || (month == 2 && merged) { Some(Wan::ZERO) } else { f.this_year[i - 1] };
            (cum.zip(before).map(|(c, b)| c - b), cum, f.last_year[i], None)
        } else {
            if month > months.closed {
                out.push(empty(month));
                continue;
            }
            // Nothing approved in a month that has closed is nothing, not unknown.
            let value = f.this_year[i].unwrap_or_default();
            cumulative += value;
            if let Some(l) = f.last_year[i] {
                last_cumulative = Some(last_cumulative.unwrap_or_default() + l);
            }
            (Some(value), Some(cumulative), last_cumulative, Some(f.reported[i]))
        };
        out.push(Cell {
            month,
            value,
            cumulative: cum,
            last_year_cumulative: last,
            yoy: cum.and_then(|c| metrics::yoy(c, last)),
            completion: cum.and_then(|c| metrics::completion(c, f.target)),
            reported,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;
    use crate::rollup::Dept;

    fn dec(s: &str) -> Option<rust_decimal::Decimal> {
        Some(s.parse().unwrap())
    }

    /// 管委会 (1) over 东区 (2, with 东一片 3) and 西区 (4).
    fn zone() -> Vec<Dept> {
        vec![
            Dept { id: 1, parent_id: 0, sort: 1 },
            Dept { id: 2, parent_id: 1, sort: 2 },
            Dept { id: 3, parent_id: 2, sort: 3 },
            Dept { id: 4, parent_id: 1, sort: 4 },
        ]
    }

    fn name(id: i64) -> String {
        ["", "管委会", "东区", "东一片", "西区"][id as usize].to_string()
    }

    fn months(source: DataSource, closed: u32) -> Months {
        Months { source, january: January::Own, closed }
    }

    fn figures(this: &[(usize, &str)], last: &[(usize, &str)], reported: &[(usize, i64)], target: Option<&str>) -> Figures {
        let mut f = Figures { target: target.map(wan), ..Default::default() };
        for &(m, v) in this {
            f.this_year[m - 1] = Some(wan(v));
        }
        for &(m, v) in last {
            f.last_year[m - 1] = Some(wan(v));
        }
        for &(m, n) in reported {
            f.reported[m - 1] = n;
        }
        f
    }

    fn row<'a>(rows: &'a [MatrixRow], name: &str) -> &'a MatrixRow {
        rows.iter().find(|r| r.dept_name == name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn approved_reports_add_up_the_tree_month_by_month_and_compare_with_last_year_and_the_target() {
        // 东区: Jan 1,000 (2 reports), Feb 1,100.5 (2), Mar 1,200 (1); last year Jan 900, Mar 1,000.
        // 东一片: Feb 300 (1), Mar 250.25 (1); last year Feb 200. 西区: nothing approved.
        // Targets: 东区 12,000 (its own, over 东一片's 2,000), 管委会 none.
        let f = HashMap::from([
            (2, figures(&[(1, "1000"), (2, "1100.5"), (3, "1200")], &[(1, "900"), (3, "1000")], &[(1, 2), (2, 2), (3, 1)], Some("12000"))),
            (3, figures(&[(2, "300"), (3, "250.25")], &[(2, "200")], &[(2, 1), (3, 1)], Some("2000"))),
        ]);
        let rows = rows(&zone(), &f, name, months(DataSource::Reports, 3));
        let shape: Vec<(&str, usize, bool)> = rows.iter().map(|r| (r.dept_name.as_str(), r.depth, r.subtotal)).collect();
        assert_eq!(shape, [("管委会", 0, true), ("东区", 1, true), ("东一片", 2, false), ("西区", 1, false), ("合计", 0, true)]);

        // 东区 with 东一片: Jan 1,000; Feb 1,100.5 + 300 = 1,400.5; Mar 1,200 + 250.25 = 1,450.25.
        // 1–3月 3,850.75; last year 900 + 200 + 1,000 = 2,100 → (3,850.75 − 2,100) ÷ 2,100 = 83.369… → 83.37 %.
        // Completion against 东区's own 12,000: 3,850.75 ÷ 12,000 = 32.089… → 32.09 %.
        let east = row(&rows, "东区");
        let march = &east.cells[2];
        assert_eq!(
            (march.value, march.cumulative, march.last_year_cumulative),
            (Some(wan("1450.25")), Some(wan("3850.75")), Some(wan("2100")))
        );
        assert_eq!((march.yoy, march.completion, march.reported), (dec("83.37"), dec("32.09"), Some(2)));
        // February: 2,400.5 against 1,100 → 118.23 %; 7 reports in all so far, 3 in February.
        assert_eq!((east.cells[1].cumulative, east.cells[1].yoy, east.cells[1].reported), (Some(wan("2400.5")), dec("118.23"), Some(3)));
        // A month not closed yet has no figure.
        assert_eq!((east.cells[3].value, east.cells[3].cumulative, east.cells[3].reported), (None, None, None));

        // 西区 reported nothing: zero, and no rate without a base.
        let west = &row(&rows, "西区").cells[2];
        assert_eq!((west.value, west.cumulative, west.yoy, west.completion), (Some(Wan::ZERO), Some(Wan::ZERO), None, None));

        // 管委会 has no target of its own: the parks' are summed (12,000 of 东区, which holds 东一片's).
        let total = row(&rows, "合计");
        assert_eq!(total.annual_target, Some(wan("12000")));
        assert_eq!(total.cells[2].cumulative, Some(wan("3850.75")));
        assert_eq!(row(&rows, "管委会").cells[2].cumulative, Some(wan("3850.75")));
    }

    #[test]
    fn an_official_figure_is_its_departments_whole_and_its_months_are_the_differences() {
        // Typed 1–N月: 管委会 Jan 5,000, Feb 9,800.5, Apr 21,000 (March not typed yet); 东区 Feb 4,000;
        // 西区 Feb 3,500. Last year 管委会 Feb 9,000.
        let f = HashMap::from([
            (1, figures(&[(1, "5000"), (2, "9800.5"), (4, "21000")], &[(2, "9000")], &[], Some("60000"))),
            (2, figures(&[(2, "4000")], &[], &[], None)),
            (4, figures(&[(2, "3500")], &[], &[], None)),
        ]);
        let rows = rows(&zone(), &f, name, months(DataSource::Flash, 0));
        let top = row(&rows, "管委会");
        // Its own figure, not 9,800.5 + 4,000 + 3,500; and it stands alone, not as a subtotal.
        assert!(!top.subtotal);
        let feb = &top.cells[1];
        assert_eq!((feb.value, feb.cumulative, feb.reported), (Some(wan("4800.5")), Some(wan("9800.5")), None));
        // (9,800.5 − 9,000) ÷ 9,000 = 8.89 %; 9,800.5 ÷ 60,000 = 16.33 %.
        assert_eq!((feb.yoy, feb.completion), (dec("8.89"), dec("16.33")));
        // April's month needs March's figure: unknown; its cumulative is as typed. March is unknown.
        assert_eq!((top.cells[3].value, top.cells[3].cumulative), (None, Some(wan("21000"))));
        assert_eq!((top.cells[2].value, top.cells[2].cumulative), (None, None));
        // January's month is its cumulative.
        assert_eq!(top.cells[0].value, Some(wan("5000")));
        // 东区 has no figure of its own in February: its 东一片 has none either, so nothing.
        assert_eq!(row(&rows, "东区").cells[1].cumulative, Some(wan("4000")));
        assert_eq!(row(&rows, "东一片").cells[1].cumulative, None);
        // The total is the top department's own figure.
        assert_eq!(row(&rows, "合计").cells[1].cumulative, Some(wan("9800.5")));
    }

    #[test]
    fn without_a_figure_of_its_own_an_official_row_adds_up_its_children() {
        // 东一片's own 1,000 is inside 东区's 4,000: the committee adds its children, not its grandchildren.
        let f = HashMap::from([
            (2, figures(&[(3, "4000")], &[], &[], Some("10000"))),
            (3, figures(&[(3, "1000")], &[], &[], Some("3000"))),
            (4, figures(&[(3, "3500.5")], &[], &[], Some("8000"))),
        ]);
        let rows = rows(&zone(), &f, name, months(DataSource::Final, 0));
        let top = row(&rows, "管委会");
        assert!(top.subtotal);
        assert_eq!((top.annual_target, top.cells[2].cumulative), (Some(wan("18000")), Some(wan("7500.5"))));
        // 7,500.5 ÷ 18,000 = 41.669… → 41.67 %.
        assert_eq!(top.cells[2].completion, dec("41.67"));
    }

    #[test]
    fn with_january_merged_february_holds_both_months_and_january_shows_nothing() {
        let f = HashMap::from([(2, figures(&[(2, "2100"), (3, "1200")], &[(2, "2000")], &[(2, 2), (3, 2)], None))]);
        let merged = Months { source: DataSource::Reports, january: January::MergedIntoFebruary, closed: 3 };
        let reported = rows(&zone(), &f, name, merged);
        let east = row(&reported, "东区");
        assert_eq!((east.cells[0].value, east.cells[0].cumulative), (None, None));
        assert_eq!((east.cells[1].value, east.cells[1].cumulative, east.cells[1].yoy), (Some(wan("2100")), Some(wan("2100")), dec("5.00")));
        assert_eq!(east.cells[2].cumulative, Some(wan("3300")));
        // Official 1–2月 typed in February is February's month.
        let f = HashMap::from([(2, figures(&[(2, "2100"), (3, "3300")], &[], &[], None))]);
        let official = rows(&zone(), &f, name, Months { source: DataSource::Flash, ..merged });
        let east = row(&official, "东区");
        assert_eq!((east.cells[1].value, east.cells[2].value), (Some(wan("2100")), Some(wan("1200"))));
    }

    #[test]
    fn reports_of_a_department_removed_since_still_count_in_the_total() {
        let f = HashMap::from([(2, figures(&[(1, "10")], &[], &[(1, 1)], None)), (9, figures(&[(1, "2.5")], &[], &[(1, 1)], None))]);
        let rows = rows(&zone(), &f, name, months(DataSource::Reports, 12));
        assert_eq!(row(&rows, "其他(已撤销机构)").cells[0].value, Some(wan("2.5")));
        let total = row(&rows, "合计");
        assert_eq!(
            (total.cells[0].value, total.cells[0].reported, total.cells[11].cumulative),
            (Some(wan("12.5")), Some(2), Some(wan("12.5")))
        );
    }
}
