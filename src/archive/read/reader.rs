//! The CSV reader: a file's lines, its header and its rows, and a row's cells read as the
//! export writes them, every problem noted against its line.

use std::collections::HashMap;
use std::str::FromStr;

use crate::archive::{ArchiveFiles, Problem, neutralise, unneutralise};
use crate::input::{PlayerWhy, Why, clip};
use crate::rules::player_id::PlayerId;

/// The lines where a quote opens a cell that is never properly closed (RFC 4180: a quote
/// opens a quoted cell only at the start of a cell, `""` inside one is a quote, and the
/// closing quote ends the cell). A quoted cell over several lines that closes where a cell
/// ends is read as the CSV reader reads it (and refused for its line break); one that runs
/// to the end of the file, or whose "closing" quote is the opening quote of a later cell
/// (text follows it), was left open by mistake: it would swallow the lines after it. Each
/// such line is named, and the scan goes on at the next line.
fn unclosed_quotes(text: &str, lines: &LineIndex) -> Vec<u64> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut cell_start = true;
    // Where the open quoted cell began, and whether it has crossed a line break.
    let mut opened: Option<(usize, bool)> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match opened {
            Some(_) if b == b'"' && bytes.get(i + 1) == Some(&b'"') => i += 1,
            Some((at, crossed)) if b == b'"' => {
                let ends_cell = matches!(bytes.get(i + 1), None | Some(b',' | b'\n' | b'\r'));
                opened = None;
                if crossed && !ends_cell {
                    let line = lines.line_of(at as u64);
                    found.push(line);
                    // Go on at the line after the one the quote opened on.
                    i = lines
                        .starts
                        .get(line as usize)
                        .map_or(bytes.len(), |s| usize::try_from(*s).unwrap_or(bytes.len()));
                    cell_start = true;
                    continue;
                }
            }
            Some((at, _)) if matches!(b, b'\n' | b'\r') => opened = Some((at, true)),
            Some(_) => {}
            None if cell_start && b == b'"' => opened = Some((i, false)),
            None => {}
        }
        cell_start = opened.is_none() && matches!(b, b',' | b'\n' | b'\r');
        i += 1;
    }
    if let Some((at, _)) = opened {
        found.push(lines.line_of(at as u64));
    }
    found
}

/// `text` with lines `blank` (1-based) emptied, their line breaks kept: the reader skips
/// them and every other line keeps its number.
fn blank_lines(text: &str, lines: &LineIndex, blank: &[u64]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for &line in blank {
        let start = usize::try_from(lines.starts[(line - 1) as usize]).unwrap_or(text.len());
        let end = lines
            .starts
            .get(line as usize)
            .map_or(text.len(), |s| usize::try_from(*s).unwrap_or(text.len()));
        let content = text[start..end].trim_end_matches(['\r', '\n']);
        out.push_str(&text[from..start]);
        out.push_str(&text[start + content.len()..end]);
        from = end;
    }
    out.push_str(&text[from..]);
    out
}

pub(super) struct Table<'a> {
    file: &'static str,
    columns: HashMap<&'a str, usize>,
    pub(super) rows: Vec<(u64, csv::StringRecord)>,
    /// Rows were lost: unreadable, of the wrong length, or after an unclosed quote.
    pub(super) lost_rows: bool,
}

impl Table<'_> {
    /// Whether the file has the (optional) column `column`.
    pub(super) fn has(&self, column: &str) -> bool {
        self.columns.contains_key(column)
    }

    pub(super) fn cell<'r>(&self, record: &'r csv::StringRecord, column: &str) -> &'r str {
        self.columns
            .get(column)
            .and_then(|&i| record.get(i))
            .unwrap_or("")
    }
}

