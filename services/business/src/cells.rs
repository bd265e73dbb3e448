//! The cells of report-style exports, written once: amounts and rates as numbers, and "—" where the
//! screen shows no figure or no rate (a zero or missing base), so that a sheet reads as its screen.
use keeper_excel::Value;

use crate::metrics::Rate;
use crate::money::Wan;

/// What "—" stands for in a cell: no figure, or no rate.
pub const NONE: &str = "—";

/// A rate in percent, or "—".
pub fn rate(r: Rate) -> Value {
    r.map_or_else(|| Value::Text(NONE.into()), Value::Decimal)
}

/// An amount in 万元.
pub fn money(w: Wan) -> Value {
    Value::Decimal(w.decimal())
}

/// An amount, or "—" where there is none.
pub fn opt_money(w: Option<Wan>) -> Value {
    w.map_or_else(|| Value::Text(NONE.into()), money)
}
