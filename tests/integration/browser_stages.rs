//! A championship in a real browser, from the end of its qualifying to the final ranking
//! (docs/rules.md §12). The tournament is the reference championship
//! `tests/data/stages/swiss-knockout-8` with its qualifying played (a Swiss of three
//! rounds, ten teams) and no stages yet. A director signed in to headless Chromium:
//!
//! - defines the stages on the stages page: the Swiss, then a knockout of eight in
//!   segments 2, 1 and 1 with a play-off for third and carry-over 0.5 + ½ of the
//!   head-to-head;
//! - reads the quarter-finals the bracket proposes, each with its reason, and confirms them;
//! - sets each segment's boards and types every room's results at the desk;
//! - sees the semi-finals proposed as soon as the quarter-finals are decided, then the final
//!   and the play-off, and confirms each.
//!
//! The public ranking page then lists the reference's `ranking.csv`, the bracket page the
//! final's winner, and the archive exported from what was typed equals the reference's
//! `bracket.csv`, `ranking.csv`, `standings.csv` and `results.csv`: the expected figures
//! come from `tests/reference/stages.py`, never from fushi. On the way the public pages
//! are checked at 360 and 390 CSS pixels not to scroll sideways. Without Chromium and
//! chromedriver the test prints a notice and passes.
//!
//! With `FUSHI_SCREENSHOTS=DIR` it leaves screenshots of the director's stages page, the
//! public bracket, a tie and the final ranking at 1280 and 390 px, in English and Chinese.

use crate::common;
use crate::common::browser;

use std::path::{Path, PathBuf};

use browser::{
    browser_tools, click_and_load, log_in, main_text, open_browser, screenshot, serve, wait_for,
};
use common::TestDb;
use common::http::ensure_user;
use fantoccini::Client;
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::Role;
use serde_json::{Map, Value};

const SLUG: &str = "stages-swiss-knockout-8";
const NAME: &str = "swiss-knockout-8";

fn stages_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages")
}

fn expected(file: &str) -> String {
    let text = std::fs::read_to_string(stages_dir().join(format!("{NAME}-expected/{file}")))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    text.trim_start_matches('\u{feff}').to_owned()
}

/// The rows of a CSV file without its header, split at commas (these files quote nothing).
fn rows(text: &str) -> Vec<Vec<String>> {
    text.trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| l.split(',').map(str::to_owned).collect())
        .collect()
}

/// A CSV file whose rows start with their round: its header and the rows of rounds 1 to
/// `last`.
fn up_to_round(text: &str, last: i32) -> String {
    text.lines()
        .enumerate()
        .filter(|(i, l)| {
            *i == 0 || l.split(',').next().and_then(|r| r.parse::<i32>().ok()) <= Some(last)
        })
        .map(|(_, l)| format!("{l}\n"))
        .collect()
}

/// The rows of `schedule.csv` of round `round`.
fn round_rows(files: &ArchiveFiles, round: i32) -> Vec<String> {
    let prefix = format!("{round},");
    files
        .get("schedule.csv")
        .unwrap()
        .lines()
        .filter(|l| l.starts_with(&prefix))
        .map(str::to_owned)
        .collect()
}

/// The reference championship as it stands at the end of its qualifying: rounds 1–3 with
/// their results, and no stages (the director defines them).
fn qualifying(full: &ArchiveFiles) -> ArchiveFiles {
    let mut out = full.clone();
    for file in ["boards.csv", "schedule.csv", "results.csv"] {
        out.insert(file, up_to_round(full.get(file).unwrap(), 3));
    }
    let toml = full.get("tournament.toml").unwrap();
    let without = &toml[..toml.find("\n[[stages]]").expect("the reference has stages") + 1];
    out.insert("tournament.toml", without.to_owned());
    out
}