/// Where each line of a text starts, so that a byte offset becomes the line number an
/// editor shows: a line ends at `\r\n`, `\n` or a lone `\r` (Excel and Python write CRLF,
/// old Macs CR), blank lines count, and a quoted cell's line breaks count too.
struct LineIndex {
    starts: Vec<u64>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    i += 2;
                    starts.push(i as u64);
                }
                b'\r' | b'\n' => {
                    i += 1;
                    starts.push(i as u64);
                }
                _ => i += 1,
            }
        }
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset`.
    fn line_of(&self, offset: u64) -> u64 {
        self.starts.partition_point(|s| *s <= offset) as u64
    }

    /// The line a record starting at `offset` is on: the CSV reader gives the offset where
    /// it started reading, before the blank lines it skipped.
    fn record_line(&self, text: &str, offset: u64) -> u64 {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(text.len());
        let skipped = text.as_bytes()[start..]
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        self.line_of(offset + skipped as u64)
    }
}

/// Reads a CSV file whose header must hold every `required` column and may hold the
/// `optional` ones, and nothing else. An absent file is `None` (no rows).
pub(super) fn read_csv<'a>(
    files: &ArchiveFiles,
    file: &'static str,
    required: &[&'a str],
    optional: &[&'a str],
    problems: &mut Vec<Problem>,
) -> Option<Table<'a>> {
    let whole = files.get(file)?;
    let mut lines = LineIndex::new(whole);
    // A quote left open would swallow the lines after it into one cell: said once at its
    // line, that line is skipped, and the rest is read.
    let mut lost_rows = false;
    let open = unclosed_quotes(whole, &lines);
    let blanked;
    let text = if open.is_empty() {
        whole
    } else {
        for &line in &open {
            problems.push(Problem::at(file, line, Why::UnclosedQuote));
        }
        lost_rows = true;
        blanked = blank_lines(whole, &lines, &open);
        // The same lines, shorter: offsets are the blanked text's.
        lines = LineIndex::new(&blanked);
        blanked.as_str()
    };
    // In the header: nothing can be read.
    if open.first() == Some(&1) {
        return None;
    }
    // Cells are read as they stand, spaces included: a cell is taken only in the spelling
    // the export writes back (docs/rules.md §9).
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            problems.push(Problem::at(
                file,
                e.position()
                    .map_or(1, |p| lines.record_line(text, p.byte())),
                Why::UnreadableHeader {
                    error: clip(&e.to_string()),
                },
            ));
            return None;
        }
    };
    let header_line = header.position().map_or(1, |p| lines.line_of(p.byte()));
    let mut columns = HashMap::new();
    let mut ok = true;
    for (i, name) in header.iter().enumerate() {
        match required.iter().chain(optional).find(|c| **c == name) {
            Some(c) if columns.insert(*c, i).is_some() => {
                problems.push(Problem::at(
                    file,
                    header_line,
                    Why::ColumnTwice {
                        column: name.to_owned(),
                    },
                ));
                ok = false;
            }
            Some(_) => {}
            None => {
                problems.push(Problem::at(
                    file,
                    header_line,
                    Why::UnknownColumn { column: clip(name) },
                ));
                ok = false;
            }
        }
    }
    for c in required {
        if !columns.contains_key(c) {
            problems.push(Problem::at(
                file,
                header_line,
                Why::MissingColumn {
                    column: (*c).to_owned(),
                },
            ));
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        match record {
            Ok(r) => {
                let line = r
                    .position()
                    .map_or(0, |p| lines.record_line(text, p.byte()));
                if r.iter().all(str::is_empty) {
                    continue;
                }
                if r.len() != header.len() {
                    lost_rows = true;
                    problems.push(Problem::at(
                        file,
                        line,
                        Why::CellCount {
                            cells: r.len(),
                            header: header.len(),
                        },
                    ));
                    continue;
                }
                rows.push((line, r));
            }
            Err(e) => {
                lost_rows = true;
                let line = e
                    .position()
                    .map_or(0, |p| lines.record_line(text, p.byte()));
                problems.push(Problem::at(
                    file,
                    line,
                    Why::UnreadableRow {
                        error: clip(&e.to_string()),
                    },
                ));
            }
        }
    }
    Some(Table {
        file,
        columns,
        rows,
        lost_rows,
    })
}

/// Reads the cells of one row, noting every problem against its line.
pub(super) struct Row<'t, 'r> {
    table: &'t Table<'t>,
    record: &'r csv::StringRecord,
    line: u64,
    pub(super) problems: Vec<Problem>,
}

impl<'t, 'r> Row<'t, 'r> {
    pub(super) fn new(table: &'t Table<'t>, line: u64, record: &'r csv::StringRecord) -> Self {
        Row {
            table,
            record,
            line,
            problems: Vec::new(),
        }
    }

    pub(super) fn raw(&self, column: &str) -> &'r str {
        self.table.cell(self.record, column)
    }

    pub(super) fn problem(&mut self, why: Why) {
        self.problems
            .push(Problem::at(self.table.file, self.line, why));
    }

    /// Registry player ids separated by `;`, an empty part for one not given
    /// (`P12;;P7`); an empty cell is no part at all. Every part that is no id is a problem
    /// (and reads as not given).
    pub(super) fn ids(&mut self, column: &str) -> Vec<Option<PlayerId>> {
        let cell = self.raw(column);
        if cell.is_empty() {
            return Vec::new();
        }
        let mut ids = Vec::new();
        for part in cell.split(';') {
            if part.is_empty() {
                ids.push(None);
                continue;
            }
            match PlayerId::parse(part) {
                Ok(id) => ids.push(Some(id)),
                Err(fault) => {
                    self.problem(Why::Player(PlayerWhy::Id {
                        cell: clip(part),
                        fault,
                    }));
                    ids.push(None);
                }
            }
        }
        ids
    }

    /// A required whole number of at least `min`.
    pub(super) fn number(&mut self, column: &str, min: i32) -> Option<i32> {
        let cell = self.raw(column);
        if cell.is_empty() {
            self.problem(Why::Empty {
                column: column.to_owned(),
            });
            return None;
        }
        let max = max_of(column);
        self.optional_number(column).filter(|n| {
            if *n < min {
                self.problem(Why::TooSmall {
                    column: column.to_owned(),
                    value: *n,
                    min,
                });
                false
            } else if *n > max {
                self.problem(Why::TooLarge {
                    column: column.to_owned(),
                    value: *n,
                    max,
                });
                false
            } else {
                true
            }
        })
    }

    /// An optional whole number (any sign), written as fushi writes it: `40`, not `040`,
    /// `+40` or ` 40`.
    pub(super) fn optional_number(&mut self, column: &str) -> Option<i32> {
        let cell = self.raw(column);
        if cell.is_empty() {
            return None;
        }
        match cell.trim().parse::<i32>() {
            Ok(n) => self.canonical(column, n),
            Err(_) => {
                self.problem(Why::NotWholeNumber {
                    column: column.to_owned(),
                    cell: clip(cell),
                });
                None
            }
        }
    }

    /// `value` when the cell of `column` is written exactly as the export writes it, else
    /// a problem naming that spelling.
    pub(super) fn canonical<T: std::fmt::Display>(&mut self, column: &str, value: T) -> Option<T> {
        let cell = self.raw(column);
        let canonical = value.to_string();
        if cell == canonical {
            return Some(value);
        }
        self.problem(Why::NotCanonical {
            column: column.to_owned(),
            cell: clip(cell),
            canonical: clip(&canonical),
        });
        None
    }

    /// An optional value read with `FromStr`, written as its `Display` writes it (`closed`,
    /// not `closed `; `tractor:2`, not `tractor:02`).
    pub(super) fn optional<T>(&mut self, column: &str) -> Option<T>
    where
        T: FromStr<Err = crate::rules::ParseError> + std::fmt::Display,
    {
        let cell = self.raw(column);
        if cell.is_empty() {
            return None;
        }
        match cell
            .parse::<T>()
            .or_else(|e| cell.trim().parse::<T>().map_err(|_| e))
        {
            Ok(value) => self.canonical(column, value),
            Err(e) => {
                self.problem(e.into());
                None
            }
        }
    }

    /// A text cell a user typed (a name, a club): the formula guard's `'` removed. Spaces
    /// at either end, or a formula character without its guard, are refused with the
    /// spelling the export would write (the text is still returned, for the other checks).
    pub(super) fn text(&mut self, column: &str) -> String {
        let cell = self.raw(column);
        let text = unneutralise(cell).trim();
        let canonical = neutralise(text);
        if canonical != cell {
            self.problem(Why::NotCanonical {
                column: column.to_owned(),
                cell: clip(cell),
                canonical: clip(&canonical),
            });
        }
        text.to_owned()
    }

    /// A list of names separated by `;` (a team's members, a pair's players), written as
    /// the export writes it: no spaces around a name, no empty name (`A;B`, not `A; B` or
    /// `A;;B`).
    pub(super) fn names(&mut self, column: &str) -> Vec<String> {
        let cell = self.raw(column);
        let names: Vec<String> = unneutralise(cell)
            .split(';')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(str::to_owned)
            .collect();
        let canonical = neutralise(&names.join(";"));
        if canonical != cell {
            self.problem(Why::NotCanonical {
                column: column.to_owned(),
                cell: clip(cell),
                canonical: clip(&canonical),
            });
        }
        names
    }

    pub(super) fn required<T>(&mut self, column: &str) -> Option<T>
    where
        T: FromStr<Err = crate::rules::ParseError> + std::fmt::Display,
    {
        if self.raw(column).is_empty() {
            self.problem(Why::Empty {
                column: column.to_owned(),
            });
            return None;
        }
        self.optional(column)
    }

    /// The row's problems go to `all`; `Some(value)` only when the row had none.
    pub(super) fn finish<T>(self, value: Option<T>, all: &mut Vec<Problem>) -> Option<T> {
        let clean = self.problems.is_empty();
        all.extend(self.problems);
        value.filter(|_| clean)
    }
}

