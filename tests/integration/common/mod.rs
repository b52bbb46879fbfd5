//! Helpers shared by the integration tests: a fresh database per test on SQLite and, when
//! `FUSHI_TEST_POSTGRES` names a server, on PostgreSQL; a small event that uses every
//! stored field; and a large deterministic event for timings.
//!
//! Every test module of the binary uses part of it.
#![allow(dead_code)]

pub mod browser;
pub mod edits;
pub mod http;

use fushi::rules::TeamNo;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use diesel::prelude::*;
use std::path::{Path, PathBuf};

use fushi::archive::ArchiveFiles;
use fushi::db::accounts::{self, Access};
use fushi::db::schema::tournaments;
use fushi::db::table::RoomLink;
use fushi::db::{self, Backend, DbConnection};
use fushi::rules::Pairing;
use fushi::rules::event::new_boards;
use fushi::rules::{
    BandTable, Board, Combination, DeckRules, Decks, EntryFigures, Event, LastTrick, Level, Match,
    MatchScoring, MultiplierPolicy, Room, Round, Rules, Score, ScoringRules, Seat, Settings,
    SettingsDraft, TableEntry, TableResult, Team, TieBreak, Trump,
};
use tempfile::TempDir;

/// The variable that names a PostgreSQL server for the tests: an admin URL such as
/// `postgres://postgres@127.0.0.1:5432/postgres`, used to create and drop test databases.
pub const POSTGRES_VAR: &str = "FUSHI_TEST_POSTGRES";

/// A database of its own for one test, removed when dropped.
pub struct TestDb {
    url: String,
    backend: Backend,
    place: Place,
}

enum Place {
    /// The directory holds the file (and its -wal/-shm companions).
    Sqlite(TempDir),
    Postgres {
        admin_url: String,
        name: String,
    },
}

impl TestDb {
    /// A new SQLite file in a temporary directory.
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("create a temporary directory");
        let url = dir.path().join("fushi-test.db").display().to_string();
        TestDb {
            url,
            backend: Backend::Sqlite,
            place: Place::Sqlite(dir),
        }
    }

    /// A new SQLite file in a temporary directory under `parent` (a small file system of
    /// the test's own).
    pub fn sqlite_in(parent: &std::path::Path) -> TestDb {
        let dir = tempfile::tempdir_in(parent).expect("create a temporary directory");
        let url = dir.path().join("fushi-test.db").display().to_string();
        TestDb {
            url,
            backend: Backend::Sqlite,
            place: Place::Sqlite(dir),
        }
    }

    /// A new PostgreSQL database on the server that `FUSHI_TEST_POSTGRES` names, or `None`
    /// (with a note on stderr) when the variable is not set.
    pub fn postgres() -> Option<TestDb> {
        let admin_url = match std::env::var(POSTGRES_VAR) {
            Ok(url) if !url.trim().is_empty() => url.trim().to_owned(),
            _ => {
                eprintln!("skipped: {POSTGRES_VAR} is not set");
                return None;
            }
        };
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "fushi_test_{}_{}_{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let template = migrated_template(&admin_url);
        let mut admin = diesel::PgConnection::establish(&admin_url)
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}: cannot connect: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut admin)
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
        Some(TestDb {
            url: with_database(&admin_url, &name),
            backend: Backend::Postgres,
            place: Place::Postgres { admin_url, name },
        })
    }

    /// The URL to hand to [`db::connect`], [`db::pool`] or the app's configuration.
    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A connection with the migrations applied.
    pub fn open(&self) -> DbConnection {
        db::open(&self.url).unwrap_or_else(|e| panic!("open {}: {e}", self.url))
    }

    /// Takes a PostgreSQL test database away as an outage would: new connections are
    /// refused and every open one is ended. Nothing on SQLite (a file does not go away
    /// from connections that have it open).
    pub fn take_away(&self) {
        self.admin_sql(&[
            "ALTER DATABASE {name} ALLOW_CONNECTIONS false",
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()",
        ]);
    }

    /// Ends [`TestDb::take_away`]: the database takes connections again.
    pub fn bring_back(&self) {
        self.admin_sql(&["ALTER DATABASE {name} ALLOW_CONNECTIONS true"]);
    }

    fn admin_sql(&self, statements: &[&str]) {
        if let Place::Postgres { admin_url, name } = &self.place {
            let mut admin = diesel::PgConnection::establish(admin_url)
                .unwrap_or_else(|e| panic!("{POSTGRES_VAR}: cannot connect: {e}"));
            for sql in statements {
                let sql = sql.replace("{name}", name);
                diesel::sql_query(&sql)
                    .execute(&mut admin)
                    .unwrap_or_else(|e| panic!("{sql}: {e}"));
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Place::Postgres { admin_url, name } = &self.place {
            let dropped = diesel::PgConnection::establish(admin_url).map(|mut admin| {
                diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut admin)
            });
            if !matches!(dropped, Ok(Ok(_))) {
                eprintln!("could not drop test database {name}");
            }
        }
    }
}

