//! Moving whole tournaments between archives and the database: what `fushi import`,
//! `fushi export` and the web's archive upload and download share.

use std::path::Path;

use crate::archive::{self, ArchiveFiles, Problem};
use crate::db::{self, DbConnection};
use crate::i18n::{Lang, Tr};
use crate::input::Why;
use crate::rules::{Event, Report};

/// What an import created.
#[derive(Debug)]
pub struct Imported {
    pub slug: String,
    pub name: String,
    pub teams: usize,
    pub rounds: usize,
    pub results: usize,
    /// The files that were GB18030, not UTF-8, and were read as such.
    pub(crate) gb18030: Vec<String>,
}

impl Imported {
    /// What the import did, in words (`cli-imported`).
    pub fn summary(&self, t: &Tr) -> String {
        let mut text = t.args(
            "cli-imported",
            &[
                ("name", self.name.clone().into()),
                ("slug", self.slug.clone().into()),
                ("teams", self.teams.to_string().into()),
                ("rounds", self.rounds.to_string().into()),
                ("results", self.results.to_string().into()),
            ],
        );
        if !self.gb18030.is_empty() {
            text += &t.a("cli-read-as-gb18030", "files", t.list(&self.gb18030));
        }
        text
    }
}

/// Reads an archive and creates its tournament in one transaction, or reports every
/// problem and creates nothing.
pub fn import(conn: &mut DbConnection, files: &ArchiveFiles) -> Result<Imported, Vec<Problem>> {
    import_by(conn, files, "")
}

/// [`import`] by `who`, whom the audit trail names for the deals the archive brings: the
/// operator (`fushi import`, or a program calling [`import`]), whose archive keeps its
/// `rated`.
pub(crate) fn import_by(
    conn: &mut DbConnection,
    files: &ArchiveFiles,
    who: &str,
) -> Result<Imported, Vec<Problem>> {
    import_as(conn, files, who, true)
}

/// [`import_by`] a director through the web: the tournament arrives unrated, whatever the
/// archive says (only an administrator rates a tournament, docs/rules.md §14).
pub(crate) fn import_by_director(
    conn: &mut DbConnection,
    files: &ArchiveFiles,
    who: &str,
) -> Result<Imported, Vec<Problem>> {
    import_as(conn, files, who, false)
}

fn import_as(
    conn: &mut DbConnection,
    files: &ArchiveFiles,
    who: &str,
    operator: bool,
) -> Result<Imported, Vec<Problem>> {
    let parsed = archive::parse(files)?;
    let mut event = parsed.event;
    if !operator {
        event.settings.standing.rated = false;
    }
    link_members(conn, &mut event, &parsed.linked_lines)?;
    let taken = db::slug_exists(conn, &event.settings.slug).map_err(database)?;
    if taken {
        return Err(vec![Problem::at(
            archive::TOURNAMENT_TOML,
            parsed.slug_line,
            Why::SlugTaken {
                slug: event.settings.slug.clone(),
            },
        )]);
    }
    db::insert_event_by(conn, &event, who).map_err(database)?;
    Ok(Imported {
        slug: event.settings.slug.clone(),
        name: event.settings.name.clone(),
        teams: event.teams.len(),
        rounds: event.rounds.len(),
        results: event.result_count(),
        gb18030: files.read_as_gb18030().to_vec(),
    })
}

