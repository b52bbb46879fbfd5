//! Generated schedules: saving a generated round (its pairings, the explanation of every
//! match, a note that it was generated and whether the previous round was complete) in one
//! transaction, a whole round robin at once, unlocking a round, and reading back what was
//! recorded about a round.

use super::now;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::connection::DbConnection;
use super::connection::{chunk_len, per_backend};
use super::rounds::{add_round, replace_pairings_as};
use super::schema::{pairing_explanations, round_notes, rounds, tournaments};
use super::{DbError, WriteRefusal};
use crate::rules::Pairing;
use crate::rules::{Board, PairingMethod, Score, TeamNo};
use crate::schedule::Reason;
use crate::schedule::draft::{NoteKind, PairingReason, Proposed};

/// A note about a round, with when it was made (UTC).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundNote {
    pub kind: NoteKind,
    /// The pairing method for [`NoteKind::Generated`], empty otherwise.
    pub detail: String,
    pub at: NaiveDateTime,
}

/// What was recorded about a round: the explanations of its generated matches (by table)
/// and its notes, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundRecord {
    pub explanations: Vec<Proposed>,
    pub notes: Vec<RoundNote>,
}

impl RoundRecord {
    pub(crate) fn kinds(&self) -> Vec<NoteKind> {
        self.notes.iter().map(|n| n.kind).collect()
    }
}

/// One generated round to save.
#[derive(Clone, Debug)]
pub struct GeneratedRound {
    pub number: i32,
    pub pairings: Vec<Pairing>,
    pub explanations: Vec<Proposed>,
    /// Generated although the previous round was not complete.
    pub overridden: bool,
    /// Round 1 seeded by rating: every team's seed and figure, kept in the audit trail (the
    /// ratings move as events finish; the trail keeps what this draw went by).
    pub seeds: Vec<RatingSeed>,
}

/// A team's seed when a round was seeded by rating (docs/rules.md §14).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingSeed {
    pub team: TeamNo,
    /// 1 for the highest figure.
    pub seed: usize,
    /// The figure to 3 decimals; `None` for a team with no member linked.
    pub figure: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = pairing_explanations, treat_none_as_default_value = false)]
struct NewExplanation {
    round_id: i32,
    table_no: i32,
    home_team_no: i32,
    away_team_no: i32,
    home_rank: i32,
    away_rank: i32,
    home_score: i64,
    away_score: i64,
    reason: &'static str,
    passed_over: Option<i32>,
    met_round: Option<i32>,
    from_score: Option<i64>,
    seed: Option<i64>,
}

const EXPLANATION_COLUMNS: usize = 13;

#[derive(Queryable, Selectable)]
#[diesel(table_name = pairing_explanations)]
struct ExplanationRow {
    id: i32,
    table_no: i32,
    home_team_no: i32,
    away_team_no: i32,
    home_rank: i32,
    away_rank: i32,
    home_score: i64,
    away_score: i64,
    reason: String,
    passed_over: Option<i32>,
    met_round: Option<i32>,
    from_score: Option<i64>,
    seed: Option<i64>,
}

#[derive(Insertable)]
#[diesel(table_name = round_notes)]
struct NewNote<'a> {
    round_id: i32,
    kind: &'a str,
    detail: &'a str,
    created_at: NaiveDateTime,
}

fn explanation_form(round_id: i32, p: &Proposed) -> NewExplanation {
    let (reason, passed_over, met_round, from_score, seed) = match &p.why {
        PairingReason::RoundRobin { round } => ("round_robin", None, Some(*round), None, None),
        PairingReason::Swiss(r) => match r {
            Reason::Seeded => ("seeded", None, None, None, None),
            Reason::SeededByRating => ("rating", None, None, None, None),
            Reason::Lots { seed } => ("lots", None, None, None, Some(*seed as i64)),
            Reason::NextDown => ("next_down", None, None, None, None),
            Reason::FloatedDown { from } => ("floated_down", None, None, Some(from.0), None),
            Reason::AvoidsRematch { passed_over, round } => (
                "avoids_rematch",
                Some(passed_over.get()),
                Some(*round),
                None,
                None,
            ),
            Reason::AvoidsSameClub { passed_over } => (
                "avoids_same_club",
                Some(passed_over.get()),
                None,
                None,
                None,
            ),
            Reason::KeepsFieldPairable { passed_over } => (
                "keeps_field_pairable",
                Some(passed_over.get()),
                None,
                None,
                None,
            ),
            Reason::Rematch { round } => ("rematch", None, Some(*round), None, None),
        },
    };
    NewExplanation {
        round_id,
        table_no: p.table,
        home_team_no: p.home.get(),
        away_team_no: p.away.get(),
        home_rank: p.home_rank as i32,
        away_rank: p.away_rank as i32,
        home_score: p.home_score.0,
        away_score: p.away_score.0,
        reason,
        passed_over,
        met_round,
        from_score,
        seed,
    }
}