/// Sets the fields (by id) of the page: a checkbox is ticked by "on"; every id must exist.
async fn fill(client: &Client, fields: &[(&str, &str)]) {
    let mut map = Map::new();
    for (id, value) in fields {
        map.insert((*id).to_owned(), Value::from(*value));
    }
    let missing = client
        .execute(
            "var f = arguments[0]; var missing = []; \
             Object.keys(f).forEach(function (id) { \
               var e = document.getElementById(id); \
               if (!e) { missing.push(id); return; } \
               if (e.type === 'checkbox') { e.checked = f[id] === 'on'; } else { e.value = f[id]; } }); \
             return missing.join(' ');",
            vec![Value::Object(map)],
        )
        .await
        .unwrap();
    assert_eq!(missing.as_str(), Some(""), "fields not on the page");
}

async fn go(client: &Client, base: &str, path: &str) {
    client.goto(&format!("{base}{path}")).await.unwrap();
    wait_for(client, "main").await;
}

/// Asserts that the page's main text has every one of `wanted`.
async fn shows(client: &Client, wanted: &[&str]) {
    let text = main_text(client).await;
    for want in wanted {
        assert!(text.contains(want), "no {want:?} in:\n{text}");
    }
}

/// The director sets round `round`'s boards (dealer, level, trump) as the reference's
/// `boards.csv` has them, on the round's boards page.
async fn set_boards(client: &Client, base: &str, full: &ArchiveFiles, round: i32) {
    go(client, base, &format!("/d/{SLUG}/rounds/{round}/boards")).await;
    set_boards_here(client, full, round, 4).await;
}

/// Sets the boards of the boards page open now as the reference's `boards.csv` has round
/// `round`'s (`boards` of them).
async fn set_boards_here(client: &Client, full: &ArchiveFiles, round: i32, boards: usize) {
    let mut fields = Vec::new();
    for row in rows(full.get("boards.csv").unwrap()) {
        if row[0] == round.to_string() {
            let b = &row[1];
            fields.push((format!("dealer-{b}"), row[2].clone()));
            fields.push((format!("level-{b}"), row[3].clone()));
            fields.push((format!("trump-{b}"), row[4].clone()));
        }
    }
    assert_eq!(fields.len(), 3 * boards, "{boards} boards in round {round}");
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    fill(client, &refs).await;
    click_and_load(client, "main form button[type=submit]").await;
    shows(client, &["Boards saved."]).await;
}

/// A `results.csv` row as the desk takes it. The archive allows bottom points without the
/// winner of the last trick, where the bottom does not count (docs/rules.md §3: it counts
/// only when the defenders win the last trick); the desk asks who won it, and the sheet
/// says the declarers. The figures are the same.
fn as_typed(mut row: Vec<String>) -> Vec<String> {
    let bottom = row[5].parse::<i32>().unwrap_or(0);
    if !row[4].is_empty() && bottom > 0 && row[6].is_empty() {
        row[6] = "declarer".to_owned();
    }
    row
}

/// The director types table `table` of round `round` at the desk, both rooms, from the
/// reference's `results.csv`, and saves.
async fn enter_match(client: &Client, base: &str, full: &ArchiveFiles, round: i32, table: i32) {
    enter_match_of(client, base, SLUG, full, round, table).await;
}