/// The `fushi` binary, without `DATABASE_URL` and without a locale, so that it speaks
/// English; a test of another language sets `LANG`.
pub fn fushi_command() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_fushi"));
    cmd.env_remove("DATABASE_URL");
    for locale in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        cmd.env_remove(locale);
    }
    cmd
}

/// The name of a database on the test server with fushi's PostgreSQL migrations applied,
/// which each test database is copied from (a copy costs what an empty database costs;
/// migrating each one cost most of a second). It is named after the migrations, so it is
/// made once and kept between runs; a run with other migrations makes its own beside it.
/// Older ones are kept too: two checkouts on one machine (branches with different
/// migrations) would otherwise drop each other's template between a run's tests. Each is
/// an empty schema of a few megabytes; `DROP DATABASE` clears them by hand. Made under a new
/// name and renamed when migrated, and under an advisory lock, so neither a failed
/// migration nor a second test process leaves a half-made one.
fn migrated_template(admin_url: &str) -> &'static str {
    static TEMPLATE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEMPLATE.get_or_init(|| {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("migrations/postgres")
            .map(|entry| entry.expect("a migration").path().join("up.sql"))
            .collect();
        files.sort();
        for file in files {
            file.file_name().hash(&mut hasher);
            std::fs::read(&file)
                .expect("a migration's up.sql")
                .hash(&mut hasher);
        }
        let name = format!("fushi_test_template_{:016x}", hasher.finish());

        let mut admin = diesel::PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}: cannot connect: {e}"));
        let run = |admin: &mut diesel::PgConnection, sql: String| {
            diesel::sql_query(&sql)
                .execute(admin)
                .unwrap_or_else(|e| panic!("{sql}: {e}"));
        };
        // Any number: the lock only keeps two test processes from making it at once.
        run(&mut admin, "SELECT pg_advisory_lock(7140101)".into());
        #[derive(QueryableByName)]
        struct Database {
            #[diesel(sql_type = diesel::sql_types::Text)]
            datname: String,
        }
        let templates: Vec<String> = diesel::sql_query(
            "SELECT datname FROM pg_database WHERE datname LIKE 'fushi\\_test\\_template\\_%'",
        )
        .load::<Database>(&mut admin)
        .expect("list the test templates")
        .into_iter()
        .map(|d| d.datname)
        .collect();
        if !templates.contains(&name) {
            let making = format!("{name}_making");
            run(&mut admin, format!("DROP DATABASE IF EXISTS {making}"));
            run(&mut admin, format!("CREATE DATABASE {making}"));
            drop(
                db::open(&with_database(admin_url, &making))
                    .unwrap_or_else(|e| panic!("migrate {making}: {e}")),
            );
            run(
                &mut admin,
                format!("ALTER DATABASE {making} RENAME TO {name}"),
            );
        }
        run(&mut admin, "SELECT pg_advisory_unlock(7140101)".into());
        name
    })
}

