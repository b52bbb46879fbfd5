//! The tie-break chain: the criteria that separate teams level on match score, in the
//! order a tournament chose them (docs/rules.md §7). A setting, so it lives apart from the
//! ranking that applies it ([`super::standings`]).

use std::fmt;
use std::str::FromStr;

use super::cards::{ParseError, expected};

/// A criterion that separates teams level on match score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    HeadToHead,
    LevelQuotient,
    LevelDiff,
    PointDiff,
    BoardsWon,
}

impl TieBreak {
    pub(crate) const DEFAULT: [TieBreak; 5] = [
        TieBreak::HeadToHead,
        TieBreak::LevelQuotient,
        TieBreak::LevelDiff,
        TieBreak::PointDiff,
        TieBreak::BoardsWon,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TieBreak::HeadToHead => "head_to_head",
            TieBreak::LevelQuotient => "level_quotient",
            TieBreak::LevelDiff => "level_diff",
            TieBreak::PointDiff => "point_diff",
            TieBreak::BoardsWon => "boards_won",
        }
    }
}

impl FromStr for TieBreak {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TieBreak::DEFAULT
            .into_iter()
            .find(|t| t.code() == s)
            .ok_or_else(|| {
                expected(
                    "tie-break",
                    s,
                    "head_to_head, level_quotient, level_diff, point_diff, boards_won",
                )
            })
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
