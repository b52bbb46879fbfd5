//! `fushi copy`: a whole database SQLite → PostgreSQL → SQLite (PostgreSQL when
//! `FUSHI_TEST_POSTGRES` is set; SQLite → SQLite always), every table's rows counted and
//! every tournament's export byte for byte the same after each copy.

use diesel::connection::SimpleConnection;
use fushi::db::accounts::{self, Access, Role};
use fushi::db::copy::{TABLES, counts};
use fushi::rules::{Room, TeamNo};

use crate::common::http::ensure_user;
use crate::common::{TestDb, club_night_with_table_round, fushi_command, give, room_link};

/// The club night with a row in every table: users, access, a session, the cookie key, the
/// audit trail, table links and an entry, explanations, notes, the odd-result checks.
fn everything(db: &TestDb) {
    club_night_with_table_round(db, 2, false);
    // Round 4's cards, dealt before play from a seed the director keeps secret (the
    // rounds played already keep theirs: none).
    let dealt = fushi_command()
        .args([
            "deal",
            "club-night",
            "--seed",
            "copy-test",
            "--round",
            "4",
            "--db",
            db.url(),
        ])
        .output()
        .unwrap();
    assert!(
        dealt.status.success(),
        "{}",
        String::from_utf8_lossy(&dealt.stderr)
    );
    ensure_user(db, "ada", Role::Admin);
    ensure_user(db, "grace", Role::Director);
    give(db, "grace", Access::Director);
    let link = room_link(db, 1, Room::Open);
    let mut conn = db.open();
    let (grace, _) = accounts::user_for_login(&mut conn, "grace")
        .unwrap()
        .unwrap();
    accounts::start_session(&mut conn, grace.id).unwrap();
    accounts::secret(&mut conn, "cookie_key", || accounts::random_hex(64)).unwrap();
    fushi::db::set_withdrawn_as(&mut conn, "club-night", TeamNo(5), true, "grace").unwrap();
    fushi::db::set_withdrawn_as(&mut conn, "club-night", TeamNo(5), false, "grace").unwrap();
    // The registry: two ids of one person merged (the other reads as the kept one).
    {
        use fushi::db::players::{self, Actor, PlayerFields};
        let ann = PlayerFields {
            name: "Ann".into(),
            ..PlayerFields::default()
        };
        let kept = players::add(&mut conn, &ann, Actor::operator()).unwrap();
        let other = players::add(&mut conn, &ann, Actor::operator()).unwrap();
        players::merge(&mut conn, kept, other, Actor::operator()).unwrap();
    }
    // A series the club night belongs to.
    fushi::db::series::create(&mut conn, "winter", "Winter league", Some(3)).unwrap();
    fushi::db::series::set_series(&mut conn, "club-night", Some("winter")).unwrap();
    // The rest as the pages would leave them.
    let at = "'2026-12-05 10:00:00'";
    conn.batch_execute(&format!(
        "INSERT INTO table_entries (match_id, room, state, entered_by, cells, flagged, note, \
           submission, saves, address, entered_at, updated_at, code_failures) \
         SELECT m.id, 'open', 'entering', 'home', '[]', '', '', 'sub-1', 1, '127.0.0.1', {at}, {at}, 0 \
         FROM matches m JOIN table_links l ON l.match_id = m.id WHERE l.token = '{token}' AND l.room = 'open';
         INSERT INTO pairing_explanations (round_id, table_no, home_team_no, away_team_no, \
           home_rank, away_rank, home_score, away_score, reason, passed_over, met_round, from_score, seed) \
         SELECT id, 1, 1, 2, 1, 2, 1200, 800, 'top', NULL, NULL, NULL, 7 FROM rounds WHERE number = 4;
         INSERT INTO round_notes (round_id, kind, detail, created_at) \
         SELECT id, 'generated', 'swiss', {at} FROM rounds WHERE number = 4;
         INSERT INTO odd_result_settings (tournament_id, threshold) SELECT id, 40 FROM tournaments;
         INSERT INTO odd_result_checks (tournament_id, flag, checked_by, checked_at) \
         SELECT id, '1/1/open/1', 'grace', {at} FROM tournaments;
         INSERT INTO login_attempts (key, attempts, since) VALUES ('user:nobody', 2, {at});
         INSERT INTO form_tokens (token, created_at) VALUES ('form-1', {at});
         INSERT INTO session_links (tournament_id, table_no, room, token, created_at) \
         SELECT id, 1, 'open', 'session-token-1', {at} FROM tournaments;
         INSERT INTO round_clocks (round_id, minutes, started_at, paused_at, paused_seconds, extra) \
         SELECT id, 40, {at}, {at}, 30, '1:5' FROM rounds WHERE number = 4;
         INSERT INTO hall_announcements (tournament_id, body, posted_at) \
         SELECT id, 'Round 5 at 21:10', {at} FROM tournaments;",
        token = link.token
    ))
    .unwrap();
    // A championship's stage: one league of every round; and an exchange row of a stage
    // the tournament does not have (no knockout to load it into: the copy takes rows as
    // they are, and loading leaves it out).
    conn.batch_execute(
        "INSERT INTO stages (tournament_id, position, name, first_round, last_round, format, \
           groups_list, teams, segments, third_place, carry_over, carry_over_h2h) \
         SELECT t.id, 0, 'League', 1, (SELECT MAX(number) FROM rounds WHERE tournament_id = t.id), \
           'manual', NULL, NULL, NULL, FALSE, 0, 0 FROM tournaments t;
         INSERT INTO stage_exchanges (tournament_id, stage_position, position, ko_round, team_a, \
           team_b, reason) SELECT id, 9, 0, 1, 1, 2, 'one club' FROM tournaments;
         INSERT INTO tournament_occasions (tournament_id, starts, ends, venue, organiser, time_zone) \
         SELECT id, '2026-12-05', '2026-12-05', 'Club room', 'The club', 'Asia/Shanghai' FROM tournaments;",
    )
    .unwrap();
    drop(conn);
}

