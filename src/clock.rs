//! The machine's time zone: where a tournament gives none, its times are shown in it.
//! Read once, from `TZ` or the system's setting (`/etc/localtime` on Linux, the registry
//! on Windows) through `iana-time-zone`; UTC when neither names an IANA zone.

use std::sync::OnceLock;

use chrono_tz::Tz;

use crate::rules::{Clock, Settings};

/// The machine's zone (read once per process).
pub(crate) fn machine_zone() -> Tz {
    static ZONE: OnceLock<Tz> = OnceLock::new();
    *ZONE.get_or_init(|| {
        let named = std::env::var("TZ")
            .ok()
            .map(|tz| tz.trim_start_matches(':').to_owned())
            .filter(|tz| !tz.is_empty())
            .or_else(|| iana_time_zone::get_timezone().ok());
        named
            .and_then(|name| crate::rules::occasion::parse_zone(&name))
            .unwrap_or(Tz::UTC)
    })
}

/// The clock of a tournament: its own zone, else the machine's.
pub(crate) fn of(settings: &Settings) -> Clock {
    Clock::new(settings.occasion.zone_or(machine_zone()))
}

/// "Times in Asia/Shanghai, UTC+08:00": the label a page that shows times carries once.
pub(crate) fn times_in(t: &crate::i18n::Tr, clock: &Clock) -> String {
    t.a(
        "hall-times-in",
        "zone",
        clock.label(chrono::Utc::now().naive_utc()),
    )
}

/// The machine zone's name, for the settings form's hint.
pub(crate) fn machine_zone_name() -> &'static str {
    machine_zone().name()
}
