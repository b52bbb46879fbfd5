//! Made-up figures for the benches (`benches/`) and the unit tests, which both need
//! championships of many matches without scoring boards first. fushi itself never uses
//! them; they are `pub` only because a bench is a crate of its own.

use super::compare::{BoardSwing, MatchFigures, MatchStatus};
use super::report::MatchReport;
use super::scoring::Score;
use super::team_no::TeamNo;

/// A complete match of one board with the home team's M and point difference `p`; the
/// match score is M itself (`levels` scoring).
pub fn played(round: i32, table: i32, home: i32, away: i32, m: i32, p: i32) -> MatchReport {
    MatchReport {
        round,
        table,
        home: TeamNo(home),
        away: Some(TeamNo(away)),
        figures: MatchFigures {
            status: MatchStatus::Complete,
            boards: vec![BoardSwing {
                board: 1,
                open: Some(m),
                closed: Some(0),
                swing: Some(m),
                home_points: Some(p),
            }],
            compared: 1,
            home_levels: m.into(),
            home_points: p.into(),
            home_boards_won: u32::from(m > 0),
            away_boards_won: u32::from(m < 0),
            home_gained: i64::from(m.max(0)),
            home_lost: i64::from((-m).max(0)),
            home_score: Score(i64::from(m) * 100),
            away_score: Some(Score(-i64::from(m) * 100)),
        }
        .into(),
        counts: true,
    }
}
