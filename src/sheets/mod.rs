//! Score sheets, match sheets, team cards and the standings sheet (docs/rules.md §10).
//!
//! - [`content`]: what each sheet says, as plain structs with the text of every cell in one
//!   language, built from an [`Event`](crate::rules::Event) and its
//!   [`Report`](crate::rules::Report). The web's print views and the PDF share them.
//! - [`pdf`]: A4 portrait PDF of those structs, with the bundled CJK font subset into each
//!   file.
//! - [`files`]: every sheet of a tournament as named PDF files (`fushi export --sheets`).
//!
//! Words come from Fluent (`locales/*/sheets.ftl`) through a [`Tr`] in the sheet's language:
//! the web passes the reader's, the command line the one `--lang` names. [`Word`] is the
//! typed list of the messages a sheet prints.
//!
//! Arrows: `sheets` → `i18n`, `rules`; nothing here touches the database.

pub(crate) mod content;
pub mod files;
pub mod hands;
pub mod pdf;
pub mod stages;

pub use content::match_sheet::{MatchLine, match_sheet};
pub use content::score_sheet::{score_sheet, score_sheets};
pub use content::standings::standings_sheet;
pub use content::team_card::team_card;

pub(crate) use content::{MatchSheet, ScoreSheet, SheetSide, StandingsSheet, TeamCard};
pub use files::{SheetFile, all_sheets, match_pdf, round_pdf, write_dir};
pub(crate) use files::{match_sheet_pdf, score_sheets_pdf, standings_sheet_pdf, team_card_pdf};

use crate::i18n::Tr;
use crate::rules::{Combination, LastTrick, Room, Seat, TableOutcome, Trump, Wording};

