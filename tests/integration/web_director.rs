//! The director's tournaments, dashboard, settings and teams, through the test browser, and
//! the database functions behind them on both backends.

use crate::common;
use fushi::rules::TeamNo;

use actix_web::http::StatusCode;
use common::http::{Page, browser};
use common::{TestDb, backends, import_club_night, sample_event};
use fushi::archive::ArchiveFiles;
use fushi::db::{self, DbConnection, EditError};
use fushi::rules::{DeckRules, Decks, MatchScoring, Score, Team};

fn export(db: &TestDb, slug: &str, file: &str) -> String {
    let files = fushi::transfer::export(&mut db.open(), slug).expect("export");
    files.get(file).expect("the file").to_owned()
}

/// The text of the error paragraph beside `field`, or a panic that shows the page.
#[track_caller]
fn error_of(page: &Page, field: &str) -> String {
    let marker = format!("<p class=\"field-error\" id=\"{field}-error\">");
    let start = page
        .body
        .find(&marker)
        .unwrap_or_else(|| panic!("no error beside {field} in:\n{}", page.body))
        + marker.len();
    let end = start + page.body[start..].find("</p>").expect("a closed paragraph");
    page.body[start..end].to_owned()
}

/// (s, wording) of the preview row for P = `p`.
#[track_caller]
fn preview_row(page: &Page, p: i32) -> (String, String) {
    let marker = format!("<th scope=\"row\" class=\"num\">{p}</th>");
    let start = page
        .body
        .find(&marker)
        .unwrap_or_else(|| panic!("no preview row for P = {p} in:\n{}", page.body))
        + marker.len();
    let cells: Vec<String> = page.body[start..]
        .split("</td>")
        .take(2)
        .map(|cell| cell[cell.rfind('>').expect("a cell") + 1..].to_owned())
        .collect();
    (cells[0].clone(), cells[1].clone())
}

/// The settings form of a two-deck tournament with a custom table, as a browser posts it.
fn custom_form(name: &'static str, slug: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", name),
        ("slug", slug),
        ("published", "on"),
        ("decks", "2"),
        ("rules", "custom"),
        ("takeover_at", "80"),
        ("step", "40"),
        ("band-min-0", "0"),
        ("band-s-0", "3"),
        ("band-min-1", "5"),
        ("band-s-1", "2"),
        ("band-min-2", "40"),
        ("band-s-2", "1"),
        ("band-min-3", "80"),
        ("band-s-3", "-1"),
        ("bottom_multiplier", "doubling"),
        ("match_scoring", "vp20"),
        ("vp_blitz", "4.5"),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("bye_score", ""),
        ("tiebreak-0", "level_diff"),
        ("tiebreak-1", "head_to_head"),
        ("tiebreak-2", ""),
        ("tiebreak-3", ""),
        ("tiebreak-4", ""),
    ]
}

