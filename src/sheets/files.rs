//! Every sheet of a tournament as named PDF files: what `fushi export --sheets` writes.
//!
//! | file | what |
//! | --- | --- |
//! | `round-R-blank.pdf` | the blank score sheets of round R, a page per match and room |
//! | `round-R.pdf` | the same sheets filled with the results entered |
//! | `match-R-T.pdf` | the match sheet of round R, table T (byes have none) |
//! | `team-N.pdf` | the team card of team N |
//! | `standings-R.pdf` | round R's results and the standings after it, one page |
//! | `standings.pdf` | the same after the last round |
//! | `bracket.pdf` | a championship's bracket on one page (with stages only) |
//! | `ties.pdf` | every tie's sheet, a page each (with a knockout only) |
//! | `ranking.pdf` | the final ranking for the wall (with stages only) |

use std::path::Path;

use crate::rules::{Event, Report, TeamNo};

use super::Words;
use super::content::{
    MatchSheet, ScoreSheet, StandingsSheet, TeamCard, match_sheet, score_sheets, standings_sheet,
    team_card,
};
use super::pdf::{
    PdfError, SheetPage, match_sheet_page, render, score_sheet_page, standings_page, team_card_page,
};

/// One PDF file: its name and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The PDF of a round's score sheets, blank or filled: a page per match and room.
pub fn round_pdf(
    event: &Event,
    round: i32,
    filled: bool,
    words: &dyn Words,
) -> Result<Vec<u8>, PdfError> {
    let sheets = score_sheets(event, round, filled, words);
    score_sheets_pdf(&event.settings.name, round, None, &sheets, words)
}

/// The PDF of score sheets already built: round `round`'s, or table `table`'s only.
pub(crate) fn score_sheets_pdf(
    event_name: &str,
    round: i32,
    table: Option<i32>,
    sheets: &[ScoreSheet],
    words: &dyn Words,
) -> Result<Vec<u8>, PdfError> {
    let pages: Vec<SheetPage> = sheets.iter().map(score_sheet_page).collect();
    let table = table.map(|t| format!("-{t}")).unwrap_or_default();
    let title = format!(
        "{event_name} · {} {round}{table}",
        words.word(super::Word::ScoreSheet)
    );
    render(&pages, &title, words.language())
}

/// The PDF of one match sheet; `None` for an unknown match or a bye.
pub fn match_pdf(
    event: &Event,
    report: &Report,
    round: i32,
    table: i32,
    words: &dyn Words,
) -> Option<Result<Vec<u8>, PdfError>> {
    let sheet = match_sheet(event, report, round, table, words)?;
    Some(match_sheet_pdf(&sheet, words))
}

/// The PDF of a match sheet already built.
pub(crate) fn match_sheet_pdf(sheet: &MatchSheet, words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    let title = format!(
        "{} · {} {}-{}",
        sheet.event, sheet.title, sheet.round, sheet.table
    );
    render(&[match_sheet_page(sheet)], &title, words.language())
}

/// The PDF of one team card; `None` for an unknown team.
pub(crate) fn team_pdf(
    event: &Event,
    report: &Report,
    team: TeamNo,
    words: &dyn Words,
) -> Option<Result<Vec<u8>, PdfError>> {
    let card = team_card(event, report, team, words)?;
    Some(team_card_pdf(&card, words))
}

/// The PDF of a team card already built.
pub(crate) fn team_card_pdf(card: &TeamCard, words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    let title = format!("{} · {} {}", card.event, card.title, card.team_no);
    render(&[team_card_page(card)], &title, words.language())
}

/// The PDF of the results and standings after `round` (`None`: the last round).
pub(crate) fn standings_pdf(
    event: &Event,
    round: Option<i32>,
    words: &dyn Words,
) -> Result<Vec<u8>, PdfError> {
    standings_sheet_pdf(&standings_sheet(event, round, words), words)
}

/// The PDF of a standings sheet already built.
pub(crate) fn standings_sheet_pdf(
    sheet: &StandingsSheet,
    words: &dyn Words,
) -> Result<Vec<u8>, PdfError> {
    let title = format!("{} · {} {}", sheet.event, sheet.title, sheet.subtitle);
    render(&[standings_page(sheet)], &title, words.language())
}

/// Every sheet of the event, in the order of the table above.
pub fn all_sheets(event: &Event, words: &crate::i18n::Tr) -> Result<Vec<SheetFile>, PdfError> {
    let report = Report::compute(event);
    let mut files = Vec::new();
    for round in &event.rounds {
        let r = round.number;
        for filled in [false, true] {
            files.push(SheetFile {
                name: if filled {
                    format!("round-{r}.pdf")
                } else {
                    format!("round-{r}-blank.pdf")
                },
                bytes: round_pdf(event, r, filled, words)?,
            });
        }
        for m in &round.matches {
            if let Some(bytes) = match_pdf(event, &report, r, m.table, words) {
                files.push(SheetFile {
                    name: format!("match-{r}-{}.pdf", m.table),
                    bytes: bytes?,
                });
            }
        }
    }
    for team in &event.teams {
        if let Some(bytes) = team_pdf(event, &report, team.number, words) {
            files.push(SheetFile {
                name: format!("team-{}.pdf", team.number),
                bytes: bytes?,
            });
        }
    }
    for round in &event.rounds {
        files.push(SheetFile {
            name: format!("standings-{}.pdf", round.number),
            bytes: standings_pdf(event, Some(round.number), words)?,
        });
    }
    files.push(SheetFile {
        name: "standings.pdf".to_owned(),
        bytes: standings_pdf(event, None, words)?,
    });
    if let Some(c) = crate::rules::bracket::Championship::compute(event, &report) {
        use super::stages;
        if let Some(sheet) = stages::bracket_sheet(event, &c, words) {
            files.push(SheetFile {
                name: "bracket.pdf".to_owned(),
                bytes: stages::bracket_pdf(&sheet, words)?,
            });
        }
        let ties = stages::tie_sheets(event, &c, words);
        if !ties.is_empty() {
            files.push(SheetFile {
                name: "ties.pdf".to_owned(),
                bytes: stages::ties_pdf(&ties, words)?,
            });
        }
        files.push(SheetFile {
            name: "ranking.pdf".to_owned(),
            bytes: stages::ranking_pdf(&stages::ranking_sheet(event, &c, words), words)?,
        });
    }
    Ok(files)
}

/// Writes `files` into `dir`, created if needed.
pub fn write_dir(dir: &Path, files: &[SheetFile]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for f in files {
        std::fs::write(dir.join(&f.name), &f.bytes)?;
    }
    Ok(())
}
