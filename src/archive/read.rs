//! Reading an archive into an [`Event`], collecting every problem on the way.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use super::settings::{ParsedSettings, TOURNAMENT_TOML, parse_settings};
use super::write::{DEAL_COLUMNS, DEALS, LINEUP_COLUMNS, LINEUPS, RESULT_COLUMNS};
use super::{ArchiveFiles, Problem, neutralise, unneutralise};
use crate::input::{Why, check_text, clip};
use crate::rules::deal::{BoardDeal, Card, Deal, Deals, format_cards};
use crate::rules::table::Origin;
use crate::rules::{
    Board, Combination, Decks, EntryFigures, Event, LastTrick, Level, Lineup, Match, Room, Round,
    Seat, TableEntry, TableResult, Team, TeamNo, Trump,
};

pub(super) const TEAMS: &str = "teams.csv";
pub(super) const BOARDS: &str = "boards.csv";
pub(crate) const SCHEDULE: &str = "schedule.csv";
pub(crate) const RESULTS: &str = "results.csv";

/// An archive that reads cleanly: the event, and where its slug stands for messages about
/// a slug that is already taken.
#[derive(Debug)]
pub struct Parsed {
    pub event: Event,
    pub(crate) slug_line: u64,
}

/// Reads every file of an archive. Either the whole event, or every problem found.
pub fn parse(files: &ArchiveFiles) -> Result<Parsed, Vec<Problem>> {
    let mut problems = Vec::new();
    let settings = match files.get(TOURNAMENT_TOML) {
        Some(text) => parse_settings(text).map_err(|p| problems.extend(p)).ok(),
        None => {
            problems.push(Problem::in_file(TOURNAMENT_TOML, Why::MissingFile));
            None
        }
    };
    // Deck-dependent checks need the deck count; without valid settings, skip them.
    let decks = settings.as_ref().map(|s| s.settings.decks());

    let mut unread = Unread::default();
    let teams = read_teams(files, &mut problems, &mut unread);
    let boards = read_boards(files, &mut problems, &mut unread);
    let schedule = read_schedule(files, &teams, &boards, &mut problems, &mut unread);
    let bands = settings.as_ref().map(|s| s.settings.band_table());
    let results = read_results(
        files,
        (decks, bands.as_ref()),
        &schedule,
        &boards,
        &mut problems,
        &unread,
    );
    let lineups = read_lineups(files, &teams, &schedule, &mut problems, &unread);
    let deals = read_deals(files, decks, &boards, &mut problems, &unread);
    hold_back_strays(&mut problems, &unread.teams, |p| match p.why {
        Why::UnknownTeam { team } => Some(((), team)),
        _ => None,
    });
    hold_back_strays(&mut problems, &unread.boards, |p| match p.why {
        Why::NoBoard { round, board } => Some((round, (round, board))),
        _ => None,
    });
    hold_back_strays(&mut problems, &unread.tables, |p| match p.why {
        Why::NoTable { round, table } => Some((round, (round, table))),
        _ => None,
    });

    // Report file by file in archive order, line by line within each file.
    let order = [
        TOURNAMENT_TOML,
        TEAMS,
        BOARDS,
        SCHEDULE,
        RESULTS,
        LINEUPS,
        DEALS,
    ];
    problems.sort_by_key(|p| (order.iter().position(|f| *f == p.file), p.line));
    match settings {
        Some(ParsedSettings {
            settings,
            slug_line,
            deal_seeds,
        }) if problems.is_empty() => {
            let mut event = Event {
                settings,
                teams: teams.into_iter().map(|(_, t)| t).collect(),
                rounds: assemble(boards, schedule, results),
                lineups: lineups.into(),
                deals: Deals {
                    seeds: deal_seeds.iter().map(|s| s.record.clone()).collect(),
                    boards: deals,
                },
            };
            event.sort();
            let mut problems = super::deal_seeds::check_deal_seeds(&deal_seeds, &event);
            problems.extend(check_stages(files, &event));
            if !problems.is_empty() {
                return Err(problems);
            }
            Ok(Parsed { event, slug_line })
        }
        _ => Err(problems),
    }
}