/// `form` with some fields replaced (or added).
fn with(
    mut form: Vec<(&'static str, &'static str)>,
    changes: &[(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str)> {
    for (key, value) in changes {
        match form.iter_mut().find(|(k, _)| k == key) {
            Some(pair) => pair.1 = value,
            None => form.push((key, value)),
        }
    }
    form
}

/// The settings form of examples/club-night as stored.
fn club_night_form() -> Vec<(&'static str, &'static str)> {
    with(
        custom_form("Thursday Club Night 周四俱乐部复式赛", "club-night"),
        &[
            ("rules", "standard"),
            ("bottom_multiplier", "exponential"),
            ("vp_blitz", "5"),
            ("tiebreak-0", "head_to_head"),
            ("tiebreak-1", "level_quotient"),
            ("tiebreak-2", "level_diff"),
            ("tiebreak-3", "point_diff"),
            ("tiebreak-4", "boards_won"),
        ],
    )
}

#[actix_web::test]
async fn a_tournament_with_a_custom_band_table_is_created_previewed_and_exported() {
    for db in backends() {
        let mut b = browser(&db).await;
        b.get("/d")
            .await
            .has("No tournaments yet")
            .has("href=\"/d/new\"");
        let new = b.get_ok("/d/new").await;
        new.has("action=\"/d/new\"")
            .has("data-preview-url=\"/d/new/preview\"")
            // The defaults: the standard two-deck table, its preview beside it.
            .has("<option value=\"standard\" data-decks=\"1 2 3\" selected>");
        assert_eq!(preview_row(&new, 80).0, "\u{2212}1");

        let created = b
            .post("/d/new", &custom_form("Spring <Duplicate> 春季", "spring"))
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        assert_eq!(created.location.as_deref(), Some("/d/spring"));
        let dashboard = b.get("/d/spring").await;
        dashboard
            .has("Tournament created.")
            .has("<h1>Spring &#60;Duplicate&#62; 春季</h1>")
            .has("href=\"/d/spring/settings\"")
            .has("href=\"/d/spring/teams\"")
            .has("href=\"/d/spring/rounds\"")
            .has("href=\"/d/spring/archive\"")
            .has("href=\"/t/spring\"")
            .has("aria-current=\"page\"")
            .has("No rounds yet.");
        // The confirmation shows once.
        b.get("/d/spring").await.lacks("Tournament created.");

        // The preview fragment, as settings.js asks for it.
        let query = "decks=2&rules=custom&takeover_at=80&step=40&band-min-0=0&band-s-0=3\
                     &band-min-1=5&band-s-1=2&band-min-2=40&band-s-2=1&band-min-3=80&band-s-3=-1";
        let fragment = b
            .get_ok(&format!("/d/spring/settings/preview?{query}"))
            .await;
        assert!(fragment.content_type.starts_with("text/html"));
        fragment.lacks("<html").has("P from 0 to 200");
        assert_eq!(
            preview_row(&fragment, 0),
            ("+3".into(), "declarers up 3".into())
        );
        assert_eq!(
            preview_row(&fragment, 75),
            ("+1".into(), "declarers up 1".into())
        );
        assert_eq!(
            preview_row(&fragment, 80),
            ("\u{2212}1".into(), "defenders take over, up 1".into())
        );
        assert_eq!(
            preview_row(&fragment, 120),
            ("\u{2212}2".into(), "defenders take over, up 2".into())
        );
        assert_eq!(
            preview_row(&fragment, 200),
            ("\u{2212}4".into(), "defenders take over, up 4".into())
        );
        // The same for a tournament still being created; a bad table says why.
        let fresh = b.get(&format!("/d/new/preview?{query}")).await;
        assert_eq!(preview_row(&fresh, 120).0, "\u{2212}2");
        b.get("/d/new/preview?decks=2&rules=custom&takeover_at=80&step=0&band-min-0=0&band-s-0=3")
            .await
            .has("No preview until");
        assert_eq!(
            b.get(&format!("/d/nowhere/settings/preview?{query}"))
                .await
                .status,
            StatusCode::NOT_FOUND
        );

        // The stored settings round-trip into the export's tournament.toml.
        assert_eq!(
            export(&db, "spring", "tournament.toml"),
            "name = \"Spring <Duplicate> 春季\"\nslug = \"spring\"\npublished = true\ndecks = 2\n\
             rules = \"custom\"\ntakeover_at = 80\nbands = [[0, 3], [5, 2], [40, 1], [80, -1]]\n\
             step = 40\nbottom_multiplier = \"doubling\"\nmatch_scoring = \"vp20\"\nvp_blitz = 4.5\n\
             win_draw_loss = [2, 1, 0]\nbye_score = 12.0\ntiebreaks = [\"level_diff\", \"head_to_head\"]\n"
        );
        // And the settings page shows them as stored, the bye blank (the default).
        let settings = b.get("/d/spring/settings").await;
        settings
            .has("value=\"Spring &#60;Duplicate&#62; 春季\"")
            .has("<option value=\"custom\" data-decks=\"1 2 3\" selected>")
            .has("id=\"band-min-3\" name=\"band-min-3\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"80\"")
            .has("id=\"bye_score\" name=\"bye_score\" type=\"text\" inputmode=\"decimal\" size=\"5\" value=\"\"")
            .has("id=\"vp_blitz\" name=\"vp_blitz\" type=\"text\" inputmode=\"decimal\" size=\"5\" value=\"4.5\"");
        assert_eq!(preview_row(&settings, 120).0, "\u{2212}2");
        b.get("/d")
            .await
            .has("href=\"/d/spring\"")
            .has("<code>spring</code>");
    }
}

#[actix_web::test]
async fn every_settings_error_shows_beside_its_field_with_the_input_kept() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    b.post("/d/new", &custom_form("Taken", "taken")).await;

    let refused = |page: &Page| assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let page = b
        .post("/d/new", &with(custom_form("X", "Bad Slug"), &[]))
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "slug"),
        "Use 1–64 characters: a–z, 0–9 and -."
    );
    page.has("value=\"Bad Slug\"")
        .has("aria-invalid=\"true\"")
        .has("class=\"error-summary\"")
        .has("<a href=\"#slug\">");

    let page = b.post("/d/new", &custom_form("X", "taken")).await;
    refused(&page);
    assert_eq!(
        error_of(&page, "slug"),
        "Another tournament already uses the slug &#34;taken&#34;."
    );

    let page = b.post("/d/new", &custom_form("X", "new")).await;
    refused(&page);
    assert!(error_of(&page, "slug").contains("address of another page"));

    let page = b
        .post(
            "/d/new",
            &with(custom_form("X", "x"), &[("band-min-0", "5")]),
        )
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "band-min-0"),
        "The first row must start at P = 0."
    );
    page.has("id=\"band-min-0\" name=\"band-min-0\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"5\"");

    let page = b
        .post(
            "/d/new",
            &with(custom_form("X", "x"), &[("band-min-2", "90")]),
        )
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "band-min-3"),
        "Minimums must ascend: 80 comes after 90."
    );

    let page = b
        .post("/d/new", &with(custom_form("X", "x"), &[("step", "0")]))
        .await;
    refused(&page);
    assert_eq!(error_of(&page, "step"), "The step must be greater than 0.");
    page.has(
        "id=\"step\" name=\"step\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"0\"",
    );

    let page = b
        .post(
            "/d/new",
            &with(
                custom_form("X", "x"),
                &[("takeover_at", "eighty"), ("win", "two"), ("name", "  ")],
            ),
        )
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "takeover_at"),
        "Enter a whole number, such as 40."
    );
    assert_eq!(error_of(&page, "win"), "Enter a number, such as 2 or 1.5.");
    assert_eq!(error_of(&page, "name"), "This field is required.");
    page.has("value=\"eighty\"").has("value=\"two\"");

    let page = b
        .post(
            "/d/new",
            &with(custom_form("X", "x"), &[("tiebreak-2", "level_diff")]),
        )
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "tiebreak-2"),
        "level difference is already used above."
    );

    // A preset that does not exist for the deck count.
    let page = b
        .post(
            "/d/new",
            &with(
                custom_form("X", "x"),
                &[("decks", "3"), ("rules", "bands-20")],
            ),
        )
        .await;
    refused(&page);
    assert_eq!(
        error_of(&page, "rules"),
        "The band table “a level for every 20 points” does not exist for 3 decks: choose standard / custom (edit the rows below)."
    );

    // Nothing of it was created; the same errors show on a stored tournament's form.
    let list = db::list_tournaments(&mut db.open()).unwrap();
    assert_eq!(list.len(), 1);
    let page = b
        .post(
            "/d/taken/settings",
            &with(custom_form("Taken", "taken"), &[("step", "-40")]),
        )
        .await;
    refused(&page);
    assert_eq!(error_of(&page, "step"), "The step must be greater than 0.");
    page.has("aria-current=\"page\"");
}

#[actix_web::test]
async fn band_rows_are_added_and_removed_without_javascript() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    let form = with(custom_form("X", "x"), &[("action", "add-band")]);
    let page = b.post("/d/new", &form).await;
    assert_eq!(page.status, StatusCode::OK);
    page.has("id=\"band-min-4\" name=\"band-min-4\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"\"")
        .has("value=\"remove-band-4\"")
        .lacks("class=\"error-summary\"");
    // Removing row 2 (minimum 40) renumbers the rest and previews the new table.
    let form = with(custom_form("X", "x"), &[("action", "remove-band-2")]);
    let page = b.post("/d/new", &form).await;
    assert_eq!(page.status, StatusCode::OK);
    page.has("id=\"band-min-2\" name=\"band-min-2\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"80\"")
        .lacks("id=\"band-min-3\"");
    assert_eq!(preview_row(&page, 40).0, "+2");
    // The Preview button shows the table for the form as typed, and saves nothing.
    let form = with(
        custom_form("X", "x"),
        &[("action", "preview"), ("band-s-3", "0")],
    );
    let page = b.post("/d/new", &form).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        preview_row(&page, 80),
        ("0".into(), "defenders take over".into())
    );
    assert_eq!(
        preview_row(&page, 120),
        ("\u{2212}1".into(), "defenders take over, up 1".into())
    );
    let form = with(
        custom_form("X", "x"),
        &[("action", "preview"), ("band-min-1", "0")],
    );
    let page = b.post("/d/new", &form).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&page, "band-min-1"),
        "Minimums must ascend: 0 comes after 0."
    );
    assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
}

