//! A database outage degrades, it does not freeze: public pages already rendered keep
//! being served from memory (marked as possibly out of date once the change watcher has
//! lost the database), a write answers 503 with what was typed kept in a form that sends
//! it again, `/readyz` says `degraded`, and everything recovers without a restart. The
//! cached anonymous page costs no database trip at all, which is also why it answers.

use crate::common;

use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use common::http::{TEST_PASSWORD, anonymous_with, ensure_user};
use common::{backends, import_club_night};
use fushi::db::Backend;
use fushi::db::accounts::Role;
use fushi::web::{AppState, live};

const STANDINGS: &str = "/t/club-night/standings";
pub(crate) const EDIT: &str = "/d/club-night/teams/3/edit";
pub(crate) const TYPED: &str = "Old Friends, typed during the outage";

/// Waits (bounded) until `done` holds.
async fn until(what: &str, bound: Duration, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < bound, "waited {bound:?} for {what}");
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The club night and an administrator on `db`, the app's state over a pool of it and the
/// change watcher started.
fn watched(db: &common::TestDb) -> (fushi::db::Pool, AppState) {
    import_club_night(db);
    ensure_user(db, "admin", Role::Admin);
    let pool = fushi::db::pool(db.url()).unwrap();
    let state = AppState::new(pool.clone()).unwrap();
    live::watch::spawn(state.live.clone());
    (pool, state)
}

/// A page without the "may be out of date" notice.
fn without_notice(body: &str) -> String {
    match body.find("\n<p class=\"stale-notice\"") {
        Some(at) => {
            let end = at + body[at..].find("</p>").unwrap() + "</p>".len();
            format!("{}{}", &body[..at], &body[end..])
        }
        None => body.to_owned(),
    }
}

/// The team form as the director typed it.
pub(crate) fn typed() -> Vec<(&'static str, &'static str)> {
    vec![
        ("number", "3"),
        ("name", TYPED),
        ("club", ""),
        ("members", "A\nB\nC\nD"),
    ]
}

/// The hidden fields of the 503 page's "Send again" form, in order.
pub(crate) fn resend_fields(body: &str) -> Vec<(String, String)> {
    let form = body
        .split("<form class=\"resend\"")
        .nth(1)
        .and_then(|rest| rest.split("</form>").next())
        .expect("a form that sends the typed fields again");
    form.split("<input type=\"hidden\" name=\"")
        .skip(1)
        .map(|input| {
            let (name, rest) = input.split_once('"').unwrap();
            let value = rest
                .split_once("value=\"")
                .and_then(|(_, v)| v.split_once('"'))
                .map(|(v, _)| v)
                .unwrap();
            (name.to_owned(), value.replace("&#10;", "\n"))
        })
        .collect()
}

