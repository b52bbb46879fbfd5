//! Large fields on a phone: the standings, the teams and a round's matches of a large event
//! a page at a time, the first page small whatever the field's size, the whole list one
//! click away, one address per page, and "find my team" answered on the server with a
//! redirect to the page and row that hold the team.

use std::io::Read;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;

use crate::common;
use common::http::{Page, anonymous};
use common::{TestDb, backends};

/// Elements in a page: its opening tags.
fn elements(html: &str) -> usize {
    html.as_bytes()
        .windows(2)
        .filter(|w| w[0] == b'<' && w[1].is_ascii_alphabetic())
        .count()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("gzip decodes");
    out
}

/// A large event of `teams` teams (2 rounds of 2 boards), one of them, 77, of a club no
/// other team belongs to, in `db`; its slug.
fn large_field(db: &TestDb, teams: usize) -> String {
    let mut event = common::large_event(teams, 2, 2);
    let lone = event
        .teams
        .iter_mut()
        .find(|t| t.number.0 == 77)
        .expect("team 77");
    lone.club = "Lakeside Shengji Society".to_owned();
    fushi::db::insert_event(&mut db.open(), &event).expect("the event inserts");
    event.settings.slug.clone()
}

/// The team numbers of the standings in rank order, from their CSV file.
async fn standings_order<S, B>(b: &mut common::http::Browser<S>, slug: &str) -> Vec<i32>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let csv = b.get_ok(&format!("/t/{slug}/standings.csv")).await;
    csv.body
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect()
}

