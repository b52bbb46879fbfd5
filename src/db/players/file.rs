//! `players.csv` (docs/rules.md §14, "Files"): one row per player by id,
//! `player_id,name,second_name,club,federation_no,public`.
//!
//! On import a known id updates that player (an id merged away reads as the kept one); a
//! new id whose federation number belongs to a registry player updates that player and is
//! recorded as merged into it; any other new id is created as given unless it was ever
//! issued (refused at its line). Every problem is `players.csv:line: why`, all of them are
//! collected, and the registry changes in one transaction or not at all.

use std::collections::HashMap;

use super::{Actor, IdNow, MAX_ID, Player, PlayerFields, RegistryError, number};
use crate::archive::{Problem, neutralise, unneutralise};
use crate::db::schema::{player_ids, players};
use crate::db::{DbConnection, DbError};
use crate::input::{PlayerWhy, Why, clip};
use crate::rules::player_id::{PlayerId, PlayerIdFault};
use diesel::prelude::*;

/// The file's name in a folder or archive.
pub const PLAYERS_CSV: &str = "players.csv";

/// The columns, in the order they are written.
pub const COLUMNS: [&str; 6] = [
    "player_id",
    "name",
    "second_name",
    "club",
    "federation_no",
    "public",
];

/// What an import did, row by row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    /// New players, under the ids the file gave.
    pub created: usize,
    /// Known players whose fields changed.
    pub updated: usize,
    /// New ids recorded as merged into the registry player with their federation number.
    pub merged: usize,
    /// Rows that changed nothing.
    pub unchanged: usize,
}

/// `players.csv` of these players (in the order given; the registry's is by id).
pub fn players_csv(players: &[Player]) -> String {
    let mut w = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let mut out = Vec::new();
    let mut write = |row: &[String]| {
        // Writing to memory does not fail; a row that did would be left out of the text.
        let _ = w.write_record(row);
    };
    write(&COLUMNS.map(str::to_owned));
    for p in players {
        let f = &p.fields;
        write(&[
            p.id.to_string(),
            neutralise(&f.name),
            neutralise(&f.second_name),
            neutralise(&f.club),
            neutralise(&f.federation_no),
            if f.public { "yes" } else { "no" }.to_owned(),
        ]);
    }
    if let Ok(bytes) = w.into_inner() {
        out = bytes;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The registry as `players.csv`.
pub fn export(conn: &mut DbConnection) -> Result<String, DbError> {
    Ok(players_csv(&super::all(conn)?))
}

/// One row of the file, read.
struct Line {
    line: u64,
    id: PlayerId,
    fields: PlayerFields,
}

/// What a row will do to the registry.
enum Plan {
    Update(PlayerId),
    MergeInto(PlayerId),
    Create,
}

enum Failure {
    Problems(Vec<Problem>),
    Db(DbError),
}

impl From<diesel::result::Error> for Failure {
    fn from(e: diesel::result::Error) -> Failure {
        Failure::Db(DbError::from(e))
    }
}

impl From<DbError> for Failure {
    fn from(e: DbError) -> Failure {
        Failure::Db(e)
    }
}

impl From<RegistryError> for Failure {
    fn from(e: RegistryError) -> Failure {
        match e {
            RegistryError::Db(e) => Failure::Db(e),
            RegistryError::Refused(why) => {
                Failure::Problems(vec![Problem::in_file(PLAYERS_CSV, why)])
            }
        }
    }
}

/// Merges `players.csv` (named `file` in problems) into the registry, by `by` (an
/// administrator), in one transaction; every problem, or what was done.
pub fn import(
    conn: &mut DbConnection,
    file: &str,
    text: &str,
    by: Actor<'_>,
) -> Result<ImportCounts, Vec<Problem>> {
    if !by.admin {
        return Err(vec![Problem::in_file(
            file,
            Why::Player(PlayerWhy::AdminsOnly),
        )]);
    }
    let lines = read(file, text)?;
    let result = crate::db::write_transaction(conn, |conn| {
        let plans = plan(conn, file, &lines)?;
        apply(conn, &lines, &plans, by)
    });
    result.map_err(|failure| match failure {
        Failure::Problems(problems) => problems,
        Failure::Db(e) => vec![Problem::in_file(
            file,
            Why::Failed {
                error: crate::db::report(&e),
            },
        )],
    })
}

/// Reads every row, or says every problem of the file on its own.
fn read(file: &str, text: &str) -> Result<Vec<Line>, Vec<Problem>> {
    let mut reader = ::csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut problems = Vec::new();
    let header = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            let why = Why::UnreadableHeader {
                error: clip(&e.to_string()),
            };
            return Err(vec![Problem::at(file, 1, why)]);
        }
    };
    let columns = columns(file, &header, &mut problems);
    let mut lines = Vec::new();
    let mut first_id: HashMap<PlayerId, u64> = HashMap::new();
    let mut first_federation: HashMap<String, u64> = HashMap::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                let why = Why::UnreadableRow {
                    error: clip(&e.to_string()),
                };
                problems.push(Problem::at(file, line, why));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line());
        if record.iter().all(str::is_empty) {
            continue;
        }
        let Some(columns) = &columns else { continue };
        if record.len() != header.len() {
            let why = Why::CellCount {
                cells: record.len(),
                header: header.len(),
            };
            problems.push(Problem::at(file, line, why));
            continue;
        }
        let mut at = |why: Why| problems.push(Problem::at(file, line, why));
        let Some(row) = read_row(&record, columns, &mut at) else {
            continue;
        };
        if let Some(first) = first_id.insert(row.id, line) {
            at(Why::Player(PlayerWhy::IdTwice { id: row.id, first }));
            first_id.insert(row.id, first);
        }
        let federation = row.fields.federation_no.clone();
        if !federation.is_empty() {
            if let Some(&first) = first_federation.get(&federation) {
                at(Why::Player(PlayerWhy::FederationTwice {
                    number: federation,
                    first,
                }));
            } else {
                first_federation.insert(federation, line);
            }
        }
        lines.push(Line { line, ..row });
    }
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(problems)
    }
}

