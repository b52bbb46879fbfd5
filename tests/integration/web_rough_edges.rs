//! What a real evening tripped over, page by page: each message beside its field, each
//! form where it is needed, each figure from what it stands for.

use crate::common;
use crate::common::code_for;
use crate::web_table::room_form;

use actix_web::http::StatusCode;
use common::http::{Page, anonymous};
use common::{backends, club_night_with_table_round, refs, room_token};
use fushi::rules::Room;

/// Where `needle` first stands in the page; panics when it is not there.
#[track_caller]
fn at(page: &Page, needle: &str) -> usize {
    page.body
        .find(needle)
        .unwrap_or_else(|| panic!("expected {needle:?} in:\n{}", page.body))
}

/// After Save the page opens at the opponents' confirmation: the form comes before the
/// boards, the redirect names it, its list gives each board's figures; a wrong code's
/// message stands beside the code field, not at the top.
#[actix_web::test]
async fn after_save_the_confirmation_comes_first_and_a_wrong_code_is_told_beside_its_field() {
    for db in backends() {
        club_night_with_table_round(&db, 8, false);
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let mut table = anonymous(&db).await;
        let saved = table
            .post_raw(&link, &refs(&room_form(&code_for(&db, &link, "ns"), "s1")))
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        assert_eq!(saved.location.as_deref(), Some(&*format!("{link}#confirm")));

        let page = table.get_ok(&link).await;
        let confirm = at(&page, "id=\"confirm\"");
        assert!(confirm < at(&page, "id=\"seat-ns\""), "before the line-ups");
        assert!(confirm < at(&page, "id=\"board-1\""), "before the boards");
        let summary = &page.body[confirm..at(&page, "id=\"table-confirm\"")];
        assert!(summary.contains("href=\"#board-8\""), "{summary}");
        assert!(summary.contains("<td>60</td><td>declarers up 1</td><td>+1</td>"));
        assert!(
            summary.contains("name=\"code\""),
            "the code field in the form"
        );

        let wrong = table
            .confirm_room(&link, &[("code", "000000"), ("action", "confirm")])
            .await;
        assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
        let form = at(&wrong, "id=\"confirm\"");
        let field = at(&wrong, "aria-describedby=\"code-error\" autofocus");
        let message = at(
            &wrong,
            "id=\"code-error\" role=\"alert\">That is neither team",
        );
        let button = at(&wrong, "id=\"table-confirm\"");
        assert!(form < field && field < message && message < button);
        wrong.lacks("<p class=\"form-problems\" role=\"alert\">That is neither");

        // The side's own code: told beside the field too.
        let same = table
            .confirm_room(
                &link,
                &[("code", &code_for(&db, &link, "ns")), ("action", "confirm")],
            )
            .await;
        let message = at(&same, "id=\"code-error\" role=\"alert\">That is the code");
        assert!(at(&same, "id=\"confirm\"") < message);
    }
}

/// A wrong code with the first save: the message beside the entering side's code field,
/// every board's figures kept from what was typed.
#[actix_web::test]
async fn a_wrong_code_at_the_first_save_is_told_beside_the_field_and_keeps_the_figures() {
    for db in backends() {
        club_night_with_table_round(&db, 8, false);
        let link = format!("/table/{}", room_token(&db, 1, Room::Open));
        let mut table = anonymous(&db).await;
        let page = table
            .post_raw(&link, &refs(&room_form("000000", "w1")))
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        let field = at(&page, "aria-describedby=\"code-error\" autofocus");
        let message = at(
            &page,
            "id=\"code-error\" role=\"alert\">That is neither team",
        );
        assert!(field < message && message < at(&page, "id=\"board-1\""));
        page.has("<p class=\"computed\" data-board-typed=\"8\" aria-live=\"polite\"><span>P <strong data-p>60</strong>");
    }
}

