//! The filters of the log lists and exports: `account`, `requestUri` and `title` (contains), `success`
//! (`1` or `0`), `beginTime` and `endTime` (`yyyy-MM-dd HH:mm:ss` in the zone's time, both inclusive; a
//! bare date means the whole day), and for the platform administrator `tenantId`. A malformed value is a
//! 400 naming its field.
use chrono::{DateTime, TimeDelta, Utc};
use keeper_common::AppError;
use schemars::JsonSchema;
use serde::Deserialize;

use super::{Extra, LogKind};
use keeper_common::fields;

/// The query as sent; filters a log does not have are ignored.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogQuery {
    tenant_id: Option<String>,
    account: Option<String>,
    success: Option<String>,
    begin_time: Option<String>,
    end_time: Option<String>,
    request_uri: Option<String>,
    title: Option<String>,
}

/// Checked filters.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Filter {
    /// Honoured for the platform administrator only.
    pub tenant_id: Option<String>,
    pub account: Option<String>,
    pub success: Option<i32>,
    pub begin: Option<DateTime<Utc>>,
    /// Exclusive: the second after `endTime`, so that a row written within that second is still in.
    pub end_before: Option<DateTime<Utc>>,
    pub request_uri: Option<String>,
    pub title: Option<String>,
}

/// A bare date stands for its first second (as a start) or its last (as an end).
fn time(field: &str, v: &Option<String>, end: bool) -> Result<Option<DateTime<Utc>>, AppError> {
    let Some(s) = fields::filter(v) else { return Ok(None) };
    let t = keeper_common::time::parse_local(&s).ok_or_else(|| AppError::field(field, "时间格式应为 yyyy-MM-dd HH:mm:ss"))?;
    let whole_day = !s.contains(':');
    Ok(Some(match (end, whole_day) {
        (false, _) => t,
        (true, true) => t + TimeDelta::days(1),
        (true, false) => t + TimeDelta::seconds(1),
    }))
}

impl LogQuery {
    pub fn parse<K: LogKind>(&self) -> Result<Filter, AppError> {
        let has = |c: Extra| K::extra(c).is_some();
        let success = match fields::filter(&self.success).filter(|_| has(Extra::Success)) {
            None => None,
            Some(s) => match s.as_str() {
                "1" => Some(1),
                "0" => Some(0),
                _ => return Err(AppError::field("success", "取值应为 1 或 0")),
            },
        };
        let begin = time("beginTime", &self.begin_time, false)?;
        let end_before = time("endTime", &self.end_time, true)?;
        if let (Some(b), Some(e)) = (begin, end_before)
            && b >= e
        {
            return Err(AppError::field("endTime", "结束时间不能早于开始时间"));
        }
        Ok(Filter {
            tenant_id: fields::filter(&self.tenant_id),
            account: fields::filter(&self.account),
            success,
            begin,
            end_before,
            request_uri: fields::filter(&self.request_uri).filter(|_| has(Extra::RequestUri)),
            title: fields::filter(&self.title).filter(|_| has(Extra::Title)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::kinds::{ApiLogs, ErrorLogs};

    fn q(pairs: &[(&str, &str)]) -> LogQuery {
        serde_urlencoded::from_str(&serde_urlencoded::to_string(pairs).unwrap()).unwrap()
    }

    #[test]
    fn times_are_inclusive_in_the_zones_time() {
        let f = q(&[("beginTime", "2026-03-01 08:00:00"), ("endTime", "2026-03-01 09:00:00")]).parse::<ApiLogs>().unwrap();
        assert_eq!(f.begin.unwrap().to_rfc3339(), "2026-03-01T00:00:00+00:00");
        assert_eq!(f.end_before.unwrap().to_rfc3339(), "2026-03-01T01:00:01+00:00");
        let day = q(&[("endTime", "2026-03-01")]).parse::<ApiLogs>().unwrap();
        assert_eq!(day.end_before.unwrap().to_rfc3339(), "2026-03-01T16:00:00+00:00");
    }

    #[test]
    fn malformed_filters_name_their_field() {
        for (pairs, field) in [
            (vec![("beginTime", "yesterday")], "beginTime"),
            (vec![("endTime", "2026-13-01 00:00:00")], "endTime"),
            (vec![("beginTime", "2026-03-02"), ("endTime", "2026-03-01 00:00:00")], "endTime"),
            (vec![("success", "yes")], "success"),
        ] {
            let err = q(&pairs).parse::<ApiLogs>().unwrap_err();
            assert!(matches!(&err, AppError::Field { field: f, .. } if f == field), "{pairs:?}: {err}");
        }
    }

    #[test]
    fn filters_a_log_does_not_have_are_ignored() {
        let f = q(&[("success", "maybe"), ("title", "用户"), ("requestUri", "/user"), ("account", " ad ")]).parse::<ErrorLogs>().unwrap();
        assert_eq!(f, Filter { account: Some("ad".into()), request_uri: Some("/user".into()), ..Default::default() });
    }
}
