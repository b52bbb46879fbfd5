//! The match sheet: one match's boards compared, swings and the match score.

use crate::rules::{Event, MatchReport, MatchStatus, Report, Room, Scorer};

use super::sides::{SheetSide, facts, find_match, side, side_columns};
use crate::figures::signed;
use crate::sheets::{Word, Words, seat};

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

pub(super) fn status(words: &dyn Words, s: MatchStatus) -> String {
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
