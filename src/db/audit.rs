//! The audit trail: every change to results, rulings, pairings, teams and settings, with
//! who made it, when, what it touched, and the value before and after, written in the
//! same transaction as the change itself. Values are compact readable text: a result row
//! as its score-sheet cells (`t=45 k=0 last=declarer`), a team as `name | club |
//! members`, settings as `key=value`. Unchanged rows leave no trace.
//!
//! What a change touched is a typed [`Subject`], stored as short English text that parses
//! back (`round 1 table 2 open board 3`, `team 3`): pages render it in the reader's language
//! at display time, and `audit.csv` carries the stored text.
//!
//! The trail is not part of a tournament's archive: it is exported as `audit.csv` in the
//! zip only, and never read back on import.

use super::now;
use diesel::prelude::*;

use super::DbError;
use super::connection::DbConnection;
use super::connection::{chunk_len, per_backend};
use super::schema::tournaments;
use crate::input::{SHEET_FIELDS, SheetRow};
use crate::rules::stages::Stage;
use crate::rules::{Room, Settings, TableEntry, TableResult, Team, TeamNo};

diesel::table! {
    audit_log (id) {
        id -> Integer,
        tournament_id -> Integer,
        at -> Timestamp,
        user_name -> Text,
        area -> Text,
        round_no -> Nullable<Integer>,
        table_no -> Nullable<Integer>,
        subject -> Text,
        before -> Text,
        after -> Text,
        reason -> Text,
    }
}

const AUDIT_COLUMNS: usize = 10;

/// One recorded change.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    pub at: chrono::NaiveDateTime,
    pub user_name: String,
    pub area: String,
    pub(crate) round_no: Option<i32>,
    pub table_no: Option<i32>,
    pub subject: String,
    pub before: String,
    pub after: String,
    /// Why the director changed a result after its round's correction period; empty
    /// otherwise.
    pub reason: String,
}

#[derive(Insertable)]
#[diesel(table_name = audit_log)]
struct NewAudit<'a> {
    tournament_id: i32,
    at: chrono::NaiveDateTime,
    user_name: &'a str,
    area: &'a str,
    round_no: Option<i32>,
    table_no: Option<i32>,
    subject: String,
    before: &'a str,
    after: &'a str,
    reason: &'a str,
}

/// What a change touched. Stored as its [`Display`](std::fmt::Display) text, which
/// [`Subject::parse`] reads back; a text it does not know (written by another version)
/// stays [`Subject::Other`] and is shown as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A board's result in one room: `round 1 table 2 open board 3` (`open board 3` while
    /// the match is still being compared, before it has a place).
    Result {
        at: Option<(i32, i32)>,
        room: Room,
        board: i32,
    },
    /// A team's line-up in one room: `round 1 table 2 open room team 3 line-up`.
    Lineup {
        round: i32,
        table: i32,
        room: Room,
        team: TeamNo,
    },
    /// The director's answer to a room entered at the table (approved, sent back, ⚑
    /// cleared): `round 1 table 2 open room`; before and after are the room's states.
    Room { round: i32, table: i32, room: Room },
    /// Whether a round's draw is public: `round 5 draw` (`held` or `published`).
    Draw { round: i32 },
    /// A table's pairing: `round 1 table 2`.
    Pairing { round: i32, table: i32 },
    /// A board's conditions (dealer, level, trump): `round 1 board 2`.
    Board { round: i32, board: i32 },
    /// A team: `team 3`.
    Team { number: TeamNo },
    /// A team given another number: `team 3 → 4`.
    Renumbered { from: TeamNo, to: TeamNo },
    /// A setting, by its `tournament.toml` key: `decks`.
    Setting { key: String },
    /// An odd result marked as checked, by its flag `round:board:table:room:kind`:
    /// `odd result 1:2:3:open:field`.
    OddResult { flag: String },
    /// The tournament's dealing seed (its commitment, and the seed once revealed; a secret
    /// seed is never written): `dealing seed`.
    DealSeed,
    /// The cards of a round's boards: `round 3 deals`.
    Deals { round: i32 },
    /// One key of a stage's `[[stages]]` table, the stage counted from 1: `stage 2 groups`.
    Stage { stage: usize, key: String },
    /// Why a knockout tie was paired as it was, in round `round` at table `table`:
    /// `round 6 table 1 tie`; the value is a [`TieReason`] as text.
    Tie { round: i32, table: i32 },
    /// A round's clock (started, paused, resumed, a table's extra minutes): `round 3
    /// clock`; before is how the clock stood (`running`, `paused`), after the director's event
    /// (`start 40`, `pause`, `resume`, `extra table 3 5`).
    Clock { round: i32 },
    /// The director's announcement to the hall: `announcement`.
    Announcement,
    /// Whether a round's rooms take entries at the table: `round 3 table links`
    /// (`open` or `locked`).
    TableLinks { round: i32 },
    /// Whether a round's results are public whatever is still to be played: `round 3
    /// release` (`withheld` or `released`).
    Release { round: i32 },
    /// A team's seed and figure when round `round` was seeded by rating (docs/rules.md §14):
    /// `round 1 team 3 seed`; the value is `seed=2 figure=0.750` (`figure=none` for a team
    /// with no member linked).
    Seed { round: i32, team: TeamNo },
    /// A text this version does not know.
    Other(String),
}

