//! Why an archive, an upload or a stored result is refused: a typed reason with its figures
//! as fields; what the rules refuse in a table result is the rules' own [`Fault`]. Its words
//! are Fluent messages (`problems.ftl`, see [`super::why_words`]): the web renders them in
//! the reader's language, `Display` in English for logs and tests.

use std::fmt;

use crate::rules::bracket::{KnockoutFault, NotYet};
use crate::rules::deal::{DealError, SeedError, SeedRefusal};
use crate::rules::stages::StageReason;
use crate::rules::{BandTableError, Fault, ParseError, Room, TeamNo};

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
    Date,
}

impl Wanted {
    /// Every kind, for the test that words each one.
    #[cfg(test)]
    pub(crate) const ALL: [Wanted; 8] = [
        Wanted::String,
        Wanted::Boolean,
        Wanted::WholeNumber,
        Wanted::Number,
        Wanted::Bands,
        Wanted::WinDrawLoss,
        Wanted::Tiebreaks,
        Wanted::Date,
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
            Wanted::Date => "date",
        }
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
    /// A score setting with more than two decimals (kept in hundredths, never rounded).
    MoreThanTwoDecimals {
        key: String,
        value: String,
    },
    CorrectionMinutes {
        minutes: i64,
        max: i32,
    },
    Date {
        key: String,
        value: String,
    },
    EndsBeforeStarts,
    TimeZone {
        zone: String,
    },
    // CSV files
    /// A quote opens a cell on this line and is never closed where a cell ends: the lines
    /// after it would read as one cell.
    UnclosedQuote,
    /// A file this one's rows rely on is missing (`boards.csv` for a schedule's rounds,
    /// `schedule.csv` for results and line-ups).
    MissingFileFor {
        needed_by: String,
    },
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
    /// A cell that reads as a value but is not written the way fushi writes it (`040`,
    /// ` 40`, `tractor:02`, `A; B`): import takes only the spelling its export gives back.
    NotCanonical {
        column: String,
        cell: String,
        canonical: String,
    },
    TeamTwice {
        team: TeamNo,
        first: u64,
    },
    TooManyMembers {
        team: TeamNo,
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
        team: TeamNo,
    },
    PlaysItself {
        team: TeamNo,
    },
    TableTwice {
        round: i32,
        table: i32,
        first: u64,
    },
    AlreadyPlays {
        team: TeamNo,
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
        team: TeamNo,
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
        team: TeamNo,
    },
    NotAtTable {
        team: TeamNo,
        round: i32,
        table: i32,
    },
    ByeNoLineup {
        round: i32,
        table: i32,
        team: TeamNo,
    },
    LineupTwice {
        round: i32,
        table: i32,
        room: Room,
        team: TeamNo,
        first: u64,
    },
    BothRooms {
        player: String,
        first: u64,
    },
    /// What the rules refuse in one table result (`TableEntry::parse`).
    Table(Fault),
    /// What the player registry refuses (`players.csv`, a merge, a removal).
    Player(super::player_why::PlayerWhy),
    // [[stages]] of tournament.toml and the schedule of a staged event
    /// A problem of stage `stage` (from 1) at `key`.
    Stage {
        stage: usize,
        key: &'static str,
        reason: StageReason,
    },
    RoundInNoStage {
        round: i32,
        last: i32,
    },
    GroupTeamUnknown {
        stage: usize,
        team: TeamNo,
    },
    TeamInNoGroup {
        stage: usize,
        team: TeamNo,
    },
    AcrossGroups {
        round: i32,
        home: TeamNo,
        away: TeamNo,
    },
    /// A knockout round paired before its ties are known: after `ko_round` (`None`: the
    /// stage before the knockout) is decided.
    KnockoutTooEarly {
        round: i32,
        ko_round: Option<u32>,
    },
    NotTheTie {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
    NoSuchTie {
        round: i32,
        table: i32,
    },
    TieMissing {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
    /// Exchange `exchange` (from 1) of knockout stage `stage` that the results no longer
    /// allow.
    ExchangeStale {
        stage: usize,
        exchange: usize,
        ko_round: u32,
        fault: crate::rules::bracket::ExchangeFault,
    },
    // deals.csv and the dealing seed (docs/rules.md §13)
    /// A word of a hand that is no card.
    BadCard {
        column: String,
        card: String,
    },
    /// Hands that are no deal of the tournament's deck count.
    Deal(DealError),
    Seed(SeedError),
    Commitment,
    SeedRefused(SeedRefusal),
    /// `[[deal_seeds]]` entry `entry` (from 1) of `tournament.toml` refused.
    DealSeedEntry {
        entry: usize,
        fault: DealSeedFault,
    },
}

/// What is wrong with an entry of `[[deal_seeds]]` (docs/rules.md §9, §13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSeedFault {
    /// `deal_seeds` is not an array of tables.
    Shape,
    /// Both `[[deal_seeds]]` and the old `deal_commitment` / `deal_seed` pair.
    BothForms,
    NoCommitment,
    /// `published` is not a date and time with an offset.
    Published,
    /// `rounds` is not a list of round numbers in ascending order.
    Rounds,
    NoSuchRound {
        round: i32,
    },
    /// A round listed under two seeds.
    RoundTwice {
        round: i32,
    },
    /// The revealed seed does not deal this board as `deals.csv` has it (or `deals.csv`
    /// has no cards for it).
    DealsOther {
        round: i32,
        board: i32,
    },
}

/// The most characters of what was sent that a message quotes.
pub(crate) const QUOTE_LIMIT: usize = 80;

/// `text` cut to [`QUOTE_LIMIT`] characters (the last one `…` when cut), so that no
/// message grows with the input it quotes.
pub(crate) fn clip(text: &str) -> String {
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

impl From<Fault> for Why {
    fn from(fault: Fault) -> Why {
        Why::Table(fault)
    }
}

impl From<BandTableError> for Why {
    fn from(error: BandTableError) -> Why {
        Why::Bands { error }
    }
}

/// The English message (`locales/en/problems.ftl`): what the command line prints.
impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&crate::i18n::Tr::en()))
    }
}

