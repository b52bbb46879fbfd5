//! The tournament archive of docs/rules.md §9: `tournament.toml` and the CSV files, read from and
//! written to memory. [`files`] moves them between memory and a folder or a .zip.
//!
//! Import collects every problem in every file before it gives up, so a director can mend
//! an archive in one pass; each problem reads `file:line: why`.

mod deal_seeds;
mod exports;
pub(crate) mod files;
mod ratings;
mod read;
mod settings;
mod write;

use std::fmt;

use crate::i18n::Tr;
use crate::input::Why;
pub(crate) use deal_seeds::published_text;
pub(crate) use exports::{EXPORTS, Exporting};
pub use exports::{Export, When, always, export};
pub use files::ArchiveFiles;
pub use ratings::{
    RATING_BOARDS, RATINGS, SERIES, rating_boards_csv, rating_boards_csv_of_lines,
    rating_boards_lines, ratings_csv, series_csv, series_csv_shown,
};
pub use read::{parse, parse_teams};
pub(crate) use settings::settings_toml;
pub(crate) use settings::stages_toml;
pub use settings::{TOURNAMENT_TOML, tournament_toml};
pub use write::ranking_csv;
pub use write::{BUTLER, LINEUPS, butler_csv, deals_csv, matches_csv, teams_csv};

/// One problem in an archive: the file, the line when there is one, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: Option<u64>,
    pub why: Why,
}

impl Problem {
    pub fn at(file: &str, line: u64, why: Why) -> Problem {
        Problem {
            file: file.to_owned(),
            line: Some(line),
            why,
        }
    }

    pub fn in_file(file: &str, why: Why) -> Problem {
        Problem {
            file: file.to_owned(),
            line: None,
            why,
        }
    }

    /// Where the problem is: `file:line` or `file`.
    pub fn place(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{}", self.file, line),
            None => self.file.clone(),
        }
    }

    /// `file:line: why` (or `file: why`), the reason in `t`'s language.
    pub fn text(&self, t: &Tr) -> String {
        format!("{}: {}", self.place(), self.why.text(t))
    }
}

/// In English, as logs and tests read it.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&Tr::en()))
    }
}

/// Characters that make a spreadsheet read a cell as a formula.
const FORMULA_START: [char; 4] = ['=', '+', '-', '@'];

/// Whether `text` is quotes followed by a formula character: such text gets one more `'`
/// on export, and loses one on import, so every name round-trips unchanged.
fn looks_like_formula(text: &str) -> bool {
    text.trim_start_matches('\'').starts_with(FORMULA_START)
}

/// Writes a text cell a user typed so that a spreadsheet cannot run it as a formula.
pub(crate) fn neutralise(text: &str) -> String {
    if looks_like_formula(text) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// Undoes [`neutralise`]: removes the one `'` it added, and nothing else.
pub(crate) fn unneutralise(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if looks_like_formula(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quote_at_most_80_characters_of_the_file() {
        let header = format!("team_no,name,club,members,{}\n", "x".repeat(100_000));
        let problems = parse_teams(&header).unwrap_err();
        let text = problems[0].to_string();
        assert!(text.len() < 200, "{text}");
        let cell = format!("team_no,name,club,members\n{},A,,\n", "9".repeat(100_000));
        let text = parse_teams(&cell).unwrap_err()[0].to_string();
        assert!(text.len() < 250, "{text}");
    }

    #[test]
    fn formula_cells_round_trip() {
        for name in [
            "=HYPERLINK(\"x\")",
            "+1",
            "-team",
            "@home",
            "'quoted",
            "plain",
            "'=x",
            "''@",
        ] {
            assert_eq!(unneutralise(&neutralise(name)), name);
        }
        assert_eq!(neutralise("=1+1"), "'=1+1");
        assert_eq!(neutralise("红队"), "红队");
        assert_eq!(unneutralise("'Tis"), "'Tis");
    }

    #[test]
    fn problems_read_file_line_why() {
        assert_eq!(
            Problem::at("teams.csv", 3, Why::NameEmpty).to_string(),
            "teams.csv:3: name must not be empty"
        );
        assert_eq!(
            Problem::in_file("teams.csv", Why::MissingFile).to_string(),
            "teams.csv: missing from the archive"
        );
    }
}
