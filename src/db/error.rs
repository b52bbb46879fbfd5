//! The database layer's one error type.
//!
//! Every function in [`crate::db`] returns [`DbError`]. `NotFound` is a query that found
//! no row (the web layer answers 404 for it by itself); `Query` wraps diesel's other errors
//! (use [`DbError::is_unique_violation`] to tell "slug already taken" from a real failure);
//! `Corrupt` means stored text no longer parses as a rules value and names the table, row
//! and column; `Refused` is a write the stored tournament does not allow (a team or board
//! it does not hold, a pairing that already has results), a [`WriteRefusal`] worded in the
//! reader's language (`locales/*/refused.ftl`). The web layer maps them to its own error
//! page. Each failure keeps its cause as [`std::error::Error::source`]; [`report`] writes
//! the whole chain for a log.

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use fluent_templates::fluent_bundle::FluentValue;

use crate::i18n::{Arg, Tr};
use crate::rules::{Room, TeamNo};

/// Why a database operation failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database could not be opened or reached (bad URL, server down, file not writable).
    #[error("cannot open the database: {0}")]
    Connection(String),
    /// A query that must find a row found none (diesel's `NotFound`, from `get_result`,
    /// `first` or `find` without `.optional()`): a missing round, match or team.
    #[error("no such row in the database")]
    NotFound,
    /// A query failed; constraint violations arrive here too.
    #[error("database query failed: {0}")]
    Query(#[source] DieselError),
    /// The embedded migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migration(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// No connection could be had from the pool.
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    /// Stored text no longer parses: `table`, row id and column, then why.
    #[error("corrupt data in the database: {0}")]
    Corrupt(String),
    /// A write the stored tournament does not allow: the reader is told why, in words.
    #[error("{0}")]
    Refused(WriteRefusal),
}

/// Why the database layer refuses a write: what the stored tournament does not hold or no
/// longer allows. Each kind is one message of `locales/*/refused.ftl` ([`WriteRefusal::text`]);
/// its `Display` is the English one, for the command line and logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteRefusal {
    /// A round beyond the last a tournament may have.
    TooManyRounds { max: i32 },
    /// A round to add is not the next one (`next` is).
    RoundNotNext { round: i32, next: i32 },
    /// A board the round does not have.
    NoSuchBoard { round: i32, board: i32 },
    /// A team the tournament does not have.
    NoSuchTeam { team: TeamNo },
    /// A pairing to change or remove whose match has results.
    PairingHasResults { round: i32, table: i32 },
    /// Results for a bye.
    ByeHasNoResults { round: i32, table: i32 },
    /// The same room and board twice in one save.
    ResultTwice { room: Room, board: i32 },
    /// A line-up for a team that does not play at the table.
    TeamNotAtTable {
        team: TeamNo,
        round: i32,
        table: i32,
    },
    /// A line-up for a bye.
    ByeHasNoLineup { round: i32, table: i32 },
    /// Both seats of a pair given to one player.
    ChosenTwice {
        room: Room,
        team: TeamNo,
        player: String,
    },
    /// A player who is not a member of the team.
    NotAMember { player: String, team: TeamNo },
    /// A player in both rooms of one match.
    BothRooms {
        player: String,
        round: i32,
        table: i32,
    },
    /// The same room and team twice in one save of line-ups.
    LineupTwice { room: Room, team: TeamNo },
    /// An event to store whose match names a team the event does not hold.
    TeamNotInEvent {
        round: i32,
        table: i32,
        team: TeamNo,
    },
    /// An event to store whose result names a board its round does not hold.
    BoardNotInRound {
        round: i32,
        table: i32,
        room: Room,
        board: i32,
    },
    /// An event to store whose line-up names a match or team it does not hold.
    LineupNoMatch {
        round: i32,
        table: i32,
        team: TeamNo,
    },
    /// A tournament marked finished while a board is not released (the first one).
    FinishUnreleased { round: i32, board: i32 },
    /// `rated` set or unset by someone who is not an administrator.
    RatedAdminsOnly,
    /// `rated` set or unset once the tournament has a result.
    RatedHasResults,
    /// `rated` set on a tournament that is not published.
    RatedNeedsPublished,
    /// `rated` set on a tournament without an end date.
    RatedNeedsEnds,
    /// A rated tournament unpublished.
    RatedStaysPublished,
    /// In a rated tournament, a line-up of a room with a result changed without a reason.
    LineupReasonNeeded { round: i32, table: i32 },
    /// In a rated tournament, a line-up of a room with a result changed at the table, which
    /// gives no reason: the director changes it at the desk.
    LineupFixedAtTable { round: i32, table: i32 },
    /// In a rated tournament, a member's link changed without a reason once a room the
    /// member sat in has a result.
    LinkReasonNeeded { team: TeamNo },
    /// A series slug that is not a slug.
    SeriesSlug { slug: String },
    /// A series name empty, too long or with control characters.
    SeriesName,
    /// A series' `count_best` that is not a positive number.
    SeriesCountBest,
    /// A new series under a slug another series has.
    SeriesTaken { slug: String },
    /// A tournament put in a series there is none of.
    SeriesUnknown { slug: String },
    /// A series naming a tournament there is none of.
    SeriesNoTournament { slug: String },
    /// A new order of a series that does not name each of its tournaments once.
    SeriesOrder,
}

