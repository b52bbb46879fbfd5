//! A round's clock, as the director runs it: started with a length in minutes, paused and
//! resumed, and extra minutes for a single table (a late start, a ruling). Pure: the
//! stored state, the director's events and what the hall reads from them (when the round
//! ends, for the whole hall or one table, and what is left at a moment).

use chrono::{Duration, NaiveDateTime};

/// The longest round a clock takes, and the most extra minutes one table may get at once.
pub(crate) const MAX_MINUTES: i32 = 600;

/// A round's clock as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundClock {
    /// The round's length as started.
    pub minutes: i32,
    pub started_at: NaiveDateTime,
    /// Since when the clock stands still, if it does.
    pub paused_at: Option<NaiveDateTime>,
    /// The seconds of the pauses already over.
    pub paused_seconds: i64,
    /// Extra minutes by table, each table at most once (added up).
    pub extra: Vec<(i32, i32)>,
}

/// What the director does with a round's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// Start (or start again) with this many minutes from now.
    Start {
        minutes: i32,
    },
    Pause,
    Resume,
    /// Give one table extra minutes.
    Extra {
        table: i32,
        minutes: i32,
    },
}

/// Why the clock refuses an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRefusal {
    /// Minutes out of 1..=[`MAX_MINUTES`].
    Minutes,
    /// Pause, resume or extra time before the clock was started.
    NotStarted,
    AlreadyPaused,
    NotPaused,
}

impl RoundClock {
    /// The clock after `event` at `now` (`None`: not started yet).
    pub fn apply(
        clock: Option<&RoundClock>,
        event: ClockEvent,
        now: NaiveDateTime,
    ) -> Result<RoundClock, ClockRefusal> {
        let minutes_ok = |m: i32| (1..=MAX_MINUTES).contains(&m);
        match (clock, event) {
            (_, ClockEvent::Start { minutes }) => {
                if !minutes_ok(minutes) {
                    return Err(ClockRefusal::Minutes);
                }
                Ok(RoundClock {
                    minutes,
                    started_at: now,
                    paused_at: None,
                    paused_seconds: 0,
                    extra: Vec::new(),
                })
            }
            (None, _) => Err(ClockRefusal::NotStarted),
            (Some(c), ClockEvent::Pause) => match c.paused_at {
                Some(_) => Err(ClockRefusal::AlreadyPaused),
                None => Ok(RoundClock {
                    paused_at: Some(now),
                    ..c.clone()
                }),
            },
            (Some(c), ClockEvent::Resume) => match c.paused_at {
                None => Err(ClockRefusal::NotPaused),
                Some(since) => Ok(RoundClock {
                    paused_at: None,
                    paused_seconds: c.paused_seconds + (now - since).num_seconds().max(0),
                    ..c.clone()
                }),
            },
            (Some(c), ClockEvent::Extra { table, minutes }) => {
                if !minutes_ok(minutes) {
                    return Err(ClockRefusal::Minutes);
                }
                let mut next = c.clone();
                match next.extra.iter_mut().find(|(t, _)| *t == table) {
                    Some((_, m)) => *m = (*m + minutes).min(MAX_MINUTES),
                    None => {
                        next.extra.push((table, minutes));
                        next.extra.sort_unstable();
                    }
                }
                Ok(next)
            }
        }
    }

    /// The extra minutes of `table` (none for the hall as a whole).
    pub(crate) fn extra_of(&self, table: Option<i32>) -> i32 {
        table
            .and_then(|t| self.extra.iter().find(|(x, _)| *x == t))
            .map_or(0, |(_, m)| *m)
    }

    /// When the round ends for `table` (or the hall) if the clock runs on from `now`: a
    /// pause under way counts up to `now`.
    pub(crate) fn ends_at(&self, table: Option<i32>, now: NaiveDateTime) -> NaiveDateTime {
        let pausing = self
            .paused_at
            .map_or(0, |since| (now - since).num_seconds().max(0));
        self.started_at
            + Duration::minutes(i64::from(self.minutes + self.extra_of(table)))
            + Duration::seconds(self.paused_seconds + pausing)
    }

