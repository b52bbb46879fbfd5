//! A tournament's date, venue, organiser and time zone: the settings form, the archive, the
//! home page by date, the public overview, the sheets, and every time shown in the
//! tournament's zone (labelled once, never "UTC" unless the zone is UTC).

use crate::common;

use actix_web::http::StatusCode;
use common::http::browser;
use common::{TestDb, backends, import_club_night};

fn export(db: &TestDb, slug: &str, file: &str) -> String {
    let files = fushi::transfer::export(&mut db.open(), slug).expect("export");
    files.get(file).expect("the file").to_owned()
}

/// The club night's settings as the form posts them, with `extra` fields added or replaced.
fn settings_form<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("name", "Thursday Club Night 周四俱乐部复式赛"),
        ("slug", "club-night"),
        ("published", "on"),
        ("decks", "2"),
        ("rules", "standard"),
        ("takeover_at", "80"),
        ("step", "40"),
        ("bottom_multiplier", "exponential"),
        ("match_scoring", "vp20"),
        ("vp_blitz", "5"),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("bye_score", ""),
        ("tiebreak-0", "head_to_head"),
        ("tiebreak-1", "level_quotient"),
        ("tiebreak-2", "level_diff"),
        ("tiebreak-3", "point_diff"),
        ("tiebreak-4", "boards_won"),
    ];
    for (k, v) in extra {
        form.retain(|(key, _)| key != k);
        form.push((k, v));
    }
    form
}

const OCCASION: [(&str, &str); 5] = [
    ("starts", "2026-12-03"),
    ("ends", "2026-12-03"),
    ("venue", "东城棋牌室 2F"),
    ("organiser", "Dongcheng Tractor Club"),
    ("time_zone", "Asia/Shanghai"),
];

#[actix_web::test]
async fn the_director_sets_date_venue_organiser_and_zone() {
    for db in backends() {
        import_club_night(&db);
        let before = export(&db, "club-night", "tournament.toml");
        assert!(!before.contains("venue"), "{before}");
        let mut b = browser(&db).await;
        let page = b
            .submit("/d/club-night/settings", &settings_form(&OCCASION))
            .await;
        page.has("Settings saved.");
        let form = b.get_ok("/d/club-night/settings").await;
        form.has("value=\"2026-12-03\"")
            .has("value=\"东城棋牌室 2F\"")
            .has("value=\"Asia/Shanghai\"");
        let toml = export(&db, "club-night", "tournament.toml");
        assert!(
            toml.ends_with(
                "starts = 2026-12-03\nends = 2026-12-03\nvenue = \"东城棋牌室 2F\"\norganiser = \"Dongcheng Tractor Club\"\ntime_zone = \"Asia/Shanghai\"\n"
            ),
            "{toml}"
        );
        assert_eq!(toml.strip_suffix("starts = 2026-12-03\nends = 2026-12-03\nvenue = \"东城棋牌室 2F\"\norganiser = \"Dongcheng Tractor Club\"\ntime_zone = \"Asia/Shanghai\"\n"), Some(before.as_str()));

        // The public overview says when, where and who.
        b.get_ok("/t/club-night")
            .await
            .has("<dt>Date</dt><dd>2026-12-03</dd>")
            .has("<dt>Venue</dt><dd>东城棋牌室 2F</dd>")
            .has("<dt>Organiser</dt><dd>Dongcheng Tractor Club</dd>");
        // The score sheets' header, and their PDF.
        b.get_ok("/t/club-night/rounds/1/sheets")
            .await
            .has("<dt>Venue</dt><dd>东城棋牌室 2F</dd>");
        let pdf = b.get_ok("/t/club-night/rounds/1/sheets.pdf?lang=en").await;
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).expect("text extracts");
        assert!(text.contains("2026-12-03"), "{text}");

        // Every time in the tournament's zone, labelled once, and no "UTC".
        let audit = b.get_ok("/d/club-night/audit").await;
        audit
            .has("times in Asia/Shanghai, UTC+08:00")
            .lacks("(UTC)");
        let trail = fushi::db::audit::audit_trail(&mut db.open(), "club-night", None, 0, 1)
            .unwrap()
            .unwrap()
            .0;
        let saved = trail[0].at;
        let local = (saved + chrono::Duration::hours(8))
            .format("%Y-%m-%d %H:%M:%S")
            .to_string();
        audit.has(&format!("<time>{local}</time>"));

        // Wrong values, each at its field.
        let page = b
            .post(
                "/d/club-night/settings",
                &settings_form(&[
                    ("starts", "2026-12-04"),
                    ("ends", "2026-12-03"),
                    ("time_zone", "Asia/Beijing"),
                ]),
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("id=\"ends-error\">The last day is before the first.")
            .has("id=\"time_zone-error\">Not a time zone");

        // Cleared again: the archive is as it was.
        let cleared: Vec<(&str, &str)> = OCCASION.iter().map(|(k, _)| (*k, "")).collect();
        b.submit("/d/club-night/settings", &settings_form(&cleared))
            .await
            .has("Settings saved.");
        assert_eq!(export(&db, "club-night", "tournament.toml"), before);
    }
}

