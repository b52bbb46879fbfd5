//! The standings table and the list of rounds with their stage.

use fluent_templates::fluent_bundle::FluentValue;

use crate::rules::{Event, MatchReport, MatchStatus, Report, Standing};
use crate::web::i18n::Tr;

use super::{RoundStages, StatusView, TOP_OF_STANDINGS, TeamLink, Teams, signed, total_text};

/// One line of the standings.
#[derive(Clone, Debug)]
pub(crate) struct StandingRow {
    pub rank: String,
    pub team: TeamLink,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub score: String,
    pub level_diff: String,
    pub quotient: String,
    pub point_diff: String,
    pub boards_won: u32,
}

impl StandingRow {
    fn of(s: &Standing, teams: &Teams<'_>) -> StandingRow {
        StandingRow {
            rank: s.rank_label(),
            team: teams.link(s.team),
            played: s.played,
            won: s.won,
            drawn: s.drawn,
            lost: s.lost,
            score: total_text(s.score),
            level_diff: signed(s.level_diff),
            quotient: if s.quotient.is_infinite() {
                "∞".to_owned()
            } else {
                s.quotient.three_decimals()
            },
            point_diff: signed(s.point_diff),
            boards_won: s.boards_won,
        }
    }
}

/// Every line of the standings, in rank order.
pub(crate) fn standings(event: &Event, report: &Report) -> Vec<StandingRow> {
    let teams = Teams::of(event);
    report
        .standings
        .iter()
        .map(|s| StandingRow::of(s, &teams))
        .collect()
}

/// The first lines of the standings, for the overview.
pub(crate) fn top_of_standings(event: &Event, report: &Report) -> Vec<StandingRow> {
    let mut rows = standings(event, report);
    rows.truncate(TOP_OF_STANDINGS);
    rows
}

/// The first lines of a finished championship's final ranking, for the overview: each
/// team's place from the ranking (the knockout decides it, not the whole event's score),
/// its matches and score from the standings.
pub(crate) fn top_of_ranking(
    event: &Event,
    report: &Report,
    ranking: &[crate::rules::bracket::RankingLine],
) -> Vec<StandingRow> {
    let rows = standings(event, report);
    let teams = Teams::of(event);
    ranking
        .iter()
        .take(TOP_OF_STANDINGS)
        .map(|line| {
            let mut row = rows
                .iter()
                .find(|r| r.team.number == line.team)
                .cloned()
                .unwrap_or_else(|| StandingRow {
                    rank: String::new(),
                    team: teams.link(line.team),
                    played: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                    score: String::new(),
                    level_diff: String::new(),
                    quotient: String::new(),
                    point_diff: String::new(),
                    boards_won: 0,
                });
            row.rank = line.place_label();
            row
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Rounds

/// A round in the list of rounds.
#[derive(Clone, Debug)]
pub(crate) struct RoundLine {
    pub number: i32,
    pub status: StatusView,
    pub boards: usize,
    /// "2 of 3 matches complete": matches other than byes.
    pub summary: String,
    pub byes: Vec<TeamLink>,
}

pub(crate) fn round_lines(
    event: &Event,
    report: &Report,
    stages: &RoundStages,
    t: &Tr,
) -> Vec<RoundLine> {
    let teams = Teams::of(event);
    event
        .rounds
        .iter()
        .map(|r| {
            let in_round: Vec<&MatchReport> = report
                .matches
                .iter()
                .filter(|m| m.round == r.number)
                .collect();
            let played: Vec<&&MatchReport> = in_round.iter().filter(|m| m.away.is_some()).collect();
            let complete = played
                .iter()
                .filter(|m| m.figures.status == MatchStatus::Complete)
                .count();
            RoundLine {
                number: r.number,
                status: StatusView::of_round(t, stages.get(r.number)),
                boards: r.boards.len(),
                // No match at all: the draw is not public yet (or not made).
                summary: if r.matches.is_empty() {
                    t.a("pub-pairings-soon", "round", r.number)
                } else {
                    t.args(
                        "pub-round-count",
                        &[
                            ("done", FluentValue::from(complete.to_string())),
                            ("n", FluentValue::from(played.len().to_string())),
                        ],
                    )
                },
                byes: in_round
                    .iter()
                    .filter(|m| m.away.is_none())
                    .map(|m| teams.link(m.home))
                    .collect(),
            }
        })
        .collect()
}

/// Rows of any list of standings (a stage's, a group's).
pub(crate) fn rows_of(event: &Event, list: &[Standing]) -> Vec<StandingRow> {
    let teams = Teams::of(event);
    list.iter().map(|s| StandingRow::of(s, &teams)).collect()
}
