//! axe-core and the Nu HTML checker over the nine pages of `tests/audit/run.sh`, in 简体中文
//! and English: the overview, standings, a match, a traveller, the bracket, a table's page
//! and the director's entry, hall and settings pages of the same event (the club night with
//! a fourth round dealt and open at the tables, and a championship whose knockout has been
//! played). Headless Chromium opens each page at 390 and 1280 px, axe-core
//! (`tests/audit/checkers/node_modules`, installed by `npm ci` there, or the full audit kit's
//! `tests/audit/node_modules`) runs in it and no violation of impact serious or critical may
//! be found; the HTML as the server sent it goes to the Nu checker (`java -jar vnu.jar`),
//! which may find no error. Without the browser, java or the checkers the test prints a
//! notice and passes; under CI (`CI=true`, as `.ci/run` sets) it fails instead.

use std::path::{Path, PathBuf};

use crate::common;
use crate::common::browser;

use browser::{Process, browser_tools, log_in, open_browser, serve, wait_for};
use common::http::ensure_user;
use common::{TestDb, fushi_command};
use fantoccini::Client;
use fushi::db::accounts::Role;

/// The pages: a name and the path (`None`: the table page, found on the round's table
/// links). The browser is signed in as the director, whose pages the last three are.
const PAGES: [(&str, Option<&str>); 9] = [
    ("overview", Some("/t/club-night")),
    ("standings", Some("/t/club-night/standings")),
    ("match", Some("/t/club-night/rounds/3/tables/1")),
    ("traveller", Some("/t/club-night/rounds/3/boards/1")),
    ("bracket", Some("/t/stages-swiss-knockout-8/bracket")),
    ("table", None),
    ("entry", Some("/d/club-night/rounds/4/tables/1")),
    ("hall", Some("/d/club-night/rounds/4/hall")),
    ("settings", Some("/d/club-night/settings")),
];

const LANGS: [&str; 2] = ["zh-Hans", "en"];
const WIDTHS: [u32; 2] = [390, 1280];

/// axe-core's script and the Nu checker's jar.
struct Checkers {
    axe: String,
    vnu: PathBuf,
}

const CHECKERS_NEEDED: &str = "axe-core, the Nu checker and java are needed \
    (java 17+, and `npm ci` in tests/audit/checkers)";

/// The checkers, or a notice and `None`; under CI a missing one fails the test.
fn checkers() -> Option<Checkers> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audit");
    let found = ["checkers/node_modules", "node_modules"]
        .iter()
        .map(|dir| root.join(dir))
        .find_map(|modules| {
            let axe = std::fs::read_to_string(modules.join("axe-core/axe.min.js")).ok()?;
            let vnu = modules.join("vnu-jar/build/dist/vnu.jar");
            vnu.exists().then_some(Checkers { axe, vnu })
        });
    let java = std::process::Command::new(java())
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    match found {
        Some(checkers) if java => Some(checkers),
        _ if std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "false" | "0")) => {
            panic!("CI: the audit cannot be skipped: {CHECKERS_NEEDED}")
        }
        _ => {
            eprintln!("skipped: {CHECKERS_NEEDED}");
            None
        }
    }
}

fn java() -> String {
    std::env::var("JAVA").unwrap_or_else(|_| "java".to_owned())
}

/// What `tests/audit/run.sh` imports: the club night, when and where, entry at the tables
/// on and a fourth round paired (1 v 2, 3 v 4, 5 has the bye) whose boards fushi deals;
/// and the `swiss-knockout-8` championship, played to its end.
fn audit_event(db: &TestDb) {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("event");
    std::fs::create_dir(&event).unwrap();
    for file in std::fs::read_dir(common::club_night_dir()).unwrap() {
        let file = file.unwrap();
        std::fs::copy(file.path(), event.join(file.file_name())).unwrap();
    }
    let append = |name: &str, text: &str| {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(event.join(name))
            .unwrap();
        f.write_all(text.as_bytes()).unwrap();
    };
    append(
        "tournament.toml",
        "starts = 2026-12-03\nvenue = \"东城棋牌室 2F\"\n\
         time_zone = \"Asia/Shanghai\"\ntable_entry = true\n",
    );
    append("schedule.csv", "4,1,1,2\n4,2,3,4\n4,3,5,\n");
    append("boards.csv", "4,1,N,2,\n4,2,E,3,S\n4,3,S,4,\n4,4,W,5,H\n");
    let stages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages/swiss-knockout-8");
    let (event, stages) = (event.display().to_string(), stages.display().to_string());
    let runs: [&[&str]; 3] = [
        &["import", &event],
        &["deal", "club-night", "--round", "4"],
        &["import", &stages],
    ];
    for args in runs {
        let out = fushi_command()
            .args(args)
            .args(["--db", db.url()])
            .output()
            .unwrap();
        assert!(out.status.success(), "fushi {args:?}: {out:?}");
    }
}

