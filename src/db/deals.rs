//! Deals as rows (docs/rules.md §13): the cards of each board, stored with a whole
//! tournament and loaded with it, and every dealing seed of the tournament (`deal_seeds`, in
//! the order set); dealing and revealing are `db/dealing.rs`'s. A round's cards
//! are fixed once some board of it has had a result: `rounds.cards_fixed`, set by a
//! trigger on `table_results` and `table_entries` in the same statement as the write (so
//! that no way of saving a result, now or later, can forget it), and never cleared.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{boards, deal_seeds, deals, rounds};
use super::{DbError, WriteRefusal};
use crate::rules::deal::{
    BoardDeal, Commitment, Deal, DealSeed, Deals, RoundFacts, Seed, SeedRecord, format_cards,
    parse_cards,
};
use crate::rules::{Decks, Seat};

pub(super) const DEAL_COLUMNS: usize = 6;

#[derive(Insertable)]
#[diesel(table_name = deals)]
pub(super) struct NewDeal {
    board_id: i32,
    north: String,
    east: String,
    south: String,
    west: String,
    bottom: String,
}

pub(super) fn deal_form(board_id: i32, deal: &Deal) -> NewDeal {
    let hand = |seat| format_cards(deal.hand(seat));
    NewDeal {
        board_id,
        north: hand(Seat::North),
        east: hand(Seat::East),
        south: hand(Seat::South),
        west: hand(Seat::West),
        bottom: format_cards(deal.bottom()),
    }
}

/// The row of a seed: what `deal_seeds` keeps of it.
#[derive(Insertable)]
#[diesel(table_name = deal_seeds)]
pub(super) struct NewSeed {
    tournament_id: i32,
    position: i32,
    commitment: String,
    seed: Option<String>,
    revealed: bool,
    published_at: Option<NaiveDateTime>,
    rounds_recorded: bool,
}

pub(super) fn seed_form(tournament_id: i32, position: i32, record: &SeedRecord) -> NewSeed {
    NewSeed {
        tournament_id,
        position,
        commitment: record.state.commitment().as_str().to_owned(),
        seed: record.state.held().map(|s| s.as_str().to_owned()),
        revealed: record.state.revealed().is_some(),
        published_at: record.published,
        rounds_recorded: record.rounds.is_some(),
    }
}

type SeedRow = (
    i32,
    String,
    Option<String>,
    bool,
    Option<NaiveDateTime>,
    bool,
);

fn seed_state(
    tournament_id: i32,
    (position, commitment, seed, revealed, _, _): &SeedRow,
) -> Result<DealSeed, DbError> {
    let corrupt = |column, why: String| {
        DbError::corrupt(
            "deal_seeds",
            tournament_id,
            column,
            format!("seed {position}: {why}"),
        )
    };
    let commitment = Commitment::parse(commitment)
        .map_err(|_| corrupt("commitment", "not a SHA-256".to_owned()))?;
    let seed = seed
        .as_deref()
        .map(|s| Seed::parse(s).map_err(|_| corrupt("seed", "not a seed".to_owned())))
        .transpose()?;
    match seed {
        None if *revealed => Err(corrupt("seed", "revealed without a seed".to_owned())),
        None => Ok(DealSeed::Committed(commitment)),
        Some(s) if !commitment.verifies(&s) => {
            Err(corrupt("seed", "does not match its commitment".to_owned()))
        }
        Some(s) if *revealed => Ok(DealSeed::Revealed(s)),
        Some(s) => Ok(DealSeed::Secret(s)),
    }
}

/// Every seed of a tournament, in the order set, with the rounds each dealt
/// (`dealt_by`: round number → the position of the seed its cards came from).
fn load_seeds(
    conn: &mut DbConnection,
    tournament_id: i32,
    dealt_by: &[(i32, Option<i32>)],
) -> Result<Vec<SeedRecord>, DbError> {
    let rows: Vec<SeedRow> = deal_seeds::table
        .filter(deal_seeds::tournament_id.eq(tournament_id))
        .order(deal_seeds::position)
        .select((
            deal_seeds::position,
            deal_seeds::commitment,
            deal_seeds::seed,
            deal_seeds::revealed,
            deal_seeds::published_at,
            deal_seeds::rounds_recorded,
        ))
        .load(conn)?;
    rows.iter()
        .map(|row| {
            let mut rounds: Vec<i32> = dealt_by
                .iter()
                .filter(|(_, by)| *by == Some(row.0))
                .map(|(number, _)| *number)
                .collect();
            rounds.sort_unstable();
            Ok(SeedRecord {
                state: seed_state(tournament_id, row)?,
                published: row.4,
                rounds: row.5.then_some(rounds),
            })
        })
        .collect()
}

