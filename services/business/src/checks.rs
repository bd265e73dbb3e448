//! The field checks every business form shares: `Y`/`N` flags, bounded amounts and coordinates, and the
//! labels of flags. Each refusal names the field and the reason.
use keeper_common::AppError;
use rust_decimal::Decimal;

/// `Y`/`N` flags, as the forms, the rows and the imports write them.
pub const YES: &str = "Y";
pub const NO: &str = "N";

/// A `Y`/`N` flag in any case; `default` when it is empty.
pub fn flag(field: &str, v: Option<String>, default: &str) -> Result<String, AppError> {
    match v.map(|s| s.trim().to_ascii_uppercase()).filter(|s| !s.is_empty()) {
        None => Ok(default.into()),
        Some(s) if s == YES || s == NO => Ok(s),
        Some(_) => Err(AppError::field(field, "取值应为 Y(是) 或 N(否)")),
    }
}

/// The label of a flag: 是, 否, or nothing for an empty one.
pub fn yes_no(flag: &str) -> String {
    match flag {
        "" => String::new(),
        f if f == YES => "是".into(),
        _ => "否".into(),
    }
}

/// A non-negative amount below `10^digits` with at most `scale` decimals.
pub fn amount(field: &str, v: Option<Decimal>, digits: u32, scale: u32) -> Result<Option<Decimal>, AppError> {
    let Some(d) = v else { return Ok(None) };
    if d.is_sign_negative() && !d.is_zero() {
        return Err(AppError::field(field, "不能为负数"));
    }
    coordinate(field, Some(d), Decimal::from(10i64.pow(digits)), scale)
}

/// A signed value strictly within `±bound` with at most `scale` decimals (longitude, latitude).
pub fn coordinate(field: &str, v: Option<Decimal>, bound: Decimal, scale: u32) -> Result<Option<Decimal>, AppError> {
    let Some(d) = v.map(|d| d.normalize()) else { return Ok(None) };
    if d.abs() >= bound {
        return Err(AppError::field(field, "数值超出范围"));
    }
    if d.scale() > scale {
        return Err(AppError::field(field, format!("最多{scale}位小数")));
    }
    Ok(Some(d))
}
