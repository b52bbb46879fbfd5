//! A board's cards: the four hands and the bottom, checked against the deck count.

use super::card::{CARDS_PER_DECK, Card, hand_size};
use crate::rules::cards::{Decks, Seat};

/// Why a set of hands is not a deal of the tournament's deck count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("{seat} holds {got} cards, not {want}")]
    HandSize { seat: Seat, got: usize, want: usize },
    #[error("the bottom holds {got} cards, not {want}")]
    BottomSize { got: usize, want: usize },
    #[error("{card} appears {got} times, not {want}")]
    CardCount { card: Card, got: usize, want: usize },
}

/// A board's cards: the four hands and the bottom, each card of the pack exactly `decks`
/// times. The cards keep the order they were given in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    decks: Decks,
    /// North, East, South, West.
    hands: [Vec<Card>; 4],
    bottom: Vec<Card>,
}

impl Deal {
    /// The deal of these hands (North, East, South, West) and bottom, or the first thing
    /// that makes it no deal of `decks` decks: a hand's size, the bottom's, then the first
    /// card (in canonical order) that appears too often or too rarely.
    pub fn new(decks: Decks, hands: [Vec<Card>; 4], bottom: Vec<Card>) -> Result<Deal, DealError> {
        let want = hand_size(decks);
        for (seat, hand) in Seat::ALL.into_iter().zip(&hands) {
            if hand.len() != want {
                return Err(DealError::HandSize {
                    seat,
                    got: hand.len(),
                    want,
                });
            }
        }
        let want_bottom = decks.bottom_cards() as usize;
        if bottom.len() != want_bottom {
            return Err(DealError::BottomSize {
                got: bottom.len(),
                want: want_bottom,
            });
        }
        let mut counts = [0usize; CARDS_PER_DECK];
        for card in hands.iter().flatten().chain(&bottom) {
            counts[card.index()] += 1;
        }
        let per_card = decks.count() as usize;
        if let Some((i, &got)) = counts.iter().enumerate().find(|(_, c)| **c != per_card) {
            return Err(DealError::CardCount {
                card: Card::from_index(i),
                got,
                want: per_card,
            });
        }
        Ok(Deal {
            decks,
            hands,
            bottom,
        })
    }

    /// The deal that §13's step 4 makes of a shuffled pack.
    pub(super) fn from_pack(decks: Decks, pack: &[Card]) -> Deal {
        let h = hand_size(decks);
        let hand = |k: usize| pack[k * h..(k + 1) * h].to_vec();
        let hands = [hand(0), hand(1), hand(2), hand(3)];
        Deal::new(decks, hands, pack[4 * h..].to_vec()).expect("a whole pack is a deal")
    }

    pub fn decks(&self) -> Decks {
        self.decks
    }

    /// The hand of one seat, in the order it was given.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat_index(seat)]
    }

    pub fn bottom(&self) -> &[Card] {
        &self.bottom
    }

    /// Card points in the bottom (底分 before any multiplier).
    pub fn bottom_points(&self) -> i32 {
        self.bottom.iter().map(|c| c.points()).sum()
    }
}

pub(super) fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::North => 0,
        Seat::East => 1,
        Seat::South => 2,
        Seat::West => 3,
    }
}
