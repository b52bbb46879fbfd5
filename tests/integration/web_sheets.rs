//! The sheets on the web (`/t/{slug}/rounds/{n}/sheets`, match sheets, team cards, the wall)
//! and their PDFs, and the charts of the public pages, on the sample club night whose figures
//! were worked out by hand in tests/data/club-night-expected/WORKED.md.

use crate::common;

use std::path::Path;

use actix_web::http::{StatusCode, header};
use actix_web::test;
use common::http::{Page, browser};
use common::{TestDb, backends};
use fushi::archive::{self, ArchiveFiles};
use fushi::rules::Report;
use fushi::web::{AppState, app};

fn sample() -> ArchiveFiles {
    ArchiveFiles::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night"))
        .expect("the sample archive reads")
}

fn import(db: &TestDb) {
    fushi::transfer::import(&mut db.open(), &sample()).expect("the archive imports");
}

/// The sample with no result entered for round 3 (its matches still scheduled).
fn without_round_3() -> ArchiveFiles {
    let mut files = sample();
    let text: String = files
        .get("results.csv")
        .expect("the sample has results")
        .lines()
        .filter(|l| !l.starts_with("3,"))
        .map(|l| format!("{l}\n"))
        .collect();
    files.insert("results.csv", text);
    files
}

/// The text of a PDF with the spaces the extractor puts between glyphs removed; asserts the
/// file is a valid PDF with pages.
fn pdf_text(page: &Page) -> String {
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.content_type, "application/pdf");
    assert!(page.bytes.starts_with(b"%PDF-"));
    let doc = lopdf::Document::load_mem(&page.bytes).expect("a valid PDF");
    assert!(!doc.get_pages().is_empty());
    let text = pdf_extract::extract_text_from_mem(&page.bytes).expect("text extracts");
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn pages(page: &Page) -> usize {
    lopdf::Document::load_mem(&page.bytes)
        .expect("a valid PDF")
        .get_pages()
        .len()
}

/// A table row of cells as the sheet templates write them: the first a row header.
fn row(cells: &[&str]) -> String {
    let mut out = format!("<tr><th scope=\"row\">{}</th>", cells[0]);
    for c in &cells[1..] {
        out.push_str(&format!("<td>{c}</td>"));
    }
    out.push_str("</tr>");
    out
}

