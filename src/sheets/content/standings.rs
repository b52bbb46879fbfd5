//! The standings sheet.

use crate::rules::{Event, MatchReport, MatchStatus, Report, Standing};

use super::sides::team_name;
use crate::figures::signed;
use crate::sheets::{Word, Words};

/// One team's line on the standings sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingLine {
    pub rank: String,
    pub team_no: String,
    pub team: String,
    /// This round's opponent, "bye", or empty when the team did not play the round.
    pub opponent: String,
    /// The team's M in this round.
    pub levels: String,
    /// The team's score in this round.
    pub round_score: String,
    pub played: String,
    pub(crate) won_drawn_lost: String,
    pub score: String,
    pub level_diff: String,
    pub quotient: String,
}

impl StandingLine {
    pub(crate) fn cells(&self) -> [&str; 11] {
        [
            &self.rank,
            &self.team_no,
            &self.team,
            &self.opponent,
            &self.levels,
            &self.round_score,
            &self.played,
            &self.won_drawn_lost,
            &self.score,
            &self.level_diff,
            &self.quotient,
        ]
    }
}

/// The round's results and the standings after it, for the wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsSheet {
    pub title: String,
    pub event: String,
    /// The round whose results are shown and after which the standings are taken.
    pub round: Option<i32>,
    /// "Round 2" / "after round 2".
    pub(crate) subtitle: String,
    pub groups: Vec<(String, usize)>,
    pub columns: Vec<String>,
    pub lines: Vec<StandingLine>,
}

/// The results of round `round` and the standings after it (`None`: the last round).
/// Standings count the rounds up to `round` only.
pub fn standings_sheet(event: &Event, round: Option<i32>, words: &dyn Words) -> StandingsSheet {
    let round = round.or_else(|| event.rounds.iter().map(|r| r.number).max());
    let report = match round {
        Some(n) if event.rounds.iter().any(|r| r.number > n) => {
            let mut upto = event.clone();
            upto.rounds.retain(|r| r.number <= n);
            Report::compute(&upto)
        }
        _ => Report::compute(event),
    };
    let scoring = &event.settings.scoring;
    let this_round: Vec<&MatchReport> = report
        .matches
        .iter()
        .filter(|m| Some(m.round) == round)
        .collect();
    let line = |s: &Standing| {
        let mut l = StandingLine {
            rank: s.rank_label(),
            team_no: s.team.to_string(),
            team: event
                .team(s.team)
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            played: s.played.to_string(),
            won_drawn_lost: format!("{}-{}-{}", s.won, s.drawn, s.lost),
            score: s.score.two_decimals(),
            level_diff: signed(s.level_diff),
            quotient: s.quotient.three_decimals(),
            ..StandingLine::default()
        };
        if let Some((m, (side, opponent))) = this_round
            .iter()
            .find_map(|m| m.side_of(s.team).map(|side| (m, side)))
        {
            let f = &m.figures;
            match opponent {
                None => {
                    l.opponent = words.word(Word::Bye);
                    l.round_score = scoring.format(f.home_score);
                }
                Some(opponent) => {
                    l.opponent = team_name(event, opponent);
                    l.levels = signed(side.levels);
                    let score = side.score;
                    l.round_score = score.map(|s| scoring.format(s)).unwrap_or_default();
                    if f.unplayed() {
                        // Nothing compared yet: no figures, not 0 and 10.00.
                        l.levels = "–".to_owned();
                    }
                    if f.status == MatchStatus::InProgress {
                        // No score before the match is complete (docs/rules.md §5).
                        l.round_score = "–".to_owned();
                    }
                }
            }
        }
        l
    };
    let lines = report.standings.iter().map(line).collect();
    let round_title = round
        .map(|n| format!("{} {n}", words.word(Word::Round)))
        .unwrap_or_default();
    StandingsSheet {
        title: words.word(Word::StandingsSheet),
        event: event.settings.name.clone(),
        round,
        // "after round N" only once every match of round N is complete.
        subtitle: round
            .map(|n| {
                let complete = this_round
                    .iter()
                    .all(|m| matches!(m.figures.status, MatchStatus::Complete | MatchStatus::Bye));
                let word = if complete {
                    Word::AfterRound
                } else {
                    Word::RoundInProgress
                };
                words.with_n(word, n.into())
            })
            .unwrap_or_default(),
        groups: vec![
            (String::new(), 3),
            (round_title, 3),
            (words.word(Word::Total), 5),
        ],
        columns: [
            Word::Rank,
            Word::Team,
            Word::Team,
            Word::Opponent,
            Word::LevelDiff,
            Word::MatchScore,
            Word::Played,
            Word::WonDrawnLost,
            Word::MatchScore,
            Word::LevelDiff,
            Word::Quotient,
        ]
        .map(|w| words.word(w))
        .into_iter()
        .enumerate()
        .map(|(i, w)| if i == 1 { "#".to_owned() } else { w })
        .collect(),
        lines,
    }
}