/// What a staged event's teams, rounds and results refuse in its stages and its knockout
/// schedule (docs/rules.md §12), each at the line it stands on.
fn check_stages(files: &ArchiveFiles, event: &Event) -> Vec<Problem> {
    use crate::rules::Report;
    use crate::rules::bracket::{Championship, check_knockout};
    use crate::rules::stage_tables::{EventStageError, check_event};
    let stages = &event.settings.stages;
    if stages.is_empty() {
        return Vec::new();
    }
    let toml = files.get(TOURNAMENT_TOML).unwrap_or("");
    let mut lines: HashMap<(i32, i32), u64> = HashMap::new();
    let mut first_of_round: HashMap<i32, u64> = HashMap::new();
    if let Some(table) = read_csv(
        files,
        SCHEDULE,
        &["round", "table", "home", "away"],
        &[],
        &mut Vec::new(),
    ) {
        for (line, record) in &table.rows {
            let round = table.cell(record, "round").parse::<i32>().ok();
            let t = table.cell(record, "table").parse::<i32>().ok();
            if let (Some(r), Some(t)) = (round, t) {
                lines.entry((r, t)).or_insert(*line);
                first_of_round.entry(r).or_insert(*line);
            }
        }
    }
    let at_schedule = |round: i32, table: i32| {
        lines
            .get(&(round, table))
            .or_else(|| first_of_round.get(&round))
            .copied()
            .unwrap_or(1)
    };
    let mut problems = Vec::new();
    for e in check_event(stages, event) {
        problems.push(match e {
            EventStageError::RoundInNoStage { round, last } => Problem::at(
                TOURNAMENT_TOML,
                super::settings::stage_key_line(toml, stages.len() - 1, "rounds"),
                Why::RoundInNoStage { round, last },
            ),
            EventStageError::UnknownGroupTeam { stage, team } => Problem::at(
                TOURNAMENT_TOML,
                super::settings::stage_key_line(toml, stage, "groups"),
                Why::GroupTeamUnknown {
                    stage: stage + 1,
                    team,
                },
            ),
            EventStageError::TeamInNoGroup { stage, team } => Problem::at(
                TOURNAMENT_TOML,
                super::settings::stage_key_line(toml, stage, "groups"),
                Why::TeamInNoGroup {
                    stage: stage + 1,
                    team,
                },
            ),
            EventStageError::AcrossGroups {
                round,
                table,
                home,
                away,
            } => Problem::at(
                SCHEDULE,
                at_schedule(round, table),
                Why::AcrossGroups { round, home, away },
            ),
        });
    }
    if !problems.is_empty() {
        return problems;
    }
    let report = Report::compute(event);
    let Some(bracket) = Championship::compute(event, &report).and_then(|c| c.bracket) else {
        return problems;
    };
    for fault in check_knockout(&bracket, event) {
        let (round, table) = fault.place();
        problems.push(Problem::at(
            SCHEDULE,
            at_schedule(round, table),
            Why::of_knockout(fault),
        ));
    }
    for &fault in &bracket.exchange_faults {
        problems.push(Problem::at(
            TOURNAMENT_TOML,
            super::settings::stage_exchange_line(toml, bracket.stage, fault.exchange() + 1),
            Why::of_exchange(&bracket, fault),
        ));
    }
    problems.sort_by_key(|p| (p.file != TOURNAMENT_TOML, p.line));
    problems
}

/// What bad rows and files leave unknown, so that a later file's row is not blamed for it:
/// one bad `teams.csv` row gives one message, not one more for every match of that team.
/// The import fails on the bad row's own message; once it is fixed, anything still wrong
/// in the later files is reported then. Only what a bad row leaves unknown is held back: a
/// bad board whose round and number read covers that board, not its round, so a result for
/// a board that no row of `boards.csv` names is still reported.
#[derive(Default)]
struct Unread {
    /// Team numbers of `teams.csv`'s bad rows (group: the one file).
    teams: Keys<TeamNo, ()>,
    /// (round, board) of `boards.csv`'s bad rows (group: the round).
    boards: Keys<(i32, i32), i32>,
    /// Every round some row of `boards.csv` names, good or bad: such a round has boards.
    board_rounds: HashSet<i32>,
    /// (round, table) of `schedule.csv`'s bad rows (group: the round).
    tables: Keys<(i32, i32), i32>,
}