/// A seed's state as the audit trail writes it: the commitment, and the seed only once
/// revealed (a secret seed never reaches the trail, nor `audit.csv`).
pub(crate) fn seed_text(seed: &DealSeed) -> String {
    match seed {
        DealSeed::Committed(c) => format!("state=published commitment={c}"),
        DealSeed::Secret(s) => format!("state=secret commitment={}", s.commitment()),
        DealSeed::Revealed(s) => format!(
            "state=revealed commitment={} seed={}",
            s.commitment(),
            s.as_str()
        ),
    }
}

pub(super) const DEALS_AREA: super::audit::Place<'static> = super::audit::Place {
    area: "deals",
    round: None,
    table: None,
};

/// The audit rows of an imported tournament's deals: each seed's state and, per round, how
/// many boards came with their cards.
fn imported_changes(deals: &Deals) -> Vec<super::audit::Change> {
    use super::audit::{Change, Subject};
    let mut changes: Vec<Change> = deals
        .seeds
        .iter()
        .map(|record| Change {
            subject: Subject::DealSeed,
            before: String::new(),
            after: seed_text(&record.state),
        })
        .collect();
    let mut rounds: Vec<i32> = deals.boards.iter().map(|d| d.round).collect();
    rounds.dedup();
    for round in rounds {
        let count = deals.boards.iter().filter(|d| d.round == round).count();
        changes.push(Change {
            subject: Subject::Deals { round },
            before: String::new(),
            after: format!("boards={count} imported"),
        });
    }
    changes
}

