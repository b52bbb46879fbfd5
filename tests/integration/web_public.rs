//! The public pages of a tournament (`/t/{slug}/…`), on the sample club night whose
//! figures were worked out by hand in tests/data/club-night-expected/WORKED.md.

use crate::common;

use std::path::{Path, PathBuf};

use actix_web::http::StatusCode;
use common::http::{Page, browser, sqlite_browser};
use common::{TestDb, backends};
use diesel::prelude::*;
use fushi::archive::ArchiveFiles;

fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night")
}

fn sample() -> ArchiveFiles {
    ArchiveFiles::read(&sample_dir()).expect("the sample archive reads")
}

/// Imports `files` into `db`, after a round trip through a folder as `fushi import` reads it.
fn import(db: &TestDb, files: &ArchiveFiles) {
    let dir = tempfile::tempdir().unwrap();
    files.write_dir(dir.path()).unwrap();
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).expect("the archive imports");
}

/// The sample with `edit` applied to one of its files.
fn edited(name: &str, edit: impl FnOnce(&str) -> String) -> ArchiveFiles {
    let mut files = sample();
    let text = edit(files.get(name).expect("the sample has the file"));
    files.insert(name, text);
    files
}

/// The sample with the results of some tables left out: `keep` sees each data line.
fn without_results(keep: impl Fn(&str) -> bool) -> ArchiveFiles {
    edited("results.csv", |text| {
        let mut lines = text.lines();
        let header = lines.next().unwrap();
        let mut out = format!("{header}\n");
        for line in lines.filter(|l| keep(l)) {
            out.push_str(line);
            out.push('\n');
        }
        out
    })
}

/// Text as the templates write it into HTML (askama escapes with numeric references).
fn html(text: &str) -> String {
    text.replace('&', "&#38;")
        .replace('<', "&#60;")
        .replace('>', "&#62;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// The table row (`<tr …>…</tr>`) of the page that contains `needle`.
#[track_caller]
fn row<'a>(page: &'a Page, needle: &str) -> &'a str {
    let body = &page.body;
    let at = body
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the page:\n{body}"));
    let start = body[..at].rfind("<tr").expect("inside a table row");
    let end = at + body[at..].find("</tr>").expect("the row ends");
    &body[start..end]
}

/// Panics unless `needles` appear in `text` in this order.
#[track_caller]
fn in_order(text: &str, needles: &[&str]) {
    let mut from = 0;
    for needle in needles {
        match text[from..].find(needle) {
            Some(i) => from += i + needle.len(),
            None => {
                panic!("{needle:?} not found after byte {from} (in order {needles:?}):\n{text}")
            }
        }
    }
}

#[track_caller]
fn has_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "expected {needle:?} in:\n{text}");
    }
}

#[actix_web::test]
async fn standings_show_the_worked_figures_and_the_ranking_order() {
    for db in backends() {
        import(&db, &sample());
        let mut b = browser(&db).await;
        let page = b.get_ok("/t/club-night/standings").await;
        assert!(page.content_type.starts_with("text/html"));

        // Teams 5 and 3 share 33.98 VP; the level quotient (1.500 against 1.300) decides.
        let five = row(&page, "/t/club-night/teams/5\"");
        has_all(
            five,
            &[
                "rank\">1<",
                &html("Kings & Tens 十与K"),
                ">3<",
                ">33.98<",
                ">+3<",
                ">1.500<",
                ">+45<",
                ">7<",
            ],
        );
        let three = row(&page, "/t/club-night/teams/3\"");
        has_all(three, &["rank\">2<", ">33.98<", ">1.300<", ">+60<"]);
        // Teams 1 and 2 share 33.76 and everything down to the point difference.
        has_all(
            row(&page, "/t/club-night/teams/1\""),
            &["rank\">3<", ">33.76<", ">1.200<", ">+150<"],
        );
        has_all(
            row(&page, "/t/club-night/teams/4\""),
            &["rank\">5<", ">20.52<", ">0.333<", "\u{2212}215"],
        );
        // Final order 5, 3, 1, 2, 4.
        in_order(
            &page.body,
            &[
                "/teams/5\"",
                "/teams/3\"",
                "/teams/1\"",
                "/teams/2\"",
                "/teams/4\"",
            ],
        );
        // The tie-break order stated in words.
        page.has("Teams are ranked by total VP");
        in_order(
            &page.body,
            &[
                "head-to-head",
                "level quotient",
                "level difference",
                "point difference",
                "boards won",
            ],
        );
        page.has("3=");
        // A finished event is not live.
        page.lacks("data-live").lacks("In progress:");
    }
}