#[actix_web::test]
async fn a_database_outage_keeps_rendered_pages_and_refuses_writes_with_the_form_kept() {
    for db in backends() {
        let backend = db.backend();
        let (pool, state) = watched(&db);
        let mut reader = anonymous_with(state.clone()).await;
        let mut director = anonymous_with(state.clone()).await;
        director.log_in("admin", TEST_PASSWORD).await;
        director.get_ok(EDIT).await;

        // The watcher's first look fills the directory; the page is rendered once.
        until("the directory", Duration::from_secs(10), || {
            state.live.listed("club-night").is_some()
        })
        .await;
        let before = reader.get_ok(STANDINGS).await;
        assert!(before.header("fushi-stale").is_none(), "{backend}");

        // The outage: PostgreSQL refuses every connection; on SQLite (whose file cannot
        // go away from open connections) every connection of the pool is taken, so no
        // request gets one within the pool's wait.
        let held: Vec<_> = match backend {
            Backend::Postgres => {
                db.take_away();
                Vec::new()
            }
            Backend::Sqlite => (1..pool.max_size()).map(|_| pool.get().unwrap()).collect(),
        };
        let started = Instant::now();
        let during = reader.get(STANDINGS).await;
        let answered_in = started.elapsed();
        assert_eq!(during.status, StatusCode::OK, "{backend}: {}", during.body);
        assert!(
            answered_in < fushi::db::connection::POOL_WAIT,
            "{backend}: the kept page answered in {answered_in:?}, within the pool's wait"
        );
        // The same page (with the notice once the watcher has noticed).
        assert_eq!(without_notice(&during.body), before.body, "{backend}");

        // A write: 503, nothing saved, the typed form kept to send again.
        let refused = director.post(EDIT, &typed()).await;
        assert_eq!(
            refused.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{backend}: {}",
            refused.body
        );
        refused
            .has("The database is busy")
            .has("What you typed is kept on this page")
            .has(&format!("action=\"{EDIT}\""))
            .has("Send again");
        let kept = resend_fields(&refused.body);
        assert!(
            kept.iter().any(|(k, v)| k == "name" && v == TYPED),
            "{backend}: {kept:?}"
        );
        assert!(kept.iter().any(|(k, _)| k == "csrf"), "{backend}");

        let ready = reader.get("/readyz").await;
        assert_eq!(ready.status, StatusCode::OK, "{backend}");
        assert!(
            ready.body.starts_with("degraded: "),
            "{backend}: {}",
            ready.body
        );

        if backend == Backend::Postgres {
            // The watcher has lost the database: pages say they may be out of date, in
            // the reader's language, and are not stored by a browser or proxy.
            until("the watcher to notice", Duration::from_secs(15), || {
                state.live.database_away().is_some()
            })
            .await;
            let marked = reader.get(STANDINGS).await;
            assert_eq!(marked.status, StatusCode::OK);
            assert_eq!(marked.header("fushi-stale"), Some("database-unavailable"));
            assert_eq!(marked.header("cache-control"), Some("no-store"));
            marked
                .has("class=\"stale-notice\"")
                .has("may be out of date");
            reader.accept_language = "zh-Hans".to_owned();
            reader.get(STANDINGS).await.has("可能不是最新");
            reader.accept_language = "en".to_owned();
        }

        // The database is back: no restart, the form sent again is saved, the mark goes.
        drop(held);
        db.bring_back();
        until("the watcher to reconnect", Duration::from_secs(20), || {
            state.live.database_away().is_none()
        })
        .await;
        let mut again = None;
        for _ in 0..50 {
            let fields = resend_fields(&refused.body);
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let page = director.post_raw(EDIT, &fields).await;
            if page.status != StatusCode::SERVICE_UNAVAILABLE {
                again = Some(page);
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        }
        let again = again.expect("the database took the form again");
        assert_eq!(
            again.status,
            StatusCode::SEE_OTHER,
            "{backend}: {}",
            again.body
        );
        let after = reader.get_ok("/t/club-night/teams/3").await;
        assert!(after.header("fushi-stale").is_none(), "{backend}");
        after.has(TYPED);
        assert_eq!(reader.get("/readyz").await.body, "ready\n", "{backend}");
    }
}

/// An anonymous reader's page of a published tournament reads nothing from the database
/// once the directory is kept: the revision and the access facts come from memory, and a
/// write through the server is seen by the very next anonymous request.
#[actix_web::test]
async fn anonymous_pages_need_no_database_trip_and_see_this_servers_writes_at_once() {
    for db in backends() {
        let backend = db.backend();
        let (pool, state) = watched(&db);
        let mut reader = anonymous_with(state.clone()).await;
        let mut director = anonymous_with(state.clone()).await;
        director.log_in("admin", TEST_PASSWORD).await;
        until("the directory", Duration::from_secs(10), || {
            state.live.listed("club-night").is_some()
        })
        .await;
        reader.get_ok(STANDINGS).await;

        // Every connection but the watcher's taken: the kept page still answers at once,
        // so it asked the database nothing.
        let held: Vec<_> = (1..pool.max_size()).map(|_| pool.get().unwrap()).collect();
        let started = Instant::now();
        for _ in 0..20 {
            reader.get_ok(STANDINGS).await;
        }
        assert!(
            started.elapsed() < fushi::db::connection::POOL_WAIT,
            "{backend}: 20 kept pages in {:?}",
            started.elapsed()
        );
        drop(held);

        // A write through this server: the next anonymous page shows it, no tick later.
        director.get_ok(EDIT).await;
        let saved = director.post(EDIT, &typed()).await;
        assert_eq!(
            saved.status,
            StatusCode::SEE_OTHER,
            "{backend}: {}",
            saved.body
        );
        reader.get_ok("/t/club-night/teams/3").await.has(TYPED);

        // Unpublished: the directory no longer vouches for it, the database says 404.
        let mut conn = db.open();
        let mut settings = fushi::db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap()
            .settings;
        settings.published = false;
        director.get_ok("/d/club-night/settings").await;
        crate::common::edits::update_settings(&mut conn, "club-night", &settings).unwrap();
        until("the watcher to see it", Duration::from_secs(10), || {
            state.live.listed("club-night").is_none()
        })
        .await;
        assert_eq!(
            reader.get(STANDINGS).await.status,
            StatusCode::NOT_FOUND,
            "{backend}"
        );
    }
}