impl Subject {
    /// The subject of a stored text.
    pub(crate) fn parse(text: &str) -> Subject {
        let words: Vec<&str> = text.split(' ').collect();
        let n = |s: &str| s.parse::<i32>().ok();
        let room = |s: &str| s.parse::<Room>().ok();
        let parsed = match words.as_slice() {
            ["round", r, "table", "links"] => n(r).map(|round| Subject::TableLinks { round }),
            ["round", r, "table", t, rest @ ..] => table_subject(r, t, rest),
            [rm, "board", b] => (|| {
                Some(Subject::Result {
                    at: None,
                    room: room(rm)?,
                    board: n(b)?,
                })
            })(),
            ["round", r, "draw"] => n(r).map(|round| Subject::Draw { round }),
            ["round", r, "team", t, "seed"] => (|| {
                Some(Subject::Seed {
                    round: n(r)?,
                    team: TeamNo(n(t)?),
                })
            })(),
            ["round", r, "board", b] => (|| {
                Some(Subject::Board {
                    round: n(r)?,
                    board: n(b)?,
                })
            })(),
            ["team", t] => n(t).map(|number| Subject::Team {
                number: TeamNo(number),
            }),
            ["team", a, "→", b] => (|| {
                Some(Subject::Renumbered {
                    from: TeamNo(n(a)?),
                    to: TeamNo(n(b)?),
                })
            })(),
            ["dealing", "seed"] => Some(Subject::DealSeed),
            ["round", r, "deals"] => n(r).map(|round| Subject::Deals { round }),
            ["round", r, "clock"] => n(r).map(|round| Subject::Clock { round }),
            ["round", r, "release"] => n(r).map(|round| Subject::Release { round }),
            ["announcement"] => Some(Subject::Announcement),
            ["stage", n_, key] if !key.is_empty() => {
                n_.parse::<usize>().ok().map(|stage| Subject::Stage {
                    stage,
                    key: (*key).to_owned(),
                })
            }
            ["odd", "result", flag] => Some(Subject::OddResult {
                flag: (*flag).to_owned(),
            }),
            [key]
                if !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') =>
            {
                Some(Subject::Setting {
                    key: (*key).to_owned(),
                })
            }
            _ => None,
        };
        parsed.unwrap_or_else(|| Subject::Other(text.to_owned()))
    }

    /// A board's result compared within a match, given the match's place.
    pub(crate) fn at_table(self, round: i32, table: i32) -> Subject {
        match self {
            Subject::Result { room, board, .. } => Subject::Result {
                at: Some((round, table)),
                room,
                board,
            },
            other => other,
        }
    }
}

