//! Duplicate's secrecy on every open surface (docs/rules.md §5): during a half-played round
//! no public page, file or PDF shows any room's figure of a board that not every room has
//! played; once the director releases the round, they all do. The routes come from the
//! source itself (every `/t/{slug}…` and `/api/v1/tournaments/{slug}…` pattern under
//! `src/web`), so a page added later is crawled without anyone remembering to add it.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common;
use common::backends;
use common::http::{anonymous, browser};
use fushi::archive::ArchiveFiles;

/// The trick points given to the open rooms of round 3 on boards 2–4 (P = t: no bottom, no
/// penalty): figures that occur nowhere else in the event. Table 1's closed room plays
/// them for 40, so that table 1 is complete and shows its totals (allowed: they reveal no
/// board), which are no secret figure.
const SECRET: [&str; 6] = ["180", "145", "165", "175", "185", "190"];

/// `files` with round `round` half played: table 1 complete, table 2's open room complete,
/// its closed room on board 1 only. Board 1 is released; boards 2–4 are not, and the rooms
/// that played them carry the `secret` trick points.
fn half_played_round(mut files: ArchiveFiles, round: i32, secret: &[&str; 6]) -> ArchiveFiles {
    let text = files.get("results.csv").expect("results.csv").to_owned();
    let mut secret = secret.iter();
    let (r, closed, kept) = (
        round.to_string(),
        format!("{round},2,closed,"),
        format!("{round},2,closed,1,"),
    );
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with(&closed) || l.starts_with(&kept))
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            if cells[0] == r && cells[3] != "1" {
                let t = if cells[2] == "open" {
                    secret.next().expect("two open rooms played boards 2-4")
                } else {
                    "40"
                };
                format!(
                    "{round},{},{},{},{t},,declarer,,,,,,,",
                    cells[1], cells[2], cells[3]
                )
            } else {
                l.to_owned()
            }
        })
        .collect();
    assert!(secret.next().is_none(), "every secret figure is used");
    files.insert("results.csv", lines.join("\n") + "\n");
    files
}

/// The sample with round 3 half played (see [`half_played_round`]).
fn half_played() -> ArchiveFiles {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let files = ArchiveFiles::read(&dir).expect("the sample reads");
    half_played_round(files, 3, &SECRET)
}

/// A championship (tests/data/stages/swiss-knockout-8) under `slug` with its final round
/// (7: the final at table 1, the play-off at table 2) half played: the play-off's open room
/// plays boards 2–4 for `secret` trick points, everything else is the same whatever they
/// are.
fn staged_half_played(slug: &str, secret: [&str; 3]) -> ArchiveFiles {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages/swiss-knockout-8");
    let mut files = ArchiveFiles::read(&dir).expect("the championship reads");
    let toml = files
        .get("tournament.toml")
        .expect("tournament.toml")
        .replace(
            "slug = \"stages-swiss-knockout-8\"",
            &format!("slug = \"{slug}\""),
        );
    files.insert("tournament.toml", toml);
    let [a, b, c] = secret;
    half_played_round(files, 7, &["110", "85", "30", a, b, c])
}

/// Every public route pattern in the source.
pub(crate) fn public_patterns() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("src/web") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for piece in text.split('"').skip(1).step_by(2) {
                    let public = piece.starts_with("/t/{slug}")
                        || piece.starts_with("/api/v1/tournaments/{slug}");
                    if public && !piece.contains(' ') {
                        out.insert(piece.to_owned());
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web"),
        &mut out,
    );
    out
}

/// Every CSV file a tournament's public pages may offer (`/t/{slug}/{file}.csv`).
pub(crate) const FILES: [&str; 12] = [
    "standings",
    "matches",
    "swings",
    "results",
    "teams",
    "boards",
    "schedule",
    "butler",
    "lineups",
    "deals",
    "bracket",
    "ranking",
];

/// The event a crawl walks: its slug and the rounds and teams that matter.
struct Crawled {
    slug: &'static str,
    /// Rounds, and for a championship its knockout rounds (`/bracket/{round}/{table}`).
    rounds: &'static [&'static str],
    teams: &'static [&'static str],
}

const CLUB_NIGHT: Crawled = Crawled {
    slug: "club-night",
    rounds: &["3"],
    teams: &["1", "3", "4", "5"],
};

/// The club night's round 4, whose draw the director holds back.
const ROUND_4: Crawled = Crawled {
    rounds: &["4"],
    ..CLUB_NIGHT
};

const CHAMPIONSHIP: Crawled = Crawled {
    slug: "championship-a",
    rounds: &["1", "2", "3", "7"],
    teams: &["2", "8", "9", "10"],
};

/// The same championship with other figures on the unreleased boards.
const CHAMPIONSHIP_B: Crawled = Crawled {
    slug: "championship-b",
    ..CHAMPIONSHIP
};