/// The director types table `table` of round `round` of tournament `slug` at the desk.
async fn enter_match_of(
    client: &Client,
    base: &str,
    slug: &str,
    full: &ArchiveFiles,
    round: i32,
    table: i32,
) {
    go(
        client,
        base,
        &format!("/d/{slug}/rounds/{round}/tables/{table}"),
    )
    .await;
    wait_for(client, "#entry-form").await;
    const FIELDS: [&str; 8] = [
        "trick_points",
        "bottom_points",
        "last_trick",
        "combo",
        "declarer_penalty",
        "defender_penalty",
        "ruling",
        "defender_total",
    ];
    let mut fields = Vec::new();
    for row in rows(full.get("results.csv").unwrap()) {
        if row[0] != round.to_string() || row[1] != table.to_string() {
            continue;
        }
        let row = as_typed(row);
        let key = if row[2] == "open" { "o" } else { "c" };
        let board = &row[3];
        for (i, field) in FIELDS.iter().enumerate() {
            let value = &row[4 + i];
            if value.is_empty() {
                continue;
            }
            let id = |f: &str| format!("{key}{board}-{f}");
            match value.split_once(':') {
                Some((kind, length)) if *field == "combo" => {
                    fields.push((id("combo"), kind.to_owned()));
                    fields.push((id("combo_length"), length.to_owned()));
                }
                _ => fields.push((id(field), value.clone())),
            }
        }
    }
    assert!(
        !fields.is_empty(),
        "round {round} table {table} has results"
    );
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    fill(client, &refs).await;
    click_and_load(client, "button[data-entry-save]").await;
    let errors = client
        .execute(
            "return Array.from(document.querySelectorAll('.field-error, .errors')).map(function (e) { return e.textContent.trim(); }).join(' | ');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        errors.as_str(),
        Some(""),
        "round {round} table {table} was refused"
    );
}

/// A knockout round and the pairings proposed for it: (round, table, reason) of each tie.
type Proposed = (u32, &'static [(&'static str, &'static str, &'static str)]);

/// The director confirms knockout round `ko`'s proposed pairings on the stages page.
async fn confirm(client: &Client, base: &str, ko: u32) {
    go(client, base, &format!("/d/{SLUG}/stages")).await;
    click_and_load(
        client,
        &format!("form[action='/d/{SLUG}/stages/pair/{ko}'] button[type=submit]"),
    )
    .await;
    shows(client, &["The knockout round is paired."]).await;
}

/// Scrolls the director's stages page to its proposed pairings (for a screenshot).
async fn show_proposal(client: &Client) {
    client
        .execute(
            "document.querySelector('ul.proposal').scrollIntoView({block: 'center'});",
            vec![],
        )
        .await
        .unwrap();
}

