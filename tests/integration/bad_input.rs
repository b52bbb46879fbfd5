//! Text that cannot be stored is refused with a message naming its field or file:line, the
//! same on SQLite and PostgreSQL, in the form, the upload and the archive.

use crate::common;
use fushi::rules::TeamNo;

use actix_web::http::StatusCode;
use common::http::{Page, browser};
use common::{TestDb, backends, club_night_dir, import_club_night};
use fushi::archive::ArchiveFiles;

/// Panics unless `page` refuses what was sent (a 4xx), naming the database.
#[track_caller]
fn refused(page: &Page, db: &TestDb) {
    assert!(
        page.status.is_client_error(),
        "{}: {}",
        db.backend(),
        page.status
    );
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
        let page = b.upload_teams(csv.as_bytes()).await;
        refused(&page, &db);
        page.has("teams.csv:2: name holds a control character");
        let event = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert!(
            event.teams.iter().all(|t| t.number != TeamNo(77)),
            "{}",
            db.backend()
        );
    }
}

#[test]
fn an_archive_with_a_nul_or_a_long_name_names_file_and_line() {
    let dir = club_night_dir();
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
        crate::common::edits::set_withdrawn(&mut conn, "club-night", TeamNo(4), true).unwrap();
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
            .map(|t| t.number.get())
            .collect();
        assert_eq!(withdrawn, vec![4], "{}", db.backend());
    }
}