/// The closed room offers only the pairs that can sit: none with a player the team has in
/// the open room; a refused pair is told beside its side's choices, the boards' figures
/// kept.
#[actix_web::test]
async fn line_up_chips_offer_only_pairs_that_can_sit() {
    for db in backends() {
        club_night_with_table_round(&db, 8, false);
        let open = format!("/table/{}", room_token(&db, 1, Room::Open));
        let closed = format!("/table/{}", room_token(&db, 1, Room::Closed));
        let mut table = anonymous(&db).await;
        let mut form = room_form(&code_for(&db, &open, "ns"), "p1");
        form.push(("seat-ns".to_owned(), "2-4".to_owned()));
        form.push(("seat-ew".to_owned(), "2-3".to_owned()));
        let page = table.post_raw(&open, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);

        // Carol Li and David Zhao sit in the open room for the Red Tractors (NS here).
        let mut other = anonymous(&db).await;
        let page = other.get_ok(&closed).await;
        page.has("name=\"seat-ns\" value=\"0-1\"")
            .lacks("name=\"seat-ns\" value=\"0-2\"")
            .lacks("name=\"seat-ns\" value=\"1-2\"")
            .lacks("name=\"seat-ns\" value=\"2-3\"");

        let mut form = room_form(&code_for(&db, &closed, "ew"), "c1");
        form.push(("seat-ns".to_owned(), "1-2".to_owned()));
        let page = other.post_raw(&closed, &refs(&form)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        let seat = at(&page, "id=\"seat-ns\"");
        let message = at(
            &page,
            "id=\"seat-ns-error\" role=\"alert\">Carol Li sits in the Open room",
        );
        assert!(seat < message && message < at(&page, "id=\"seat-ew\""));
        page.has("<p class=\"computed\" data-board-typed=\"1\" aria-live=\"polite\"><span>P <strong data-p>60</strong>");
    }
}

/// A round paired and not begun is not "in progress" on the dashboard: its matches count
/// as matches, none as playing, until a first result.
#[actix_web::test]
async fn a_round_not_begun_is_not_counted_in_progress() {
    for db in backends() {
        club_night_with_table_round(&db, 8, false);
        let mut director = common::http::browser(&db).await;
        let page = director.get_ok("/d/club-night").await;
        page.lacks("in progress</span>");
        let row = at(&page, "\">Round 4</a></th>");
        let line = &page.body[row..row + page.body[row..].find("</tr>").unwrap()];
        // Boards, matches, complete, playing, byes.
        assert!(
            line.contains("<td class=\"num\">8</td>\n        <td class=\"num\">2</td>\n        <td class=\"num\">0</td>\n        <td class=\"num\">0</td>"),
            "{line}"
        );
    }
}

/// `?lang=` on any page's address is honoured, over the cookie and the browser's
/// languages, on public and director pages alike.
#[actix_web::test]
async fn lang_in_the_address_is_honoured_on_any_page() {
    let db = common::TestDb::sqlite();
    common::import_club_night(&db);
    let mut reader = anonymous(&db).await;
    reader.accept_language = "zh-Hans".to_owned();
    for (path, lang) in [
        ("/t/club-night/standings?lang=en", "en"),
        ("/t/club-night/rounds/1?lang=zh-Hant", "zh-Hant"),
        ("/t/club-night/rounds/1/boards/1?lang=en", "en"),
    ] {
        reader
            .get_ok(path)
            .await
            .has(&format!("<html lang=\"{lang}\""));
    }
    let mut director = common::http::browser(&db).await;
    director.accept_language = "zh-Hans".to_owned();
    director
        .get_ok("/d/club-night/audit?lang=en")
        .await
        .has("<html lang=\"en\"");
    // Without it, the browser's language as before.
    reader
        .get_ok("/t/club-night/standings")
        .await
        .has("<html lang=\"zh-Hans\"");
}

/// The loopback page sends the director to a section of the guide by its title and file:
/// in every language, the file it names exists and the title it quotes is one of its
/// headings.
#[test]
fn the_loopback_page_cites_a_guide_section_that_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for lang in ["en", "zh-Hans", "zh-Hant"] {
        let ftl = std::fs::read_to_string(root.join(format!("locales/{lang}/hall.ftl"))).unwrap();
        let line = ftl
            .lines()
            .find(|l| l.starts_with("hall-loopback-readme = "))
            .unwrap();
        let file = line
            .split(['(', ')', '（', '）', '，'])
            .find(|part| part.starts_with("docs/") && part.ends_with(".md"))
            .unwrap_or_else(|| panic!("{lang}: no guide file named in {line}"));
        let guide = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("{lang}: {file}: {e}"));
        let headings: Vec<&str> = guide
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        let quoted = ['"', '“', '”', '「', '」'];
        let title = line
            .split(|c| quoted.contains(&c))
            .nth(1)
            .unwrap_or_else(|| panic!("{lang}: no quoted title in {line}"));
        assert!(
            headings.contains(&title),
            "{lang}: \"{title}\" is not a section of {file} ({headings:?})"
        );
    }
}

/// The entry page's markup: no empty `<option>` (the choice of none reads "—"), and each
/// box that scrolls sideways on a phone is a named region the keyboard reaches.
#[actix_web::test]
async fn the_entry_page_has_no_empty_option_and_reachable_scroll_boxes() {
    let db = common::TestDb::sqlite();
    common::import_club_night(&db);
    let mut director = common::http::browser(&db).await;
    let page = director.get_ok("/d/club-night/rounds/1/tables/1").await;
    page.lacks("\"></option>")
        .has("<option value=\"\">—</option>");
    let boxes = page.body.matches("<div class=\"table-scroll\"").count();
    let reachable = page
        .body
        .matches("<div class=\"table-scroll\" role=\"group\" aria-labelledby=\"")
        .count();
    assert!(boxes >= 4, "{boxes}");
    assert_eq!(
        page.body
            .matches("role=\"group\" aria-labelledby=\"room-")
            .count(),
        2
    );
    // The conflict and deletion boxes show only after a refused save; every other is
    // reachable.
    assert_eq!(
        reachable, boxes,
        "every scroll box on the page is a named region"
    );
}