impl std::fmt::Display for Subject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Subject::Result { at, room, board } => {
                if let Some((round, table)) = at {
                    write!(f, "round {round} table {table} ")?;
                }
                write!(f, "{} board {board}", room.code())
            }
            Subject::Lineup {
                round,
                table,
                room,
                team,
            } => write!(
                f,
                "round {round} table {table} {} room team {team} line-up",
                room.code()
            ),
            Subject::Room { round, table, room } => {
                write!(f, "round {round} table {table} {} room", room.code())
            }
            Subject::Draw { round } => write!(f, "round {round} draw"),
            Subject::TableLinks { round } => write!(f, "round {round} table links"),
            Subject::Release { round } => write!(f, "round {round} release"),
            Subject::Pairing { round, table } => write!(f, "round {round} table {table}"),
            Subject::Board { round, board } => write!(f, "round {round} board {board}"),
            Subject::Team { number } => write!(f, "team {number}"),
            Subject::Renumbered { from, to } => write!(f, "team {from} → {to}"),
            Subject::Setting { key } => f.write_str(key),
            Subject::OddResult { flag } => write!(f, "odd result {flag}"),
            Subject::DealSeed => f.write_str("dealing seed"),
            Subject::Deals { round } => write!(f, "round {round} deals"),
            Subject::Stage { stage, key } => write!(f, "stage {stage} {key}"),
            Subject::Tie { round, table } => write!(f, "round {round} table {table} tie"),
            Subject::Clock { round } => write!(f, "round {round} clock"),
            Subject::Announcement => f.write_str("announcement"),
            Subject::Seed { round, team } => write!(f, "round {round} team {team} seed"),
            Subject::Other(text) => f.write_str(text),
        }
    }
}

/// A change about to be recorded: (subject, before, after); blank means "none".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub subject: Subject,
    pub before: String,
    pub after: String,
}

