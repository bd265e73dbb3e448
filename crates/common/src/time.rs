//! Times: stored in UTC, shown as `yyyy-MM-dd HH:mm:ss` in the zone's local time (China Standard Time).
use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Utc};

use crate::AppError;

pub const FORMAT: &str = "%Y-%m-%d %H:%M:%S";

/// The zone's offset: every Chinese development zone runs on UTC+8.
pub fn zone() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).expect("valid offset")
}

pub fn now() -> DateTime<Utc> {
    Utc::now()
}

/// Today in the zone.
pub fn today() -> NaiveDate {
    Utc::now().with_timezone(&zone()).date_naive()
}

/// The first day a date field takes: Excel's calendar, and every record of a zone, starts in 1900.
pub const EARLIEST_DATE: NaiveDate = NaiveDate::from_ymd_opt(1900, 1, 1).expect("valid date");

/// A day of the past (a founding date, a birthday): from 1900-01-01 up to today in the zone.
pub fn past_date(field: &str, day: NaiveDate) -> Result<NaiveDate, AppError> {
    if day < EARLIEST_DATE {
        return Err(AppError::field(field, "不能早于 1900-01-01"));
    }
    if day > today() {
        return Err(AppError::field(field, "不能晚于今天"));
    }
    Ok(day)
}

pub fn format(t: &DateTime<Utc>) -> String {
    t.with_timezone(&zone()).format(FORMAT).to_string()
}

/// Parses a local `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) into UTC.
pub fn parse_local(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    let naive = NaiveDateTime::parse_from_str(s, FORMAT)
        .ok()
        .or_else(|| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0)))?;
    zone().from_local_datetime(&naive).single().map(|t| t.with_timezone(&Utc))
}

/// Serde adapter: UTC times written in the zone's local format.
pub mod local {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::format(v))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let s = String::deserialize(d)?;
        super::parse_local(&s).ok_or_else(|| serde::de::Error::custom("时间格式应为 yyyy-MM-dd HH:mm:ss"))
    }
}

/// Serde adapter for optional times: none is written as `""` (Blade's null rule) and read from `""` or null.
pub mod opt_local {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<DateTime<Utc>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(t) => s.serialize_str(&super::format(t)),
            None => s.serialize_str(""),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) if s.trim().is_empty() => Ok(None),
            Some(s) => super::parse_local(&s).map(Some).ok_or_else(|| serde::de::Error::custom("时间格式应为 yyyy-MM-dd HH:mm:ss")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_format_round_trips_through_utc() {
        let t = parse_local("2026-01-02 08:30:00").unwrap();
        assert_eq!(t.to_rfc3339(), "2026-01-02T00:30:00+00:00");
        assert_eq!(format(&t), "2026-01-02 08:30:00");
        assert!(parse_local("02/01/2026").is_none());
    }
}

/// Serde adapter for optional days: written `yyyy-MM-dd`, none as `""`; read from `yyyy-MM-dd` (a time after
/// the day, as spreadsheets and date pickers send it, is ignored), `""` or null.
pub mod opt_day {
    use chrono::NaiveDate;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<NaiveDate>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(d) => s.collect_str(&d.format("%Y-%m-%d")),
            None => s.serialize_str(""),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<NaiveDate>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) if s.trim().is_empty() => Ok(None),
            Some(s) => {
                let day = s.trim().split([' ', 'T']).next().unwrap_or_default();
                NaiveDate::parse_from_str(day, "%Y-%m-%d").map(Some).map_err(|_| serde::de::Error::custom("日期格式应为 yyyy-MM-dd"))
            }
        }
    }
}
