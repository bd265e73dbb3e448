//! The rows of 产值统计 from the approved figures read by `repo.rs`: each enterprise's last-year base
//! settled as the report list settles it, then summed by department (the tree with subtotals), by an
//! enterprise field (industry, leading industry), or listed by enterprise, with the rates of
//! `metrics.rs`. Pure, so that every formula is checked by hand below.
use std::collections::HashMap;
use std::ops::AddAssign;

use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::metrics::{self, Rate};
use crate::money::Wan;
use crate::period::{January, Period};
use crate::rollup::{self, Kind};

/// One enterprise's approved figures under one department. On the `snapshot` basis an enterprise that
/// moved has a piece for each department its reports were filed under.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Piece {
    pub enterprise_id: i64,
    pub enterprise_name: String,
    /// The enterprise's `industry` and `industry_chain` keys.
    pub industry_code: String,
    pub leading_industry: String,
    pub dept_id: Option<i64>,
    /// Σ approved output of month N; `None` when month N has no approved report here.
    pub month: Option<Wan>,
    /// Σ approved output of months 1..N.
    pub ytd: Wan,
    /// Approved reports of months 1..N, more than 0 when there is any (from the year sums: the rows that
    /// hold one; only whether there is one counts).
    pub reports: i64,
    /// Last year's approved month N, and whether there was one.
    pub last_month: Option<Wan>,
    /// Σ last year's approved months 1..N (`None` without any).
    pub last_ytd: Option<Wan>,
    /// What month N's report typed for last year (上年同月 / 上年同期累计), for an enterprise the platform
    /// has no approved report of last year's month N.
    pub typed_last_month: Option<Wan>,
    pub typed_last_ytd: Option<Wan>,
    /// 下降原因 of month N's report.
    pub decline_reason: String,
}

/// Settles each enterprise's last-year base as the report list does (`report::figures::of`): from last
/// year's approved reports when it has any of months 1..N, else from what month N's report typed (on the
/// piece that holds it), else none. Afterwards `last_month` / `last_ytd` are the base.
pub fn settle_bases(pieces: &mut [Piece]) {
    let from_reports: std::collections::HashSet<i64> = pieces.iter().filter(|p| p.last_ytd.is_some()).map(|p| p.enterprise_id).collect();
    // Where last year was reported, its approved months are the base, whatever was typed.
    for p in pieces.iter_mut().filter(|p| !from_reports.contains(&p.enterprise_id)) {
        p.last_month = p.typed_last_month;
        p.last_ytd = p.typed_last_ytd;
    }
}

/// The measures of a group, summed; rates are worked out from the sums.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sums {
    /// Pieces with an approved report in 1..N (an enterprise that moved counts in each department).
    pub enterprises: i64,
    /// Of those, with month N approved.
    pub reported: i64,
    pub month: Wan,
    pub last_month: Option<Wan>,
    pub ytd: Wan,
    pub last_ytd: Option<Wan>,
}

fn add(a: &mut Option<Wan>, b: Option<Wan>) {
    if let Some(b) = b {
        *a = Some(a.unwrap_or_default() + b);
    }
}

impl AddAssign for Sums {
    fn add_assign(&mut self, o: Sums) {
        self.enterprises += o.enterprises;
        self.reported += o.reported;
        self.month += o.month;
        add(&mut self.last_month, o.last_month);
        self.ytd += o.ytd;
        add(&mut self.last_ytd, o.last_ytd);
    }
}

impl Sums {
    pub fn of(p: &Piece) -> Sums {
        Sums {
            enterprises: i64::from(p.reports > 0),
            reported: i64::from(p.month.is_some()),
            month: p.month.unwrap_or_default(),
            last_month: p.last_month,
            ytd: p.ytd,
            last_ytd: p.last_ytd,
        }
    }

    pub fn total(pieces: &[Piece]) -> Sums {
        let mut t = Sums::default();
        for p in pieces {
            t += Sums::of(p);
        }
        t
    }
}