#[actix_web::test]
async fn the_overview_summarises_rules_rounds_and_standings() {
    let (_db, mut b) = sqlite_browser(|db| import(db, &sample())).await;
    let page = b.get_ok("/t/club-night").await;
    page.has("<h1>Thursday Club Night 周四俱乐部复式赛</h1>")
        .has("5 teams · 3 rounds")
        .has("2 decks: 200 card points, 8 cards in the bottom")
        .has("standard; the defenders take over from P = 80.")
        .has("exponential: single ×2, pair ×4, tractor of 2 pairs ×8")
        .has("blitz factor 5.0")
        .has("A bye scores 12.00.")
        .has("Beyond the last band, s falls by 1 for every further 40 points.")
        .lacks("Not published");
    has_all(
        row(&page, ">160 or more<"),
        &["\u{2212}3", "defenders take over, up 3"],
    );
    has_all(row(&page, ">5–35<"), &["+2", "declarers up 2"]);
    in_order(
        &page.body,
        &["head-to-head", "level quotient", "boards won"],
    );
    // The top of the standings, and every round complete.
    in_order(
        &page.body,
        &["/teams/5\"", ">33.98<", "/teams/3\"", ">33.98<"],
    );
    for round in 1..=3 {
        page.has(&format!(
            "href=\"/t/club-night/rounds/{round}\">Round {round}</a>"
        ));
    }
    assert_eq!(page.body.matches("state-complete\">complete<").count(), 3);
    // Links to every page and download.
    for link in ["standings", "rounds", "teams"] {
        page.has(&format!("href=\"/t/club-night/{link}\""));
    }
    for file in [
        "standings",
        "matches",
        "swings",
        "results",
        "teams",
        "boards",
        "schedule",
    ] {
        page.has(&format!("href=\"/t/club-night/{file}.csv\""));
    }
    let slash = b.get("/t/club-night/").await;
    assert_eq!(slash.status, StatusCode::SEE_OTHER);
    assert_eq!(slash.location.as_deref(), Some("/t/club-night"));
}

#[actix_web::test]
async fn a_round_lists_its_matches_with_scores_and_states() {
    let (_db, mut b) = sqlite_browser(|db| import(db, &sample())).await;
    let page = b.get_ok("/t/club-night/rounds/1").await;
    page.has("Round 1").has("state-complete\">complete<");
    // Table 1: team 2 (home) beat team 5 by one level, 11.76 to 8.24.
    let t1 = row(&page, "/rounds/1/tables/1\" aria-label");
    has_all(
        t1,
        &[
            "/t/club-night/teams/2\"",
            "/t/club-night/teams/5\"",
            ">4<",
            "+1 <span class=\"sep\">:</span> \u{2212}1",
            "11.76 <span class=\"sep\">:</span> 8.24",
            "complete",
        ],
    );
    has_all(
        row(&page, "/rounds/1/tables/2\" aria-label"),
        &["15.74", "4.26", "+4"],
    );
    // Table 3: team 1 has the bye and scores 12.00.
    has_all(
        row(&page, "/rounds/1/tables/3\" aria-label"),
        &["/teams/1\"", ">bye<", ">12.00<"],
    );
    // The boards of the round: dealer, level, trump.
    has_all(row(&page, ">declared at the table<"), &[">N<", ">2<"]);
    has_all(row(&page, "suit-h"), &[">E<", ">5<", "♥"]);
    page.has("rel=\"next\" href=\"/t/club-night/rounds/2\"");

    let rounds = b.get_ok("/t/club-night/rounds").await;
    has_all(
        row(&rounds, ">Round 2<"),
        &["complete", "2 of 2 matches complete", "/teams/4\""],
    );
}

