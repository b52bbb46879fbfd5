//! A whole tournament as data: its settings, teams, rounds, boards, matches and table
//! results. The archive reads and writes this; the database stores and loads it.

/// The highest round number a tournament may have.
pub const MAX_ROUND: i32 = 999;
/// The highest team (and table) number.
pub const MAX_TEAM_NUMBER: i32 = 99_999;
/// The most characters of a name, a club or a member (teams and tournaments alike, in
/// forms, uploads and archives): [`crate::limits::NAME`].
pub const MAX_TEXT: usize = crate::limits::NAME;

/// What is wrong with one line of text a user gave for `column`, if anything: longer than
/// [`MAX_TEXT`] characters, or holding a control character (NUL, a tab, a line break…),
/// which no name, club or member has and PostgreSQL cannot store.
pub fn check_text(column: &str, text: &str) -> Option<Why> {
    check_text_within(column, text, MAX_TEXT)
}

/// [`check_text`] with another limit (one of [`crate::limits`]).
pub fn check_text_within(column: &str, text: &str, max: usize) -> Option<Why> {
    use crate::limits::TextProblem;
    match crate::limits::check(text, max) {
        Ok(()) => None,
        Err(TextProblem::Control) => Some(Why::ControlCharacter {
            column: column.to_owned(),
        }),
        Err(TextProblem::TooLong { max }) => Some(Why::TextTooLong {
            column: column.to_owned(),
            max,
        }),
    }
}

use super::bands::{BandTable, Rules};
use super::cards::{Decks, Level, ParseError, Room, Seat, Trump};
use super::scoring::ScoringRules;
use super::settings::{DeckRules, SettingsReason, slug_problem};
use super::table::{MultiplierPolicy, TableEntry};
use super::tiebreak::TieBreak;
use super::why::Why;

/// Everything in `tournament.toml`, checked: build it from a
/// [`SettingsDraft`](super::settings::SettingsDraft) with `Settings::try_from`.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub name: String,
    pub slug: String,
    pub published: bool,
    /// The deck count and the rules, checked together so that the band table exists.
    pub deck_rules: DeckRules,
    pub bottom_multiplier: MultiplierPolicy,
    pub scoring: ScoringRules,
    pub tiebreaks: Vec<TieBreak>,
    /// How the director's pages pair rounds by default (docs/rules.md §8).
    pub pairing: PairingMethod,
    /// The seed of the lots drawn for a Swiss first round, recorded so that the draw can be
    /// reproduced.
    pub swiss_seed: Option<u64>,
    /// Results entered at the table through each room's link.
    pub table: TableSide,
}

/// Table-side entry: `table_entry`, `table_approval` and `table_codes` in
/// `tournament.toml`, all off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableSide {
    /// Tables may enter their room's results through the room's link.
    pub entry: bool,
    /// A confirmed room stays provisional until the director approves it.
    pub approval: bool,
    /// Confirming needs the confirming team's four-digit code.
    pub codes: bool,
}

/// How rounds are paired: `pairing` in `tournament.toml`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PairingMethod {
    RoundRobin,
    Swiss,
    /// By hand (the default).
    #[default]
    Manual,
}

impl PairingMethod {
    pub const ALL: [PairingMethod; 3] = [
        PairingMethod::RoundRobin,
        PairingMethod::Swiss,
        PairingMethod::Manual,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PairingMethod::RoundRobin => "round_robin",
            PairingMethod::Swiss => "swiss",
            PairingMethod::Manual => "manual",
        }
    }
}

impl std::str::FromStr for PairingMethod {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PairingMethod::ALL
            .into_iter()
            .find(|m| m.code() == s)
            .ok_or_else(|| super::cards::expected("pairing", s, "round_robin, swiss, manual"))
    }
}

impl std::fmt::Display for PairingMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Settings {
    pub fn decks(&self) -> Decks {
        self.deck_rules.decks()
    }

    pub fn rules(&self) -> &Rules {
        self.deck_rules.rules()
    }

    /// The band table in force (it exists: the deck count and rules were checked
    /// together).
    pub fn band_table(&self) -> BandTable {
        self.deck_rules.table().clone()
    }
}

/// Slugs that name pages under `/d` (`/d/new`, `/d/import`), so no tournament can have them.
pub const RESERVED_SLUGS: [&str; 2] = ["new", "import"];

/// A slug names a tournament in URLs and files: `[a-z0-9-]{1,64}`, and not one of
/// [`RESERVED_SLUGS`] (checked by [`slug_problem`]).
pub fn check_slug(slug: &str) -> Result<(), Why> {
    match slug_problem(slug) {
        None => Ok(()),
        Some(SettingsReason::SlugReserved { slug }) => Err(Why::SlugReserved { slug }),
        Some(_) => Err(Why::SlugInvalid {
            slug: slug.to_owned(),
        }),
    }
}

/// A slug made from a tournament's name: Chinese characters through their pinyin, letters
/// and digits lowercased, everything else a single `-` ("春季杯 2026" → `chun-ji-bei-2026`).
/// Empty when the name has nothing to make one of.
pub fn suggest_slug(name: &str) -> String {
    use pinyin::ToPinyin;
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        if let Some(p) = c.to_pinyin() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            words.push(p.plain().to_owned());
        } else if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut slug = words.join("-");
    slug.truncate(64);
    let slug = slug.trim_end_matches('-').to_owned();
    if RESERVED_SLUGS.contains(&slug.as_str()) {
        format!("{slug}-1")
    } else {
        slug
    }
}