/// The relative luminance of `#rrggbb` (WCAG 2).
fn luminance(hex: &str) -> f64 {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// The public pages' focus ring contrasts with the paper by at least 3:1 (it was 2.1:1).
#[actix_web::test]
async fn the_public_focus_ring_contrasts_three_to_one() {
    let db = common::TestDb::sqlite();
    let css = anonymous(&db).await.get_ok("/static/fushi.css").await.body;
    let colour_after = |needle: &str| -> String {
        let at = css.find(needle).unwrap_or_else(|| panic!("{needle}")) + needle.len();
        let hash = at + css[at..].find('#').unwrap();
        css[hash..hash + 7].to_owned()
    };
    let paper = colour_after("--paper:");
    let ring =
        colour_after(".public a:focus-visible, .public .scroll:focus-visible { outline: 3px solid");
    let (a, b) = (luminance(&paper), luminance(&ring));
    let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
    assert!(ratio >= 3.0, "{ring} on {paper}: {ratio:.2}:1");
}

/// The landmarks of a page as (kind, label): each `<section>` and `role="region"` named by
/// `aria-labelledby`, each `<nav>` by `aria-label`.
fn landmarks(body: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (at, _) in body.match_indices('<') {
        let tag = &body[at..at + body[at..].find('>').unwrap_or(0)];
        let attr = |name: &str| {
            tag.find(&format!(" {name}=\"")).map(|i| {
                let rest = &tag[i + name.len() + 3..];
                rest[..rest.find('"').unwrap_or(rest.len())].to_owned()
            })
        };
        let kind = if tag.starts_with("<section") || tag.contains(" role=\"region\"") {
            "region"
        } else if tag.starts_with("<nav") {
            "navigation"
        } else {
            continue;
        };
        if let Some(label) = attr("aria-labelledby").or_else(|| attr("aria-label")) {
            out.push((kind.to_owned(), label));
        }
    }
    out
}

/// No two landmarks of a public page share their kind and name (six pages had a section
/// and its scroll box both named by the same heading).
#[actix_web::test]
async fn public_landmarks_have_unique_names() {
    let db = common::TestDb::sqlite();
    common::import_club_night(&db);
    let mut reader = anonymous(&db).await;
    for path in [
        "/t/club-night",
        "/t/club-night/standings",
        "/t/club-night/rounds",
        "/t/club-night/rounds/1",
        "/t/club-night/rounds/1/tables/1",
        "/t/club-night/rounds/1/boards/1",
        "/t/club-night/butler",
        "/t/club-night/teams",
        "/t/club-night/teams/1",
    ] {
        let page = reader.get_ok(path).await;
        let found = landmarks(&page.body);
        let mut seen = std::collections::HashSet::new();
        for l in &found {
            assert!(seen.insert(l), "{path}: {l:?} twice in {found:?}");
        }
    }
}

/// The settings page's headings go down one level at a time (the preview's heading
/// skipped from h1 to h3).
#[actix_web::test]
async fn the_settings_page_skips_no_heading_level() {
    let db = common::TestDb::sqlite();
    common::import_club_night(&db);
    let mut director = common::http::browser(&db).await;
    let page = director.get_ok("/d/club-night/settings").await;
    let mut last = 0;
    for (at, _) in page.body.match_indices("<h") {
        let Some(level) = page.body[at + 2..at + 3]
            .parse::<u32>()
            .ok()
            .filter(|_| page.body[at + 3..].starts_with([' ', '>']))
        else {
            continue;
        };
        assert!(level <= last + 1, "h{level} after h{last}");
        last = level;
    }
    assert!(last > 0);
}

/// On paper the public pages carry the event's name (the site's header is not printed),
/// and the bracket leaves its links behind.
#[actix_web::test]
async fn printed_public_pages_name_the_event_and_leave_the_navigation() {
    let db = common::TestDb::sqlite();
    common::import_club_night(&db);
    let mut reader = anonymous(&db).await;
    let name = fushi::db::load_event(&mut db.open(), "club-night")
        .unwrap()
        .unwrap()
        .settings
        .name;
    reader
        .get_ok("/t/club-night/standings")
        .await
        .has(&format!("<p class=\"print-only print-event\">{name}</p>"));
    let css = reader.get_ok("/static/fushi.css").await.body;
    assert!(css.contains(".public .print-event { display: block;"));
}
