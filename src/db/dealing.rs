//! Changing a tournament's dealing (docs/rules.md §13, docs/deals.md): setting a new seed,
//! dealing rounds from the current one, revealing a seed once its boards are released. Each
//! is one transaction with its audit rows; what is refused is decided by
//! `rules::deal::plan_deal` and `rules::deal::reveal`. The rows themselves are `db/deals.rs`'s.

use diesel::prelude::*;

use super::DbError;
use super::connection::{DbConnection, chunk_len, per_backend};
use super::deals::{
    DEAL_COLUMNS, DEALS_AREA, NewDeal, deal_form, load_deals, mark_dealt_by, published_now,
    round_facts, seed_form, seed_text,
};
use super::schema::{boards, deal_seeds, deals, rounds, tournaments};
use crate::rules::Decks;
use crate::rules::deal::{
    Commitment, Deal, DealSeed, Deals, RoundPlan, Seed, SeedRecord, SeedRefusal, deal_board,
    plan_deal, reveal,
};

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

/// Boards as (round, board).
pub(crate) type BoardList = Vec<(i32, i32)>;

/// Every board of the event, and the boards that have cards, as (round, board).
pub(crate) fn board_lists(event: &crate::rules::Event) -> (BoardList, BoardList) {
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
pub(crate) fn reveal_seed(
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
