//! The director's rounds, boards, pairings, result entry and archive pages, driven through
//! HTTP on SQLite (and PostgreSQL when `FUSHI_TEST_POSTGRES` is set), plus the database
//! functions behind them.
//!
//! The tournament used throughout: 2 decks, standard bands (0→+3, 5→+2, 40→+1, 80→−1,
//! 120→−2, 160→−3, then −1 per 40), exponential bottom multiplier, vp20, five teams.

use crate::common;
use fushi::rules::TeamNo;

use std::io::Cursor;

use actix_web::body::MessageBody;
use actix_web::http::StatusCode;
use common::http::{Browser, Page, TestApp, browser};
use common::{TestDb, backends, pairings_form, refs, table_entry};
use fushi::archive::ArchiveFiles;
use fushi::db::{self, DbError, WriteRefusal};
use fushi::rules::Pairing;
use fushi::rules::{Board, EntryFigures, LastTrick, Room, TableResult};

const SLUG: &str = "entry-test";

const TOURNAMENT_TOML: &str = r#"name = "Entry Test 录入测试"
slug = "entry-test"
published = true
decks = 2
rules = "standard"
bottom_multiplier = "exponential"
match_scoring = "vp20"
vp_blitz = 5.0
win_draw_loss = [2, 1, 0]
bye_score = 12.0
tiebreaks = ["head_to_head", "level_quotient", "level_diff", "point_diff", "boards_won"]
"#;

const TEAMS_CSV: &str = "team_no,name,club,members
1,Alpha,North Club,A1;A2;A3;A4
2,Beta,,B1;B2;B3;B4
3,长城,北京,甲;乙;丙;丁
4,Delta,,D1;D2;D3;D4
5,Echo,,E1;E2;E3;E4
";

/// A tournament with settings and teams only, imported the way `fushi import` does it.
fn import_small(db: &TestDb) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tournament.toml"), TOURNAMENT_TOML).unwrap();
    std::fs::write(dir.path().join("teams.csv"), TEAMS_CSV).unwrap();
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// The value of the option selected in the `<select id="…">`.
#[track_caller]
fn selected(page: &Page, id: &str) -> String {
    let body = &page.body;
    let start = body
        .find(&format!("<select id=\"{id}\""))
        .unwrap_or_else(|| panic!("no select {id}"));
    let rest = &body[start..];
    let select = &rest[..rest.find("</select>").expect("a closed select")];
    let at = select
        .find(" selected>")
        .unwrap_or_else(|| panic!("nothing selected in {id}"));
    let before = &select[..at];
    let value = &before[before.rfind("value=\"").expect("a value") + 7..];
    value.trim_end_matches('"').to_owned()
}

/// The value of the `<input id="…">`.
#[track_caller]
fn value(page: &Page, id: &str) -> String {
    let body = &page.body;
    let start = body
        .find(&format!("<input id=\"{id}\""))
        .unwrap_or_else(|| panic!("no input {id}"));
    let rest = &body[start..];
    let tag = &rest[..rest.find('>').unwrap()];
    let v = &tag[tag.find("value=\"").expect("a value") + 7..];
    v[..v.find('"').unwrap()].to_owned()
}

/// The entry form of round 1, table 1 (1 Alpha home, 2 Beta away), every row filled.
/// Boards: 1 N deals (NS declares), 2 E, 3 E (edited from S), 4 W (EW declares). In the
/// open room the home team sits NS, in the closed room EW.
///
/// | board | room | inputs | P | s | declarers | home's score |
/// |---|---|---|---|---|---|---|
/// | 1 | open | 55, bottom 15, declarers' last trick | 55 | +1 | home | +1 |
/// | 2 | open | 60, 20 in the bottom, defenders' last trick with a tractor (×8) | 60+160 = 220 | −3 − ⌊60/40⌋ = −4 | away | +4 |
/// | 3 | open | 45, declarer penalty 10, TD ruling −1 | 55 | −1 (ruling) | away | +1 |
/// | 4 | open | total only P = 125 | 125 | −2 | away | +2 |
/// | 1 | closed | 90, bottom 10, defender penalty 10 | 80 | −1 | away | +1 |
/// | 2 | closed | 0 | 0 | +3 | home | +3 |
/// | 3 | closed | 130, 25 in the bottom, defenders' last trick with a pair (×4) | 230 | −4 | home | −4 |
/// | 4 | closed | 40, bottom 5 | 40 | +1 | home | +1 |
///
/// Swings for the home team: +2, +7, −3, +3, so M = 9 over 4 boards: vp20 with
/// X = 5·√4 = 10 gives 19.52 : 0.48. Point difference (P the home team took as defenders
/// minus P the away team took): board 1 80 − 55, board 2 220 − 0, board 3 55 − 230,
/// board 4 125 − 40, in all +155. Boards won 3 : 1.
const TABLE_1: &[(&str, &str)] = &[
    ("o1-trick_points", "55"),
    ("o1-bottom_points", "15"),
    ("o1-last_trick", "declarer"),
    ("o2-trick_points", "60"),
    ("o2-bottom_points", "20"),
    ("o2-last_trick", "defenders"),
    ("o2-combo", "tractor"),
    ("o2-combo_length", "2"),
    ("o3-trick_points", "45"),
    ("o3-bottom_points", "0"),
    ("o3-last_trick", "declarer"),
    ("o3-declarer_penalty", "10"),
    ("o3-ruling", "-1"),
    ("o4-defender_total", "125"),
    ("c1-trick_points", "90"),
    ("c1-bottom_points", "10"),
    ("c1-last_trick", "declarer"),
    ("c1-defender_penalty", "10"),
    ("c2-trick_points", "0"),
    ("c3-trick_points", "130"),
    ("c3-bottom_points", "25"),
    ("c3-last_trick", "defenders"),
    ("c3-combo", "pair"),
    ("c4-trick_points", "40"),
    ("c4-bottom_points", "5"),
    ("c4-last_trick", "declarer"),
];

/// `TABLE_1` with `field` set to `value` (added when absent).
fn with(field: &str, value: &str) -> Vec<(String, String)> {
    let mut form: Vec<(String, String)> = TABLE_1
        .iter()
        .filter(|(k, _)| *k != field)
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    form.push((field.to_owned(), value.to_owned()));
    form
}

const ENTRY: &str = "/d/entry-test/rounds/1/tables/1";