/// What a row stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RowKind {
    /// A department of the tree (a subtotal when it has departments below it).
    Dept,
    /// A value of an enterprise field.
    Group,
    /// 其他 (departments removed since) or 未填 (the field not filled).
    Unplaced,
    /// The grand total.
    Total,
}

/// A row of the grouped views, and the total of the enterprise views.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRow {
    /// The department's id or the dictionary key; empty for 其他, 未填 and 合计.
    pub key: String,
    pub name: String,
    pub kind: RowKind,
    pub depth: usize,
    pub subtotal: bool,
    /// Enterprises with an approved report in 1–N月.
    pub enterprises: i64,
    /// Enterprises with month N approved.
    pub reported: i64,
    /// 本月产值.
    pub month_output: Wan,
    /// 上年同月.
    pub last_month_output: Option<Wan>,
    #[schemars(with = "Option<String>")]
    pub month_yoy: Rate,
    /// 1–N月累计.
    pub ytd_output: Wan,
    /// 上年同期累计.
    pub last_ytd_output: Option<Wan>,
    /// 累计同比 (%).
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
    /// 占比 (%): 1–N月累计 ÷ the total's.
    #[schemars(with = "Option<String>")]
    pub share: Rate,
    /// 拉动 (percentage points): (累计 − 上年同期) ÷ the total's 上年同期; the rows of a partition add up
    /// to the total's 累计同比.
    #[schemars(with = "Option<String>")]
    pub contribution: Rate,
    /// The annual target of 规上工业总产值 (department view only).
    pub target: Option<Wan>,
    /// 完成率 (%): 1–N月累计 ÷ target.
    #[schemars(with = "Option<String>")]
    pub completion: Rate,
    /// 超欠时序进度 (pp): 完成率 − 时序进度.
    #[schemars(with = "Option<String>")]
    pub schedule_gap: Rate,
}

/// The total a row's share and contribution are taken of, and the schedule.
#[derive(Debug, Clone, Copy)]
pub struct Basis<'a> {
    pub total: &'a Sums,
    /// 时序进度 of the period, percent.
    pub progress: Decimal,
}

impl GroupRow {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        key: String,
        name: String,
        kind: RowKind,
        depth: usize,
        subtotal: bool,
        s: &Sums,
        target: Option<Wan>,
        b: Basis,
    ) -> GroupRow {
        let completion = target.and_then(|t| metrics::completion(s.ytd, t));
        GroupRow {
            key,
            name,
            kind,
            depth,
            subtotal,
            enterprises: s.enterprises,
            reported: s.reported,
            month_output: s.month,
            last_month_output: s.last_month,
            month_yoy: metrics::yoy(s.month, s.last_month),
            ytd_output: s.ytd,
            last_ytd_output: s.last_ytd,
            yoy: metrics::yoy(s.ytd, s.last_ytd),
            share: metrics::share(s.ytd, b.total.ytd),
            contribution: metrics::contribution(s.ytd, s.last_ytd.unwrap_or_default(), b.total.last_ytd),
            target,
            completion,
            schedule_gap: metrics::schedule_gap(completion, b.progress),
        }
    }

    pub fn total(s: &Sums, target: Option<Wan>, b: Basis) -> GroupRow {
        GroupRow::new(String::new(), "合计".into(), RowKind::Total, 0, false, s, target, b)
    }
}

