//! Deals on the pages (docs/deals.md): the director sets and reveals the seed and deals the
//! rounds, the hand records and their PDF; the public overview shows the commitment, and a
//! board's cards appear on no public page before its results are released and on its
//! traveller after.

use crate::common;

use std::collections::{BTreeSet, VecDeque};

use actix_web::http::StatusCode;
use common::http::{anonymous, browser};
use common::{TestDb, backends, club_night_dir};
use fushi::archive::ArchiveFiles;
use fushi::i18n::Tr;
use fushi::rules::Seat;
use fushi::rules::deal::Seed;
use fushi::sheets::hands::hand_lines;

/// North's hand of a board as its traveller and hand records print it, line by line.
fn north_lines(db: &TestDb, round: i32, board: i32) -> Vec<String> {
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    let b = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .and_then(|r| r.boards.iter().find(|b| b.number == board))
        .copied()
        .unwrap();
    let deal = event.deals.of(round, board).expect("the board is dealt");
    hand_lines(&Tr::en(), deal.hand(Seat::North), &b)
}

/// Every value of `href="…"` in a page.
fn links(body: &str) -> Vec<String> {
    body.match_indices("href=\"")
        .filter_map(|(at, _)| {
            let rest = &body[at + 6..];
            rest.find('"').map(|end| rest[..end].replace("&amp;", "&"))
        })
        .collect()
}

