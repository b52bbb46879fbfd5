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

/// The lines of a board's North hand that no hand of any other board prints, even as part
/// of a longer line.
fn lines_of_no_other_board(db: &TestDb, round: i32, board: i32) -> Vec<String> {
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    let mut others = Vec::new();
    for r in &event.rounds {
        for b in r
            .boards
            .iter()
            .filter(|b| (r.number, b.number) != (round, board))
        {
            if let Some(deal) = event.deals.of(r.number, b.number) {
                for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
                    others.extend(hand_lines(&Tr::en(), deal.hand(seat), b));
                }
            }
        }
    }
    north_lines(db, round, board)
        .into_iter()
        .filter(|line| !others.iter().any(|o| o.contains(line.as_str())))
        .collect()
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

/// The club night before play (its results kept aside), and its results by round.
pub(crate) fn club_night_unplayed(db: &TestDb) -> fushi::rules::Event {
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let event = fushi::archive::parse(&files).unwrap().event;
    let mut unplayed = files.clone();
    let header = files
        .get("results.csv")
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    unplayed.insert("results.csv", format!("{header}\n"));
    fushi::transfer::import(&mut db.open(), &unplayed).unwrap();
    event
}

/// Saves round `round`'s results of `event` (all, or all but `skip`: (table, room, board)).
fn play(db: &TestDb, event: &fushi::rules::Event, round: i32, skip: Option<(i32, &str, i32)>) {
    let r = event.rounds.iter().find(|r| r.number == round).unwrap();
    for m in &r.matches {
        let results: Vec<_> = m
            .results
            .iter()
            .filter(|x| skip != Some((m.table, x.room.code(), x.board)))
            .cloned()
            .collect();
        fushi::db::save_match_results_as(
            &mut db.open(),
            "club-night",
            round,
            m.table,
            &results,
            "",
            None,
        )
        .unwrap();
    }
}

/// The deals as stored now.
fn deals_now(db: &TestDb) -> fushi::rules::deal::Deals {
    fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .deals
}

