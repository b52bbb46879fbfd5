//! Why an archive, an upload or a stored result is refused: a typed reason with its figures
//! as fields. `Display` is the English text the command line prints (`file:line: why`); the
//! web renders the same reason in the reader's language through Fluent (`problems.ftl`).

use std::fmt;

use super::bands::BandTableError;
use super::cards::{ParseError, Room};

/// Which card-point figure of a table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    Trick,
    Bottom,
}

impl Points {
    /// The Fluent selector.
    pub fn code(self) -> &'static str {
        match self {
            Points::Trick => "trick",
            Points::Bottom => "bottom",
        }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Points::Trick => "trick points",
            Points::Bottom => "bottom points",
        })
    }
}

/// What a `tournament.toml` key must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    String,
    Boolean,
    WholeNumber,
    Number,
    Bands,
    WinDrawLoss,
    Tiebreaks,
}

impl Wanted {
    pub const ALL: [Wanted; 7] = [
        Wanted::String,
        Wanted::Boolean,
        Wanted::WholeNumber,
        Wanted::Number,
        Wanted::Bands,
        Wanted::WinDrawLoss,
        Wanted::Tiebreaks,
    ];

    /// The Fluent id suffix.
    pub fn code(self) -> &'static str {
        match self {
            Wanted::String => "string",
            Wanted::Boolean => "boolean",
            Wanted::WholeNumber => "whole-number",
            Wanted::Number => "number",
            Wanted::Bands => "bands",
            Wanted::WinDrawLoss => "win-draw-loss",
            Wanted::Tiebreaks => "tiebreaks",
        }
    }
}

impl fmt::Display for Wanted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wanted::String => "a string in double quotes",
            Wanted::Boolean => "true or false",
            Wanted::WholeNumber => "a whole number",
            Wanted::Number => "a number",
            Wanted::Bands => "a list of [minimum P, s] pairs of whole numbers",
            Wanted::WinDrawLoss => "three numbers: [win, draw, loss]",
            Wanted::Tiebreaks => "a list of tie-break names",
        })
    }
}