/// Declares [`Word`] and [`Word::ALL`] from one list of names, so that the two cannot drift.
macro_rules! words {
    ($(#[$meta:meta])* pub enum Word { $($name:ident,)* }) => {
        $(#[$meta])*
        pub enum Word {
            $($name,)*
        }

        impl Word {
            /// Every word, for the test that each has its message in every language.
            pub const ALL: [Word; [$(Word::$name,)*].len()] = [$(Word::$name,)*];
        }
    };
}

words! {
    /// Every word the sheets print, as the id of its Fluent message ([`Word::id`]). A word whose
    /// message uses `$n` takes a number (see [`Words::with_n`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Word {
        ScoreSheet,
        MatchSheet,
        TeamCard,
        StandingsSheet,
        Event,
        Dates,
        Venue,
        Round,
        Table,
        Room,
        Open,
        Closed,
        Home,
        Away,
        NorthSouth,
        EastWest,
        Team,
        Members,
        Board,
        Dealer,
        Level,
        Trump,
        TrickPoints,
        BottomPoints,
        LastTrick,
        Combination,
        DeclarerPenalty,
        DefenderPenalty,
        DefenderTotal,
        Result,
        TableScore,
        Signature,
        Declarer,
        Defenders,
        North,
        East,
        South,
        West,
        Spades,
        Hearts,
        Diamonds,
        Clubs,
        NoTrump,
        Single,
        Pair,
        Tractor,
        Triple,
        Titanic,
        DeclarersUp,
        DefendersTakeOver,
        DefendersTakeOverUp,
        NoLevelChange,
        Ruling,
        HomeScore,
        Swing,
        Total,
        RunningTotal,
        LevelDiff,
        PointDiff,
        BoardsWon,
        MatchScore,
        Status,
        Complete,
        InProgress,
        Bye,
        Versus,
        Rank,
        Played,
        WonDrawnLost,
        Quotient,
        Opponent,
        AfterRound,
        RoundInProgress,
    }
}

impl Word {
    /// The Fluent message id (`sheets-…`); a word with a number takes the variable `$n`.
    pub fn id(self) -> &'static str {
        use Word::*;
        match self {
            ScoreSheet => "sheets-score-sheet",
            MatchSheet => "sheets-match-sheet",
            TeamCard => "sheets-team-card",
            StandingsSheet => "sheets-standings",
            Event => "sheets-event",
            Dates => "sheets-dates",
            Venue => "sheets-venue",
            Round => "sheets-round",
            Table => "sheets-table",
            Room => "sheets-room",
            Open => "sheets-open",
            Closed => "sheets-closed",
            Home => "sheets-home",
            Away => "sheets-away",
            NorthSouth => "sheets-ns",
            EastWest => "sheets-ew",
            Team => "sheets-team",
            Members => "sheets-members",
            Board => "sheets-board",
            Dealer => "sheets-dealer",
            Level => "sheets-level",
            Trump => "sheets-trump",
            TrickPoints => "sheets-trick-points",
            BottomPoints => "sheets-bottom-points",
            LastTrick => "sheets-last-trick",
            Combination => "sheets-combination",
            DeclarerPenalty => "sheets-declarer-penalty",
            DefenderPenalty => "sheets-defender-penalty",
            DefenderTotal => "sheets-defender-total",
            Result => "sheets-result",
            TableScore => "sheets-table-score",
            Signature => "sheets-signature",
            Declarer => "sheets-declarer",
            Defenders => "sheets-defenders",
            North => "sheets-north",
            East => "sheets-east",
            South => "sheets-south",
            West => "sheets-west",
            Spades => "sheets-spades",
            Hearts => "sheets-hearts",
            Diamonds => "sheets-diamonds",
            Clubs => "sheets-clubs",
            NoTrump => "sheets-no-trump",
            Single => "sheets-single",
            Pair => "sheets-pair",
            Tractor => "sheets-tractor",
            Triple => "sheets-triple",
            Titanic => "sheets-titanic",
            DeclarersUp => "sheets-declarers-up",
            DefendersTakeOver => "sheets-defenders-take-over",
            DefendersTakeOverUp => "sheets-defenders-take-over-up",
            NoLevelChange => "sheets-no-level-change",
            Ruling => "sheets-ruling",
            HomeScore => "sheets-home-score",
            Swing => "sheets-swing",
            Total => "sheets-total",
            RunningTotal => "sheets-running-total",
            LevelDiff => "sheets-level-diff",
            PointDiff => "sheets-point-diff",
            BoardsWon => "sheets-boards-won",
            MatchScore => "sheets-match-score",
            Status => "sheets-status",
            Complete => "sheets-complete",
            InProgress => "sheets-in-progress",
            Bye => "sheets-bye",
            Versus => "sheets-versus",
            Rank => "sheets-rank",
            Played => "sheets-played",
            WonDrawnLost => "sheets-won-drawn-lost",
            Quotient => "sheets-quotient",
            Opponent => "sheets-opponent",
            AfterRound => "sheets-after-round",
            RoundInProgress => "sheets-round-in-progress",
        }
    }
}

/// The sheets' words in one language, looked up in Fluent.
pub trait Words {
    /// The word, in the sheet's language.
    fn word(&self, w: Word) -> String;

    /// A word that takes a number (`$n`).
    fn with_n(&self, w: Word, n: i64) -> String;

    /// The language tag written into the PDF (`en`, `zh-Hans`, `zh-Hant`).
    fn language(&self) -> &'static str;
}

impl Words for Tr {
    fn word(&self, w: Word) -> String {
        self.t(w.id())
    }

    fn with_n(&self, w: Word, n: i64) -> String {
        self.a(w.id(), "n", n)
    }

    fn language(&self) -> &'static str {
        self.lang.tag()
    }
}

/// A seat in words.
pub fn seat(words: &dyn Words, s: Seat) -> String {
    words.word(match s {
        Seat::North => Word::North,
        Seat::East => Word::East,
        Seat::South => Word::South,
        Seat::West => Word::West,
    })
}

/// A room in words.
pub fn room(words: &dyn Words, r: Room) -> String {
    words.word(match r {
        Room::Open => Word::Open,
        Room::Closed => Word::Closed,
    })
}