fn export(url: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let out = fushi_command()
        .args([
            "export",
            "club-night",
            dir.path().to_str().unwrap(),
            "--db",
            url,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

fn copy(from: &str, to: &str, extra: &[&str]) -> std::process::Output {
    fushi_command()
        .args(["copy", "--from", from, "--to", to])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn a_copy_keeps_every_row_of_every_table_both_ways() {
    let source = TestDb::sqlite();
    everything(&source);
    let before = counts(&mut source.open()).unwrap();
    for (table, n) in &before {
        assert!(
            *n > 0,
            "the test leaves {table} empty: fill it in `everything`"
        );
    }
    assert_eq!(before.len(), TABLES.len());
    let exported = export(source.url());

    // Through PostgreSQL when there is one, else straight to another SQLite file.
    let postgres = TestDb::postgres();
    let middle = postgres.as_ref().unwrap_or(&source);
    if let Some(pg) = &postgres {
        let out = copy(source.url(), pg.url(), &[]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(counts(&mut pg.open()).unwrap(), before);
        assert_eq!(export(pg.url()), exported);
        // New rows after the copy get new ids (the sequences were moved on).
        ensure_user(pg, "linus", Role::Scorer);
    } else {
        eprintln!("SQLite → SQLite only: set FUSHI_TEST_POSTGRES for PostgreSQL");
    }
    let back = TestDb::sqlite();
    let out = copy(middle.url(), back.url(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("audit_log "), "{said}");
    let mut after = counts(&mut back.open()).unwrap();
    if postgres.is_some() {
        // linus, added on PostgreSQL.
        let users = after.iter_mut().find(|(t, _)| t == "users").unwrap();
        users.1 -= 1;
    }
    assert_eq!(after, before);
    assert_eq!(export(back.url()), exported);
    // The copied accounts work: the password of the source signs in.
    let mut conn = back.open();
    assert!(
        accounts::user_for_login(&mut conn, "grace")
            .unwrap()
            .is_some()
    );
    assert_eq!(
        accounts::secret(&mut conn, "cookie_key", || unreachable!("copied")).unwrap(),
        accounts::secret(&mut source.open(), "cookie_key", || unreachable!()).unwrap()
    );

    // A target with rows is refused, and left as it was.
    let out = copy(source.url(), back.url(), &[]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the target database is not empty"),
        "{stderr}"
    );
}

#[test]
fn a_copy_without_secrets_leaves_the_key_and_sessions_behind() {
    let source = TestDb::sqlite();
    everything(&source);
    let target = TestDb::sqlite();
    let out = copy(source.url(), target.url(), &["--without-secrets"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let counted = counts(&mut target.open()).unwrap();
    let of = |name: &str| counted.iter().find(|(t, _)| t == name).unwrap().1;
    assert_eq!(of("secrets"), 0);
    assert_eq!(of("sessions"), 0);
    assert!(of("users") > 0 && of("audit_log") > 0);
}

#[test]
fn a_copy_from_a_missing_file_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.db");
    let to = dir.path().join("to.db");
    let out = copy(typo.to_str().unwrap(), to.to_str().unwrap(), &[]);
    assert!(!out.status.success());
    assert!(!typo.exists());
}