/// An argument as text (numbers too: no grouping in a round or board number).
fn s(v: impl ToString) -> FluentValue<'static> {
    FluentValue::from(v.to_string())
}

impl WriteRefusal {
    /// The Fluent id of the refusal and its arguments.
    pub fn message(&self) -> (&'static str, Vec<Arg<'static>>) {
        use WriteRefusal as R;
        let at = |round: &i32, table: &i32| vec![("round", s(round)), ("table", s(table))];
        let with = |mut args: Vec<Arg<'static>>, name, value| {
            args.push((name, value));
            args
        };
        match self {
            R::TooManyRounds { max } => ("refused-too-many-rounds", vec![("max", s(max))]),
            R::RoundNotNext { round, next } => (
                "refused-round-not-next",
                vec![("round", s(round)), ("next", s(next))],
            ),
            R::NoSuchBoard { round, board } => (
                "refused-no-such-board",
                vec![("round", s(round)), ("board", s(board))],
            ),
            R::NoSuchTeam { team } => ("refused-no-such-team", vec![("team", s(team))]),
            R::PairingHasResults { round, table } => {
                ("refused-pairing-has-results", at(round, table))
            }
            R::ByeHasNoResults { round, table } => ("refused-bye-no-results", at(round, table)),
            R::ResultTwice { room, board } => (
                "refused-result-twice",
                vec![("room", s(room.code())), ("board", s(board))],
            ),
            R::TeamNotAtTable { team, round, table } => (
                "refused-team-not-at-table",
                with(at(round, table), "team", s(team)),
            ),
            R::ByeHasNoLineup { round, table } => ("refused-bye-no-lineup", at(round, table)),
            R::ChosenTwice { .. }
            | R::NotAMember { .. }
            | R::BothRooms { .. }
            | R::LineupTwice { .. } => self.lineup_message(),
            R::TeamNotInEvent { round, table, team } => (
                "refused-team-not-in-event",
                with(at(round, table), "team", s(team)),
            ),
            R::FinishUnreleased { .. }
            | R::RatedAdminsOnly
            | R::RatedHasResults
            | R::RatedNeedsPublished
            | R::RatedNeedsEnds
            | R::RatedStaysPublished
            | R::LineupReasonNeeded { .. }
            | R::LineupFixedAtTable { .. }
            | R::LinkReasonNeeded { .. } => self.standing_message(),
            R::SeriesSlug { .. }
            | R::SeriesName
            | R::SeriesCountBest
            | R::SeriesTaken { .. }
            | R::SeriesUnknown { .. }
            | R::SeriesNoTournament { .. }
            | R::SeriesOrder => self.series_message(),
            R::BoardNotInRound {
                round,
                table,
                room,
                board,
            } => (
                "refused-board-not-in-round",
                with(
                    with(at(round, table), "room", s(room.code())),
                    "board",
                    s(board),
                ),
            ),
            R::LineupNoMatch { round, table, team } => (
                "refused-lineup-no-match",
                with(at(round, table), "team", s(team)),
            ),
        }
    }

    /// [`WriteRefusal::message`] of a refusal about a tournament's standing: finished,
    /// rated, and the reasons a rated tournament asks for.
    fn standing_message(&self) -> (&'static str, Vec<Arg<'static>>) {
        use WriteRefusal as R;
        let at = |round: &i32, table: &i32| vec![("round", s(round)), ("table", s(table))];
        match self {
            R::FinishUnreleased { round, board } => (
                "refused-finish-unreleased",
                vec![("round", s(round)), ("board", s(board))],
            ),
            R::RatedAdminsOnly => ("refused-rated-admins-only", vec![]),
            R::RatedHasResults => ("refused-rated-has-results", vec![]),
            R::RatedNeedsPublished => ("refused-rated-needs-published", vec![]),
            R::RatedNeedsEnds => ("refused-rated-needs-ends", vec![]),
            R::RatedStaysPublished => ("refused-rated-stays-published", vec![]),
            R::LineupReasonNeeded { round, table } => {
                ("refused-lineup-reason-needed", at(round, table))
            }
            R::LineupFixedAtTable { round, table } => {
                ("refused-lineup-fixed-at-table", at(round, table))
            }
            R::LinkReasonNeeded { team } => ("refused-link-reason-needed", vec![("team", s(team))]),
            other => other.message(),
        }
    }

    /// [`WriteRefusal::message`] of a refusal about a series.
    fn series_message(&self) -> (&'static str, Vec<Arg<'static>>) {
        use WriteRefusal as R;
        match self {
            R::SeriesSlug { slug } => ("refused-series-slug", vec![("slug", s(slug))]),
            R::SeriesName => ("refused-series-name", vec![]),
            R::SeriesCountBest => ("refused-series-count-best", vec![]),
            R::SeriesTaken { slug } => ("refused-series-taken", vec![("slug", s(slug))]),
            R::SeriesUnknown { slug } => ("refused-series-unknown", vec![("slug", s(slug))]),
            R::SeriesNoTournament { slug } => {
                ("refused-series-no-tournament", vec![("slug", s(slug))])
            }
            R::SeriesOrder => ("refused-series-order", vec![]),
            other => other.message(),
        }
    }

    /// [`WriteRefusal::message`] of a refusal about who sits in a room.
    fn lineup_message(&self) -> (&'static str, Vec<Arg<'static>>) {
        use WriteRefusal as R;
        let at = |round: &i32, table: &i32| vec![("round", s(round)), ("table", s(table))];
        let with = |mut args: Vec<Arg<'static>>, name, value| {
            args.push((name, value));
            args
        };
        match self {
            R::ChosenTwice { room, team, player } => (
                "refused-chosen-twice",
                vec![
                    ("room", s(room.code())),
                    ("team", s(team)),
                    ("player", s(player)),
                ],
            ),
            R::NotAMember { player, team } => (
                "refused-not-a-member",
                vec![("player", s(player)), ("team", s(team))],
            ),
            R::BothRooms {
                player,
                round,
                table,
            } => (
                "refused-both-rooms",
                with(at(round, table), "player", s(player)),
            ),
            R::LineupTwice { room, team } => (
                "refused-lineup-twice",
                vec![("room", s(room.code())), ("team", s(team))],
            ),
            other => other.message(),
        }
    }

    /// The refusal in words, in `t`'s language.
    pub fn text(&self, t: &Tr) -> String {
        let (id, args) = self.message();
        t.args(id, &args)
    }
}