/// Where each known column is; `None` (and the problems said) when the header is wrong.
fn columns(
    file: &str,
    header: &::csv::StringRecord,
    problems: &mut Vec<Problem>,
) -> Option<HashMap<&'static str, usize>> {
    let mut columns = HashMap::new();
    let before = problems.len();
    for (i, name) in header.iter().enumerate() {
        match COLUMNS.iter().find(|c| **c == name) {
            Some(c) if columns.insert(*c, i).is_some() => {
                let why = Why::ColumnTwice {
                    column: name.to_owned(),
                };
                problems.push(Problem::at(file, 1, why));
            }
            Some(_) => {}
            None => problems.push(Problem::at(
                file,
                1,
                Why::UnknownColumn { column: clip(name) },
            )),
        }
    }
    for required in ["player_id", "name"] {
        if !columns.contains_key(required) {
            let why = Why::MissingColumn {
                column: required.to_owned(),
            };
            problems.push(Problem::at(file, 1, why));
        }
    }
    (problems.len() == before).then_some(columns)
}

/// One row's id and fields, or `None` after saying what is wrong with it.
fn read_row(
    record: &::csv::StringRecord,
    columns: &HashMap<&'static str, usize>,
    at: &mut dyn FnMut(Why),
) -> Option<Line> {
    let cell = |c: &str| columns.get(c).and_then(|&i| record.get(i)).unwrap_or("");
    let raw = cell("player_id");
    let id = match PlayerId::parse(raw) {
        Ok(id) if id.number() <= MAX_ID => Ok(id),
        Ok(_) => Err(PlayerIdFault::TooLarge),
        Err(fault) => Err(fault),
    };
    let id = match id {
        Ok(id) => Some(id),
        Err(fault) => {
            at(Why::Player(PlayerWhy::Id {
                cell: raw.to_owned(),
                fault,
            }));
            None
        }
    };
    let public = match cell("public") {
        "" | "no" => Some(false),
        "yes" => Some(true),
        other => {
            at(Why::Player(PlayerWhy::Public {
                cell: other.to_owned(),
            }));
            None
        }
    };
    let fields = PlayerFields {
        name: unneutralise(cell("name")).to_owned(),
        second_name: unneutralise(cell("second_name")).to_owned(),
        club: unneutralise(cell("club")).to_owned(),
        federation_no: unneutralise(cell("federation_no")).to_owned(),
        public: public.unwrap_or(false),
    };
    let fault = fields.check();
    if let Some(why) = fault.clone() {
        at(why);
    }
    Some(Line {
        line: 0,
        id: id?,
        fields: (public.is_some() && fault.is_none()).then_some(fields)?,
    })
}

