//! One card: its suit and rank, its notation (docs/rules.md §13), and a hand's size.

use std::fmt;
use std::str::FromStr;

use crate::rules::cards::{Decks, Level, ParseError, Trump, expected};

/// One of the four suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    /// The suits in the order of the canonical pack (§13): S, H, D, C.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn code(self) -> &'static str {
        match self {
            Suit::Spades => "S",
            Suit::Hearts => "H",
            Suit::Diamonds => "D",
            Suit::Clubs => "C",
        }
    }

    /// The suit symbol: a glyph, so it prints the same in black and white.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
            Suit::Clubs => "♣",
        }
    }

    /// The suit a fixed trump names; none for no-trump.
    pub(crate) fn of_trump(trump: Trump) -> Option<Suit> {
        match trump {
            Trump::Spades => Some(Suit::Spades),
            Trump::Hearts => Some(Suit::Hearts),
            Trump::Diamonds => Some(Suit::Diamonds),
            Trump::Clubs => Some(Suit::Clubs),
            Trump::NoTrump => None,
        }
    }
}

/// One card: a suit and a rank, or one of the two jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    Suited(Suit, Level),
    /// 小王, the little joker.
    LittleJoker,
    /// 大王, the big joker.
    BigJoker,
}

/// The different cards of one deck.
pub(crate) const CARDS_PER_DECK: usize = 54;

impl Card {
    /// The card at position `i` (0..54) of one deck in canonical order: S 2…A, H, D, C, LJ, BJ.
    pub(crate) fn from_index(i: usize) -> Card {
        match i {
            52 => Card::LittleJoker,
            53 => Card::BigJoker,
            _ => {
                let suit = Suit::ALL[(i / 13) % 4];
                let level = Level::all().nth(i % 13).expect("13 ranks");
                Card::Suited(suit, level)
            }
        }
    }

    /// The card's position in one deck in canonical order (0..54).
    pub fn index(self) -> usize {
        match self {
            Card::Suited(suit, level) => suit as usize * 13 + usize::from(level.rank() - 2),
            Card::LittleJoker => 52,
            Card::BigJoker => 53,
        }
    }

    /// Card points (§1): every 5 is worth 5, every 10 and K 10.
    pub fn points(self) -> i32 {
        match self {
            Card::Suited(_, level) => match level.rank() {
                5 => 5,
                10 | 13 => 10,
                _ => 0,
            },
            _ => 0,
        }
    }

    pub(crate) fn is_joker(self) -> bool {
        matches!(self, Card::LittleJoker | Card::BigJoker)
    }

    /// A card of the rank being played (a level card, 级牌).
    pub(crate) fn is_level(self, level: Level) -> bool {
        matches!(self, Card::Suited(_, l) if l == level)
    }

    /// The card's text in §13's notation with the suit as a symbol (`♠J`, `LJ`).
    pub(crate) fn symbol_text(self) -> String {
        match self {
            Card::Suited(suit, level) => format!("{}{}", suit.symbol(), level.code()),
            joker => joker.to_string(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited(suit, level) => write!(f, "{}{}", suit.code(), level.code()),
            Card::LittleJoker => f.write_str("LJ"),
            Card::BigJoker => f.write_str("BJ"),
        }
    }
}

const CARD_ALLOWED: &str = "S, H, D or C followed by 2–10, J, Q, K or A; LJ; BJ";

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "LJ" => return Ok(Card::LittleJoker),
            "BJ" => return Ok(Card::BigJoker),
            _ => {}
        }
        let mut chars = s.chars();
        let suit = match chars.next() {
            Some('S') => Suit::Spades,
            Some('H') => Suit::Hearts,
            Some('D') => Suit::Diamonds,
            Some('C') => Suit::Clubs,
            _ => return Err(expected("card", s, CARD_ALLOWED)),
        };
        let level: Level = chars
            .as_str()
            .parse()
            .map_err(|_| expected("card", s, CARD_ALLOWED))?;
        Ok(Card::Suited(suit, level))
    }
}

/// Cards as written in a hand (§13): separated by spaces, in any order.
pub(crate) fn parse_cards(text: &str) -> Result<Vec<Card>, ParseError> {
    text.split_whitespace().map(str::parse).collect()
}

/// Cards written as §13 does: separated by one space, in the order given.
pub fn format_cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 4);
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&card.to_string());
    }
    out
}

/// Cards in one hand: 12, 25 or 39 (§13).
pub(crate) fn hand_size(decks: Decks) -> usize {
    match decks {
        Decks::One => 12,
        Decks::Two => 25,
        Decks::Three => 39,
    }
}
