//! A full disk is not a bug: with the SQLite file on a small file system filled to the
//! last byte, a director's save answers 503 with what was typed kept in a form that sends
//! it again (not a 500 "internal error"), `/readyz` says `degraded` and why, and once room
//! is made the form sent again is saved, without a restart. The file system is a tmpfs of
//! the test's own, so the test needs root (it says so and passes without it).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use actix_web::http::StatusCode;
use diesel::connection::SimpleConnection;

use crate::common::http::{TEST_PASSWORD, anonymous_with, ensure_user};
use crate::common::{TestDb, import_club_night};
use crate::outage::{EDIT, TYPED, resend_fields, typed};
use fushi::db::accounts::Role;
use fushi::web::AppState;

/// A tmpfs of `size` on a temporary directory, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// `None` (with a notice) when this process may not mount one.
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: a small tmpfs could not be mounted (the test needs root)");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// Fills the file system of `dir` to its last byte with one file, and gives its path.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let chunk = vec![0u8; 4096];
    while file.write_all(&chunk).and_then(|()| file.flush()).is_ok() {}
    let _ = file.write_all(&[0]);
    path
}

#[actix_web::test]
async fn a_full_disk_answers_503_with_the_form_kept_and_readyz_says_degraded() {
    if !cfg!(target_os = "linux") {
        eprintln!("skipped: the small file system is a Linux tmpfs");
        return;
    }
    let Some(disk) = SmallDisk::mount("8m") else {
        return;
    };
    let db = TestDb::sqlite_in(disk.path());
    import_club_night(&db);
    ensure_user(&db, "admin", Role::Admin);
    let pool = fushi::db::pool(db.url()).unwrap();
    let state = AppState::new(pool.clone()).unwrap();
    let mut reader = anonymous_with(state.clone()).await;
    let mut director = anonymous_with(state.clone()).await;
    director.log_in("admin", TEST_PASSWORD).await;
    director.get_ok(EDIT).await;
    assert_eq!(reader.get("/readyz").await.body, "ready\n");

    // The journal starts empty, so the next write must grow it; then the disk is filled.
    pool.get()
        .unwrap()
        .batch_execute("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    let filler = fill(disk.path());

    let refused = director.post(EDIT, &typed()).await;
    assert_eq!(
        refused.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        refused.body
    );
    assert_eq!(refused.header("retry-after"), Some("60"));
    refused
        .has("The server&#39;s disk is full")
        .has("What you typed is kept on this page")
        .has(&format!("action=\"{EDIT}\""))
        .has("Send again");
    let kept = resend_fields(&refused.body);
    assert!(
        kept.iter().any(|(k, v)| k == "name" && v == TYPED),
        "{kept:?}"
    );

    let ready = reader.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert!(
        ready.body.starts_with("degraded: ") && ready.body.contains("is full"),
        "{}",
        ready.body
    );

    // Room is made: ready again, and the form sent again is saved.
    std::fs::remove_file(filler).unwrap();
    assert_eq!(reader.get("/readyz").await.body, "ready\n");
    let fields: Vec<(&str, &str)> = kept.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let again = director.post_raw(EDIT, &fields).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    reader.get_ok("/t/club-night/teams/3").await.has(TYPED);
    drop(director);
    drop(reader);
    drop(state);
    drop(pool);
    drop(db);
}