#[actix_web::test]
async fn the_director_sets_a_seed_deals_prints_and_reveals_after_release() {
    for db in backends() {
        let event = club_night_unplayed(&db);
        let mut b = browser(&db).await;
        let page = b.get_ok("/d/club-night/deals").await;
        page.has("data-seed-state=\"unset\"");
        // What the director types is only the text after fushi's 128 random bits.
        let page = b
            .submit("/d/club-night/deals/seed", &[("text", "739104")])
            .await;
        let first = deals_now(&db).seeds[0].state.held().unwrap().clone();
        assert!(
            first.is_drawn() && first.as_str().ends_with(":739104"),
            "{first}"
        );
        let c1 = first.commitment();
        assert_ne!(c1, Seed::parse("739104").unwrap().commitment());
        // Before the click the page says what dealing will do.
        page.has(c1.as_str())
            .has("Deals rounds 1, 2, 3 (their first cards).");
        let page = b.submit("/d/club-night/deals/deal", &[("round", "")]).await;
        page.has("4 of 4 boards dealt").has("class=\"deal-stats\"");
        let page = b.get_ok("/d/club-night/rounds/1/hands").await;
        assert_eq!(page.body.matches("class=\"hand-record\"").count(), 4);
        for line in north_lines(&db, 1, 3) {
            page.has(&line);
        }
        // Jokers in words, on the page and on the sheet; LJ and BJ are the files' codes.
        page.has("big joker").lacks(" BJ").lacks(" LJ");
        let mut zh = browser(&db).await;
        zh.accept_language = "zh-Hans".into();
        zh.get_ok("/d/club-night/rounds/1/hands")
            .await
            .has("大王")
            .lacks(" BJ");
        let pdf = b.get_ok("/d/club-night/rounds/1/hands.pdf").await;
        let sheet = pdf_extract::extract_text_from_mem(&pdf.bytes).unwrap();
        assert!(
            sheet.contains("joker") && !sheet.contains("BJ") && !sheet.contains("LJ"),
            "{sheet}"
        );
        assert_eq!(pdf.content_type, "application/pdf");
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).unwrap();
        assert!(text.contains("Board 4"), "{text}");
        // No board is played: the reveal is refused, naming a board, and the page says so.
        let unreleased = "round 1 board 1, dealt from this seed, is not released yet";
        b.get_ok("/d/club-night/deals").await.has(unreleased);
        let page = b
            .post("/d/club-night/deals/reveal", &[("commitment", c1.as_str())])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        page.has(unreleased);

        // Rounds 1 and 2 are played: their cards are fixed.
        play(&db, &event, 1, None);
        play(&db, &event, 2, None);
        let played = deals_now(&db);
        let page = b.get_ok("/d/club-night/deals").await;
        page.has("Deals rounds 3 again: their cards, not played yet, are replaced")
            .has("Leaves rounds 1, 2 as they are: they have had results, so their cards are fixed.")
            .has("round 1 has had a result, so its cards are fixed");
        let page = b.post("/d/club-night/deals/deal", &[("round", "1")]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        page.has("round 1 has had a result, so its cards are fixed and are never dealt again");

        // A new seed adds a commitment; dealing every round deals round 3 only.
        b.submit("/d/club-night/deals/seed", &[("text", "")]).await;
        b.submit("/d/club-night/deals/deal", &[("round", "")]).await;
        let now = deals_now(&db);
        let c2 = now.seeds[1].state.commitment();
        for r in 1..=2 {
            for board in 1..=4 {
                assert_eq!(
                    now.of(r, board),
                    played.of(r, board),
                    "round {r} board {board}"
                );
            }
        }
        assert_ne!(now.of(3, 1), played.of(3, 1));
        let rounds: Vec<_> = now.seeds.iter().map(|s| s.rounds.clone()).collect();
        assert_eq!(rounds, [Some(vec![1, 2]), Some(vec![3])]);
        let mut anon = anonymous(&db).await;
        anon.get_ok("/t/club-night")
            .await
            .has(c1.as_str())
            .has("rounds 1, 2")
            .has(c2.as_str())
            .has("rounds 3")
            .lacks(first.as_str());

        // The first seed's boards are all released: it may be revealed; the second not yet.
        b.submit("/d/club-night/deals/reveal", &[("commitment", c1.as_str())])
            .await;
        anon.get_ok("/t/club-night")
            .await
            .has(first.as_str())
            .has("Check these deals");
        play(&db, &event, 3, Some((1, "closed", 2)));
        let page = b
            .post("/d/club-night/deals/reveal", &[("commitment", c2.as_str())])
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        page.has("round 3 board 2, dealt from this seed, is not released yet");
        play(&db, &event, 3, None);
        b.submit("/d/club-night/deals/reveal", &[("commitment", c2.as_str())])
            .await;
        // A revealed seed deals nothing.
        let page = b.post("/d/club-night/deals/deal", &[("round", "")]).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        page.has("the seed is revealed, and a revealed seed deals nothing");
        let trail = fushi::db::audit::full_trail(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        let seeds: Vec<_> = trail
            .iter()
            .filter(|e| e.subject == "dealing seed")
            .collect();
        assert_eq!(seeds.len(), 4, "two set, two revealed: {seeds:#?}");
        assert!(seeds.iter().all(|e| e.user_name == "admin"));
        let set = seeds
            .iter()
            .find(|e| e.after.starts_with("state=secret"))
            .unwrap();
        assert!(!set.after.contains("739104"), "{set:?}");
        b.accept_language = "zh".into();
        b.get_ok("/d/club-night/audit")
            .await
            .has("<td>发牌</td>")
            .has("发牌种子");
    }
}

#[actix_web::test]
async fn a_revealed_seed_deals_nothing_more() {
    let db = TestDb::sqlite();
    let event = club_night_unplayed(&db);
    let mut b = browser(&db).await;
    b.submit("/d/club-night/deals/seed", &[("text", "")]).await;
    b.submit("/d/club-night/deals/deal", &[("round", "1")])
        .await;
    play(&db, &event, 1, None);
    b.submit("/d/club-night/deals/reveal", &[("commitment", "")])
        .await;
    let page = b.post("/d/club-night/deals/deal", &[("round", "2")]).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    page.has("the seed is revealed, and a revealed seed deals nothing");
    b.get_ok("/d/club-night/deals")
        .await
        .has("data-deal-refused")
        .has("a revealed seed deals nothing");
    // A new seed deals the rounds left.
    b.submit("/d/club-night/deals/seed", &[("text", "")]).await;
    b.submit("/d/club-night/deals/deal", &[("round", "")]).await;
    let rounds: Vec<_> = deals_now(&db)
        .seeds
        .iter()
        .map(|s| s.rounds.clone())
        .collect();
    assert_eq!(rounds, [Some(vec![1]), Some(vec![2, 3])]);
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
    common::club_night_dealt_with_one_board_unplayed(&db);
    let mut director = browser(&db).await;
    let hidden = north_lines(&db, 3, 2);
    let shown = north_lines(&db, 3, 1);
    let own = lines_of_no_other_board(&db, 3, 2);
    assert!(
        !own.is_empty(),
        "board 2's North shares every line: {hidden:?}"
    );

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
        // A line of the hand is the board's own only when no other board's hand prints
        // it (two decks make short lines common); the suit lines are also checked
        // together, as the hand prints them.
        for line in &own {
            assert!(!text.contains(line.as_str()), "{path} shows {line}");
        }
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
    for path in [
        "/api/v1/tournaments/club-night/deals",
        "/api/v1/tournaments/club-night/rounds/3/boards/2",
        "/api/v1/tournaments/club-night/rounds/3",
        "/api/v1/tournaments/club-night/results",
    ] {
        let page = anon.get_ok(path).await;
        assert!(
            !page.body.contains(&north_cards(&db, 3, 2)),
            "{path} shows board 2's cards"
        );
    }
    anon.get_ok("/api/v1/tournaments/club-night/rounds/3/boards/1")
        .await
        .has(&north_cards(&db, 3, 1));
    // The director sees every board's cards on the director's traveller.
    let page = director.get_ok("/d/club-night/rounds/3/boards/2").await;
    page.has(&hidden.join("</p><p>"));
}

/// North's hand of a board in deals.csv's notation.
fn north_cards(db: &TestDb, round: i32, board: i32) -> String {
    let event = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap();
    fushi::rules::deal::format_cards(event.deals.of(round, board).unwrap().hand(Seat::North))
}

#[actix_web::test]
async fn a_scorer_sees_every_result_but_no_card_of_an_unreleased_board() {
    use fushi::db::accounts::{Access, Role};
    for db in backends() {
        common::club_night_dealt_with_one_board_unplayed(&db);
        common::http::ensure_user(&db, "sam", Role::Scorer);
        common::give(&db, "sam", Access::Scorer);
        let mut scorer = common::http::browser_as(&db, "sam", Role::Scorer).await;
        let mut director = browser(&db).await;
        let hidden = north_lines(&db, 3, 2).join("</p><p>");
        let hidden_cards = north_cards(&db, 3, 2);
        let shown = north_lines(&db, 3, 1).join("</p><p>");
        // Each surface that shows cards: the scorer sees the released board's, never the
        // unreleased one's; the director sees both.
        for path in [
            "/d/club-night/rounds/3/boards/2",
            "/t/club-night/rounds/3/boards/2",
            "/t/club-night/rounds/3/travellers",
        ] {
            let page = scorer.get_ok(path).await;
            assert!(
                !page.body.contains(&hidden),
                "{path} shows a scorer the hand"
            );
            director.get_ok(path).await.has(&hidden);
        }
        scorer
            .get_ok("/t/club-night/rounds/3/travellers")
            .await
            .has(&shown);
        let pdf = scorer.get_ok("/t/club-night/rounds/3/travellers.pdf").await;
        let text = pdf_extract::extract_text_from_mem(&pdf.bytes).unwrap();
        let pdf = director
            .get_ok("/t/club-night/rounds/3/travellers.pdf")
            .await;
        let all = pdf_extract::extract_text_from_mem(&pdf.bytes).unwrap();
        // The two PDFs differ only in board 2's cards: the longest line of its North hand
        // is in the director's more often than in the scorer's (where it is in no hand of
        // board 2). More often, not once more: with two decks another hand of board 2 may
        // hold the same line (both big jokers and the same threes, say).
        let longest = north_lines(&db, 3, 2)
            .into_iter()
            .max_by_key(|l| l.chars().count())
            .unwrap();
        assert!(
            all.matches(&longest).count() > text.matches(&longest).count(),
            "the scorer's travellers PDF has board 2's hand: {longest}"
        );
        for path in [
            "/t/club-night/deals.csv",
            "/api/v1/tournaments/club-night/deals",
            "/api/v1/tournaments/club-night/rounds/3/boards/2",
        ] {
            let page = scorer.get_ok(path).await;
            assert!(
                !page.body.contains(&hidden_cards),
                "{path} shows a scorer the cards"
            );
            director.get_ok(path).await.has(&hidden_cards);
        }
        // The scorer still sees the room's result live (the director's traveller).
        scorer
            .get_ok("/d/club-night/rounds/3/boards/2")
            .await
            .has("class=\"traveller");
        // The hand records stay the directors'.
        let page = scorer.get("/d/club-night/rounds/3/hands").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
    }
}