/// The (place, team) rows of the public ranking page.
async fn ranking_rows(client: &Client) -> Vec<(String, String)> {
    let found = client
        .execute(
            "return Array.from(document.querySelectorAll('table.ranking tbody tr')).map(function (r) { \
               return [r.querySelector('td.rank').textContent.trim(), r.querySelector('th').textContent.trim()]; });",
            vec![],
        )
        .await
        .unwrap();
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r[0].as_str().unwrap().to_owned(),
                r[1].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The page's width beyond the viewport, in CSS pixels (0 when it does not scroll sideways).
async fn overflow(client: &Client) -> i64 {
    let sizes = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    sizes[0].as_i64().unwrap() - sizes[1].as_i64().unwrap()
}

#[actix_web::test]
async fn a_director_runs_a_championship_from_its_qualifying_to_the_final_ranking() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let db = TestDb::sqlite();
    let full = ArchiveFiles::read(&stages_dir().join(NAME)).unwrap();
    fushi::transfer::import(&mut db.open(), &qualifying(&full)).unwrap();
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;

    // The stages: the Swiss played so far, saved first; then the knockout after it.
    go(&client, &base, &format!("/d/{SLUG}/stages")).await;
    fill(
        &client,
        &[
            ("name-0", "资格赛"),
            ("first-0", "1"),
            ("last-0", "3"),
            ("format-0", "swiss"),
        ],
    )
    .await;
    click_and_load(&client, "form.stages-form button[type=submit]").await;
    shows(&client, &["The stages are saved."]).await;
    fill(
        &client,
        &[
            ("name-1", "淘汰赛"),
            ("first-1", "4"),
            ("last-1", "7"),
            ("format-1", "knockout"),
            ("teams-1", "8"),
            ("segments-1", "2 1 1"),
            ("third-1", "on"),
            ("carry-1", "0.5"),
            ("share-1", "0.5"),
        ],
    )
    .await;
    click_and_load(&client, "form.stages-form button[type=submit]").await;
    // The quarter-finals are proposed from the Swiss's standings, each tie with its
    // reason; the pairings are the reference schedule's round 4.
    let schedule = rows(full.get("schedule.csv").unwrap());
    let pairing = |round: &str, table: &str| -> String {
        let r = schedule
            .iter()
            .find(|r| r[0] == round && r[1] == table)
            .unwrap();
        format!("{}: {} v {}", r[1], r[2], r[3])
    };
    shows(
        &client,
        &[
            "The stages are saved.",
            &format!("{} — seed 1 v seed 8", pairing("4", "1")),
            &format!("{} — seed 4 v seed 5", pairing("4", "2")),
            &format!("{} — seed 2 v seed 7", pairing("4", "3")),
            &format!("{} — seed 3 v seed 6", pairing("4", "4")),
            "Confirm the Quarter-finals pairings",
            "Paired once every tie of the Quarter-finals is decided.",
        ],
    )
    .await;
    show_proposal(&client).await;
    screenshot(&client, "stages-director-proposal.png").await;
    confirm(&client, &base, 1).await;
    go(&client, &base, &format!("/t/{SLUG}")).await;
    shows(&client, &["Quarter-finals, segment 1 of 2"]).await;

    // Each knockout round: its boards set, its ties typed at the desk, then the next round
    // is proposed from the winners (and the losers, for the play-off).
    let next: [Proposed; 2] = [
        (
            2,
            &[
                ("6", "1", "winner of QF1 v winner of QF2"),
                ("6", "2", "winner of QF3 v winner of QF4"),
            ],
        ),
        (
            3,
            &[
                ("7", "1", "winner of SF1 v winner of SF2"),
                ("7", "2", "loser of SF1 v loser of SF2"),
            ],
        ),
    ];
    for (rounds, tables, then) in [
        (&[4, 5][..], 4, Some(&next[0])),
        (&[6][..], 2, Some(&next[1])),
        (&[7][..], 2, None),
    ] {
        for &round in rounds {
            set_boards(&client, &base, &full, round).await;
            for table in 1..=tables {
                enter_match(&client, &base, &full, round, table).await;
            }
        }
        let Some((ko, proposed)) = then else {
            continue;
        };
        go(&client, &base, &format!("/d/{SLUG}/stages")).await;
        let wanted: Vec<String> = proposed
            .iter()
            .map(|(round, table, why)| format!("{} — {why}", pairing(round, table)))
            .collect();
        let wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
        shows(&client, &wanted).await;
        if *ko == 3 {
            // A knockout round of one segment says so: "round 7", not "rounds 7".
            shows(&client, &["Final round 7"]).await;
            show_proposal(&client).await;
            screenshot(&client, "stages-director-final.png").await;
        }
        confirm(&client, &base, *ko).await;
    }

    // The director's page at the end: every tie decided, nothing left to pair.
    go(&client, &base, &format!("/d/{SLUG}/stages")).await;
    let text = main_text(&client).await;
    assert!(!text.contains("Proposed pairings"), "{text}");
    assert!(!text.contains("not started"), "{text}");
    screenshot(&client, "stages-director-1280.png").await;
    // On a phone the page does not scroll sideways: each bracket table scrolls in its box.
    for width in [390, 360] {
        client.set_window_size(width, 844).await.unwrap();
        go(&client, &base, &format!("/d/{SLUG}/stages")).await;
        let over = overflow(&client).await;
        assert!(
            over <= 0,
            "the stages page is {over} px too wide at {width} px"
        );
    }
    client.set_window_size(390, 844).await.unwrap();
    go(&client, &base, &format!("/d/{SLUG}/stages")).await;
    client
        .execute("document.getElementById('ko-1').scrollIntoView();", vec![])
        .await
        .unwrap();
    screenshot(&client, "stages-director-390.png").await;
    client.set_window_size(1280, 900).await.unwrap();

    // The public pages, as a reader who is not signed in.
    client.delete_all_cookies().await.unwrap();
    go(&client, &base, &format!("/t/{SLUG}/ranking")).await;
    let want: Vec<(String, String)> = rows(&expected("ranking.csv"))
        .into_iter()
        .map(|r| (r[0].clone(), r[2].clone()))
        .collect();
    assert_eq!(ranking_rows(&client).await, want);
    // The whole-event standings say that they count every round and lead to the stages'
    // own; the navigation of a staged event links the stages and the bracket.
    go(&client, &base, &format!("/t/{SLUG}/standings")).await;
    shows(
        &client,
        &["These standings count every round. The tournament is played in stages, each with its own standings: Stages"],
    )
    .await;
    let nav = client
        .execute(
            "return Array.from(document.querySelectorAll('nav.tour-nav li a')).map(function (a) { return a.getAttribute('href'); }).join(' ');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        nav.as_str(),
        Some(&*format!(
            "/t/{SLUG} /t/{SLUG}/standings /t/{SLUG}/stages /t/{SLUG}/bracket /t/{SLUG}/rounds /t/{SLUG}/teams /d/{SLUG}"
        ))
    );
    let bracket = rows(&expected("bracket.csv"));
    let final_tie = bracket.iter().find(|r| r[1] == "3" && r[2] == "1").unwrap();
    let team_name = |no: &str| {
        rows(full.get("teams.csv").unwrap())
            .into_iter()
            .find(|r| r[0] == no)
            .map(|r| r[1].clone())
            .unwrap()
    };
    go(&client, &base, &format!("/t/{SLUG}/bracket")).await;
    shows(
        &client,
        &[
            "Final",
            "Play-off for third",
            &team_name(&final_tie[13]),
            // The minus sign as every page writes it: "5.50 : −5.50".
            &format!(
                "{} : {}",
                final_tie[9].replace('-', "\u{2212}"),
                final_tie[10].replace('-', "\u{2212}")
            ),
        ],
    )
    .await;
    // The final and the play-off are called by their names, never "F1" or "3P2".
    let svg = client
        .execute(
            "return Array.from(document.querySelectorAll('svg.bracket-svg text.tie-label')).map(function (t) { return t.textContent; }).join('|');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        svg.as_str(),
        Some("QF1|QF2|QF3|QF4|SF1|SF2|Final|Play-off for third")
    );
    go(&client, &base, &format!("/t/{SLUG}/bracket/3/1")).await;
    shows(
        &client,
        &[
            &format!("Winner: ({}) {}", final_tie[5], team_name(&final_tie[13])),
            &format!("points {}", final_tie[11]),
        ],
    )
    .await;

    // Screenshots, and no public championship page scrolls sideways on a phone.
    let pages = [
        ("bracket", format!("/t/{SLUG}/bracket")),
        ("tie", format!("/t/{SLUG}/bracket/1/4")),
        ("ranking", format!("/t/{SLUG}/ranking")),
        ("stages", format!("/t/{SLUG}/stages")),
    ];
    let mut wide = Vec::new();
    for lang in ["en", "zh", "zh-Hant"] {
        go(&client, &base, &format!("/lang?lang={lang}&next=/")).await;
        for width in [1280u32, 390, 360] {
            client.set_window_size(width, 900).await.unwrap();
            for (name, path) in &pages {
                go(&client, &base, path).await;
                if width < 1280 {
                    let over = overflow(&client).await;
                    if over > 0 {
                        wide.push(format!("{path} ({lang}, {width} px): {over} px too wide"));
                    }
                }
                if lang != "zh-Hant" && width != 360 && *name != "stages" {
                    screenshot(&client, &format!("stages-{name}-{lang}-{width}.png")).await;
                }
            }
        }
    }
    assert!(wide.is_empty(), "{}", wide.join("\n"));
    client.close().await.unwrap();

    // What was typed in the browser is the reference championship: the archive exported
    // now has its results, standings, bracket and ranking.
    let exported = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
    for file in ["standings.csv", "bracket.csv", "ranking.csv"] {
        assert_eq!(
            exported.get(file).unwrap().trim_start_matches('\u{feff}'),
            expected(file),
            "{file}"
        );
    }
    // Every cell typed, and every figure computed from it (table_score, result), with the
    // knockout's last-trick cells as the desk takes them.
    let results = expected("results.csv");
    let typed: Vec<Vec<String>> = rows(&results)
        .into_iter()
        .map(|r| {
            if r[0].parse::<i32>().unwrap() > 3 {
                as_typed(r)
            } else {
                r
            }
        })
        .collect();
    assert_eq!(rows(exported.get("results.csv").unwrap()), typed);
    for file in ["boards.csv", "schedule.csv"] {
        assert_eq!(exported.get(file), full.get(file), "{file}");
    }
}

