//! The database layer on SQLite, and on PostgreSQL when `FUSHI_TEST_POSTGRES` is set:
//! migrations, connection settings, whole events in and out, listing and deleting.

use crate::common;
use fushi::rules::TeamNo;

use std::time::Instant;

use common::{TestDb, backends, large_event, sample_event};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use fushi::db::schema::{boards, matches, rounds, table_results, team_members, teams, tournaments};
use fushi::db::{self, Backend, DatabaseUrl, DbConnection, DbError};
use fushi::rules::{Event, Room};

/// Rows in every table, parents first.
fn counts(conn: &mut DbConnection) -> [i64; 7] {
    let count = |n: QueryResult<i64>| n.expect("count rows");
    [
        count(tournaments::table.count().get_result(conn)),
        count(teams::table.count().get_result(conn)),
        count(team_members::table.count().get_result(conn)),
        count(rounds::table.count().get_result(conn)),
        count(boards::table.count().get_result(conn)),
        count(matches::table.count().get_result(conn)),
        count(table_results::table.count().get_result(conn)),
    ]
}

/// What `event` should add to [`counts`].
fn expected_counts(event: &Event) -> [i64; 7] {
    let n = |x: usize| i64::try_from(x).unwrap();
    [
        1,
        n(event.teams.len()),
        n(event.teams.iter().map(|t| t.members.len()).sum()),
        n(event.rounds.len()),
        n(event.rounds.iter().map(|r| r.boards.len()).sum()),
        n(event.rounds.iter().map(|r| r.matches.len()).sum()),
        n(event.result_count()),
    ]
}

#[test]
fn migrations_apply_on_a_fresh_database_and_again_on_reopen() {
    for test_db in backends() {
        let mut conn = test_db.open();
        assert_eq!(conn.backend(), test_db.backend());
        assert_eq!(counts(&mut conn), [0; 7], "{:?}", test_db.backend());
        db::run_migrations(&mut conn).expect("nothing left to apply");
        drop(conn);

        let mut reopened = test_db.open();
        assert_eq!(counts(&mut reopened), [0; 7]);
        // The pool applies them once more on start-up, also a no-op.
        let pool = db::pool(test_db.url()).expect("pool");
        let mut pooled = pool.get().expect("a pooled connection");
        assert!(db::list_tournaments(&mut pooled).unwrap().is_empty());
    }
}

#[derive(QueryableByName)]
struct ForeignKeys {
    #[diesel(sql_type = Integer)]
    foreign_keys: i32,
}

#[derive(QueryableByName)]
struct JournalMode {
    #[diesel(sql_type = Text)]
    journal_mode: String,
}

#[derive(QueryableByName)]
struct BusyTimeout {
    #[diesel(sql_type = Integer)]
    timeout: i32,
}

#[derive(QueryableByName)]
struct Synchronous {
    #[diesel(sql_type = Integer)]
    synchronous: i32,
}

fn assert_sqlite_pragmas(conn: &mut DbConnection) {
    let DbConnection::Sqlite(c) = conn else {
        panic!("expected a SQLite connection");
    };
    let fk: ForeignKeys = diesel::sql_query("PRAGMA foreign_keys")
        .get_result(c)
        .unwrap();
    assert_eq!(fk.foreign_keys, 1);
    let mode: JournalMode = diesel::sql_query("PRAGMA journal_mode")
        .get_result(c)
        .unwrap();
    assert_eq!(mode.journal_mode, "wal");
    let busy: BusyTimeout = diesel::sql_query("PRAGMA busy_timeout")
        .get_result(c)
        .unwrap();
    assert_eq!(busy.timeout, 5000);
    let sync: Synchronous = diesel::sql_query("PRAGMA synchronous")
        .get_result(c)
        .unwrap();
    assert_eq!(sync.synchronous, 1, "NORMAL");
}

#[test]
fn sqlite_pragmas_are_set_on_every_connection() {
    let test_db = TestDb::sqlite();
    let mut conn = db::connect(test_db.url()).unwrap();
    assert_sqlite_pragmas(&mut conn);

    let pool = db::pool(test_db.url()).unwrap();
    let mut first = pool.get().unwrap();
    let mut second = pool.get().unwrap();
    assert_sqlite_pragmas(&mut first);
    assert_sqlite_pragmas(&mut second);
}