/// The reason of a problem. Column, key and code names (`team_no`, `decks`, `vp20`) are the
/// file format's own words and stay as they are in every language; texts from libraries
/// (`error`) too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    // Files and the .zip
    MissingFile,
    NotUtf8,
    NoSuchPath,
    NotAZip {
        error: String,
    },
    ZipNoToml,
    ZipManyToml,
    /// More entries in a .zip than an archive could need.
    ZipTooManyEntries {
        count: usize,
        max: usize,
    },
    /// A file of a .zip, or all of them, unpacking to more than the limit.
    ZipTooLarge {
        name: String,
        limit_mib: u64,
    },
    /// A text from the operating system, the database or a library, as it came.
    Failed {
        error: String,
    },
    NoTournament,
    SlugTaken {
        slug: String,
    },
    // tournament.toml
    TomlSyntax {
        error: String,
    },
    UnknownKey {
        key: String,
    },
    Required {
        key: String,
    },
    WrongType {
        key: String,
        wanted: Wanted,
    },
    NameEmpty,
    SlugInvalid {
        slug: String,
    },
    SlugReserved {
        slug: String,
    },
    DecksCount {
        decks: i64,
    },
    VpBlitz {
        value: String,
    },
    /// A score setting that is not finite or beyond the limit.
    ScoreRange {
        key: String,
        value: String,
        max: String,
    },
    OnlyForCustom {
        key: String,
    },
    CustomNeeds {
        key: String,
    },
    NotOneOf {
        what: String,
        got: String,
        allowed: String,
    },
    RulesNotForDecks {
        rules: String,
        decks: i32,
        allowed: String,
    },
    StepOutOfRange,
    Bands {
        error: BandTableError,
    },
    TiebreakTwice {
        tiebreak: String,
    },
    SwissSeed {
        seed: i64,
    },
    // CSV files
    UnreadableHeader {
        error: String,
    },
    ColumnTwice {
        column: String,
    },
    UnknownColumn {
        column: String,
    },
    MissingColumn {
        column: String,
    },
    CellCount {
        cells: usize,
        header: usize,
    },
    UnreadableRow {
        error: String,
    },
    Empty {
        column: String,
    },
    TooLarge {
        column: String,
        value: i32,
        max: i32,
    },
    /// Text longer than its field allows.
    TextTooLong {
        column: String,
        max: usize,
    },
    /// Text with a control character (NUL, a tab, a line break…).
    ControlCharacter {
        column: String,
    },
    TooSmall {
        column: String,
        value: i32,
        min: i32,
    },
    NotWholeNumber {
        column: String,
        cell: String,
    },
    TeamTwice {
        team: i32,
        first: u64,
    },
    TooManyMembers {
        team: i32,
        members: usize,
        max: usize,
    },
    BoardTwice {
        round: i32,
        board: i32,
        first: u64,
    },
    RoundWithoutBoards {
        round: i32,
    },
    UnknownTeam {
        team: i32,
    },
    PlaysItself {
        team: i32,
    },
    TableTwice {
        round: i32,
        table: i32,
        first: u64,
    },
    AlreadyPlays {
        team: i32,
        round: i32,
        first: u64,
    },
    NoTable {
        round: i32,
        table: i32,
    },
    ByeNoResults {
        round: i32,
        table: i32,
        team: i32,
    },
    NoBoard {
        round: i32,
        board: i32,
    },
    ResultTwice {
        round: i32,
        table: i32,
        room: Room,
        board: i32,
        first: u64,
    },
    // lineups.csv
    LineupPlayers {
        cell: String,
    },
    NotAMember {
        player: String,
        team: i32,
    },
    NotAtTable {
        team: i32,
        round: i32,
        table: i32,
    },
    ByeNoLineup {
        round: i32,
        table: i32,
        team: i32,
    },
    LineupTwice {
        round: i32,
        table: i32,
        room: Room,
        team: i32,
        first: u64,
    },
    BothRooms {
        player: String,
        first: u64,
    },
    // One table result (`TableEntry::check`)
    NotMultipleOf5 {
        what: Points,
        value: i32,
    },
    PointsOutOfRange {
        what: Points,
        value: i32,
        max: i32,
        decks: i32,
    },
    PointsExceed {
        trick: i32,
        bottom: i32,
        total: i32,
        decks: i32,
    },
    ComboNotAllowed {
        combo: String,
        decks: i32,
        allowed: String,
    },
    ComboMissing,
    /// A combination given although the declarers won the last trick.
    ComboWithDeclarerLastTrick,
    /// A tractor or titanic longer than one hand can hold.
    ComboTooLong {
        combo: String,
        max: i32,
        decks: i32,
    },
    /// A TD ruling beyond the band table's range of s.
    RulingOutOfRange {
        value: i32,
        min: i32,
        max: i32,
    },
    Penalty {
        value: i32,
        max: i32,
    },
    DefenderTotal {
        value: i32,
    },
    NoResult,
}

/// The most characters of what was sent that a message quotes.
pub const QUOTE_LIMIT: usize = 80;

/// `text` cut to [`QUOTE_LIMIT`] characters (the last one `…` when cut), so that no
/// message grows with the input it quotes.
pub fn clip(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(QUOTE_LIMIT - 1).collect();
    cut.push('…');
    cut
}

impl From<ParseError> for Why {
    fn from(e: ParseError) -> Why {
        Why::NotOneOf {
            what: e.what.to_owned(),
            got: clip(&e.got),
            allowed: e.allowed.to_owned(),
        }
    }
}

/// A reason not typed yet: shown as it is, in English, in every language.
impl From<String> for Why {
    fn from(error: String) -> Why {
        Why::Failed { error }
    }
}

impl From<BandTableError> for Why {
    fn from(error: BandTableError) -> Why {
        Why::Bands { error }
    }
}