/// Stores the event's seeds and deals inside the caller's transaction, given the row ids
/// of its boards by (round number, board number), with audit rows by `who` saying they
/// were imported. A seed's rounds are marked on the rounds (`dealt_by`).
pub(super) fn insert_deals(
    conn: &mut DbConnection,
    tournament_id: i32,
    event: &crate::rules::Event,
    board_ids: &HashMap<(i32, i32), i32>,
    max_binds: usize,
    who: &str,
) -> Result<(), DbError> {
    for (i, record) in event.deals.seeds.iter().enumerate() {
        let position = i as i32 + 1;
        let mut form = seed_form(tournament_id, position, record);
        // Imported into a published tournament, a commitment not yet dated is public now.
        if form.published_at.is_none() && event.settings.published {
            form.published_at = Some(published_now());
        }
        diesel::insert_into(deal_seeds::table)
            .values(form)
            .execute(conn)?;
        for &round in record.rounds.iter().flatten() {
            mark_dealt_by(conn, tournament_id, round, Some(position))?;
        }
    }
    super::audit::record(
        conn,
        tournament_id,
        who,
        DEALS_AREA,
        &imported_changes(&event.deals),
    )?;
    let forms = event
        .deals
        .boards
        .iter()
        .map(|d| {
            let id = board_ids.get(&(d.round, d.board)).ok_or_else(|| {
                DbError::Refused(WriteRefusal::NoSuchBoard {
                    round: d.round,
                    board: d.board,
                })
            })?;
            Ok(deal_form(*id, &d.deal))
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    for chunk in forms.chunks(chunk_len(max_binds, DEAL_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(deals::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

/// Records that round `round`'s current cards came from the seed at `position` (`None`:
/// from no seed of fushi's).
pub(super) fn mark_dealt_by(
    conn: &mut DbConnection,
    tournament_id: i32,
    round: i32,
    position: Option<i32>,
) -> Result<(), DbError> {
    diesel::update(
        rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(rounds::number.eq(round)),
    )
    .set(rounds::dealt_by.eq(position))
    .execute(conn)?;
    Ok(())
}

type DealRow = (i32, i32, String, String, String, String, String);

/// A tournament's seeds and every deal it stores, checked against its deck count.
pub(super) fn load_deals(
    conn: &mut DbConnection,
    tournament_id: i32,
    decks: Decks,
) -> Result<Deals, DbError> {
    let dealt_by: Vec<(i32, Option<i32>)> = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select((rounds::number, rounds::dealt_by))
        .load(conn)?;
    let seeds = load_seeds(conn, tournament_id, &dealt_by)?;
    let rows: Vec<DealRow> = deals::table
        .inner_join(boards::table.inner_join(rounds::table))
        .filter(rounds::tournament_id.eq(tournament_id))
        .select((
            rounds::number,
            boards::number,
            deals::north,
            deals::east,
            deals::south,
            deals::west,
            deals::bottom,
        ))
        .load(conn)?;
    let boards = rows
        .into_iter()
        .map(|(round, board, n, e, s, w, bottom)| {
            let corrupt = |why: String| {
                DbError::Corrupt(format!("deals of round {round} board {board}: {why}"))
            };
            let cards = |text: &str| parse_cards(text).map_err(|e| corrupt(e.to_string()));
            let hands = [cards(&n)?, cards(&e)?, cards(&s)?, cards(&w)?];
            let deal =
                Deal::new(decks, hands, cards(&bottom)?).map_err(|e| corrupt(e.to_string()))?;
            Ok(BoardDeal { round, board, deal })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    let mut deals = Deals { seeds, boards };
    deals.sort();
    Ok(deals)
}

/// Each round of a tournament as dealing sees it: whether it has cards, and whether they
/// are fixed (§13's binding: some board of it has had a result).
pub(crate) fn round_facts(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<Vec<RoundFacts>, DbError> {
    let rounds: Vec<(i32, i32, bool)> = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(rounds::number)
        .select((rounds::id, rounds::number, rounds::cards_fixed))
        .load(conn)?;
    let dealt: Vec<i32> = deals::table
        .inner_join(boards::table)
        .filter(boards::round_id.eq_any(rounds.iter().map(|r| r.0).collect::<Vec<_>>()))
        .select(boards::round_id)
        .distinct()
        .load(conn)?;
    Ok(rounds
        .into_iter()
        .map(|(id, number, fixed)| RoundFacts {
            number,
            dealt: dealt.contains(&id),
            fixed,
        })
        .collect())
}

/// Before a change of the deck count of tournament `tournament_id`: the stored cards no
/// longer make deals, so they go, with an audit row per round; refused when a round that
/// has had a result has cards (§13's binding: its cards never change): that round.
pub(super) fn clear_for_decks(
    conn: &mut DbConnection,
    tournament_id: i32,
    who: &str,
) -> Result<Option<i32>, DbError> {
    let facts = round_facts(conn, tournament_id)?;
    if let Some(f) = facts.iter().find(|f| f.dealt && f.fixed) {
        return Ok(Some(f.number));
    }
    let round_ids: Vec<i32> = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(rounds::id)
        .load(conn)?;
    let board_ids: Vec<i32> = boards::table
        .filter(boards::round_id.eq_any(&round_ids))
        .select(boards::id)
        .load(conn)?;
    for chunk in board_ids.chunks(chunk_len(conn.backend().max_binds(), 1)) {
        per_backend!(&mut *conn, |c| diesel::delete(
            deals::table.filter(deals::board_id.eq_any(chunk))
        )
        .execute(c))?;
    }
    diesel::update(rounds::table.filter(rounds::tournament_id.eq(tournament_id)))
        .set(rounds::dealt_by.eq(None::<i32>))
        .execute(conn)?;
    let changes: Vec<super::audit::Change> = facts
        .iter()
        .filter(|f| f.dealt)
        .map(|f| super::audit::Change {
            subject: super::audit::Subject::Deals { round: f.number },
            before: "dealt".to_owned(),
            after: "cleared: decks changed".to_owned(),
        })
        .collect();
    super::audit::record(conn, tournament_id, who, DEALS_AREA, &changes)?;
    Ok(None)
}

/// The time a commitment becomes public: to the second, as the archive writes it.
pub(super) fn published_now() -> NaiveDateTime {
    use chrono::SubsecRound;
    super::now().trunc_subsecs(0)
}

/// Dates every commitment the public could not see yet: the tournament `tournament_id`
/// has just been published (inside the caller's transaction).
pub(super) fn publish_commitments(
    conn: &mut DbConnection,
    tournament_id: i32,
) -> Result<(), DbError> {
    diesel::update(
        deal_seeds::table
            .filter(deal_seeds::tournament_id.eq(tournament_id))
            .filter(deal_seeds::published_at.is_null()),
    )
    .set(deal_seeds::published_at.eq(Some(published_now())))
    .execute(conn)?;
    Ok(())
}