/// The reference championship with the director's exchanges (`exchanges-knockout-8`) at
/// the end of its qualifying, its stages defined but no exchange made yet.
fn exchanges_qualifying() -> (ArchiveFiles, ArchiveFiles) {
    let full = ArchiveFiles::read(&stages_dir().join("exchanges-knockout-8")).unwrap();
    let mut start = full.clone();
    for file in ["boards.csv", "schedule.csv", "results.csv"] {
        start.insert(file, up_to_round(full.get(file).unwrap(), 3));
    }
    let toml: String = full
        .get("tournament.toml")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("exchanges"))
        .map(|l| format!("{l}\n"))
        .collect();
    start.insert("tournament.toml", toml);
    (full, start)
}

#[actix_web::test]
async fn a_director_exchanges_two_teams_of_the_proposed_quarter_finals_in_the_browser() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let slug = "stages-exchanges-knockout-8";
    let db = TestDb::sqlite();
    let (full, start) = exchanges_qualifying();
    fushi::transfer::import(&mut db.open(), &start).unwrap();
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    go(&client, &base, &format!("/d/{slug}/stages")).await;
    shows(
        &client,
        &["1: 6 v 4 — seed 1 v seed 8", "2: 9 v 3 — seed 4 v seed 5"],
    )
    .await;
    // The exchange form opens under the round; without a reason the browser keeps it.
    open_details(&client, "section.stage-ko details.exchange summary").await;
    fill(&client, &[("exchange-a-1", "4"), ("exchange-b-1", "3")]).await;
    client
        .find(fantoccini::Locator::Css("#exchange-reason-1"))
        .await
        .unwrap()
        .send_keys("同一俱乐部 one club")
        .await
        .unwrap();
    click_and_load(
        &client,
        &format!("form[action='/d/{slug}/stages/exchange/1'] button[type=submit]"),
    )
    .await;
    // The proposal is the reference's round 4, each moved tie with the reason.
    let schedule = rows(full.get("schedule.csv").unwrap());
    let round4: Vec<String> = schedule
        .iter()
        .filter(|r| r[0] == "4")
        .map(|r| format!("{}: {} v {}", r[1], r[2], r[3]))
        .collect();
    shows(
        &client,
        &[
            "The two teams are exchanged.",
            &format!(
                "{} — seed 1 v seed 5; Teams 4 and 3 exchanged: 同一俱乐部 one club",
                round4[0]
            ),
            &format!(
                "{} — seed 4 v seed 8; Teams 4 and 3 exchanged: 同一俱乐部 one club",
                round4[1]
            ),
            &format!("{} — seed 2 v seed 7", round4[2]),
            "The director's exchanges",
            "Undo",
        ],
    )
    .await;
    show_proposal(&client).await;
    screenshot(&client, "stages-exchange-1280.png").await;
    client.set_window_size(390, 844).await.unwrap();
    go(&client, &base, &format!("/d/{slug}/stages")).await;
    assert!(
        overflow(&client).await <= 0,
        "the stages page scrolls sideways at 390 px"
    );
    show_proposal(&client).await;
    screenshot(&client, "stages-exchange-390.png").await;
    client.set_window_size(1280, 900).await.unwrap();
    go(&client, &base, &format!("/d/{slug}/stages")).await;
    click_and_load(
        &client,
        &format!("form[action='/d/{slug}/stages/pair/1'] button[type=submit]"),
    )
    .await;
    shows(&client, &["The knockout round is paired."]).await;
    client.close().await.unwrap();
    // What the browser did is the reference's: round 4 as its schedule has it, and the
    // stage's exchanges as its tournament.toml has them (the quarter-final's).
    let exported = fushi::transfer::export(&mut db.open(), slug).unwrap();
    assert_eq!(round_rows(&exported, 4), round_rows(&full, 4));
    assert!(exported.get("tournament.toml").unwrap().contains(
        "exchanges = [{ ko_round = 1, teams = [4, 3], reason = \"同一俱乐部 one club\" }]"
    ));
}