#[test]
fn an_event_round_trips() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let event = sample_event("winter-2026");
        assert!(!db::slug_exists(&mut conn, "winter-2026").unwrap());

        let id = db::insert_event(&mut conn, &event).unwrap();
        assert!(id > 0);
        assert!(db::slug_exists(&mut conn, "winter-2026").unwrap());
        assert_eq!(counts(&mut conn), expected_counts(&event));

        let loaded = db::load_event(&mut conn, "winter-2026").unwrap().unwrap();
        assert_eq!(loaded, event, "{:?}", test_db.backend());
        assert!(
            db::load_event(&mut conn, "no-such-event")
                .unwrap()
                .is_none()
        );
    }
}

#[test]
fn a_generated_event_over_several_insert_chunks_round_trips() {
    // 15 matches × 7 rounds × 32 tables = 3360 results: two chunks on SQLite.
    let event = large_event(30, 7, 16);
    // Every generated result is valid: `random_entry` makes each one through
    // `TableEntry::parse` and fails here on one that is not.
    assert_eq!(event.result_count(), 3360);
    for test_db in backends() {
        let mut conn = test_db.open();
        db::insert_event(&mut conn, &event).unwrap();
        assert_eq!(counts(&mut conn), expected_counts(&event));
        let loaded = db::load_event(&mut conn, &event.settings.slug).unwrap();
        assert_eq!(loaded.as_ref(), Some(&event), "{:?}", test_db.backend());
    }
}

#[test]
fn a_second_insert_with_the_same_slug_fails_and_changes_nothing() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let event = sample_event("spring");
        db::insert_event(&mut conn, &event).unwrap();
        let before = counts(&mut conn);

        let mut again = sample_event("spring");
        again.settings.name = "Another".to_owned();
        let err = db::insert_event(&mut conn, &again).unwrap_err();
        assert!(err.is_unique_violation(), "{err}");
        assert_eq!(counts(&mut conn), before);
        assert_eq!(db::load_event(&mut conn, "spring").unwrap(), Some(event));
    }
}

#[test]
fn a_failure_late_in_the_insert_rolls_everything_back() {
    for test_db in backends() {
        let mut conn = test_db.open();
        // The same table result twice: refused by the last table written.
        let mut event = sample_event("late-failure");
        let first = event.rounds[0].matches[0].results[0].clone();
        event.rounds[0].matches[0].results.push(first);
        let err = db::insert_event(&mut conn, &event).unwrap_err();
        assert!(err.is_unique_violation(), "{err}");
        assert_eq!(counts(&mut conn), [0; 7]);
    }
}

#[test]
fn an_event_that_names_a_missing_team_or_board_is_refused() {
    let test_db = TestDb::sqlite();
    let mut conn = test_db.open();
    let mut event = sample_event("broken");
    event.rounds[1].matches[1].home = TeamNo(9);
    let err = db::insert_event(&mut conn, &event).unwrap_err();
    assert!(
        matches!(
            &err,
            DbError::Refused(db::WriteRefusal::TeamNotInEvent {
                team: TeamNo(9),
                ..
            })
        ),
        "{err}"
    );

    let mut event = sample_event("broken");
    event.rounds[0].matches[0].results[0].board = 7;
    let err = db::insert_event(&mut conn, &event).unwrap_err();
    assert!(
        matches!(
            &err,
            DbError::Refused(db::WriteRefusal::BoardNotInRound { board: 7, .. })
        ),
        "{err}"
    );
    assert_eq!(counts(&mut conn), [0; 7]);
}

