//! Invariants that hold when requests arrive at the same moment, on SQLite and PostgreSQL:
//! one first administrator, the last administrator keeps the role, round numbers taken
//! one at a time, a double-submitted form acting once, round numbers that cannot overflow;
//! and a save that finds the database busy past its timeout keeps what was typed.

use crate::common;
use fushi::rules::TeamNo;

use actix_web::http::StatusCode;
use common::http::browser;
use common::{backends, club_night_pairings, import_club_night};
use fushi::db::accounts::{self, AccountError, Role};

/// `n` copies of `work` run at the same moment on their own connections.
fn at_once<T: Send>(
    pool: &fushi::db::Pool,
    n: usize,
    work: impl Fn(usize, &mut fushi::db::DbConnection) -> T + Sync,
) -> Vec<T> {
    let barrier = std::sync::Barrier::new(n);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|i| {
                let (barrier, work) = (&barrier, &work);
                s.spawn(move || {
                    let mut conn = pool.get().unwrap();
                    barrier.wait();
                    work(i, &mut conn)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn the_first_administrator_is_created_once() {
    for db in backends() {
        let pool = fushi::db::pool(db.url()).unwrap();
        let made = at_once(&pool, 6, |i, conn| {
            accounts::create_first_admin(conn, &format!("admin{i}"), "a good password")
                .unwrap()
                .is_some()
        });
        assert_eq!(made.iter().filter(|m| **m).count(), 1, "{}", db.backend());
        let users = accounts::list_users(&mut db.open()).unwrap();
        assert_eq!(users.len(), 1, "{}", db.backend());
    }
}

#[test]
fn demoting_the_last_two_administrators_at_once_leaves_one() {
    for db in backends() {
        let pool = fushi::db::pool(db.url()).unwrap();
        for name in ["ann", "bob"] {
            accounts::create_user(&mut db.open(), name, "a good password", Role::Admin).unwrap();
        }
        for round in 0..10 {
            let results = at_once(&pool, 2, |i, conn| {
                accounts::set_role(conn, ["ann", "bob"][i], Role::Director)
            });
            let refused = results
                .iter()
                .filter(|r| matches!(r, Err(AccountError::LastAdmin)))
                .count();
            assert_eq!(refused, 1, "{} pass {round}: {results:?}", db.backend());
            let admins = accounts::list_users(&mut db.open())
                .unwrap()
                .into_iter()
                .filter(|u| u.user.role == Role::Admin)
                .count();
            assert_eq!(admins, 1, "{} pass {round}", db.backend());
            for name in ["ann", "bob"] {
                accounts::set_role(&mut db.open(), name, Role::Admin).unwrap();
            }
        }
    }
}

fn round_numbers(db: &common::TestDb) -> Vec<i32> {
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    event.rounds.iter().map(|r| r.number).collect()
}

/// Rounds added at the same moment get the next numbers in turn, no 5xx; the same form
/// sent twice (a double click: the same form token) adds one round.
#[actix_web::test]
async fn rounds_added_at_once_are_numbered_in_turn_and_a_double_click_adds_one() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let before = round_numbers(&db);
        let last = *before.last().unwrap();
        let page = b.get("/d/club-night/rounds").await;
        let token = {
            let at = page
                .body
                .find("name=\"form_token\" value=\"")
                .expect("a form token")
                + 25;
            page.body[at..at + page.body[at..].find('"').unwrap()].to_owned()
        };
        let form = |token: &str| {
            vec![
                ("boards".to_owned(), "4".to_owned()),
                ("level".to_owned(), "2".to_owned()),
                ("trump".to_owned(), String::new()),
                ("form_token".to_owned(), token.to_owned()),
            ]
        };
        let path = "/d/club-night/rounds".to_owned();
        // A double click: the same token twice at once, then once more.
        let answers = b
            .post_together(&[(path.clone(), form(&token)), (path.clone(), form(&token))])
            .await;
        assert!(
            answers.iter().all(|(s, _)| *s == StatusCode::SEE_OTHER),
            "{answers:?}"
        );
        let again = b.post_together(&[(path.clone(), form(&token))]).await;
        assert_eq!(again[0].0, StatusCode::SEE_OTHER);
        assert_eq!(
            round_numbers(&db).len(),
            before.len() + 1,
            "{}",
            db.backend()
        );
        // Four different forms at once: four rounds, numbered in turn.
        let posts: Vec<_> = (0..4)
            .map(|i| (path.clone(), form(&format!("other-{i}"))))
            .collect();
        let answers = b.post_together(&posts).await;
        assert!(
            answers.iter().all(|(s, _)| *s == StatusCode::SEE_OTHER),
            "{}: {:?}",
            db.backend(),
            answers.iter().map(|a| a.0).collect::<Vec<_>>()
        );
        let expected: Vec<i32> = before.iter().copied().chain(last + 1..=last + 5).collect();
        assert_eq!(round_numbers(&db), expected, "{}", db.backend());
    }
}

/// The next round after the highest allowed number is refused with a message, not a
/// dropped connection or a negative round.
#[test]
fn round_numbers_do_not_overflow() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        use diesel::prelude::*;
        diesel::sql_query(format!(
            "UPDATE rounds SET number = {} WHERE number = 3",
            fushi::db::rounds::MAX_ROUND
        ))
        .execute(&mut conn)
        .unwrap();
        let added = fushi::db::add_round(&mut conn, "club-night", &[]);
        let err = added.unwrap_err().to_string();
        assert!(err.contains("at most 999 rounds"), "{err}");
    }
}

