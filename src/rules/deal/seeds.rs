//! The seeds of a tournament and what may be done with them (docs/rules.md §13, fourth
//! round): which rounds a deal touches and why the rest is refused, and when a seed may be
//! revealed. Pure: the database stores what these answer.

use chrono::NaiveDateTime;

use super::{DealSeed, Seed, SeedRefusal};

/// One commitment of a tournament, as listed for everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedRecord {
    pub state: DealSeed,
    /// When the public could first see the commitment (UTC): when it was set, or when the
    /// tournament was published if it was set before; `None` while the tournament has not
    /// been published since.
    pub published: Option<NaiveDateTime>,
    /// The rounds whose current cards this seed dealt, ascending (empty: replaced before
    /// play, or nothing dealt yet); `None` when not recorded (the old single
    /// `deal_commitment` / `deal_seed` pair).
    pub rounds: Option<Vec<i32>>,
}

impl SeedRecord {
    /// A seed just set: no round dealt from it yet.
    pub fn new(state: DealSeed, published: Option<NaiveDateTime>) -> SeedRecord {
        SeedRecord {
            state,
            published,
            rounds: Some(Vec::new()),
        }
    }

    /// The boards dealt from this seed, as (round, board) in order: every board of its
    /// rounds (`boards`: every board of the event), or, when its rounds were not recorded
    /// (the old single pair), every board that has cards (`dealt`).
    pub(crate) fn dealt_boards(
        &self,
        boards: &[(i32, i32)],
        dealt: &[(i32, i32)],
    ) -> Vec<(i32, i32)> {
        match &self.rounds {
            Some(rounds) => boards
                .iter()
                .filter(|(r, _)| rounds.contains(r))
                .copied()
                .collect(),
            None => dealt.to_vec(),
        }
    }
}

/// The first board of `dealt` that `released` says is not released: what a reveal waits for.
pub(crate) fn first_unreleased(
    dealt: &[(i32, i32)],
    released: impl Fn(i32, i32) -> bool,
) -> Option<(i32, i32)> {
    dealt.iter().copied().find(|(r, b)| !released(*r, *b))
}

/// A round as dealing sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundFacts {
    pub number: i32,
    /// Some board of it has cards.
    pub dealt: bool,
    /// Some board of it has had a result in some room (§13's binding), even if deleted since.
    pub fixed: bool,
}

/// What dealing does to one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundPlan {
    /// Its boards get their first cards.
    First,
    /// Its cards (not played yet) are replaced.
    Again,
    /// It has had a result: its cards stay as they are.
    Fixed,
}

/// What dealing `which` round (every round when `None`) from the current seed does to each
/// round, or why it is refused: fushi must hold a secret seed it drew itself (a revealed
/// seed deals nothing), and a round that has had a result is never dealt again. Dealing
/// every round leaves the fixed rounds as they are, and is refused when every round is.
pub(crate) fn plan_deal(
    current: Option<&DealSeed>,
    rounds: &[RoundFacts],
    which: Option<i32>,
) -> Result<Vec<(i32, RoundPlan)>, SeedRefusal> {
    match current {
        None | Some(DealSeed::Committed(_)) => return Err(SeedRefusal::NoSeed),
        Some(DealSeed::Revealed(_)) => return Err(SeedRefusal::RevealedDealsNothing),
        Some(DealSeed::Secret(seed)) if !seed.is_drawn() => return Err(SeedRefusal::NotDrawn),
        Some(DealSeed::Secret(_)) => {}
    }
    let plan = |r: &RoundFacts| match (r.fixed, r.dealt) {
        (true, _) => RoundPlan::Fixed,
        (false, true) => RoundPlan::Again,
        (false, false) => RoundPlan::First,
    };
    let chosen: Vec<(i32, RoundPlan)> = rounds
        .iter()
        .filter(|r| which.is_none_or(|w| w == r.number))
        .map(|r| (r.number, plan(r)))
        .collect();
    if let Some(round) = which
        && chosen.iter().any(|(_, p)| *p == RoundPlan::Fixed)
    {
        return Err(SeedRefusal::CardsFixed { round });
    }
    if which.is_none() && chosen.iter().all(|(_, p)| *p == RoundPlan::Fixed) {
        return Err(SeedRefusal::EveryRoundFixed);
    }
    Ok(chosen)
}

