//! 园区月度产值 in Excel: `parkMonthlyOutput/export` writes the matrix `parkMonthlyOutput/matrix` shows for
//! the same query, in the measure the screen shows (当月 / 累计 / 同比 / 完成率): the same rows, names
//! indented by level, subtotals and the total set apart, "—" where the screen shows no figure.
use keeper_common::AppError;
use keeper_excel::{Column, Sheet, SheetWriter, Value};
use keeper_security::CurrentUser;

use super::shape::{Cell, MatrixRow};
use super::{Matrix, MatrixQuery, Measure};
use crate::state::AppState;

const MONTH_FIELDS: [&str; 12] = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11", "m12"];

/// What "—" stands for in a cell: no figure, or no rate.
pub const NONE: &str = "—";

impl Measure {
    /// The measure as the title names it.
    pub fn label(self) -> &'static str {
        match self {
            Measure::Month => "当月值",
            Measure::Cumulative => "累计值",
            Measure::Yoy => "累计同比",
            Measure::Completion => "目标完成率",
        }
    }

    fn unit(self) -> &'static str {
        match self {
            Measure::Month | Measure::Cumulative => "万元",
            Measure::Yoy | Measure::Completion => "%",
        }
    }

    /// The header of month `m`: the month alone, or the months to date.
    fn header(self, m: u32, january_merged: bool) -> String {
        match (self, m) {
            (Measure::Month, 2) if january_merged => "1–2月".into(),
            (Measure::Month, m) | (_, m @ 1) => format!("{m}月"),
            (_, m) => format!("1–{m}月"),
        }
    }

    fn value(self, c: &Cell) -> Value {
        let figure = match self {
            Measure::Month => c.value.map(|w| w.decimal()),
            Measure::Cumulative => c.cumulative.map(|w| w.decimal()),
            Measure::Yoy => c.yoy,
            Measure::Completion => c.completion,
        };
        figure.map(Value::Decimal).unwrap_or_else(|| Value::Text(NONE.into()))
    }
}

pub fn file_name(m: &Matrix, measure: Measure) -> String {
    format!("园区月度产值-{}年-{}-{}.xlsx", m.year, m.data_source_name, measure.label())
}

/// The matrix of the query as xlsx bytes, with its file name.
pub async fn export(state: &AppState, me: &CurrentUser, q: MatrixQuery) -> Result<(String, Vec<u8>), AppError> {
    let m = super::read(state, me, q).await?;
    Ok((file_name(&m, q.measure), write(&m, q.measure)?))
}

pub fn sheet(m: &Matrix, measure: Measure) -> Sheet {
    let scale = if measure.unit() == "%" { 2 } else { 4 };
    let mut columns = vec![Column::text("dept", "园区", 24.0), Column::decimal("annualTarget", "年度目标(万元)", 16.0, 4)];
    for (i, field) in MONTH_FIELDS.into_iter().enumerate() {
        columns.push(Column::decimal(field, &measure.header(i as u32 + 1, m.january_merged), 12.0, scale));
    }
    Sheet::new("园区月度产值", columns)
}

pub fn write(m: &Matrix, measure: Measure) -> Result<Vec<u8>, AppError> {
    let sheet = sheet(m, measure);
    let mut w = SheetWriter::export(&sheet)?;
    w.title(&format!("{}（{}·{}）", m.title, m.data_source_name, measure.label()))?;
    w.unit_line(measure.unit())?;
    for r in &m.rows {
        let values = values(r, measure);
        match r.kind {
            "total" => w.total_row(&values)?,
            _ if r.subtotal => w.subtotal_row(&values)?,
            _ => w.row(&values)?,
        }
    }
    Ok(w.finish()?)
}

fn values(r: &MatrixRow, measure: Measure) -> Vec<Value> {
    let mut out = vec![
        Value::Text(format!("{}{}", "  ".repeat(r.depth), r.dept_name)),
        r.annual_target.map(|t| Value::Decimal(t.decimal())).unwrap_or_else(|| Value::Text(NONE.into())),
    ];
    out.extend(r.cells.iter().map(|c| measure.value(c)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_measure_heads_its_months_as_the_screen_does() {
        let heads = |m: Measure, merged| (1..=3).map(|i| m.header(i, merged)).collect::<Vec<_>>();
        assert_eq!(heads(Measure::Month, false), ["1月", "2月", "3月"]);
        assert_eq!(heads(Measure::Month, true), ["1月", "1–2月", "3月"]);
        assert_eq!(heads(Measure::Cumulative, false), ["1月", "1–2月", "1–3月"]);
        assert_eq!(heads(Measure::Yoy, true), ["1月", "1–2月", "1–3月"]);
    }
}
