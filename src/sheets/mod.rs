//! Score sheets, match sheets, team cards and the standings sheet (docs/rules.md §10).
//!
//! - [`content`]: what each sheet says, as plain structs with the text of every cell in one
//!   language, built from an [`Event`](crate::rules::Event) and its
//!   [`Report`](crate::rules::Report). The web's print views and the PDF share them.
//! - [`pdf`]: A4 portrait PDF of those structs, with the bundled CJK font subset into each
//!   file.
//! - [`files`]: every sheet of a tournament as named PDF files (`fushi export --sheets`).
//!
//! Words come from a [`Words`]: [`English`] and [`Chinese`] are built in (the command line
//! uses them); the web passes its Fluent translator through the same trait, looking up
//! [`Word::id`].
//!
//! Arrows: `sheets` → `rules`; nothing here touches the database.

pub mod content;
pub mod files;
pub mod pdf;

pub use content::{
    CardLine, CardMatch, MatchLine, MatchSheet, ScoreLine, ScoreSheet, SheetSide, StandingLine,
    StandingsSheet, TeamCard, match_sheet, match_sheets, score_sheet, score_sheets,
    standings_sheet, team_card,
};
pub use files::{SheetFile, all_sheets, match_pdf, round_pdf, standings_pdf, team_pdf, write_dir};

use crate::rules::{Combination, LastTrick, Room, Seat, TableOutcome, Trump, Wording};

/// Every word the sheets print. One list, in one place: [`Word::id`] is the message id a
/// Fluent translator looks up, [`Word::en`] and [`Word::zh`] the built-in words. A word with
/// `{n}` takes a number (see [`Words::with_n`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Word {
    ScoreSheet,
    MatchSheet,
    TeamCard,
    StandingsSheet,
    Event,
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

impl Word {
    /// Every word, for tests and for generating the Fluent messages.
    pub const ALL: [Word; 71] = {
        use Word::*;
        [
            ScoreSheet,
            MatchSheet,
            TeamCard,
            StandingsSheet,
            Event,
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
        ]
    };

    /// (Fluent message id, English, Chinese).
    fn entry(self) -> (&'static str, &'static str, &'static str) {
        use Word::*;
        match self {
            ScoreSheet => ("sheets-score-sheet", "Score sheet", "记分表"),
            MatchSheet => ("sheets-match-sheet", "Match sheet", "场次记录表"),
            TeamCard => ("sheets-team-card", "Team card", "队伍成绩卡"),
            StandingsSheet => ("sheets-standings", "Results and standings", "成绩与排名"),
            Event => ("sheets-event", "Tournament", "赛事"),
            Round => ("sheets-round", "Round", "轮次"),
            Table => ("sheets-table", "Table", "桌号"),
            Room => ("sheets-room", "Room", "房间"),
            Open => ("sheets-open", "Open room", "开室"),
            Closed => ("sheets-closed", "Closed room", "闭室"),
            Home => ("sheets-home", "Home", "主队"),
            Away => ("sheets-away", "Away", "客队"),
            NorthSouth => ("sheets-ns", "NS", "南北"),
            EastWest => ("sheets-ew", "EW", "东西"),
            Team => ("sheets-team", "Team", "队"),
            Members => ("sheets-members", "Members", "队员"),
            Board => ("sheets-board", "Board", "牌号"),
            Dealer => ("sheets-dealer", "Dealer", "庄家方位"),
            Level => ("sheets-level", "Level", "级数"),
            Trump => ("sheets-trump", "Trump", "主花色"),
            TrickPoints => ("sheets-trick-points", "Tricks", "闲家得分"),
            BottomPoints => ("sheets-bottom-points", "Bottom", "底分"),
            LastTrick => ("sheets-last-trick", "Last trick", "末轮"),
            Combination => ("sheets-combination", "Combo", "牌型"),
            DeclarerPenalty => ("sheets-declarer-penalty", "Pen. decl.", "庄罚分"),
            DefenderPenalty => ("sheets-defender-penalty", "Pen. def.", "闲罚分"),
            DefenderTotal => ("sheets-defender-total", "P", "闲家总分"),
            Result => ("sheets-result", "Result", "结果"),
            TableScore => ("sheets-table-score", "s", "本桌级数"),
            Signature => ("sheets-signature", "Signature", "签名"),
            Declarer => ("sheets-declarer", "declarer", "庄家方"),
            Defenders => ("sheets-defenders", "defenders", "闲家"),
            North => ("sheets-north", "N", "北"),
            East => ("sheets-east", "E", "东"),
            South => ("sheets-south", "S", "南"),
            West => ("sheets-west", "W", "西"),
            Spades => ("sheets-spades", "♠", "黑桃"),
            Hearts => ("sheets-hearts", "♥", "红桃"),
            Diamonds => ("sheets-diamonds", "♦", "方块"),
            Clubs => ("sheets-clubs", "♣", "梅花"),
            NoTrump => ("sheets-no-trump", "NT", "无主"),
            Single => ("sheets-single", "single", "单张"),
            Pair => ("sheets-pair", "pair", "对子"),
            Tractor => ("sheets-tractor", "tractor:{n}", "{n}连对拖拉机"),
            Triple => ("sheets-triple", "triple", "三张"),
            Titanic => ("sheets-titanic", "titanic:{n}", "{n}连三张"),
            DeclarersUp => ("sheets-declarers-up", "declarers up {n}", "庄家方升{n}级"),
            DefendersTakeOver => (
                "sheets-defenders-take-over",
                "defenders take over",
                "闲家上台",
            ),
            DefendersTakeOverUp => (
                "sheets-defenders-take-over-up",
                "defenders take over, up {n}",
                "闲家上台升{n}级",
            ),
            NoLevelChange => ("sheets-no-level-change", "no level change", "不升级"),
            Ruling => ("sheets-ruling", " (TD ruling)", "（裁判判定）"),
            HomeScore => ("sheets-home-score", "Home", "主队级数"),
            Swing => ("sheets-swing", "Swing", "级差"),
            Total => ("sheets-total", "Total", "合计"),
            RunningTotal => ("sheets-running-total", "Running", "累计"),
            LevelDiff => ("sheets-level-diff", "Levels M", "级差合计"),
            PointDiff => ("sheets-point-diff", "Points", "分差"),
            BoardsWon => ("sheets-boards-won", "Boards won", "胜副数"),
            MatchScore => ("sheets-match-score", "Score", "胜分"),
            Status => ("sheets-status", "Status", "状态"),
            Complete => ("sheets-complete", "complete", "已完成"),
            InProgress => ("sheets-in-progress", "in progress", "进行中"),
            Bye => ("sheets-bye", "bye", "轮空"),
            Versus => ("sheets-versus", "vs", "对"),
            Rank => ("sheets-rank", "Rank", "名次"),
            Played => ("sheets-played", "Pld", "已赛"),
            WonDrawnLost => ("sheets-won-drawn-lost", "W-D-L", "胜-平-负"),
            Quotient => ("sheets-quotient", "Quotient", "级数比"),
            Opponent => ("sheets-opponent", "Opponent", "对手"),
            AfterRound => ("sheets-after-round", "after round {n}", "第{n}轮后"),
            RoundInProgress => (
                "sheets-round-in-progress",
                "round {n} in progress",
                "第{n}轮进行中",
            ),
        }
    }

