//! What every sheet shares: a side's team and role, a match's facts, the occasion.

use crate::rules::{Event, Match, Round, TeamNo};

use crate::sheets::{Word, Words};

/// One side of a table or match: a team at its pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetSide {
    /// `NS` / `EW` on a score sheet (南北 / 东西); `Home` / `Away` on a match sheet.
    pub label: String,
    pub team_no: TeamNo,
    /// The team's name, `""` for a number that names no team.
    pub team: String,
    /// Home or away (on a match sheet the same as the label).
    pub role: String,
    pub members: Vec<String>,
}

pub(super) fn side(
    event: &Event,
    words: &dyn Words,
    label: Word,
    team_no: TeamNo,
    role: Word,
) -> SheetSide {
    let team = event.team(team_no);
    SheetSide {
        label: words.word(label),
        team_no,
        team: team.map(|t| t.name.clone()).unwrap_or_default(),
        role: words.word(role),
        members: team.map(|t| t.members.clone()).unwrap_or_default(),
    }
}

pub(super) fn side_columns(words: &dyn Words) -> Vec<String> {
    vec![
        String::new(),
        words.word(Word::Team),
        words.word(Word::Members),
    ]
}

pub(super) fn team_name(event: &Event, team_no: TeamNo) -> String {
    match event.team(team_no) {
        Some(t) => format!("{team_no} {}", t.name),
        None => team_no.to_string(),
    }
}

pub(super) fn find_match(event: &Event, round: i32, table: i32) -> Option<(&Round, &Match)> {
    let r = event.rounds.iter().find(|r| r.number == round)?;
    let m = r.matches.iter().find(|m| m.table == table)?;
    Some((r, m))
}

pub(super) fn facts(
    event: &Event,
    words: &dyn Words,
    round: i32,
    table: i32,
) -> Vec<(String, String)> {
    let mut facts = vec![(words.word(Word::Event), event.settings.name.clone())];
    facts.extend(occasion_facts(event, words));
    facts.extend([
        (words.word(Word::Round), round.to_string()),
        (words.word(Word::Table), table.to_string()),
    ]);
    facts
}

/// The event's date and venue, each when given.
pub(crate) fn occasion_facts(event: &Event, words: &dyn Words) -> Vec<(String, String)> {
    let o = &event.settings.occasion;
    let mut facts = Vec::new();
    if !o.dates().is_empty() {
        facts.push((words.word(Word::Dates), o.dates()));
    }
    if !o.venue.is_empty() {
        facts.push((words.word(Word::Venue), o.venue.clone()));
    }
    facts
}

pub(super) fn opt(v: Option<i32>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}