#[actix_web::test]
async fn a_round_prints_every_score_sheet_filled_or_blank() {
    for db in backends() {
        import(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/t/club-night/rounds/1/sheets").await;
        // Round 1: tables 1 and 2 play (table 3 is a bye): four sheets, open then closed.
        assert_eq!(
            page.body
                .matches("<article class=\"sheet score-sheet")
                .count(),
            4
        );
        let open = page.body.find("room-open").unwrap();
        let closed = page.body.find("room-closed").unwrap();
        assert!(open < closed);
        // Table 2, closed room, board 1: conditions, entry, P 250, s −5.
        page.has(&row(&common::ROUND_1_TABLE_2_CLOSED_BOARD_1))
            .has("Level Up Lions")
            .has("NS 4 Signature")
            .has("data-print")
            .has("href=\"/t/club-night/rounds/1/sheets.pdf\"")
            .lacks("<script>");

        let blank = b.get_ok("/t/club-night/rounds/1/sheets?blank=1").await;
        assert_eq!(blank.body.matches("score-sheet room-").count(), 4);
        blank
            .has(&row(&[
                "1", "N", "2", "", "", "", "", "", "", "", "", "", "",
            ]))
            .lacks("defenders take over, up 5")
            .has("href=\"/t/club-night/rounds/1/sheets.pdf?blank=1\"");

        // One match only: its open and closed room.
        let one = b.get("/t/club-night/rounds/1/sheets?table=2").await;
        assert_eq!(one.body.matches("score-sheet room-").count(), 2);
        one.has("Table 2")
            .has("href=\"/t/club-night/rounds/1/sheets.pdf?table=2\"")
            .has("href=\"/t/club-night/rounds/1/sheets?blank=1&#38;table=2\"");
        b.get("/t/club-night/rounds/1/tables/2")
            .await
            .has("href=\"/t/club-night/rounds/1/sheets?table=2\"");

        b.accept_language = "zh".into();
        b.get("/t/club-night/rounds/1/sheets")
            .await
            .has("记分表")
            .has("闲家上台升5级")
            .has("南北 4 签名");

        for missing in [
            "/t/club-night/rounds/9/sheets",
            "/t/club-night/rounds/x/sheets",
            "/t/club-night/rounds/9/sheets.pdf",
            "/t/nowhere/rounds/1/sheets",
            "/t/club-night/rounds/1/sheets?table=3",
            "/t/club-night/rounds/1/sheets?table=9",
            "/t/club-night/rounds/1/sheets.pdf?table=x",
        ] {
            assert_eq!(
                b.get(missing).await.status,
                StatusCode::NOT_FOUND,
                "{missing}"
            );
        }
    }
}

#[actix_web::test]
async fn the_round_pdf_has_a_page_per_room_and_the_results_in_chinese() {
    let db = TestDb::sqlite();
    import(&db);
    let mut b = browser(&db).await;
    b.accept_language = "zh".into();
    let filled = b.get("/t/club-night/rounds/1/sheets.pdf").await;
    let text = pdf_text(&filled);
    assert_eq!(pages(&filled), 4);
    for phrase in [
        "记分表",
        "周四俱乐部复式赛",
        "八十分老友",
        "闲家上台升5级",
        "250",
    ] {
        assert!(text.contains(phrase), "{phrase:?} in {text}");
    }
    let blank = b.get("/t/club-night/rounds/1/sheets.pdf?blank=1").await;
    let text = pdf_text(&blank);
    assert_eq!(pages(&blank), 4);
    assert!(text.contains("记分表") && text.contains("八十分老友"));
    assert!(!text.contains("闲家上台升5级"));

    let one = b
        .get("/t/club-night/rounds/1/sheets.pdf?table=2&blank=1")
        .await;
    assert_eq!(pages(&one), 2);
    let text = pdf_text(&one);
    assert!(
        text.contains("八十分老友") && text.contains("LevelUpLions"),
        "{text}"
    );
    assert!(!text.contains("RedTractors"), "table 1 is not on it");

    b.accept_language = "en".into();
    let text = pdf_text(&b.get("/t/club-night/rounds/1/sheets.pdf").await);
    assert!(text.contains("Scoresheet") && text.contains("defenderstakeover,up5"));
}

#[actix_web::test]
async fn pdfs_are_shown_inline_with_a_file_name() {
    let db = TestDb::sqlite();
    import(&db);
    let pool = fushi::db::pool(db.url()).expect("pool");
    let service = test::init_service(app(AppState::new(pool).unwrap())).await;
    for (path, name) in [
        (
            "/t/club-night/rounds/2/sheets.pdf",
            "club-night-round-2.pdf",
        ),
        (
            "/t/club-night/rounds/2/sheets.pdf?blank=1",
            "club-night-round-2-blank.pdf",
        ),
        (
            "/t/club-night/rounds/1/tables/2/sheet.pdf",
            "club-night-match-1-2.pdf",
        ),
        ("/t/club-night/teams/3/card.pdf", "club-night-team-3.pdf"),
        (
            "/t/club-night/rounds/1/wall.pdf",
            "club-night-standings-1.pdf",
        ),
        ("/t/club-night/standings.pdf", "club-night-standings.pdf"),
        (
            "/t/club-night/rounds/1/sheets.pdf?blank=1&table=2",
            "club-night-round-1-table-2-blank.pdf",
        ),
    ] {
        let req = test::TestRequest::get().uri(path).to_request();
        let res = test::call_service(&service, req).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let h = |n| res.headers().get(n).unwrap().to_str().unwrap().to_owned();
        assert_eq!(h(header::CONTENT_TYPE), "application/pdf", "{path}");
        assert_eq!(
            h(header::CONTENT_DISPOSITION),
            format!("inline; filename=\"{name}\""),
            "{path}"
        );
    }
}

#[actix_web::test]
async fn the_match_sheet_shows_both_rooms_the_swings_and_the_total() {
    for db in backends() {
        import(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/t/club-night/rounds/1/tables/2/sheet").await;
        page.has("Match sheet")
            .has(&row(&[
                "1", "N", "25", "+2", "+2", "250", "−5", "+5", "+7", "−7",
            ]))
            .has("<dt>Score</dt><dd>15.74 : 4.26</dd>")
            .has("<dt>Levels M</dt><dd>+4 : −4</dd>")
            .has("<td>+4</td><td>−4</td></tr>\n    </tfoot>")
            .has("href=\"/t/club-night/rounds/1/tables/2/sheet.pdf\"");
        // The public match page links to its sheet.
        b.get("/t/club-night/rounds/1/tables/2")
            .await
            .has("href=\"/t/club-night/rounds/1/tables/2/sheet\"");
        let text = pdf_text(&b.get("/t/club-night/rounds/1/tables/2/sheet.pdf").await);
        assert!(
            text.contains("Matchsheet") && text.contains("15.74:4.26"),
            "{text}"
        );
        for missing in [
            "/t/club-night/rounds/1/tables/3/sheet",
            "/t/club-night/rounds/1/tables/3/sheet.pdf",
            "/t/club-night/rounds/1/tables/9/sheet",
            "/t/club-night/rounds/9/tables/1/sheet.pdf",
        ] {
            assert_eq!(
                b.get(missing).await.status,
                StatusCode::NOT_FOUND,
                "{missing}"
            );
        }
    }
}

#[actix_web::test]
async fn the_team_card_runs_its_totals() {
    for db in backends() {
        import(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/t/club-night/teams/3/card").await;
        page.has("Team card · 3 八十分老友")
            .has(&row(&["1", "+2", "+5", "+7", "+7"]))
            .has("<strong>33.98</strong>");
        b.get("/t/club-night/teams/3")
            .await
            .has("href=\"/t/club-night/teams/3/card\"");
        let text = pdf_text(&b.get("/t/club-night/teams/3/card.pdf").await);
        assert!(
            text.contains("Teamcard") && text.contains("33.98"),
            "{text}"
        );
        b.accept_language = "zh".into();
        let text = pdf_text(&b.get("/t/club-night/teams/3/card.pdf").await);
        assert!(
            text.contains("队伍成绩卡") && text.contains("八十分老友"),
            "{text}"
        );
        assert_eq!(
            b.get("/t/club-night/teams/99/card").await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            b.get("/t/club-night/teams/99/card.pdf").await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[actix_web::test]
async fn the_wall_shows_the_round_and_the_standings_after_it() {
    for db in backends() {
        import(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/t/club-night/rounds/1/wall").await;
        // After round 1 team 3 has beaten team 4: M +4, 15.74.
        page.has("after round 1")
            .has("<th scope=\"row\" class=\"text\">八十分老友</th><td class=\"text\">4 Level Up Lions</td><td class=\"num\">+4</td><td class=\"num\">15.74</td>");
        b.get("/t/club-night/rounds/1")
            .await
            .has("href=\"/t/club-night/rounds/1/wall\"")
            .has("href=\"/t/club-night/rounds/1/sheets\"");
        let wall = b.get("/t/club-night/rounds/3/wall.pdf").await;
        assert_eq!(pages(&wall), 1);
        let text = pdf_text(&wall);
        assert!(
            text.contains("afterround3") && text.contains("33.98"),
            "{text}"
        );
        let last = b.get("/t/club-night/standings.pdf").await;
        assert_eq!(pdf_text(&last), text);
        b.get("/t/club-night/standings")
            .await
            .has("href=\"/t/club-night/standings.pdf\"")
            .has("href=\"/t/club-night/rounds/3/wall\"");
        assert_eq!(
            b.get("/t/club-night/rounds/4/wall").await.status,
            StatusCode::NOT_FOUND
        );
    }
}

/// The `data-x` values of the points of series `key`.
fn points(body: &str, key: &str) -> Vec<String> {
    let needle = "class=\"point\" ";
    body.match_indices(needle)
        .filter_map(|(i, _)| {
            let rest = &body[i..i + 200.min(body.len() - i)];
            let series = format!("data-series=\"{key}\" data-x=\"");
            let at = rest.find(&series)?;
            let x = &rest[at + series.len()..];
            Some(x[..x.find('"')?].to_owned())
        })
        .collect()
}

#[actix_web::test]
async fn charts_have_a_point_per_round_and_team_shown() {
    let db = TestDb::sqlite();
    import(&db);
    let mut b = browser(&db).await;

    // The team page: score and rank after each of the 3 rounds.
    let team = b.get("/t/club-night/teams/3").await;
    team.has("Score after each round")
        .has("Rank after each round")
        .has("role=\"img\"")
        .has("<summary>The figures as a table</summary>");
    assert_eq!(points(&team.body, "3"), ["1", "2", "3", "1", "2", "3"]);
    // Team 3 ends second on 33.98 (WORKED.md).
    team.has("data-series=\"3\" data-x=\"3\" data-y=\"33.98\"")
        .has("data-series=\"3\" data-x=\"3\" data-y=\"2\"");

    // The standings race: every team (5 ≤ 8) once per round.
    let standings = b.get("/t/club-night/standings").await;
    standings.has("Standings race");
    for team in 1..=5 {
        assert_eq!(
            points(&standings.body, &team.to_string()),
            ["1", "2", "3"],
            "team {team}"
        );
    }
    standings.has("data-series=\"5\" data-x=\"3\" data-y=\"1\"");

    // The overview: how many tables scored each s; the bars add up to every table.
    let overview = b.get("/t/club-night").await;
    overview.has("Distribution of table scores");
    let event = archive::parse(&sample()).expect("the sample parses").event;
    let counts = Report::compute(&event).table_score_counts(&event);
    assert_eq!(
        overview.body.matches("class=\"point bar\"").count(),
        counts.len()
    );
    for (s, n) in &counts {
        // Signed as on every page and sheet: `+3`, `−5`, `0`.
        let label = fushi::figures::signed((*s).into());
        overview.has(&format!("data-x=\"{label}\" data-y=\"{n}\""));
    }
    let tables: u32 = counts.iter().map(|c| c.1).sum();
    assert_eq!(usize::try_from(tables).unwrap(), event.result_count());

    // In Chinese, titles and the table are Chinese.
    b.accept_language = "zh".into();
    b.get("/t/club-night/standings")
        .await
        .has("排名走势")
        .has("<summary>图表数据</summary>");
    b.get("/t/club-night/teams/3").await.has("每轮后名次");
}

#[actix_web::test]
async fn charts_leave_out_rounds_not_played_yet() {
    let db = TestDb::sqlite();
    fushi::transfer::import(&mut db.open(), &without_round_3()).expect("the archive imports");
    let mut b = browser(&db).await;
    let team = b.get("/t/club-night/teams/3").await;
    assert_eq!(points(&team.body, "3"), ["1", "2", "1", "2"]);
    let standings = b.get("/t/club-night/standings").await;
    for team in 1..=5 {
        assert_eq!(
            points(&standings.body, &team.to_string()),
            ["1", "2"],
            "team {team}"
        );
    }
    // Nothing played at all: no chart, no empty picture.
    let db = TestDb::sqlite();
    let mut files = sample();
    let header = files
        .get("results.csv")
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    files.insert("results.csv", format!("{header}\n"));
    fushi::transfer::import(&mut db.open(), &files).expect("the archive imports");
    let mut b = browser(&db).await;
    b.get("/t/club-night/teams/3").await.lacks("<svg");
    b.get("/t/club-night/standings").await.lacks("<svg");
    b.get("/t/club-night").await.lacks("<svg");
}

/// A match with no board compared yet has no figures on its sheet, on the page and in the
/// PDF: "–", as everywhere else, not 0 and 10.00.
#[actix_web::test]
async fn a_match_sheet_not_played_yet_shows_a_dash_not_figures() {
    for db in backends() {
        fushi::transfer::import(&mut db.open(), &without_round_3()).expect("imports");
        let mut b = browser(&db).await;
        let page = b.get("/t/club-night/rounds/3/tables/2/sheet").await;
        let at = page.body.find("class=\"sheet-summary\"").unwrap();
        let summary = &page.body[at..];
        assert!(!summary.contains("10.00"), "{summary}");
        assert!(summary.matches("<dd>–</dd>").count() >= 4, "{summary}");
        let text = pdf_text(&b.get("/t/club-night/rounds/3/tables/2/sheet.pdf").await);
        assert!(!text.contains("10.00"), "{text}");
        assert!(text.contains("–"), "{text}");
    }
}