#[test]
fn stored_text_that_no_longer_parses_is_reported_with_its_place() {
    for test_db in backends() {
        let mut conn = test_db.open();
        db::insert_event(&mut conn, &sample_event("corrupt")).unwrap();
        let board_id: i32 = boards::table
            .select(boards::id)
            .order(boards::id)
            .first(&mut conn)
            .unwrap();
        diesel::update(boards::table.find(board_id))
            .set(boards::dealer.eq("X"))
            .execute(&mut conn)
            .unwrap();
        let err = db::load_event(&mut conn, "corrupt").unwrap_err();
        let DbError::Corrupt(message) = &err else {
            panic!("expected Corrupt, got {err}");
        };
        assert!(
            message.contains(&format!("boards id {board_id}, column dealer")),
            "{message}"
        );

        diesel::update(tournaments::table)
            .set(tournaments::tiebreaks.eq("level_diff,coin_toss"))
            .execute(&mut conn)
            .unwrap();
        let err = db::load_event(&mut conn, "corrupt").unwrap_err();
        assert!(err.to_string().contains("column tiebreaks"), "{err}");
    }
}

#[test]
fn tournaments_are_listed_newest_first_and_deleted_with_everything_in_them() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let older = sample_event("older");
        let mut newer = large_event(5, 3, 2);
        newer.settings.slug = "newer".to_owned();
        newer.settings.published = false;
        db::insert_event(&mut conn, &older).unwrap();
        db::insert_event(&mut conn, &newer).unwrap();

        let list = db::list_tournaments(&mut conn).unwrap();
        let summary: Vec<_> = list
            .iter()
            .map(|t| (t.slug.as_str(), t.published, t.teams, t.rounds))
            .collect();
        assert_eq!(summary, [("newer", false, 5, 3), ("older", true, 3, 2)]);
        assert!(list[0].created_at >= list[1].created_at);
        assert_eq!(list[1].name, older.settings.name);

        assert!(db::delete_tournament(&mut conn, "newer").unwrap());
        assert_eq!(counts(&mut conn), expected_counts(&older));
        assert!(db::delete_tournament(&mut conn, "older").unwrap());
        assert_eq!(counts(&mut conn), [0; 7], "{:?}", test_db.backend());
        assert!(!db::delete_tournament(&mut conn, "older").unwrap());
        assert!(db::list_tournaments(&mut conn).unwrap().is_empty());
    }
}

#[test]
fn a_team_that_plays_a_match_cannot_be_deleted_on_its_own() {
    for test_db in backends() {
        let mut conn = test_db.open();
        db::insert_event(&mut conn, &sample_event("guarded")).unwrap();
        let before = counts(&mut conn);
        let deleted = diesel::delete(teams::table.filter(teams::team_no.eq(1))).execute(&mut conn);
        assert!(deleted.is_err(), "{:?}", test_db.backend());
        assert_eq!(counts(&mut conn), before);
    }
}

#[test]
fn database_urls_pick_the_backend() {
    let parse = |s: &str| DatabaseUrl::parse(s).unwrap();
    let pg = parse("postgres://fushi:secret@db.example:5432/fushi");
    assert_eq!(pg.backend(), Backend::Postgres);
    assert_eq!(pg.target(), "postgres://fushi:secret@db.example:5432/fushi");
    assert_eq!(
        pg.to_string(),
        "PostgreSQL postgres://fushi:***@db.example:5432/fushi"
    );
    let pg = parse("postgresql://localhost/fushi");
    assert_eq!(pg.backend(), Backend::Postgres);
    assert_eq!(pg.target(), "postgresql://localhost/fushi");

    for (url, path) in [
        ("sqlite://x.db", "x.db"),
        ("x.db", "x.db"),
        ("/abs/path.db", "/abs/path.db"),
        ("sqlite:///abs/path.db", "/abs/path.db"),
        (db::DEFAULT_DATABASE, "fushi.db"),
    ] {
        let parsed = parse(url);
        assert_eq!(parsed.backend(), Backend::Sqlite, "{url}");
        assert_eq!(parsed.target(), path, "{url}");
    }
    assert_eq!(
        "sqlite://x.db".parse::<DatabaseUrl>().unwrap(),
        parse("x.db")
    );
    assert!(DatabaseUrl::parse("").is_err());
    assert!(DatabaseUrl::parse("sqlite://").is_err());
}

