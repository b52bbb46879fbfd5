//! The bracket's test fixtures: events, reports and a championship worked by hand, used by
//! the tests of each part of the bracket and of the stages.

use super::*;
use crate::rules::compare::{MatchFigures, MatchStatus};
use crate::rules::event::Team;
use crate::rules::event::{Event, TeamNo};
use crate::rules::report::{MatchReport, Report};
use crate::rules::scoring::Score;
use crate::rules::settings::Settings;
use crate::rules::stages::StageDraft;

pub(crate) use crate::rules::fixtures::played;

pub(crate) fn bye(round: i32, table: i32, home: i32) -> MatchReport {
    let mut m = played(round, table, home, 0, 0, 0);
    m.away = None;
    m.figures = MatchFigures {
        status: MatchStatus::Bye,
        boards: Vec::new(),
        compared: 0,
        home_score: Score::ZERO,
        away_score: None,
        ..(*m.figures).clone()
    }
    .into();
    m
}

pub(crate) fn event(teams: &[i32], withdrawn: &[i32], stages: &[StageDraft]) -> Event {
    Event {
        settings: Settings {
            standing: Default::default(),
            stages: crate::rules::stages::Stage::parse_all(stages).expect("valid stages"),
            ..Settings::for_tests()
        },
        teams: teams
            .iter()
            .map(|&n| Team {
                member_ids: Vec::new(),
                number: TeamNo(n),
                name: format!("Team {n}"),
                club: String::new(),
                members: Vec::new(),
                withdrawn: withdrawn.contains(&n),
            })
            .collect(),
        rounds: Vec::new(),
        lineups: Vec::new().into(),
        deals: Default::default(),
    }
}

pub(crate) fn league(name: &str, rounds: (i64, i64), format: &str) -> StageDraft {
    StageDraft {
        name: name.into(),
        rounds: Some(rounds),
        format: format.into(),
        ..StageDraft::default()
    }
}

pub(crate) fn knockout(
    rounds: (i64, i64),
    teams: i64,
    segments: &[i64],
    third_place: bool,
    carry: (f64, f64),
) -> StageDraft {
    StageDraft {
        teams: Some(teams),
        segments: Some(segments.to_vec()),
        third_place: Some(third_place),
        carry_over: Some(carry.0),
        carry_over_h2h: Some(carry.1),
        ..league("Knockout", rounds, "knockout")
    }
}

pub(crate) fn report(matches: Vec<MatchReport>) -> Report {
    Report {
        matches,
        standings: Vec::new(),
    }
}

pub(crate) fn teams(slot: Slot) -> Option<i32> {
    slot.team().map(|s| s.team.get())
}

/// Ten teams, two qualifying rounds whose totals (hand-added, the match score being
/// M) order them 11, 12, …, 20; eight go into quarter-finals of two segments,
/// semi-finals and a final of one, with a play-off, a carry-over of 1 and half of the
/// qualifying head-to-head.
pub(crate) fn championship_of_eight() -> (Event, Report) {
    let e = event(
        &(11..=20).collect::<Vec<_>>(),
        &[],
        &[
            league("Qualifying", (1, 2), "swiss"),
            knockout((3, 6), 8, &[2, 1, 1], true, (1.0, 0.5)),
        ],
    );
    let matches = vec![
        // Round 1: 11 +3 v 18, 15 +4 v 14, 12 +20 v 19, 13 +30 v 20, 16 +2 v 17.
        played(1, 1, 11, 18, 3, 40),
        played(1, 2, 15, 14, 4, 50),
        played(1, 3, 12, 19, 20, 100),
        played(1, 4, 13, 20, 30, 200),
        played(1, 5, 16, 17, 2, 10),
        // Round 2. Totals: 11 43, 12 30, 13 25, 14 6, 15 5, 16 1, 17 −12, 18 −13,
        // 19 −15, 20 −70.
        played(2, 1, 11, 20, 40, 300),
        played(2, 2, 12, 18, 10, 60),
        played(2, 3, 13, 19, -5, -20),
        played(2, 4, 14, 17, 10, 70),
        played(2, 5, 15, 16, 1, 5),
        // Quarter-finals, rounds 3 and 4: 11–18, 14–15, 12–17, 13–16.
        played(3, 1, 11, 18, -2, -30),
        played(4, 1, 11, 18, -1, 0),
        played(3, 2, 14, 15, 1, 20),
        played(4, 2, 14, 15, 0, -50),
        played(3, 3, 12, 17, 5, 40),
        played(4, 3, 12, 17, 1, 0),
        played(3, 4, 13, 16, -1, 10),
        played(4, 4, 13, 16, 0, -10),
        // Semi-finals, round 5: 15 (seed 5) v 18 (seed 8), 12 (2) v 13 (3).
        played(5, 1, 15, 18, 3, 20),
        played(5, 2, 12, 13, -4, -60),
        // Final 13 v 15 and the play-off 12 v 18, round 6.
        played(6, 1, 13, 15, 2, 10),
        played(6, 2, 12, 18, -8, -40),
    ];
    (e, report(matches))
}