fn explanation_from_row(row: &ExplanationRow) -> Result<Proposed, DbError> {
    let corrupt = |column: &str| {
        DbError::corrupt(
            "pairing_explanations",
            row.id,
            column,
            "missing for this reason",
        )
    };
    let passed = || {
        row.passed_over
            .map(TeamNo)
            .ok_or_else(|| corrupt("passed_over"))
    };
    let met = || row.met_round.ok_or_else(|| corrupt("met_round"));
    let why = match row.reason.as_str() {
        "round_robin" => PairingReason::RoundRobin { round: met()? },
        "seeded" => PairingReason::Swiss(Reason::Seeded),
        "rating" => PairingReason::Swiss(Reason::SeededByRating),
        "lots" => PairingReason::Swiss(Reason::Lots {
            seed: row.seed.ok_or_else(|| corrupt("seed"))? as u64,
        }),
        "next_down" => PairingReason::Swiss(Reason::NextDown),
        "floated_down" => PairingReason::Swiss(Reason::FloatedDown {
            from: Score(row.from_score.ok_or_else(|| corrupt("from_score"))?),
        }),
        "avoids_rematch" => PairingReason::Swiss(Reason::AvoidsRematch {
            passed_over: passed()?,
            round: met()?,
        }),
        "avoids_same_club" => PairingReason::Swiss(Reason::AvoidsSameClub {
            passed_over: passed()?,
        }),
        "keeps_field_pairable" => PairingReason::Swiss(Reason::KeepsFieldPairable {
            passed_over: passed()?,
        }),
        "rematch" => PairingReason::Swiss(Reason::Rematch { round: met()? }),
        other => {
            return Err(DbError::corrupt(
                "pairing_explanations",
                row.id,
                "reason",
                format!("unknown reason \"{other}\""),
            ));
        }
    };
    Ok(Proposed {
        table: row.table_no,
        home: TeamNo(row.home_team_no),
        away: TeamNo(row.away_team_no),
        home_rank: row.home_rank.max(0) as u32,
        away_rank: row.away_rank.max(0) as u32,
        home_score: Score(row.home_score),
        away_score: Score(row.away_score),
        why,
    })
}