/// The department rows: `depts` in tree order with their pieces summed up the tree, each department's
/// target as a whole (its own, else what its children show), 其他 for pieces of departments not among
/// them, and the total, whose target is the sum of the tops' (the zone's when the zone has one).
pub fn dept_rows(
    depts: &[rollup::Dept],
    pieces: &[Piece],
    targets: &HashMap<i64, Wan>,
    name: impl Fn(i64) -> String,
    progress: Decimal,
) -> Vec<GroupRow> {
    let mut own: HashMap<i64, Sums> = HashMap::new();
    for p in pieces {
        *own.entry(p.dept_id.unwrap_or(0)).or_default() += Sums::of(p);
    }
    let rows = rollup::rollup(depts, &own);
    let whole = rollup::own_or_children(&rows, |r| match r.kind {
        Kind::Dept { id, .. } => targets.get(&id).copied(),
        _ => None,
    });
    let total = rows.last().map(|r| r.value.clone()).unwrap_or_default();
    let b = Basis { total: &total, progress };
    let total_target = rows.iter().zip(&whole).filter(|(r, _)| matches!(r.kind, Kind::Dept { depth: 0, .. })).fold(
        None,
        |acc: Option<Wan>, (_, t)| match (acc, t) {
            (a, None) => a,
            (a, Some(t)) => Some(a.unwrap_or_default() + *t),
        },
    );
    rows.iter()
        .zip(whole)
        .map(|(row, target)| match row.kind {
            Kind::Dept { id, depth, subtotal } => {
                GroupRow::new(id.to_string(), name(id), RowKind::Dept, depth, subtotal, &row.value, target, b)
            }
            Kind::Unplaced => GroupRow::new(String::new(), "其他".into(), RowKind::Unplaced, 0, false, &row.value, None, b),
            Kind::Total => GroupRow::total(&row.value, total_target, b),
        })
        .collect()
}

/// The rows of an enterprise field: `listed` (key, label) in their order where they carry a figure,
/// then keys off the list (by key), then 未填, then the total. `field` gives a piece's key.
pub fn group_rows(pieces: &[Piece], field: impl Fn(&Piece) -> String, listed: &[(String, String)], progress: Decimal) -> Vec<GroupRow> {
    let mut by_key: HashMap<String, Sums> = HashMap::new();
    for p in pieces {
        *by_key.entry(field(p)).or_default() += Sums::of(p);
    }
    let total = Sums::total(pieces);
    let b = Basis { total: &total, progress };
    let mut out = Vec::new();
    for (key, label) in listed {
        if let Some(s) = by_key.remove(key) {
            out.push(GroupRow::new(key.clone(), label.clone(), RowKind::Group, 0, false, &s, None, b));
        }
    }
    let blank = by_key.remove("");
    let mut rest: Vec<(String, Sums)> = by_key.into_iter().collect();
    rest.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, s) in rest {
        out.push(GroupRow::new(key.clone(), key, RowKind::Group, 0, false, &s, None, b));
    }
    if let Some(s) = blank {
        out.push(GroupRow::new(String::new(), "未填".into(), RowKind::Unplaced, 0, false, &s, None, b));
    }
    out.push(GroupRow::total(&total, None, b));
    out
}

/// One enterprise's figures, all its pieces together.
#[derive(Debug, Clone, PartialEq)]
pub struct Firm {
    pub enterprise_id: i64,
    /// The department of the piece holding month N (else of the latest piece read).
    pub dept_id: Option<i64>,
    pub sums: Sums,
    pub decline_reason: String,
}

/// The enterprises of `pieces`, each once.
pub fn firms(pieces: &[Piece]) -> Vec<Firm> {
    let mut out: Vec<Firm> = Vec::new();
    let mut at: HashMap<i64, usize> = HashMap::new();
    for p in pieces {
        let i = *at.entry(p.enterprise_id).or_insert_with(|| {
            out.push(Firm { enterprise_id: p.enterprise_id, dept_id: p.dept_id, sums: Sums::default(), decline_reason: String::new() });
            out.len() - 1
        });
        let f = &mut out[i];
        let mut s = Sums::of(p);
        // An enterprise counts once, whichever departments its months were filed under.
        s.enterprises = 0;
        s.reported = 0;
        f.sums += s;
        f.sums.enterprises = f.sums.enterprises.max(i64::from(p.reports > 0));
        f.sums.reported = f.sums.reported.max(i64::from(p.month.is_some()));
        if p.month.is_some() {
            f.dept_id = p.dept_id;
            f.decline_reason = p.decline_reason.clone();
        }
    }
    out
}