/// The admin URL with its database name replaced, query string kept.
fn with_database(admin_url: &str, name: &str) -> String {
    let (base, query) = match admin_url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (admin_url, String::new()),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority_start..].find('/') {
        Some(slash) => &base[..authority_start + slash],
        None => base,
    };
    format!("{server}/{name}{query}")
}

/// The sample's round 1, table 2, closed room, board 1 as its score sheet prints it (PDF
/// and page alike): conditions, the entry, P 250, s −5 (worked out in
/// tests/data/club-night-expected/WORKED.md).
pub const ROUND_1_TABLE_2_CLOSED_BOARD_1: [&str; 13] = [
    "1",
    "N",
    "2",
    "",
    "50",
    "25",
    "defenders",
    "tractor:2",
    "",
    "",
    "250",
    "defenders take over, up 5",
    "−5",
];

/// A fresh SQLite database, and a fresh PostgreSQL one when `FUSHI_TEST_POSTGRES` is set:
/// loop over them to run one test body on both backends.
pub fn backends() -> Vec<TestDb> {
    let mut dbs = vec![TestDb::sqlite()];
    dbs.extend(TestDb::postgres());
    dbs
}

/// The folder of the example club night (`examples/club-night`: 5 teams, 3 rounds).
pub fn club_night_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night")
}

/// The example club night imported into `db`.
pub fn import_club_night(db: &TestDb) {
    let files = ArchiveFiles::read(&club_night_dir()).expect("the club night example");
    fushi::transfer::import(&mut db.open(), &files).expect("the club night imported");
}

/// The championship archive `tests/data/stages/{name}` imported into `db`; its slug is
/// `stages-{name}`.
pub fn import_championship(db: &TestDb, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/stages")
        .join(name);
    let files = ArchiveFiles::read(&dir).expect("the championship archive");
    fushi::transfer::import(&mut db.open(), &files).expect("the championship imported");
}

/// The club night without round 3, table 1's closed-room result of board 2: that board is
/// not released; every other board of the event is.
pub fn import_club_night_with_one_board_unplayed(db: &TestDb) {
    let mut files = ArchiveFiles::read(&club_night_dir()).expect("the club night example");
    let results: String = files
        .get("results.csv")
        .expect("results.csv")
        .lines()
        .filter(|l| !l.starts_with("3,1,closed,2,"))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("results.csv", results);
    fushi::transfer::import(&mut db.open(), &files).expect("the club night imported");
}

/// Imports `files` as a tournament played after fushi dealt it: first without results, then
/// a new seed (fushi's, with no text) deals every round, then every result is saved, as at
/// a real event (a round's cards are fixed once it has a result, docs/rules.md §13).
/// Returns the slug and the seed.
pub fn import_dealt_then_played(db: &TestDb, files: &ArchiveFiles) -> (String, fushi::rules::Seed) {
    let event = fushi::archive::parse(files).expect("the archive").event;
    let mut unplayed = files.clone();
    let results = files.get("results.csv").expect("results.csv");
    let header = results.lines().next().expect("a header").to_owned();
    unplayed.insert("results.csv", format!("{header}\n"));
    let mut conn = db.open();
    let slug = fushi::transfer::import(&mut conn, &unplayed)
        .expect("imported")
        .slug;
    let seed = fushi::transfer::draw_seed(None);
    db::dealing::set_seed(&mut conn, &slug, seed.clone(), "").expect("a seed set");
    db::dealing::deal_rounds(&mut conn, &slug, None, "").expect("every round dealt");
    for round in &event.rounds {
        for m in round.matches.iter().filter(|m| !m.results.is_empty()) {
            db::save_match_results_as(
                &mut conn,
                &slug,
                round.number,
                m.table,
                &m.results,
                "",
                None,
            )
            .expect("the results saved");
        }
    }
    (slug, seed)
}

/// The club night, dealt by fushi before play, with round 3 table 1's closed room short of
/// board 2 (so that board is not released).
pub fn club_night_dealt_with_one_board_unplayed(db: &TestDb) -> fushi::rules::Seed {
    let mut files = ArchiveFiles::read(&club_night_dir()).expect("the club night example");
    let results: String = files
        .get("results.csv")
        .expect("results.csv")
        .lines()
        .filter(|l| !l.starts_with("3,1,closed,2,"))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("results.csv", results);
    import_dealt_then_played(db, &files).1
}

