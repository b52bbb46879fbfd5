//! When and where a tournament is played (docs/rules.md §9, third round): `starts` and
//! `ends` (local dates), `venue`, `organiser` and `time_zone` (an IANA name), each optional,
//! and the clock that shows every time of the tournament in its zone.

use chrono::{NaiveDate, NaiveDateTime, TimeZone};
use chrono_tz::Tz;

/// The tournament's date, place, organiser and zone; everything optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Occasion {
    pub starts: Option<NaiveDate>,
    /// On or after `starts` when both are given.
    pub ends: Option<NaiveDate>,
    /// Empty when not given.
    pub venue: String,
    /// Empty when not given.
    pub organiser: String,
    /// `None`: the machine's zone.
    pub time_zone: Option<Tz>,
}

/// The raw values of an [`Occasion`] as a surface holds them; an empty text is "not given".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OccasionDraft {
    /// `YYYY-MM-DD`.
    pub starts: String,
    pub ends: String,
    pub venue: String,
    pub organiser: String,
    pub time_zone: String,
}

impl OccasionDraft {
    /// The draft that parses back to `o`.
    pub fn of(o: &Occasion) -> OccasionDraft {
        let date = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        OccasionDraft {
            starts: date(o.starts),
            ends: date(o.ends),
            venue: o.venue.clone(),
            organiser: o.organiser.clone(),
            time_zone: o.time_zone.map(|z| z.name().to_owned()).unwrap_or_default(),
        }
    }
}

impl Occasion {
    /// Nothing given: what an archive without the keys means.
    pub fn is_empty(&self) -> bool {
        *self == Occasion::default()
    }

    /// The zone times are shown in: the tournament's, else `machine`.
    pub(crate) fn zone_or(&self, machine: Tz) -> Tz {
        self.time_zone.unwrap_or(machine)
    }

    /// The day the tournament is listed by: its first day, else its last.
    pub fn day(&self) -> Option<NaiveDate> {
        self.starts.or(self.ends)
    }

    /// Whether it is over on `today`: its last day (or its only day) is before today.
    pub(crate) fn is_past(&self, today: NaiveDate) -> bool {
        self.ends.or(self.starts).is_some_and(|last| last < today)
    }

    /// `2026-12-05` or `2026-12-05 – 2026-12-06`; empty when no date is given.
    pub fn dates(&self) -> String {
        match (self.starts, self.ends) {
            (Some(s), Some(e)) if s != e => format!("{s} – {e}"),
            (Some(d), _) | (None, Some(d)) => d.to_string(),
            (None, None) => String::new(),
        }
    }
}

/// Shows moments (stored in UTC) in one zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    pub zone: Tz,
}

impl Clock {
    pub(crate) fn new(zone: Tz) -> Clock {
        Clock { zone }
    }

    /// `2026-12-05 19:25:03` in the clock's zone.
    pub(crate) fn at(&self, utc: NaiveDateTime) -> String {
        self.zone
            .from_utc_datetime(&utc)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    }

    /// `2026-12-05 19:25` in the clock's zone.
    pub(crate) fn minute(&self, utc: NaiveDateTime) -> String {
        self.zone
            .from_utc_datetime(&utc)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    }

    /// `19:25` in the clock's zone.
    pub(crate) fn hm(&self, utc: NaiveDateTime) -> String {
        self.zone
            .from_utc_datetime(&utc)
            .format("%H:%M")
            .to_string()
    }

    /// `19:25:03` in the clock's zone.
    pub(crate) fn time(&self, utc: NaiveDateTime) -> String {
        self.zone
            .from_utc_datetime(&utc)
            .format("%H:%M:%S")
            .to_string()
    }

    /// The label a page shows once: the zone's name and its offset at `utc`
    /// (`Asia/Shanghai, UTC+08:00`); `UTC` alone for UTC.
    pub(crate) fn label(&self, utc: NaiveDateTime) -> String {
        if self.zone == Tz::UTC || self.zone == Tz::Etc__UTC {
            return "UTC".to_owned();
        }
        let offset = self.zone.from_utc_datetime(&utc).format("%:z").to_string();
        format!("{}, UTC{offset}", self.zone.name())
    }
}

/// A local date as `tournament.toml` and the settings form give it (`2026-12-05`).
pub(crate) fn parse_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// An IANA zone name (`Asia/Shanghai`, `Europe/London`, `UTC`).
pub(crate) fn parse_zone(text: &str) -> Option<Tz> {
    text.trim().parse::<Tz>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn times_are_shown_in_the_tournaments_zone() {
        let shanghai = Clock::new(parse_zone("Asia/Shanghai").unwrap());
        assert_eq!(
            shanghai.at(at("2026-12-05 11:25:03")),
            "2026-12-05 19:25:03"
        );
        assert_eq!(shanghai.time(at("2026-12-05 17:00:00")), "01:00:00");
        assert_eq!(
            shanghai.label(at("2026-12-05 11:25:03")),
            "Asia/Shanghai, UTC+08:00"
        );
        // Summer time where the zone has it.
        let london = Clock::new(parse_zone("Europe/London").unwrap());
        assert_eq!(london.minute(at("2026-07-01 18:00:00")), "2026-07-01 19:00");
        assert_eq!(
            london.label(at("2026-07-01 18:00:00")),
            "Europe/London, UTC+01:00"
        );
        assert_eq!(Clock::new(Tz::UTC).label(at("2026-07-01 18:00:00")), "UTC");
    }

    #[test]
    fn dates_zones_and_the_past() {
        assert_eq!(
            parse_date("2026-12-05"),
            NaiveDate::from_ymd_opt(2026, 12, 5)
        );
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("5.12.2026"), None);
        assert!(parse_zone("Asia/Taipei").is_some());
        assert!(parse_zone("Asia/Beijing").is_none());
        let o = Occasion {
            starts: parse_date("2026-12-05"),
            ends: parse_date("2026-12-06"),
            ..Occasion::default()
        };
        assert_eq!(o.dates(), "2026-12-05 – 2026-12-06");
        assert!(!o.is_past(parse_date("2026-12-06").unwrap()));
        assert!(o.is_past(parse_date("2026-12-07").unwrap()));
        assert!(!Occasion::default().is_past(parse_date("2026-12-07").unwrap()));
        assert_eq!(OccasionDraft::of(&o).starts, "2026-12-05");
    }
}