/// An entrant. Teams are known by their number within the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    pub number: i32,
    pub name: String,
    pub club: String,
    pub members: Vec<String>,
    /// A team that left the event: it keeps its results but is paired no more. Not part of
    /// `teams.csv`.
    pub withdrawn: bool,
}

/// A pre-dealt deal with its conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: i32,
    pub dealer: Seat,
    pub level: Level,
    pub trump: Option<Trump>,
}

/// One board's result at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub room: Room,
    pub board: i32,
    pub entry: TableEntry,
}

/// The rooms whose results differ between two versions of a match's results (order of the
/// rows does not matter).
pub fn rooms_changed(before: &[TableResult], after: &[TableResult]) -> Vec<Room> {
    fn of(list: &[TableResult], room: Room) -> Vec<(i32, &TableEntry)> {
        let mut rows: Vec<(i32, &TableEntry)> = list
            .iter()
            .filter(|r| r.room == room)
            .map(|r| (r.board, &r.entry))
            .collect();
        rows.sort_by_key(|(board, _)| *board);
        rows
    }
    Room::BOTH
        .into_iter()
        .filter(|&room| of(before, room) != of(after, room))
        .collect()
}

/// Two teams meeting at a numbered table pair; `away` is `None` for a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub table: i32,
    pub home: i32,
    pub away: Option<i32>,
    pub results: Vec<TableResult>,
}

impl Match {
    pub fn is_bye(&self) -> bool {
        self.away.is_none()
    }

    pub fn result(&self, room: Room, board: i32) -> Option<&TableEntry> {
        self.results
            .iter()
            .find(|r| r.room == room && r.board == board)
            .map(|r| &r.entry)
    }
}

/// Matches played at the same time on the same boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub number: i32,
    pub boards: Vec<Board>,
    pub matches: Vec<Match>,
}

/// Which two members of a team sat in one room of one match (`lineups.csv`): `players[0]`
/// sat North or East, `players[1]` South or West.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    pub round: i32,
    pub table: i32,
    pub room: Room,
    pub team: i32,
    pub players: [String; 2],
}

/// A whole tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub settings: Settings,
    pub teams: Vec<Team>,
    pub rounds: Vec<Round>,
    /// Who sat where; empty when the event does not record line-ups.
    pub lineups: Vec<Lineup>,
}

impl Event {
    /// Puts everything in the order the archive writes it: teams by number, rounds by
    /// number, boards by number, matches by table, results by room then board.
    pub fn sort(&mut self) {
        self.teams.sort_by_key(|t| t.number);
        self.rounds.sort_by_key(|r| r.number);
        for round in &mut self.rounds {
            round.boards.sort_by_key(|b| b.number);
            round.matches.sort_by_key(|m| m.table);
            for m in &mut round.matches {
                m.results.sort_by_key(|r| (r.room, r.board));
            }
        }
        self.lineups
            .sort_by_key(|l| (l.round, l.table, l.room, l.team));
    }

    /// The line-up of `team` in one room of one match.
    pub fn lineup(&self, round: i32, table: i32, room: Room, team: i32) -> Option<&Lineup> {
        self.lineups
            .iter()
            .find(|l| l.round == round && l.table == table && l.room == room && l.team == team)
    }

    pub fn team(&self, number: i32) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// How many table results the event holds.
    pub fn result_count(&self) -> usize {
        self.rounds
            .iter()
            .flat_map(|r| &r.matches)
            .map(|m| m.results.len())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rooms_with_other_results_count_as_changed() {
        let row = |room, board, points| TableResult {
            room,
            board,
            entry: TableEntry {
                trick_points: Some(points),
                ..TableEntry::default()
            },
        };
        let before = vec![
            row(Room::Open, 1, 40),
            row(Room::Open, 2, 60),
            row(Room::Closed, 1, 80),
        ];
        // The same rows in another order: nothing changed.
        let shuffled = vec![before[2].clone(), before[1].clone(), before[0].clone()];
        assert!(rooms_changed(&before, &shuffled).is_empty());
        // A corrected closed-room board.
        let corrected = vec![
            before[0].clone(),
            before[1].clone(),
            row(Room::Closed, 1, 85),
        ];
        assert_eq!(rooms_changed(&before, &corrected), vec![Room::Closed]);
        // A board removed from the open room, one added to the closed room.
        let moved = vec![
            before[0].clone(),
            before[2].clone(),
            row(Room::Closed, 2, 5),
        ];
        assert_eq!(
            rooms_changed(&before, &moved),
            vec![Room::Open, Room::Closed]
        );
    }

    #[test]
    fn pairing_methods_read_their_codes() {
        for m in PairingMethod::ALL {
            assert_eq!(m.code().parse::<PairingMethod>(), Ok(m));
        }
        assert_eq!(PairingMethod::default(), PairingMethod::Manual);
        assert!("dutch".parse::<PairingMethod>().is_err());
    }

    #[test]
    fn slugs() {
        assert!(check_slug("spring-2026").is_ok());
        assert!(check_slug("a").is_ok());
        assert!(check_slug(&"a".repeat(64)).is_ok());
        assert!(check_slug(&"a".repeat(65)).is_err());
        assert!(check_slug("").is_err());
        assert!(check_slug("Spring").is_err());
        assert!(check_slug("spring_2026").is_err());
        assert!(check_slug("春季").is_err());
        for reserved in RESERVED_SLUGS {
            assert_eq!(
                check_slug(reserved),
                Err(Why::SlugReserved {
                    slug: reserved.to_owned()
                })
            );
        }
        assert!(check_slug("new-year").is_ok());
    }
}