#[actix_web::test]
async fn one_deck_is_refused_for_club_night_while_wdl_takes_effect_at_once() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let before = export(&db, "club-night", "standings.csv");

        let page = b
            .post(
                "/d/club-night/settings",
                &with(club_night_form(), &[("decks", "1")]),
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("These settings contradict results already entered")
            .has("<strong>Round 1, table 1, open room, board 4</strong> — trick points: trick points 115 is out of range 0–100 for 1 deck")
            .has("<strong>Round 1, table 1, closed room, board 4</strong> — last-trick combination: combination pair is not possible with 1 deck(s); allowed: single");
        assert!(error_of(&page, "decks").contains("do not fit 1 deck(s)"));
        // Nothing changed.
        let stored = db::load_settings(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(stored.decks(), Decks::Two);
        assert_eq!(export(&db, "club-night", "standings.csv"), before);

        // Win / draw / loss scoring changes the standings' score column at once.
        let page = b
            .submit(
                "/d/club-night/settings",
                &with(club_night_form(), &[("match_scoring", "wdl")]),
            )
            .await;
        page.has("Settings saved.");
        let after = export(&db, "club-night", "standings.csv");
        assert_ne!(after, before);
        // Byes from the schedule: a bye scores the win points, 2.
        let schedule = export(&db, "club-night", "schedule.csv");
        let byes = |team: &str| {
            schedule
                .lines()
                .skip(1)
                .filter(|l| {
                    let cells: Vec<&str> = l.split(',').collect();
                    cells[2] == team && cells[3].is_empty()
                })
                .count()
        };
        let mut checked = 0;
        for line in after.lines().skip(1) {
            // rank,team_no,name,played,won,drawn,lost,score,…
            let cells: Vec<&str> = line.split(',').collect();
            let n = |i: usize| cells[i].parse::<usize>().unwrap();
            let expected = 2 * n(4) + n(5) + 2 * byes(cells[1]);
            assert_eq!(cells[7], format!("{expected}.00"), "{line}");
            checked += 1;
        }
        assert_eq!(checked, 5);
        assert!(
            before
                .lines()
                .skip(1)
                .any(|l| !l.split(',').nth(7).unwrap().ends_with(".00")),
            "vp20 scores had hundredths: {before}"
        );
        // The form shows the change; the bye follows the method (blank: its default).
        b.get("/d/club-night/settings")
            .await
            .has("id=\"match_scoring-wdl\" name=\"match_scoring\" value=\"wdl\" checked");
        let stored = db::load_settings(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(stored.scoring.method, MatchScoring::Wdl);
        assert_eq!(stored.scoring.bye_score, Score::from_whole(2));
    }
}

#[actix_web::test]
async fn a_band_table_narrower_than_a_stored_ruling_is_refused() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let before = export(&db, "club-night", "results.csv");
        // The club night's TD ruling of −1 (round 2, table 2, closed room, board 2): a
        // custom table whose s never falls below 0 has no room for it.
        let narrow = with(
            club_night_form(),
            &[("rules", "custom"), ("band-s-3", "0"), ("step", "100000")],
        );
        let page = b.post("/d/club-night/settings", &narrow).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("These settings contradict results already entered")
            .has("or keep the deck count and the band table:")
            .has("<strong>Round 2, table 2, closed room, board 2</strong> — ruling: ");
        assert!(
            error_of(&page, "bands")
                .starts_with("TD rulings already entered lie outside this band table"),
            "{}",
            page.body
        );
        page.lacks("id=\"decks-error\"");
        let stored = db::load_settings(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(stored.rules().code(), "standard");
        assert_eq!(export(&db, "club-night", "results.csv"), before);

        // A custom table that still reaches −1 is saved.
        let wide = with(
            club_night_form(),
            &[("rules", "custom"), ("step", "100000")],
        );
        b.submit("/d/club-night/settings", &wide)
            .await
            .has("Settings saved.");
    }
}

#[actix_web::test]
async fn another_preset_narrower_than_a_stored_ruling_is_refused_at_the_band_table() {
    let db = TestDb::sqlite();
    // The club night with its ruling at −12, the standard two-deck table's lowest s; the
    // table without a level at the takeover mark stops at −11.
    let mut files = ArchiveFiles::read(&common::club_night_dir()).unwrap();
    let results = files.get("results.csv").unwrap().replace(
        "2,2,closed,2,75,,declarer,,,,-1,,,",
        "2,2,closed,2,75,,declarer,,,,-12,,,",
    );
    assert_ne!(Some(results.as_str()), files.get("results.csv"));
    files.insert("results.csv", results);
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    let mut b = browser(&db).await;
    let page = b
        .post(
            "/d/club-night/settings",
            &with(club_night_form(), &[("rules", "no-level-takeover")]),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    page.has("<strong>Round 2, table 2, closed room, board 2</strong> — ruling: ")
        .lacks("id=\"decks-error\"")
        .lacks("id=\"bands-error\"");
    assert!(
        error_of(&page, "rules")
            .starts_with("TD rulings already entered lie outside this band table"),
        "{}",
        page.body
    );
    let stored = db::load_settings(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    assert_eq!(stored.rules().code(), "standard");
}

#[actix_web::test]
async fn the_slug_can_change_but_not_to_a_taken_one() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    b.post("/d/new", &custom_form("Other", "other")).await;
    let page = b
        .post(
            "/d/club-night/settings",
            &with(club_night_form(), &[("slug", "other")]),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&page, "slug"),
        "Another tournament already uses the slug &#34;other&#34;."
    );
    let page = b
        .post(
            "/d/club-night/settings",
            &with(club_night_form(), &[("slug", "thursday")]),
        )
        .await;
    assert_eq!(page.location.as_deref(), Some("/d/thursday/settings"));
    assert_eq!(b.get("/d/club-night").await.status, StatusCode::NOT_FOUND);
    let dashboard = b.get_ok("/d/thursday").await;
    // Every match of the sample is complete.
    dashboard
        .has("<span class=\"big\">6</span> <span class=\"note\">of 6</span>")
        .has("<span class=\"big\">48</span>")
        .has("<span class=\"state\">complete</span>")
        .has("Round 3");
}