/// The rows (`<tr id=…`) of a page's list, by their anchors.
fn row_ids(page: &Page, prefix: &str) -> Vec<String> {
    page.body
        .match_indices(&format!("<tr id=\"{prefix}"))
        .map(|(at, _)| {
            let rest = &page.body[at + 8..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect()
}

#[actix_web::test]
async fn the_first_page_of_a_field_of_2048_is_small_and_the_whole_list_is_one_click_away() {
    let db = TestDb::sqlite();
    let slug = large_field(&db, 2048);
    let mut b = anonymous(&db).await;
    for (path, rows, prefix) in [
        (format!("/t/{slug}/standings"), 64, "team-"),
        (format!("/t/{slug}/teams"), 64, "team-"),
        (format!("/t/{slug}/rounds/1"), 32, "table-"),
    ] {
        let page = b.get_ok(&path).await;
        let raw = page.bytes.len();
        let count = elements(&page.body);
        let gz = b
            .request(
                TestRequest::get()
                    .uri(&path)
                    .insert_header(("accept-encoding", "gzip")),
            )
            .await;
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gunzip(&gz.bytes), page.bytes, "{path}");
        eprintln!(
            "{path}: {raw} bytes, {} gzip, {count} elements",
            gz.bytes.len()
        );
        assert!(
            gz.bytes.len() <= 100 * 1024,
            "{path}: {} bytes",
            gz.bytes.len()
        );
        assert!(raw <= 100 * 1024, "{path}: {raw} bytes uncompressed");
        assert!(count <= 1_500, "{path}: {count} elements");
        assert_eq!(row_ids(&page, prefix).len(), rows, "{path}");
        page.has(&format!("<a href=\"{path}?page=all\">Whole list</a>"))
            .has(&format!("<a href=\"{path}?page=2\">"))
            .has(&format!(
                "<form class=\"find\" action=\"{path}/find\" method=\"get\""
            ));
        // The whole list: every row.
        let all = b.get_ok(&format!("{path}?page=all")).await;
        let expected = if prefix == "table-" { 1024 } else { 2048 };
        assert_eq!(row_ids(&all, prefix).len(), expected, "{path}?page=all");
        all.has("<strong aria-current=\"page\">Whole list</strong>");
    }
    // The standings' pages follow their ranks, 64 a page, and the last page is linked.
    let order = standings_order(&mut b, &slug).await;
    let base = format!("/t/{slug}/standings");
    let third = b.get_ok(&format!("{base}?page=3")).await;
    let ids: Vec<String> = order[128..192]
        .iter()
        .map(|n| format!("team-{n}"))
        .collect();
    assert_eq!(row_ids(&third, "team-"), ids);
    third
        .has("<strong aria-current=\"page\">129–192</strong>")
        .has(&format!("<a href=\"{base}\">1–64</a>"))
        .has(&format!("<a href=\"{base}?page=2\">65–128</a>"))
        .has(&format!("<a href=\"{base}?page=5\">257–320</a>"))
        .has(&format!("<a href=\"{base}?page=32\">1985–2048</a>"))
        .has("Ranks 129–192 of 2048")
        .lacks(&format!("{base}?page=6\""));
    // The CSV keeps the whole field.
    assert_eq!(order.len(), 2048);
}

#[actix_web::test]
async fn a_page_has_one_address_and_a_page_beyond_the_last_is_not_there() {
    for db in backends() {
        let slug = large_field(&db, 150);
        let mut b = anonymous(&db).await;
        let base = format!("/t/{slug}/standings");
        for (asked, to) in [
            ("page=1", base.clone()),
            ("page=01", base.clone()),
            ("page=002", format!("{base}?page=2")),
            ("page=ALL", format!("{base}?page=all")),
            ("page=2&page=3", format!("{base}?page=2")),
            ("lang=en&page=03", format!("{base}?lang=en&page=3")),
        ] {
            let page = b.get(&format!("{base}?{asked}")).await;
            assert_eq!(page.status, StatusCode::PERMANENT_REDIRECT, "{asked}");
            assert_eq!(page.location.as_deref(), Some(to.as_str()), "{asked}");
        }
        for path in [
            format!("{base}?page=4"),
            format!("{base}?page=0"),
            format!("{base}?page=x"),
            format!("{base}?page=99999999999"),
            format!("/t/{slug}/teams?page=4"),
            format!("/t/{slug}/rounds/1?page=4"),
        ] {
            assert_eq!(b.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
        }
        // Three pages, each its own.
        let one = b.get_ok(&base).await;
        let two = b.get_ok(&format!("{base}?page=2")).await;
        let three = b.get_ok(&format!("{base}?page=3")).await;
        assert_eq!(row_ids(&one, "team-").len(), 64);
        assert_eq!(row_ids(&two, "team-").len(), 64);
        assert_eq!(row_ids(&three, "team-").len(), 22);
        // Read again from the page cache, each page is still itself.
        assert_eq!(b.get_ok(&format!("{base}?page=2")).await.body, two.body);
        assert_eq!(b.get_ok(&base).await.body, one.body);
        // A page that reads no `page` ignores it.
        let overview = b.get_ok(&format!("/t/{slug}")).await;
        let again = b.get_ok(&format!("/t/{slug}?page=2")).await;
        assert_eq!(overview.body, again.body);
        // A round's matches, 32 a page, named by their tables.
        let round = b.get_ok(&format!("/t/{slug}/rounds/1?page=3")).await;
        assert_eq!(row_ids(&round, "table-").len(), 75 - 64);
        round.has("<strong aria-current=\"page\">65–75</strong>");
    }
}

#[actix_web::test]
async fn a_small_event_is_one_page_as_before() {
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    let mut b = anonymous(&db).await;
    for path in [
        "/t/club-night/standings",
        "/t/club-night/teams",
        "/t/club-night/rounds/2",
    ] {
        let page = b.get_ok(path).await;
        page.lacks("class=\"pages\"")
            .lacks("class=\"find\"")
            .lacks("Whole list");
        assert_eq!(
            b.get(&format!("{path}?page=2")).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
        // The whole list is the one page.
        let all = b.get_ok(&format!("{path}?page=all")).await;
        assert_eq!(elements(&all.body), elements(&page.body), "{path}");
    }
}

/// The answer of a search: a 303 that no cache keeps, to `location`.
#[track_caller]
fn leads_to(page: &Page, location: &str) {
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert_eq!(page.location.as_deref(), Some(location));
    assert_eq!(page.header("cache-control"), Some("no-store"));
}

#[actix_web::test]
async fn find_my_team_leads_to_the_page_and_row_that_hold_it() {
    for db in backends() {
        let slug = large_field(&db, 150);
        let mut b = anonymous(&db).await;
        let order = standings_order(&mut b, &slug).await;
        let standing = |team: i32| {
            let at = order.iter().position(|&n| n == team).unwrap();
            let page = at / 64 + 1;
            let base = format!("/t/{slug}/standings");
            match page {
                1 => format!("{base}#team-{team}"),
                p => format!("{base}?page={p}#team-{team}"),
            }
        };
        let find = |list: &str, q: &str| format!("/t/{slug}/{list}/find?q={q}");
        // By name, by number, by club, in both Chinese keyboards' digits.
        leads_to(&b.get(&find("standings", "Team+140")).await, &standing(140));
        leads_to(
            &b.get(&find("standings", "team%20140")).await,
            &standing(140),
        );
        leads_to(&b.get(&find("standings", "131")).await, &standing(131));
        leads_to(
            &b.get(&find("standings", "%EF%BC%91%EF%BC%93%EF%BC%91"))
                .await,
            &standing(131),
        );
        leads_to(&b.get(&find("standings", "lakeside")).await, &standing(77));
        leads_to(
            &b.get(&find("teams", "Team+140")).await,
            &format!("/t/{slug}/teams?page=3#team-140"),
        );
        leads_to(
            &b.get(&find("teams", "lakeside+shengji")).await,
            &format!("/t/{slug}/teams?page=2#team-77"),
        );
        leads_to(
            &b.get(&find("teams", "7")).await,
            &format!("/t/{slug}/teams#team-7"),
        );
        // The row the redirect names is on the page it names.
        for team in [140, 131, 77, 1] {
            let location = standing(team);
            let (path, anchor) = location.split_once('#').unwrap();
            b.get_ok(path).await.has(&format!("<tr id=\"{anchor}\">"));
        }
        // In a round: the page and table of the team's match.
        let event = fushi::db::load_event(&mut db.open(), &slug)
            .unwrap()
            .unwrap();
        let round = &event.rounds[1];
        for team in [3, 77, 140] {
            let at = round
                .matches
                .iter()
                .position(|m| m.home.0 == team || m.away.is_some_and(|a| a.0 == team))
                .unwrap();
            let table = round.matches[at].table;
            let page = match at / 32 + 1 {
                1 => String::new(),
                p => format!("?page={p}"),
            };
            let to = format!("/t/{slug}/rounds/2{page}#table-{table}");
            leads_to(&b.get(&find("rounds/2", &team.to_string())).await, &to);
            let (path, anchor) = to.split_once('#').unwrap();
            b.get_ok(path).await.has(&format!("<tr id=\"{anchor}\">"));
        }
        // Nothing asked: the list itself.
        leads_to(
            &b.get(&format!("/t/{slug}/standings/find")).await,
            &format!("/t/{slug}/standings"),
        );
        leads_to(
            &b.get(&find("standings", "+")).await,
            &format!("/t/{slug}/standings"),
        );
    }
}

#[actix_web::test]
async fn a_search_that_finds_several_teams_or_none_says_so_and_is_not_kept() {
    let db = TestDb::sqlite();
    let slug = large_field(&db, 150);
    let mut b = anonymous(&db).await;
    // "Club 3": teams 3, 16, 29, … (not 42, 91 or 133 of no club): a short list.
    let several = b.get(&format!("/t/{slug}/teams/find?q=club+3")).await;
    assert_eq!(several.status, StatusCode::OK);
    assert_eq!(several.header("cache-control"), Some("no-store"));
    several
        .has("10 teams match “club 3”:")
        .has(&format!(
            "<a href=\"/t/{slug}/teams#team-3\">Team 3 · No. 3 · Club 3</a>"
        ))
        .has(&format!("<a href=\"/t/{slug}/teams?page=2#team-68\">"))
        .has(&format!("<a href=\"/t/{slug}/teams?page=3#team-146\">"))
        .has("value=\"club 3\"");
    // "Club 1…": more than the list shows.
    let many = b.get(&format!("/t/{slug}/standings/find?q=club+1")).await;
    assert_eq!(many.status, StatusCode::OK);
    assert_eq!(many.body.matches(" · No. ").count(), 20, "{}", many.body);
    many.has("more match too");
    // Nobody.
    let none = b
        .get(&format!("/t/{slug}/standings/find?q=%3Cb%3Enobody"))
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.header("cache-control"), Some("no-store"));
    none.has("No team matches “&#60;b&#62;nobody”.")
        .has(&format!("<a href=\"/t/{slug}/standings\">Standings</a>"))
        .lacks("<b>nobody");
    // The same search again answers the same: nothing was kept under the list's address.
    let again = b.get(&format!("/t/{slug}/standings/find?q=zzz")).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    again.has("“zzz”");
    // In a Chinese page, in Chinese.
    b.accept_language = "zh-CN".to_owned();
    b.get(&format!("/t/{slug}/standings/find?q=zzz"))
        .await
        .has("没有与“zzz”相符的参赛队");
    b.accept_language = "zh-TW".to_owned();
    b.get(&format!("/t/{slug}/standings/find?q=zzz"))
        .await
        .has("沒有與“zzz”相符的參賽隊");
}