#[actix_web::test]
async fn a_match_shows_both_rooms_board_by_board() {
    let (_db, mut b) = sqlite_browser(|db| import(db, &sample())).await;
    let page = b.get_ok("/t/club-night/rounds/1/tables/2").await;
    // Team 3 (home) against team 4; the seating of both rooms.
    page.has("八十分老友</span> <span class=\"vs\">v</span> <span class=\"side\">Level Up Lions");
    in_order(
        &page.body,
        &[
            "Open room",
            "North–South: <strong>八十分老友</strong>",
            "East–West: <strong>Level Up Lions</strong>",
            "Closed room",
            "North–South: <strong>Level Up Lions</strong>",
            "East–West: <strong>八十分老友</strong>",
        ],
    );
    // Board 1: team 3 declares in the open room (P 25, +2); team 4 in the closed room,
    // where the defenders took P = 50 + 25×8 = 250 and s = −5. Team 3's swing +7.
    let board1 = row(&page, "id=\"board-1\"");
    in_order(
        board1,
        &[
            ">1<",
            ">N<",
            ">2<",
            "declared at the table",
            "八十分老友 <span class=\"muted\">NS</span>",
            ">25<",
            ">declarers up 2<",
            ">+2<",
            "Level Up Lions <span class=\"muted\">NS</span>",
            ">250<",
            "50 + bottom 25×8",
            ">defenders take over, up 5<",
            ">\u{2212}5<",
            ">+7<",
        ],
    );
    // Board 3: a penalty of 10 charged to the defenders in the open room: P = 45 − 10.
    in_order(
        row(&page, "id=\"board-3\""),
        &[
            ">35",
            &html("45 − 10 defenders' penalty"),
            ">+2<",
            ">40<",
            ">+1<",
        ],
    );
    // Board 4: the closed room's pair doubles the bottom: 90 + 10×4 = 130.
    in_order(
        row(&page, "id=\"board-4\""),
        &[
            ">110<",
            ">130",
            "90 + bottom 10×4",
            ">\u{2212}2<",
            ">\u{2212}1<",
        ],
    );
    // Totals: M = +4 for team 3, 135 points, 2 boards each, 15.74 to 4.26.
    in_order(
        row(&page, "<a href=\"/t/club-night/teams/3\">"),
        &[">+4<", ">+135<", ">2<", ">15.74<"],
    );
    in_order(
        row(&page, "<a href=\"/t/club-night/teams/4\">"),
        &[">\u{2212}4<", ">\u{2212}135<", ">2<", ">4.26<"],
    );
    page.has("4 of 4 boards compared in both rooms.")
        .has("state-complete\">complete<")
        .lacks("data-live");

    // The TD ruling of round 2, table 2, board 2 (closed room): P 75 would give +1, the TD
    // ruled −1; it is marked as a ruling.
    let ruled = b.get("/t/club-night/rounds/2/tables/2").await;
    in_order(
        row(&ruled, "id=\"board-2\""),
        &[
            ">60<",
            ">declarers up 1<",
            "class=\"result ruled\"",
            ">defenders take over, up 1 (TD ruling)<",
            ">\u{2212}1<",
            ">\u{2212}2<",
        ],
    );
    // Round 3, table 2, board 4: the open room gave the total only.
    has_all(
        row(
            &b.get("/t/club-night/rounds/3/tables/2").await,
            "id=\"board-4\"",
        ),
        &[">20<small class=\"calc\">total given</small>", ">0<"],
    );

    // The same in Chinese.
    b.accept_language = "zh-CN,zh;q=0.9".into();
    let zh = b.get("/t/club-night/rounds/1/tables/2").await;
    in_order(
        row(&zh, "id=\"board-1\""),
        &[
            "北",
            "现场叫主",
            ">庄家方升2级<",
            ">250<",
            "底分25×8",
            ">闲家上台升5级<",
        ],
    );
    zh.has("开室")
        .has("闭室")
        .has("4副牌中已有4副两室都有成绩。");
    let zh_ruled = b.get("/t/club-night/rounds/2/tables/2").await;
    has_all(
        row(&zh_ruled, "id=\"board-2\""),
        &["闲家上台升1级（裁判判定）"],
    );
}