/// What was recorded about round `round` of `slug`; `None` when there is no such round.
pub(crate) fn load_round_record(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<Option<RoundRecord>, DbError> {
    let Some(round_id) = round_id(conn, slug, round)? else {
        return Ok(None);
    };
    let rows: Vec<ExplanationRow> = pairing_explanations::table
        .filter(pairing_explanations::round_id.eq(round_id))
        .order(pairing_explanations::table_no)
        .select(ExplanationRow::as_select())
        .load(conn)?;
    let notes: Vec<(i32, String, String, NaiveDateTime)> = round_notes::table
        .filter(round_notes::round_id.eq(round_id))
        .order((round_notes::created_at, round_notes::id))
        .select((
            round_notes::id,
            round_notes::kind,
            round_notes::detail,
            round_notes::created_at,
        ))
        .load(conn)?;
    let explanations = rows
        .iter()
        .map(explanation_from_row)
        .collect::<Result<Vec<_>, _>>()?;
    let notes = notes
        .into_iter()
        .map(|(id, kind, detail, at)| {
            let kind = NoteKind::from_code(&kind).ok_or_else(|| {
                DbError::corrupt(
                    "round_notes",
                    id,
                    "kind",
                    format!("unknown kind \"{kind}\""),
                )
            })?;
            Ok(RoundNote { kind, detail, at })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    Ok(Some(RoundRecord {
        explanations,
        notes,
    }))
}

/// The id of round `round` of tournament `slug`, if there is one.
pub(super) fn round_id(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<Option<i32>, DbError> {
    Ok(rounds::table
        .inner_join(tournaments::table)
        .filter(tournaments::slug.eq(slug))
        .filter(rounds::number.eq(round))
        .select(rounds::id)
        .first(conn)
        .optional()?)
}

fn add_note(
    conn: &mut DbConnection,
    round_id: i32,
    kind: NoteKind,
    detail: &str,
) -> Result<(), DbError> {
    diesel::insert_into(round_notes::table)
        .values(NewNote {
            round_id,
            kind: kind.code(),
            detail,
            created_at: now(),
        })
        .execute(conn)?;
    Ok(())
}

/// Saves generated rounds in one transaction: a round that does not exist yet is added
/// with `boards` (numbers must follow on from the last round); each round's pairings are
/// replaced, its explanations replaced, and a note records that it was generated (and
/// overridden, when it was). The tournament's `pairing` becomes `method`, and
/// `swiss_seed`, when given, is recorded. `false` when there is no such tournament or a
/// round is missing and not the next one.
pub fn save_generated(
    conn: &mut DbConnection,
    slug: &str,
    method: PairingMethod,
    swiss_seed: Option<u64>,
    boards: &[Board],
    generated: &[GeneratedRound],
    who: &str,
) -> Result<bool, DbError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        // One generation of a tournament's rounds at a time (PostgreSQL: a row lock).
        if super::rounds::lock_tournament(conn, slug)?.is_none() {
            return Ok(false);
        }
        let Some((tournament_id, old_pairing, old_seed)) = tournaments::table
            .filter(tournaments::slug.eq(slug))
            .select((
                tournaments::id,
                tournaments::pairing,
                tournaments::swiss_seed,
            ))
            .first::<(i32, String, Option<i64>)>(conn)
            .optional()?
        else {
            return Ok(false);
        };
        super::revision::bump(conn, tournament_id)?;
        for g in generated {
            let round_id = generated_round_id(conn, slug, g.number, boards)?;
            if !replace_pairings_as(conn, slug, g.number, &g.pairings, who)? {
                return Ok(false);
            }
            replace_explanations(conn, round_id, &g.explanations, max_binds)?;
            if g.overridden {
                add_note(conn, round_id, NoteKind::Override, "")?;
            }
            add_note(conn, round_id, NoteKind::Generated, method.code())?;
            record_seeds(conn, tournament_id, who, g)?;
        }
        let seed = swiss_seed.map(|s| s as i64);
        let target = tournaments::table.find(tournament_id);
        match seed {
            Some(seed) => diesel::update(target)
                .set((
                    tournaments::pairing.eq(method.code()),
                    tournaments::swiss_seed.eq(Some(seed)),
                    tournaments::updated_at.eq(now()),
                ))
                .execute(conn)?,
            None => diesel::update(target)
                .set((
                    tournaments::pairing.eq(method.code()),
                    tournaments::updated_at.eq(now()),
                ))
                .execute(conn)?,
        };
        let changes = method_changes((&old_pairing, old_seed), (method.code(), seed.or(old_seed)));
        let place = super::audit::Place {
            area: "settings",
            round: None,
            table: None,
        };
        super::audit::record(conn, tournament_id, who, place, &changes)?;
        Ok(true)
    })
}

/// Keeps in the trail each team's seed and figure of round `g` seeded by rating.
fn record_seeds(
    conn: &mut DbConnection,
    tournament_id: i32,
    who: &str,
    g: &GeneratedRound,
) -> Result<(), DbError> {
    let seeds: Vec<super::audit::Change> = g
        .seeds
        .iter()
        .map(|s| super::audit::Change {
            subject: super::audit::Subject::Seed {
                round: g.number,
                team: s.team,
            },
            before: String::new(),
            after: format!(
                "seed={} figure={}",
                s.seed,
                s.figure.as_deref().unwrap_or("none")
            ),
        })
        .collect();
    let place = super::audit::Place {
        area: "pairings",
        round: Some(g.number),
        table: None,
    };
    super::audit::record(conn, tournament_id, who, place, &seeds)?;
    Ok(())
}

/// The row id of generated round `number`, added with `boards` when it does not exist yet;
/// a round that is not the next one cannot be added.
fn generated_round_id(
    conn: &mut DbConnection,
    slug: &str,
    number: i32,
    boards: &[Board],
) -> Result<i32, DbError> {
    if let Some(id) = round_id(conn, slug, number)? {
        return Ok(id);
    }
    let added = add_round(conn, slug, boards)?;
    match added {
        Some(added) if added == number => {}
        Some(next) => {
            return Err(DbError::Refused(WriteRefusal::RoundNotNext {
                round: number,
                next,
            }));
        }
        // No such tournament.
        None => return Err(DbError::NotFound),
    }
    // The round just added is there, in the same transaction.
    round_id(conn, slug, number)?.ok_or(DbError::NotFound)
}

/// Replaces the explanations of round `round_id`'s pairings with `explanations`.
fn replace_explanations(
    conn: &mut DbConnection,
    round_id: i32,
    explanations: &[Proposed],
    max_binds: usize,
) -> Result<(), DbError> {
    diesel::delete(pairing_explanations::table.filter(pairing_explanations::round_id.eq(round_id)))
        .execute(conn)?;
    let forms: Vec<NewExplanation> = explanations
        .iter()
        .map(|p| explanation_form(round_id, p))
        .collect();
    for chunk in forms.chunks(chunk_len(max_binds, EXPLANATION_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(
            pairing_explanations::table
        )
        .values(chunk)
        .execute(c))?;
    }
    Ok(())
}

/// The audit trail's lines of a new pairing method and Swiss seed (each a setting, in the
/// trail as such), from `before` to `after`.
fn method_changes(
    before: (&str, Option<i64>),
    after: (&str, Option<i64>),
) -> Vec<super::audit::Change> {
    let pairs = |(pairing, seed): (&str, Option<i64>)| {
        vec![
            ("pairing".to_owned(), format!("\"{pairing}\"")),
            (
                "swiss_seed".to_owned(),
                seed.map(|s| s.to_string()).unwrap_or_default(),
            ),
        ]
    };
    super::audit::keyed_changes(&pairs(before), &pairs(after))
}

/// Records that round `round` was unlocked for re-pairing; `false` when there is no such
/// round.
pub(crate) fn unlock_round(
    conn: &mut DbConnection,
    slug: &str,
    round: i32,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(id) = round_id(conn, slug, round)? else {
            return Ok(false);
        };
        add_note(conn, id, NoteKind::Unlocked, "")?;
        if let Some((tournament, _)) = super::revision::of_slug(conn, slug)? {
            super::revision::bump(conn, tournament)?;
        }
        Ok(true)
    })
}
