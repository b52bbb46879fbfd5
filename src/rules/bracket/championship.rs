//! A championship's computed figures, worked out once per revision.

use super::compute::Bracket;
use super::ranking::{RankingLine, ranking};
use crate::rules::event::Event;
use crate::rules::report::Report;
use crate::rules::stage_tables::StageTables;

/// A championship's computed figures: each league stage's standings, the bracket and the
/// final ranking, worked out once per revision.
#[derive(Clone, Debug, PartialEq)]
pub struct Championship {
    pub tables: StageTables,
    pub bracket: Option<Bracket>,
    pub ranking: Vec<RankingLine>,
}

impl Championship {
    /// Every place of the ranking is decided: the championship is over.
    pub fn finished(&self) -> bool {
        !self.ranking.is_empty() && self.ranking.iter().all(|l| l.place.is_some())
    }

    /// `None` for a tournament without stages.
    pub fn compute(event: &Event, report: &Report) -> Option<Championship> {
        let stages = &event.settings.stages;
        if stages.is_empty() {
            return None;
        }
        let tables = StageTables::compute(stages, event, report);
        let bracket = stages
            .iter()
            .position(|s| s.format.is_knockout())
            .and_then(|i| Bracket::compute(stages, i, &tables, event, report));
        let ranking = ranking(stages, &tables, bracket.as_ref(), event, report);
        Some(Championship {
            tables,
            bracket,
            ranking,
        })
    }
}