impl Why {
    /// What is wrong with a knockout's schedule ([`KnockoutFault`]), in the words of a
    /// problem: the archive's check and the director's warning say it alike.
    /// An exchange of `bracket`'s stage that the results no longer allow.
    pub(crate) fn of_exchange(
        bracket: &crate::rules::bracket::Bracket,
        fault: crate::rules::bracket::ExchangeFault,
    ) -> Why {
        let index = fault.exchange();
        Why::ExchangeStale {
            stage: bracket.stage + 1,
            exchange: index + 1,
            ko_round: bracket.exchanges.get(index).map_or(0, |x| x.ko_round),
            fault,
        }
    }

    pub(crate) fn of_knockout(fault: KnockoutFault) -> Why {
        match fault {
            KnockoutFault::TooEarly { round, reason, .. } => Why::KnockoutTooEarly {
                round,
                ko_round: match reason {
                    NotYet::Qualifying => None,
                    NotYet::Undecided { ko_round, .. } => Some(ko_round),
                },
            },
            KnockoutFault::NotTheTie {
                round,
                table,
                home,
                away,
            } => Why::NotTheTie {
                round,
                table,
                home,
                away,
            },
            KnockoutFault::NoSuchTie { round, table } => Why::NoSuchTie { round, table },
            KnockoutFault::Missing {
                round,
                table,
                home,
                away,
            } => Why::TieMissing {
                round,
                table,
                home,
                away,
            },
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
    }

    #[test]
    fn parse_errors_keep_their_parts() {
        let e: Why = "north-east"
            .parse::<crate::rules::Seat>()
            .unwrap_err()
            .into();
        assert!(
            matches!(&e, Why::NotOneOf { got, .. } if got == "north-east"),
            "{e:?}"
        );
    }
}