/// The same bad line is reported at the line an editor shows, whatever the line endings,
/// with blank lines and a quoted cell over two lines before it.
#[test]
fn line_numbers_are_the_editors_for_lf_crlf_and_cr() {
    let dir = club_night_dir();
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

/// Passwords have a maximum (1,000 characters) on every surface that sets one, and a longer
/// one signs nobody in (it is not even hashed); a user name with a NUL is simply wrong, on
/// both backends.
#[actix_web::test]
async fn passwords_and_sign_in_names_are_bounded() {
    let long = "p".repeat(fushi::limits::PASSWORD + 1);
    let fine = "p".repeat(fushi::limits::PASSWORD);
    for db in backends() {
        let mut first = common::http::anonymous(&db).await;
        first.peer = Some(common::http::loopback_peer());
        first.get("/setup").await;
        let page = first
            .post(
                "/setup",
                &[("name", "root"), ("password", &long), ("confirm", &long)],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            db.backend()
        );
        page.has("at most 1,000");
        assert!(page.body.len() < 100_000, "the password is not echoed");

        let mut admin = browser(&db).await;
        admin.get("/admin/users").await;
        let page = admin
            .post(
                "/admin/users",
                &[("name", "long"), ("role", "director"), ("password", &long)],
            )
            .await;
        refused(&page, &db);
        page.has("at most 1,000");
        let page = admin
            .submit(
                "/admin/users",
                &[
                    ("name", "longest"),
                    ("role", "director"),
                    ("password", &fine),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", db.backend());
        let users = fushi::db::accounts::list_users(&mut db.open()).unwrap();
        assert!(users.iter().all(|u| u.user.name != "long"));
        let id = users
            .iter()
            .find(|u| u.user.name == "longest")
            .unwrap()
            .user
            .id;
        let page = admin
            .post(
                &format!("/admin/users/{id}/password"),
                &[("password", &long)],
            )
            .await;
        refused(&page, &db);
        page.has("at most 1,000");

        // Signing in: the longest password works, a longer one and a NUL name are wrong.
        let mut b = common::http::anonymous(&db).await;
        b.get("/login").await;
        let page = b
            .post("/login", &[("name", "longest"), ("password", &long)])
            .await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", db.backend());
        let page = b
            .post("/login", &[("name", "lon\0gest"), ("password", &fine)])
            .await;
        assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", db.backend());
        let page = b
            .post("/login", &[("name", "longest"), ("password", &fine)])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", db.backend());
    }
}

/// The codes and notes the pages send back are bounded and refused with a message naming
/// them, never a 500 (PostgreSQL cannot store a NUL): a tournament's slug in the access
/// form, the note refusing a table's entry, a table's submission id, a form token.
#[actix_web::test]
async fn codes_notes_and_tokens_are_bounded_on_both_backends() {
    for db in backends() {
        common::club_night_with_table_round(&db, 2, false);
        let mut admin = browser(&db).await;
        let backend = db.backend();

        // The access form's slug.
        common::http::ensure_user(&db, "sam", fushi::db::accounts::Role::Director);
        let users = fushi::db::accounts::list_users(&mut db.open()).unwrap();
        let sam = users.iter().find(|u| u.user.name == "sam").unwrap().user.id;
        admin.get("/admin/users").await;
        for slug in ["club\0night".to_owned(), "c".repeat(5_000)] {
            let page = admin
                .post(
                    &format!("/admin/users/{sam}/access"),
                    &[("slug", &slug), ("access", "scorer")],
                )
                .await;
            assert!(page.status.is_client_error(), "{backend}: {}", page.status);
            assert!(
                page.body.len() < 100_000,
                "{backend}: the slug is not echoed whole"
            );
        }

        // The director's note refusing a table's entry: at most 500 characters, line
        // breaks allowed, no other control character.
        let room = "/d/club-night/rounds/4/tables/1/rooms/open";
        admin.get(room).await;
        let long = "n".repeat(fushi::limits::NOTE + 1);
        let page = admin
            .post(room, &[("action", "reject"), ("note", &long)])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{backend}");
        page.has("is longer than 500 characters");
        let page = admin
            .post(room, &[("action", "reject"), ("note", "bad\0note")])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{backend}");
        page.has("holds a control character");
        let page = admin
            .post(room, &[("action", "reject"), ("note", "two\r\nlines")])
            .await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "{backend}: {}",
            page.body
        );

        // A table's submission id.
        let token = common::room_token(&db, 1, fushi::rules::Room::Open);
        let link = format!("/table/{token}");
        let mut table = common::http::anonymous(&db).await;
        let long_id = "s".repeat(fushi::limits::CODE + 1);
        for submission in ["s\0", long_id.as_str()] {
            let page = table
                .post_raw(
                    &link,
                    &[
                        ("side", "ns"),
                        ("submission", submission),
                        ("1-trick_points", "60"),
                        ("1-last_trick", "declarer"),
                        ("2-trick_points", "60"),
                        ("2-last_trick", "declarer"),
                    ],
                )
                .await;
            assert_eq!(
                page.status,
                StatusCode::BAD_REQUEST,
                "{backend}: {}",
                page.body
            );
            page.has("submission");
        }

        // A form token with a NUL is no token: the round is added once, no 500.
        admin.get("/d/club-night/rounds").await;
        let page = admin
            .post(
                "/d/club-night/rounds",
                &[
                    ("boards", "2"),
                    ("level", "2"),
                    ("trump", ""),
                    ("form_token", "t\0k"),
                ],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "{backend}: {}",
            page.body
        );
    }
}

/// The club night's archive with `file` edited by `edit` (its lines, header first).
fn club_night_with(file: &str, edit: impl FnOnce(&mut Vec<String>)) -> ArchiveFiles {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let mut lines: Vec<String> = files
        .get(file)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    edit(&mut lines);
    files.insert(file, lines.join("\n") + "\n");
    files
}

/// Every problem `files` gives, as `file:line: why` in English.
fn problems(files: &ArchiveFiles) -> Vec<String> {
    fushi::archive::parse(files)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// An unclosed quote is said once, at the line where it opens: not "5 cells, but the
/// header has 14", and not a message for every row it swallowed; the lines after it are
/// read. In a team's row it sets off nothing in the files that name the teams, even when a
/// later quoted cell would have "closed" it.
#[test]
fn an_unclosed_quote_is_named_at_its_line_once() {
    let unclosed = "a quote (\") opens a cell on this line and is never closed where a cell \
                    ends, so the lines after it would read as one cell: close it, or remove it";
    let files = club_night_with("results.csv", |lines| {
        lines[4] = "1,1,open,4,115,,declarer,\"pair,,,,,,".to_owned();
    });
    assert_eq!(problems(&files), [format!("results.csv:5: {unclosed}")]);
    // The lines after it are read: a bad one further down is still found.
    let files = club_night_with("results.csv", |lines| {
        lines[4] = "1,1,open,4,115,,declarer,\"pair,,,,,,".to_owned();
        lines[6] = "1,1,closed,2,sixty,5,defenders,single,,,,,,".to_owned();
    });
    assert_eq!(
        problems(&files),
        [
            format!("results.csv:5: {unclosed}"),
            "results.csv:7: trick_points \"sixty\" is not a whole number".to_owned()
        ]
    );
    let files = club_night_with("teams.csv", |lines| {
        lines[2] = "2,\"Red Tractors,Riverside,Alice Chen;Ben Wu".to_owned();
    });
    assert_eq!(problems(&files), [format!("teams.csv:3: {unclosed}")]);
    // A quote inside a cell that does not start with one is text, as the CSV reader has it.
    let files = club_night_with("teams.csv", |lines| {
        lines[4] = "4,Level \"Up\" Lions,,Emma Liu;Frank Huang;Grace Lin;Henry Xu".to_owned();
    });
    let event = fushi::archive::parse(&files).unwrap().event;
    assert_eq!(event.teams[3].name, "Level \"Up\" Lions");
}

/// A combination that is not one (`tractor:1`: a tractor has at least two pairs) gets its
/// own message only, not also "the defenders won the last trick: give the combination".
#[test]
fn a_bad_combination_gives_one_message() {
    let files = club_night_with("results.csv", |lines| {
        lines[5] = "1,1,closed,1,70,10,defenders,tractor:1,,,,,,".to_owned();
    });
    let text = problems(&files);
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(text[0].starts_with("results.csv:6: "), "{text:?}");
    assert!(text[0].contains("tractor:1"), "{text:?}");
}

/// One bad `teams.csv` row gives one message: the schedule's and the line-ups' rows that
/// name that team are not blamed for it. So does a row whose team number cannot be read.
#[test]
fn one_bad_team_row_gives_one_message() {
    let files = club_night_with("teams.csv", |lines| {
        lines[2] = "2,,Riverside,Alice Chen;Ben Wu".to_owned();
    });
    assert_eq!(problems(&files), ["teams.csv:3: name is empty"]);
    let files = club_night_with("teams.csv", |lines| {
        lines[2] = "two,Red Tractors,Riverside,Alice Chen;Ben Wu".to_owned();
    });
    assert_eq!(
        problems(&files),
        ["teams.csv:3: team_no \"two\" is not a whole number"]
    );
    // A team that no row names is still unknown.
    let files = club_night_with("schedule.csv", |lines| {
        lines[1] = "1,1,2,9".to_owned();
    });
    let text = problems(&files);
    assert!(
        text.iter()
            .any(|p| p.starts_with("schedule.csv:2: ") && p.contains("team 9")),
        "{text:?}"
    );
}

/// One bad `boards.csv` row, or one bad `schedule.csv` row, gives one message: the rows of
/// later files that rely on it are not blamed for it.
#[test]
fn one_bad_board_or_schedule_row_gives_one_message() {
    let files = club_night_with("boards.csv", |lines| {
        lines[1] = "1,1,Q,2,".to_owned();
    });
    let text = problems(&files);
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(text[0].starts_with("boards.csv:2: "), "{text:?}");
    let files = club_night_with("boards.csv", |lines| {
        lines[1] = "one,1,N,2,".to_owned();
    });
    assert_eq!(
        problems(&files),
        ["boards.csv:2: round \"one\" is not a whole number"]
    );
    let files = club_night_with("schedule.csv", |lines| {
        lines[1] = "1,1,2,2".to_owned();
    });
    assert_eq!(
        problems(&files),
        ["schedule.csv:2: team 2 cannot play itself"]
    );
}

/// A missing file that others rely on is named once, with the file that needs it; its
/// dependants' rows are not blamed one by one.
#[test]
fn a_missing_boards_or_schedule_file_is_named() {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let mut without = ArchiveFiles::new();
    for name in files.names() {
        if name != "boards.csv" {
            without.insert(name, files.get(name).unwrap());
        }
    }
    assert_eq!(
        problems(&without),
        ["boards.csv: missing from the archive, and schedule.csv needs it"]
    );
    let mut without = ArchiveFiles::new();
    for name in files.names() {
        if name != "schedule.csv" {
            without.insert(name, files.get(name).unwrap());
        }
    }
    assert_eq!(
        problems(&without),
        ["schedule.csv: missing from the archive, and results.csv needs it"]
    );
    // Every language words it.
    let problem = fushi::archive::Problem::in_file(
        "boards.csv",
        fushi::input::Why::MissingFileFor {
            needed_by: "schedule.csv".to_owned(),
        },
    );
    for lang in fushi::i18n::Lang::all() {
        let text = problem.text(&fushi::i18n::Tr::new(lang));
        assert!(
            text.starts_with("boards.csv: ") && text.contains("schedule.csv"),
            "{text}"
        );
    }
    // A tournament with teams only (nothing scheduled yet) needs neither.
    files.insert("schedule.csv", "round,table,home,away\n");
    let results_header = files
        .get("results.csv")
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    files.insert("results.csv", format!("{results_header}\n"));
    let mut teams_only = ArchiveFiles::new();
    for name in files.names() {
        if name != "boards.csv" && name != "lineups.csv" {
            teams_only.insert(name, files.get(name).unwrap());
        }
    }
    assert!(
        fushi::archive::parse(&teams_only).is_ok(),
        "{:?}",
        fushi::archive::parse(&teams_only).err()
    );
}

/// CSV columns are read by their header names, as docs/rules.md says: the same archive with
/// every file's columns in reverse order reads as the same event.
#[test]
fn csv_columns_are_read_by_name_whatever_their_order() {
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let expected = fushi::archive::parse(&files).unwrap().event;
    let mut reversed = files.clone();
    for name in files.names().filter(|n| n.ends_with(".csv")) {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        let mut r = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(files.get(name).unwrap().as_bytes());
        for record in r.records() {
            let record = record.unwrap();
            let cells: Vec<&str> = record.iter().rev().collect();
            w.write_record(&cells).unwrap();
        }
        reversed.insert(name, String::from_utf8(w.into_inner().unwrap()).unwrap());
    }
    assert_ne!(reversed.get("teams.csv"), files.get("teams.csv"));
    assert_eq!(fushi::archive::parse(&reversed).unwrap().event, expected);
}