/// A fixed trump in words; empty when trump is declared at the table.
pub fn trump(words: &dyn Words, t: Option<Trump>) -> String {
    let Some(t) = t else {
        return String::new();
    };
    words.word(match t {
        Trump::Spades => Word::Spades,
        Trump::Hearts => Word::Hearts,
        Trump::Diamonds => Word::Diamonds,
        Trump::Clubs => Word::Clubs,
        Trump::NoTrump => Word::NoTrump,
    })
}

pub fn last_trick(words: &dyn Words, l: LastTrick) -> String {
    words.word(match l {
        LastTrick::Declarer => Word::Declarer,
        LastTrick::Defenders => Word::Defenders,
    })
}

pub fn combination(words: &dyn Words, c: Combination) -> String {
    match c {
        Combination::Single => words.word(Word::Single),
        Combination::Pair => words.word(Word::Pair),
        Combination::Triple => words.word(Word::Triple),
        Combination::Tractor(l) => words.with_n(Word::Tractor, l.into()),
        Combination::Titanic(l) => words.with_n(Word::Titanic, l.into()),
    }
}

/// A table's result in words (docs/rules.md §3, Wording), marked when the TD ruled: the
/// match page, the score sheets and `results.csv` (in English) all say it this way.
pub fn result(words: &dyn Words, outcome: &TableOutcome) -> String {
    let wording = wording(words, outcome.wording);
    if outcome.ruled {
        wording + &words.word(Word::Ruling)
    } else {
        wording
    }
}

/// A table score in words, without the ruling's mark (docs/rules.md §3, Wording).
pub fn wording(words: &dyn Words, wording: Wording) -> String {
    match wording {
        Wording::DeclarersUp(n) => words.with_n(Word::DeclarersUp, n.into()),
        Wording::DefendersTakeOver => words.word(Word::DefendersTakeOver),
        Wording::DefendersTakeOverUp(n) => words.with_n(Word::DefendersTakeOverUp, n.into()),
        Wording::NoLevelChange => words.word(Word::NoLevelChange),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_word_has_a_unique_id_and_a_message_in_every_language() {
        let mut ids: Vec<&str> = Word::ALL.iter().map(|w| w.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Word::ALL.len());
        for lang in Lang::all() {
            let t = Tr::new(lang);
            for w in Word::ALL {
                assert!(w.id().starts_with("sheets-"), "{w:?}");
                let text = t.with_n(w, 7);
                assert!(!text.is_empty() && text != w.id(), "{w:?} in {lang:?}");
            }
        }
    }

    #[test]
    fn result_words_follow_the_rules_wording() {
        let cases = [
            (
                Wording::DeclarersUp(2),
                "declarers up 2",
                "庄家方升2级",
                "莊家方升2級",
            ),
            (
                Wording::DefendersTakeOver,
                "defenders take over",
                "闲家上台",
                "閒家上台",
            ),
            (
                Wording::DefendersTakeOverUp(5),
                "defenders take over, up 5",
                "闲家上台升5级",
                "閒家上台升5級",
            ),
            (
                Wording::NoLevelChange,
                "no level change",
                "不升级",
                "不升級",
            ),
        ];
        for (wording, en, hans, hant) in cases {
            for ruled in [false, true] {
                let o = TableOutcome {
                    defender_total: Some(100),
                    table_score: 0,
                    ruled,
                    wording,
                };
                let (en_mark, zh_mark, hant_mark) = if ruled {
                    (" (TD ruling)", "（裁判判定）", "（裁判判定）")
                } else {
                    ("", "", "")
                };
                assert_eq!(result(&Tr::new(Lang::EN), &o), format!("{en}{en_mark}"));
                assert_eq!(
                    result(&Tr::new(Lang::ZH_HANS), &o),
                    format!("{hans}{zh_mark}")
                );
                assert_eq!(
                    result(&Tr::new(Lang::ZH_HANT), &o),
                    format!("{hant}{hant_mark}")
                );
            }
        }
    }

    #[test]
    fn words_with_a_number() {
        assert_eq!(
            combination(&Tr::new(Lang::ZH_HANS), Combination::Tractor(2)),
            "2连对拖拉机"
        );
        assert_eq!(
            combination(&Tr::new(Lang::EN), Combination::Titanic(3)),
            "titanic:3"
        );
    }
}