/// Gives the user `name` access to the club night.
pub fn give(db: &TestDb, name: &str, access: Access) {
    let mut conn = db.open();
    let (user, _) = accounts::user_for_login(&mut conn, name).unwrap().unwrap();
    accounts::grant(&mut conn, user.id, "club-night", access).unwrap();
}

/// The club night's five teams paired as 1 v 2, 3 v 4 and 5 with the bye.
pub fn club_night_pairings() -> Vec<Pairing> {
    vec![
        Pairing {
            table: 1,
            home: TeamNo(1),
            away: Some(TeamNo(2)),
        },
        Pairing {
            table: 2,
            home: TeamNo(3),
            away: Some(TeamNo(4)),
        },
        Pairing {
            table: 3,
            home: TeamNo(5),
            away: None,
        },
    ]
}

/// The club night with a fourth round of `boards` boards paired by
/// [`club_night_pairings`], no result yet, and table-side entry on (with the team code
/// when `codes`).
pub fn club_night_with_table_round(db: &TestDb, boards: i32, codes: bool) {
    import_club_night(db);
    table_round_after_the_club_night(db, boards, codes);
}

/// The fourth round of [`club_night_with_table_round`] added to the club night already in
/// `db` (imported as it is or with other settings).
pub fn table_round_after_the_club_night(db: &TestDb, boards: i32, codes: bool) {
    let mut conn = db.open();
    let round = db::add_round(
        &mut conn,
        "club-night",
        &new_boards(boards, "2".parse::<Level>().expect("a level code"), None),
    )
    .unwrap()
    .expect("the club night");
    assert_eq!(round, 4);
    assert!(
        crate::common::edits::replace_pairings(&mut conn, "club-night", 4, &club_night_pairings())
            .unwrap()
    );
    diesel::update(tournaments::table.filter(tournaments::slug.eq("club-night")))
        .set((
            tournaments::table_entry.eq(true),
            tournaments::table_codes.eq(codes),
        ))
        .execute(&mut conn)
        .unwrap();
}