/// How the enterprise view orders its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// 1–N月累计, largest first.
    Output,
    /// 累计同比, highest first; enterprises without a rate last.
    Growth,
    /// 拉动, largest first; likewise.
    Contribution,
}

impl Sort {
    pub const ALL: [Sort; 3] = [Sort::Output, Sort::Growth, Sort::Contribution];

    pub fn code(self) -> &'static str {
        match self {
            Sort::Output => "output",
            Sort::Growth => "growth",
            Sort::Contribution => "contribution",
        }
    }
}

/// What the ranking orders by: 1–N月累计, 累计同比, 拉动, then name and id.
pub trait Ranked {
    fn ranking(&self) -> (Wan, Rate, Rate, &str, i64);
}

/// Orders `rows` (with their rates worked out) for the ranking: ties by name, then id, so that the order
/// is the same on every database.
pub fn rank<T: Ranked>(rows: &mut [T], sort: Sort) {
    rows.sort_by(|a, b| {
        let (ya, ga, ca, na, ia) = a.ranking();
        let (yb, gb, cb, nb, ib) = b.ranking();
        let desc = |x: Rate, y: Rate| match (x, y) {
            (Some(x), Some(y)) => y.cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        let first = match sort {
            Sort::Output => yb.cmp(&ya),
            Sort::Growth => desc(ga, gb).then(yb.cmp(&ya)),
            Sort::Contribution => desc(ca, cb).then(yb.cmp(&ya)),
        };
        first.then_with(|| na.cmp(nb)).then(ia.cmp(&ib))
    });
}

/// One month of the trend; this year's figures are null after month N.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendMonth {
    pub month: u32,
    pub this_month: Option<Wan>,
    pub this_cumulative: Option<Wan>,
    pub last_month: Wan,
    pub last_cumulative: Wan,
    /// 累计同比 (%).
    #[schemars(with = "Option<String>")]
    pub yoy: Rate,
    /// 当月同比 (%).
    #[schemars(with = "Option<String>")]
    pub month_yoy: Rate,
    /// 环比 (%): none for January, nor while January is merged into February (1–3月).
    #[schemars(with = "Option<String>")]
    pub mom: Rate,
}