/// The served HTML of the page the browser shows, fetched again by the page itself (with
/// its cookies), as the Nu checker is to read it.
async fn served_html(client: &Client) -> String {
    client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch(location.href, { credentials: 'same-origin' })
               .then((r) => r.text()).then(done, (e) => done('fetch failed: ' + e));",
            vec![],
        )
        .await
        .expect("the page fetched")
        .as_str()
        .expect("the page's text")
        .to_owned()
}

/// axe-core's violations of impact serious or critical on the page the browser shows, one
/// line each: the rule, its impact, its help and the first nodes.
async fn axe_serious(client: &Client, axe: &str) -> Vec<String> {
    // Through WebDriver, as a script the page's own policy (no inline script) does not see.
    client
        .execute(&format!("{axe}\nreturn true;"), vec![])
        .await
        .expect("axe-core injected");
    let found = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then((r) => done(
               r.violations
                 .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                 .map((v) => `${v.id} (${v.impact}): ${v.help}: `
                   + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))),
               (e) => done(['axe-core failed: ' + e]));",
            vec![],
        )
        .await
        .expect("axe-core ran");
    serde_json::from_value(found).expect("a list of violations")
}

/// The Nu checker's errors in each file, one line each: the file, the line, the message.
fn nu_errors(vnu: &Path, files: &[PathBuf]) -> Vec<String> {
    let out = std::process::Command::new(java())
        .args(["-jar"])
        .arg(vnu)
        .args(["--format", "json", "--exit-zero-always"])
        .args(files)
        .output()
        .expect("the Nu checker runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stderr)
        .unwrap_or_else(|e| panic!("the Nu checker's report: {e}: {out:?}"));
    let messages = report["messages"].as_array().expect("its messages");
    assert!(
        files
            .iter()
            .all(|f| f.exists() && std::fs::metadata(f).is_ok_and(|m| m.len() > 0)),
        "every page was written"
    );
    messages
        .iter()
        .filter(|m| m["type"] == "error" || m["subType"] == "fatal")
        .map(|m| {
            let url = m["url"].as_str().unwrap_or("");
            let file = url.rsplit('/').next().unwrap_or(url);
            format!("{file}:{}: {}", m["lastLine"], m["message"])
        })
        .collect()
}

/// The first table link of round 4 on the director's table-links page.
async fn table_page(client: &Client, base: &str) -> String {
    client
        .goto(&format!("{base}/d/club-night/rounds/4/table-links"))
        .await
        .unwrap();
    let html = served_html(client).await;
    let at = html
        .find("/table/")
        .expect("a table link on the table-links page");
    let token: String = html[at + "/table/".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    assert!(!token.is_empty(), "a table link's token");
    format!("/table/{token}")
}

async fn signed_in(tools: &(PathBuf, PathBuf), width: u32, base: &str) -> (Process, Client) {
    let (process, client) = open_browser(tools, width, 900).await;
    log_in(&client, base, "director").await;
    (process, client)
}

#[actix_web::test]
async fn nine_pages_have_no_serious_axe_finding_and_no_nu_error() {
    let Some(tools) = browser_tools() else {
        return;
    };
    let Some(checkers) = checkers() else {
        return;
    };
    let db = TestDb::sqlite();
    audit_event(&db);
    ensure_user(&db, "director", Role::Admin);
    let (_server, base) = serve(&db);
    let html_dir = tempfile::tempdir().unwrap();

    let mut axe_found = Vec::new();
    let mut files = Vec::new();
    for width in WIDTHS {
        let (_chromium, client) = signed_in(&tools, width, &base).await;
        let table = table_page(&client, &base).await;
        for (name, path) in PAGES {
            let path = path.map_or(table.clone(), str::to_owned);
            for lang in LANGS {
                let url = format!("{base}{path}?lang={lang}");
                client.goto(&url).await.unwrap();
                wait_for(&client, "footer.site").await;
                for v in axe_serious(&client, &checkers.axe).await {
                    axe_found.push(format!("{name} ({lang}, {width} px): {v}"));
                }
                if width == WIDTHS[0] {
                    let html = served_html(&client).await;
                    assert!(
                        html.to_ascii_lowercase().starts_with("<!doctype html>"),
                        "{url}: {html:.200}"
                    );
                    let file = html_dir.path().join(format!("{name}-{lang}.html"));
                    std::fs::write(&file, html).unwrap();
                    files.push(file);
                }
            }
        }
        client.close().await.unwrap();
    }
    assert_eq!(files.len(), PAGES.len() * LANGS.len());
    let nu_found = nu_errors(&checkers.vnu, &files);
    assert!(
        axe_found.is_empty() && nu_found.is_empty(),
        "axe-core (serious or critical):\n{}\nNu checker errors:\n{}",
        axe_found.join("\n"),
        nu_found.join("\n")
    );
}
