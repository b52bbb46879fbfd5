//! What every sheet says: plain structs holding the text of each cell in one language.
//! Built from an [`Event`] and its [`Report`]; no layout here (see [`super::pdf`]).

use crate::rules::{
    Event, Match, MatchFigures, MatchReport, MatchStatus, Report, Room, Round, Scorer, Standing,
    TableEntry, TeamNo,
};

use super::{Word, Words, combination, last_trick, result, room, seat, trump};
use crate::figures::signed;

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

fn side(event: &Event, words: &dyn Words, label: Word, team_no: TeamNo, role: Word) -> SheetSide {
    let team = event.team(team_no);
    SheetSide {
        label: words.word(label),
        team_no,
        team: team.map(|t| t.name.clone()).unwrap_or_default(),
        role: words.word(role),
        members: team.map(|t| t.members.clone()).unwrap_or_default(),
    }
}

fn side_columns(words: &dyn Words) -> Vec<String> {
    vec![
        String::new(),
        words.word(Word::Team),
        words.word(Word::Members),
    ]
}

fn team_name(event: &Event, team_no: TeamNo) -> String {
    match event.team(team_no) {
        Some(t) => format!("{team_no} {}", t.name),
        None => team_no.to_string(),
    }
}

fn find_match(event: &Event, round: i32, table: i32) -> Option<(&Round, &Match)> {
    let r = event.rounds.iter().find(|r| r.number == round)?;
    let m = r.matches.iter().find(|m| m.table == table)?;
    Some((r, m))
}

fn facts(event: &Event, words: &dyn Words, round: i32, table: i32) -> Vec<(String, String)> {
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

fn opt(v: Option<i32>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
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

/// One board of a match sheet: both rooms side by side and the swing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchLine {
    pub board: String,
    pub dealer: String,
    pub open_p: String,
    pub(crate) open_s: String,
    /// The home team's score in the open room (s when it declares, −s when it defends).
    pub(crate) open_home: String,
    pub closed_p: String,
    pub(crate) closed_s: String,
    pub(crate) closed_home: String,
    pub swing_home: String,
    pub swing_away: String,
}

impl MatchLine {
    /// The cells in the order of [`MatchSheet::columns`].
    pub fn cells(&self) -> [&str; 10] {
        [
            &self.board,
            &self.dealer,
            &self.open_p,
            &self.open_s,
            &self.open_home,
            &self.closed_p,
            &self.closed_s,
            &self.closed_home,
            &self.swing_home,
            &self.swing_away,
        ]
    }
}

/// The match sheet: both rooms side by side, the swings and the match total (docs/rules.md §10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSheet {
    pub title: String,
    pub event: String,
    pub round: i32,
    pub table: i32,
    pub facts: Vec<(String, String)>,
    pub home: SheetSide,
    pub away: SheetSide,
    /// Titles of the sides' table: side, team, members.
    pub(crate) side_columns: Vec<String>,
    /// Column groups over [`MatchSheet::columns`]: (title, how many columns).
    pub groups: Vec<(String, usize)>,
    pub columns: Vec<String>,
    pub lines: Vec<MatchLine>,
    /// The total line: the home team's and the away team's M.
    pub total: MatchLine,
    /// (label, value) lines under the table: levels, points, boards won, score, status.
    pub summary: Vec<(String, String)>,
    /// M for the home team.
    pub home_levels: i64,
    pub home_score: String,
    pub away_score: String,
    /// Lines under the summary: whether the results are provisional or final (the web's
    /// sheet fills them in; a printed archive has none).
    pub notes: Vec<String>,
}

impl MatchSheet {
    /// Marks room `room`'s column group with `mark`: its results wait for the director's
    /// approval.
    pub(crate) fn mark_room(&mut self, room: Room, mark: &str) {
        let index = match room {
            Room::Open => 1,
            Room::Closed => 2,
        };
        if let Some((title, _)) = self.groups.get_mut(index) {
            *title = format!("{title} ({mark})");
        }
    }
}

fn status(words: &dyn Words, s: MatchStatus) -> String {
    words.word(match s {
        MatchStatus::Bye => Word::Bye,
        MatchStatus::InProgress => Word::InProgress,
        MatchStatus::Complete => Word::Complete,
    })
}

fn report_of(report: &Report, round: i32, table: i32) -> Option<&MatchReport> {
    report
        .matches
        .iter()
        .find(|m| m.round == round && m.table == table)
}