impl std::fmt::Display for WriteRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(&Tr::en()))
    }
}

impl From<WriteRefusal> for DbError {
    fn from(refusal: WriteRefusal) -> Self {
        DbError::Refused(refusal)
    }
}

impl DbError {
    /// A stored value that does not parse, in `table` row `id`, column `column`.
    pub fn corrupt(table: &str, id: i32, column: &str, why: impl std::fmt::Display) -> DbError {
        DbError::Corrupt(format!("{table} id {id}, column {column}: {why}"))
    }

    /// Whether a UNIQUE constraint refused the write (e.g. a slug that is already taken).
    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            DbError::Query(DieselError::DatabaseError(
                DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }

    /// Whether the database was too busy to take the write (SQLite's lock still held when
    /// the busy timeout ran out, a PostgreSQL serialization failure or deadlock, no free
    /// connection in time): nothing was written, and sending it again may well succeed.
    pub(crate) fn is_busy(&self) -> bool {
        match self {
            DbError::Query(DieselError::DatabaseError(kind, info)) => {
                matches!(kind, DatabaseErrorKind::SerializationFailure)
                    || info.message().contains("database is locked")
                    || info.message().contains("database is busy")
                    || info.message().contains("deadlock detected")
            }
            DbError::Pool(_) => true,
            _ => false,
        }
    }

    /// Whether the write failed for lack of room where the database keeps its files
    /// (SQLite's `SQLITE_FULL`, "database or disk is full"; PostgreSQL's `disk_full`, or a
    /// file it could not extend): nothing was written, and sending it again succeeds once
    /// the operator has made room.
    pub(crate) fn is_full(&self) -> bool {
        match self {
            DbError::Query(DieselError::DatabaseError(_, info)) => {
                let message = info.message();
                message.contains("database or disk is full")
                    || message.contains("No space left on device")
                    || message.contains("could not extend file")
                    || message.contains("disk full")
            }
            _ => false,
        }
    }
}

/// Diesel's `NotFound` becomes [`DbError::NotFound`]; every other error stays a `Query`.
impl From<DieselError> for DbError {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => DbError::NotFound,
            e => DbError::Query(e),
        }
    }
}

/// An error and its causes on one line, for a log: each cause whose words the message
/// before it does not already hold is added after a colon.
pub fn report(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        let words = e.to_string();
        if !text.contains(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
        cause = e.source();
    }
    text
}