    /// The Fluent message id (`sheets-…`); a word with `{n}` takes the variable `$n`.
    pub fn id(self) -> &'static str {
        self.entry().0
    }

    pub fn en(self) -> &'static str {
        self.entry().1
    }

    pub fn zh(self) -> &'static str {
        self.entry().2
    }
}

/// Where the sheets get their words. The web implements it over its Fluent translator.
pub trait Words {
    /// The word, in the sheet's language.
    fn word(&self, w: Word) -> String;

    /// A word that takes a number (`{n}`).
    fn with_n(&self, w: Word, n: i64) -> String {
        self.word(w).replace("{n}", &n.to_string())
    }

    /// The language tag written into the PDF (`en`, `zh-Hans`).
    fn language(&self) -> &str {
        "en"
    }
}

/// The built-in English words.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

/// The built-in Chinese words.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chinese;

impl Words for English {
    fn word(&self, w: Word) -> String {
        w.en().to_owned()
    }
}

impl Words for Chinese {
    fn word(&self, w: Word) -> String {
        w.zh().to_owned()
    }

    fn language(&self) -> &str {
        "zh-Hans"
    }
}

/// Any `Fn(Word) -> String` is a [`Words`] too.
impl<F: Fn(Word) -> String> Words for F {
    fn word(&self, w: Word) -> String {
        self(w)
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

/// A table's result in words, marked when the TD ruled (the English matches
/// [`TableOutcome::result_en`], the Chinese [`TableOutcome::result_zh`]).
pub fn result(words: &dyn Words, outcome: &TableOutcome) -> String {
    let wording = match outcome.wording {
        Wording::DeclarersUp(n) => words.with_n(Word::DeclarersUp, n.into()),
        Wording::DefendersTakeOver => words.word(Word::DefendersTakeOver),
        Wording::DefendersTakeOverUp(n) => words.with_n(Word::DefendersTakeOverUp, n.into()),
        Wording::NoLevelChange => words.word(Word::NoLevelChange),
    };
    if outcome.ruled {
        wording + &words.word(Word::Ruling)
    } else {
        wording
    }
}

/// A signed whole number with its sign: `+3`, `-5`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Word; 71] = Word::ALL;

    #[test]
    fn every_word_has_a_unique_id_and_both_languages() {
        let mut ids: Vec<&str> = ALL.iter().map(|w| w.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ALL.len());
        for w in ALL {
            assert!(w.id().starts_with("sheets-"), "{w:?}");
            assert!(!w.en().is_empty() && !w.zh().is_empty(), "{w:?}");
            assert_eq!(w.en().contains("{n}"), w.zh().contains("{n}"), "{w:?}");
        }
    }

    #[test]
    fn result_words_match_the_rules_wording() {
        let wordings = [
            Wording::DeclarersUp(2),
            Wording::DefendersTakeOver,
            Wording::DefendersTakeOverUp(5),
            Wording::NoLevelChange,
        ];
        for wording in wordings {
            for ruled in [false, true] {
                let o = TableOutcome {
                    defender_total: Some(100),
                    table_score: 0,
                    ruled,
                    wording,
                };
                assert_eq!(result(&English, &o), o.result_en());
                assert_eq!(result(&Chinese, &o), o.result_zh());
            }
        }
    }

    #[test]
    fn a_closure_gives_words() {
        let shout = |w: Word| format!("{}!", w.en());
        assert_eq!(shout.word(Word::Board), "Board!");
        assert_eq!(shout.with_n(Word::DeclarersUp, 3), "declarers up 3!");
        assert_eq!(
            combination(&Chinese, Combination::Tractor(2)),
            "2连对拖拉机"
        );
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(-5), "-5");
        assert_eq!(signed(0), "0");
    }
}
