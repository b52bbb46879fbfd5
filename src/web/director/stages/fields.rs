//! The stages form's fields: as saved, as sent, and as a stage's draft with the problems
//! at each field.

use std::collections::HashMap;

use crate::input::Why;
use crate::rules::stages::{Stage, StageDraft, StageFormat, StageReason};
use crate::rules::{Event, TeamNo};
use crate::web::i18n::Tr;

/// The most stages the form offers.
pub(super) const MAX_STAGES: usize = 6;

/// One stage's fields as typed, with the problems at each.
#[derive(Clone, Debug, Default)]
pub(super) struct StageFields {
    pub(super) index: usize,
    pub(super) name: String,
    pub(super) first: String,
    pub(super) last: String,
    pub(super) format: String,
    pub(super) groups: String,
    pub(super) teams: String,
    pub(super) segments: String,
    pub(super) third_place: bool,
    pub(super) carry_over: String,
    pub(super) carry_over_h2h: String,
    pub(super) errors: Vec<String>,
}

/// Groups as the form spells them: team numbers, groups separated by `;`.
pub(super) fn groups_text(groups: &[Vec<TeamNo>]) -> String {
    groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whole numbers separated by commas or spaces, as the form takes segments and groups.
fn numbers_of(text: &str) -> Option<Vec<i64>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

/// The fields of the stages the event has.
pub(super) fn saved_fields(event: &Event) -> Vec<StageFields> {
    event
        .settings
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| StageFields::of(i, s))
        .collect()
}

impl StageFields {
    /// Stage `index`'s fields as the form sent them (`name-0`, `first-0`, …).
    pub(super) fn sent(form: &HashMap<String, String>, index: usize) -> StageFields {
        let cell = |name: &str| {
            form.get(&format!("{name}-{index}"))
                .cloned()
                .unwrap_or_default()
        };
        StageFields {
            index,
            name: cell("name"),
            first: cell("first"),
            last: cell("last"),
            format: cell("format"),
            groups: cell("groups"),
            teams: cell("teams"),
            segments: cell("segments"),
            third_place: !cell("third").is_empty(),
            carry_over: cell("carry"),
            carry_over_h2h: cell("share"),
            errors: Vec::new(),
        }
    }

    fn of(index: usize, s: &Stage) -> StageFields {
        let mut f = StageFields {
            index,
            name: s.name.clone(),
            first: s.first_round.to_string(),
            last: s.last_round.to_string(),
            format: s.format.code().to_owned(),
            ..StageFields::default()
        };
        match &s.format {
            StageFormat::Groups(g) => f.groups = groups_text(g),
            StageFormat::Knockout(k) => {
                f.teams = k.teams.to_string();
                f.segments = k
                    .segments
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                f.third_place = k.third_place;
                f.carry_over = k.carry_over.two_decimals();
                f.carry_over_h2h = k.carry_over_h2h.as_f64().to_string();
            }
            _ => {}
        }
        f
    }

    pub(super) fn blank(&self) -> bool {
        self.name.trim().is_empty() && self.first.trim().is_empty() && self.last.trim().is_empty()
    }

    /// The draft the fields make; a field that is not a number is a problem at once.
    pub(super) fn draft(&mut self, t: &Tr) -> StageDraft {
        let rounds = self.draft_rounds(t);
        let knockout = self.format == "knockout";
        let groups = self.draft_groups(t);
        let teams = self.draft_teams(t, knockout);
        let segments = self.draft_segments(t, knockout);
        let carry_over = self.carry_over.clone();
        let carry_over = self.draft_share(t, knockout, &carry_over, "carry_over");
        let carry_over_h2h = self.carry_over_h2h.clone();
        let carry_over_h2h = self.draft_share(t, knockout, &carry_over_h2h, "carry_over_h2h");
        StageDraft {
            name: self.name.clone(),
            rounds,
            format: self.format.clone(),
            groups,
            teams,
            segments,
            third_place: knockout.then_some(self.third_place),
            carry_over,
            carry_over_h2h,
            exchanges: Vec::new(),
        }
    }

    /// The problem at field `key`: it is not a number, or not numbers, where it must be.
    fn shape(&mut self, t: &Tr, key: &'static str) {
        self.errors.push(
            Why::Stage {
                stage: self.index + 1,
                key,
                reason: StageReason::Shape,
            }
            .text(t),
        );
    }

    /// The stage's first and last round: both typed, or both blank for none.
    fn draft_rounds(&mut self, t: &Tr) -> Option<(i64, i64)> {
        let first = whole_number(&self.first);
        let last = whole_number(&self.last);
        match (first, last) {
            (Some(Some(a)), Some(Some(b))) => Some((a, b)),
            (Some(None), Some(None)) => None,
            _ => {
                self.shape(t, "rounds");
                None
            }
        }
    }

    /// A groups stage's groups by team number, when typed (none in another format).
    fn draft_groups(&mut self, t: &Tr) -> Option<Vec<Vec<i64>>> {
        if self.format == "groups" && !self.groups.trim().is_empty() {
            let parsed: Option<Vec<Vec<i64>>> = self
                .groups
                .split(';')
                .filter(|g| !g.trim().is_empty())
                .map(numbers_of)
                .collect();
            if parsed.is_none() {
                self.shape(t, "groups");
            }
            parsed
        } else {
            None
        }
    }

    /// How many teams a knockout stage takes; the field must be a number in any format.
    fn draft_teams(&mut self, t: &Tr, knockout: bool) -> Option<i64> {
        match whole_number(&self.teams) {
            Some(n) => n.filter(|_| knockout),
            None => {
                self.shape(t, "teams");
                None
            }
        }
    }

    /// A knockout stage's segments, when typed (none in another format).
    fn draft_segments(&mut self, t: &Tr, knockout: bool) -> Option<Vec<i64>> {
        if knockout && !self.segments.trim().is_empty() {
            let s = numbers_of(&self.segments);
            if s.is_none() {
                self.shape(t, "segments");
            }
            s
        } else {
            None
        }
    }

    /// A knockout stage's carried-over share `text` (field `key`): none when blank or in
    /// another format.
    fn draft_share(
        &mut self,
        t: &Tr,
        knockout: bool,
        text: &str,
        key: &'static str,
    ) -> Option<f64> {
        let text = text.trim();
        if text.is_empty() || !knockout {
            return None;
        }
        match text.parse::<f64>() {
            Ok(v) => Some(v),
            Err(_) => {
                self.shape(t, key);
                None
            }
        }
    }
}

/// A whole number as a stage's field holds it: `Some(None)` when blank, `None` when it is
/// not a number.
fn whole_number(text: &str) -> Option<Option<i64>> {
    let text = text.trim();
    if text.is_empty() {
        Some(None)
    } else {
        text.parse().ok().map(Some)
    }
}

pub(super) fn with_blank(mut fields: Vec<StageFields>) -> Vec<StageFields> {
    if fields.len() < MAX_STAGES {
        fields.push(StageFields {
            index: fields.len(),
            format: "swiss".to_owned(),
            ..StageFields::default()
        });
    }
    fields
}