#[actix_web::test]
async fn teams_are_added_by_form_with_their_errors() {
    for db in backends() {
        let mut b = browser(&db).await;
        b.post("/d/new", &custom_form("Cup", "cup")).await;
        let page = b.get("/d/cup/teams").await;
        page.has("No teams yet")
            .has("id=\"number\" name=\"number\" type=\"text\" inputmode=\"numeric\" size=\"4\" value=\"1\"")
            .has("autofocus");

        let page = b
            .submit(
                "/d/cup/teams",
                &[
                    ("number", "1"),
                    ("name", " <b>Red</b> & Co "),
                    ("club", "Riverside"),
                    ("members", "Ann\r\nBo; Cy\n\nDi"),
                ],
            )
            .await;
        page.has("Team added.")
            .has("<th scope=\"row\">&#60;b&#62;Red&#60;/b&#62; &#38; Co</th>")
            .lacks("<b>Red</b>")
            .has("Ann, Bo, Cy, Di")
            // The next number is offered.
            .has("size=\"4\" value=\"2\"");

        let page = b
            .post(
                "/d/cup/teams",
                &[("number", "2"), ("name", "  "), ("club", "Kept club")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error_of(&page, "name"), "Enter the team&#39;s name.");
        page.has("value=\"Kept club\"");

        let page = b
            .post(
                "/d/cup/teams",
                &[("number", "1"), ("name", "Blue"), ("members", "Eve")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error_of(&page, "number"),
            "Team 1 already exists: choose another number, or edit that team."
        );
        page.has("value=\"Blue\"").has(">Eve</textarea>");

        let page = b
            .post(
                "/d/cup/teams",
                &[
                    ("number", "3"),
                    ("name", "Big"),
                    ("members", "a;b;c;d;e;f;g"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error_of(&page, "members"),
            "7 members: a team has at most 6."
        );

        let roster = db::load_roster(&mut db.open(), "cup").unwrap().unwrap();
        assert_eq!(roster.teams.len(), 1);
        assert_eq!(roster.teams[0].name, "<b>Red</b> & Co");
        assert_eq!(roster.teams[0].members, ["Ann", "Bo", "Cy", "Di"]);
        assert_eq!(
            export(&db, "cup", "teams.csv"),
            "team_no,name,club,members\n1,<b>Red</b> & Co,Riverside,Ann;Bo;Cy;Di\n"
        );
    }
}

#[actix_web::test]
async fn teams_csv_uploads_add_and_update_or_save_nothing() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let csv = "\u{feff}team_no,name,club,members\n\
                   2,Red Tractors 红拖拉机,New Club,Alice Chen;Ben Wu;Carol Li;David Zhao;Eva Qian\n\
                   6,'=Newcomers,,Xu;Yu;Zhu;Wu\n";
        let page = b.upload_teams(csv.as_bytes()).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let list = b.get("/d/club-night/teams").await;
        list.has("teams.csv uploaded")
            .has("Red Tractors 红拖拉机")
            .has("=Newcomers")
            .has("Teams (6)");
        let roster = db::load_roster(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let two = roster.team(TeamNo(2)).unwrap();
        assert_eq!(two.club, "New Club");
        assert_eq!(two.members.len(), 5);
        assert_eq!(roster.team(TeamNo(6)).unwrap().name, "=Newcomers");
        assert_eq!(
            roster.team(TeamNo(1)).unwrap().name,
            "东城拖拉机",
            "untouched"
        );

        // A bad file: every problem with its line, nothing saved.
        let bad = "team_no,name,club,members\n\
                   7,Good,,A;B;C;D\n\
                   8,,Club,A;B;C;D\n\
                   7,Again,,A\n\
                   x,Name,,\n";
        let page = b.upload_teams(bad.as_bytes()).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Nothing was saved. Problems in the file:")
            .has("<code>teams.csv:3: name is empty</code>")
            .has("<code>teams.csv:4: team 7 is listed twice (first on line 2)</code>")
            .has("<code>teams.csv:5: team_no &#34;x&#34; is not a whole number</code>")
            .has("aria-current=\"page\"");
        let page = b
            .upload_teams(b"team_no,name,club,members\n9,Crowd,,a;b;c;d;e;f;g\n")
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("teams.csv:2: team 9 has 7 members; a team has at most 6");
        // The upload reads cells as an archive does (docs/rules.md §9): a name with a
        // formula character and no guard, or members with spaces, in the export's spelling.
        let page = b
            .upload_teams("team_no,name,club,members\n9,=Crowd,,a; b\n".as_bytes())
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("teams.csv:2: name &#34;=Crowd&#34; is not written as fushi writes it: write &#34;&#39;=Crowd&#34;")
            .has("teams.csv:2: members &#34;a; b&#34; is not written as fushi writes it: write &#34;a;b&#34;");
        let page = b
            .upload_teams(b"team_no,name,club,members\n1,\xff\xfe,,\n")
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("teams.csv:2: is not UTF-8 text");
        let page = b
            .upload("/d/club-night/teams/upload", "file", "", b"", &[])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Choose a teams.csv file");
        let after = db::load_roster(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(after.teams, roster.teams);
    }
}

#[actix_web::test]
async fn teams_are_edited_withdrawn_and_reinstated() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    let standings = export(&db, "club-night", "standings.csv");

    // A team that does not exist, or a number that is not one, is no page.
    for path in [
        "/d/club-night/teams/99/edit",
        "/d/club-night/teams/3x/edit",
        "/d/club-night/teams/99/withdraw",
        "/d/club-night/teams/-1/withdraw",
    ] {
        assert_eq!(b.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }

    // Team 3 plays in the schedule: its number is fixed.
    let page = b.get_ok("/d/club-night/teams/3/edit").await;
    page.has("value=\"八十分老友\"")
        .has("readonly")
        .has("its number cannot change")
        .has("赵建国\n孙丽华");
    let page = b
        .post(
            "/d/club-night/teams/3/edit",
            &[
                ("number", "9"),
                ("name", "Old Friends"),
                ("members", "A;B;C;D"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&page, "number"),
        "This team plays in a pairing, so its number cannot change."
    );
    let page = b
        .submit(
            "/d/club-night/teams/3/edit",
            &[
                ("number", "3"),
                ("name", "Old Friends 八十分老友"),
                ("club", ""),
                ("members", "A\nB\nC\nD"),
            ],
        )
        .await;
    page.has("Team saved.")
        .has("Old Friends 八十分老友")
        .has("A, B, C, D");
    // Names and members change, results and standings figures do not.
    let after = export(&db, "club-night", "standings.csv");
    assert_eq!(
        after.replace("Old Friends 八十分老友", "八十分老友"),
        standings
    );

    // A team in no pairing may take another free number, not a taken one.
    b.post("/d/club-night/teams", &[("number", "6"), ("name", "Late")])
        .await;
    let page = b
        .post(
            "/d/club-night/teams/6/edit",
            &[("number", "5"), ("name", "Late")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&page, "number").starts_with("Team 5 already exists"));
    let page = b
        .post(
            "/d/club-night/teams/6/edit",
            &[("number", "8"), ("name", "Late")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let roster = db::load_roster(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    assert!(roster.team(TeamNo(6)).is_none() && roster.team(TeamNo(8)).is_some());

    // Withdrawn: marked, and kept in the standings with its results.
    let page = b.submit("/d/club-night/teams/4/withdraw", &[]).await;
    page.has("Team withdrawn.")
        .has("<tr class=\"withdrawn\">")
        .has("<span class=\"state state-withdrawn\">withdrawn</span>")
        .has("/d/club-night/teams/4/reinstate");
    assert!(
        db::load_roster(&mut db.open(), "club-night")
            .unwrap()
            .unwrap()
            .team(TeamNo(4))
            .unwrap()
            .withdrawn
    );
    assert_eq!(
        export(&db, "club-night", "standings.csv").lines().count(),
        7
    );
    b.get("/d/club-night").await.has("(1 withdrawn)");
    let page = b.submit("/d/club-night/teams/4/reinstate", &[]).await;
    page.has("Team reinstated.")
        .lacks("<tr class=\"withdrawn\">");

    for missing in [
        "/d/club-night/teams/99/edit",
        "/d/nowhere/teams",
        "/d/club-night/teams/x/edit",
    ] {
        assert_eq!(
            b.get(missing).await.status,
            StatusCode::NOT_FOUND,
            "{missing}"
        );
    }
    assert_eq!(
        b.post("/d/club-night/teams/99/withdraw", &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[actix_web::test]
async fn a_tournament_is_deleted_only_with_its_slug_typed() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    let page = b.get_ok("/d/club-night/delete").await;
    page.has("To confirm, type the slug: club-night")
        .has("It holds 5 team(s), 3 round(s) and 48 table result(s).");

    let page = b
        .post("/d/club-night/delete", &[("confirm", "club night")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&page, "confirm"),
        "That is not the slug. Type club-night exactly to delete."
    );
    page.has("value=\"club night\"");
    assert!(db::slug_exists(&mut db.open(), "club-night").unwrap());

    let page = b
        .submit("/d/club-night/delete", &[("confirm", "club-night")])
        .await;
    page.has("Tournament deleted.").has("No tournaments yet");
    assert!(!db::slug_exists(&mut db.open(), "club-night").unwrap());
    assert_eq!(
        b.get("/d/club-night/delete").await.status,
        StatusCode::NOT_FOUND
    );
}

#[actix_web::test]
async fn a_tournament_imported_after_a_deletion_is_never_shown_as_the_deleted_one() {
    // SQLite gives the next tournament the id of the last one deleted: the pages of the new
    // one must not come from what the server kept of the old.
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    b.get_ok("/t/club-night/teams")
        .await
        .has("Thursday Club Night");
    b.submit("/d/club-night/delete", &[("confirm", "club-night")])
        .await
        .has("Tournament deleted.");
    let mut files = ArchiveFiles::read(&common::club_night_dir()).unwrap();
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replace("Thursday Club Night", "Friday Club Night");
    files.insert("tournament.toml", toml);
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    b.get_ok("/t/club-night/teams")
        .await
        .has("Friday Club Night")
        .lacks("Thursday Club Night");
    b.get_ok("/d/club-night").await.has("Friday Club Night");
}

#[actix_web::test]
async fn the_directors_pages_speak_chinese() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    b.accept_language = "zh-CN,zh;q=0.9".into();
    b.get("/d").await.has("我的赛事").has("新建赛事");
    let page = b.get("/d/club-night/settings").await;
    page.has("<html lang=\"zh-Hans\">")
        .has("级数表")
        .has("扣底倍数")
        .has("同分排序")
        .has("保存设置");
    assert_eq!(
        preview_row(&page, 120),
        ("\u{2212}2".into(), "闲家上台升2级".into())
    );
    assert_eq!(preview_row(&page, 80).1, "闲家上台升1级");
    assert_eq!(preview_row(&page, 40).1, "庄家方升1级");
    b.get("/d/club-night/teams")
        .await
        .has("添加参赛队")
        .has("上传 teams.csv")
        .has("东城拖拉机");
    b.get("/d/club-night")
        .await
        .has("已完成场次")
        .has("第 1 轮");
    let page = b
        .post(
            "/d/club-night/settings",
            &with(club_night_form(), &[("decks", "1")]),
        )
        .await;
    page.has("新设置与已录入的成绩矛盾")
        .has("第 1 轮 1 号桌 开室 第 4 副");
    let page = b
        .post("/d/new", &with(custom_form("X", "x"), &[("step", "0")]))
        .await;
    assert_eq!(error_of(&page, "step"), "步长必须大于 0。");
}

#[actix_web::test]
async fn reserved_paths_are_not_tournaments() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    assert_eq!(b.get("/d/new").await.status, StatusCode::OK);
    assert_eq!(b.get("/d/nowhere").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        b.get("/d/nowhere/settings").await.status,
        StatusCode::NOT_FOUND
    );
    // /d/import belongs to the archive pages, never to the dashboard.
    let import = b.get("/d/import").await;
    import.lacks("class=\"tiles\"");
}

// ----- the database functions, on both backends -------------------------------------

fn team(number: i32, name: &str, members: &[&str]) -> Team {
    Team {
        member_ids: Vec::new(),
        number: TeamNo(number),
        name: name.to_owned(),
        club: String::new(),
        members: members.iter().map(|m| (*m).to_owned()).collect(),
        withdrawn: false,
    }
}

fn settings_of(conn: &mut DbConnection, slug: &str) -> fushi::rules::Settings {
    db::load_settings(conn, slug).unwrap().unwrap()
}

#[test]
fn settings_are_created_and_updated_in_place() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let mut settings = sample_event("winter").settings;
        db::create_tournament(&mut conn, &settings).unwrap();
        assert_eq!(settings_of(&mut conn, "winter"), settings);
        assert!(matches!(
            db::create_tournament(&mut conn, &settings),
            Err(EditError::SlugTaken(s)) if s == "winter"
        ));

        settings.slug = "winter-2027".to_owned();
        settings.deck_rules = DeckRules::standard(Decks::Three);
        crate::common::edits::update_settings(&mut conn, "winter", &settings).unwrap();
        assert!(db::load_settings(&mut conn, "winter").unwrap().is_none());
        assert_eq!(settings_of(&mut conn, "winter-2027"), settings);
        assert!(matches!(
            crate::common::edits::update_settings(&mut conn, "winter", &settings),
            Err(EditError::NoTournament)
        ));

        // The sample's results use a pair and 150 trick points: one deck is refused.
        db::insert_event(&mut conn, &sample_event("sample")).unwrap();
        let mut one = settings_of(&mut conn, "sample");
        one.deck_rules = DeckRules::new(Decks::One, one.rules().clone()).unwrap();
        one.name = "changed".to_owned();
        match crate::common::edits::update_settings(&mut conn, "sample", &one) {
            Err(EditError::Conflicts(found)) => {
                assert!(
                    found.iter().any(|c| c.problem.field == "combo"),
                    "{found:?}"
                );
            }
            other => panic!("expected conflicts, got {other:?}"),
        }
        assert_eq!(
            settings_of(&mut conn, "sample").name,
            "Winter Duplicate 冬季复式"
        );
        let mut taken = settings_of(&mut conn, "sample");
        taken.slug = "winter-2027".to_owned();
        assert!(matches!(
            crate::common::edits::update_settings(&mut conn, "sample", &taken),
            Err(EditError::SlugTaken(_))
        ));
        assert_eq!(
            db::load_event(&mut conn, "sample").unwrap().unwrap(),
            sample_event("sample")
        );
    }
}

#[test]
fn teams_are_added_edited_withdrawn_and_upserted() {
    for test_db in backends() {
        let mut conn = test_db.open();
        db::insert_event(&mut conn, &sample_event("s")).unwrap();
        let roster = db::load_roster(&mut conn, "s").unwrap().unwrap();
        assert_eq!(roster.teams, *sample_event("s").teams);
        assert_eq!(
            roster.paired,
            [1, 2, 3].into_iter().map(TeamNo).collect(),
            "byes count as pairings"
        );
        assert_eq!(roster.next_number(), TeamNo(4));

        crate::common::edits::add_team(&mut conn, "s", &team(4, "Four", &["a", "b"])).unwrap();
        assert!(matches!(
            crate::common::edits::add_team(&mut conn, "s", &team(4, "Again", &[])),
            Err(EditError::TeamNumberTaken(TeamNo(4)))
        ));
        assert!(matches!(
            crate::common::edits::add_team(&mut conn, "nowhere", &team(1, "x", &[])),
            Err(EditError::NoTournament)
        ));

        // Renumbering: refused for a paired team, allowed for a free one.
        assert!(matches!(
            crate::common::edits::update_team(&mut conn, "s", TeamNo(1), &team(9, "x", &[])),
            Err(EditError::TeamPaired(TeamNo(1)))
        ));
        assert!(matches!(
            crate::common::edits::update_team(&mut conn, "s", TeamNo(4), &team(2, "x", &[])),
            Err(EditError::TeamNumberTaken(TeamNo(2)))
        ));
        crate::common::edits::update_team(
            &mut conn,
            "s",
            TeamNo(4),
            &team(5, "Five", &["c", "d", "e"]),
        )
        .unwrap();
        crate::common::edits::update_team(&mut conn, "s", TeamNo(1), &team(1, "长城队", &["张三"]))
            .unwrap();
        assert!(matches!(
            crate::common::edits::update_team(&mut conn, "s", TeamNo(4), &team(4, "x", &[])),
            Err(EditError::NoTeam(TeamNo(4)))
        ));

        crate::common::edits::set_withdrawn(&mut conn, "s", TeamNo(5), true).unwrap();
        crate::common::edits::set_withdrawn(&mut conn, "s", TeamNo(3), false).unwrap();
        assert!(matches!(
            crate::common::edits::set_withdrawn(&mut conn, "s", TeamNo(77), true),
            Err(EditError::NoTeam(TeamNo(77)))
        ));

        let upserted = crate::common::edits::upsert_teams(
            &mut conn,
            "s",
            &[
                team(5, "Five again", &["f"]),
                team(6, "Six", &["g", "h", "i", "j"]),
            ],
        )
        .unwrap();
        assert_eq!(
            upserted,
            db::Upserted {
                added: 1,
                updated: 1
            }
        );

        let event = db::load_event(&mut conn, "s").unwrap().unwrap();
        let summary: Vec<(i32, &str, Vec<&str>, bool)> = event
            .teams
            .iter()
            .map(|t| {
                (
                    t.number.get(),
                    t.name.as_str(),
                    t.members.iter().map(String::as_str).collect(),
                    t.withdrawn,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (1, "长城队", vec!["张三"], false),
                (2, "=Tractors", vec!["Ann", "Bo", "Cy", "Di", "Ed"], false),
                (
                    3,
                    "Eighty Points",
                    vec!["F1", "F2", "F3", "F4", "F5", "F6"],
                    false
                ),
                // Upserting keeps the withdrawn mark.
                (5, "Five again", vec!["f"], true),
                (6, "Six", vec!["g", "h", "i", "j"], false),
            ]
        );
        // The matches still point at the same teams.
        assert_eq!(event.rounds, sample_event("s").rounds);
    }
}

#[actix_web::test]
async fn every_message_exists_in_both_languages() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    for lang in ["en", "zh"] {
        b.accept_language = lang.into();
        let mut pages = Vec::new();
        for path in [
            "/d",
            "/d/new",
            "/d/club-night",
            "/d/club-night/settings",
            "/d/club-night/teams",
            "/d/club-night/teams/1/edit",
            "/d/club-night/delete",
        ] {
            pages.push((path.to_owned(), b.get(path).await));
        }
        // Pages with every error and the contradicted results.
        let bad = with(
            club_night_form(),
            &[
                ("decks", "1"),
                ("rules", "custom"),
                ("name", ""),
                ("bottom_multiplier", "x"),
                ("match_scoring", "y"),
                ("vp_blitz", "-1"),
                ("bye_score", "99999"),
                ("tiebreak-1", "head_to_head"),
                ("tiebreak-2", "coin"),
            ],
        );
        pages.push((
            "bad settings".into(),
            b.post("/d/club-night/settings", &bad).await,
        ));
        let conflicts = with(club_night_form(), &[("decks", "1")]);
        pages.push((
            "conflicts".into(),
            b.post("/d/club-night/settings", &conflicts).await,
        ));
        pages.push((
            "bad team".into(),
            b.post(
                "/d/club-night/teams",
                &[("number", "0"), ("name", ""), ("members", "1;2;3;4;5;6;7")],
            )
            .await,
        ));
        for (path, page) in &pages {
            assert!(
                page.status == StatusCode::OK || page.status == StatusCode::UNPROCESSABLE_ENTITY,
                "{path}: {}",
                page.status
            );
            assert!(
                !page.body.contains("director-") && !page.body.contains(">nav-"),
                "{lang} {path} shows a message id:\n{}",
                page.body
            );
        }
    }
}

/// A teams.csv saved by Chinese Excel (GB18030, not UTF-8) is read as GB18030 and the page
/// says so.
#[actix_web::test]
async fn a_gb18030_teams_csv_upload_is_read_and_noted() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let (gb, _, _) =
            encoding_rs::GB18030.encode("team_no,name,club,members\n7,长城队,北京,甲;乙;丙;丁\n");
        assert!(std::str::from_utf8(&gb).is_err());
        let page = b
            .upload("/d/club-night/teams/upload", "file", "teams.csv", &gb, &[])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        b.get("/d/club-night/teams")
            .await
            .has("was read as GB18030")
            .has("长城队");
        let roster = db::load_roster(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(
            roster.team(TeamNo(7)).unwrap().members,
            ["甲", "乙", "丙", "丁"]
        );
    }
}

/// A new tournament with no slug gets one made from its name, Chinese through pinyin; a
/// bad slug is explained by the page, not by the browser's pattern message.
#[actix_web::test]
async fn a_blank_slug_is_made_from_the_name_through_pinyin() {
    assert_eq!(
        fushi::rules::settings::suggest_slug("春季杯 2026"),
        "chun-ji-bei-2026"
    );
    assert_eq!(
        fushi::rules::settings::suggest_slug("Spring Cup: 江南 Open!"),
        "spring-cup-jiang-nan-open"
    );
    assert_eq!(fushi::rules::settings::suggest_slug("New"), "new-1");
    for db in backends() {
        let mut b = browser(&db).await;
        let form = b.get("/d/new").await;
        form.lacks("pattern=").has("chun-ji-bei-2026");
        let page = b.post("/d/new", &custom_form("春季杯 2026", "")).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(
            b.get("/d/chun-ji-bei-2026").await.status,
            StatusCode::OK,
            "the tournament has the suggested slug"
        );
    }
}

/// A round, match, room or team that does not exist is a 404 page on every director page
/// that names one, never a 500, on both backends.
#[actix_web::test]
async fn missing_rounds_matches_and_teams_are_404_not_500() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let missing = [
            "/d/club-night/rounds/99",
            "/d/club-night/rounds/99/boards",
            "/d/club-night/rounds/99/pairings",
            "/d/club-night/rounds/99/tables/1",
            "/d/club-night/rounds/1/tables/99",
            "/d/club-night/rounds/99/table-links",
            "/d/club-night/rounds/99/table-cards",
            "/d/club-night/rounds/1/tables/99/rooms/open",
            "/d/club-night/rounds/99/tables/1/rooms/open",
            "/d/club-night/teams/99/edit",
        ];
        let mut wrong = Vec::new();
        for path in missing {
            let page = b.get(path).await;
            if page.status != StatusCode::NOT_FOUND {
                wrong.push(format!("GET {path}: {}", page.status));
            }
        }
        b.get("/d/club-night/rounds/1").await;
        for (path, form) in [
            ("/d/club-night/rounds/1/tables/99", vec![("version", "0")]),
            ("/d/club-night/rounds/99/tables/1", vec![("version", "0")]),
            (
                "/d/club-night/teams/99/edit",
                vec![("name", "X"), ("members", "A")],
            ),
            ("/d/club-night/teams/99/withdraw", vec![]),
            ("/d/club-night/rounds/99/pairings", vec![]),
            ("/d/club-night/rounds/99/tables/1/lineups", vec![]),
        ] {
            let page = b.post(path, &form).await;
            if page.status != StatusCode::NOT_FOUND {
                wrong.push(format!("POST {path}: {}", page.status));
            }
        }
        assert!(wrong.is_empty(), "{}: {wrong:#?}", db.backend());
    }
}

// ----- settings at and beyond their limits (src/rules/settings/) ------------------------

/// `tournament.toml` with every setting at its limit, written as the archive writes it.
fn limits_toml() -> String {
    let name = "长".repeat(200);
    // 100 bands (the most a table may have) from s = +100 down to s = −100, the last at
    // P = 100000 (the largest minimum P).
    let mut bands: Vec<String> = vec!["[0, 100]".to_owned()];
    bands.extend((1..99).map(|k| format!("[{}, {}]", k * 1000, 100 - 2 * k)));
    bands.push("[100000, -100]".to_owned());
    format!(
        "name = \"{name}\"\nslug = \"limits\"\npublished = true\ndecks = 3\nrules = \"custom\"\n\
         takeover_at = 100000\nbands = [{}]\nstep = 100000\nbottom_multiplier = \"doubling\"\n\
         match_scoring = \"wdl\"\nvp_blitz = 100.0\nwin_draw_loss = [10000, 0, -10000]\n\
         bye_score = -10000.0\ntiebreaks = [\"boards_won\", \"point_diff\", \"level_diff\", \
         \"level_quotient\", \"head_to_head\"]\npairing = \"swiss\"\n\
         swiss_seed = 9223372036854775807\ntable_entry = true\ntable_approval = true\n\
         table_codes = true\n",
        bands.join(", ")
    )
}

/// An archive of `toml` with the teams of examples/club-night and nothing played.
fn archive_with(toml: &str) -> ArchiveFiles {
    let teams = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night/teams.csv"),
    )
    .expect("the sample's teams");
    let mut files = ArchiveFiles::new();
    files.insert("tournament.toml", toml);
    files.insert("teams.csv", teams);
    files
}

/// What a browser posts back for the form on `page`: every text field and select with its
/// value, every checked box and radio button.
fn form_as_shown(page: &Page) -> Vec<(String, String)> {
    fn attr(tag: &str, name: &str) -> Option<String> {
        let marker = format!(" {name}=\"");
        let start = tag.find(&marker)? + marker.len();
        let end = start + tag[start..].find('"')?;
        Some(
            tag[start..end]
                .replace("&#34;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&"),
        )
    }
    let body = &page.body;
    let start = body
        .find("class=\"settings-form\"")
        .expect("a settings form");
    let end = start + body[start..].find("</form>").expect("the form's end");
    let form = &body[start..end];
    let mut fields = Vec::new();
    for piece in form.split('<').skip(1) {
        let tag = &piece[..piece.find('>').unwrap_or(piece.len())];
        if let Some(rest) = tag.strip_prefix("input") {
            let (Some(name), kind) = (attr(rest, "name"), attr(rest, "type")) else {
                continue;
            };
            let checkable = matches!(kind.as_deref(), Some("checkbox" | "radio"));
            if !checkable || rest.contains(" checked") {
                fields.push((name, attr(rest, "value").unwrap_or_default()));
            }
        }
    }
    for select in form.split("<select ").skip(1) {
        let tag = &select[..select.find('>').expect("a select tag")];
        let name = attr(tag, "name").expect("a named select");
        let options = &select[..select.find("</select>").expect("a closed select")];
        let chosen = options
            .split("<option ")
            .skip(1)
            .find(|o| o[..o.find('>').unwrap_or(0)].contains(" selected"))
            .and_then(|o| attr(&format!(" {o}"), "value"))
            .unwrap_or_default();
        fields.push((name, chosen));
    }
    fields
}

#[actix_web::test]
async fn every_setting_at_its_limits_imports_shows_and_saves_unchanged() {
    for db in backends() {
        let toml = limits_toml();
        fushi::transfer::import(&mut db.open(), &archive_with(&toml))
            .unwrap_or_else(|p| panic!("{} refused: {p:?}", db.backend()));
        assert_eq!(export(&db, "limits", "tournament.toml"), toml);
        let before = fushi::transfer::export(&mut db.open(), "limits").unwrap();

        let mut b = browser(&db).await;
        let page = b.get_ok("/d/limits/settings").await;
        page.has(&format!("value=\"{}\"", "长".repeat(200)))
            .has("name=\"band-s-0\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"100\"")
            .has("name=\"band-min-99\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"100000\"")
            .has("name=\"band-s-99\" type=\"text\" inputmode=\"numeric\" size=\"5\" value=\"-100\"")
            .has("id=\"vp_blitz\" name=\"vp_blitz\" type=\"text\" inputmode=\"decimal\" size=\"5\" value=\"100\"")
            .has("id=\"bye_score\" name=\"bye_score\" type=\"text\" inputmode=\"decimal\" size=\"5\" value=\"-10000\"")
            .has("value=\"9223372036854775807\"");
        let form = form_as_shown(&page);
        assert!(form.iter().any(|(k, v)| k == "table_codes" && v == "on"));
        assert!(
            form.iter()
                .any(|(k, v)| k == "tiebreak-4" && v == "head_to_head")
        );
        let fields: Vec<(&str, &str)> =
            form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let saved = b.post("/d/limits/settings", &fields).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let after = fushi::transfer::export(&mut db.open(), "limits").unwrap();
        for name in before.names() {
            assert_eq!(after.get(name), before.get(name), "{name} changed");
        }
        assert_eq!(after.names().count(), before.names().count());
    }
}

const ZH_SCORE_RANGE: &str = "请输入 -10000 到 10000 之间的数字。";

/// Values no setting may take, each with the `tournament.toml` key it is tried in.
const BEYOND: [(&str, &str); 12] = [
    ("bye_score", "nan"),
    ("bye_score", "inf"),
    ("bye_score", "-inf"),
    ("bye_score", "1e300"),
    ("bye_score", "2147483648"),
    ("bye_score", "10000.01"),
    ("vp_blitz", "nan"),
    ("vp_blitz", "inf"),
    ("vp_blitz", "-inf"),
    ("vp_blitz", "1e300"),
    ("vp_blitz", "150"),
    ("vp_blitz", "0"),
];

#[test]
fn values_beyond_the_limits_are_refused_in_tournament_toml_at_their_line() {
    let db = TestDb::sqlite();
    for (key, value) in BEYOND {
        let toml = format!("name = \"x\"\nslug = \"x\"\n{key} = {value}\n");
        let problems: Vec<String> = fushi::transfer::import(&mut db.open(), &archive_with(&toml))
            .expect_err(&format!("{key} = {value} is refused"))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with(&format!("tournament.toml:3: {key} must be")),
            "{key} = {value}: {problems:?}"
        );
    }
    // Win, draw and loss are checked each; a seed beyond what the file can hold is refused
    // by the TOML reader at its line.
    for (line, want) in [
        (
            "win_draw_loss = [2, nan, 0]",
            "tournament.toml:3: win_draw_loss must be",
        ),
        (
            "win_draw_loss = [2, 1, -1e300]",
            "tournament.toml:3: win_draw_loss must be",
        ),
        ("swiss_seed = -1", "tournament.toml:3: swiss_seed must be"),
        ("swiss_seed = 18446744073709551616", "tournament.toml:3: "),
        ("decks = 4", "tournament.toml:3: decks must be"),
    ] {
        let toml = format!("name = \"x\"\nslug = \"x\"\n{line}\n");
        let problems =
            fushi::transfer::import(&mut db.open(), &archive_with(&toml)).expect_err(line);
        assert!(
            problems[0].to_string().starts_with(want),
            "{line}: {problems:?}"
        );
    }
    assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
}

#[actix_web::test]
async fn values_beyond_the_limits_are_refused_in_the_form_at_their_field() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    for (key, value) in BEYOND {
        let page = b
            .post("/d/new", &with(custom_form("X", "x"), &[(key, value)]))
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{key} = {value}"
        );
        let want = match key {
            "vp_blitz" => "Enter a number greater than 0 and at most 100.",
            _ => "Enter a number between -10000 and 10000.",
        };
        assert_eq!(error_of(&page, key), want, "{key} = {value}");
        page.has(&format!("value=\"{value}\""));
    }
    for field in ["win", "draw", "loss"] {
        let page = b
            .post("/d/new", &with(custom_form("X", "x"), &[(field, "-inf")]))
            .await;
        assert_eq!(
            error_of(&page, field),
            "Enter a number between -10000 and 10000."
        );
    }
    let page = b
        .post(
            "/d/new",
            &with(
                custom_form("X", "x"),
                &[("band-s-1", "2147483648"), ("takeover_at", "100001")],
            ),
        )
        .await;
    assert_eq!(error_of(&page, "band-s-1"), "At most 100 (either sign).");
    assert_eq!(
        error_of(&page, "takeover_at"),
        "At most 100000 (either sign)."
    );
    // The same in Chinese.
    b.accept_language = "zh-CN,zh;q=0.9".into();
    let page = b
        .post(
            "/d/new",
            &with(custom_form("X", "x"), &[("bye_score", "nan")]),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_of(&page, "bye_score"), ZH_SCORE_RANGE);
    assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
}

