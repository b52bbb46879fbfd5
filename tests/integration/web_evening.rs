//! A director's evening. A scorer's own view: every link and form a scorer is shown leads
//! somewhere they may go; their home is the round being played; refusals say what is
//! needed and whom to ask; a missing page offers the way back to its tournament. Matches
//! not played yet show "–", not figures.

use crate::common;
use fushi::rules::TeamNo;

use std::collections::{BTreeSet, VecDeque};

use actix_web::http::StatusCode;
use common::http::{browser, browser_as, ensure_user};
use common::{TestDb, backends, club_night_dir, give, import_club_night};
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::{self, Access, Role};

const SLUG: &str = "club-night";

/// Every value of `attr="…"` in a page, `&amp;` undone.
fn attributes(body: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    body.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &body[at + needle.len()..];
            rest.find('"').map(|end| rest[..end].replace("&amp;", "&"))
        })
        .collect()
}

/// The actions of the POST forms of a page.
fn post_actions(body: &str) -> Vec<String> {
    body.split("<form")
        .skip(1)
        .filter(|f| {
            let tag = &f[..f.find('>').unwrap_or(f.len())];
            tag.contains("method=\"post\"")
        })
        .flat_map(|f| attributes(&f[..f.find('>').unwrap_or(f.len())], "action"))
        .collect()
}

fn is_entry_page(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    matches!(
        parts.as_slice(),
        ["", "d", SLUG, "rounds", n, "tables", t]
            if n.parse::<u32>().is_ok() && t.parse::<u32>().is_ok()
    )
}

#[actix_web::test]
async fn a_scorer_crawling_every_link_shown_meets_no_refusal() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "admin", Role::Admin);
        ensure_user(&db, "sam", Role::Scorer);
        give(&db, "sam", Access::Scorer);
        let mut b = browser_as(&db, "sam", Role::Scorer).await;

        let mut queue: VecDeque<String> = ["/", "/d", "/d/club-night"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
        let mut pages = 0;
        while let Some(path) = queue.pop_front() {
            let page = b.get(&path).await;
            pages += 1;
            assert_ne!(
                page.status,
                StatusCode::FORBIDDEN,
                "{path} was shown to a scorer but refuses them"
            );
            assert_ne!(page.status, StatusCode::NOT_FOUND, "{path}");
            let mut next: Vec<String> = page.location.iter().cloned().collect();
            if page.content_type.starts_with("text/html") {
                next.extend(attributes(&page.body, "href"));
                for action in post_actions(&page.body) {
                    assert!(
                        action == "/logout"
                            || is_entry_page(&action)
                            || action.strip_suffix("/lineups").is_some_and(is_entry_page),
                        "{path} shows a scorer a form they may not send: {action}"
                    );
                }
            }
            for link in next {
                // The director's side and the accounts; the public pages are open to all.
                let ours = link == "/"
                    || link.starts_with("/d")
                    || link.starts_with("/admin")
                    || link.starts_with("/login");
                if ours && seen.insert(link.clone()) {
                    queue.push_back(link);
                }
            }
        }
        assert!(pages > 10, "only {pages} pages crawled: {seen:?}");
        // What a scorer needs was among them: the round and every match's entry page.
        assert!(seen.contains("/d/club-night/rounds/3"), "{seen:?}");
        assert!(seen.iter().any(|p| is_entry_page(p)), "{seen:?}");
        assert!(!seen.iter().any(|p| p.contains("/settings")), "{seen:?}");
    }
}

#[actix_web::test]
async fn a_scorers_home_is_the_round_being_played_one_tap_to_each_match() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "sam", Role::Scorer);
        give(&db, "sam", Access::Scorer);
        let mut b = browser_as(&db, "sam", Role::Scorer).await;
        // Every round of the club night is complete: the last one is the scorer's.
        let home = b.get("/d/club-night").await;
        assert_eq!(home.status, StatusCode::SEE_OTHER);
        assert_eq!(home.location.as_deref(), Some("/d/club-night/rounds/3"));
        let round = b.get("/d/club-night/rounds/3").await;
        round
            .has("href=\"/d/club-night/rounds/3/tables/1\"")
            .has("href=\"/d/club-night/rounds/3/tables/2\"")
            .has("state-complete")
            .has("<span class=\"badge\">Scorer</span>")
            .lacks("/settings")
            .lacks("/teams\"")
            .lacks("/audit\"")
            .lacks("/archive")
            .lacks("/generate")
            .lacks("/d/import");

        // A director still gets the dashboard, with every link.
        let mut d = browser(&db).await;
        let dash = d.get_ok("/d/club-night").await;
        dash.has("<span class=\"badge\">Director</span>")
            .has("/d/club-night/settings")
            .has("/d/import");
    }
}

