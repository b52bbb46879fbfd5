//! A tournament's deals: every seed set, and each board's deal.

use super::board::Deal;
use super::seeds::SeedRecord;

/// One board's deal within a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDeal {
    pub round: i32,
    pub board: i32,
    pub deal: Deal,
}

/// A tournament's deals: every seed ever set, in the order set, and the deal of each board
/// that has one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deals {
    /// Every commitment ever set, the last the current one (§13: a new seed never
    /// replaces one).
    pub seeds: Vec<SeedRecord>,
    /// By round, then board.
    pub boards: Vec<BoardDeal>,
}

impl Deals {
    /// The deal of one board, if it has one.
    pub fn of(&self, round: i32, board: i32) -> Option<&Deal> {
        self.boards
            .iter()
            .find(|d| d.round == round && d.board == board)
            .map(|d| &d.deal)
    }

    /// The seed set last, the one a new round is dealt from.
    pub fn current(&self) -> Option<&SeedRecord> {
        self.seeds.last()
    }

    /// What the public may see: the deals of the boards `released` says are public, and
    /// every commitment, each seed only once revealed.
    pub fn public(&self, released: impl Fn(i32, i32) -> bool) -> Deals {
        Deals {
            seeds: self
                .seeds
                .iter()
                .map(|s| SeedRecord {
                    state: s.state.public(),
                    ..s.clone()
                })
                .collect(),
            boards: self
                .boards
                .iter()
                .filter(|d| released(d.round, d.board))
                .cloned()
                .collect(),
        }
    }

    /// Puts the deals in archive order.
    pub fn sort(&mut self) {
        self.boards.sort_by_key(|d| (d.round, d.board));
    }
}