/// Clicks `css` (a `<summary>`: it opens its `<details>` without loading a page).
async fn open_details(client: &Client, css: &str) {
    client
        .find(fantoccini::Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// The groups championship of the reference (`groups-knockout-4`) before its first round:
/// its stages and each round's boards, no pairing, no result, and team 6 not withdrawn yet
/// (it withdraws after playing).
fn groups_before_play() -> (ArchiveFiles, ArchiveFiles) {
    let full = ArchiveFiles::read(&stages_dir().join("groups-knockout-4")).unwrap();
    let mut start = full.clone();
    start.insert("schedule.csv", "round,table,home,away\n".to_owned());
    start.insert(
        "results.csv",
        full.get("results.csv")
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_owned()
            + "\n",
    );
    start.insert(
        "boards.csv",
        up_to_round(full.get("boards.csv").unwrap(), 3),
    );
    start.insert(
        "teams.csv",
        full.get("teams.csv").unwrap().replace(",yes\n", ",\n"),
    );
    (full, start)
}

#[actix_web::test]
async fn a_director_plays_groups_side_by_side_into_semi_finals_in_the_browser() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let slug = "stages-groups-knockout-4";
    let copy = "groups-copy";
    let db = TestDb::sqlite();
    let (full, start) = groups_before_play();
    let mut fresh = start.clone();
    fresh.insert(
        "tournament.toml",
        start.get("tournament.toml").unwrap().replace(slug, copy),
    );
    fushi::transfer::import(&mut db.open(), &fresh).unwrap();
    // The championship itself: its groups paired as the reference pairs them.
    let mut start = start;
    start.insert(
        "schedule.csv",
        up_to_round(full.get("schedule.csv").unwrap(), 3),
    );
    fushi::transfer::import(&mut db.open(), &start).unwrap();
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    log_in(&client, &base, "director").await;
    // A groups stage is paired from the stages page as its groups' round robins: every two
    // teams of a group meet once, never two of different groups, the odd team out of the
    // group of three sitting out (tried on a copy: the reference's own order of rounds is
    // another valid round robin, and its results are typed below).
    go(&client, &base, &format!("/d/{copy}/stages")).await;
    click_and_load(
        &client,
        &format!("form[action='/d/{copy}/stages/groups/1'] button[type=submit]"),
    )
    .await;
    shows(&client, &["The groups' round robins are paired."]).await;
    let paired = fushi::transfer::export(&mut db.open(), copy).unwrap();
    let mut met: Vec<(i32, i32)> = Vec::new();
    for r in rows(paired.get("schedule.csv").unwrap()) {
        let Ok(away) = r[3].parse::<i32>() else {
            continue;
        };
        let home = r[2].parse::<i32>().unwrap();
        met.push((home.min(away), home.max(away)));
    }
    met.sort();
    let group_a = [1, 3, 5];
    let group_b = [2, 4, 6, 7];
    let mut want: Vec<(i32, i32)> = Vec::new();
    for g in [&group_a[..], &group_b[..]] {
        for (i, a) in g.iter().enumerate() {
            for b in &g[i + 1..] {
                want.push((*a.min(b), *a.max(b)));
            }
        }
    }
    want.sort();
    assert_eq!(met, want, "each group's round robin, nothing across groups");
    // Every match typed at the desk; then team 6 withdraws (it keeps its results).
    for m in rows(full.get("schedule.csv").unwrap()) {
        let (round, table) = (m[0].parse::<i32>().unwrap(), m[1].parse::<i32>().unwrap());
        if round <= 3 && !m[3].is_empty() {
            enter_match_of(&client, &base, slug, &full, round, table).await;
        }
    }
    go(&client, &base, &format!("/d/{slug}/teams/6/withdraw")).await;
    click_and_load(
        &client,
        &format!("form[action='/d/{slug}/teams/6/withdraw'] button[type=submit]"),
    )
    .await;
    // The top two of each group into the semi-finals, group winners first: the reference's
    // round 4, each tie with its reason.
    go(&client, &base, &format!("/d/{slug}/stages")).await;
    let schedule = rows(full.get("schedule.csv").unwrap());
    let round4: Vec<String> = schedule
        .iter()
        .filter(|r| r[0] == "4")
        .map(|r| format!("{}: {} v {}", r[1], r[2], r[3]))
        .collect();
    shows(
        &client,
        &[
            &format!("{} — seed 1 v seed 4", round4[0]),
            &format!("{} — seed 2 v seed 3", round4[1]),
        ],
    )
    .await;
    click_and_load(
        &client,
        &format!("form[action='/d/{slug}/stages/pair/1'] button[type=submit]"),
    )
    .await;
    shows(&client, &["The knockout round is paired."]).await;
    // The public stages page: each group's standings side by side, as the reference ranks
    // them; on a phone the groups stack and nothing scrolls sideways.
    client.delete_all_cookies().await.unwrap();
    go(&client, &base, &format!("/t/{slug}/stages")).await;
    let want = |group: &str| -> Vec<String> {
        rows(
            &std::fs::read_to_string(stages_dir().join("groups-knockout-4-expected/standings.csv"))
                .unwrap(),
        )
        .into_iter()
        .filter(|r| r[0] == "1" && r[1] == group)
        .map(|r| r[3].clone())
        .collect()
    };
    let got = client
        .execute(
            "return Array.from(document.querySelectorAll('.groups table')).map(function (t) { \
               return Array.from(t.querySelectorAll('tbody tr')).map(function (r) { \
                 var a = r.querySelector('th a'); return a ? a.getAttribute('href').split('/').pop() : ''; }); });",
            vec![],
        )
        .await
        .unwrap();
    let got: Vec<Vec<String>> = got
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            g.as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    let want: Vec<Vec<String>> = ["A", "B"].iter().map(|g| want(g)).collect();
    assert_eq!(got, want);
    let side_by_side = client
        .execute(
            "var t = document.querySelector('.groups').children; return t.length == 2 && t[0].getBoundingClientRect().top == t[1].getBoundingClientRect().top;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        side_by_side.as_bool(),
        Some(true),
        "the groups side by side at 1280 px"
    );
    screenshot(&client, "stages-groups-1280.png").await;
    client.set_window_size(360, 800).await.unwrap();
    go(&client, &base, &format!("/t/{slug}/stages")).await;
    assert!(
        overflow(&client).await <= 0,
        "the stages page scrolls sideways at 360 px"
    );
    screenshot(&client, "stages-groups-360.png").await;
    client.close().await.unwrap();
    // What the browser did is the reference: the semi-finals as its schedule has them.
    let exported = fushi::transfer::export(&mut db.open(), slug).unwrap();
    assert_eq!(round_rows(&exported, 4), round_rows(&full, 4));
}