/// The match sheet of round `round`, table `table`. `None` for an unknown match or a bye.
pub fn match_sheet(
    event: &Event,
    report: &Report,
    round: i32,
    table: i32,
    words: &dyn Words,
) -> Option<MatchSheet> {
    let (r, m) = find_match(event, round, table)?;
    let away = m.away?;
    let f = &report_of(report, round, table)?.figures;
    let scorer = Scorer::new(&event.settings);
    let outcome = |room_: Room, board: i32| m.result(room_, board).and_then(|e| scorer.table(e));
    let lines = r
        .boards
        .iter()
        .map(|b| {
            let swing = f.boards.iter().find(|s| s.board == b.number);
            let open = outcome(Room::Open, b.number);
            let closed = outcome(Room::Closed, b.number);
            let p = |o: Option<crate::rules::TableOutcome>| {
                o.and_then(|o| o.defender_total)
                    .map(|p| p.to_string())
                    .unwrap_or_default()
            };
            let s = |o: Option<crate::rules::TableOutcome>| {
                o.map(|o| signed(o.table_score.into())).unwrap_or_default()
            };
            let home = |v: Option<i32>| v.map(|v| signed(v.into())).unwrap_or_default();
            MatchLine {
                board: b.number.to_string(),
                dealer: seat(words, b.dealer),
                open_p: p(open),
                open_s: s(open),
                open_home: home(swing.and_then(|s| s.open)),
                closed_p: p(closed),
                closed_s: s(closed),
                closed_home: home(swing.and_then(|s| s.closed)),
                swing_home: home(swing.and_then(|s| s.swing)),
                swing_away: home(swing.and_then(|s| s.swing).map(|d| -d)),
            }
        })
        .collect();
    let scoring = &event.settings.scoring;
    // Nothing compared yet: no figures, "–" as everywhere else, not 0 and 10.00.
    let dash = f.unplayed();
    let show = |v: String| if dash { "–".to_owned() } else { v };
    let pair = |home: String, away: String| show(format!("{home} : {away}"));
    // A match in progress has no score yet (docs/rules.md §5).
    let score = |v: String| if f.scored() { v } else { "–".to_owned() };
    let home_score = score(scoring.format(f.home_score));
    let away_score = score(f.away_score.map(|s| scoring.format(s)).unwrap_or_default());
    let total = MatchLine {
        board: words.word(Word::Total),
        swing_home: show(signed(f.home_levels)),
        swing_away: show(signed(-f.home_levels)),
        ..MatchLine::default()
    };
    let summary = vec![
        (
            words.word(Word::LevelDiff),
            pair(signed(f.home_levels), signed(-f.home_levels)),
        ),
        (
            words.word(Word::PointDiff),
            pair(signed(f.home_points), signed(-f.home_points)),
        ),
        (
            words.word(Word::BoardsWon),
            pair(f.home_boards_won.to_string(), f.away_boards_won.to_string()),
        ),
        (
            words.word(Word::MatchScore),
            pair(home_score.clone(), away_score.clone()),
        ),
        (words.word(Word::Status), status(words, f.status)),
    ];
    let mut home = side(event, words, Word::Home, m.home, Word::Home);
    let mut away = side(event, words, Word::Away, away, Word::Away);
    // With line-ups, who sat in each room instead of every member.
    for s in [&mut home, &mut away] {
        let rooms: Vec<String> = [(Room::Open, Word::Open), (Room::Closed, Word::Closed)]
            .into_iter()
            .filter_map(|(r, word)| {
                let l = event.lineup(round, table, r, s.team_no)?;
                Some(format!("{}: {}", words.word(word), l.players.join(" & ")))
            })
            .collect();
        if !rooms.is_empty() {
            s.members = rooms;
        }
    }
    Some(MatchSheet {
        title: words.word(Word::MatchSheet),
        event: event.settings.name.clone(),
        round,
        table,
        facts: facts(event, words, round, table),
        home,
        away,
        side_columns: side_columns(words),
        groups: vec![
            (String::new(), 2),
            (words.word(Word::Open), 3),
            (words.word(Word::Closed), 3),
            (words.word(Word::Swing), 2),
        ],
        columns: [
            Word::Board,
            Word::Dealer,
            Word::DefenderTotal,
            Word::TableScore,
            Word::HomeScore,
            Word::DefenderTotal,
            Word::TableScore,
            Word::HomeScore,
            Word::Home,
            Word::Away,
        ]
        .map(|w| words.word(w))
        .to_vec(),
        lines,
        total,
        summary,
        home_levels: f.home_levels,
        home_score,
        away_score,
        notes: Vec::new(),
    })
}

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
