//! Text that cannot be stored is refused with a message naming its field or file:line, the
//! same on SQLite and PostgreSQL, in the form, the upload and the archive.

use crate::common;

use std::path::Path;

use actix_web::http::StatusCode;
use common::backends;
use common::http::browser;
use fushi::archive::ArchiveFiles;

fn import_club_night(db: &common::TestDb) {
    let files =
        ArchiveFiles::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night"))
            .unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

#[actix_web::test]
async fn nul_and_control_characters_are_refused_at_their_field() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        b.get("/d/club-night/teams").await;
        for (field, value) in [("name", "Nul\0team"), ("club", "Tab\tclub")] {
            let mut form = vec![
                ("number", "77"),
                ("name", "Fine"),
                ("club", ""),
                ("members", "A"),
            ];
            form.iter_mut().find(|(k, _)| *k == field).unwrap().1 = value;
            let page = b.post("/d/club-night/teams", &form).await;
            assert_eq!(
                page.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{} {field}: {}",
                db.backend(),
                page.body
            );
            page.has("Control characters (NUL, tab, line break…) cannot be stored here");
        }
        // An upload names the line.
        let csv = "team_no,name,club,members\n77,Nul\0team,,A\n";
        let page = b
            .upload(
                "/d/club-night/teams/upload",
                "file",
                "teams.csv",
                csv.as_bytes(),
                &[],
            )
            .await;
        assert!(
            page.status.is_client_error(),
            "{}: {}",
            db.backend(),
            page.status
        );
        page.has("teams.csv:2: name holds a control character");
        let event = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert!(
            event.teams.iter().all(|t| t.number != 77),
            "{}",
            db.backend()
        );
    }
}

#[test]
fn an_archive_with_a_nul_or_a_long_name_names_file_and_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let mut files = ArchiveFiles::read(&dir).unwrap();
    let teams = files.get("teams.csv").unwrap().to_owned();
    let mut lines: Vec<String> = teams.lines().map(str::to_owned).collect();
    lines[2] = lines[2].replacen(',', ",\0", 1);
    lines[3] = format!("4,{},,A", "x".repeat(300));
    files.insert("teams.csv", lines.join("\n") + "\n");
    let problems = fushi::archive::parse(&files).unwrap_err();
    let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        text.contains(
            &"teams.csv:3: name holds a control character (NUL, tab, line break…): remove it"
                .to_owned()
        ),
        "{text:?}"
    );
    assert!(
        text.contains(&"teams.csv:4: name is longer than 200 characters".to_owned()),
        "{text:?}"
    );
}

/// A withdrawal survives export → import (`teams.csv`'s last column `withdrawn`), and an
/// archive without withdrawals is written exactly as before.
#[test]
fn withdrawals_survive_the_archive() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let before = fushi::transfer::export(&mut conn, "club-night").unwrap();
        assert_eq!(
            before.get("teams.csv").unwrap().lines().next(),
            Some("team_no,name,club,members")
        );
        fushi::db::set_withdrawn(&mut conn, "club-night", 4, true).unwrap();
        let files = fushi::transfer::export(&mut conn, "club-night").unwrap();
        let teams = files.get("teams.csv").unwrap();
        assert!(
            teams.starts_with("team_no,name,club,members,withdrawn\n"),
            "{teams}"
        );
        assert!(
            teams
                .lines()
                .any(|l| l.starts_with("4,") && l.ends_with(",yes")),
            "{teams}"
        );
        let other = common::TestDb::sqlite();
        fushi::transfer::import(&mut other.open(), &files).unwrap();
        let event = fushi::db::load_event(&mut other.open(), "club-night")
            .unwrap()
            .unwrap();
        let withdrawn: Vec<i32> = event
            .teams
            .iter()
            .filter(|t| t.withdrawn)
            .map(|t| t.number)
            .collect();
        assert_eq!(withdrawn, vec![4], "{}", db.backend());
    }
}

/// The same bad line is reported at the line an editor shows, whatever the line endings,
/// with blank lines and a quoted cell over two lines before it.
#[test]
fn line_numbers_are_the_editors_for_lf_crlf_and_cr() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let good = ArchiveFiles::read(&dir).unwrap();
    // Line 1 header, 2 a team, 3 blank, 4–5 a team whose club is quoted over two lines,
    // 6 blank, 7 the bad team number.
    let lines = [
        "team_no,name,club,members",
        "1,A,,a",
        "",
        "2,B,\"Two",
        "lines\",b",
        "",
        "x,C,,c",
    ];
    for ending in ["\n", "\r\n", "\r"] {
        let mut files = good.clone();
        files.insert("teams.csv", lines.join(ending) + ending);
        let problems = fushi::archive::parse(&files).unwrap_err();
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|t| t.starts_with("teams.csv:7: team_no \"x\"")),
            "{ending:?}: {text:?}"
        );
        // A club over two lines is refused at the line its row starts on.
        assert!(
            text.iter()
                .any(|t| t.starts_with("teams.csv:4: club holds a control")),
            "{ending:?}: {text:?}"
        );
        // And the upload reads the same lines.
        let upload = fushi::archive::parse_teams(&(lines.join(ending) + ending)).unwrap_err();
        let upload_lines: Vec<_> = upload.iter().map(|p| p.line).collect();
        assert_eq!(upload_lines, vec![Some(4), Some(7)], "{ending:?}");
    }
}
