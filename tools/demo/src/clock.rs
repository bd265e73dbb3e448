//! The demo zone's calendar. Every date is counted back from one day, `as_of` (by default the first day
//! of the current month): the zone looks current whenever it is loaded, nothing lies in the future, and
//! loading it again in the same month gives the same dates.
use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Utc};

use crate::rng::Rng;

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    pub as_of: NaiveDate,
    /// How many whole years before `as_of`'s the platform has been in use: it went live in January of
    /// year `as_of - history`. 1 (January of last year) for the demo zone; more for a benchmark's zone.
    history: u32,
}

impl Clock {
    pub fn new(as_of: NaiveDate) -> Clock {
        Clock { as_of, history: 1 }
    }

    /// A clock whose platform went live in January `years` before `as_of`'s year (at least 1).
    pub fn with_history(as_of: NaiveDate, years: u32) -> Clock {
        Clock { as_of, history: years.max(1) }
    }

    /// The whole years before this one the platform holds (see [`Clock::with_history`]).
    pub fn history(&self) -> u32 {
        self.history
    }

    /// The first day of the current month in the zone's time.
    pub fn this_month() -> NaiveDate {
        let today = keeper_common::time::today();
        today.with_day(1).unwrap_or(today)
    }

    pub fn year(&self) -> i32 {
        self.as_of.year()
    }

    /// The day `n` days before `as_of`.
    pub fn days_ago(&self, n: i64) -> NaiveDate {
        self.as_of - chrono::Duration::days(n)
    }

    /// `day` plus `n` days, never after `as_of`.
    pub fn after(&self, day: NaiveDate, n: i64) -> NaiveDate {
        (day + chrono::Duration::days(n)).min(self.as_of)
    }

    /// A moment of office hours (08:30–17:59 in the zone) on `day`, as stored (UTC).
    pub fn office_time(&self, day: NaiveDate, rng: &mut Rng) -> DateTime<Utc> {
        let minute = rng.int(8 * 60 + 30, 17 * 60 + 59) as u32;
        let time = NaiveTime::from_hms_opt(minute / 60, minute % 60, rng.int(0, 59) as u32).unwrap_or_default();
        let local = keeper_common::time::zone().from_local_datetime(&day.and_time(time)).single();
        local.map(|t| t.with_timezone(&Utc)).unwrap_or_else(|| day.and_time(time).and_utc())
    }

    /// The last working day on or before `day`.
    pub fn working_day_back(day: NaiveDate) -> NaiveDate {
        let mut d = day;
        while d.weekday().number_from_monday() > 5 {
            d = d.pred_opt().unwrap_or(d);
        }
        d
    }

    /// The next working day (Monday to Friday) from `day` on: reviews happen at the office.
    pub fn working_day(day: NaiveDate) -> NaiveDate {
        let mut d = day;
        while d.weekday().number_from_monday() > 5 {
            d = d.checked_add_days(Days::new(1)).unwrap_or(d);
        }
        d
    }
}

/// Moments of office hours on given days, each after the one before: a workflow's steps, in order even
/// when two fall on one day.
pub struct Moments<'c> {
    clock: &'c Clock,
    last: Option<DateTime<Utc>>,
}

impl<'c> Moments<'c> {
    /// Moments after `last`, if any.
    pub fn after(clock: &'c Clock, last: Option<DateTime<Utc>>) -> Moments<'c> {
        Moments { clock, last }
    }

    /// A moment of `day`, later than the one before (minutes later when office hours put it earlier).
    pub fn on(&mut self, day: NaiveDate, rng: &mut Rng) -> DateTime<Utc> {
        let mut t = self.clock.office_time(day, rng);
        if let Some(prev) = self.last
            && t <= prev
        {
            t = prev + chrono::Duration::minutes(rng.int(5, 90));
        }
        self.last = Some(t);
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Timelike;

    #[test]
    fn office_times_fall_in_office_hours_of_the_zone() {
        let clock = Clock::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        let mut rng = Rng::stream(0, "clock");
        let day = NaiveDate::from_ymd_opt(2026, 10, 12).unwrap();
        for _ in 0..200 {
            let local = clock.office_time(day, &mut rng).with_timezone(&keeper_common::time::zone());
            assert_eq!(local.date_naive(), day);
            assert!((8..=17).contains(&local.hour()), "{local}");
        }
        assert_eq!(Clock::working_day(NaiveDate::from_ymd_opt(2026, 10, 10).unwrap()), NaiveDate::from_ymd_opt(2026, 10, 12).unwrap());
        assert_eq!(clock.after(day, 100), clock.as_of);
    }
}