/// The twelve months of `p`'s year against last year's, from each month's Σ approved output.
pub fn trend(p: Period, this_year: &[Wan; 12], last_year: &[Wan; 12], january: January) -> Vec<TrendMonth> {
    let (mut this_cum, mut last_cum) = (Wan::ZERO, Wan::ZERO);
    (1..=12u32)
        .map(|m| {
            let i = m as usize - 1;
            let merged = january == January::MergedIntoFebruary;
            last_cum += last_year[i];
            if m <= p.month() {
                this_cum += this_year[i];
            }
            // A merged January has no month of its own: February's month is 1–2月, of both years.
            let shown = m <= p.month() && !(m == 1 && merged);
            let month_of = |year: &[Wan; 12]| if m == 2 && merged { year[0] + year[1] } else { year[i] };
            let this = shown.then(|| month_of(this_year));
            let last_month = month_of(last_year);
            let period = Period::new(p.year(), m).unwrap_or(p);
            TrendMonth {
                month: m,
                this_month: this,
                this_cumulative: shown.then_some(this_cum),
                last_month,
                last_cumulative: last_cum,
                yoy: if shown { metrics::yoy(this_cum, last_cum) } else { None },
                month_yoy: this.and_then(|t| metrics::yoy(t, last_month)),
                mom: match (this, i.checked_sub(1)) {
                    (Some(t), Some(prev)) => metrics::mom(t, this_year[prev], period, january),
                    _ => None,
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;
    use crate::rollup::Dept;

    fn rate(s: &str) -> Rate {
        Some(s.parse().unwrap())
    }

    fn piece(e: i64, dept: i64, month: Option<&str>, ytd: &str, reports: i64, last_month: Option<&str>, last_ytd: Option<&str>) -> Piece {
        Piece {
            enterprise_id: e,
            dept_id: Some(dept),
            month: month.map(wan),
            ytd: wan(ytd),
            reports,
            last_month: last_month.map(wan),
            last_ytd: last_ytd.map(wan),
            ..Piece::default()
        }
    }

    /// The fixed small zone of the hand-worked cases, March 2026 (N = 3): 管委会 1 over parks 2 and 3,
    /// park 2 over street 4.
    /// - A (e1, street 4): 2026 Jan–Mar 100 + 110 + 120 = 330, March 120; 2025 Jan–Mar 300, March 100.
    /// - B (e2, park 2): 2026 1–3月 200, March 80; 2025 1–3月 250, March 90 (a decline).
    /// - C (e3, park 3): 2026 1–3月 150, March 50; no 2025 reports; March's report typed 上年 1–3月 120,
    ///   上年3月 40.
    /// - D (e4, park 3): moved from park 2 in February: January 30 filed under park 2, Feb + March 70
    ///   under park 3 with March 40; 2025 under park 2: 1–3月 90, March 30.
    fn zone_pieces() -> Vec<Piece> {
        let mut c = piece(3, 3, Some("50"), "150", 3, None, None);
        c.typed_last_ytd = Some(wan("120"));
        c.typed_last_month = Some(wan("40"));
        c.decline_reason = String::new();
        let mut pieces = vec![
            piece(1, 4, Some("120"), "330", 3, Some("100"), Some("300")),
            piece(2, 2, Some("80"), "200", 3, Some("90"), Some("250")),
            c,
            piece(4, 2, None, "30", 1, Some("30"), Some("90")),
            piece(4, 3, Some("40"), "70", 2, None, None),
        ];
        pieces[1].decline_reason = "订单减少".into();
        settle_bases(&mut pieces);
        pieces
    }

    fn depts() -> Vec<Dept> {
        vec![
            Dept { id: 1, parent_id: 0, sort: 1 },
            Dept { id: 2, parent_id: 1, sort: 1 },
            Dept { id: 3, parent_id: 1, sort: 2 },
            Dept { id: 4, parent_id: 2, sort: 1 },
        ]
    }

    #[test]
    fn the_base_is_last_years_reports_else_what_month_n_typed() {
        let p = zone_pieces();
        // C has no 2025 reports: the typed figures are its base.
        assert_eq!((p[2].last_month, p[2].last_ytd), (Some(wan("40")), Some(wan("120"))));
        // D's last-year month N was approved (under park 2): its reports are the base, and the piece
        // under park 3 has none.
        assert_eq!((p[3].last_ytd, p[4].last_ytd), (Some(wan("90")), None));
        // A typed figure is ignored where last year was reported.
        let mut q = vec![piece(1, 4, Some("1"), "1", 1, Some("100"), Some("300"))];
        q[0].typed_last_ytd = Some(wan("9"));
        settle_bases(&mut q);
        assert_eq!(q[0].last_ytd, Some(wan("300")));
    }

    #[test]
    fn departments_add_up_the_tree_and_contributions_add_up_to_the_total_growth() {
        // 1–3月: total 330 + 200 + 150 + 30 + 70 = 780 against 300 + 250 + 120 + 90 = 760:
        //   YoY (780 − 760) ÷ 760 = 2.6315… → 2.63 %.
        // Street 4: 330 vs 300 → +10.00 %, share 330 ÷ 780 = 42.307… → 42.31 %, 拉动 30 ÷ 760 = 3.947… → 3.95.
        // Park 2 (own B 200 + D's January 30, with street 4): 560 vs 640 → −12.50 %, 拉动 −80 ÷ 760 →
        //   −10.53; its own part (B, D-Jan) 230 vs 340.
        // Park 3 (C 150 + D 70): 220 vs 120 → +83.33 %, 拉动 100 ÷ 760 = 13.157… → 13.16.
        // Σ 拉动 of the tops' children: −10.53 + 13.16 = 2.63 = the total's YoY.
        // March alone: 120 + 80 + 50 + 40 = 290 against 100 + 90 + 40 + 30 = 260 → 11.54 %.
        // Targets: zone 4,000, park 2 2,000; street 4 and park 3 none (and nothing below): no completion.
        //   Zone 780 ÷ 4,000 = 19.50 %, 时序进度 25.00 → −5.50 pp; park 2 560 ÷ 2,000 = 28.00 % → +3.00 pp.
        let targets = HashMap::from([(1, wan("4000")), (2, wan("2000"))]);
        let rows = dept_rows(&depts(), &zone_pieces(), &targets, |id| format!("d{id}"), Decimal::from(25));
        let got: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.ytd_output.to_string(), r.last_ytd_output.map(|w| w.to_string()), r.yoy, r.share, r.contribution))
            .collect();
        let s = |v: &str| Some(v.to_string());
        assert_eq!(
            got,
            vec![
                ("d1", "780".into(), s("760"), rate("2.63"), rate("100.00"), rate("2.63")),
                ("d2", "560".into(), s("640"), rate("-12.50"), rate("71.79"), rate("-10.53")),
                ("d4", "330".into(), s("300"), rate("10.00"), rate("42.31"), rate("3.95")),
                ("d3", "220".into(), s("120"), rate("83.33"), rate("28.21"), rate("13.16")),
                ("合计", "780".into(), s("760"), rate("2.63"), rate("100.00"), rate("2.63")),
            ]
        );
        let (zone, park2, street, park3, total) = (&rows[0], &rows[1], &rows[2], &rows[3], &rows[4]);
        assert_eq!((zone.month_output, zone.last_month_output, zone.month_yoy), (wan("290"), Some(wan("260")), rate("11.54")));
        assert_eq!((zone.target, zone.completion, zone.schedule_gap), (Some(wan("4000")), rate("19.50"), rate("-5.50")));
        assert_eq!((park2.target, park2.completion, park2.schedule_gap), (Some(wan("2000")), rate("28.00"), rate("3.00")));
        assert_eq!((street.target, park3.target, park3.completion), (None, None, None));
        assert_eq!(total.target, Some(wan("4000")), "the zone's target, not the zone's plus the park's");
        // D counts in park 2 (January) and park 3 (March): enterprises per department, reported in March.
        assert_eq!([park2.enterprises, park2.reported, park3.enterprises, park3.reported], [3, 2, 2, 2]);
        assert!(park2.subtotal && !park3.subtotal && zone.depth == 0 && street.depth == 2);
    }

    #[test]
    fn industries_list_in_dictionary_order_with_unfilled_last() {
        let industry = HashMap::from([(1, "C39"), (2, "C26"), (3, ""), (4, "C39")]);
        let listed = vec![("C26".to_string(), "化学原料".to_string()), ("C39".to_string(), "电子设备".to_string())];
        let rows = group_rows(&zone_pieces(), |p| industry[&p.enterprise_id].to_string(), &listed, Decimal::from(25));
        let got: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.kind, r.ytd_output.to_string(), r.contribution)).collect();
        // C39 = A + D: 330 + 100 = 430 vs 300 + 90 = 390 → 拉动 40 ÷ 760 = 5.26; C26 = B: −50 ÷ 760 = −6.58;
        // 未填 = C: 30 ÷ 760 = 3.95. Σ = 2.63.
        assert_eq!(
            got,
            vec![
                ("化学原料", RowKind::Group, "200".into(), rate("-6.58")),
                ("电子设备", RowKind::Group, "430".into(), rate("5.26")),
                ("未填", RowKind::Unplaced, "150".into(), rate("3.95")),
                ("合计", RowKind::Total, "780".into(), rate("2.63")),
            ]
        );
    }

    /// A ranked row of the test below: an enterprise's id beside its row.
    impl Ranked for (i64, GroupRow) {
        fn ranking(&self) -> (Wan, Rate, Rate, &str, i64) {
            (self.1.ytd_output, self.1.yoy, self.1.contribution, self.1.name.as_str(), self.0)
        }
    }

    #[test]
    fn an_enterprise_is_listed_once_and_ranked_by_the_measure_asked() {
        let firms = firms(&zone_pieces());
        assert_eq!(firms.len(), 4);
        let d = &firms[3];
        assert_eq!(
            (d.dept_id, d.sums.ytd, d.sums.last_ytd, d.sums.enterprises, d.sums.reported),
            (Some(3), wan("100"), Some(wan("90")), 1, 1)
        );
        let total = Sums::total(&zone_pieces());
        let b = Basis { total: &total, progress: Decimal::from(25) };
        let mut rows: Vec<(i64, GroupRow)> = firms
            .iter()
            .map(|f| {
                (f.enterprise_id, GroupRow::new(String::new(), format!("e{}", f.enterprise_id), RowKind::Group, 0, false, &f.sums, None, b))
            })
            .collect();
        let order = |rows: &mut Vec<(i64, GroupRow)>, sort| {
            rank(rows, sort);
            rows.iter().map(|(id, _)| *id).collect::<Vec<_>>()
        };
        // 1–3月: A 330, B 200, C 150, D 100. YoY: C 25.00, D 11.11, A 10.00, B −20.00. 拉动: A 30 ÷ 760 =
        // 3.95, C 30 ÷ 760 = 3.95 (tie → larger output first: A), D 10 ÷ 760 = 1.32, B −6.58.
        assert_eq!(order(&mut rows, Sort::Output), [1, 2, 3, 4]);
        assert_eq!(order(&mut rows, Sort::Growth), [3, 4, 1, 2]);
        assert_eq!(order(&mut rows, Sort::Contribution), [1, 3, 4, 2]);
        assert_eq!(rows.iter().find(|(id, _)| *id == 4).unwrap().1.yoy, rate("11.11"));
    }

    #[test]
    fn the_trend_runs_to_month_n_and_has_no_month_on_month_across_a_merged_january() {
        let mut this = [Wan::ZERO; 12];
        let mut last = [Wan::ZERO; 12];
        for (i, (t, l)) in [("100", "90"), ("110", "100"), ("121", "100")].iter().enumerate() {
            this[i] = wan(t);
            last[i] = wan(l);
        }
        last[3] = wan("80");
        let p = Period::new(2026, 3).unwrap();
        let months = trend(p, &this, &last, January::Own);
        assert_eq!(months.len(), 12);
        // March: 1–3月 331 vs 290 → 14.14 %; the month 121 vs 100 → 21.00 %; 环比 121 vs 110 → 10.00 %.
        let m3 = &months[2];
        assert_eq!(
            (m3.this_cumulative, m3.last_cumulative, m3.yoy, m3.month_yoy, m3.mom),
            (Some(wan("331")), wan("290"), rate("14.14"), rate("21.00"), rate("10.00"))
        );
        assert_eq!((months[0].mom, months[1].mom), (None, rate("10.00")));
        // April is after N: nothing this year, last year's still shown.
        assert_eq!(
            (months[3].this_month, months[3].this_cumulative, months[3].yoy, months[3].last_cumulative),
            (None, None, None, wan("370"))
        );
        let merged = trend(p, &this, &last, January::MergedIntoFebruary);
        assert_eq!([merged[1].mom, merged[2].mom], [None, None]);
        // January stands inside 1–2月: no figure of its own; February's cumulative is Jan + Feb as filed.
        assert_eq!((merged[0].this_month, merged[0].this_cumulative, merged[0].yoy), (None, None, None));
        assert_eq!(
            (merged[1].this_month, merged[1].this_cumulative, merged[1].last_month),
            (Some(wan("210")), Some(wan("210")), wan("190"))
        );
    }
}
