//! Cards, seats and the vocabulary of one deal (docs/rules.md §1, §2, §4).

use std::fmt;
use std::str::FromStr;

/// A value that could not be read: what it was for, what came, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} \"{got}\" is not one of {allowed}")]
pub struct ParseError {
    pub what: &'static str,
    pub got: String,
    pub allowed: &'static str,
}

pub(crate) fn expected(what: &'static str, got: &str, allowed: &'static str) -> ParseError {
    ParseError {
        what,
        got: got.to_owned(),
        allowed,
    }
}

/// How many decks are played: fixes card points, bottom size and the allowed combinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decks {
    One,
    Two,
    Three,
}

impl Decks {
    pub fn from_count(n: i64) -> Option<Decks> {
        match n {
            1 => Some(Decks::One),
            2 => Some(Decks::Two),
            3 => Some(Decks::Three),
            _ => None,
        }
    }

    pub fn count(self) -> i32 {
        match self {
            Decks::One => 1,
            Decks::Two => 2,
            Decks::Three => 3,
        }
    }

    /// Card points in the whole pack: 100 per deck.
    pub(crate) fn total_points(self) -> i32 {
        100 * self.count()
    }

    /// Cards in the bottom (底牌).
    pub(crate) fn bottom_cards(self) -> i32 {
        match self {
            Decks::One => 6,
            Decks::Two => 8,
            Decks::Three => 6,
        }
    }

    /// The longest tractor (pairs) or titanic (triples) one hand can hold: the cards of a
    /// hand divided by 2 or 3.
    pub(crate) fn max_combo_length(self, combo: Combination) -> Option<u8> {
        let hand = (54 * self.count() - self.bottom_cards()) / 4;
        let width = match combo {
            Combination::Tractor(_) => 2,
            Combination::Titanic(_) => 3,
            _ => return None,
        };
        u8::try_from(hand / width).ok()
    }

    /// The most points the bottom can hold: every card a 10 or a K.
    pub(crate) fn max_bottom_points(self) -> i32 {
        10 * self.bottom_cards()
    }

    /// Whether the last trick can be led with this combination at this deck count.
    pub fn allows(self, combo: Combination) -> bool {
        match combo {
            Combination::Single => true,
            Combination::Pair | Combination::Tractor(_) => self != Decks::One,
            Combination::Triple | Combination::Titanic(_) => self == Decks::Three,
        }
    }

    /// The combinations allowed at this deck count, for messages and forms.
    pub(crate) fn allowed_combinations(self) -> &'static str {
        match self {
            Decks::One => "single",
            Decks::Two => "single, pair, tractor:L",
            Decks::Three => "single, pair, tractor:L, triple, titanic:L",
        }
    }
}

/// A seat at the table (方位).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    North,
    East,
    South,
    West,
}

/// A partnership: North–South or East–West.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    NorthSouth,
    EastWest,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The pair that declares when this seat deals (docs/rules.md §4).
    pub fn pair(self) -> Pair {
        match self {
            Seat::North | Seat::South => Pair::NorthSouth,
            Seat::East | Seat::West => Pair::EastWest,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Seat::North => "N",
            Seat::East => "E",
            Seat::South => "S",
            Seat::West => "W",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Seat::North => "北",
            Seat::East => "东",
            Seat::South => "南",
            Seat::West => "西",
        }
    }
}

impl FromStr for Seat {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "N" => Ok(Seat::North),
            "E" => Ok(Seat::East),
            "S" => Ok(Seat::South),
            "W" => Ok(Seat::West),
            _ => Err(expected("dealer", s, "N, E, S, W")),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The two rooms of a match (docs/rules.md §1): in the open room the home team sits North–South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Room {
    Open,
    Closed,
}

impl Room {
    pub const BOTH: [Room; 2] = [Room::Open, Room::Closed];

    pub fn code(self) -> &'static str {
        match self {
            Room::Open => "open",
            Room::Closed => "closed",
        }
    }

    /// Where the home team sits in this room.
    pub(crate) fn home_pair(self) -> Pair {
        match self {
            Room::Open => Pair::NorthSouth,
            Room::Closed => Pair::EastWest,
        }
    }
}

impl FromStr for Room {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "open" => Ok(Room::Open),
            "closed" => Ok(Room::Closed),
            _ => Err(expected("room", s, "open, closed")),
        }
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The level being played (级数): 2 < 3 < … < 10 < J < Q < K < A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// 2..=14, where 11 = J, 12 = Q, 13 = K, 14 = A.
    pub fn rank(self) -> u8 {
        self.0
    }

    pub fn all() -> impl Iterator<Item = Level> {
        (2..=14).map(Level)
    }

    pub fn code(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][usize::from(self.0 - 2)]
    }
}

impl FromStr for Level {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::all()
            .find(|l| l.code() == s)
            .ok_or_else(|| expected("level", s, "2–10, J, Q, K, A"))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A fixed trump suit (主花色) or no-trump (无主).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
    NoTrump,
}

