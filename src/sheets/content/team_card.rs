//! A team's card: its matches round by round.

use crate::rules::{Event, MatchFigures, MatchStatus, Report, TeamNo};

use super::match_sheet::status;
use super::sides::team_name;
use crate::figures::signed;
use crate::sheets::{Word, Words};

/// One board of a team card, from the team's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardLine {
    pub board: String,
    pub open: String,
    pub closed: String,
    pub swing: String,
    /// The sum of the team's swings in this match so far.
    pub running: String,
}

impl CardLine {
    pub(crate) fn cells(&self) -> [&str; 5] {
        [
            &self.board,
            &self.open,
            &self.closed,
            &self.swing,
            &self.running,
        ]
    }
}

/// One match on a team card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardMatch {
    pub round: i32,
    pub table: i32,
    /// "Round 1 · Table 2 · home vs 4 Level Up Lions", or "Round 3 · bye".
    pub heading: String,
    pub bye: bool,
    /// "4 Level Up Lions", or "bye".
    pub opponent: String,
    pub lines: Vec<CardLine>,
    /// The team's M.
    pub levels: i64,
    pub score: String,
    /// The team's score over its complete matches and byes up to this one.
    pub running_score: String,
    pub status: String,
}

/// Every match of one team, board by board, with running totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCard {
    pub title: String,
    pub event: String,
    pub team_no: TeamNo,
    pub team: String,
    pub members: Vec<String>,
    /// Columns of every match's lines.
    pub columns: Vec<String>,
    pub matches: Vec<CardMatch>,
    /// Columns of the summary: round, table, opponent, M, score, running score, status.
    pub(crate) summary_columns: Vec<String>,
}

impl CardMatch {
    /// The match's line in the team card's summary.
    pub(crate) fn summary_cells(&self) -> Vec<String> {
        vec![
            self.round.to_string(),
            if self.bye {
                String::new()
            } else {
                self.table.to_string()
            },
            self.opponent.clone(),
            if self.bye {
                String::new()
            } else {
                signed(self.levels)
            },
            self.score.clone(),
            self.running_score.clone(),
            self.status.clone(),
        ]
    }
}

/// The team card of team `team_no`; `None` for an unknown team.
pub fn team_card(
    event: &Event,
    report: &Report,
    team_no: TeamNo,
    words: &dyn Words,
) -> Option<TeamCard> {
    let team = event.team(team_no)?;
    let scoring = &event.settings.scoring;
    let mut running_score = crate::rules::Score::ZERO;
    let mut matches = Vec::new();
    for mr in &report.matches {
        let Some((side, _)) = mr.side_of(team_no) else {
            continue;
        };
        let home = side.home;
        let f: &MatchFigures = &mr.figures;
        // The boards are listed from the team's side too.
        let sign = if home { 1 } else { -1 };
        let score = side.score;
        let counts = matches!(f.status, MatchStatus::Complete | MatchStatus::Bye);
        if counts && let Some(s) = score {
            running_score += s;
        }
        let round_word = format!("{} {}", words.word(Word::Round), mr.round);
        let (heading, opponent) = match mr.away {
            None => (
                format!("{round_word} · {}", words.word(Word::Bye)),
                words.word(Word::Bye),
            ),
            Some(away) => {
                let opponent = team_name(event, if home { away } else { mr.home });
                let role = words.word(if home { Word::Home } else { Word::Away });
                (
                    format!(
                        "{round_word} · {} {} · {role} · {} {opponent}",
                        words.word(Word::Table),
                        mr.table,
                        words.word(Word::Versus),
                    ),
                    opponent,
                )
            }
        };
        let mut running = 0;
        let lines = f
            .boards
            .iter()
            .map(|b| {
                let mine =
                    |v: Option<i32>| v.map(|v| signed((sign * v).into())).unwrap_or_default();
                if let Some(d) = b.swing {
                    running += sign * d;
                }
                CardLine {
                    board: b.board.to_string(),
                    open: mine(b.open),
                    closed: mine(b.closed),
                    swing: mine(b.swing),
                    running: if b.swing.is_some() {
                        signed(running.into())
                    } else {
                        String::new()
                    },
                }
            })
            .collect();
        matches.push(CardMatch {
            round: mr.round,
            table: mr.table,
            heading,
            bye: mr.away.is_none(),
            opponent,
            lines,
            levels: side.levels,
            score: if mr.away.is_some() && !f.scored() {
                "–".to_owned()
            } else {
                score.map(|s| scoring.format(s)).unwrap_or_default()
            },
            running_score: scoring.format(running_score),
            status: status(words, f.status),
        });
    }
    Some(TeamCard {
        title: words.word(Word::TeamCard),
        event: event.settings.name.clone(),
        team_no,
        team: team.name.clone(),
        members: team.members.clone(),
        columns: [
            Word::Board,
            Word::Open,
            Word::Closed,
            Word::Swing,
            Word::RunningTotal,
        ]
        .map(|w| words.word(w))
        .to_vec(),
        matches,
        summary_columns: [
            Word::Round,
            Word::Table,
            Word::Opponent,
            Word::LevelDiff,
            Word::MatchScore,
            Word::RunningTotal,
            Word::Status,
        ]
        .map(|w| words.word(w))
        .to_vec(),
    })
}
