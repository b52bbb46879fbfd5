//! What every sheet says: plain structs holding the text of each cell in one language.
//! Built from an [`Event`] and its [`Report`]; no layout here (see [`super::pdf`]).
//!
//! One idea a file: the sides and facts every sheet shares (`sides`), the score sheet
//! (`score_sheet`), the match sheet (`match_sheet`), the team's card (`team_card`) and the
//! standings sheet (`standings`).

pub(super) mod match_sheet;
pub(super) mod score_sheet;
mod sides;
pub(super) mod standings;
pub(super) mod team_card;

pub(crate) use match_sheet::{MatchSheet, match_sheet};
pub(crate) use score_sheet::{ScoreSheet, score_sheets};
pub(crate) use sides::SheetSide;
pub(crate) use standings::{StandingsSheet, standings_sheet};
pub(crate) use team_card::{TeamCard, team_card};