/// The largest number a numbering column takes: rounds as many as a tournament may have,
/// boards as many as a round may have, tables and teams far above any field.
fn max_of(column: &str) -> i32 {
    match column {
        "round" => crate::rules::event::MAX_ROUND,
        "board" => crate::rules::event::MAX_BOARDS,
        _ => crate::rules::event::MAX_TEAM_NUMBER,
    }
}

/// Every row of a CSV file read by `read` (its problems at its line), in file order; a row
/// with a problem gives nothing. An absent file has no rows.
///
/// `lost` is set when rows of a file that is there could not be read (its header, or rows
/// of the wrong shape).
pub(super) fn each_row<'a, T>(
    files: &ArchiveFiles,
    file: &'static str,
    (required, optional): (&[&'a str], &[&'a str]),
    problems: &mut Vec<Problem>,
    lost: &mut bool,
    mut read: impl FnMut(&mut Row<'_, '_>, u64) -> Option<T>,
) -> Vec<T> {
    let Some(table) = read_csv(files, file, required, optional, problems) else {
        *lost = files.get(file).is_some();
        return Vec::new();
    };
    *lost = table.lost_rows;
    let mut out = Vec::with_capacity(table.rows.len());
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let value = read(&mut row, *line);
        out.extend(row.finish(value, problems));
    }
    out
}