/// The paths of one pattern, every parameter filled in with each value that matters.
fn paths(pattern: &str, event: &Crawled) -> Vec<String> {
    fill(pattern, |name: &str| -> Vec<String> {
        let values: Vec<&str> = match name {
            "slug" => vec![event.slug],
            "round" | "n" => event.rounds.to_vec(),
            "table" | "t" => vec!["1", "2"],
            "team" | "no" => event.teams.to_vec(),
            "board" | "b" => vec!["1", "2", "3", "4"],
            "file" => FILES.to_vec(),
            other => panic!("{pattern}: the release crawl has no values for {{{other}}}"),
        };
        values.into_iter().map(str::to_owned).collect()
    })
}

/// The paths of `pattern` with each `{parameter}` filled in with each of `values(name)`.
pub(crate) fn fill(pattern: &str, values: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').expect("a closed parameter") + open;
        let name = &rest[open + 1..close];
        let name = name.split(':').next().unwrap_or(name);
        let literal = &rest[..open];
        out = out
            .iter()
            .flat_map(|p| {
                values(name)
                    .into_iter()
                    .map(move |v| format!("{p}{literal}{v}"))
            })
            .collect();
        rest = &rest[close + 1..];
    }
    out.into_iter().map(|p| format!("{p}{rest}")).collect()
}