/// The score-sheet cells of a result as compact text, blank cells left out:
/// `trick_points=45 bottom_points=0 last_trick=declarer`.
pub(crate) fn entry_text(entry: &TableEntry) -> String {
    let row = SheetRow::from_entry(entry);
    SHEET_FIELDS
        .iter()
        .filter(|f| !row.field(f).is_empty())
        .map(|f| format!("{f}={}", row.field(f)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The changed rows between a match's saved results and the new ones, by room and board:
/// one [`Change`] per board whose cells differ, subject `open board 3`.
pub(crate) fn result_changes(before: &[TableResult], after: &[TableResult]) -> Vec<Change> {
    let mut keys: Vec<(Room, i32)> = before
        .iter()
        .chain(after)
        .map(|r| (r.room, r.board))
        .collect();
    // Open before closed, then by board.
    keys.sort_by_key(|(room, board)| (*room != Room::Open, *board));
    keys.dedup();
    let text = |list: &[TableResult], room: Room, board: i32| {
        list.iter()
            .find(|r| r.room == room && r.board == board)
            .map(|r| entry_text(&r.entry))
            .unwrap_or_default()
    };
    keys.into_iter()
        .filter_map(|(room, board)| {
            let (b, a) = (text(before, room, board), text(after, room, board));
            (b != a).then_some(Change {
                subject: Subject::Result {
                    at: None,
                    room,
                    board,
                },
                before: b,
                after: a,
            })
        })
        .collect()
}

/// The `key=value` pairs of `after` that differ from `before`, as one change each.
pub(crate) fn keyed_changes(
    before: &[(String, String)],
    after: &[(String, String)],
) -> Vec<Change> {
    let get = |list: &[(String, String)], key: &str| {
        list.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut keys: Vec<&String> = before.iter().chain(after).map(|(k, _)| k).collect();
    keys.dedup();
    let mut seen = std::collections::HashSet::new();
    keys.into_iter()
        .filter(|k| seen.insert(*k))
        .filter_map(|k| {
            let (b, a) = (get(before, k), get(after, k));
            (b != a).then(|| Change {
                subject: Subject::Setting { key: k.clone() },
                before: b,
                after: a,
            })
        })
        .collect()
}

/// A team as compact text: `name | club | member;member`, and `| withdrawn` when it is.
pub(crate) fn team_text(team: &Team) -> String {
    let members: Vec<String> = team
        .members
        .iter()
        .enumerate()
        .map(|(i, m)| match team.member_id(i) {
            Some(id) => format!("{m} [{id}]"),
            None => m.clone(),
        })
        .collect();
    let mut text = format!("{} | {} | {}", team.name, team.club, members.join(";"));
    if team.withdrawn {
        text.push_str(" | withdrawn");
    }
    text
}

/// The change of one team (subject `team 3`), if there is one.
pub(crate) fn team_change(
    number: TeamNo,
    before: Option<&Team>,
    after: Option<&Team>,
) -> Option<Change> {
    let (b, a) = (
        before.map(team_text).unwrap_or_default(),
        after.map(team_text).unwrap_or_default(),
    );
    (b != a).then_some(Change {
        subject: Subject::Team { number },
        before: b,
        after: a,
    })
}

/// The settings as `tournament.toml` spells them, key by key; the stages are audited
/// stage by stage ([`stage_changes`]).
///
/// `tournament.toml` leaves out a few keys at their defaults; the trail names them all, so
/// that a change from a default shows the value it had (`correction_minutes` 30 → 1, not
/// nothing → 1).
pub(crate) fn settings_pairs(settings: &Settings) -> Vec<(String, String)> {
    let mut settings = settings.clone();
    settings.stages.clear();
    let mut pairs: Vec<(String, String)> = crate::archive::settings_toml(&settings)
        .lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let defaults = [
        (
            "pairing",
            format!("\"{}\"", crate::rules::PairingMethod::default().code()),
        ),
        ("table_entry", "false".to_owned()),
        ("table_approval", "false".to_owned()),
        ("table_codes", "false".to_owned()),
        ("publish_draw", "false".to_owned()),
        (
            "correction_minutes",
            crate::rules::settings::DEFAULT_CORRECTION_MINUTES.to_string(),
        ),
    ];
    for (key, value) in defaults {
        if !pairs.iter().any(|(k, _)| k == key) {
            pairs.push((key.to_owned(), value));
        }
    }
    pairs
}

/// The changes between two lists of stages, key by key of each `[[stages]]` table (subject
/// `stage 2 groups`): a stage added has every key from nothing, one removed every key to
/// nothing.
pub(crate) fn stage_changes(before: &[Stage], after: &[Stage]) -> Vec<Change> {
    let pairs = |list: &[Stage], i: usize| -> Vec<(String, String)> {
        list.get(i)
            .map(|s| {
                crate::archive::stages_toml(std::slice::from_ref(s))
                    .lines()
                    .filter_map(|l| l.split_once(" = "))
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect()
            })
            .unwrap_or_default()
    };
    (0..before.len().max(after.len()))
        .flat_map(|i| {
            keyed_changes(&pairs(before, i), &pairs(after, i))
                .into_iter()
                .map(move |c| Change {
                    subject: match c.subject {
                        Subject::Setting { key } => Subject::Stage { stage: i + 1, key },
                        other => other,
                    },
                    ..c
                })
        })
        .collect()
}

/// Why a knockout tie is paired as it is, as the audit trail keeps it: `seeds 1 8`,
/// `bye 2`, `winners quarter_final 1 2`, `losers semi_final 1 2`, and the director's
/// note after ` | ` when one was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TieReason {
    pub why: TieWhy,
    pub note: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TieWhy {
    Seeds(u32, u32),
    Bye(u32),
    /// The winners (or `losers`) of ties `first` and `second` of the round called `round`
    /// (a [`Reached`](crate::rules::bracket::Reached) code).
    Feeds {
        losers: bool,
        round: String,
        first: u32,
        second: u32,
    },
}

impl std::fmt::Display for TieReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.why {
            TieWhy::Seeds(h, a) => write!(f, "seeds {h} {a}")?,
            TieWhy::Bye(h) => write!(f, "bye {h}")?,
            TieWhy::Feeds {
                losers,
                round,
                first,
                second,
            } => write!(
                f,
                "{} {round} {first} {second}",
                if *losers { "losers" } else { "winners" }
            )?,
        }
        if !self.note.is_empty() {
            write!(f, " | {}", self.note)?;
        }
        Ok(())
    }
}

impl TieReason {
    /// The reason of a stored text; `None` for a text this version does not know.
    pub(crate) fn parse(text: &str) -> Option<TieReason> {
        let (code, note) = text.split_once(" | ").unwrap_or((text, ""));
        let words: Vec<&str> = code.split(' ').collect();
        let n = |s: &str| s.parse::<u32>().ok();
        let why = match words.as_slice() {
            ["seeds", h, a] => TieWhy::Seeds(n(h)?, n(a)?),
            ["bye", h] => TieWhy::Bye(n(h)?),
            [kind @ ("winners" | "losers"), round, first, second] => TieWhy::Feeds {
                losers: *kind == "losers",
                round: (*round).to_owned(),
                first: n(first)?,
                second: n(second)?,
            },
            _ => return None,
        };
        Some(TieReason {
            why,
            note: note.to_owned(),
        })
    }
}

/// The subject of a text about a match's table, `round {r} table {t}` and the `rest` of
/// its words: the pairing, one of its rooms, a board's result there, a team's line-up in
/// a room, or why a knockout tie was paired; `None` for anything else.
fn table_subject(r: &str, t: &str, rest: &[&str]) -> Option<Subject> {
    let n = |s: &str| s.parse::<i32>().ok();
    let room = |s: &str| s.parse::<Room>().ok();
    let (round, table) = (n(r)?, n(t)?);
    Some(match rest {
        [rm, "board", b] => Subject::Result {
            at: Some((round, table)),
            room: room(rm)?,
            board: n(b)?,
        },
        [rm, "room", "team", team, "line-up"] => Subject::Lineup {
            round,
            table,
            room: room(rm)?,
            team: TeamNo(n(team)?),
        },
        [rm, "room"] => Subject::Room {
            round,
            table,
            room: room(rm)?,
        },
        [] => Subject::Pairing { round, table },
        ["tie"] => Subject::Tie { round, table },
        _ => return None,
    })
}

/// Where a change happened: the area and, for a match, its round and table.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    pub area: &'a str,
    pub round: Option<i32>,
    pub table: Option<i32>,
}

/// Records `changes` made by `who`, inside the caller's transaction.
pub fn record(
    conn: &mut DbConnection,
    tournament_id: i32,
    who: &str,
    place: Place<'_>,
    changes: &[Change],
) -> Result<(), DbError> {
    record_why(conn, tournament_id, (who, ""), place, changes)
}

/// Records `changes` made by `who` for `reason` (empty: none given), inside the caller's
/// transaction.
pub(crate) fn record_why(
    conn: &mut DbConnection,
    tournament_id: i32,
    (who, reason): (&str, &str),
    place: Place<'_>,
    changes: &[Change],
) -> Result<(), DbError> {
    let max_binds = conn.backend().max_binds();
    let at = now();
    let forms: Vec<NewAudit> = changes
        .iter()
        .map(|c| NewAudit {
            tournament_id,
            at,
            user_name: who,
            area: place.area,
            round_no: place.round,
            table_no: place.table,
            subject: c.subject.to_string(),
            before: &c.before,
            after: &c.after,
            reason,
        })
        .collect();
    for chunk in forms.chunks(chunk_len(max_binds, AUDIT_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(audit_log::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

/// A page of the tournament's trail, newest first, and the number of entries in all;
/// `None` for an unknown slug. With `at_table`, only that round's table.
pub fn audit_trail(
    conn: &mut DbConnection,
    slug: &str,
    at_table: Option<(i32, i32)>,
    offset: i64,
    limit: i64,
) -> Result<Option<(Vec<AuditEntry>, i64)>, DbError> {
    let Some(tournament_id) = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let base = || audit_log::table.filter(audit_log::tournament_id.eq(tournament_id));
    let order = (audit_log::at.desc(), audit_log::id.desc());
    let (entries, total) = match at_table {
        None => (
            base()
                .order(order)
                .offset(offset)
                .limit(limit)
                .select(AuditEntry::as_select())
                .load(conn)?,
            base().count().get_result::<i64>(conn)?,
        ),
        Some((round, table)) => {
            let here = || {
                base()
                    .filter(audit_log::round_no.eq(round))
                    .filter(audit_log::table_no.eq(table))
            };
            (
                here()
                    .order(order)
                    .offset(offset)
                    .limit(limit)
                    .select(AuditEntry::as_select())
                    .load(conn)?,
                here().count().get_result::<i64>(conn)?,
            )
        }
    };
    Ok(Some((entries, total)))
}

/// The whole trail of the tournament, oldest first; `None` for an unknown slug.
pub fn full_trail(conn: &mut DbConnection, slug: &str) -> Result<Option<Vec<AuditEntry>>, DbError> {
    let Some(tournament_id) = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    Ok(Some(
        audit_log::table
            .filter(audit_log::tournament_id.eq(tournament_id))
            .order((audit_log::at.asc(), audit_log::id.asc()))
            .select(AuditEntry::as_select())
            .load(conn)?,
    ))
}

/// `audit.csv`: `at,user,area,subject,before,after,reason`, oldest first, every text cell
/// neutralised like the archive's other user text; `reason` is the director's reason for a
/// desk correction after the correction period (empty when none was asked); `at` in the
/// tournament's zone (`clock`) with its offset (`2026-12-05T19:25:03+08:00`), so that the
/// file says which time it means.
pub(crate) fn audit_csv(entries: &[AuditEntry], clock: &crate::rules::Clock) -> String {
    use crate::archive::neutralise;
    use chrono::TimeZone;
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let mut rows = vec![[
        "at".to_owned(),
        "user".to_owned(),
        "area".to_owned(),
        "subject".to_owned(),
        "before".to_owned(),
        "after".to_owned(),
        "reason".to_owned(),
    ]];
    rows.extend(entries.iter().map(|e| {
        [
            clock
                .zone
                .from_utc_datetime(&e.at)
                .format("%Y-%m-%dT%H:%M:%S%:z")
                .to_string(),
            neutralise(&e.user_name),
            e.area.clone(),
            neutralise(&e.subject),
            neutralise(&e.before),
            neutralise(&e.after),
            neutralise(&e.reason),
        ]
    }));
    for row in rows {
        w.write_record(&row).expect("writing to memory cannot fail");
    }
    String::from_utf8(w.into_inner().expect("writing to memory cannot fail"))
        .expect("every cell is UTF-8")
}

/// The time of the last change to the results of each round of tournament `id` (round,
/// time), from the audit trail: when a complete round's correction period starts.
pub(crate) fn last_result_changes(
    conn: &mut DbConnection,
    id: i32,
) -> Result<Vec<(i32, chrono::NaiveDateTime)>, DbError> {
    use diesel::dsl::max;
    let rows: Vec<(Option<i32>, Option<chrono::NaiveDateTime>)> = audit_log::table
        .filter(audit_log::tournament_id.eq(id))
        .filter(audit_log::area.eq("results"))
        .filter(audit_log::round_no.is_not_null())
        .group_by(audit_log::round_no)
        .select((audit_log::round_no, max(audit_log::at)))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(round, at)| Some((round?, at?)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{EntryFigures, Room};

    fn result(room: Room, board: i32, t: i32) -> TableResult {
        TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                trick_points: Some(t),
                bottom_points: Some(0),
                ..EntryFigures::default()
            }),
        }
    }

    #[test]
    fn only_changed_boards_are_listed() {
        let before = [result(Room::Open, 1, 40), result(Room::Closed, 2, 60)];
        let after = [
            result(Room::Open, 1, 45),
            result(Room::Closed, 2, 60),
            result(Room::Open, 3, 0),
        ];
        let changes = result_changes(&before, &after);
        assert_eq!(
            changes,
            vec![
                Change {
                    subject: Subject::Result {
                        at: None,
                        room: Room::Open,
                        board: 1
                    },
                    before: "trick_points=40 bottom_points=0".into(),
                    after: "trick_points=45 bottom_points=0".into(),
                },
                Change {
                    subject: Subject::Result {
                        at: None,
                        room: Room::Open,
                        board: 3
                    },
                    before: String::new(),
                    after: "trick_points=0 bottom_points=0".into(),
                },
            ]
        );
        assert!(result_changes(&after, &after).is_empty());
        let removed = result_changes(&before, &[]);
        assert_eq!(removed.len(), 2);
        assert_eq!(removed[1].subject.to_string(), "closed board 2");
        assert_eq!(removed[1].after, "");
    }

    #[test]
    fn a_team_reads_name_club_and_members() {
        let mut team = Team {
            member_ids: Vec::new(),
            number: TeamNo(3),
            name: "长城".into(),
            club: "北京".into(),
            members: vec!["甲".into(), "乙".into()],
            withdrawn: false,
        };
        assert_eq!(team_text(&team), "长城 | 北京 | 甲;乙");
        assert_eq!(team_change(TeamNo(3), Some(&team), Some(&team)), None);
        let before = team.clone();
        team.withdrawn = true;
        let change = team_change(TeamNo(3), Some(&before), Some(&team)).unwrap();
        assert_eq!(change.subject, Subject::Team { number: TeamNo(3) });
        assert_eq!(change.after, "长城 | 北京 | 甲;乙 | withdrawn");
        assert_eq!(
            team_change(TeamNo(4), None, Some(&before)).unwrap().before,
            ""
        );
    }

    #[test]
    fn audit_csv_neutralises_text_cells() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 29)
            .unwrap()
            .and_hms_opt(16, 5, 0)
            .unwrap();
        let entry = AuditEntry {
            at,
            user_name: "=ann".into(),
            area: "teams".into(),
            round_no: None,
            table_no: None,
            subject: "team 2".into(),
            before: "".into(),
            after: "=Tractors |  | Ann, Bo".into(),
            reason: String::new(),
        };
        let mut late = entry.clone();
        late.area = "results".into();
        late.reason = "=scorer typed 60 for 80".into();
        let shanghai = crate::rules::Clock::new(chrono_tz::Tz::Asia__Shanghai);
        assert_eq!(
            audit_csv(&[entry, late], &shanghai),
            "at,user,area,subject,before,after,reason\n\
             2026-11-30T00:05:00+08:00,'=ann,teams,team 2,,\"'=Tractors |  | Ann, Bo\",\n\
             2026-11-30T00:05:00+08:00,'=ann,results,team 2,,\"'=Tractors |  | Ann, Bo\",'=scorer typed 60 for 80\n"
        );
    }

    #[test]
    fn a_setting_changed_from_its_default_shows_the_default_before() {
        let before = Settings::for_tests();
        let mut after = before.clone();
        after.correction_minutes = 1;
        after.table.entry = true;
        let changes = keyed_changes(&settings_pairs(&before), &settings_pairs(&after));
        let shown: Vec<(String, &str, &str)> = changes
            .iter()
            .map(|c| (c.subject.to_string(), c.before.as_str(), c.after.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("table_entry".to_owned(), "false", "true"),
                ("correction_minutes".to_owned(), "30", "1"),
            ]
        );
    }

    #[test]
    fn keyed_changes_list_differing_keys_once() {
        let kv = |k: &str, v: &str| (k.to_owned(), v.to_owned());
        let before = [kv("name", "Night"), kv("decks", "2")];
        let after = [kv("name", "Night"), kv("decks", "3"), kv("venue", "Hall")];
        let changes = keyed_changes(&before, &after);
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].subject.to_string(), "decks");
        assert_eq!(
            (changes[0].before.as_str(), changes[0].after.as_str()),
            ("2", "3")
        );
        assert_eq!(changes[1].subject.to_string(), "venue");
        assert_eq!(changes[1].before, "");
    }

    /// What is stored reads back as the same subject, so that pages can word it in any
    /// language; a text this version does not know stays as it is.
    #[test]
    fn subjects_are_stored_as_text_that_parses_back() {
        let subjects = [
            (
                Subject::Result {
                    at: Some((1, 2)),
                    room: Room::Open,
                    board: 3,
                },
                "round 1 table 2 open board 3",
            ),
            (
                Subject::Result {
                    at: None,
                    room: Room::Closed,
                    board: 4,
                },
                "closed board 4",
            ),
            (
                Subject::Lineup {
                    round: 1,
                    table: 2,
                    room: Room::Closed,
                    team: TeamNo(3),
                },
                "round 1 table 2 closed room team 3 line-up",
            ),
            (Subject::Pairing { round: 2, table: 5 }, "round 2 table 5"),
            (Subject::Board { round: 2, board: 7 }, "round 2 board 7"),
            (Subject::Team { number: TeamNo(3) }, "team 3"),
            (
                Subject::Renumbered {
                    from: TeamNo(3),
                    to: TeamNo(9),
                },
                "team 3 → 9",
            ),
            (
                Subject::Setting {
                    key: "odd_result_threshold".into(),
                },
                "odd_result_threshold",
            ),
            (
                Subject::OddResult {
                    flag: "1:2:3:both:swing".into(),
                },
                "odd result 1:2:3:both:swing",
            ),
            (
                Subject::Seed {
                    round: 1,
                    team: TeamNo(3),
                },
                "round 1 team 3 seed",
            ),
        ];
        for (subject, text) in subjects {
            assert_eq!(subject.to_string(), text);
            assert_eq!(Subject::parse(text), subject, "{text}");
        }
        for unknown in ["", "round x table 2", "something else", "team 3 4"] {
            assert_eq!(Subject::parse(unknown), Subject::Other(unknown.into()));
        }
        assert_eq!(
            Subject::parse("open board 3").at_table(1, 2).to_string(),
            "round 1 table 2 open board 3"
        );
    }
}