#[test]
fn a_sqlite_prefix_opens_the_file_it_names() {
    let test_db = TestDb::sqlite();
    let url = format!("sqlite://{}", test_db.url());
    let mut conn = db::open(&url).unwrap();
    db::insert_event(&mut conn, &sample_event("prefixed")).unwrap();
    drop(conn);
    let mut plain = db::connect(test_db.url()).unwrap();
    assert!(db::slug_exists(&mut plain, "prefixed").unwrap());
}

#[test]
fn an_unreachable_postgres_server_is_reported_as_such() {
    let err = match db::connect("postgres://nobody@127.0.0.1:1/fushi") {
        Err(e) => e,
        Ok(_) => panic!("port 1 should refuse"),
    };
    assert!(
        matches!(&err, DbError::Connection(m) if m.contains("PostgreSQL")),
        "{err}"
    );
    assert!(db::pool("postgres://nobody@127.0.0.1:1/fushi").is_err());
}

/// The timing target: 512 teams, 11 rounds, 16 boards (90,112 table results).
/// `cargo test --release --test integration db:: -- --ignored --nocapture`
#[test]
#[ignore]
fn large_event_inserts_and_loads() {
    let started = Instant::now();
    let event = large_event(512, 11, 16);
    let generated = started.elapsed();
    assert_eq!(event.result_count(), 90_112);
    assert_eq!(
        event.rounds.iter().map(|r| r.matches.len()).sum::<usize>(),
        2816
    );
    let open_rooms = event
        .rounds
        .iter()
        .flat_map(|r| &r.matches)
        .flat_map(|m| &m.results)
        .filter(|r| r.room == Room::Open)
        .count();
    assert_eq!(open_rooms, 45_056);

    let test_db = TestDb::sqlite();
    let mut conn = test_db.open();
    let started = Instant::now();
    db::insert_event(&mut conn, &event).unwrap();
    let inserted = started.elapsed();
    let started = Instant::now();
    let loaded = db::load_event(&mut conn, &event.settings.slug)
        .unwrap()
        .unwrap();
    let load = started.elapsed();
    assert_eq!(loaded, event);
    let started = Instant::now();
    assert!(db::delete_tournament(&mut conn, &event.settings.slug).unwrap());
    let deleted = started.elapsed();
    println!(
        "large event 512×11×16 on SQLite: generate {generated:.2?}, insert {inserted:.2?}, \
         load {load:.2?}, delete {deleted:.2?}"
    );

    if let Some(pg) = TestDb::postgres() {
        let mut conn = pg.open();
        let started = Instant::now();
        db::insert_event(&mut conn, &event).unwrap();
        let inserted = started.elapsed();
        let started = Instant::now();
        let loaded = db::load_event(&mut conn, &event.settings.slug)
            .unwrap()
            .unwrap();
        let load = started.elapsed();
        assert_eq!(loaded, event);
        println!("large event 512×11×16 on PostgreSQL: insert {inserted:.2?}, load {load:.2?}");
    }
}

/// libpq is built in with TLS (pq-sys `bundled`, OpenSSL vendored): `sslmode=require`
/// gets an encrypted connection (or, on a server without TLS, the server's refusal, never
/// "SSL support is not compiled in"), and `sslmode=disable` a plain one.
#[test]
fn the_built_in_postgres_client_speaks_tls() {
    #[derive(diesel::QueryableByName)]
    struct Ssl {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        ssl: bool,
    }
    let Ok(admin) = std::env::var(common::POSTGRES_VAR) else {
        eprintln!("skipped: {} is not set", common::POSTGRES_VAR);
        return;
    };
    let base = admin.split('?').next().unwrap().to_owned();
    let ssl_of = |mode: &str| -> Result<bool, String> {
        let mut conn = db::connect(&format!("{base}?sslmode={mode}")).map_err(|e| e.to_string())?;
        let row: Ssl =
            diesel::sql_query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                .get_result(&mut conn)
                .map_err(|e| e.to_string())?;
        Ok(row.ssl)
    };
    assert_eq!(ssl_of("disable"), Ok(false));
    match ssl_of("require") {
        Ok(ssl) => assert!(ssl, "sslmode=require gave a plain connection"),
        Err(e) => {
            assert!(!e.contains("not compiled in"), "{e}");
            assert!(e.contains("server does not support SSL"), "{e}");
        }
    }
}