/// The text of a response as a reader gets it: a PDF's extracted text, a page's text
/// between its tags (not a chart's coordinates), a file as sent.
fn text_of(page: &common::http::Page) -> String {
    if page.content_type.starts_with("application/pdf") {
        return pdf_extract::extract_text_from_mem(&page.bytes).expect("the PDF's text extracts");
    }
    if !page.content_type.starts_with("text/html") {
        return page.body.clone();
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in page.body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// Whether `figure` stands alone in `text` (not as part of a longer number).
fn shows(text: &str, figure: &str) -> bool {
    text.match_indices(figure).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + figure.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit() || c == '.')
            && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// Gets every path of every pattern for `event` as the public; no answer may show a
/// `secret` figure. The text of each path that answered.
async fn crawl<S, B>(
    public: &mut common::http::Browser<S>,
    patterns: &BTreeSet<String>,
    event: &Crawled,
    secret: &[&str],
) -> std::collections::BTreeMap<String, String>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut crawled = std::collections::BTreeMap::new();
    for pattern in patterns {
        if pattern.ends_with("/events") || pattern.ends_with('/') {
            continue; // the stream's payload: web_live's change test; `/` redirects
        }
        for path in paths(pattern, event) {
            let page = public.get(&path).await;
            if !page.status.is_success() {
                continue; // no such file or page for this event (404)
            }
            let text = text_of(&page);
            for figure in secret {
                assert!(
                    !shows(&text, figure),
                    "{path} shows {figure} before release:\n{text}"
                );
            }
            crawled.insert(path, text);
        }
    }
    crawled
}

#[actix_web::test]
async fn no_public_surface_of_a_championship_shows_a_board_before_every_room_has_played_it() {
    let patterns = public_patterns();
    for known in [
        "/t/{slug}/bracket.pdf",
        "/t/{slug}/bracket/{round}/{table}/sheet.pdf",
        "/t/{slug}/ranking.pdf",
    ] {
        assert!(
            patterns.contains(known),
            "{known} is not among {patterns:?}"
        );
    }
    // Two copies of one championship, differing only in the trick points of the boards not
    // yet played everywhere: every public answer of one is the other's, slug aside.
    let (secret_a, secret_b) = (["195", "155", "135"], ["45", "60", "70"]);
    for db in backends() {
        fushi::transfer::import(
            &mut db.open(),
            &staged_half_played(CHAMPIONSHIP.slug, secret_a),
        )
        .expect("the championship imports");
        fushi::transfer::import(
            &mut db.open(),
            &staged_half_played(CHAMPIONSHIP_B.slug, secret_b),
        )
        .expect("the championship imports");
        let slug = CHAMPIONSHIP.slug;
        let mut director = browser(&db).await;
        let page = director
            .get_ok(&format!("/d/{slug}/rounds/7/boards/2"))
            .await;
        assert!(shows(&page.body, secret_a[0]), "the director sees board 2");
        let mut public = anonymous(&db).await;
        let seen_a = crawl(&mut public, &patterns, &CHAMPIONSHIP, &[]).await;
        let seen_b = crawl(&mut public, &patterns, &CHAMPIONSHIP_B, &[]).await;
        assert_eq!(seen_a.len(), seen_b.len());
        for (path, text) in &seen_a {
            let other = path.replace(CHAMPIONSHIP.slug, CHAMPIONSHIP_B.slug);
            let b_text = seen_b
                .get(&other)
                .unwrap_or_else(|| panic!("{other} did not answer"));
            assert_eq!(
                text.replace(CHAMPIONSHIP.slug, "SLUG"),
                b_text.replace(CHAMPIONSHIP_B.slug, "SLUG"),
                "{path} depends on a board not yet played everywhere"
            );
        }
        // Every page and print of the championship answered.
        for path in [
            "/t/{slug}/bracket",
            "/t/{slug}/bracket.pdf",
            "/t/{slug}/bracket/sheets.pdf",
            "/t/{slug}/bracket/3/1",
            "/t/{slug}/bracket/3/1/sheet.pdf",
            "/t/{slug}/bracket/3/2/sheet.pdf",
            "/t/{slug}/ranking",
            "/t/{slug}/ranking.pdf",
            "/t/{slug}/stages",
            "/t/{slug}/bracket.csv",
            "/t/{slug}/ranking.csv",
        ] {
            let path = path.replace("{slug}", slug);
            assert!(seen_a.contains_key(&path), "{path} did not answer");
        }
        // Released, the round's figures are public.
        let done = director
            .post(
                &format!("/d/{slug}/rounds/7/release"),
                &[("action", "release")],
            )
            .await;
        assert!(done.status.is_redirection(), "{}", done.status);
        let page = public.get(&format!("/t/{slug}/rounds/7/boards/2")).await;
        assert!(shows(&text_of(&page), secret_a[0]), "after release");
    }
}

#[actix_web::test]
async fn no_public_surface_shows_a_board_before_every_room_has_played_it() {
    let patterns = public_patterns();
    // The crawl sees the pages this test was written against, and whatever came later.
    for known in [
        "/t/{slug}/rounds/{round}/boards/{board}",
        "/t/{slug}/rounds/{round}/travellers.pdf",
        "/t/{slug}/{file}.csv",
        "/t/{slug}/teams/{team}/card.pdf",
        "/t/{slug}/teams/{team}",
        "/t/{slug}/screen",
        "/api/v1/tournaments/{slug}/results",
        "/api/v1/tournaments/{slug}/matches",
        "/api/v1/tournaments/{slug}/rounds/{round}/boards/{board}",
        "/api/v1/tournaments/{slug}/butler",
        "/api/v1/tournaments/{slug}/deals",
        "/api/v1/tournaments/{slug}/bracket/{round}/{table}",
    ] {
        assert!(
            patterns.contains(known),
            "{known} is not among {patterns:?}"
        );
    }
    for db in backends() {
        fushi::transfer::import(&mut db.open(), &half_played()).expect("the archive imports");
        // The secret figures are in the database: the director's traveller shows them.
        let mut director = browser(&db).await;
        let page = director.get_ok("/d/club-night/rounds/3/boards/2").await;
        assert!(shows(&page.body, SECRET[0]), "the director sees board 2");

        let mut public = anonymous(&db).await;
        let crawled = crawl(&mut public, &patterns, &CLUB_NIGHT, &SECRET).await;
        assert!(
            crawled.len() >= 40,
            "only {} public pages answered",
            crawled.len()
        );

        // The match in progress shows no score, however many boards are compared.
        let page = public.get("/t/club-night/rounds/3/tables/2").await;
        page.lacks("10.00").has("1 of 4 boards compared");
        let csv = public.get("/t/club-night/matches.csv").await;
        let row = csv
            .body
            .lines()
            .find(|l| l.starts_with("3,2,"))
            .expect("round 3 table 2");
        assert!(row.ends_with(",,,in_progress"), "{row}");

        // The director releases the round: every figure is public.
        let page = director.get_ok("/d/club-night/rounds/3").await;
        page.has("Boards released to the public: 1 of 4");
        let done = director
            .post("/d/club-night/rounds/3/release", &[("action", "release")])
            .await;
        assert!(done.status.is_redirection(), "{}", done.status);
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        for path in [
            "/t/club-night/results.csv",
            "/t/club-night/rounds/3/travellers",
            "/t/club-night/rounds/3/boards/2",
            "/t/club-night/rounds/3/boards/3",
            "/t/club-night/rounds/3/boards/4",
        ] {
            let page = public.get(path).await;
            let text = text_of(&page);
            seen.extend(SECRET.iter().copied().filter(|f| shows(&text, f)));
        }
        assert_eq!(seen.len(), SECRET.len(), "after release: {seen:?}");
    }
}

/// Round 4 of the sample, paired 5 v 3 and 1 v 4 with a bye for team 2, draw not
/// published (the tournament holds new draws by default).
fn held_round_four(db: &common::TestDb) {
    use fushi::rules::{Level, Pairing, TeamNo};
    let mut conn = db.open();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let files = ArchiveFiles::read(&dir).expect("the sample reads");
    fushi::transfer::import(&mut conn, &files).expect("the archive imports");
    let boards = fushi::rules::event::new_boards(4, "2".parse::<Level>().expect("a level"), None);
    let round = fushi::db::add_round(&mut conn, "club-night", &boards)
        .unwrap()
        .unwrap();
    assert_eq!(round, 4);
    let pairings =
        [(1, 5, Some(3)), (2, 1, Some(4)), (3, 2, None)].map(|(table, home, away)| Pairing {
            table,
            home: TeamNo(home),
            away: away.map(TeamNo),
        });
    assert!(crate::common::edits::replace_pairings(&mut conn, "club-night", 4, &pairings).unwrap());
}

/// What of round 4's pairing a public response shows: a link to one of its matches, a
/// row of round 4 in a CSV of matches (`round,table,…`), or a match in the API.
fn pairing_shown(path: &str, page: &common::http::Page) -> Option<String> {
    let body = &page.body;
    if body.contains("/rounds/4/tables/") {
        return Some("a link to a match of round 4".into());
    }
    let by_round = body
        .trim_start_matches('\u{feff}')
        .starts_with("round,table,");
    if page.content_type.starts_with("text/csv")
        && by_round
        && let Some(line) = body.lines().find(|l| l.starts_with("4,"))
    {
        return Some(format!("the row {line}"));
    }
    if page.content_type.starts_with("application/json") {
        // A match of round 4 anywhere in the answer: an object with `round` 4 and a
        // `table` (the endpoints listing every round show the other rounds' matches).
        fn held(v: &serde_json::Value) -> bool {
            match v {
                serde_json::Value::Object(o) => {
                    (o.get("round").and_then(|r| r.as_i64()) == Some(4) && o.contains_key("table"))
                        || o.values().any(held)
                }
                serde_json::Value::Array(a) => a.iter().any(held),
                _ => false,
            }
        }
        let in_round_4 = path.contains("/rounds/4") && body.contains("\"table\":");
        let value: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
        if held(&value) || in_round_4 {
            return Some("a match of round 4".into());
        }
    }
    None
}

#[actix_web::test]
async fn an_unpublished_draw_shows_its_pairings_nowhere_public() {
    let patterns = public_patterns();
    for db in backends() {
        held_round_four(&db);
        let mut director = browser(&db).await;
        director
            .get_ok("/d/club-night/rounds/4")
            .await
            .has("data-draw=\"held\"")
            .has("value=\"publish\"");
        // The director sees the draw everywhere, public pages included.
        director.get_ok("/t/club-night/rounds/4/tables/1").await;

        let mut public = anonymous(&db).await;
        let mut crawled = 0;
        for pattern in &patterns {
            if pattern.ends_with("/events") || pattern.ends_with('/') {
                continue; // the live stream carries revisions only; `/` redirects
            }
            for path in paths(pattern, &ROUND_4) {
                let page = public.get(&path).await;
                if !page.status.is_success() {
                    continue;
                }
                crawled += 1;
                assert_eq!(
                    pairing_shown(&path, &page),
                    None,
                    "{path} shows the held draw"
                );
            }
        }
        assert!(crawled >= 30, "only {crawled} public pages answered");
        for path in [
            "/t/club-night",
            "/t/club-night/rounds",
            "/t/club-night/rounds/4",
            "/t/club-night/teams/5",
        ] {
            public
                .get_ok(path)
                .await
                .has("Round 4: pairings soon")
                .lacks("pub-pairings-soon");
        }
        let api = public.get_ok("/api/v1/tournaments/club-night").await;
        assert!(
            api.body.contains("\"pairings_public\":false"),
            "{}",
            api.body
        );

        // The director publishes: the pairings are public, with an audit row.
        let done = director
            .post("/d/club-night/rounds/4/draw", &[("action", "publish")])
            .await;
        assert!(done.status.is_redirection(), "{}", done.status);
        public.get_ok("/t/club-night/rounds/4/tables/1").await;
        let csv = public.get_ok("/t/club-night/schedule.csv").await;
        assert!(csv.body.lines().any(|l| l == "4,1,5,3"), "{}", csv.body);
        public
            .get_ok("/t/club-night/rounds/4")
            .await
            .lacks("pairings soon");
        director
            .get_ok("/d/club-night/audit")
            .await
            .has("round 4 pairings")
            .has("<td class=\"audit-before\">held back</td>");
        // Held back again while the round has no result; once a result is saved the draw
        // is public for good.
        director
            .post("/d/club-night/rounds/4/draw", &[("action", "hold")])
            .await;
        assert!(
            !public
                .get("/t/club-night/rounds/4/tables/1")
                .await
                .status
                .is_success()
        );
    }
}
