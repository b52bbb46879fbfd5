//! Every computed figure of an event, derived from its stored inputs in one pass.

use super::compare::{MatchFigures, Scorer};
use super::event::Event;
use super::standings::{MatchLine, Standing, standings};

/// One match with its figures.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub round: i32,
    pub table: i32,
    pub home: i32,
    pub away: Option<i32>,
    pub figures: MatchFigures,
}

/// The figures of every match, in round and table order, and the standings.
#[derive(Clone, Debug)]
pub struct Report {
    pub matches: Vec<MatchReport>,
    pub standings: Vec<Standing>,
}

impl Report {
    pub fn compute(event: &Event) -> Report {
        let scorer = Scorer::new(&event.settings);
        let mut matches = Vec::new();
        for round in &event.rounds {
            for m in &round.matches {
                matches.push(MatchReport {
                    round: round.number,
                    table: m.table,
                    home: m.home,
                    away: m.away,
                    figures: scorer.compare(&round.boards, m),
                });
            }
        }
        matches.sort_by_key(|m| (m.round, m.table));
        let lines: Vec<MatchLine<'_>> = matches
            .iter()
            .map(|m| MatchLine {
                home: m.home,
                away: m.away,
                figures: &m.figures,
            })
            .collect();
        let teams: Vec<i32> = event.teams.iter().map(|t| t.number).collect();
        let standings = standings(&teams, &lines, &event.settings.tiebreaks);
        Report { matches, standings }
    }
}