#[test]
fn a_stored_value_beyond_its_limit_is_corrupt_data_not_a_fallback() {
    use diesel::prelude::*;
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let id = db::list_tournaments(&mut conn).unwrap()[0].id;
        for (set, column) in [
            ("vp_blitz = 150", "vp_blitz"),
            ("bye_score = 214748364800", "bye_score"),
            ("win_points = -1000001", "win_points"),
            ("rules = 'bands-20'", "rules"),
            ("decks = 4", "decks"),
            ("swiss_seed = -1", "swiss_seed"),
            ("name = ''", "name"),
        ] {
            conn.transaction::<(), diesel::result::Error, _>(|conn| {
                diesel::sql_query(format!("UPDATE tournaments SET {set} WHERE id = {id}"))
                    .execute(conn)?;
                let err = db::load_event(conn, "club-night")
                    .expect_err(&format!("{set} is refused"))
                    .to_string();
                assert!(
                    err.contains(&format!("tournaments id {id}, column {column}: ")),
                    "{set}: {err}"
                );
                Err(diesel::result::Error::RollbackTransaction)
            })
            .unwrap_err();
        }
        assert!(db::load_event(&mut conn, "club-night").unwrap().is_some());
    }
}

#[actix_web::test]
async fn a_large_rounds_overview_lists_a_hundred_matches_a_page() {
    let db = TestDb::sqlite();
    // 210 teams: 105 matches in the round.
    let event = common::large_event(210, 1, 2);
    let slug = event.settings.slug.clone();
    db::insert_event(&mut db.open(), &event).expect("insert");
    let mut b = browser(&db).await;
    let entry = |table: i32| format!("href=\"/d/{slug}/rounds/1/tables/{table}\"");
    let first = b.get_ok(&format!("/d/{slug}/rounds/1")).await;
    first
        .has(&entry(1))
        .has(&entry(100))
        .lacks(&entry(101))
        .has("Pages of tables")
        .has("<strong aria-current=\"page\">1–100</strong>")
        .has(&format!(
            "<a href=\"/d/{slug}/rounds/1?page=2\">101–105</a>"
        ));
    let second = b.get_ok(&format!("/d/{slug}/rounds/1?page=2")).await;
    second
        .has(&entry(101))
        .has(&entry(105))
        .lacks(&entry(100))
        .has(&format!("<a href=\"/d/{slug}/rounds/1?page=1\">1–100</a>"));
    for beyond in ["3", "0", "x"] {
        let page = b.get(&format!("/d/{slug}/rounds/1?page={beyond}")).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "page {beyond}");
    }
    // A round of a hundred matches or fewer has one page and no list of pages.
    let small = common::large_event(20, 1, 2);
    db::insert_event(&mut db.open(), &small).expect("insert");
    b.get_ok(&format!("/d/{}/rounds/1", small.settings.slug))
        .await
        .lacks("Pages of tables");
}