impl Trump {
    pub const ALL: [Trump; 5] = [
        Trump::Spades,
        Trump::Hearts,
        Trump::Diamonds,
        Trump::Clubs,
        Trump::NoTrump,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Trump::Spades => "S",
            Trump::Hearts => "H",
            Trump::Diamonds => "D",
            Trump::Clubs => "C",
            Trump::NoTrump => "NT",
        }
    }

    /// The suit symbol, or 无主 for no-trump.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Trump::Spades => "♠",
            Trump::Hearts => "♥",
            Trump::Diamonds => "♦",
            Trump::Clubs => "♣",
            Trump::NoTrump => "无主",
        }
    }
}

impl FromStr for Trump {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Trump::ALL
            .into_iter()
            .find(|t| t.code() == s)
            .ok_or_else(|| expected("trump", s, "S, H, D, C, NT or empty"))
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Which side won the final trick of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LastTrick {
    Declarer,
    Defenders,
}

impl LastTrick {
    pub fn code(self) -> &'static str {
        match self {
            LastTrick::Declarer => "declarer",
            LastTrick::Defenders => "defenders",
        }
    }
}

impl FromStr for LastTrick {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "declarer" => Ok(LastTrick::Declarer),
            "defenders" => Ok(LastTrick::Defenders),
            _ => Err(expected("last_trick", s, "declarer, defenders")),
        }
    }
}

impl fmt::Display for LastTrick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The largest combination in the last trick, which sets the bottom multiplier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combination {
    Single,
    Pair,
    /// L consecutive pairs, L ≥ 2 (拖拉机).
    Tractor(u8),
    Triple,
    /// L consecutive triples, L ≥ 2.
    Titanic(u8),
}

impl FromStr for Combination {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            expected(
                "combination",
                s,
                "single, pair, tractor:L, triple, titanic:L (L ≥ 2)",
            )
        };
        match s {
            "single" => Ok(Combination::Single),
            "pair" => Ok(Combination::Pair),
            "triple" => Ok(Combination::Triple),
            _ => {
                let (kind, len) = s.split_once(':').ok_or_else(bad)?;
                let len: u8 = len.parse().map_err(|_| bad())?;
                if len < 2 {
                    return Err(bad());
                }
                match kind {
                    "tractor" => Ok(Combination::Tractor(len)),
                    "titanic" => Ok(Combination::Titanic(len)),
                    _ => Err(bad()),
                }
            }
        }
    }
}

impl fmt::Display for Combination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Combination::Single => f.write_str("single"),
            Combination::Pair => f.write_str("pair"),
            Combination::Tractor(l) => write!(f, "tractor:{l}"),
            Combination::Triple => f.write_str("triple"),
            Combination::Titanic(l) => write!(f, "titanic:{l}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_deck_count() {
        assert_eq!(Decks::One.total_points(), 100);
        assert_eq!(Decks::Two.total_points(), 200);
        assert_eq!(Decks::Three.total_points(), 300);
        assert_eq!(Decks::One.max_bottom_points(), 60);
        assert_eq!(Decks::Two.max_bottom_points(), 80);
        assert_eq!(Decks::Three.max_bottom_points(), 60);
    }

    #[test]
    fn combinations_allowed_per_deck_count() {
        use Combination::*;
        let all = [Single, Pair, Tractor(2), Triple, Titanic(2)];
        let allowed = |d: Decks| all.iter().filter(|c| d.allows(**c)).count();
        assert_eq!(allowed(Decks::One), 1);
        assert_eq!(allowed(Decks::Two), 3);
        assert_eq!(allowed(Decks::Three), 5);
        assert!(!Decks::Two.allows(Triple));
        assert!(!Decks::One.allows(Pair));
    }

    #[test]
    fn combinations_round_trip_and_reject_short_runs() {
        for s in [
            "single",
            "pair",
            "tractor:2",
            "tractor:5",
            "triple",
            "titanic:3",
        ] {
            assert_eq!(s.parse::<Combination>().unwrap().to_string(), s);
        }
        for s in ["tractor:1", "tractor", "titanic:x", "quad", "Pair", ""] {
            assert!(s.parse::<Combination>().is_err(), "{s}");
        }
    }

    #[test]
    fn levels_order_and_parse() {
        let codes: Vec<_> = Level::all().map(|l| l.code()).collect();
        assert_eq!(codes.first(), Some(&"2"));
        assert_eq!(codes.last(), Some(&"A"));
        assert!("J".parse::<Level>().unwrap() > "10".parse::<Level>().unwrap());
        assert!("1".parse::<Level>().is_err());
        assert!("11".parse::<Level>().is_err());
    }

    #[test]
    fn dealer_decides_the_declaring_pair() {
        assert_eq!(Seat::North.pair(), Pair::NorthSouth);
        assert_eq!(Seat::South.pair(), Pair::NorthSouth);
        assert_eq!(Seat::East.pair(), Pair::EastWest);
        assert_eq!(Seat::West.pair(), Pair::EastWest);
    }
}