    /// The seconds left at `now` for `table` (or the hall); 0 once over.
    pub(crate) fn seconds_left(&self, table: Option<i32>, now: NaiveDateTime) -> i64 {
        (self.ends_at(table, now) - now).num_seconds().max(0)
    }

    pub fn paused(&self) -> bool {
        self.paused_at.is_some()
    }

    /// The extra minutes as stored: `3:5,7:2`.
    pub(crate) fn extra_text(&self) -> String {
        self.extra
            .iter()
            .map(|(t, m)| format!("{t}:{m}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The extra minutes of a stored text (pieces that do not read are left out).
    pub(crate) fn read_extra(text: &str) -> Vec<(i32, i32)> {
        let mut out: Vec<(i32, i32)> = text
            .split(',')
            .filter_map(|p| {
                let (t, m) = p.trim().split_once(':')?;
                Some((t.parse().ok()?, m.parse().ok()?))
            })
            .collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: u32, m: u32, s: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(h, m, s)
            .unwrap()
    }

    #[test]
    fn a_clock_runs_pauses_and_gives_a_table_extra_time() {
        let start = RoundClock::apply(None, ClockEvent::Start { minutes: 40 }, at(19, 0, 0));
        let c = start.unwrap();
        assert_eq!(c.ends_at(None, at(19, 0, 0)), at(19, 40, 0));
        assert_eq!(c.seconds_left(None, at(19, 30, 0)), 600);
        let paused = RoundClock::apply(Some(&c), ClockEvent::Pause, at(19, 10, 0)).unwrap();
        // While paused the end moves on with the time and what is left stands still.
        assert_eq!(paused.seconds_left(None, at(19, 15, 0)), 30 * 60);
        assert_eq!(paused.ends_at(None, at(19, 15, 0)), at(19, 45, 0));
        let resumed = RoundClock::apply(Some(&paused), ClockEvent::Resume, at(19, 13, 0)).unwrap();
        assert_eq!(resumed.ends_at(None, at(19, 20, 0)), at(19, 43, 0));
        let extra = ClockEvent::Extra {
            table: 3,
            minutes: 5,
        };
        let more = RoundClock::apply(Some(&resumed), extra, at(19, 20, 0)).unwrap();
        let more = RoundClock::apply(Some(&more), extra, at(19, 21, 0)).unwrap();
        assert_eq!(more.ends_at(Some(3), at(19, 20, 0)), at(19, 53, 0));
        assert_eq!(more.ends_at(Some(4), at(19, 20, 0)), at(19, 43, 0));
        assert_eq!(more.ends_at(None, at(19, 20, 0)), at(19, 43, 0));
        assert_eq!(more.seconds_left(None, at(20, 0, 0)), 0);
        assert_eq!(RoundClock::read_extra(&more.extra_text()), more.extra);
    }

    #[test]
    fn the_clock_refuses_what_does_not_fit_its_state() {
        let now = at(19, 0, 0);
        assert_eq!(
            RoundClock::apply(None, ClockEvent::Pause, now),
            Err(ClockRefusal::NotStarted)
        );
        assert_eq!(
            RoundClock::apply(None, ClockEvent::Start { minutes: 0 }, now),
            Err(ClockRefusal::Minutes)
        );
        let c = RoundClock::apply(None, ClockEvent::Start { minutes: 30 }, now).unwrap();
        assert_eq!(
            RoundClock::apply(Some(&c), ClockEvent::Resume, now),
            Err(ClockRefusal::NotPaused)
        );
        let p = RoundClock::apply(Some(&c), ClockEvent::Pause, now).unwrap();
        assert_eq!(
            RoundClock::apply(Some(&p), ClockEvent::Pause, now),
            Err(ClockRefusal::AlreadyPaused)
        );
        let extra = ClockEvent::Extra {
            table: 1,
            minutes: MAX_MINUTES + 1,
        };
        assert_eq!(
            RoundClock::apply(Some(&c), extra, now),
            Err(ClockRefusal::Minutes)
        );
        assert_eq!(RoundClock::read_extra("x, 2:3 ,4"), vec![(2, 3)]);
    }
}
