//! Deals as rows (docs/rules.md §13): the cards of each board, stored with a whole
//! tournament and loaded with it, the dealing seed of the tournament, and a round's boards
//! dealt anew from the seed.

use std::collections::HashMap;

use diesel::prelude::*;

use super::DbError;
use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{boards, deals, rounds, tournaments};
use crate::rules::deal::{
    BoardDeal, Commitment, Deal, DealSeed, Deals, Seed, SeedChange, SeedRefusal, deal_board,
    format_cards, parse_cards,
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

/// The seed's state as the three columns of `tournaments`.
fn seed_columns(seed: &DealSeed) -> (Option<String>, Option<String>, bool) {
    let commitment = seed.commitment().map(|c| c.as_str().to_owned());
    match seed {
        DealSeed::Unset | DealSeed::Committed(_) => (commitment, None, false),
        DealSeed::Secret(s) => (commitment, Some(s.as_str().to_owned()), false),
        DealSeed::Revealed(s) => (commitment, Some(s.as_str().to_owned()), true),
    }
}

fn seed_from_columns(
    id: i32,
    commitment: Option<String>,
    seed: Option<String>,
    revealed: bool,
) -> Result<DealSeed, DbError> {
    let corrupt = |column, why| DbError::corrupt("tournaments", id, column, why);
    let commitment = commitment
        .map(|c| Commitment::parse(&c).map_err(|_| corrupt("deal_commitment", "not a SHA-256")))
        .transpose()?;
    let seed = seed
        .map(|s| Seed::parse(&s).map_err(|_| corrupt("deal_seed", "not a seed")))
        .transpose()?;
    match (commitment, seed) {
        (None, None) => Ok(DealSeed::Unset),
        (Some(c), None) => Ok(DealSeed::Committed(c)),
        (Some(c), Some(s)) if c.verifies(&s) => Ok(if revealed {
            DealSeed::Revealed(s)
        } else {
            DealSeed::Secret(s)
        }),
        _ => Err(corrupt("deal_seed", "does not match deal_commitment")),
    }
}

/// The seed's state as the audit trail writes it: the commitment, and the seed only once
/// revealed (a secret seed never reaches the trail, nor `audit.csv`).
pub fn seed_text(seed: &DealSeed) -> String {
    match seed {
        DealSeed::Unset => String::new(),
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

/// The audit rows of an imported tournament's deals: its seed's state and, per round, how
/// many boards came with their cards.
fn imported_changes(deals: &Deals) -> Vec<super::audit::Change> {
    use super::audit::{Change, Subject};
    let mut changes = Vec::new();
    if deals.seed != DealSeed::Unset {
        changes.push(Change {
            subject: Subject::DealSeed,
            before: String::new(),
            after: seed_text(&deals.seed),
        });
    }
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

/// Stores the event's seed and deals inside the caller's transaction, given the row ids of
/// its boards by (round number, board number), with audit rows by `who` saying they were
/// imported.
pub(super) fn insert_deals(
    conn: &mut DbConnection,
    tournament_id: i32,
    event: &crate::rules::Event,
    board_ids: &HashMap<(i32, i32), i32>,
    max_binds: usize,
    who: &str,
) -> Result<(), DbError> {
    write_seed(conn, tournament_id, &event.deals.seed)?;
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

fn write_seed(conn: &mut DbConnection, tournament_id: i32, seed: &DealSeed) -> Result<(), DbError> {
    let (commitment, seed, revealed) = seed_columns(seed);
    diesel::update(tournaments::table.find(tournament_id))
        .set((
            tournaments::deal_commitment.eq(commitment),
            tournaments::deal_seed.eq(seed),
            tournaments::deal_seed_revealed.eq(revealed),
        ))
        .execute(conn)?;
    Ok(())
}

type DealRow = (i32, i32, String, String, String, String, String);

/// A tournament's seed and every deal it stores, checked against its deck count.
pub(super) fn load_deals(
    conn: &mut DbConnection,
    tournament_id: i32,
    decks: Decks,
) -> Result<Deals, DbError> {
    let (commitment, seed, revealed): (Option<String>, Option<String>, bool) = tournaments::table
        .find(tournament_id)
        .select((
            tournaments::deal_commitment,
            tournaments::deal_seed,
            tournaments::deal_seed_revealed,
        ))
        .first(conn)?;
    let seed = seed_from_columns(tournament_id, commitment, seed, revealed)?;
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
    let mut deals = Deals { seed, boards };
    deals.sort();
    Ok(deals)
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

fn tournament_of(conn: &mut DbConnection, slug: &str) -> Result<(i32, Decks), DealChangeError> {
    let row: Option<(i32, i32)> = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((tournaments::id, tournaments::decks))
        .first(conn)
        .optional()?;
    let (id, decks) = row.ok_or(DealChangeError::NoTournament)?;
    let decks = Decks::from_count(i64::from(decks))
        .ok_or_else(|| DbError::corrupt("tournaments", id, "decks", "not 1, 2 or 3"))?;
    Ok((id, decks))
}

/// Applies a change of the seed (set, reveal) by `who` to the tournament with this slug, in
/// one transaction with its audit row, and returns the new state.
pub fn change_seed(
    conn: &mut DbConnection,
    slug: &str,
    change: SeedChange,
    who: &str,
) -> Result<DealSeed, DealChangeError> {
    super::write_transaction(conn, |conn| {
        let (id, decks) = tournament_of(conn, slug)?;
        let now = load_deals(conn, id, decks)?.seed;
        let next = now.apply(change)?;
        write_seed(conn, id, &next)?;
        let (before, after) = (seed_text(&now), seed_text(&next));
        if before != after {
            let change = super::audit::Change {
                subject: super::audit::Subject::DealSeed,
                before,
                after,
            };
            super::audit::record(conn, id, who, DEALS_AREA, &[change])?;
        }
        super::revision::bump(conn, id)?;
        Ok(next)
    })
}

/// Deals every board of the given rounds (all rounds when `None`) from the tournament's
/// seed by docs/rules.md §13, replacing the deals they had, in one transaction with an audit
/// row by `who` per round (how many boards had cards, how many changed, the commitment of the
/// seed dealt from). Returns the number of boards dealt; refused when fushi holds no seed.
pub fn deal_rounds(
    conn: &mut DbConnection,
    slug: &str,
    round: Option<i32>,
    who: &str,
) -> Result<usize, DealChangeError> {
    super::write_transaction(conn, |conn| {
        let (id, decks) = tournament_of(conn, slug)?;
        let had = load_deals(conn, id, decks)?;
        let seed = had.seed.held().ok_or(SeedRefusal::NothingToReveal)?.clone();
        let mut rows: Vec<(i32, i32, i32)> = boards::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(id))
            .select((boards::id, rounds::number, boards::number))
            .load(conn)?;
        if let Some(r) = round {
            rows.retain(|(_, number, _)| *number == r);
        }
        if rows.is_empty() && round.is_some() {
            return Err(DealChangeError::NoRound);
        }
        let ids: Vec<i32> = rows.iter().map(|(id, _, _)| *id).collect();
        for chunk in ids.chunks(chunk_len(conn.backend().max_binds(), 1)) {
            per_backend!(&mut *conn, |c| diesel::delete(
                deals::table.filter(deals::board_id.eq_any(chunk))
            )
            .execute(c))?;
        }
        let mut dealt: Vec<(i32, i32, Deal)> = Vec::new();
        let forms: Vec<NewDeal> = rows
            .iter()
            .map(|&(board_id, r, b)| {
                let deal = deal_board(&seed, decks, r.unsigned_abs(), b.unsigned_abs());
                let form = deal_form(board_id, &deal);
                dealt.push((r, b, deal));
                form
            })
            .collect();
        dealt.sort_by_key(|(r, b, _)| (*r, *b));
        let mut changes = Vec::new();
        let mut numbers: Vec<i32> = dealt.iter().map(|(r, _, _)| *r).collect();
        numbers.dedup();
        for number in numbers {
            let of_round: Vec<&(i32, i32, Deal)> =
                dealt.iter().filter(|(r, _, _)| *r == number).collect();
            let before = had.boards.iter().filter(|d| d.round == number).count();
            let changed = of_round
                .iter()
                .filter(|(r, b, deal)| had.of(*r, *b) != Some(deal))
                .count();
            changes.push(super::audit::Change {
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
            });
        }
        super::audit::record(conn, id, who, DEALS_AREA, &changes)?;
        for chunk in forms.chunks(chunk_len(conn.backend().max_binds(), DEAL_COLUMNS)) {
            per_backend!(&mut *conn, |c| diesel::insert_into(deals::table)
                .values(chunk)
                .execute(c))?;
        }
        super::revision::bump(conn, id)?;
        Ok(forms.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_state_round_trips_through_its_columns() {
        let seed = Seed::parse("alpha").unwrap();
        for state in [
            DealSeed::Unset,
            DealSeed::Committed(seed.commitment()),
            DealSeed::Secret(seed.clone()),
            DealSeed::Revealed(seed.clone()),
        ] {
            let (c, s, r) = seed_columns(&state);
            assert_eq!(seed_from_columns(1, c, s, r).unwrap(), state);
        }
        let wrong = seed_from_columns(
            1,
            Some(seed.commitment().as_str().to_owned()),
            Some("beta".to_owned()),
            true,
        );
        assert!(wrong.is_err());
    }
}