/// The revealed state of `record`, from the seed fushi holds or the one `typed` (which
/// must match the commitment), or why not: a seed is revealed only once every board dealt
/// from it (`dealt`, in order) is released, so that no board still to be played can be
/// dealt from it; the first that is not is named.
pub fn reveal(
    record: &SeedRecord,
    typed: Option<Seed>,
    dealt: impl IntoIterator<Item = (i32, i32)>,
    released: impl Fn(i32, i32) -> bool,
) -> Result<DealSeed, SeedRefusal> {
    let seed = match (&record.state, typed) {
        (DealSeed::Revealed(_), _) => return Err(SeedRefusal::AlreadyRevealed),
        (DealSeed::Secret(held), None) => held.clone(),
        (DealSeed::Committed(_), None) => return Err(SeedRefusal::NothingToReveal),
        (state, Some(seed)) => {
            if !state.commitment().verifies(&seed) {
                return Err(SeedRefusal::DoesNotMatch);
            }
            seed
        }
    };
    let dealt: Vec<(i32, i32)> = dealt.into_iter().collect();
    if let Some((round, board)) = first_unreleased(&dealt, released) {
        return Err(SeedRefusal::Unreleased { round, board });
    }
    Ok(DealSeed::Revealed(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(text: &str) -> Seed {
        Seed::drawn([7; 16], Some(&super::super::SeedText::parse(text).unwrap()))
    }

    fn facts(number: i32, dealt: bool, fixed: bool) -> RoundFacts {
        RoundFacts {
            number,
            dealt,
            fixed,
        }
    }

    #[test]
    fn dealing_every_round_keeps_the_played_rounds_and_names_what_it_does() {
        let secret = DealSeed::Secret(drawn("draw"));
        let rounds = [
            facts(1, true, true),
            facts(2, true, false),
            facts(3, false, false),
        ];
        assert_eq!(
            plan_deal(Some(&secret), &rounds, None),
            Ok(vec![
                (1, RoundPlan::Fixed),
                (2, RoundPlan::Again),
                (3, RoundPlan::First)
            ])
        );
        assert_eq!(
            plan_deal(Some(&secret), &rounds, Some(1)),
            Err(SeedRefusal::CardsFixed { round: 1 })
        );
        assert_eq!(
            plan_deal(Some(&secret), &rounds, Some(3)),
            Ok(vec![(3, RoundPlan::First)])
        );
        let played = [facts(1, true, true), facts(2, false, true)];
        assert_eq!(
            plan_deal(Some(&secret), &played, None),
            Err(SeedRefusal::EveryRoundFixed)
        );
    }

    #[test]
    fn only_a_secret_seed_fushi_drew_deals() {
        let rounds = [facts(1, false, false)];
        let typed = Seed::parse("739104").unwrap();
        assert_eq!(plan_deal(None, &rounds, None), Err(SeedRefusal::NoSeed));
        assert_eq!(
            plan_deal(
                Some(&DealSeed::Committed(typed.commitment())),
                &rounds,
                None
            ),
            Err(SeedRefusal::NoSeed)
        );
        assert_eq!(
            plan_deal(Some(&DealSeed::Secret(typed)), &rounds, None),
            Err(SeedRefusal::NotDrawn)
        );
        assert_eq!(
            plan_deal(Some(&DealSeed::Revealed(drawn("x"))), &rounds, None),
            Err(SeedRefusal::RevealedDealsNothing)
        );
    }

    #[test]
    fn a_reveal_waits_for_every_board_dealt_from_the_seed() {
        let seed = drawn("ceremony");
        let record = SeedRecord::new(DealSeed::Secret(seed.clone()), None);
        let dealt = [(1, 1), (1, 2), (2, 1)];
        assert_eq!(
            reveal(&record, None, dealt, |r, b| (r, b) != (1, 2)),
            Err(SeedRefusal::Unreleased { round: 1, board: 2 })
        );
        assert_eq!(
            reveal(&record, None, dealt, |_, _| true),
            Ok(DealSeed::Revealed(seed.clone()))
        );
        let other = drawn("other");
        assert_eq!(
            reveal(&record, Some(other), dealt, |_, _| true),
            Err(SeedRefusal::DoesNotMatch)
        );
        let revealed = SeedRecord::new(DealSeed::Revealed(seed.clone()), None);
        assert_eq!(
            reveal(&revealed, None, [], |_, _| true),
            Err(SeedRefusal::AlreadyRevealed)
        );
        // A commitment made elsewhere: the seed must be typed, and match.
        let committed = SeedRecord::new(DealSeed::Committed(seed.commitment()), None);
        assert_eq!(
            reveal(&committed, None, [], |_, _| true),
            Err(SeedRefusal::NothingToReveal)
        );
        assert_eq!(
            reveal(&committed, Some(seed.clone()), [], |_, _| true),
            Ok(DealSeed::Revealed(seed))
        );
    }
}