#[actix_web::test]
async fn the_home_page_lists_upcoming_then_past_by_date() {
    let db = TestDb::sqlite();
    let mut conn = db.open();
    for (slug, name, starts) in [
        ("later", "Later Night", "2999-01-08"),
        ("soon", "Soon Night", "2999-01-01"),
        ("old", "Old Night", "2001-01-01"),
        ("older", "Older Night", "2000-01-01"),
        ("undated", "Undated Night", ""),
    ] {
        let toml = format!(
            "name = \"{name}\"\nslug = \"{slug}\"\npublished = true\n{}",
            if starts.is_empty() {
                String::new()
            } else {
                format!("starts = {starts}\nvenue = \"Hall {slug}\"\n")
            }
        );
        let mut files = fushi::archive::ArchiveFiles::default();
        files.insert(fushi::archive::TOURNAMENT_TOML, toml);
        for (file, header) in [
            ("teams.csv", "team_no,name,club,members\n"),
            ("boards.csv", "round,board,dealer,level,trump\n"),
            ("schedule.csv", "round,table,home,away\n"),
            (
                "results.csv",
                "round,table,room,board,trick_points,bottom_points,last_trick,combo,declarer_penalty,defender_penalty,ruling,defender_total,table_score,result\n",
            ),
        ] {
            files.insert(file, header.to_owned());
        }
        fushi::transfer::import(&mut conn, &files).expect("imported");
    }
    let page = browser(&db).await.get_ok("/").await;
    let body = &page.body;
    let at = |text: &str| {
        body.find(text)
            .unwrap_or_else(|| panic!("{text} in {body}"))
    };
    assert!(at("Upcoming and under way") < at("Soon Night"));
    assert!(at("Soon Night") < at("Later Night"));
    assert!(at("Later Night") < at("Undated Night"));
    assert!(at("Undated Night") < at(">Past<"));
    assert!(at(">Past<") < at("Old Night"));
    assert!(at("Old Night") < at("Older Night"));
    page.has("<td class=\"nowrap\">2999-01-01</td>")
        .has("<td>Hall soon</td>");
}

/// The correction period is a setting of the form: checked with a message at its field,
/// saved, shown again and written to `tournament.toml`; scores beyond two decimals are
/// refused at their field rather than rounded.
#[actix_web::test]
async fn the_correction_period_and_exact_scores_in_the_settings_form() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        let form = b.get_ok("/d/club-night/settings").await;
        form.has("name=\"correction_minutes\"").has("value=\"30\"");
        for bad in ["-5", "1441", "half an hour"] {
            let page = b
                .post(
                    "/d/club-night/settings",
                    &settings_form(&[("correction_minutes", bad)]),
                )
                .await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
            page.has("id=\"correction_minutes-error\">A whole number of minutes from 0 to 1440.")
                .has(&format!("value=\"{bad}\""));
        }
        b.submit(
            "/d/club-night/settings",
            &settings_form(&[("correction_minutes", "45")]),
        )
        .await
        .has("Settings saved.");
        b.get_ok("/d/club-night/settings")
            .await
            .has("id=\"correction_minutes\" name=\"correction_minutes\" type=\"text\" inputmode=\"numeric\" size=\"6\" value=\"45\"");
        let toml = export(&db, "club-night", "tournament.toml");
        assert!(toml.ends_with("correction_minutes = 45\n"), "{toml}");
        // The round's correction period is the one set.
        let play = fushi::db::load_consistent(&mut db.open(), "club-night")
            .unwrap()
            .unwrap()
            .play;
        assert_eq!(play.correction_minutes, 45);

        let page = b
            .post(
                "/d/club-night/settings",
                &settings_form(&[
                    ("match_scoring", "wdl"),
                    ("win", "0.125"),
                    ("draw", "0.015"),
                    ("bye_score", "2.675"),
                ]),
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        for field in ["win", "draw", "bye_score"] {
            page.has(&format!(
                "id=\"{field}-error\">At most two decimals (scores are kept to 0.01)."
            ));
        }
        // Two decimals are kept as typed.
        b.submit(
            "/d/club-night/settings",
            &settings_form(&[
                ("match_scoring", "wdl"),
                ("win", "0.13"),
                ("draw", "0.02"),
                ("bye_score", "2.68"),
            ]),
        )
        .await
        .has("Settings saved.");
        let toml = export(&db, "club-night", "tournament.toml");
        assert!(toml.contains("win_draw_loss = [0.13, 0.02, 0]"), "{toml}");
        assert!(toml.contains("bye_score = 2.68"), "{toml}");
    }
}