/// The rounds, boards and pairings of the test tournament, entered through the pages:
/// round 1 of 4 boards (board 3 edited to E, J, NT), round 2 of 6 boards, round 1 paired
/// 1–2, 3–4 and a bye for 5.
async fn set_up<B: MessageBody>(b: &mut Browser<impl TestApp<B>>) {
    let page = b
        .post(
            "/d/entry-test/rounds",
            &[("boards", "4"), ("level", "2"), ("trump", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = b
        .post(
            "/d/entry-test/rounds/1/boards",
            &[
                ("dealer-1", "N"),
                ("level-1", "2"),
                ("trump-1", ""),
                ("dealer-2", "E"),
                ("level-2", "2"),
                ("trump-2", ""),
                ("dealer-3", "E"),
                ("level-3", "J"),
                ("trump-3", "NT"),
                ("dealer-4", "W"),
                ("level-4", "2"),
                ("trump-4", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    set_up_pairings(b).await;
}

#[actix_web::test]
async fn rounds_are_added_with_rotating_dealers_and_edited_in_one_grid() {
    for db in backends() {
        import_small(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/d/entry-test/rounds").await;
        // No round yet: 8 boards, level 2 and trump at the table are offered.
        page.has("No rounds yet").has("Add round 1");
        assert_eq!(value(&page, "boards"), "8");
        assert_eq!(selected(&page, "level"), "2");
        assert_eq!(selected(&page, "trump"), "");

        let page = b
            .post(
                "/d/entry-test/rounds",
                &[("boards", "5"), ("level", "2"), ("trump", "")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(
            page.location.as_deref(),
            Some("/d/entry-test/rounds/1/boards")
        );
        let page = b.get("/d/entry-test/rounds/1/boards").await;
        page.has("Round added.");
        let dealers: Vec<String> = (1..=5)
            .map(|n| selected(&page, &format!("dealer-{n}")))
            .collect();
        assert_eq!(dealers, ["N", "E", "S", "W", "N"]);
        assert!((1..=5).all(|n| selected(&page, &format!("level-{n}")) == "2"));
        assert!((1..=5).all(|n| selected(&page, &format!("trump-{n}")).is_empty()));

        // The next round offers the previous round's count; this one fixes level and trump.
        let page = b.get("/d/entry-test/rounds").await;
        assert_eq!(value(&page, "boards"), "5");
        page.has("Add round 2").has("not started");
        let page = b
            .submit(
                "/d/entry-test/rounds",
                &[("boards", "6"), ("level", "K"), ("trump", "H")],
            )
            .await;
        assert_eq!(selected(&page, "dealer-6"), "E");
        assert_eq!(selected(&page, "level-6"), "K");
        assert_eq!(selected(&page, "trump-1"), "H");

        // Refused: nothing is added, the typed count is kept.
        for (boards, level) in [("0", "2"), ("abc", "2"), ("65", "2"), ("4", "1")] {
            let page = b
                .post(
                    "/d/entry-test/rounds",
                    &[("boards", boards), ("level", level), ("trump", "")],
                )
                .await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{boards}");
            page.has("Nothing was saved").has("Add round 3");
            assert_eq!(value(&page, "boards"), boards);
        }
        let page = b.get("/d/entry-test/rounds").await;
        page.lacks("/d/entry-test/rounds/3\"");

        // One board edited, the others left as they are, in one save.
        let mut grid: Vec<(String, String)> = Vec::new();
        for (n, dealer) in [(1, "N"), (2, "E"), (3, "E"), (4, "W"), (5, "N")] {
            grid.push((format!("dealer-{n}"), dealer.to_owned()));
            grid.push((
                format!("level-{n}"),
                if n == 3 { "J" } else { "2" }.to_owned(),
            ));
            grid.push((
                format!("trump-{n}"),
                if n == 3 { "NT" } else { "" }.to_owned(),
            ));
        }
        let page = b.post("/d/entry-test/rounds/1/boards", &refs(&grid)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(page.location.as_deref(), Some("/d/entry-test/rounds/1"));
        let page = b.get("/d/entry-test/rounds/1/boards").await;
        assert_eq!(selected(&page, "dealer-3"), "E");
        assert_eq!(selected(&page, "level-3"), "J");
        assert_eq!(selected(&page, "trump-3"), "NT");
        assert_eq!(selected(&page, "dealer-4"), "W");

        // A bad value anywhere: 422, the grid as typed, nothing saved.
        let mut bad = grid.clone();
        bad[0].1 = "X".to_owned();
        bad[3] = ("dealer-2".to_owned(), "S".to_owned());
        let page = b.post("/d/entry-test/rounds/1/boards", &refs(&bad)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Choose a dealer, a level and a trump from the lists.")
            .has("id=\"board-error-1\"");
        assert_eq!(selected(&page, "dealer-1"), "X");
        assert_eq!(selected(&page, "dealer-2"), "S");
        let page = b.get("/d/entry-test/rounds/1/boards").await;
        assert_eq!(selected(&page, "dealer-1"), "N");
        assert_eq!(selected(&page, "dealer-2"), "E");

        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        assert_eq!(
            files.get("boards.csv").unwrap(),
            "round,board,dealer,level,trump\n1,1,N,2,\n1,2,E,2,\n1,3,E,J,NT\n1,4,W,2,\n1,5,N,2,\n\
             2,1,N,K,H\n2,2,E,K,H\n2,3,S,K,H\n2,4,W,K,H\n2,5,N,K,H\n2,6,E,K,H\n"
        );

        // Unknown tournament, round or a number that is not one: a real 404.
        for path in [
            "/d/nope/rounds",
            "/d/entry-test/rounds/9",
            "/d/entry-test/rounds/x/boards",
            "/d/entry-test/rounds/9/pairings",
        ] {
            let page = b.get(path).await;
            assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
            page.has("Page not found");
        }
    }
}

#[actix_web::test]
async fn pairings_are_entered_by_hand_and_every_mistake_is_shown_at_its_field() {
    for db in backends() {
        import_small(&db);
        let mut b = browser(&db).await;
        b.post(
            "/d/entry-test/rounds",
            &[("boards", "4"), ("level", "2"), ("trump", "")],
        )
        .await;
        let page = b.get_ok("/d/entry-test/rounds/1/pairings").await;
        // Five teams: three tables and one spare row, numbered in advance; a place is
        // kept for generated schedules.
        assert_eq!(value(&page, "table-0"), "1");
        assert_eq!(value(&page, "table-3"), "4");
        page.has("Generated pairings")
            .has("<option value=\"5\">5 Echo</option>");

        // Each mistake: 422, the message beside its field, the rows as typed.
        type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
        let cases: [Case; 5] = [
            (
                &[("table-0", "1"), ("home-0", "1"), ("away-0", "9")],
                "away-0",
                "There is no team “9”.",
            ),
            (
                &[
                    ("table-0", "1"),
                    ("home-0", "1"),
                    ("away-0", "2"),
                    ("table-1", "2"),
                    ("home-1", "2"),
                    ("away-1", "3"),
                ],
                "home-1",
                "Team 2 already plays at table 1.",
            ),
            (
                &[("table-0", "1"), ("home-0", "4"), ("away-0", "4")],
                "away-0",
                "Team 4 cannot play itself.",
            ),
            (
                &[
                    ("table-0", "1"),
                    ("home-0", "1"),
                    ("away-0", "2"),
                    ("table-1", "1"),
                    ("home-1", "3"),
                    ("away-1", "4"),
                ],
                "table-1",
                "Table 1 is used twice.",
            ),
            (
                &[("table-0", ""), ("home-0", "1"), ("away-0", "2")],
                "table-0",
                "Give a table number, 1 or more.",
            ),
        ];
        for (form, field, message) in cases {
            let page = b.post("/d/entry-test/rounds/1/pairings", form).await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{message}");
            page.has(&format!(
                "<span class=\"field-error\" id=\"{field}-error\">{message}</span>"
            ))
            .has(&format!("aria-describedby=\"{field}-error\""));
            for (name, typed) in form {
                assert_eq!(value(&page, name), *typed);
            }
        }
        let page = b.get("/d/entry-test/rounds/1").await;
        page.has("This round has no pairings yet.");

        set_up_pairings(&mut b).await;
        let page = b.get("/d/entry-test/rounds/1").await;
        page.has("Pairings saved.")
            .has("1 Alpha")
            .has("2 Beta")
            .has("3 长城")
            .has("href=\"/d/entry-test/rounds/1/tables/1\"")
            .lacks("href=\"/d/entry-test/rounds/1/tables/3\"");

        // A withdrawn team is not offered, and cannot be paired anew; where it already
        // plays, it stays.
        b.post("/d/entry-test/teams/5/withdraw", &[]).await;
        let page = b.get("/d/entry-test/rounds/1/pairings").await;
        page.lacks("<option value=\"5\">");
        assert_eq!(value(&page, "home-2"), "5");
        b.post(
            "/d/entry-test/rounds",
            &[("boards", "4"), ("level", "2"), ("trump", "")],
        )
        .await;
        let page = b
            .post(
                "/d/entry-test/rounds/2/pairings",
                &[("table-0", "1"), ("home-0", "5"), ("away-0", "1")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Team 5 has withdrawn.");
        let page = b
            .submit(
                "/d/entry-test/rounds/1/pairings",
                &refs(&pairings_form(&[
                    ("1", "1", "2"),
                    ("2", "4", "3"),
                    ("3", "5", ""),
                ])),
            )
            .await;
        page.has("Pairings saved.").has("4 Delta");

        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        assert_eq!(
            files.get("schedule.csv").unwrap(),
            "round,table,home,away\n1,1,1,2\n1,2,4,3\n1,3,5,\n"
        );
    }
}

async fn set_up_pairings<B: MessageBody>(b: &mut Browser<impl TestApp<B>>) {
    let page = b
        .post(
            "/d/entry-test/rounds/1/pairings",
            &refs(&pairings_form(&[
                ("1", "1", "2"),
                ("2", "3", "4"),
                ("3", "5", ""),
                ("4", "", ""),
            ])),
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
}

#[actix_web::test]
async fn a_match_is_entered_and_every_figure_is_shown_beside_the_inputs() {
    for db in backends() {
        import_small(&db);
        let mut b = browser(&db).await;
        set_up(&mut b).await;

        // Nothing entered: every match not started, the first field has the focus.
        let page = b.get("/d/entry-test/rounds/1").await;
        page.has("<tr class=\"match-not-started\">")
            .has("<tr class=\"match-bye\">")
            .has("0/4");
        let page = b.get_ok(ENTRY).await;
        page.has("Open room")
            .has("NS: 1 Alpha · EW: 2 Beta")
            .has("NS: 2 Beta · EW: 1 Alpha")
            .has("id=\"o1-trick_points\" name=\"o1-trick_points\" value=\"\" type=\"text\" inputmode=\"numeric\" size=\"3\" autocomplete=\"off\" autofocus");
        // Two decks: single, pair, tractor; no triple.
        page.has("<option value=\"tractor\">tractor</option>")
            .lacks("<option value=\"triple\">");
        // The open room's fields come before the closed room's (tab order).
        let open = page.body.find("id=\"o4-defender_total\"").unwrap();
        let closed = page.body.find("id=\"c1-trick_points\"").unwrap();
        assert!(open < closed);

        // The open room and one closed board: in progress; board 1 compared (+1 +1 = +2).
        let partial: Vec<(&str, &str)> = TABLE_1
            .iter()
            .copied()
            .filter(|(k, _)| k.starts_with('o') || k.starts_with("c1-"))
            .collect();
        let page = b.post(ENTRY, &partial).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        // A partial save stays on its match, the rest still to type (issue 24: it used to
        // move on to the next match and leave this one half done).
        assert_eq!(
            page.location.as_deref(),
            Some("/d/entry-test/rounds/1/tables/1")
        );
        let page = b.get(ENTRY).await;
        page.has("Results saved.").has("in progress");
        // The focus moves on to the first board without a result.
        page.has("id=\"c2-trick_points\" name=\"c2-trick_points\" value=\"\" type=\"text\" inputmode=\"numeric\" size=\"3\" autocomplete=\"off\" autofocus");
        let page = b.get("/d/entry-test/rounds/1").await;
        page.has("<tr class=\"match-in-progress\">")
            .has("4/4")
            .has("1/4")
            .has("+2 : \u{2212}2");

        // The whole match; table 2 still needs results.
        let page = b.post(ENTRY, TABLE_1).await;
        assert_eq!(
            page.location.as_deref(),
            Some("/d/entry-test/rounds/1/tables/2")
        );
        let page = b.get_ok(ENTRY).await;
        page.has("Results saved.").has("complete");
        // P, the wording (the ruling marked) and s beside each row.
        for (p, result, s) in [
            ("55", "declarers up 1", "+1"),
            ("220", "defenders take over, up 4", "-4"),
            ("55", "defenders take over, up 1 (TD ruling)", "-1"),
            ("125", "defenders take over, up 2", "-2"),
            ("80", "defenders take over, up 1", "-1"),
            ("0", "declarers up 3", "+3"),
            ("230", "defenders take over, up 4", "-4"),
            ("40", "declarers up 1", "+1"),
        ] {
            let ruled = if result.contains("ruling") {
                " ruled"
            } else {
                ""
            };
            // Signed figures print with a typographic minus on the pages.
            let s = s.replace('-', "\u{2212}");
            page.has(&format!(
                "<td class=\"num computed\" data-p>{p}</td><td class=\"computed result{ruled}\" data-result>{result}</td><td class=\"num computed\" data-s>{s}</td>"
            ));
        }
        // The swings and the match: M = 9, 155 points, boards 3 : 1, 19.52 : 0.48.
        for (board, open, closed, swing, back) in [
            (1, "+1", "+1", "+2", "-2"),
            (2, "+4", "+3", "+7", "-7"),
            (3, "+1", "-4", "-3", "+3"),
            (4, "+2", "+1", "+3", "-3"),
        ] {
            let [open, closed, swing, back] =
                [open, closed, swing, back].map(|v| v.replace('-', "\u{2212}"));
            page.has(&format!(
                "<tr class=\"swing\"><th scope=\"row\" class=\"num\">{board}</th><td class=\"num\">{open}</td><td class=\"num\">{closed}</td><td class=\"num\">{swing}</td><td class=\"num\">{back}</td></tr>"
            ));
        }
        page.has("<tr class=\"team-figures\"><th scope=\"row\">1 Alpha</th><td class=\"num\">+9</td><td class=\"num\">+155</td><td class=\"num\">3</td><td class=\"num\">19.52</td></tr>")
            .has("<tr class=\"team-figures\"><th scope=\"row\">2 Beta</th><td class=\"num\">\u{2212}9</td><td class=\"num\">\u{2212}155</td><td class=\"num\">1</td><td class=\"num\">0.48</td></tr>")
            .has("4 of 4 boards compared");
        // The inputs show what is stored.
        assert_eq!(selected(&page, "o2-combo"), "tractor");
        assert_eq!(value(&page, "o2-combo_length"), "2");
        assert_eq!(value(&page, "o3-ruling"), "-1");
        assert_eq!(value(&page, "o4-defender_total"), "125");
        assert_eq!(value(&page, "o4-trick_points"), "");

        // The same page in Chinese.
        b.accept_language = "zh-CN".into();
        let zh = b.get(ENTRY).await;
        zh.has("开室")
            .has("闭室")
            .has("闲家得分")
            .has("本桌级数")
            .has("闲家上台升4级")
            .has("闲家上台升1级（裁判判定）")
            .has("庄家方升3级")
            .has("南北：1 Alpha · 东西：2 Beta");
        b.accept_language = "en".into();

        // Table 2 total only, P = 80 everywhere: s = −1 at every table, every board flat.
        let flat: Vec<(String, String)> = ["o", "c"]
            .iter()
            .flat_map(|r| (1..=4).map(move |n| (format!("{r}{n}-defender_total"), "80".to_owned())))
            .collect();
        let page = b
            .post("/d/entry-test/rounds/1/tables/2", &refs(&flat))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        // The last match of the round: the round page says the round is complete.
        assert_eq!(page.location.as_deref(), Some("/d/entry-test/rounds/1"));
        let page = b.get("/d/entry-test/rounds/1").await;
        page.has("Every match of this round is complete.");
        page.has("<tr class=\"match-complete\">")
            .lacks("match-in-progress")
            .has("+9 : \u{2212}9")
            .has("19.52 : 0.48")
            .has("10.00 : 10.00")
            .has("12.00");
        let page = b.get("/d/entry-test/rounds").await;
        page.has("state-complete");

        // The export computes the same: matches, results and standings.
        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        let matches = files.get("matches.csv").unwrap();
        assert!(
            matches.contains("\n1,1,1,2,4,9,-9,155,-155,19.52,0.48,complete\n"),
            "{matches}"
        );
        assert!(matches.contains("\n1,2,3,4,4,0,0,0,0,10.00,10.00,complete\n"));
        let results = files.get("results.csv").unwrap();
        for line in [
            "1,1,open,2,60,20,defenders,tractor:2,,,,220,-4,\"defenders take over, up 4\"",
            "1,1,open,3,45,0,declarer,,10,,-1,55,-1,\"defenders take over, up 1 (TD ruling)\"",
            "1,1,open,4,,,,,,,,125,-2,\"defenders take over, up 2\"",
            "1,1,closed,1,90,10,declarer,,,10,,80,-1,\"defenders take over, up 1\"",
            "1,1,closed,3,130,25,defenders,pair,,,,230,-4,\"defenders take over, up 4\"",
        ] {
            assert!(results.contains(line), "{line}\n{results}");
        }
        // Alpha: quotient (2 + 7 + 3) / 3 = 4; Echo's bye scores 12 but is not played;
        // 长城 and Delta drew every board and share third place.
        let standings = files.get("standings.csv").unwrap();
        assert_eq!(
            standings,
            "rank,team_no,name,played,won,drawn,lost,score,level_diff,level_quotient,point_diff,boards_won\n\
             1,1,Alpha,1,1,0,0,19.52,9,4.000,155,3\n\
             2,5,Echo,0,0,0,0,12.00,0,1.000,0,0\n\
             3=,3,长城,1,0,1,0,10.00,0,1.000,0,0\n\
             3=,4,Delta,1,0,1,0,10.00,0,1.000,0,0\n\
             5,2,Beta,1,0,0,1,0.48,-9,0.250,-155,1\n"
        );
        // The public pages show the same figures the moment they are saved.
        let public = b.get_ok("/t/entry-test/rounds/1/tables/1").await;
        public
            .has("19.52")
            .has("0.48")
            .has("220")
            .has("(TD ruling)");
        let public = b.get_ok("/t/entry-test/standings").await;
        public.has("Alpha").has("19.52").has("4.000").has("3=");

        // Clearing a saved row asks first, naming the board, room and figures; nothing is
        // deleted until the director confirms.
        let cleared: Vec<(&str, &str)> = TABLE_1
            .iter()
            .copied()
            .filter(|(k, _)| !k.starts_with("c4-"))
            .collect();
        let asked = b.post(ENTRY, &cleared).await;
        assert_eq!(asked.status, StatusCode::OK);
        asked
            .has("Delete saved results?")
            .has("board 4")
            .has("trick points 40")
            .lacks("trick_points=40")
            .has("name=\"confirm_delete\" value=\"yes\"");
        b.get(ENTRY).await.has("4 of 4 boards compared");
        // Confirmed: the result is deleted, the match is in progress again, and the audit
        // trail records the deletion.
        let mut confirmed = cleared.clone();
        confirmed.push(("confirm_delete", "yes"));
        let page = b.submit(ENTRY, &confirmed).await;
        page.has("in progress").has("3 of 4 boards compared");
        b.get_ok("/d/entry-test/audit")
            .await
            .has("<span class=\"empty deleted\">(deleted)</span>");
        assert_eq!(value(&page, "c4-trick_points"), "");
        b.post(ENTRY, TABLE_1).await;
        let page = b.get(ENTRY).await;
        page.has("4 of 4 boards compared");
    }
}

#[actix_web::test]
async fn wrong_input_is_refused_with_every_error_at_its_field_and_nothing_saved() {
    for db in backends() {
        import_small(&db);
        let mut b = browser(&db).await;
        set_up(&mut b).await;
        let page = b.post(ENTRY, TABLE_1).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let before = fushi::transfer::export(&mut db.open(), SLUG).unwrap();

        let cases = [
            (
                "o1-trick_points",
                "83",
                "o1-trick_points",
                "Trick points are a multiple of 5 from 0 to 200.",
            ),
            (
                "o1-trick_points",
                "205",
                "o1-trick_points",
                "Trick points are a multiple of 5 from 0 to 200.",
            ),
            (
                "o1-bottom_points",
                "85",
                "o1-bottom_points",
                "Bottom points are a multiple of 5 from 0 to 80, and with the trick points at most 200.",
            ),
            (
                "c3-bottom_points",
                "75",
                "c3-bottom_points",
                "Bottom points are a multiple of 5 from 0 to 80, and with the trick points at most 200.",
            ),
            (
                "o2-combo",
                "triple",
                "o2-combo",
                "Not possible with 2 deck(s); choose one of: single, pair, tractor.",
            ),
            (
                "c3-combo",
                "",
                "c3-combo",
                "The defenders won the last trick: give its largest combination.",
            ),
            (
                "c2-trick_points",
                "8o",
                "c2-trick_points",
                "Not a whole number.",
            ),
            (
                "o4-defender_total",
                "12x",
                "o4-defender_total",
                "Not a whole number.",
            ),
            (
                "o3-declarer_penalty",
                "-5",
                "o3-declarer_penalty",
                "A penalty is a multiple of 5 from 0 to 1000.",
            ),
            (
                "o2-combo_length",
                "1",
                "o2-combo_length",
                "The length L is needed: from 2 to what one hand holds.",
            ),
            (
                "c2-defender_total",
                "40",
                "c2-defender_total",
                "With trick points given, P is computed: leave it empty.",
            ),
        ];
        for (field, typed, at, message) in cases {
            let form = with(field, typed);
            let page = b.post(ENTRY, &refs(&form)).await;
            assert_eq!(
                page.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{field}={typed}"
            );
            page.has(&format!(
                "<span class=\"field-error\" id=\"{at}-error\">{message}</span>"
            ))
            .has("Nothing was saved: one problem. Everything you typed is kept below.")
            .has(&format!("<a href=\"#{at}\">"));
            // Every typed value is kept, the wrong one too.
            for (name, v) in &form {
                if name.ends_with("last_trick") || name.ends_with("-combo") {
                    assert_eq!(&selected(&page, name), v, "{name}");
                } else {
                    assert_eq!(&value(&page, name), v, "{name}");
                }
            }
            // The focus is on the wrong field.
            let tag_start = page.body.find(&format!("id=\"{at}\"")).unwrap();
            let tag = &page.body[tag_start..tag_start + page.body[tag_start..].find('>').unwrap()];
            assert!(tag.contains("autofocus"), "{tag}");
            // What was saved before stays.
            assert_eq!(
                fushi::transfer::export(&mut db.open(), SLUG).unwrap(),
                before
            );
        }

        // Several at once: all of them, each at its field; the other rows are not saved
        // either.
        let mut form = with("o1-trick_points", "83");
        form.push(("c4-bottom_points".into(), "200".into()));
        form.retain(|(k, _)| k != "o2-trick_points");
        form.push(("o2-trick_points".into(), "150".into()));
        let page = b.post(ENTRY, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Nothing was saved: 2 problems.")
            .has("id=\"o1-trick_points-error\"")
            .has("id=\"c4-bottom_points-error\"")
            .has("Open room, board 1, Trick points: Trick points are a multiple of 5");
        assert_eq!(
            fushi::transfer::export(&mut db.open(), SLUG).unwrap(),
            before
        );

        // In Chinese.
        b.accept_language = "zh".into();
        let page = b.post(ENTRY, &refs(&with("o1-trick_points", "83"))).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("闲家得分须为 5 的倍数，在 0 到 200 之间。")
            .has("未保存");
        b.accept_language = "en".into();

        // A pairing whose match has results cannot change or go.
        let page = b
            .post(
                "/d/entry-test/rounds/1/pairings",
                &[
                    ("table-0", "1"),
                    ("home-0", "2"),
                    ("away-0", "1"),
                    ("table-1", "2"),
                    ("home-1", "3"),
                    ("away-1", "4"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Table 1 already has results, so its pairing cannot change or be removed.");
        let page = b
            .post(
                "/d/entry-test/rounds/1/pairings",
                &[("table-0", "2"), ("home-0", "3"), ("away-0", "4")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Table 1 already has results");
        // The form shows it locked, with the reason.
        let page = b.get("/d/entry-test/rounds/1/pairings").await;
        page.has("1 Alpha against 2 Beta")
            .has("results entered: this pairing can no longer change");
        assert_eq!(
            fushi::transfer::export(&mut db.open(), SLUG).unwrap(),
            before
        );

        // Unknown table, a bye, an unknown round.
        assert_eq!(
            b.get("/d/entry-test/rounds/1/tables/9").await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            b.post("/d/entry-test/rounds/1/tables/9", TABLE_1)
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            b.get("/d/entry-test/rounds/7/tables/1").await.status,
            StatusCode::NOT_FOUND
        );
        b.get("/d/entry-test/rounds/1/tables/3")
            .await
            .has("5 Echo has a bye in this round");
        let page = b.post("/d/entry-test/rounds/1/tables/3", TABLE_1).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            fushi::transfer::export(&mut db.open(), SLUG).unwrap(),
            before
        );
    }
}

#[actix_web::test]
async fn the_archive_downloads_and_uploads_into_a_fresh_database_unchanged() {
    let db = TestDb::sqlite();
    import_small(&db);
    let mut b = browser(&db).await;
    set_up(&mut b).await;
    b.post(ENTRY, TABLE_1).await;

    let page = b.get_ok("/d/entry-test/archive").await;
    page.has("href=\"/d/entry-test/archive.zip\"")
        .has("href=\"/d/entry-test/files/standings.csv\"")
        .has("href=\"/d/entry-test/files/tournament.toml\"");

    let zip = b.get_ok("/d/entry-test/archive.zip").await;
    assert_eq!(zip.content_type, "application/zip");
    // One folder named after the slug, holding the eight files and the audit trail.
    let mut names: Vec<String> = zip::ZipArchive::new(Cursor::new(zip.bytes.clone()))
        .unwrap()
        .file_names()
        .map(|n| n.unwrap().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "entry-test/audit.csv",
            "entry-test/boards.csv",
            "entry-test/matches.csv",
            "entry-test/results.csv",
            "entry-test/schedule.csv",
            "entry-test/standings.csv",
            "entry-test/swings.csv",
            "entry-test/teams.csv",
            "entry-test/tournament.toml",
        ]
    );
    let exported = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
    let zipped = ArchiveFiles::read_zip(Cursor::new(zip.bytes.clone())).unwrap();
    for name in fushi::archive::always() {
        assert_eq!(zipped.get(name), exported.get(name), "{name}");
    }
    // The audit trail is in the zip only, not among the archive's files.
    assert!(zipped.get("audit.csv").is_some());
    assert!(exported.get("audit.csv").is_none());
    // Each file on its own, as the .zip holds it.
    let one = b.get_ok("/d/entry-test/files/standings.csv").await;
    assert_eq!(one.content_type, "text/csv; charset=utf-8");
    assert_eq!(one.bytes, exported.bytes("standings.csv").unwrap());
    assert!(one.bytes.starts_with(b"\xef\xbb\xbfrank,"));
    // The archive page counts what the .zip really holds: nine files.
    b.get("/d/entry-test/archive")
        .await
        .has("with 9 files: the archive");
    assert_eq!(
        b.get("/d/entry-test/files/secret.csv").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        b.get("/d/nope/archive.zip").await.status,
        StatusCode::NOT_FOUND
    );

    // Into a fresh database through the upload form: every file byte for byte the same.
    for fresh in backends() {
        let mut other = browser(&fresh).await;
        let form = other.get_ok("/d/import").await;
        form.has("enctype=\"multipart/form-data\"")
            .has("name=\"archive\"");
        let page = other
            .upload("/d/import", "archive", "entry-test.zip", &zip.bytes, &[])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(page.location.as_deref(), Some("/d/entry-test"));
        assert_eq!(
            other.cookies.get("flash").map(String::as_str),
            Some("archive-flash-imported")
        );
        let again = fushi::transfer::export(&mut fresh.open(), SLUG).unwrap();
        for name in fushi::archive::always() {
            assert_eq!(
                again.get(name).unwrap().as_bytes(),
                exported.get(name).unwrap().as_bytes(),
                "{name}"
            );
        }
        // The same slug again is refused, naming the line of the slug.
        let page = other
            .upload("/d/import", "archive", "entry-test.zip", &zip.bytes, &[])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("tournament.toml:2: slug &#34;entry-test&#34; already exists");
    }
}

#[actix_web::test]
async fn a_bad_archive_lists_every_problem_by_file_and_line_and_creates_nothing() {
    for db in backends() {
        let mut b = browser(&db).await;
        let files: ArchiveFiles = [
            ("tournament.toml", TOURNAMENT_TOML.to_owned()),
            (
                "teams.csv",
                "team_no,name,club,members\n1,Alpha,,A\n1,Again,,B\nx,Bad,,C\n".to_owned(),
            ),
            (
                "schedule.csv",
                "round,table,home,away\n1,1,1,7\n".to_owned(),
            ),
        ]
        .into_iter()
        .collect();
        let bytes = files
            .write_zip(Cursor::new(Vec::new()), "broken")
            .unwrap()
            .into_inner();
        let page = b
            .upload("/d/import", "archive", "broken.zip", &bytes, &[])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        // The missing boards.csv is named once; the schedule's row is not blamed for its
        // round's boards, nor for a team that the unreadable team row may be.
        page.has("Nothing was imported: 4 problems.")
            .has("teams.csv:3: team 1 is listed twice (first on line 2)")
            .has("teams.csv:4: team_no &#34;x&#34; is not a whole number")
            .has("boards.csv: missing from the archive, and schedule.csv needs it")
            .has("results.csv: missing from the archive, and schedule.csv needs it")
            .lacks("round 1 has no boards")
            .lacks("unknown team 7");
        assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());

        // Not a .zip at all, and no file.
        let page = b
            .upload("/d/import", "archive", "notes.txt", b"hello", &[])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("notes.txt: not a readable .zip");
        let page = b.upload("/d/import", "archive", "", b"", &[]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Choose a .zip file to upload.");

        b.accept_language = "zh".into();
        let page = b
            .upload("/d/import", "archive", "broken.zip", &bytes, &[])
            .await;
        page.has("未导入任何内容（共 4 处问题）")
            .has("teams.csv:3:");
        assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
    }
}

#[actix_web::test]
async fn the_pages_speak_chinese() {
    let db = TestDb::sqlite();
    import_small(&db);
    let mut b = browser(&db).await;
    set_up(&mut b).await;
    b.accept_language = "zh-CN,zh;q=0.9".into();
    b.get("/d/entry-test/rounds")
        .await
        .has("<html lang=\"zh-Hans\">")
        .has("轮次")
        .has("第1轮")
        .has("添加第2轮")
        .has("未开始");
    let page = b.get("/d/entry-test/rounds/1/boards").await;
    page.has("第1轮：牌")
        .has("庄家方位")
        .has("现场叫主")
        .has(">北<");
    b.get("/d/entry-test/rounds/1/pairings")
        .await
        .has("第1轮：对阵")
        .has("自动编排");
    b.get("/d/entry-test/rounds/1")
        .await
        .has("轮空")
        .has("录入第1桌");
    let page = b
        .post(
            "/d/entry-test/rounds/1/pairings",
            &[("table-0", "1"), ("home-0", "1"), ("away-0", "1")],
        )
        .await;
    page.has("1号队不能与自己比赛。");
    b.get("/d/entry-test/archive")
        .await
        .has("存档")
        .has("下载 entry-test.zip");
    b.get("/d/import").await.has("导入赛事");
}

/// The database functions on their own, on both backends.
#[test]
fn rounds_in_the_database() {
    for db in backends() {
        import_small(&db);
        let mut conn = db.open();
        let boards = fushi::rules::event::new_boards(3, "2".parse().unwrap(), None);
        assert_eq!(db::add_round(&mut conn, "nope", &boards).unwrap(), None);
        assert_eq!(db::add_round(&mut conn, SLUG, &boards).unwrap(), Some(1));
        assert_eq!(db::add_round(&mut conn, SLUG, &boards).unwrap(), Some(2));
        let sheet = db::load_round(&mut conn, SLUG, 2).unwrap().unwrap();
        assert_eq!(sheet.round.boards, boards);
        assert_eq!(sheet.round_numbers, [1, 2]);
        assert_eq!(sheet.teams.len(), 5);
        assert_eq!(sheet.teams[0].members, ["A1", "A2", "A3", "A4"]);
        assert!(db::load_round(&mut conn, SLUG, 3).unwrap().is_none());
        assert!(db::load_round(&mut conn, "nope", 1).unwrap().is_none());

        // Boards: changed ones are written; an unknown board refuses the whole edit.
        let mut edited = boards.clone();
        edited[1].level = "A".parse().unwrap();
        edited[1].trump = Some(fushi::rules::Trump::Spades);
        assert!(crate::common::edits::update_boards(&mut conn, SLUG, 1, &edited).unwrap());
        let extra = Board {
            number: 9,
            ..boards[0]
        };
        let mut too_many = boards.clone();
        too_many.push(extra);
        assert!(matches!(
            crate::common::edits::update_boards(&mut conn, SLUG, 1, &too_many),
            Err(DbError::Refused(WriteRefusal::NoSuchBoard {
                round: 1,
                board: 9
            }))
        ));
        assert!(!crate::common::edits::update_boards(&mut conn, SLUG, 5, &boards).unwrap());
        let sheet = db::load_round(&mut conn, SLUG, 1).unwrap().unwrap();
        assert_eq!(sheet.round.boards, edited);

        // Pairings, then results, then the pairing of the played match is fixed.
        let pair = |table, home, away| Pairing { table, home, away };
        let pairings = [
            pair(1, TeamNo(1), Some(TeamNo(2))),
            pair(2, TeamNo(3), Some(TeamNo(4))),
            pair(3, TeamNo(5), None),
        ];
        assert!(crate::common::edits::replace_pairings(&mut conn, SLUG, 1, &pairings).unwrap());
        let entry = table_entry(EntryFigures {
            trick_points: Some(85),
            last_trick: Some(LastTrick::Declarer),
            ..EntryFigures::default()
        });
        let result = |room, board| TableResult {
            room,
            board,
            entry: entry.clone(),
        };
        let results = [result(Room::Open, 1), result(Room::Closed, 1)];
        assert!(crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &results).unwrap());
        assert!(
            !crate::common::edits::save_match_results(&mut conn, SLUG, 1, 8, &results).unwrap()
        );
        assert!(matches!(
            crate::common::edits::save_match_results(&mut conn, SLUG, 1, 3, &results),
            Err(DbError::Refused(WriteRefusal::ByeHasNoResults {
                round: 1,
                table: 3
            }))
        ));
        let twice = [result(Room::Open, 2), result(Room::Open, 2)];
        assert!(matches!(
            crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &twice),
            Err(DbError::Refused(WriteRefusal::ResultTwice {
                room: Room::Open,
                board: 2
            }))
        ));
        let off_board = [result(Room::Open, 7)];
        assert!(matches!(
            crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &off_board),
            Err(DbError::Refused(WriteRefusal::NoSuchBoard {
                round: 1,
                board: 7
            }))
        ));
        // Replacing keeps only the new set.
        let replaced = [result(Room::Closed, 3)];
        assert!(
            crate::common::edits::save_match_results(&mut conn, SLUG, 1, 1, &replaced).unwrap()
        );
        let sheet = db::load_round(&mut conn, SLUG, 1).unwrap().unwrap();
        assert_eq!(*sheet.table(1).unwrap().results, replaced);

        // Table 2 may change and table 3 go; table 1 stays as it is or the whole save is
        // refused.
        let changed = [
            pair(1, TeamNo(1), Some(TeamNo(2))),
            pair(2, TeamNo(4), Some(TeamNo(3))),
            pair(4, TeamNo(5), None),
        ];
        assert!(crate::common::edits::replace_pairings(&mut conn, SLUG, 1, &changed).unwrap());
        let refused = [
            pair(1, TeamNo(2), Some(TeamNo(1))),
            pair(2, TeamNo(3), Some(TeamNo(4))),
        ];
        assert!(matches!(
            crate::common::edits::replace_pairings(&mut conn, SLUG, 1, &refused),
            Err(DbError::Refused(WriteRefusal::PairingHasResults {
                round: 1,
                table: 1
            }))
        ));
        assert!(matches!(
            crate::common::edits::replace_pairings(
                &mut conn,
                SLUG,
                1,
                &[pair(2, TeamNo(3), Some(TeamNo(4)))]
            ),
            Err(DbError::Refused(WriteRefusal::PairingHasResults {
                round: 1,
                table: 1
            }))
        ));
        assert!(matches!(
            crate::common::edits::replace_pairings(
                &mut conn,
                SLUG,
                1,
                &[
                    pair(1, TeamNo(1), Some(TeamNo(2))),
                    pair(2, TeamNo(3), Some(TeamNo(99)))
                ]
            ),
            Err(DbError::Refused(WriteRefusal::NoSuchTeam {
                team: TeamNo(99)
            }))
        ));
        let sheet = db::load_round(&mut conn, SLUG, 1).unwrap().unwrap();
        let now: Vec<Pairing> = sheet.round.matches.iter().map(Pairing::of).collect();
        assert_eq!(now, changed);
        assert_eq!(*sheet.table(1).unwrap().results, replaced);
        assert!(
            db::rounds::match_id(&mut conn, SLUG, 1, 4)
                .unwrap()
                .is_some()
        );
        assert!(
            db::rounds::match_id(&mut conn, SLUG, 1, 3)
                .unwrap()
                .is_none()
        );
    }
}

/// The saved results of a match as the desk's form posts them.
fn desk_form(m: &fushi::rules::Match) -> Vec<(String, String)> {
    let mut form = Vec::new();
    for r in &m.results {
        let key = if r.room == Room::Open { "o" } else { "c" };
        let row = fushi::input::SheetRow::from_entry(&r.entry);
        for field in fushi::input::SHEET_FIELDS {
            let value = row.field(field);
            if !value.is_empty() {
                form.push((format!("{key}{}-{field}", r.board), value.to_owned()));
            }
        }
    }
    form
}

/// After a round's correction period a desk correction needs the director's reason: the
/// field appears, a change without it is refused with a message at the field and nothing
/// saved; with it the change is saved and the audit trail shows the reason.
#[actix_web::test]
async fn a_correction_after_the_period_needs_a_reason_kept_in_the_trail() {
    use diesel::RunQueryDsl;
    for db in backends() {
        common::import_club_night(&db);
        let mut conn = db.open();
        let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
        let m = event.rounds[0].matches[0].clone();
        // A first correction starts the period; without a period it is over at once.
        let mut results = m.results.clone();
        results[0].entry = crate::common::edited(&results[0].entry, |f| {
            f.trick_points = f.trick_points.map(|t| t + 5)
        });
        db::save_match_results_as(&mut conn, "club-night", 1, m.table, &results, "admin", None)
            .unwrap();
        diesel::sql_query("UPDATE tournaments SET correction_minutes = 0, revision = revision + 1")
            .execute(&mut conn)
            .unwrap();
        let path = format!("/d/club-night/rounds/1/tables/{}", m.table);
        let mut b = browser(&db).await;
        b.get_ok(&path).await.has("name=\"reason\"");
        let saved = db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap()
            .rounds[0]
            .matches[0]
            .clone();
        let mut form = desk_form(&saved);
        let first = form
            .iter_mut()
            .find(|(k, _)| k.ends_with("-trick_points"))
            .unwrap();
        first.1 = (first.1.parse::<i32>().unwrap() + 5).to_string();
        let (room, board) = first.0.split_once('-').unwrap().0.split_at(1);
        let row = format!(
            "data-row=\"{}-{board}\"",
            if room == "o" { "open" } else { "closed" }
        );
        // The P beside the row: `data-p>60</td>`.
        let p_of = |page: &Page| -> i32 {
            let tr = &page.body[page.body.find(&row).unwrap()..];
            let tr = &tr[..tr.find("</tr>").unwrap()];
            let at = tr.find("data-p>").unwrap() + "data-p>".len();
            tr[at..tr[at..].find('<').unwrap() + at].parse().unwrap()
        };
        let saved_p = p_of(&b.get_ok(&path).await);
        let refused = b.post(&path, &refs(&form)).await;
        // The reason box sits in the bar with Save, never under it; the row's figures are
        // those of what was typed, not the saved ones beside the typed number.
        let bar = refused.body.find("<div class=\"actions\">").unwrap();
        let reason = refused.body.find("<textarea id=\"reason\"").unwrap();
        let save = refused.body.find("data-entry-save").unwrap();
        assert!(bar < reason && reason < save, "the reason in the Save bar");
        assert_eq!(p_of(&refused), saved_p + 5);
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            db.backend()
        );
        refused.has(
            "id=\"reason-error\">Give the reason for the correction: the correction period is over.",
        );
        let unchanged = db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap()
            .rounds[0]
            .matches[0]
            .clone();
        assert_eq!(unchanged.results, saved.results, "nothing saved");
        form.push(("reason".to_owned(), "Scorer misread the sheet".to_owned()));
        b.submit(&path, &refs(&form)).await;
        let changed = db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap()
            .rounds[0]
            .matches[0]
            .clone();
        assert_ne!(changed.results, saved.results);
        b.get_ok("/d/club-night/audit")
            .await
            .has("Reason: Scorer misread the sheet");
        // audit.csv, in the archive's zip, keeps the reason in its own column.
        let zip = b.get_ok("/d/club-night/archive.zip").await;
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip.bytes.clone())).unwrap();
        let mut csv = String::new();
        std::io::Read::read_to_string(
            &mut archive.by_name("club-night/audit.csv").unwrap(),
            &mut csv,
        )
        .unwrap();
        assert!(
            csv.starts_with("\u{feff}at,user,area,subject,before,after,reason\n"),
            "{csv}"
        );
        let late = csv.lines().last().unwrap();
        assert!(late.ends_with(",Scorer misread the sheet"), "{csv}");
        assert!(late.contains(",results,"), "{csv}");
        // Saving the sheet unchanged needs no reason.
        let same = desk_form(&changed);
        let again = b.post(&path, &refs(&same)).await;
        assert_ne!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
}

/// Clearing a saved row of a round whose next round is already paired says so in the
/// confirmation: the next round was paired from the results being deleted. The last round
/// has no such line.
#[actix_web::test]
async fn clearing_a_row_says_when_the_next_round_was_paired_from_it() {
    for db in backends() {
        common::import_club_night(&db);
        let event = db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let mut b = browser(&db).await;
        for (round, next) in [(1, Some(2)), (3, None)] {
            let m = event.rounds[round - 1].matches[0].clone();
            let path = format!("/d/club-night/rounds/{round}/tables/{}", m.table);
            let first = &m.results[0];
            let key = if first.room == Room::Open { "o" } else { "c" };
            let cleared = format!("{key}{}-", first.board);
            let form: Vec<(String, String)> = desk_form(&m)
                .into_iter()
                .filter(|(k, _)| !k.starts_with(&cleared))
                .collect();
            let asked = b.post(&path, &refs(&form)).await;
            assert_eq!(asked.status, StatusCode::OK, "{}", db.backend());
            asked.has("Delete saved results?");
            match next {
                Some(next) => {
                    asked.has(&format!(
                        "Round {next} is already paired, from the results of round {round} as they stood."
                    ));
                }
                None => {
                    asked.lacks("is already paired");
                }
            }
            // Nothing was deleted by asking.
            let now = db::load_event(&mut db.open(), "club-night")
                .unwrap()
                .unwrap();
            assert_eq!(now.rounds[round - 1].matches[0].results, m.results);
        }
    }
}