#[actix_web::test]
async fn refusals_say_what_is_needed_and_whom_to_ask_and_missing_pages_lead_back() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "ada", Role::Admin);
        ensure_user(&db, "dora", Role::Director);
        give(&db, "dora", Access::Director);
        ensure_user(&db, "sam", Role::Scorer);
        give(&db, "sam", Access::Scorer);
        let mut b = browser_as(&db, "sam", Role::Scorer).await;
        let page = b.get("/d/club-night/settings").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        page.has("This page needs director access to this tournament")
            .has("sam (Scorer)")
            .has("ask dora, ada.");
        let page = b.get("/d/new").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        page.has("needs the Director or Administrator role")
            .has("ask ada.");
        b.accept_language = "zh-CN".into();
        let page = b.get("/admin/users").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        page.has("此页面仅供管理员使用").has("请联系：ada。");

        let page = b.get("/t/club-night/teams/99").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        page.has("<a href=\"/t/club-night\">返回赛事</a>");
        b.accept_language = "en".into();
        let page = b.get("/d/club-night/rounds/9").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        page.has("<a href=\"/d/club-night\">Back to the tournament</a>");
        let page = b.get("/nowhere").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        page.lacks("Back to the tournament");
    }
}

#[actix_web::test]
async fn a_new_users_access_defaults_to_their_role() {
    for db in backends() {
        import_club_night(&db);
        ensure_user(&db, "sam", Role::Scorer);
        ensure_user(&db, "dora", Role::Director);
        let mut b = browser(&db).await;
        let page = b.get("/admin/users").await;
        let ids: Vec<String> = attributes(&page.body, "id")
            .into_iter()
            .filter(|id| id.starts_with("access-"))
            .collect();
        assert!(ids.len() >= 2, "{ids:?}");
        let mut conn = db.open();
        for (name, role) in [("sam", "scorer"), ("dora", "director")] {
            let (user, _) = accounts::user_for_login(&mut conn, name).unwrap().unwrap();
            let select = format!("<select id=\"access-{}\" name=\"access\">", user.id);
            let at = page
                .body
                .find(&select)
                .expect("the access list of the user");
            let list = &page.body[at..at + page.body[at..].find("</select>").unwrap()];
            assert!(
                list.contains(&format!("<option value=\"{role}\" selected>")),
                "{name}: {list}"
            );
        }
    }
}

/// The club night with round 3, table 2 (teams 4 and 5) not played yet.
fn import_club_night_unfinished(db: &TestDb) {
    let dir = tempfile::tempdir().unwrap();
    let sample = club_night_dir();
    for name in ["tournament.toml", "teams.csv", "boards.csv", "schedule.csv"] {
        std::fs::copy(sample.join(name), dir.path().join(name)).unwrap();
    }
    let results = std::fs::read_to_string(sample.join("results.csv")).unwrap();
    let kept: String = results
        .lines()
        .filter(|l| !l.starts_with("3,2,"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.path().join("results.csv"), kept).unwrap();
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// The part of a page from `from` to the end of its table row.
fn row_of<'a>(body: &'a str, from: &str) -> &'a str {
    let at = body
        .find(from)
        .unwrap_or_else(|| panic!("{from} in {body}"));
    let end = body[at..].find("</tr>").unwrap();
    &body[at..at + end]
}

#[actix_web::test]
async fn a_match_not_played_yet_shows_a_dash_not_figures() {
    for db in backends() {
        import_club_night_unfinished(&db);
        let mut b = browser(&db).await;
        let page = b.get("/t/club-night/rounds/3").await;
        let row = row_of(&page.body, "href=\"/t/club-night/rounds/3/tables/2\"");
        assert!(row.contains("<td class=\"num score\">–</td>"), "{row}");
        assert!(!row.contains("10.00"), "{row}");
        let page = b.get("/d/club-night/rounds/3").await;
        let row = row_of(&page.body, "/d/club-night/rounds/3/tables/2\"");
        assert!(!row.contains("10.00") && !row.contains("+0"), "{row}");
        let start = page.body.find("<tr class=\"match-not-started\">").unwrap();
        let row = &page.body[start..start + page.body[start..].find("</tr>").unwrap()];
        assert!(row.matches(">–<").count() >= 2, "{row}");
        // The entry page's comparison block: no figures either.
        let entry = b.get("/d/club-night/rounds/3/tables/2").await;
        for figures in entry.body.split("<tr class=\"team-figures\">").skip(1) {
            let row = &figures[..figures.find("</tr>").unwrap()];
            assert!(!row.contains("10.00") && !row.contains("+0"), "{row}");
            assert_eq!(row.matches(">–<").count(), 4, "{row}");
        }
        let team = b.get("/t/club-night/teams/4").await;
        assert!(
            !team.body.contains("10.00 "),
            "the unplayed match has no score"
        );
        team.has(">–<");
        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        let matches = files.get("matches.csv").unwrap();
        assert!(
            matches.contains("\n3,2,4,5,0,,,,,,,in_progress\n"),
            "{matches}"
        );
    }
}