/// Keys of bad rows: `some` the keys that read, `groups` where only the group (the round)
/// read, `all` when not even that, or the whole file, could be read (any key may be the one
/// lost). `strays` counts, per group, the rows whose key was already taken: such a row
/// (team 4 listed twice) is most likely another key mistyped, so as many missing keys of its
/// group as there are strays are not blamed on the rows that name them (see
/// [`hold_back_strays`]).
struct Keys<K, G> {
    some: HashSet<K>,
    groups: HashSet<G>,
    all: bool,
    strays: HashMap<G, usize>,
}

impl<K, G> Default for Keys<K, G> {
    fn default() -> Self {
        Keys {
            some: HashSet::new(),
            groups: HashSet::new(),
            all: false,
            strays: HashMap::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq, G: std::hash::Hash + Eq> Keys<K, G> {
    /// Whether `key` (of `group`) may be one that a bad row or file left unread.
    fn covers(&self, key: &K, group: &G) -> bool {
        self.all || self.some.contains(key) || self.groups.contains(group)
    }

    /// Notes a bad row: its key, or only its group, or neither.
    fn bad_row(&mut self, group: Option<G>, key: Option<K>) {
        match (group, key) {
            (_, Some(k)) => {
                self.some.insert(k);
            }
            (Some(g), None) => {
                self.groups.insert(g);
            }
            (None, None) => self.all = true,
        }
    }

    /// Notes a row whose key was already taken.
    fn stray(&mut self, group: G) {
        *self.strays.entry(group).or_default() += 1;
    }
}

/// Drops the messages that only follow from a key listed twice: when a group has no more
/// missing keys (`missing` gives a message's group and key) than rows whose key was already
/// taken, each of those keys may be the one a doubled row was meant to have, and the
/// doubled row's own message is the one to fix first.
fn hold_back_strays<K, G>(
    problems: &mut Vec<Problem>,
    keys: &Keys<K, G>,
    missing: impl Fn(&Problem) -> Option<(G, K)>,
) where
    K: std::hash::Hash + Eq,
    G: std::hash::Hash + Eq + Clone,
{
    if keys.strays.is_empty() {
        return;
    }
    let mut named: HashMap<G, HashSet<K>> = HashMap::new();
    for (group, key) in problems.iter().filter_map(&missing) {
        named.entry(group).or_default().insert(key);
    }
    problems.retain(|p| match missing(p) {
        Some((group, _)) => {
            let strays = keys.strays.get(&group).copied().unwrap_or(0);
            named.get(&group).map_or(0, HashSet::len) > strays
        }
        None => true,
    });
}

/// Whether an archive file is there with at least one row below its header.
fn has_rows(files: &ArchiveFiles, file: &str) -> bool {
    files
        .get(file)
        .is_some_and(|text| text.lines().skip(1).any(|l| !l.trim().is_empty()))
}

/// A file that `needs` it is there with rows, but `file` is missing: named once (the
/// rows that rely on it are not blamed one by one). `true` when it is missing.
fn missing_for(
    files: &ArchiveFiles,
    file: &'static str,
    needs: &[&'static str],
    problems: &mut Vec<Problem>,
) -> bool {
    if files.get(file).is_some() {
        return false;
    }
    if let Some(needed_by) = needs.iter().find(|n| has_rows(files, n)) {
        problems.push(Problem::in_file(
            file,
            Why::MissingFileFor {
                needed_by: (*needed_by).to_owned(),
            },
        ));
    }
    true
}

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

struct Table<'a> {
    file: &'static str,
    columns: HashMap<&'a str, usize>,
    rows: Vec<(u64, csv::StringRecord)>,
    /// Rows were lost: unreadable, of the wrong length, or after an unclosed quote.
    lost_rows: bool,
}

impl Table<'_> {
    fn cell<'r>(&self, record: &'r csv::StringRecord, column: &str) -> &'r str {
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
fn read_csv<'a>(
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
struct Row<'t, 'r> {
    table: &'t Table<'t>,
    record: &'r csv::StringRecord,
    line: u64,
    problems: Vec<Problem>,
}

impl<'t, 'r> Row<'t, 'r> {
    fn new(table: &'t Table<'t>, line: u64, record: &'r csv::StringRecord) -> Self {
        Row {
            table,
            record,
            line,
            problems: Vec::new(),
        }
    }

    fn raw(&self, column: &str) -> &'r str {
        self.table.cell(self.record, column)
    }

    fn problem(&mut self, why: Why) {
        self.problems
            .push(Problem::at(self.table.file, self.line, why));
    }

    /// A required whole number of at least `min`.
    fn number(&mut self, column: &str, min: i32) -> Option<i32> {
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
    fn optional_number(&mut self, column: &str) -> Option<i32> {
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
    fn canonical<T: std::fmt::Display>(&mut self, column: &str, value: T) -> Option<T> {
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
    fn optional<T>(&mut self, column: &str) -> Option<T>
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
    fn text(&mut self, column: &str) -> String {
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
    fn names(&mut self, column: &str) -> Vec<String> {
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

    fn required<T>(&mut self, column: &str) -> Option<T>
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
    fn finish<T>(self, value: Option<T>, all: &mut Vec<Problem>) -> Option<T> {
        let clean = self.problems.is_empty();
        all.extend(self.problems);
        value.filter(|_| clean)
    }
}

/// Notes a duplicate key, naming the line where it first appeared.
/// The largest number a numbering column takes: rounds as many as a tournament may have,
/// boards as many as a round may have, tables and teams far above any field.
/// Every row of a CSV file read by `read` (its problems at its line), in file order; a row
/// with a problem gives nothing. An absent file has no rows.
///
/// `lost` is set when rows of a file that is there could not be read (its header, or rows
/// of the wrong shape).
fn each_row<'a, T>(
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

/// A board named once per round in a file: its second row is a problem naming the first
/// (`true`).
fn board_once(
    row: &mut Row<'_, '_>,
    seen: &mut HashMap<(i32, i32), u64>,
    round: i32,
    board: i32,
    line: u64,
) -> bool {
    let twice = first_seen(seen, (round, board), line);
    if let Err(first) = twice {
        row.problem(Why::BoardTwice {
            round,
            board,
            first,
        });
    }
    twice.is_err()
}

/// Whether `boards.csv` gave round `round` a board `board` (in a row that read).
fn has_board(boards: &Boards, round: i32, board: i32) -> bool {
    boards
        .get(&round)
        .is_some_and(|bs| bs.iter().any(|x| x.number == board))
}

fn max_of(column: &str) -> i32 {
    match column {
        "round" => crate::rules::event::MAX_ROUND,
        "board" => crate::rules::event::MAX_BOARDS,
        _ => crate::rules::event::MAX_TEAM_NUMBER,
    }
}

fn first_seen<K: std::hash::Hash + Eq>(
    seen: &mut HashMap<K, u64>,
    key: K,
    line: u64,
) -> Result<(), u64> {
    match seen.entry(key) {
        std::collections::hash_map::Entry::Occupied(first) => Err(*first.get()),
        std::collections::hash_map::Entry::Vacant(slot) => {
            slot.insert(line);
            Ok(())
        }
    }
}

/// Reads a `teams.csv` on its own (a director's upload): every team with the line it
/// stands on, or every problem, with the same checks and messages as an archive import.
pub fn parse_teams(text: &str) -> Result<Vec<(u64, Team)>, Vec<Problem>> {
    let files: ArchiveFiles = std::iter::once((TEAMS, text.to_owned())).collect();
    let mut problems = Vec::new();
    let teams = read_teams(&files, &mut problems, &mut Unread::default());
    if problems.is_empty() {
        Ok(teams)
    } else {
        problems.sort_by_key(|p| p.line);
        Err(problems)
    }
}

fn read_teams(
    files: &ArchiveFiles,
    problems: &mut Vec<Problem>,
    unread: &mut Unread,
) -> Vec<(u64, Team)> {
    let Some(table) = read_csv(
        files,
        TEAMS,
        &["team_no", "name", "club", "members"],
        &["withdrawn"],
        problems,
    ) else {
        if files.get(TEAMS).is_none() {
            problems.push(Problem::in_file(TEAMS, Why::MissingFile));
        }
        unread.teams.all = true;
        return Vec::new();
    };
    unread.teams.all = table.lost_rows;
    let mut seen = HashMap::new();
    let mut teams = Vec::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let number = row.number("team_no", 1).map(TeamNo);
        let name = row.text("name");
        if name.is_empty() {
            row.problem(Why::Empty {
                column: "name".to_owned(),
            });
        }
        if let Some(n) = number
            && let Err(first) = first_seen(&mut seen, n, *line)
        {
            row.problem(Why::TeamTwice { team: n, first });
            unread.teams.stray(());
        }
        let club = row.text("club");
        let members = row.names("members");
        let texts = [("name", &name), ("club", &club)]
            .into_iter()
            .chain(members.iter().map(|m| ("members", m)));
        for (column, text) in texts {
            if let Some(why) = check_text(column, text) {
                row.problem(why);
                break;
            }
        }
        let withdrawn = match row.raw("withdrawn") {
            "" => false,
            "yes" => true,
            other => {
                row.problem(Why::NotOneOf {
                    what: "withdrawn".to_owned(),
                    got: clip(other),
                    allowed: "yes or empty".to_owned(),
                });
                false
            }
        };
        let team = number.map(|number| Team {
            number,
            name,
            club,
            members,
            withdrawn,
        });
        if !row.problems.is_empty() {
            unread.teams.bad_row(Some(()), number);
        }
        if let Some(team) = row.finish(team, problems) {
            teams.push((*line, team));
        }
    }
    teams
}

/// Boards by round number.
type Boards = HashMap<i32, Vec<Board>>;

fn read_boards(files: &ArchiveFiles, problems: &mut Vec<Problem>, unread: &mut Unread) -> Boards {
    // A schedule without its boards is named once, not at each of its rows.
    if missing_for(files, BOARDS, &[SCHEDULE], problems) {
        unread.boards.all = has_rows(files, SCHEDULE);
        return Boards::new();
    }
    let mut seen = HashMap::new();
    let mut lost = false;
    let (bad, rounds) = (&mut unread.boards, &mut unread.board_rounds);
    let rows = each_row(
        files,
        BOARDS,
        (&["round", "board", "dealer", "level", "trump"], &[]),
        problems,
        &mut lost,
        |row, line| {
            let round = row.number("round", 1);
            let number = row.number("board", 1);
            let dealer = row.required::<Seat>("dealer");
            let level = row.required::<Level>("level");
            let trump = row.optional::<Trump>("trump");
            if let (Some(r), Some(b)) = (round, number)
                && board_once(row, &mut seen, r, b, line)
            {
                bad.stray(r);
            }
            rounds.extend(round);
            if !row.problems.is_empty() {
                bad.bad_row(round, round.zip(number));
            }
            Some((
                round?,
                Board {
                    number: number?,
                    dealer: dealer?,
                    level: level?,
                    trump,
                },
            ))
        },
    );
    unread.boards.all |= lost;
    let mut boards: Boards = HashMap::new();
    for (r, board) in rows {
        boards.entry(r).or_default().push(board);
    }
    boards
}

/// A schedule row: (round, table) → (home, away).
type Schedule = HashMap<(i32, i32), (TeamNo, Option<TeamNo>)>;

fn read_schedule(
    files: &ArchiveFiles,
    teams: &[(u64, Team)],
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &mut Unread,
) -> Schedule {
    let mut schedule = Schedule::new();
    // Results or line-ups without their schedule: named once.
    if missing_for(files, SCHEDULE, &[RESULTS, LINEUPS], problems) {
        unread.tables.all = true;
        return schedule;
    }
    let Some(table) = read_csv(
        files,
        SCHEDULE,
        &["round", "table", "home", "away"],
        &[],
        problems,
    ) else {
        unread.tables.all = true;
        return schedule;
    };
    unread.tables.all = table.lost_rows;
    let known: HashSet<TeamNo> = teams.iter().map(|(_, t)| t.number).collect();
    let mut seen = HashMap::new();
    let mut playing: HashMap<(i32, TeamNo), u64> = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let home = row.number("home", 1).map(TeamNo);
        let away = row.optional_number("away").map(TeamNo);
        if let Some(r) = round
            && !boards.contains_key(&r)
            && !unread.board_rounds.contains(&r)
            && !unread.boards.all
        {
            row.problem(Why::RoundWithoutBoards { round: r });
        }
        for team in [home, away].into_iter().flatten() {
            if !known.contains(&team) && !unread.teams.covers(&team, &()) {
                row.problem(Why::UnknownTeam { team });
            }
        }
        if home.is_some() && home == away {
            row.problem(Why::PlaysItself {
                team: home.unwrap_or_default(),
            });
        }
        if let (Some(r), Some(t)) = (round, table_no) {
            let twice = first_seen(&mut seen, (r, t), *line).err();
            if let Some(first) = twice {
                row.problem(Why::TableTwice {
                    round: r,
                    table: t,
                    first,
                });
                unread.tables.stray(r);
            }
            // A team playing itself is said once (above), not also "already plays"; a
            // table listed twice is said once, its teams are not also "already playing"
            // (the row may be a copy, or another table's row with its number mistyped).
            let away = away.filter(|a| Some(*a) != home && twice.is_none());
            let home = home.filter(|_| twice.is_none());
            for team in [home, away].into_iter().flatten() {
                if let Err(first) = first_seen(&mut playing, (r, team), *line) {
                    row.problem(Why::AlreadyPlays {
                        team,
                        round: r,
                        first,
                    });
                }
            }
        }
        let value = match (round, table_no, home) {
            (Some(r), Some(t), Some(h)) => Some(((r, t), (h, away))),
            _ => None,
        };
        if !row.problems.is_empty() {
            unread.tables.bad_row(round, round.zip(table_no));
        }
        if let Some((key, teams)) = row.finish(value, problems) {
            schedule.insert(key, teams);
        }
    }
    schedule
}

/// Results by (round, table).
type Results = HashMap<(i32, i32), Vec<TableResult>>;

fn read_results(
    files: &ArchiveFiles,
    (decks, bands): (Option<Decks>, Option<&crate::rules::bands::BandTable>),
    schedule: &Schedule,
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Results {
    let mut results = Results::new();
    // Required once there are matches (with its header only when nothing was played): an
    // archive whose results were lost on the way is not read as an event without results
    // (docs/rules.md §9). Settings and teams alone, or boards too, need no results.csv.
    if missing_for(files, RESULTS, &[SCHEDULE], problems) {
        return results;
    }
    // Every column is required, the computed ones too (their cells are not read, but for
    // a total-only row's `defender_total`).
    let Some(table) = read_csv(files, RESULTS, &RESULT_COLUMNS, &[], problems) else {
        return results;
    };
    let mut seen = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let room = row.required::<Room>("room");
        let board = row.number("board", 1);
        let trick_points = row.optional_number("trick_points");
        let figures = EntryFigures {
            trick_points,
            bottom_points: row.optional_number("bottom_points"),
            last_trick: row.optional::<LastTrick>("last_trick"),
            combo: row.optional::<Combination>("combo"),
            declarer_penalty: row.optional_number("declarer_penalty"),
            defender_penalty: row.optional_number("defender_penalty"),
            ruling: row.optional_number("ruling"),
            // The computed total is taken only for a total-only row.
            defender_total: if trick_points.is_none() {
                row.optional_number("defender_total")
            } else {
                None
            },
        };
        // A cell that could not be read already has its message: the rules are checked on
        // rows whose cells all read (a bad combination is not also "missing"). Without the
        // deck count (settings that did not read) no row gives a result: the archive is
        // refused anyway.
        let entry = match decks.filter(|_| row.problems.is_empty()) {
            // The director's grid's rules (docs/rules.md §3): a ruling within the band
            // table's range of s, no combination when the declarers won the last trick.
            Some(decks) => match TableEntry::parse(figures, decks, bands, Origin::Archive) {
                Ok(entry) => Some(entry),
                Err(faults) => {
                    for fault in faults {
                        row.problem(Why::from(fault.fault));
                    }
                    None
                }
            },
            None => None,
        };
        if let (Some(r), Some(t)) = (round, table_no) {
            match schedule.get(&(r, t)) {
                None if unread.tables.covers(&(r, t), &r) => {}
                None => row.problem(Why::NoTable { round: r, table: t }),
                Some((home, None)) => row.problem(Why::ByeNoResults {
                    round: r,
                    table: t,
                    team: *home,
                }),
                Some(_) => {}
            }
            if let Some(b) = board {
                if !has_board(boards, r, b) && !unread.boards.covers(&(r, b), &r) {
                    row.problem(Why::NoBoard { round: r, board: b });
                }
                if let Some(room) = room
                    && let Err(first) = first_seen(&mut seen, (r, t, room, b), *line)
                {
                    row.problem(Why::ResultTwice {
                        round: r,
                        table: t,
                        room,
                        board: b,
                        first,
                    });
                }
            }
        }
        let value = match (round, table_no, room, board, entry) {
            (Some(r), Some(t), Some(room), Some(board), Some(entry)) => {
                Some(((r, t), TableResult { room, board, entry }))
            }
            _ => None,
        };
        if let Some((key, result)) = row.finish(value, problems) {
            results.entry(key).or_default().push(result);
        }
    }
    results
}

/// Reads the optional `lineups.csv`: each row names two members of a team that plays at
/// that table.
fn read_lineups(
    files: &ArchiveFiles,
    teams: &[(u64, Team)],
    schedule: &Schedule,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Vec<Lineup> {
    let mut lineups = Vec::new();
    let Some(table) = read_csv(files, LINEUPS, &LINEUP_COLUMNS, &[], problems) else {
        return lineups;
    };
    let mut seen = HashMap::new();
    // (round, table, team, player) → (room, line): one person sits in one room at a time.
    let mut seated: HashMap<(i32, i32, TeamNo, String), (Room, u64)> = HashMap::new();
    for (line, record) in &table.rows {
        let mut row = Row::new(&table, *line, record);
        let round = row.number("round", 1);
        let table_no = row.number("table", 1);
        let room = row.required::<Room>("room");
        let team = row.number("team_no", 1).map(TeamNo);
        let cell = unneutralise(row.raw("players"));
        let names: Vec<String> = cell.split(';').map(|p| p.trim().to_owned()).collect();
        let two = names.len() == 2 && names.iter().all(|n| !n.is_empty());
        if two {
            // Two names: the spelling is checked (`A; B` is written `A;B`).
            row.names("players");
        }
        let players: Option<[String; 2]> = match names.as_slice() {
            [a, b] if !a.is_empty() && !b.is_empty() && a != b => Some([a.clone(), b.clone()]),
            _ => {
                row.problem(Why::LineupPlayers {
                    cell: cell.to_owned(),
                });
                None
            }
        };
        if let Some(team) = team {
            match teams.iter().find(|(_, t)| t.number == team) {
                None if unread.teams.covers(&team, &()) => {}
                None => row.problem(Why::UnknownTeam { team }),
                // A team with a bad or doubled row: its members are not known for sure.
                Some(_) if unread.teams.covers(&team, &()) => {}
                Some((_, t)) => {
                    for player in players.iter().flatten() {
                        if !t.members.contains(player) {
                            row.problem(Why::NotAMember {
                                player: player.clone(),
                                team,
                            });
                        }
                    }
                }
            }
        }
        if let (Some(r), Some(t), Some(team)) = (round, table_no, team) {
            match schedule.get(&(r, t)) {
                None if unread.tables.covers(&(r, t), &r) => {}
                None => row.problem(Why::NoTable { round: r, table: t }),
                // A table with a bad or doubled row: who sits at it is not known for sure.
                Some(_) if unread.tables.covers(&(r, t), &r) => {}
                Some((home, None)) => row.problem(Why::ByeNoLineup {
                    round: r,
                    table: t,
                    team: *home,
                }),
                Some((home, Some(away))) if team != *home && team != *away => {
                    row.problem(Why::NotAtTable {
                        team,
                        round: r,
                        table: t,
                    })
                }
                Some(_) => {}
            }
            if let Some(room) = room {
                for player in players.iter().flatten() {
                    let key = (r, t, team, player.clone());
                    match seated.get(&key) {
                        Some(&(other, first)) if other != room => {
                            row.problem(Why::BothRooms {
                                player: player.clone(),
                                first,
                            });
                        }
                        Some(_) => {}
                        None => {
                            seated.insert(key, (room, *line));
                        }
                    }
                }
            }
            if let Some(room) = room
                && let Err(first) = first_seen(&mut seen, (r, t, room, team), *line)
            {
                row.problem(Why::LineupTwice {
                    round: r,
                    table: t,
                    room,
                    team,
                    first,
                });
            }
        }
        let value = match (round, table_no, room, team, players) {
            (Some(round), Some(table), Some(room), Some(team), Some(players)) => Some(Lineup {
                round,
                table,
                room,
                team,
                players,
            }),
            _ => None,
        };
        if let Some(lineup) = row.finish(value, problems) {
            lineups.push(lineup);
        }
    }
    lineups
}

/// Reads the optional `deals.csv`: each row the cards of one board of `boards.csv`, a whole
/// deal of the tournament's deck count.
fn read_deals(
    files: &ArchiveFiles,
    decks: Option<Decks>,
    boards: &Boards,
    problems: &mut Vec<Problem>,
    unread: &Unread,
) -> Vec<BoardDeal> {
    let mut seen = HashMap::new();
    let mut lost = false;
    let columns = (&DEAL_COLUMNS[..], &[][..]);
    each_row(files, DEALS, columns, problems, &mut lost, |row, line| {
        let round = row.number("round", 1);
        let board = row.number("board", 1);
        if let (Some(r), Some(b)) = (round, board) {
            if !has_board(boards, r, b) && !unread.boards.covers(&(r, b), &r) {
                row.problem(Why::NoBoard { round: r, board: b });
            }
            board_once(row, &mut seen, r, b, line);
        }
        let mut parts = Vec::with_capacity(5);
        for column in &DEAL_COLUMNS[2..] {
            let mut cards = Vec::new();
            let mut bad = false;
            for word in row.raw(column).split_whitespace() {
                match word.parse::<Card>() {
                    Ok(card) => cards.push(card),
                    Err(_) => {
                        bad = true;
                        row.problem(Why::BadCard {
                            column: (*column).to_owned(),
                            card: clip(word),
                        })
                    }
                }
            }
            // The cards as the export writes them: one space between two cards.
            if !bad {
                row.canonical(column, format_cards(&cards));
            }
            parts.push(cards);
        }
        let mut deal = None;
        if let (Some(decks), true) = (decks, row.problems.is_empty()) {
            let bottom = parts.pop().unwrap_or_default();
            let hands: [Vec<Card>; 4] = std::array::from_fn(|i| std::mem::take(&mut parts[i]));
            match Deal::new(decks, hands, bottom) {
                Ok(d) => deal = Some(d),
                Err(e) => row.problem(Why::Deal(e)),
            }
        }
        Some(BoardDeal {
            round: round?,
            board: board?,
            deal: deal?,
        })
    })
}

fn assemble(boards: Boards, schedule: Schedule, mut results: Results) -> Vec<Round> {
    let mut rounds: HashMap<i32, Round> = boards
        .into_iter()
        .map(|(number, boards)| {
            (
                number,
                Round {
                    number,
                    boards,
                    matches: Vec::new().into(),
                },
            )
        })
        .collect();
    for ((r, table), (home, away)) in schedule {
        if let Some(round) = rounds.get_mut(&r) {
            round.matches.push(Match {
                table,
                home,
                away,
                results: results.remove(&(r, table)).unwrap_or_default().into(),
            });
        }
    }
    rounds.into_values().collect()
}
