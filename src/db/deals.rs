//! Deals as rows (docs/rules.md §13): the cards of each board, stored with a whole
//! tournament and loaded with it, every dealing seed of the tournament (`deal_seeds`, in
//! the order set), and a round's boards dealt anew from the current seed. A round's cards
//! are fixed once some board of it has had a result: `rounds.cards_fixed`, set by a
//! trigger on `table_results` and `table_entries` in the same statement as the write (so
//! that no way of saving a result, now or later, can forget it), and never cleared.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbError;
use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{boards, deal_seeds, deals, rounds, tournaments};
use crate::rules::deal::{
    BoardDeal, Commitment, Deal, DealSeed, Deals, RoundFacts, RoundPlan, Seed, SeedRecord,
    SeedRefusal, deal_board, format_cards, parse_cards, plan_deal, reveal,
};
use crate::rules::{Decks, Seat};

const DEAL_COLUMNS: usize = 6;

#[derive(Insertable)]
#[diesel(table_name = deals)]
struct NewDeal {
    board_id: i32,
    north: String,
    east: String,
    south: String,
    west: String,
    bottom: String,
}

fn deal_form(board_id: i32, deal: &Deal) -> NewDeal {
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
struct NewSeed {
    tournament_id: i32,
    position: i32,
    commitment: String,
    seed: Option<String>,
    revealed: bool,
    published_at: Option<NaiveDateTime>,
    rounds_recorded: bool,
}

fn seed_form(tournament_id: i32, position: i32, record: &SeedRecord) -> NewSeed {
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
            &format!("seed {position}: {why}"),
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
pub fn seed_text(seed: &DealSeed) -> String {
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

const DEALS_AREA: super::audit::Place<'static> = super::audit::Place {
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
                DbError::Inconsistent(format!(
                    "deal of round {} board {}: no such board",
                    d.round, d.board
                ))
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
fn mark_dealt_by(
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
                DbError::Inconsistent(format!("deal of round {round} board {board}: {why}"))
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
pub fn round_facts(
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

/// Why a change to a tournament's deals is refused.
#[derive(Debug, thiserror::Error)]
pub enum DealChangeError {
    #[error("no such tournament")]
    NoTournament,
    #[error("no such round")]
    NoRound,
    #[error(transparent)]
    Refused(#[from] SeedRefusal),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for DealChangeError {
    fn from(e: diesel::result::Error) -> Self {
        DealChangeError::Db(e.into())
    }
}

/// The tournament's id, deck count and whether it is published; locked for the rest of
/// the transaction on PostgreSQL, so that two changes of its seeds take turns.
fn tournament_of(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<(i32, Decks, bool), DealChangeError> {
    let id = super::rounds::lock_tournament(conn, slug)?.ok_or(DealChangeError::NoTournament)?;
    let (decks, published): (i32, bool) = tournaments::table
        .find(id)
        .select((tournaments::decks, tournaments::published))
        .first(conn)?;
    let decks = Decks::from_count(i64::from(decks))
        .ok_or_else(|| DbError::corrupt("tournaments", id, "decks", "not 1, 2 or 3"))?;
    Ok((id, decks, published))
}

/// The time a commitment becomes public: to the second, as the archive writes it.
fn published_now() -> NaiveDateTime {
    use chrono::SubsecRound;
    super::now().trunc_subsecs(0)
}

/// Sets `seed` (one fushi drew, [`crate::transfer::draw_seed`]) as the tournament's new
/// seed: a new commitment after every earlier one, which all stay listed; in one
/// transaction with its audit row by `who`. Returns its commitment.
pub fn set_seed(
    conn: &mut DbConnection,
    slug: &str,
    seed: Seed,
    who: &str,
) -> Result<Commitment, DealChangeError> {
    super::write_transaction(conn, |conn| {
        let (id, _, published) = tournament_of(conn, slug)?;
        let last: Option<i32> = deal_seeds::table
            .filter(deal_seeds::tournament_id.eq(id))
            .select(diesel::dsl::max(deal_seeds::position))
            .first(conn)?;
        let record = SeedRecord::new(
            DealSeed::Secret(seed.clone()),
            published.then(published_now),
        );
        diesel::insert_into(deal_seeds::table)
            .values(seed_form(id, last.unwrap_or(0) + 1, &record))
            .execute(conn)?;
        let change = super::audit::Change {
            subject: super::audit::Subject::DealSeed,
            before: String::new(),
            after: seed_text(&record.state),
        };
        super::audit::record(conn, id, who, DEALS_AREA, &[change])?;
        super::revision::bump(conn, id)?;
        Ok(seed.commitment())
    })
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

/// Every board of the event, and the boards that have cards, as (round, board).
pub fn board_lists(event: &crate::rules::Event) -> (Vec<(i32, i32)>, Vec<(i32, i32)>) {
    let boards = event
        .rounds
        .iter()
        .flat_map(|r| r.boards.iter().map(move |b| (r.number, b.number)))
        .collect();
    let dealt = event
        .deals
        .boards
        .iter()
        .map(|d| (d.round, d.board))
        .collect();
    (boards, dealt)
}

/// Reveals the seed of `commitment` (the current one when `None`): the one fushi holds, or
/// `typed`, which must match; refused while a board dealt from it is not released
/// (docs/rules.md §5), naming it. In one transaction with its audit row by `who`.
pub fn reveal_seed(
    conn: &mut DbConnection,
    slug: &str,
    (commitment, typed): (Option<Commitment>, Option<Seed>),
    who: &str,
) -> Result<DealSeed, DealChangeError> {
    super::write_transaction(conn, |conn| {
        let (id, _, _) = tournament_of(conn, slug)?;
        let event =
            super::tournament::load_event(conn, slug)?.ok_or(DealChangeError::NoTournament)?;
        let play = super::tournament::load_play(conn, id)?;
        let release = crate::rules::release::Release::of(&event, &play.released_rounds);
        let seeds = &event.deals.seeds;
        let at = match &commitment {
            None if seeds.is_empty() => return Err(SeedRefusal::NothingToReveal.into()),
            None => seeds.len() - 1,
            Some(c) => seeds
                .iter()
                .position(|s| s.state.commitment() == *c)
                .ok_or(SeedRefusal::NoSuchCommitment)?,
        };
        let record = &seeds[at];
        let (boards, dealt) = board_lists(&event);
        let next = reveal(
            record,
            typed,
            record.dealt_boards(&boards, &dealt),
            |r, b| release.board(r, b),
        )?;
        diesel::update(
            deal_seeds::table
                .filter(deal_seeds::tournament_id.eq(id))
                .filter(deal_seeds::position.eq(at as i32 + 1)),
        )
        .set((
            deal_seeds::seed.eq(next.held().map(|s| s.as_str().to_owned())),
            deal_seeds::revealed.eq(true),
        ))
        .execute(conn)?;
        let change = super::audit::Change {
            subject: super::audit::Subject::DealSeed,
            before: seed_text(&record.state),
            after: seed_text(&next),
        };
        super::audit::record(conn, id, who, DEALS_AREA, &[change])?;
        super::revision::bump(conn, id)?;
        Ok(next)
    })
}

/// Deals every board of the given round (every round whose cards are not fixed when
/// `None`) from the tournament's current seed by docs/rules.md §13, replacing the deals
/// they had, in one transaction with an audit row by `who` per round (how many boards had
/// cards, how many changed, the commitment of the seed dealt from). Refused by
/// [`plan_deal`]: no secret seed of fushi's, a revealed one, a round that has had a result.
/// Returns the rounds dealt and the number of boards.
pub fn deal_rounds(
    conn: &mut DbConnection,
    slug: &str,
    round: Option<i32>,
    who: &str,
) -> Result<(Vec<i32>, usize), DealChangeError> {
    super::write_transaction(conn, |conn| {
        let (id, decks, _) = tournament_of(conn, slug)?;
        let had = load_deals(conn, id, decks)?;
        let facts = round_facts(conn, id)?;
        if let Some(r) = round
            && !facts.iter().any(|f| f.number == r)
        {
            return Err(DealChangeError::NoRound);
        }
        let plan = plan_deal(had.current().map(|s| &s.state), &facts, round)?;
        let chosen: Vec<i32> = plan
            .iter()
            .filter(|(_, p)| *p != RoundPlan::Fixed)
            .map(|(r, _)| *r)
            .collect();
        let seed = match had.current().map(|s| &s.state) {
            Some(DealSeed::Secret(seed)) => seed.clone(),
            _ => return Err(SeedRefusal::NoSeed.into()),
        };
        let position = had.seeds.len() as i32;
        let count = replace_deals(conn, id, (decks, &seed), (&chosen, &had), who)?;
        for &r in &chosen {
            mark_dealt_by(conn, id, r, Some(position))?;
        }
        super::revision::bump(conn, id)?;
        Ok((chosen, count))
    })
}

/// Replaces the deals of every board of `chosen` rounds with the ones `seed` deals, with
/// an audit row per round; the number of boards dealt.
fn replace_deals(
    conn: &mut DbConnection,
    id: i32,
    (decks, seed): (Decks, &Seed),
    (chosen, had): (&[i32], &Deals),
    who: &str,
) -> Result<usize, DealChangeError> {
    let rows: Vec<(i32, i32, i32)> = boards::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .filter(rounds::number.eq_any(chosen))
        .order((rounds::number, boards::number))
        .select((boards::id, rounds::number, boards::number))
        .load(conn)?;
    let ids: Vec<i32> = rows.iter().map(|(id, _, _)| *id).collect();
    for chunk in ids.chunks(chunk_len(conn.backend().max_binds(), 1)) {
        per_backend!(&mut *conn, |c| diesel::delete(
            deals::table.filter(deals::board_id.eq_any(chunk))
        )
        .execute(c))?;
    }
    let dealt: Vec<(i32, i32, i32, Deal)> = rows
        .iter()
        .map(|&(board_id, r, b)| {
            let deal = deal_board(seed, decks, r.unsigned_abs(), b.unsigned_abs());
            (board_id, r, b, deal)
        })
        .collect();
    let changes: Vec<super::audit::Change> = chosen
        .iter()
        .map(|&number| {
            let of_round: Vec<_> = dealt.iter().filter(|(_, r, _, _)| *r == number).collect();
            let before = had.boards.iter().filter(|d| d.round == number).count();
            let changed = of_round
                .iter()
                .filter(|(_, r, b, deal)| had.of(*r, *b) != Some(deal))
                .count();
            super::audit::Change {
                subject: super::audit::Subject::Deals { round: number },
                before: if before == 0 {
                    String::new()
                } else {
                    format!("boards={before}")
                },
                after: format!(
                    "boards={} changed={changed} dealt_from={}",
                    of_round.len(),
                    seed.commitment()
                ),
            }
        })
        .collect();
    super::audit::record(conn, id, who, DEALS_AREA, &changes)?;
    let forms: Vec<NewDeal> = dealt
        .iter()
        .map(|(id, _, _, d)| deal_form(*id, d))
        .collect();
    for chunk in forms.chunks(chunk_len(conn.backend().max_binds(), DEAL_COLUMNS)) {
        per_backend!(&mut *conn, |c| diesel::insert_into(deals::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(forms.len())
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