#[actix_web::test]
async fn a_team_page_lists_its_matches_with_a_running_total() {
    let (_db, mut b) = sqlite_browser(|db| import(db, &sample())).await;
    let page = b.get_ok("/t/club-night/teams/5").await;
    page.has(&format!("<h1>{}</h1>", html("Kings & Tens 十与K")))
        .has("Riverside Card Club, Pudong")
        .has("<li>马晓东</li>");
    // Round 1 away at team 2 (8.24), round 2 at home to team 3 (10.00), round 3 away at
    // team 4 (15.74): 8.24, 18.24, 33.98, the standings' total.
    in_order(
        row(&page, "/rounds/1/tables/1\""),
        &[
            "/teams/2\"",
            ">away<",
            ">\u{2212}1<",
            ">\u{2212}10<",
            ">8.24",
            "running\">8.24<",
        ],
    );
    in_order(
        row(&page, "/rounds/2/tables/1\""),
        &["/teams/3\"", ">home<", ">0<", ">10.00", "running\">18.24<"],
    );
    in_order(
        row(&page, "/rounds/3/tables/2\""),
        &[
            "/teams/4\"",
            ">away<",
            ">+4<",
            ">+80<",
            ">15.74",
            "running\">33.98<",
        ],
    );
    // Team 1 starts with a bye.
    let one = b.get("/t/club-night/teams/1").await;
    has_all(
        row(&one, "/rounds/1/tables/3\""),
        &[">bye<", ">12.00", "state-bye", "running\">12.00<"],
    );
    has_all(row(&one, "/rounds/3/tables/1\""), &["running\">33.76<"]);

    let list = b.get_ok("/t/club-night/teams").await;
    has_all(
        row(&list, "/t/club-night/teams/3\""),
        &["八十分老友", "海淀老年活动中心", "赵建国, 孙丽华"],
    );
}

#[actix_web::test]
async fn csv_downloads_are_the_export_byte_for_byte() {
    for db in backends() {
        import(&db, &sample());
        let exported = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        let mut b = browser(&db).await;
        for name in [
            "standings",
            "matches",
            "swings",
            "results",
            "teams",
            "boards",
            "schedule",
        ] {
            let page = b.get_ok(&format!("/t/club-night/{name}.csv")).await;
            assert_eq!(page.content_type, "text/csv; charset=utf-8");
            let file = format!("{name}.csv");
            assert_eq!(
                page.bytes,
                exported.bytes(&file).unwrap(),
                "{file} differs from the export"
            );
            assert!(page.bytes.starts_with(b"\xef\xbb\xbf"), "{file} has a BOM");
        }
        // And the hand-checked figures, independently of the export code.
        for name in ["standings", "matches", "swings"] {
            let page = b.get(&format!("/t/club-night/{name}.csv")).await;
            let expected = std::fs::read(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/data/club-night-expected")
                    .join(format!("{name}.csv")),
            )
            .unwrap();
            assert_eq!(
                page.bytes, expected,
                "{name}.csv against the worked figures"
            );
        }
    }
}

#[actix_web::test]
async fn csv_downloads_name_their_file() {
    let db = TestDb::sqlite();
    import(&db, &sample());
    let pool = fushi::db::pool(db.url()).unwrap();
    let app =
        actix_web::test::init_service(fushi::web::app(fushi::web::AppState::new(pool).unwrap()))
            .await;
    let req = actix_web::test::TestRequest::get()
        .uri("/t/club-night/standings.csv")
        .to_request();
    let res = actix_web::test::call_service(&app, req).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()
            .get(actix_web::http::header::CONTENT_DISPOSITION)
            .and_then(|v| v.to_str().ok()),
        Some("attachment; filename=\"club-night-standings.csv\"")
    );
}

