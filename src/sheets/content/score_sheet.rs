//! The score sheet of one match: a line per board, blank or filled in.

use crate::rules::{Event, Room, Scorer, TableEntry};

use super::sides::{SheetSide, facts, find_match, opt, side, side_columns};
use crate::figures::signed;
use crate::sheets::{Word, Words, combination, last_trick, result, room, seat, trump};

/// One board on a score sheet. Every cell is text; a blank sheet has the board's conditions
/// only, a filled one also what was entered and what it gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreLine {
    pub board: String,
    pub dealer: String,
    pub level: String,
    pub trump: String,
    pub trick_points: String,
    pub bottom_points: String,
    pub last_trick: String,
    pub combination: String,
    pub declarer_penalty: String,
    pub defender_penalty: String,
    /// P.
    pub defender_total: String,
    pub result: String,
    /// s, signed (`+3`, `−5`, `0`).
    pub table_score: String,
}

impl ScoreLine {
    /// The cells in the order of [`ScoreSheet::columns`].
    pub fn cells(&self) -> [&str; 13] {
        [
            &self.board,
            &self.dealer,
            &self.level,
            &self.trump,
            &self.trick_points,
            &self.bottom_points,
            &self.last_trick,
            &self.combination,
            &self.declarer_penalty,
            &self.defender_penalty,
            &self.defender_total,
            &self.result,
            &self.table_score,
        ]
    }
}

/// The score sheet (记分表) of one match in one room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheet {
    pub title: String,
    pub event: String,
    pub round: i32,
    pub table: i32,
    pub room: Room,
    /// Whether the entered results are shown (after play) or the lines are blank.
    pub filled: bool,
    /// (label, value): tournament, round, table, room.
    pub facts: Vec<(String, String)>,
    /// The team sitting North–South, then the one sitting East–West.
    pub sides: [SheetSide; 2],
    /// Titles of the sides' table: pair, team, members.
    pub(crate) side_columns: Vec<String>,
    pub columns: Vec<String>,
    pub lines: Vec<ScoreLine>,
    /// One signature label per side, NS first.
    pub signatures: Vec<String>,
}

impl ScoreSheet {
    /// Marks the sheet's room with `mark`: its results wait for the director's approval.
    pub fn mark(&mut self, mark: &str) {
        if let Some((_, room)) = self.facts.last_mut() {
            *room = format!("{room} ({mark})");
        }
    }
}

fn filled_line(line: &mut ScoreLine, entry: &TableEntry, scorer: &Scorer, words: &dyn Words) {
    line.trick_points = opt(entry.trick_points());
    line.bottom_points = opt(entry.bottom_points());
    line.last_trick = entry
        .last_trick()
        .map(|l| last_trick(words, l))
        .unwrap_or_default();
    line.combination = entry
        .combo()
        .map(|c| combination(words, c))
        .unwrap_or_default();
    line.declarer_penalty = opt(entry.declarer_penalty());
    line.defender_penalty = opt(entry.defender_penalty());
    if let Some(outcome) = scorer.table(entry) {
        line.defender_total = opt(outcome.defender_total);
        line.result = result(words, &outcome);
        line.table_score = signed(outcome.table_score.into());
    }
}

/// The score sheet of round `round`, table `table`, `room`: blank, or `filled` with the
/// results entered so far. `None` for an unknown round or table, or a bye.
pub fn score_sheet(
    event: &Event,
    round: i32,
    table: i32,
    room_: Room,
    filled: bool,
    words: &dyn Words,
) -> Option<ScoreSheet> {
    let (r, m) = find_match(event, round, table)?;
    let away = m.away?;
    let scorer = Scorer::new(&event.settings);
    // Open room: home NS, away EW; closed room: away NS, home EW (docs/rules.md §1).
    let (ns, ns_role, ew, ew_role) = match room_ {
        Room::Open => (m.home, Word::Home, away, Word::Away),
        Room::Closed => (away, Word::Away, m.home, Word::Home),
    };
    let mut facts = facts(event, words, round, table);
    facts.push((words.word(Word::Room), room(words, room_)));
    let lines = r
        .boards
        .iter()
        .map(|b| {
            let mut line = ScoreLine {
                board: b.number.to_string(),
                dealer: seat(words, b.dealer),
                level: b.level.code().to_owned(),
                trump: trump(words, b.trump),
                ..ScoreLine::default()
            };
            if filled && let Some(entry) = m.result(room_, b.number) {
                filled_line(&mut line, entry, &scorer, words);
            }
            line
        })
        .collect();
    let mut sides = [
        side(event, words, Word::NorthSouth, ns, ns_role),
        side(event, words, Word::EastWest, ew, ew_role),
    ];
    // With a line-up, the two players who sit in this room, by seat (N or E first).
    for s in &mut sides {
        if let Some(l) = event.lineup(round, table, room_, s.team_no) {
            s.members = l.players.to_vec();
        }
    }
    let signatures = sides
        .iter()
        .map(|s| format!("{} {} {}", s.label, s.team_no, words.word(Word::Signature)))
        .collect();
    Some(ScoreSheet {
        title: words.word(Word::ScoreSheet),
        event: event.settings.name.clone(),
        round,
        table,
        room: room_,
        filled,
        facts,
        sides,
        side_columns: side_columns(words),
        columns: [
            Word::Board,
            Word::Dealer,
            Word::Level,
            Word::Trump,
            Word::TrickPoints,
            Word::BottomPoints,
            Word::LastTrick,
            Word::Combination,
            Word::DeclarerPenalty,
            Word::DefenderPenalty,
            Word::DefenderTotal,
            Word::Result,
            Word::TableScore,
        ]
        .map(|w| words.word(w))
        .to_vec(),
        lines,
        signatures,
    })
}

/// Every score sheet of a round: each match (byes have none) in table order, open room
/// then closed room.
pub fn score_sheets(event: &Event, round: i32, filled: bool, words: &dyn Words) -> Vec<ScoreSheet> {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    r.matches
        .iter()
        .flat_map(|m| Room::BOTH.map(|room_| (m.table, room_)))
        .filter_map(|(table, room_)| score_sheet(event, round, table, room_, filled, words))
        .collect()
}