/// What each row will do, or every refusal the registry gives.
fn plan(conn: &mut DbConnection, file: &str, lines: &[Line]) -> Result<Vec<Plan>, Failure> {
    let mut plans = Vec::new();
    let mut problems = Vec::new();
    for l in lines {
        let p = match super::resolve(conn, l.id)? {
            IdNow::Removed => {
                let why = Why::Player(PlayerWhy::EverUsed { id: l.id });
                problems.push(Problem::at(file, l.line, why));
                continue;
            }
            IdNow::Player(target) => Plan::Update(target),
            IdNow::Unknown => match super::federation_holder(conn, &l.fields.federation_no)? {
                Some(holder) => Plan::MergeInto(holder),
                None => Plan::Create,
            },
        };
        if let Plan::Update(target) = p
            && let Err(e) = super::check_federation(conn, &l.fields.federation_no, Some(target))
        {
            match e {
                RegistryError::Refused(why) => problems.push(Problem::at(file, l.line, why)),
                RegistryError::Db(e) => return Err(Failure::Db(e)),
            }
        }
        plans.push(p);
    }
    if problems.is_empty() {
        Ok(plans)
    } else {
        Err(Failure::Problems(problems))
    }
}

/// Carries the plans out, each change with its row in the registry's trail.
fn apply(
    conn: &mut DbConnection,
    lines: &[Line],
    plans: &[Plan],
    by: Actor<'_>,
) -> Result<ImportCounts, Failure> {
    let mut counts = ImportCounts::default();
    for (l, p) in lines.iter().zip(plans) {
        match *p {
            Plan::Create => {
                super::insert(conn, l.id, &l.fields)?;
                super::record(conn, by, "import", &l.id.to_string(), "", &l.fields.text())?;
                counts.created += 1;
            }
            Plan::Update(target) => {
                let before = super::get(conn, target)?
                    .ok_or(RegistryError::from(PlayerWhy::NoSuchPlayer { id: target }))?;
                if before.fields == l.fields {
                    counts.unchanged += 1;
                } else {
                    super::update(conn, target, &before.fields, &l.fields, by, "import")?;
                    counts.updated += 1;
                }
            }
            Plan::MergeInto(holder) => {
                let before = super::get(conn, holder)?
                    .ok_or(RegistryError::from(PlayerWhy::NoSuchPlayer { id: holder }))?;
                diesel::insert_into(player_ids::table)
                    .values((
                        player_ids::id.eq(number(l.id)?),
                        player_ids::merged_into.eq(number(holder)?),
                        player_ids::removed.eq(false),
                    ))
                    .execute(conn)?;
                diesel::update(players::table.find(number(holder)?))
                    .set(super::PlayerRow::of(holder, &l.fields)?)
                    .execute(conn)?;
                let subject = format!("{} → {holder}", l.id);
                let (before, after) = (before.fields.text(), l.fields.text());
                super::record(conn, by, "import", &subject, &before, &after)?;
                counts.merged += 1;
            }
        }
    }
    Ok(counts)
}