#[actix_web::test]
async fn unknown_pages_are_real_404_pages() {
    let db = TestDb::sqlite();
    import(&db, &sample());
    let mut b = browser(&db).await;
    for path in [
        "/t/no-such-event",
        "/t/no-such-event/standings",
        "/t/no-such-event/rounds/1",
        "/t/no-such-event/standings.csv",
        "/t/club-night/rounds/4",
        "/t/club-night/rounds/0",
        "/t/club-night/rounds/abc",
        "/t/club-night/rounds/-1",
        "/t/club-night/rounds/99999999999999999999",
        "/t/club-night/rounds/1/tables/4",
        "/t/club-night/rounds/1/tables/x",
        "/t/club-night/rounds/9/tables/1",
        "/t/club-night/teams/6",
        "/t/club-night/teams/x",
        "/t/club-night/secrets.csv",
        "/t/club-night/tournament.csv",
        "/t/Club-Night/",
    ] {
        let page = b.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.content_type.starts_with("text/html"), "{path}");
        page.has("Page not found");
    }
}

#[actix_web::test]
async fn pages_speak_the_readers_language() {
    let (_db, mut b) = sqlite_browser(|db| import(db, &sample())).await;
    b.get("/t/club-night/standings")
        .await
        .has("<html lang=\"en\">")
        .has(">Rank<")
        .has(">VP<")
        .has(">Level diff.<")
        .has("level quotient");
    b.accept_language = "zh".into();
    let zh = b.get("/t/club-night/standings").await;
    zh.has("<html lang=\"zh-Hans\">")
        .has(">名次<")
        .has(">胜分<")
        .has(">级差商<")
        .has("按总胜分排名")
        .has("相互间比赛")
        .lacks(">Rank<");
    in_order(
        &zh.body,
        &["相互间比赛", "级差商", "总级差", "总分差", "胜副数"],
    );
    b.get("/t/club-night")
        .await
        .has("2副牌：共200分，底牌8张")
        .has("标准")
        .has("轮空得12.00分。");
    b.get("/t/club-night/rounds/1")
        .await
        .has("第1轮")
        .has(">已结束<")
        .has(">已完成<")
        .has(">轮空<");
    b.get("/t/club-night/teams/5")
        .await
        .has(">客队<")
        .has(">累计<");
}

#[actix_web::test]
async fn pages_are_live_only_while_a_round_is_in_progress() {
    // Round 3, table 2 has its open room and one closed board only: in progress.
    let db = TestDb::sqlite();
    import(
        &db,
        &without_results(|l| !l.starts_with("3,2,closed,") || l.starts_with("3,2,closed,1,")),
    );
    // The public's view (the tournament's directors see every result on these pages).
    let mut b = common::http::anonymous(&db).await;
    // The container listens to the event stream and knows the revision it shows.
    let live = "data-revision=\"1\" data-live=\"20\">";

    let standings = b.get("/t/club-night/standings").await;
    standings
        .has(live)
        .has("In progress: Round 3. The standings count complete matches only.")
        .has("aria-live=\"polite\"")
        .has("data-updated=\"Updated {time}\"")
        .has("href=\"/t/club-night/standings\" class=\"live-refresh\"");
    b.get("/t/club-night").await.has(live);
    let round = b.get("/t/club-night/rounds/3").await;
    round.has(live).has("state-in-progress\">in progress<");
    has_all(
        row(&round, "/rounds/3/tables/2\" aria-label"),
        &["in progress", ">1<"],
    );
    b.get("/t/club-night/rounds/3/tables/2")
        .await
        .has(live)
        .has("1 of 4 boards compared in both rooms.");
    // Table 1 has played every board, but boards 2–4 are still played at table 2: in
    // public it is in progress until they are released (docs/rules.md §5), and live.
    b.get("/t/club-night/rounds/3/tables/1")
        .await
        .has(live)
        .has("1 of 4 boards compared in both rooms.");
    // A complete round and the list of teams are not live.
    for path in ["/t/club-night/rounds/1", "/t/club-night/teams"] {
        let page = b.get_ok(path).await;
        page.lacks("data-live").lacks("aria-live");
        // Still listening: a correction to a finished round appears too.
        page.has("data-events=\"/t/club-night/events\"");
    }
    // A board with one room only shows that room and no swing yet.
    let detail = b.get("/t/club-night/rounds/3/tables/2").await;
    // Board 2 has been played in table 2's open room only: not released (docs/rules.md
    // §5), so no room's figure of it shows, the open room's 25 neither.
    let board2 = row(&detail, "id=\"board-2\"");
    assert!(
        !board2.contains(">25<") && !board2.contains("declarers up"),
        "{board2}"
    );
    in_order(board2, &["no result yet", "no result yet"]);
    // Team 5 plays in that match: its page is live, and the match does not count yet.
    let team = b.get("/t/club-night/teams/5").await;
    team.has(live);
    has_all(
        row(&team, "/rounds/3/tables/2\""),
        &["(not counted yet)", "running\">18.24<"],
    );

    // A round none of whose results are in has not started: nothing is live.
    let (_db, mut b) =
        sqlite_browser(|db| import(db, &without_results(|l| !l.starts_with("3,")))).await;
    for path in [
        "/t/club-night",
        "/t/club-night/standings",
        "/t/club-night/rounds/3",
        "/t/club-night/rounds/3/tables/2",
    ] {
        b.get(path).await.lacks("data-live");
    }
    b.get("/t/club-night/rounds/3")
        .await
        .has("state-not-started\">not started<")
        .has("state-not-started\">no result yet<");
}

