//! A knockout round: its segments' rounds, its ties and its name.

use super::tie::Tie;

/// What a knockout round is called: by the places it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reached {
    Final,
    ThirdPlace,
    SemiFinal,
    QuarterFinal,
    RoundOf16,
    RoundOf32,
}

impl Reached {
    pub(crate) fn of_places(places: u32) -> Reached {
        match places {
            2 => Reached::Final,
            4 => Reached::SemiFinal,
            8 => Reached::QuarterFinal,
            16 => Reached::RoundOf16,
            _ => Reached::RoundOf32,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Reached::Final => "final",
            Reached::ThirdPlace => "third_place",
            Reached::SemiFinal => "semi_final",
            Reached::QuarterFinal => "quarter_final",
            Reached::RoundOf16 => "round_of_16",
            Reached::RoundOf32 => "round_of_32",
        }
    }

    /// The round of a [`Reached::code`].
    pub fn from_code(code: &str) -> Option<Reached> {
        [
            Reached::Final,
            Reached::ThirdPlace,
            Reached::SemiFinal,
            Reached::QuarterFinal,
            Reached::RoundOf16,
            Reached::RoundOf32,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }

    /// The short name of a tie in this round (QF3, SF1): its Fluent id. `None` for the
    /// final and the play-off for third, one tie each, which are called by their name.
    pub(crate) fn short_id(self) -> Option<&'static str> {
        match self {
            Reached::Final | Reached::ThirdPlace => None,
            Reached::SemiFinal => Some("stage-short-semi-final"),
            Reached::QuarterFinal => Some("stage-short-quarter-final"),
            Reached::RoundOf16 => Some("stage-short-round-of-16"),
            Reached::RoundOf32 => Some("stage-short-round-of-32"),
        }
    }
}

/// One knockout round: its segments' rounds and its ties (the play-off last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoRound {
    pub number: u32,
    pub places: u32,
    pub first_round: i32,
    pub last_round: i32,
    pub ties: Vec<Tie>,
}

impl KoRound {
    pub fn name(&self) -> Reached {
        Reached::of_places(self.places)
    }

    /// Every tie is known and decided.
    pub fn decided(&self) -> bool {
        self.ties.iter().all(Tie::decided)
    }

    /// Every tie's sides are known.
    pub(crate) fn determined(&self) -> bool {
        self.ties.iter().all(Tie::determined)
    }
}