#[actix_web::test]
async fn the_director_sets_the_seed_deals_prints_and_reveals() {
    for db in backends() {
        common::import_club_night_with_one_board_unplayed(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/d/club-night/deals").await;
        page.has("data-seed-state=\"unset\"");
        let page = b
            .submit("/d/club-night/deals/seed", &[("seed", "Thursday 周四")])
            .await;
        let commitment = Seed::parse("Thursday 周四").unwrap().commitment();
        page.has("data-seed-state=\"secret\"")
            .has(commitment.as_str());
        let page = b.submit("/d/club-night/deals/deal", &[("round", "")]).await;
        page.has("4 of 4 boards dealt").has("class=\"deal-stats\"");
        // Jokers per seat over a round's four boards: 4 boards × 4 jokers (2 decks) in all,
        // less those in the bottoms.
        let page = b.get_ok("/d/club-night/rounds/1/hands").await;
        assert_eq!(page.body.matches("class=\"hand-record\"").count(), 4);
        for line in north_lines(&db, 1, 3) {
            page.has(&line);
        }
        let pdf = b.get_ok("/d/club-night/rounds/1/hands.pdf").await;
        assert_eq!(pdf.content_type, "application/pdf");
        assert!(pdf.bytes.starts_with(b"%PDF"));
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).unwrap();
        assert!(text.contains("Board 4"), "{text}");
        // A wrong seed is refused; the held one is revealed.
        let page = b
            .post("/d/club-night/deals/reveal", &[("seed", "not it")])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        page.has("the seed does not match the published commitment");
        let page = b
            .submit("/d/club-night/deals/reveal", &[("seed", "")])
            .await;
        page.has("data-seed-state=\"revealed\"");
        let overview = b.get_ok("/t/club-night").await;
        overview
            .has(commitment.as_str())
            .has("Thursday 周四")
            .has("Check these deals");
        // A revealed seed is kept: setting another is refused.
        let page = b.post("/d/club-night/deals/seed", &[("seed", "x")]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        // Dealing again deals the same boards.
        b.submit("/d/club-night/deals/deal", &[("round", "2")])
            .await;

        // The trail: the seed set (its commitment only) and revealed, every round dealt,
        // round 2 again with nothing changed, by the signed-in director; the refusals
        // left nothing.
        let page = b.get_ok("/d/club-night/audit").await;
        page.has("<td>Deals</td>")
            .has("dealing seed")
            .has("round 3 deals")
            .has(&format!("state=secret commitment={commitment}"))
            .has(&format!(
                "state=revealed commitment={commitment} seed=Thursday 周四"
            ))
            .has(&format!("boards=4 changed=4 dealt_from={commitment}"))
            .has(&format!("boards=4 changed=0 dealt_from={commitment}"));
        let trail = fushi::db::audit::full_trail(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let deals: Vec<_> = trail.iter().filter(|e| e.area == "deals").collect();
        assert_eq!(deals.len(), 2 + 3 + 1, "{deals:#?}");
        assert!(deals.iter().all(|e| e.user_name == "admin"), "{deals:#?}");
        // Before the reveal the seed was in no row.
        let set = deals
            .iter()
            .find(|e| e.after.starts_with("state=secret"))
            .unwrap();
        assert!(!set.after.contains("Thursday"), "{set:?}");
        for (lang, area, seed, round) in [
            ("zh", "发牌", "发牌种子", "第 3 轮发牌"),
            ("zh-TW", "發牌", "發牌種子", "第 3 輪發牌"),
        ] {
            b.accept_language = lang.into();
            b.get_ok("/d/club-night/audit")
                .await
                .has(&format!("<td>{area}</td>"))
                .has(seed)
                .has(round);
        }
    }
}

#[actix_web::test]
async fn the_deals_page_is_for_directors_only() {
    let db = TestDb::sqlite();
    common::import_club_night_with_one_board_unplayed(&db);
    let mut anon = anonymous(&db).await;
    for path in [
        "/d/club-night/deals",
        "/d/club-night/rounds/1/hands",
        "/d/club-night/rounds/1/hands.pdf",
    ] {
        let page = anon.get(path).await;
        assert!(
            page.status.is_redirection() || page.status == StatusCode::FORBIDDEN,
            "{path}: {}",
            page.status
        );
    }
}

#[actix_web::test]
async fn a_boards_cards_appear_on_no_public_page_before_release_and_on_its_traveller_after() {
    let db = TestDb::sqlite();
    common::import_club_night_with_one_board_unplayed(&db);
    let mut director = browser(&db).await;
    director
        .submit("/d/club-night/deals/seed", &[("seed", "abc")])
        .await;
    director
        .submit("/d/club-night/deals/deal", &[("round", "")])
        .await;
    let hidden = north_lines(&db, 3, 2);
    let shown = north_lines(&db, 3, 1);

    // Every public page and file a reader can reach from the overview.
    let mut anon = anonymous(&db).await;
    let mut queue: VecDeque<String> = VecDeque::from(["/t/club-night".to_owned()]);
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    while let Some(path) = queue.pop_front() {
        let page = anon.get(&path).await;
        let text = if page.content_type == "application/pdf" {
            pdf_extract::extract_text_from_mem(&page.bytes).unwrap_or_default()
        } else {
            page.body.clone()
        };
        // The trumps line is long enough to be the board's own; the suit lines are
        // checked together, as the hand prints them.
        assert!(!text.contains(&hidden[0]), "{path} shows {}", hidden[0]);
        assert!(
            !text.contains(&hidden.join("</p><p>")),
            "{path} shows the hand"
        );
        for link in links(&page.body) {
            let link = link.split('#').next().unwrap_or("").to_owned();
            if link.starts_with("/t/club-night") && seen.insert(link.clone()) {
                queue.push_back(link);
            }
        }
    }
    assert!(seen.contains("/t/club-night/rounds/3/boards/2"), "{seen:?}");
    assert!(seen.contains("/t/club-night/deals.csv"), "{seen:?}");
    // The table pages never show cards: a room's page holds no hand.
    // Released boards show their cards on the traveller, and deals.csv lists them only.
    let page = anon.get_ok("/t/club-night/rounds/3/boards/1").await;
    page.has(&shown.join("</p><p>"));
    let csv = anon.get_ok("/t/club-night/deals.csv").await;
    assert!(csv.body.lines().any(|l| l.starts_with("3,1,")));
    assert!(
        !csv.body.lines().any(|l| l.starts_with("3,2,")),
        "{}",
        csv.body
    );
    // The API: the unreleased board has no cards, the released one has them, in deals.csv's
    // notation.
    let cards = |round: i32, board: i32| {
        let event = fushi::db::load_event(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let deal = event.deals.of(round, board).unwrap();
        fushi::rules::deal::format_cards(deal.hand(Seat::North))
    };
    for path in [
        "/api/v1/tournaments/club-night/deals",
        "/api/v1/tournaments/club-night/rounds/3/boards/2",
        "/api/v1/tournaments/club-night/rounds/3",
        "/api/v1/tournaments/club-night/results",
    ] {
        let page = anon.get_ok(path).await;
        assert!(
            !page.body.contains(&cards(3, 2)),
            "{path} shows board 2's cards"
        );
    }
    anon.get_ok("/api/v1/tournaments/club-night/rounds/3/boards/1")
        .await
        .has(&cards(3, 1));
    anon.get_ok("/api/v1/tournaments/club-night/deals")
        .await
        .has(&cards(3, 1));
    // The director sees every board's cards on the director's traveller.
    let page = director.get_ok("/d/club-night/rounds/3/boards/2").await;
    page.has(&hidden.join("</p><p>"));

    // Once the last room has its result, board 2 is released and its cards are shown.
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let full = TestDb::sqlite();
    fushi::transfer::import(&mut full.open(), &files).unwrap();
    let mut director = browser(&full).await;
    director
        .submit("/d/club-night/deals/seed", &[("seed", "abc")])
        .await;
    director
        .submit("/d/club-night/deals/deal", &[("round", "3")])
        .await;
    let mut anon = anonymous(&full).await;
    let page = anon.get_ok("/t/club-night/rounds/3/boards/2").await;
    page.has(&hidden.join("</p><p>"));
    let event = fushi::db::load_event(&mut full.open(), "club-night")
        .unwrap()
        .unwrap();
    let north = fushi::rules::deal::format_cards(event.deals.of(3, 2).unwrap().hand(Seat::North));
    anon.get_ok("/api/v1/tournaments/club-night/rounds/3/boards/2")
        .await
        .has(&north);
}