/// Checks the links of an archive's members against the registry (docs/rules.md §14): each
/// id a player of the registry (a merged-away id reads as the kept one), whose name or
/// second name is the member's; every problem at its `teams.csv` line.
fn link_members(
    conn: &mut DbConnection,
    event: &mut Event,
    lines: &[(crate::rules::TeamNo, u64)],
) -> Result<(), Vec<Problem>> {
    let mut problems = Vec::new();
    for team in &mut event.teams {
        let Some(&(_, line)) = lines.iter().find(|(n, _)| *n == team.number) else {
            continue;
        };
        match db::players::links::check_member_links(conn, &team.members, &team.member_ids)
            .map_err(database)?
        {
            Ok(kept) => team.member_ids = kept,
            Err(faults) => problems.extend(
                faults
                    .into_iter()
                    .map(|(_, why)| Problem::at("teams.csv", line, Why::Player(why))),
            ),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn database(e: db::DbError) -> Vec<Problem> {
    vec![Problem::in_file(
        "database",
        Why::Failed {
            error: e.to_string(),
        },
    )]
}

/// Every archive file of a stored tournament, computed columns filled.
pub fn export(conn: &mut DbConnection, slug: &str) -> Result<ArchiveFiles, Vec<Problem>> {
    let event = load(conn, slug)?;
    Ok(export_event(&event))
}

/// Every archive file of an event.
pub fn export_event(event: &Event) -> ArchiveFiles {
    let report = Report::compute(event);
    archive::export(event, &report).into_iter().collect()
}

/// The event as it stood at one revision (one read transaction: an export never mixes a
/// save's rows with the state before it).
fn load(conn: &mut DbConnection, slug: &str) -> Result<Event, Vec<Problem>> {
    db::load_consistent(conn, slug)
        .map(|loaded| loaded.map(|l| l.event))
        .map_err(database)?
        .ok_or_else(|| vec![Problem::in_file(slug, Why::NoTournament)])
}

/// `fushi import PATH`: a folder or a .zip into the database at `url`; what it did or every
/// problem, in `t`'s language. A refused import creates nothing: the archive is read before
/// the database is opened, and a SQLite file that this import created is removed again when
/// the import fails after all (a slug taken cannot happen in a new file, but the database
/// may refuse the rows).
pub fn import_path(url: &str, path: &Path, t: &Tr) -> Result<String, Vec<String>> {
    let files = ArchiveFiles::read(path).map_err(|p| texts(t, p))?;
    archive::parse(&files).map_err(|p| texts(t, p))?;
    let parsed = db::DatabaseUrl::parse(url).map_err(|e| vec![e.to_string()])?;
    let new_file = (parsed.backend() == db::Backend::Sqlite)
        .then(|| std::path::PathBuf::from(parsed.target()))
        .filter(|file| !file.exists());
    let outcome = db::open(url)
        .map_err(|e| vec![e.to_string()])
        .and_then(|mut conn| {
            import_by(&mut conn, &files, CLI_IMPORT)
                .map(|imported| imported.summary(t))
                .map_err(|p| texts(t, p))
        });
    if let (Err(_), Some(file)) = (&outcome, new_file) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut name = file.clone().into_os_string();
            name.push(suffix);
            // Best effort: what is left is an empty database, not a tournament.
            let _ = std::fs::remove_file(name);
        }
    }
    outcome
}

/// `fushi export SLUG OUTDIR`, worded in `t`'s language.
pub fn export_dir(url: &str, slug: &str, outdir: &Path, t: &Tr) -> Result<String, Vec<String>> {
    let mut conn = open_existing(url, t)?;
    let files = export(&mut conn, slug).map_err(|p| texts(t, p))?;
    files
        .write_dir(outdir)
        .map_err(|e| vec![format!("{}: {e}", outdir.display())])?;
    Ok(t.args(
        "cli-exported",
        &[
            ("slug", slug.to_owned().into()),
            ("dir", outdir.display().to_string().into()),
            ("files", t.list(&files.names().collect::<Vec<_>>()).into()),
        ],
    ))
}

/// `fushi export SLUG OUTDIR --sheets`: every score sheet, match sheet, team card and
/// standings sheet as PDF into `OUTDIR/sheets/` (names in [`crate::sheets::files`]), in
/// `lang`; what it wrote in `t`'s language.
pub fn export_sheets(
    url: &str,
    slug: &str,
    outdir: &Path,
    lang: Lang,
    t: &Tr,
) -> Result<String, Vec<String>> {
    let mut conn = open_existing(url, t)?;
    let event = load(&mut conn, slug).map_err(|p| texts(t, p))?;
    let files =
        crate::sheets::all_sheets(&event, &Tr::new(lang)).map_err(|e| vec![e.to_string()])?;
    let dir = outdir.join("sheets");
    crate::sheets::write_dir(&dir, &files).map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    Ok(t.args(
        "cli-wrote-sheets",
        &[
            ("count", files.len().to_string().into()),
            ("dir", dir.display().to_string().into()),
        ],
    ))
}

/// `fushi players import FILE`: a `players.csv` merged into the registry by the operator
/// (docs/rules.md §14), in one transaction; what it did or every `file:line` problem.
pub fn import_players(url: &str, path: &Path, t: &Tr) -> Result<String, Vec<String>> {
    use crate::db::players::{Actor, file};
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let bytes = std::fs::read(path).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    let (text, _) = archive::files::decode_text(&bytes)
        .ok_or_else(|| texts(t, vec![Problem::in_file(&name, Why::NotUtf8)]))?;
    let mut conn = db::open(url).map_err(|e| vec![e.to_string()])?;
    let counts =
        file::import(&mut conn, &name, &text, Actor::operator()).map_err(|p| texts(t, p))?;
    Ok(t.args(
        "cli-players-imported",
        &[
            ("created", counts.created.to_string().into()),
            ("updated", counts.updated.to_string().into()),
            ("merged", counts.merged.to_string().into()),
            ("unchanged", counts.unchanged.to_string().into()),
        ],
    ))
}

/// `fushi players export DIR`: the registry's `players.csv` into `dir` (created if needed).
pub fn export_players(url: &str, dir: &Path, t: &Tr) -> Result<String, Vec<String>> {
    use crate::db::players::file;
    let mut conn = open_existing(url, t)?;
    let text = file::export(&mut conn).map_err(|e| vec![e.to_string()])?;
    let (ratings, boards) = db::ratings::files(&mut conn).map_err(|e| vec![e.to_string()])?;
    let mut files = ArchiveFiles::new();
    files.insert(file::PLAYERS_CSV, text);
    files.insert(crate::archive::RATINGS, ratings);
    files.insert(crate::archive::RATING_BOARDS, boards);
    files
        .write_dir(dir)
        .map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    let names = [
        file::PLAYERS_CSV,
        crate::archive::RATINGS,
        crate::archive::RATING_BOARDS,
    ]
    .join(", ");
    Ok(t.args(
        "cli-players-exported",
        &[
            ("dir", dir.display().to_string().into()),
            ("files", names.into()),
        ],
    ))
}

/// `fushi series export SLUG DIR [--count-best N]`: the series' `series.csv` over its
/// finished tournaments (docs/rules.md §14), with `count_best` or the series' setting.
pub fn export_series(
    url: &str,
    slug: &str,
    dir: &Path,
    count_best: Option<u32>,
    t: &Tr,
) -> Result<String, Vec<String>> {
    let mut conn = open_existing(url, t)?;
    let text = db::ratings::series_csv(&mut conn, slug, count_best)
        .map_err(|e| vec![e.to_string()])?
        .ok_or_else(|| vec![t.a("cli-series-unknown", "slug", slug)])?;
    let mut files = ArchiveFiles::new();
    files.insert(crate::archive::SERIES, text);
    files
        .write_dir(dir)
        .map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    Ok(t.args(
        "cli-series-exported",
        &[
            ("slug", slug.to_owned().into()),
            ("dir", dir.display().to_string().into()),
        ],
    ))
}

/// `fushi ratings --recompute`: the ratings made again from zero over every rated, finished
/// tournament (docs/rules.md §14); without `--recompute`, brought up to date as a page would.
pub fn ratings(url: &str, recompute: bool, t: &Tr) -> Result<String, Vec<String>> {
    let mut conn = open_existing(url, t)?;
    let done = if recompute {
        db::ratings::recompute(&mut conn).map(db::ratings::Refreshed::Full)
    } else {
        db::ratings::refresh(&mut conn)
    }
    .map_err(|e| vec![e.to_string()])?;
    let players = db::ratings::current(&mut conn)
        .map_err(|e| vec![e.to_string()])?
        .len();
    let (key, count) = match done {
        db::ratings::Refreshed::Current => ("cli-ratings-current", 0),
        db::ratings::Refreshed::Appended(n) => ("cli-ratings-appended", n),
        db::ratings::Refreshed::Full(n) => ("cli-ratings-recomputed", n),
    };
    Ok(t.args(
        key,
        &[
            ("tournaments", count.to_string().into()),
            ("players", players.to_string().into()),
        ],
    ))
}

/// Each problem as `file:line: why` in `t`'s language.
fn texts(t: &Tr, problems: Vec<Problem>) -> Vec<String> {
    problems.iter().map(|p| p.text(t)).collect()
}

/// The database of a command that only reads (export, backup): a SQLite file that is not
/// there is refused, never created; the schema is brought up to date as on every start.
pub(crate) fn open_existing(url: &str, t: &Tr) -> Result<DbConnection, Vec<String>> {
    let parsed = db::DatabaseUrl::parse(url).map_err(|e| vec![e.to_string()])?;
    if parsed.backend() == db::Backend::Sqlite && !Path::new(parsed.target()).is_file() {
        return Err(vec![t.a("cli-no-database", "path", parsed.target())]);
    }
    db::open(url).map_err(|e| vec![e.to_string()])
}

/// `fushi backup OUT`: a consistent copy of a SQLite database into the new file `out`
/// (`VACUUM INTO`, which reads one snapshot of the database while a server goes on writing),
/// checked with `PRAGMA integrity_check`. PostgreSQL is refused with what to use instead.
pub fn backup(url: &str, out: &Path, t: &Tr) -> Result<String, Vec<String>> {
    use diesel::RunQueryDsl;
    let parsed = db::DatabaseUrl::parse(url).map_err(|e| vec![e.to_string()])?;
    if parsed.backend() == db::Backend::Postgres {
        return Err(vec![t.t("cli-backup-postgres")]);
    }
    if out.exists() {
        return Err(vec![t.a(
            "cli-backup-exists",
            "path",
            out.display().to_string(),
        )]);
    }
    if !Path::new(parsed.target()).is_file() {
        return Err(vec![t.a("cli-no-database", "path", parsed.target())]);
    }
    let mut conn = db::connect(url).map_err(|e| vec![e.to_string()])?;
    let DbConnection::Sqlite(sqlite) = &mut conn else {
        return Err(vec![t.t("cli-backup-postgres")]);
    };
    let target = out
        .to_str()
        .ok_or_else(|| vec![format!("{}: not UTF-8", out.display())])?;
    // Made empty and 0600 first (VACUUM INTO fills an empty file): a backup holds the
    // cookie key and the unrevealed seeds, whatever the umask.
    private_file(out).map_err(|e| vec![format!("{}: {e}", out.display())])?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<diesel::sql_types::Text, _>(target)
        .execute(sqlite)
        .map_err(|e| {
            let _ = std::fs::remove_file(out);
            vec![format!("{}: {e}", out.display())]
        })?;
    #[derive(diesel::QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let mut copy = db::connect(target).map_err(|e| vec![e.to_string()])?;
    let DbConnection::Sqlite(copy) = &mut copy else {
        unreachable!("a file path is SQLite");
    };
    let checks: Vec<Check> = diesel::sql_query("PRAGMA integrity_check")
        .load(copy)
        .map_err(|e| vec![format!("{}: {e}", out.display())])?;
    if checks.len() != 1 || checks[0].integrity_check != "ok" {
        let why: Vec<String> = checks.into_iter().map(|c| c.integrity_check).collect();
        return Err(vec![format!("{}: {}", out.display(), why.join("; "))]);
    }
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(t.args(
        "cli-backed-up",
        &[
            ("from", parsed.target().to_owned().into()),
            ("path", out.display().to_string().into()),
            ("bytes", bytes.to_string().into()),
        ],
    ))
}

/// Creates `path`, empty, readable and writable by its owner only; refused when it exists.
fn private_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

/// `fushi copy --from URL --to URL`: the whole database into an empty one (SQLite ↔
/// PostgreSQL), with or without the secrets; the rows of each table, in words.
pub fn copy_database(
    from: &str,
    to: &str,
    with_secrets: bool,
    t: &Tr,
) -> Result<String, Vec<String>> {
    let mut source = open_existing(from, t)?;
    let mut target = db::open(to).map_err(|e| vec![e.to_string()])?;
    let counts =
        db::copy::copy(&mut source, &mut target, with_secrets).map_err(|e| vec![e.to_string()])?;
    let tables: Vec<String> = counts.iter().map(|(t, n)| format!("{t} {n}")).collect();
    let from = db::DatabaseUrl::parse(from).map_err(|e| vec![e.to_string()])?;
    let to = db::DatabaseUrl::parse(to).map_err(|e| vec![e.to_string()])?;
    Ok(t.args(
        "cli-copied",
        &[
            ("from", from.to_string().into()),
            ("to", to.to_string().into()),
            ("tables", tables.join(", ").into()),
        ],
    ))
}

/// Words for a refused change of a tournament's deals.
pub(crate) fn deal_refusal_text(
    e: &db::dealing::DealChangeError,
    round: Option<i32>,
    t: &Tr,
) -> String {
    use db::dealing::DealChangeError;
    match e {
        DealChangeError::NoTournament => Why::NoTournament.text(t),
        DealChangeError::NoRound => t.a("deals-no-round", "round", round.unwrap_or_default()),
        DealChangeError::Refused(refusal) => Why::SeedRefused(*refusal).text(t),
        DealChangeError::Db(e) => e.to_string(),
    }
}

/// A new seed as fushi deals from: 128 bits of the operating system's random source, then
/// the director's ceremony text when given (docs/rules.md §13).
pub fn draw_seed(text: Option<&crate::rules::SeedText>) -> crate::rules::Seed {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    crate::rules::Seed::drawn(bytes, text)
}

/// Who the audit trail names for the command line's dealing.
pub(crate) const CLI_DEAL: &str = "fushi deal";

/// Who the audit trail names for the command line's import.
pub(crate) const CLI_IMPORT: &str = "fushi import";

/// `fushi deal SLUG [--seed TEXT] [--round N]`: deals every board of the rounds that have
/// had no result (or of one round) from the current seed by docs/rules.md §13. With
/// `--seed` a new seed is set first: fushi's 128 random bits, then `:` and TEXT (the ceremony
/// text; whatever it looks like, it is text). Without it the current seed is used when it
/// can deal (secret, drawn by fushi), else a new one is drawn. Returns the lines to print:
/// a new seed, the rounds dealt and kept, and the commitment.
pub fn deal(
    url: &str,
    slug: &str,
    seed: Option<&str>,
    round: Option<i32>,
    t: &Tr,
) -> Result<Vec<String>, Vec<String>> {
    use crate::rules::deal::DealSeed;
    let refused = |e: db::dealing::DealChangeError| vec![deal_refusal_text(&e, round, t)];
    let text = seed
        .map(crate::rules::SeedText::parse)
        .transpose()
        .map_err(|e| vec![Why::Seed(e).text(t)])?;
    let mut conn = db::open(url).map_err(|e| vec![e.to_string()])?;
    let loaded = db::load_consistent(&mut conn, slug)
        .map_err(|e| vec![e.to_string()])?
        .ok_or_else(|| vec![Why::NoTournament.text(t)])?;
    let event = loaded.event;
    // What dealing would refuse is refused before a new seed is set for it.
    let facts = db::deals::round_facts(&mut conn, loaded.id).map_err(|e| vec![e.to_string()])?;
    if round.is_some_and(|r| !facts.iter().any(|f| f.number == r)) {
        return Err(refused(db::dealing::DealChangeError::NoRound));
    }
    let any_drawn = DealSeed::Secret(crate::rules::Seed::drawn([0; 16], None));
    crate::rules::deal::plan_deal(Some(&any_drawn), &facts, round)
        .map_err(|r| refused(r.into()))?;
    let usable = matches!(
        event.deals.current().map(|s| &s.state),
        Some(DealSeed::Secret(s)) if s.is_drawn()
    );
    let mut lines = Vec::new();
    if text.is_some() || !usable {
        let new = draw_seed(text.as_ref());
        lines.push(t.a("cli-deal-seed-generated", "seed", new.as_str()));
        let commitment = db::dealing::set_seed(&mut conn, slug, new, CLI_DEAL).map_err(refused)?;
        lines.push(t.a("cli-deal-commitment", "commitment", commitment.as_str()));
    }
    let (rounds, count) =
        db::dealing::deal_rounds(&mut conn, slug, round, CLI_DEAL).map_err(refused)?;
    let listed: Vec<String> = rounds.iter().map(ToString::to_string).collect();
    lines.push(t.args(
        "cli-dealt",
        &[
            ("slug", slug.to_owned().into()),
            ("boards", count.into()),
            ("rounds", listed.join(", ").into()),
        ],
    ));
    Ok(lines)
}