/// The wall sheet says "after round N" only once round N is complete, and nothing is
/// called final before the last round ends.
#[actix_web::test]
async fn the_wall_sheet_says_in_progress_until_the_round_is_complete() {
    for db in backends() {
        import_club_night_unfinished(&db);
        let mut b = browser(&db).await;
        let wall = b.get("/t/club-night/rounds/3/wall").await;
        wall.has("round 3 in progress").lacks("after round 3");
        b.get("/t/club-night/rounds/2/wall")
            .await
            .has("after round 2")
            .lacks("in progress");
        b.get("/t/club-night/standings").await.lacks("Final");
        b.accept_language = "zh-CN".into();
        b.get("/t/club-night/rounds/3/wall")
            .await
            .has("第3轮进行中")
            .lacks("第3轮后");
        b.get("/t/club-night/standings").await.lacks("最终");
    }
}

/// With Swiss pairing, saving an unpaired round's boards leads on to Generate.
#[actix_web::test]
async fn saving_boards_of_an_unpaired_swiss_round_leads_to_generate() {
    for db in backends() {
        let dir = tempfile::tempdir().unwrap();
        let sample = club_night_dir();
        let toml = std::fs::read_to_string(sample.join("tournament.toml")).unwrap();
        std::fs::write(
            dir.path().join("tournament.toml"),
            format!("{toml}pairing = \"swiss\"\n"),
        )
        .unwrap();
        std::fs::copy(sample.join("teams.csv"), dir.path().join("teams.csv")).unwrap();
        std::fs::write(
            dir.path().join("boards.csv"),
            "round,board,dealer,level,trump\n1,1,N,2,S\n1,2,E,3,\n",
        )
        .unwrap();
        let files = ArchiveFiles::read(dir.path()).unwrap();
        fushi::transfer::import(&mut db.open(), &files).unwrap();
        let mut b = browser(&db).await;
        b.get("/d/club-night/rounds/1/boards").await;
        let form = [
            ("dealer-1", "N"),
            ("level-1", "2"),
            ("trump-1", "S"),
            ("dealer-2", "E"),
            ("level-2", "4"),
            ("trump-2", ""),
        ];
        let page = b.post("/d/club-night/rounds/1/boards", &form).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(
            page.location.as_deref(),
            Some("/d/club-night/rounds/1/generate")
        );
        b.get("/d/club-night/rounds/1/generate")
            .await
            .has("Next: generate this round");
        // A generated round lands on the round's matches, not on the by-hand page.
        let page = b
            .post(
                "/d/club-night/rounds/1/generate/confirm",
                &[("method", "swiss")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(page.location.as_deref(), Some("/d/club-night/rounds/1"));
        b.get("/d/club-night/rounds/1")
            .await
            .has("Generated pairings saved.")
            .has("href=\"/d/club-night/rounds/1/tables/1\"");
    }
}

/// Withdrawing a team asks first, and says what happens to its match in a round still
/// being played.
#[actix_web::test]
async fn withdrawing_a_team_asks_first_and_names_its_unfinished_match() {
    for db in backends() {
        import_club_night_unfinished(&db);
        let mut b = browser(&db).await;
        b.get("/d/club-night/teams")
            .await
            .has("<a href=\"/d/club-night/teams/4/withdraw\">");
        let page = b.get_ok("/d/club-night/teams/4/withdraw").await;
        page.has("Withdraw 4 Level Up Lions?")
            .has("round 3, table 2 (against 5 Kings")
            .has("That match stays in the schedule")
            .has("action=\"/d/club-night/teams/4/withdraw\"");
        b.get("/d/club-night/teams/1/withdraw")
            .await
            .has("It is not paired in a round that is still being played.");
        // Nothing changes until the confirmation is sent.
        let roster = fushi::db::load_roster(&mut db.open(), SLUG)
            .unwrap()
            .unwrap();
        assert!(!roster.team(TeamNo(4)).unwrap().withdrawn);
        let page = b.post("/d/club-night/teams/4/withdraw", &[]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let roster = fushi::db::load_roster(&mut db.open(), SLUG)
            .unwrap()
            .unwrap();
        assert!(roster.team(TeamNo(4)).unwrap().withdrawn);
    }
}