/// A form built at run time, borrowed as the browser posts it.
pub fn refs(form: &[(String, String)]) -> Vec<(&str, &str)> {
    form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// The by-hand pairings form of a round: `table-i`, `home-i` and `away-i` of each row
/// (table, home, away) as typed.
pub fn pairings_form(rows: &[(&str, &str, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .enumerate()
        .flat_map(|(i, (table, home, away))| {
            [("table", table), ("home", home), ("away", away)]
                .map(|(field, value)| (format!("{field}-{i}"), (*value).to_owned()))
        })
        .collect()
}

/// The link of a room of the club night's round 4 ([`club_night_with_table_round`]), with
/// the room's state.
pub fn room_link(db: &TestDb, table: i32, room: Room) -> RoomLink {
    let (_, links) = db::table::round_links(&mut db.open(), "club-night", 4)
        .unwrap()
        .unwrap();
    links
        .into_iter()
        .find(|l| l.table == table && l.room == room)
        .unwrap()
}

/// The token of a room of the club night's round 4.
pub fn room_token(db: &TestDb, table: i32, room: Room) -> String {
    room_link(db, table, room).token
}

fn team(number: i32, name: &str, club: &str, members: &[&str]) -> Team {
    Team {
        member_ids: Vec::new(),
        number: TeamNo(number),
        name: name.to_owned(),
        club: club.to_owned(),
        members: members.iter().map(|m| (*m).to_owned()).collect(),
        withdrawn: false,
    }
}

fn board(number: i32, dealer: Seat, level: &str, trump: Option<Trump>) -> Board {
    Board {
        number,
        dealer,
        level: level.parse().expect("a level code"),
        trump,
    }
}

/// A two-deck tournament's entry of these figures, by the one validation of a result as an
/// archive's `results.csv` is read (`TableEntry::parse` without a band table: a ruling
/// within the bound). Panics on figures that do not validate: a test's result is one the
/// server could have saved.
pub fn table_entry(figures: EntryFigures) -> TableEntry {
    TableEntry::parse(
        figures,
        Decks::Two,
        None,
        fushi::rules::table::Origin::Archive,
    )
    .expect("figures that validate")
}

/// `entry` with its figures changed by `change` (a correction), validated again as
/// [`table_entry`] validates.
pub fn edited(entry: &TableEntry, change: impl FnOnce(&mut EntryFigures)) -> TableEntry {
    let mut figures = entry.figures().clone();
    change(&mut figures);
    table_entry(figures)
}

fn played(room: Room, board: i32, entry: TableEntry) -> TableResult {
    TableResult { room, board, entry }
}

/// A small event that uses every stored field: 2 decks, a custom band table, wdl scoring
/// with fractional points, a non-default tie-break list, 3 teams (one without a club),
/// 2 rounds with and without a fixed trump, byes, and results with every optional cell
/// both set and empty (a total-only row and a ruling-only row among them). Sorted.
pub fn sample_event(slug: &str) -> Event {
    let full = table_entry(EntryFigures {
        trick_points: Some(60),
        bottom_points: Some(20),
        last_trick: Some(LastTrick::Defenders),
        combo: Some(Combination::Tractor(2)),
        declarer_penalty: Some(10),
        defender_penalty: Some(5),
        ruling: Some(-1),
        defender_total: Some(215),
    });
    let declarer_won = table_entry(EntryFigures {
        trick_points: Some(85),
        bottom_points: Some(15),
        last_trick: Some(LastTrick::Declarer),
        ..EntryFigures::default()
    });
    let bare_tricks = table_entry(EntryFigures {
        trick_points: Some(0),
        ..EntryFigures::default()
    });
    let total_only = table_entry(EntryFigures {
        defender_total: Some(125),
        ..EntryFigures::default()
    });
    let ruling_only = table_entry(EntryFigures {
        ruling: Some(2),
        ..EntryFigures::default()
    });
    let single = table_entry(EntryFigures {
        trick_points: Some(150),
        bottom_points: Some(0),
        last_trick: Some(LastTrick::Defenders),
        combo: Some(Combination::Single),
        defender_penalty: Some(20),
        ..EntryFigures::default()
    });
    let pair = table_entry(EntryFigures {
        trick_points: Some(40),
        bottom_points: Some(35),
        last_trick: Some(LastTrick::Defenders),
        combo: Some(Combination::Pair),
        ..EntryFigures::default()
    });
    let mut event = Event {
        settings: Settings {
            standing: Default::default(),
            series: None,
            name: "Winter Duplicate 冬季复式".to_owned(),
            slug: slug.to_owned(),
            published: true,
            deck_rules: DeckRules::new(
                Decks::Two,
                Rules::Custom(
                    BandTable::new(80, vec![(0, 3), (5, 2), (40, 1), (80, -1)], 40)
                        .expect("a valid band table"),
                ),
            )
            .expect("custom rules exist for every deck count"),
            bottom_multiplier: MultiplierPolicy::Doubling,
            scoring: ScoringRules {
                method: MatchScoring::Wdl,
                vp_blitz: 4.5,
                win_draw_loss: [Score(300), Score(150), Score(-25)],
                bye_score: Score(250),
            },
            tiebreaks: vec![
                TieBreak::LevelDiff,
                TieBreak::HeadToHead,
                TieBreak::BoardsWon,
            ],
            pairing: fushi::rules::PairingMethod::Manual,
            swiss_seed: None,
            table: Default::default(),
            correction_minutes: fushi::rules::settings::DEFAULT_CORRECTION_MINUTES,
            occasion: Default::default(),
            stages: Vec::new(),
        },
        teams: vec![
            team(
                1,
                "长城",
                "北京桥牌俱乐部",
                &["张三", "李四", "王五", "赵六"],
            ),
            team(2, "=Tractors", "", &["Ann", "Bo", "Cy", "Di", "Ed"]),
            Team {
                member_ids: Vec::new(),
                withdrawn: true,
                ..team(
                    3,
                    "Eighty Points",
                    "Riverside",
                    &["F1", "F2", "F3", "F4", "F5", "F6"],
                )
            },
        ]
        .into(),
        rounds: vec![
            Round {
                number: 1,
                boards: vec![
                    board(1, Seat::North, "2", Some(Trump::Hearts)),
                    board(2, Seat::East, "10", None),
                ],
                matches: vec![
                    Match {
                        table: 1,
                        home: TeamNo(1),
                        away: Some(TeamNo(2)),
                        results: vec![
                            played(Room::Open, 1, full),
                            played(Room::Open, 2, declarer_won),
                            played(Room::Closed, 1, total_only),
                            played(Room::Closed, 2, ruling_only),
                        ]
                        .into(),
                    },
                    Match {
                        table: 2,
                        home: TeamNo(3),
                        away: None,
                        results: Vec::new().into(),
                    },
                ]
                .into(),
            },
            Round {
                number: 2,
                boards: vec![
                    board(1, Seat::South, "A", Some(Trump::NoTrump)),
                    board(2, Seat::West, "J", None),
                ],
                matches: vec![
                    Match {
                        table: 1,
                        home: TeamNo(3),
                        away: Some(TeamNo(1)),
                        // An incomplete match: the closed room has one board only.
                        results: vec![
                            played(Room::Open, 1, single),
                            played(Room::Open, 2, pair),
                            played(Room::Closed, 2, bare_tricks),
                        ]
                        .into(),
                    },
                    Match {
                        table: 2,
                        home: TeamNo(2),
                        away: None,
                        results: Vec::new().into(),
                    },
                ]
                .into(),
            },
        ],
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    event.sort();
    event
}

/// SplitMix64: a small deterministic generator, so the large event (and every fuzz case)
/// is the same every run.
pub struct Dice(pub u64);

impl Dice {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0..n
    fn below(&mut self, n: u64) -> i32 {
        i32::try_from(self.next() % n).expect("small")
    }

    /// An index in 0..n (0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// true with probability `percent` %.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// A multiple of 5 in 0..=max.
    fn points(&mut self, max: i32) -> i32 {
        5 * self.below(u64::try_from(max / 5 + 1).expect("positive"))
    }
}

/// One table's inputs for two decks: mostly full rows, a few penalties and rulings, and
/// some total-only and ruling-only rows. Every row validates for two decks ([`table_entry`]).
pub fn random_entry(dice: &mut Dice) -> TableEntry {
    let roll = dice.below(100);
    if roll < 2 {
        return table_entry(EntryFigures {
            defender_total: Some(dice.points(200)),
            ..EntryFigures::default()
        });
    }
    if roll < 3 {
        return table_entry(EntryFigures {
            ruling: Some(dice.below(7) - 3),
            ..EntryFigures::default()
        });
    }
    // Defenders usually take 40–120 of the 200 points.
    let tricks = (dice.points(80) + dice.points(80) + dice.points(40)).min(200);
    let bottom = dice.points(80).min(200 - tricks);
    let defenders_last = dice.chance(25);
    let combo = defenders_last.then(|| match dice.below(10) {
        0..=4 => Combination::Single,
        5..=7 => Combination::Pair,
        8 => Combination::Tractor(2),
        _ => Combination::Tractor(3),
    });
    table_entry(EntryFigures {
        trick_points: Some(tricks),
        bottom_points: (!dice.chance(5)).then_some(bottom),
        last_trick: if defenders_last {
            Some(LastTrick::Defenders)
        } else {
            (!dice.chance(5)).then_some(LastTrick::Declarer)
        },
        combo,
        declarer_penalty: dice.chance(3).then(|| 10 * (1 + dice.below(2))),
        defender_penalty: dice.chance(3).then(|| 10 * (1 + dice.below(2))),
        ruling: dice.chance(1).then(|| dice.below(7) - 3),
        defender_total: None,
    })
}

/// A deterministic event of `teams` teams, `rounds` rounds of `boards` boards each,
/// paired round robin (circle method; a bye each round for an odd count), every board
/// played in both rooms of every match. Two decks, standard rules, vp20. Sorted.
pub fn large_event(teams: usize, rounds: usize, boards: usize) -> Event {
    let mut dice = Dice(0x5EED_F05E);
    let count = |n: usize| i32::try_from(n).expect("a small count");
    let team_list: Vec<Team> = (1..=count(teams))
        .map(|n| Team {
            member_ids: Vec::new(),
            number: TeamNo(n),
            name: format!("Team {n}"),
            club: if n % 7 == 0 {
                String::new()
            } else {
                format!("Club {}", n % 13)
            },
            members: (1..=4 + n % 3).map(|i| format!("Player {n}.{i}")).collect(),
            withdrawn: false,
        })
        .collect();

    // Circle method over an even number of places; place 0 stays, the rest rotate.
    // A team number above `teams` is the bye.
    let places = teams + teams % 2;
    let levels: Vec<Level> = Level::all().collect();
    let mut round_list = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let board_list: Vec<Board> = (1..=boards)
            .map(|b| Board {
                number: count(b),
                dealer: Seat::ALL[(b - 1) % 4],
                level: levels[(r + b) % levels.len()],
                // Every fifth board leaves the trump to the table.
                trump: (b % 5 != 0).then(|| Trump::ALL[(r + 2 * b) % Trump::ALL.len()]),
            })
            .collect();
        let rotation = r % (places - 1).max(1);
        let at = |place: usize| -> usize {
            if place == 0 {
                0
            } else {
                1 + (place - 1 + rotation) % (places - 1)
            }
        };
        let mut pairs = Vec::with_capacity(places / 2);
        let mut bye = None;
        for i in 0..places / 2 {
            let (a, b) = (at(i) + 1, at(places - 1 - i) + 1);
            // Alternate home and away by round so that each team swaps seats.
            let (home, away) = if (r + i) % 2 == 0 { (a, b) } else { (b, a) };
            if home > teams {
                bye = Some(away);
            } else if away > teams {
                bye = Some(home);
            } else {
                pairs.push((count(home), count(away)));
            }
        }
        let mut match_list: Vec<Match> = pairs
            .into_iter()
            .zip(1..)
            .map(|((home, away), table)| Match {
                table,
                home: TeamNo(home),
                away: Some(TeamNo(away)),
                results: Room::BOTH
                    .into_iter()
                    .flat_map(|room| (1..=count(boards)).map(move |b| (room, b)))
                    .map(|(room, board)| TableResult {
                        room,
                        board,
                        entry: random_entry(&mut dice),
                    })
                    .collect(),
            })
            .collect();
        if let Some(team) = bye {
            match_list.push(Match {
                table: count(match_list.len() + 1),
                home: TeamNo(count(team)),
                away: None,
                results: Vec::new().into(),
            });
        }
        round_list.push(Round {
            number: count(r + 1),
            boards: board_list,
            matches: match_list.into(),
        });
    }

    let mut event = Event {
        // What `tournament.toml` means with only these keys: two decks, the standard table,
        // VP20, the default tie-breaks.
        settings: Settings::try_from(SettingsDraft {
            name: format!("Large event {teams}×{rounds}×{boards}"),
            slug: format!("large-{teams}-{rounds}-{boards}"),
            published: true,
            ..SettingsDraft::default()
        })
        .expect("valid settings"),
        teams: team_list.into(),
        rounds: round_list,
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    event.sort();
    event
}

/// The team code of `side` (`ns` or `ew`) in the room whose link is `link` (a path
/// `/table/TOKEN` or a whole address): what that pair's slip says.
pub fn code_for(db: &TestDb, link: &str, side: &str) -> String {
    let token = link
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .expect("a token");
    let room = fushi::db::table::find_link(&mut db.open(), token)
        .expect("the link's room")
        .expect("a known link");
    let side = fushi::db::table::Side::parse(side).expect("ns or ew");
    room.code(side).to_owned()
}