/// Generating the same new round twice at the same moment: no error, one round added, and
/// it holds one pairing (the later generation's, whole).
#[test]
fn the_same_round_generated_twice_at_once_is_one_round_with_one_pairing() {
    use fushi::db::schedule::{GeneratedRound, save_generated};
    use fushi::rules::Pairing;
    use fushi::rules::PairingMethod;
    for db in backends() {
        import_club_night(&db);
        let pool = fushi::db::pool(db.url()).unwrap();
        let next = *round_numbers(&db).last().unwrap() + 1;
        let boards = fushi::rules::event::new_boards(4, "2".parse().unwrap(), None);
        let results = at_once(&pool, 2, |i, conn| {
            let pairings = if i == 0 {
                club_night_pairings()
            } else {
                vec![
                    Pairing {
                        table: 1,
                        home: TeamNo(1),
                        away: Some(TeamNo(3)),
                    },
                    Pairing {
                        table: 2,
                        home: TeamNo(2),
                        away: Some(TeamNo(5)),
                    },
                    Pairing {
                        table: 3,
                        home: TeamNo(4),
                        away: None,
                    },
                ]
            };
            let generated = GeneratedRound {
                number: next,
                pairings,
                explanations: Vec::new(),
                overridden: false,
                seeds: Vec::new(),
            };
            save_generated(
                conn,
                "club-night",
                PairingMethod::Manual,
                None,
                &boards,
                &[generated],
                "",
            )
        });
        for r in &results {
            assert!(matches!(r, Ok(true)), "{}: {results:?}", db.backend());
        }
        let event = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let added: Vec<_> = event.rounds.iter().filter(|r| r.number >= next).collect();
        assert_eq!(added.len(), 1, "{}", db.backend());
        assert_eq!(added[0].matches.len(), 3, "{}", db.backend());
    }
}

/// The club night's round 4 (two boards, table-side entry on) and a browser signed in as
/// the administrator on connections that wait only 50 ms for SQLite's write lock.
async fn busy_round(
    db: &common::TestDb,
) -> common::http::Browser<
    impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
> {
    common::club_night_with_table_round(db, 2, false);
    common::http::ensure_user(db, "admin", fushi::db::accounts::Role::Admin);
    let pool =
        fushi::db::pool_with_busy_timeout(db.url(), std::time::Duration::from_millis(50)).unwrap();
    let mut b = common::http::anonymous_on(pool).await;
    b.log_in("admin", common::http::TEST_PASSWORD).await;
    b
}

/// Another connection holding SQLite's write lock until dropped (or `ROLLBACK`).
fn hold_write_lock(db: &common::TestDb) -> fushi::db::DbConnection {
    use diesel::connection::SimpleConnection;
    let mut holder = db.open();
    holder.batch_execute("BEGIN IMMEDIATE").unwrap();
    holder
}

fn results_of_round_4(db: &common::TestDb, table: i32) -> usize {
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    let round = event.rounds.iter().find(|r| r.number == 4).unwrap();
    let m = round.matches.iter().find(|m| m.table == table).unwrap();
    m.results.len()
}

#[actix_web::test]
async fn a_busy_database_shows_the_score_sheet_again_with_everything_typed() {
    use diesel::connection::SimpleConnection;
    let db = common::TestDb::sqlite();
    let mut b = busy_round(&db).await;
    let entry = "/d/club-night/rounds/4/tables/1";
    b.get_ok(entry).await;
    let typed = [
        ("version", "0"),
        ("o1-trick_points", "55"),
        ("o1-bottom_points", "15"),
        ("o1-last_trick", "declarer"),
        ("c2-trick_points", "85"),
        ("c2-last_trick", "defenders"),
        ("c2-combo", "pair"),
        ("c2-ruling", "-2"),
    ];
    let mut holder = hold_write_lock(&db);
    let page = b.post(entry, &typed).await;
    assert_eq!(
        page.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        page.body
    );
    assert_eq!(page.header("retry-after"), Some("2"));
    page.has("nothing was saved")
        .has("Everything you typed is still below")
        .has("name=\"o1-trick_points\" value=\"55\"")
        .has("name=\"o1-bottom_points\" value=\"15\"")
        .has("name=\"c2-trick_points\" value=\"85\"")
        .has("name=\"c2-ruling\" value=\"-2\"")
        .has("<option value=\"pair\" selected>");
    holder.batch_execute("ROLLBACK").unwrap();
    assert_eq!(results_of_round_4(&db, 1), 0, "nothing was saved");
    // Sent again once the database is free: saved.
    let page = b.post(entry, &typed).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert_eq!(results_of_round_4(&db, 1), 2);
}

#[actix_web::test]
async fn a_busy_database_shows_the_tables_page_again_with_everything_typed() {
    use diesel::connection::SimpleConnection;
    let db = common::TestDb::sqlite();
    let mut b = busy_round(&db).await;
    let token = common::room_token(&db, 1, fushi::rules::Room::Open);
    let link = format!("/table/{token}");
    let code = common::code_for(&db, &link, "ns");
    let typed = [
        ("code", code.as_str()),
        ("submission", "busy-1"),
        ("1-trick_points", "60"),
        ("1-bottom_points", "10"),
        ("1-last_trick", "declarer"),
        ("2-trick_points", "35"),
        ("2-last_trick", "declarer"),
    ];
    let mut holder = hold_write_lock(&db);
    let page = b.post_raw(&link, &typed).await;
    assert_eq!(
        page.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        page.body
    );
    page.has("nothing was saved")
        .has("value=\"60\"")
        .has("value=\"35\"");
    holder.batch_execute("ROLLBACK").unwrap();
    let page = b.post_raw(&link, &typed).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
}