#[actix_web::test]
async fn team_names_are_escaped_everywhere() {
    let db = TestDb::sqlite();
    let name = "<b>Tractor & \"Co\"</b>";
    import(
        &db,
        &edited("teams.csv", |text| {
            text.replace("2,Red Tractors,", "2,\"<b>Tractor & \"\"Co\"\"</b>\",")
        }),
    );
    let mut b = browser(&db).await;
    for path in [
        "/t/club-night",
        "/t/club-night/standings",
        "/t/club-night/rounds",
        "/t/club-night/rounds/1",
        "/t/club-night/rounds/1/tables/1",
        "/t/club-night/teams",
        "/t/club-night/teams/2",
        "/t/club-night/teams/5",
    ] {
        let page = b.get_ok(path).await;
        page.has("&#60;b&#62;Tractor &#38; &#34;Co&#34;&#60;/b&#62;")
            .lacks("<b>Tractor")
            .lacks(name);
    }
}

#[actix_web::test]
async fn unpublished_and_withdrawn_are_said_in_words() {
    let db = TestDb::sqlite();
    import(
        &db,
        &edited("tournament.toml", |text| {
            text.replace("published = true", "published = false")
        }),
    );
    {
        use fushi::db::schema::teams;
        diesel::update(teams::table.filter(teams::team_no.eq(4)))
            .set(teams::withdrawn.eq(true))
            .execute(&mut db.open())
            .unwrap();
    }
    let mut b = browser(&db).await;
    let overview = b.get("/t/club-night").await;
    overview
        .has("Not published")
        .has("This tournament is not published yet");
    b.get("/t/club-night/rounds").await.has("Not published");
    let standings = b.get("/t/club-night/standings").await;
    has_all(
        row(&standings, "/t/club-night/teams/4\""),
        &[
            "Level Up Lions</a> <span class=\"withdrawn\">(withdrawn)</span>",
            ">20.52<",
        ],
    );
    b.get("/t/club-night/teams/4").await.has("(withdrawn)");
    b.accept_language = "zh".into();
    b.get("/t/club-night/standings")
        .await
        .has("未公开")
        .has("（已退赛）");
}

#[actix_web::test]
async fn every_page_finds_its_messages_in_both_languages() {
    // In progress, so the live bar and every state show; team 4 withdrawn; unpublished.
    let db = TestDb::sqlite();
    let mut files =
        without_results(|l| !l.starts_with("3,2,closed,") || l.starts_with("3,2,closed,1,"));
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replace("published = true", "");
    files.insert("tournament.toml", toml);
    import(&db, &files);
    let mut b = browser(&db).await;
    for lang in ["en", "zh"] {
        b.accept_language = lang.into();
        for path in [
            "/t/club-night",
            "/t/club-night/standings",
            "/t/club-night/rounds",
            "/t/club-night/rounds/3",
            "/t/club-night/rounds/3/tables/2",
            "/t/club-night/rounds/3/tables/3",
            "/t/club-night/teams",
            "/t/club-night/teams/5",
        ] {
            let page = b.get_ok(path).await;
            // A missing message shows its id.
            page.lacks("pub-").lacks(">nav-");
        }
    }
}

