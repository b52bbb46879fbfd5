//! A hand sorted the way Shengji players sort it.

use super::card::{Card, Suit};
use crate::rules::cards::{Level, Trump};

/// A hand split the way Shengji players sort it, given the board's level and trump: the
/// trumps first (big joker, little joker, level cards of the trump suit, the other level
/// cards in suit order, then the trump suit from A down), then each other suit from A down
/// without its level cards. Without a fixed trump (or with no-trump) the trumps are the
/// jokers and the level cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SortedHand {
    /// The trumps (主牌), highest first.
    pub trumps: Vec<Card>,
    /// The other suits in S, H, D, C order (the trump suit left out), each highest first;
    /// a suit the hand is void in is listed with no cards.
    pub suits: Vec<(Suit, Vec<Card>)>,
}

impl SortedHand {
    pub(crate) fn new(cards: &[Card], level: Level, trump: Option<Trump>) -> SortedHand {
        let trump_suit = trump.and_then(Suit::of_trump);
        let high_first = |a: &Card, b: &Card| rank_of(*b).cmp(&rank_of(*a));
        let mut big = Vec::new();
        let mut little = Vec::new();
        let mut trump_level = Vec::new();
        let mut other_level = Vec::new();
        let mut trump_suit_cards = Vec::new();
        let mut suits: Vec<(Suit, Vec<Card>)> = Suit::ALL
            .into_iter()
            .filter(|s| Some(*s) != trump_suit)
            .map(|s| (s, Vec::new()))
            .collect();
        for &card in cards {
            match card {
                Card::BigJoker => big.push(card),
                Card::LittleJoker => little.push(card),
                Card::Suited(suit, l) if l == level => {
                    if Some(suit) == trump_suit {
                        trump_level.push(card);
                    } else {
                        other_level.push(card);
                    }
                }
                Card::Suited(suit, _) if Some(suit) == trump_suit => trump_suit_cards.push(card),
                Card::Suited(suit, _) => {
                    if let Some((_, list)) = suits.iter_mut().find(|(s, _)| *s == suit) {
                        list.push(card);
                    }
                }
            }
        }
        other_level.sort_by_key(|c| c.index());
        trump_suit_cards.sort_by(high_first);
        for (_, list) in &mut suits {
            list.sort_by(high_first);
        }
        let mut trumps = big;
        trumps.extend(little);
        trumps.extend(trump_level);
        trumps.extend(other_level);
        trumps.extend(trump_suit_cards);
        SortedHand { trumps, suits }
    }
}

fn rank_of(card: Card) -> u8 {
    match card {
        Card::Suited(_, level) => level.rank(),
        Card::LittleJoker => 15,
        Card::BigJoker => 16,
    }
}