impl From<diesel::ConnectionError> for DbError {
    fn from(e: diesel::ConnectionError) -> Self {
        DbError::Connection(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// One refusal of each kind, its players named in Chinese as at a club.
    fn every_refusal() -> Vec<WriteRefusal> {
        use WriteRefusal as R;
        let team = TeamNo(3);
        let player = || "周明".to_owned();
        vec![
            R::TooManyRounds { max: 999 },
            R::RoundNotNext { round: 5, next: 4 },
            R::NoSuchBoard { round: 2, board: 9 },
            R::NoSuchTeam { team },
            R::PairingHasResults { round: 1, table: 2 },
            R::ByeHasNoResults { round: 1, table: 3 },
            R::ResultTwice {
                room: Room::Open,
                board: 4,
            },
            R::TeamNotAtTable {
                team,
                round: 1,
                table: 2,
            },
            R::ByeHasNoLineup { round: 1, table: 3 },
            R::ChosenTwice {
                room: Room::Closed,
                team,
                player: player(),
            },
            R::NotAMember {
                player: player(),
                team,
            },
            R::BothRooms {
                player: player(),
                round: 3,
                table: 1,
            },
            R::LineupTwice {
                room: Room::Open,
                team,
            },
            R::TeamNotInEvent {
                round: 1,
                table: 2,
                team,
            },
            R::BoardNotInRound {
                round: 1,
                table: 2,
                room: Room::Closed,
                board: 9,
            },
            R::LineupNoMatch {
                round: 1,
                table: 2,
                team,
            },
            R::FinishUnreleased { round: 4, board: 7 },
            R::RatedAdminsOnly,
            R::RatedHasResults,
            R::RatedNeedsPublished,
            R::RatedNeedsEnds,
            R::RatedStaysPublished,
            R::LineupReasonNeeded { round: 2, table: 5 },
            R::LineupFixedAtTable { round: 2, table: 5 },
            R::LinkReasonNeeded { team },
            R::SeriesSlug {
                slug: "春季".into(),
            },
            R::SeriesName,
            R::SeriesCountBest,
            R::SeriesTaken {
                slug: "2026".into(),
            },
            R::SeriesUnknown {
                slug: "2027".into(),
            },
            R::SeriesNoTournament {
                slug: "2028".into(),
            },
            R::SeriesOrder,
        ]
    }

    /// Every kind of refusal is worded in every language, with each of its values; the
    /// Chinese words hold no English; and every message of `refused.ftl` is some kind's.
    #[test]
    fn every_refusal_is_worded_in_every_language() {
        let refusals = every_refusal();
        let ids: std::collections::BTreeSet<&str> =
            refusals.iter().map(|r| r.message().0).collect();
        assert_eq!(ids.len(), refusals.len(), "one message per kind");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/en/refused.ftl");
        let defined: std::collections::BTreeSet<String> = std::fs::read_to_string(file)
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix("refused-"))
            .filter_map(|l| l.split_once(" ="))
            .map(|(id, _)| format!("refused-{id}"))
            .collect();
        let named: std::collections::BTreeSet<String> = ids.iter().map(|s| s.to_string()).collect();
        assert_eq!(named, defined, "every message has its kind");
        for lang in Lang::all() {
            let t = Tr::new(lang);
            for refusal in &refusals {
                let (id, args) = refusal.message();
                let text = refusal.text(&t);
                assert_ne!(text, id, "{id} is missing in {lang:?}");
                assert!(!text.contains('{'), "{id} in {lang:?}: {text}");
                for (name, value) in &args {
                    let FluentValue::String(value) = value else {
                        panic!("{id}: {name} is text");
                    };
                    // A room is worded, not shown by its code.
                    if *name != "room" {
                        assert!(text.contains(value.as_ref()), "{id} in {lang:?}: {text}");
                    }
                }
                if lang != Lang::EN {
                    assert!(
                        !text.chars().any(|c| c.is_ascii_alphabetic()),
                        "English in {id} in {lang:?}: {text}"
                    );
                }
            }
        }
        assert_eq!(refusals[10].to_string(), "周明 is not a member of team 3.");
        assert_eq!(
            DbError::Refused(refusals[4].clone()).to_string(),
            "Round 1 table 2 has results: its pairing cannot change."
        );
    }

    #[test]
    fn a_missing_row_is_its_own_error_and_causes_are_kept() {
        assert!(matches!(
            DbError::from(DieselError::NotFound),
            DbError::NotFound
        ));
        let failed = DbError::from(DieselError::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new("disk I/O error".to_owned()),
        ));
        let cause = std::error::Error::source(&failed).expect("the diesel error is kept");
        assert_eq!(cause.to_string(), "disk I/O error");
        // The message already holds the cause's words: the report does not repeat them.
        assert_eq!(report(&failed), "database query failed: disk I/O error");
        let migration = DbError::Migration("no such table: x".into());
        assert_eq!(
            std::error::Error::source(&migration).map(ToString::to_string),
            Some("no such table: x".to_owned())
        );
    }
}