fn decks_word(decks: i32) -> &'static str {
    if decks == 1 { "deck" } else { "decks" }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::MissingFile => write!(f, "missing from the archive"),
            Why::NotUtf8 => write!(f, "is not UTF-8 text"),
            Why::NoSuchPath => write!(f, "no such folder or file"),
            Why::NotAZip { error } => write!(f, "not a readable .zip: {error}"),
            Why::ZipNoToml => write!(f, "the .zip holds no tournament.toml"),
            Why::ZipManyToml => write!(f, "the .zip holds more than one tournament.toml"),
            Why::ZipTooManyEntries { count, max } => write!(
                f,
                "the .zip holds {count} entries; an archive has at most {max}"
            ),
            Why::ZipTooLarge { name, limit_mib } => write!(
                f,
                "{name} unpacks to more than {limit_mib} MiB, the most an archive may hold"
            ),
            Why::Failed { error } => write!(f, "{error}"),
            Why::NoTournament => write!(f, "no tournament with this slug"),
            Why::SlugTaken { slug } => write!(
                f,
                "slug \"{slug}\" already exists: choose another slug or delete that tournament first"
            ),
            Why::TomlSyntax { error } => write!(f, "{error}"),
            Why::UnknownKey { key } => write!(f, "unknown key \"{key}\""),
            Why::Required { key } => write!(f, "{key} is required"),
            Why::WrongType { key, wanted } => write!(f, "{key} must be {wanted}"),
            Why::NameEmpty => write!(f, "name must not be empty"),
            Why::SlugInvalid { slug } => write!(
                f,
                "slug \"{slug}\" must be 1–64 characters of a–z, 0–9 and -"
            ),
            Why::SlugReserved { slug } => write!(
                f,
                "slug \"{slug}\" is reserved: /d/{slug} is a page of fushi; choose another"
            ),
            Why::DecksCount { decks } => write!(f, "decks must be 1, 2 or 3, not {decks}"),
            Why::VpBlitz { value } => write!(
                f,
                "vp_blitz must be greater than 0 and at most 100, not {value}"
            ),
            Why::ScoreRange { key, value, max } => {
                write!(
                    f,
                    "{key} must be a number from -{max} to {max}, not {value}"
                )
            }
            Why::OnlyForCustom { key } => write!(f, "{key} is only for rules = \"custom\""),
            Why::CustomNeeds { key } => write!(f, "rules = \"custom\" needs {key}"),
            Why::NotOneOf { what, got, allowed } => {
                write!(f, "{what} \"{got}\" is not one of {allowed}")
            }
            Why::RulesNotForDecks {
                rules,
                decks,
                allowed,
            } => write!(
                f,
                "rules \"{rules}\" does not exist for {decks} deck(s); choose one of {allowed} or custom"
            ),
            Why::StepOutOfRange => write!(f, "takeover_at or step is out of range"),
            Why::Bands { error } => write!(f, "{error}"),
            Why::TiebreakTwice { tiebreak } => write!(f, "tie-break {tiebreak} is listed twice"),
            Why::SwissSeed { seed } => {
                write!(f, "swiss_seed must be a whole number from 0, not {seed}")
            }
            Why::UnreadableHeader { error } => write!(f, "unreadable header: {error}"),
            Why::ColumnTwice { column } => write!(f, "column \"{column}\" appears twice"),
            Why::UnknownColumn { column } => write!(f, "unknown column \"{column}\""),
            Why::MissingColumn { column } => write!(f, "missing column \"{column}\""),
            Why::CellCount { cells, header } => {
                write!(f, "{cells} cells, but the header has {header}")
            }
            Why::UnreadableRow { error } => write!(f, "unreadable row: {error}"),
            Why::Empty { column } => write!(f, "{column} is empty"),
            Why::TextTooLong { column, max } => {
                write!(f, "{column} is longer than {max} characters")
            }
            Why::ControlCharacter { column } => write!(
                f,
                "{column} holds a control character (NUL, tab, line break…): remove it"
            ),
            Why::TooLarge { column, value, max } => {
                write!(f, "{column} {value} must be {max} or less")
            }
            Why::TooSmall { column, value, min } => {
                write!(f, "{column} {value} must be {min} or more")
            }
            Why::NotWholeNumber { column, cell } => {
                write!(f, "{column} \"{cell}\" is not a whole number")
            }
            Why::TeamTwice { team, first } => {
                write!(f, "team {team} is listed twice (first on line {first})")
            }
            Why::TooManyMembers { team, members, max } => write!(
                f,
                "team {team} has {members} members; a team has at most {max}"
            ),
            Why::BoardTwice {
                round,
                board,
                first,
            } => write!(
                f,
                "round {round} board {board} is listed twice (first on line {first})"
            ),
            Why::RoundWithoutBoards { round } => {
                write!(f, "round {round} has no boards in boards.csv")
            }
            Why::UnknownTeam { team } => write!(f, "unknown team {team}: not in teams.csv"),
            Why::PlaysItself { team } => write!(f, "team {team} cannot play itself"),
            Why::TableTwice {
                round,
                table,
                first,
            } => write!(
                f,
                "round {round} table {table} is listed twice (first on line {first})"
            ),
            Why::AlreadyPlays { team, round, first } => {
                write!(
                    f,
                    "team {team} already plays in round {round} (line {first})"
                )
            }
            Why::NoTable { round, table } => {
                write!(f, "round {round} has no table {table} in schedule.csv")
            }
            Why::ByeNoResults { round, table, team } => write!(
                f,
                "round {round} table {table} is a bye for team {team}: a bye has no results"
            ),
            Why::NoBoard { round, board } => {
                write!(f, "round {round} has no board {board} in boards.csv")
            }
            Why::ResultTwice {
                round,
                table,
                room,
                board,
                first,
            } => write!(
                f,
                "round {round} table {table} {room} room board {board} is listed twice (first on line {first})"
            ),
            Why::LineupPlayers { cell } => write!(
                f,
                "players must be two different members separated by ;, not \"{cell}\""
            ),
            Why::NotAMember { player, team } => {
                write!(f, "{player} is not a member of team {team}")
            }
            Why::NotAtTable { team, round, table } => {
                write!(
                    f,
                    "team {team} does not play at round {round} table {table}"
                )
            }
            Why::ByeNoLineup { round, table, team } => write!(
                f,
                "round {round} table {table} is a bye for team {team}: a bye has no line-up"
            ),
            Why::LineupTwice {
                round,
                table,
                room,
                team,
                first,
            } => write!(
                f,
                "round {round} table {table} {room} room: team {team} is listed twice (first on line {first})"
            ),
            Why::BothRooms { player, first } => write!(
                f,
                "{player} already sits in the other room of this match (line {first})"
            ),
            Why::NotMultipleOf5 { what, value } => {
                write!(f, "{what} {value} is not a multiple of 5")
            }
            Why::PointsOutOfRange {
                what,
                value,
                max,
                decks,
            } => write!(
                f,
                "{what} {value} is out of range 0–{max} for {decks} {}",
                decks_word(*decks)
            ),
            Why::PointsExceed {
                trick,
                bottom,
                total,
                decks,
            } => write!(
                f,
                "trick points {trick} + bottom points {bottom} exceed the {total} card points of {decks} deck(s)"
            ),
            Why::ComboNotAllowed {
                combo,
                decks,
                allowed,
            } => write!(
                f,
                "combination {combo} is not possible with {decks} deck(s); allowed: {allowed}"
            ),
            Why::ComboMissing => write!(
                f,
                "the defenders won the last trick: give its largest combination"
            ),
            Why::ComboWithDeclarerLastTrick => write!(
                f,
                "the declarers won the last trick: no combination (it doubles only the defenders' bottom)"
            ),
            Why::ComboTooLong { combo, max, decks } => write!(
                f,
                "{combo} is longer than one hand holds with {decks} deck(s): L is at most {max}"
            ),
            Why::RulingOutOfRange { value, min, max } => write!(
                f,
                "ruling {value} is outside the band table's range of s, {min} to {max}"
            ),
            Why::Penalty { value, max } => {
                write!(
                    f,
                    "penalty {value} must be a multiple of 5, from 0 to {max}"
                )
            }
            Why::DefenderTotal { value } => write!(
                f,
                "defenders' total {value} must be a multiple of 5, 0 or more"
            ),
            Why::NoResult => write!(
                f,
                "no result: give trick_points, defender_total or a ruling"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quote_at_most_80_characters_of_the_input() {
        assert_eq!(clip("short"), "short");
        let long = "界".repeat(10_000);
        assert_eq!(clip(&long).chars().count(), QUOTE_LIMIT);
        assert_eq!(clip(&clip(&long)), clip(&long));
        let header = format!("team_no,name,club,members,{}\n", "x".repeat(100_000));
        let problems = crate::archive::parse_teams(&header).unwrap_err();
        let text = problems[0].to_string();
        assert!(text.len() < 200, "{text}");
        let cell = format!("team_no,name,club,members\n{},A,,\n", "9".repeat(100_000));
        let text = crate::archive::parse_teams(&cell).unwrap_err()[0].to_string();
        assert!(text.len() < 250, "{text}");
    }

    #[test]
    fn parse_errors_keep_their_parts() {
        let e: Why = "north-east"
            .parse::<super::super::cards::Seat>()
            .unwrap_err()
            .into();
        assert!(
            matches!(&e, Why::NotOneOf { got, .. } if got == "north-east"),
            "{e:?}"
        );
    }
}