#[actix_web::test]
async fn a_complete_round_is_provisional_until_its_correction_period_has_passed() {
    let db = TestDb::sqlite();
    import(&db, &sample());
    let mut public = common::http::anonymous(&db).await;
    // Imported results carry no change in the trail: the round is final at once.
    public.get("/t/club-night/rounds/1").await.has(">Final.<");
    // A correction at the desk: the round is provisional for the correction period (30
    // minutes by default) from that change on.
    let mut conn = db.open();
    let event = fushi::db::load_event(&mut conn, "club-night")
        .unwrap()
        .unwrap();
    let mut results = event.rounds[0].matches[0].results.clone();
    results[0].entry = crate::common::edited(&results[0].entry, |f| {
        f.trick_points = f.trick_points.map(|t| t + 5)
    });
    let saved =
        fushi::db::save_match_results_as(&mut conn, "club-night", 1, 1, &results, "admin", None)
            .unwrap();
    assert!(matches!(saved, fushi::db::MatchSave::Saved(_)));
    let page = public.get("/t/club-night/rounds/1").await;
    page.has("Provisional: corrections until").lacks(">Final.<");
    // Every page of the round says so, and the teams' rows of the round carry the mark.
    let mark = "<span class=\"provisional\">provisional</span>";
    let home = event.rounds[0].matches[0].home.get();
    for path in [
        "/t/club-night/rounds/1/tables/1".to_owned(),
        "/t/club-night/rounds/1/boards/1".to_owned(),
        "/t/club-night/rounds/1/travellers".to_owned(),
    ] {
        public
            .get_ok(&path)
            .await
            .has("Provisional: corrections until")
            .lacks(">Final.<");
    }
    let team = public.get_ok(&format!("/t/club-night/teams/{home}")).await;
    assert_eq!(team.body.matches(mark).count(), 1, "round 1's row only");
    // Without a correction period the same round is final.
    diesel::sql_query("UPDATE tournaments SET correction_minutes = 0, revision = revision + 1")
        .execute(&mut conn)
        .unwrap();
    public.get("/t/club-night/rounds/1").await.has(">Final.<");
    public
        .get_ok("/t/club-night/rounds/1/tables/1")
        .await
        .has(">Final.<");
    public
        .get_ok(&format!("/t/club-night/teams/{home}"))
        .await
        .lacks(mark);
}

/// The end of a correction period makes no new revision, but the pages that said
/// "provisional" say "final" from then on: the kept page and the validator change with it.
#[actix_web::test]
async fn a_page_turns_final_when_the_period_ends_without_a_new_revision() {
    for db in common::backends() {
        import(&db, &sample());
        let mut conn = db.open();
        let event = fushi::db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        let mut results = event.rounds[0].matches[0].results.clone();
        results[0].entry = crate::common::edited(&results[0].entry, |f| {
            f.trick_points = f.trick_points.map(|t| t + 5)
        });
        fushi::db::save_match_results_as(&mut conn, "club-night", 1, 1, &results, "admin", None)
            .unwrap();
        // The correction was made 30 minutes less 4 seconds ago.
        let at = chrono::Utc::now().naive_utc() - chrono::Duration::seconds(30 * 60 - 4);
        diesel::sql_query(format!(
            "UPDATE audit_log SET at = '{}' WHERE area = 'results'",
            at.format("%Y-%m-%d %H:%M:%S%.6f")
        ))
        .execute(&mut conn)
        .unwrap();
        let mut public = common::http::anonymous(&db).await;
        let path = "/t/club-night/rounds/1";
        let before = public.get_ok(path).await;
        before.has("Provisional: corrections until");
        let etag = before.header("etag").unwrap().to_owned();
        std::thread::sleep(std::time::Duration::from_secs(5));
        let after = public
            .request(
                actix_web::test::TestRequest::get()
                    .uri(path)
                    .insert_header(("If-None-Match", etag.as_str())),
            )
            .await;
        assert_eq!(
            after.status,
            actix_web::http::StatusCode::OK,
            "{}",
            db.backend()
        );
        after
            .has(">Final.<")
            .lacks("Provisional: corrections until");
    }
}
