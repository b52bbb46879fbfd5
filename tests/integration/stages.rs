//! Championships (docs/rules.md §12) through the archive: every archive of tests/data/stages/
//! (written by tests/reference/generate_stages.py: a Swiss into a knockout of eight with
//! segments, carry-over and a play-off; groups of unequal size with a withdrawn team into
//! semi-finals; thirteen teams into a bracket of sixteen with byes, stopped in the
//! quarter-finals) is imported on every backend and exported; `standings.csv`,
//! `bracket.csv` and `ranking.csv` must equal what the independent reference
//! (tests/reference/stages.py) wrote, the inputs must come back unchanged, and a knockout
//! schedule that does not follow from the results is refused at its line.

use crate::common;

use std::path::{Path, PathBuf};

use common::backends;
use fushi::archive::ArchiveFiles;
use fushi::transfer;

const COMPUTED: [&str; 5] = [
    "matches.csv",
    "standings.csv",
    "bracket.csv",
    "ranking.csv",
    "results.csv",
];

fn stages_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages")
}

fn archive(name: &str) -> ArchiveFiles {
    ArchiveFiles::read(&stages_dir().join(name)).unwrap_or_else(|p| panic!("{name}: {p:#?}"))
}

const CASES: [&str; 4] = [
    "swiss-knockout-8",
    "groups-knockout-4",
    "byes-knockout-16",
    "exchanges-knockout-8",
];

#[test]
fn championships_export_the_reference_bracket_ranking_and_standings() {
    let mut differences = Vec::new();
    for db in backends() {
        let backend = db.backend().name();
        let mut conn = db.open();
        for name in CASES {
            let files = archive(name);
            let imported =
                transfer::import(&mut conn, &files).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let exported = transfer::export(&mut conn, &imported.slug)
                .unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            for file in COMPUTED {
                let want =
                    std::fs::read_to_string(stages_dir().join(format!("{name}-expected/{file}")))
                        .unwrap_or_else(|e| panic!("{name}-expected/{file}: {e}"));
                let want = want.strip_prefix('\u{feff}').unwrap_or(&want);
                let got = exported
                    .get(file)
                    .unwrap_or_else(|| panic!("{name}: no {file}"));
                if got != want {
                    differences.push(format!(
                        "{backend} {name}/{file}:\n--- fushi\n{got}--- reference\n{want}"
                    ));
                }
            }
            // The inputs come back as they went in, the stages too.
            for file in ["teams.csv", "boards.csv", "schedule.csv"] {
                assert_eq!(
                    exported.get(file),
                    files.get(file),
                    "{backend} {name}/{file}"
                );
            }
            let toml = files.get("tournament.toml").unwrap();
            let stages = &toml[toml.find("\n[[stages]]").unwrap()..];
            assert!(
                exported.get("tournament.toml").unwrap().ends_with(stages),
                "{backend} {name}: {}",
                exported.get("tournament.toml").unwrap()
            );
            // An exported championship imports again to the same files.
            let mut again = exported.clone();
            let other = format!("{}-again", imported.slug);
            let text = exported.get("tournament.toml").unwrap().replace(
                &format!("slug = \"{}\"", imported.slug),
                &format!("slug = \"{other}\""),
            );
            again.insert("tournament.toml", text.clone());
            transfer::import(&mut conn, &again).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
            let twice = transfer::export(&mut conn, &other).unwrap();
            for file in COMPUTED.iter().chain(&["tournament.toml", "schedule.csv"]) {
                let first = if *file == "tournament.toml" {
                    text.clone()
                } else {
                    exported.get(file).unwrap().to_owned()
                };
                assert_eq!(
                    twice.get(file).unwrap(),
                    first,
                    "{backend} {name}/{file} again"
                );
            }
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

/// The problems of an archive, in English.
fn problems(files: &ArchiveFiles) -> Vec<String> {
    fushi::archive::parse(files)
        .map(|_| ())
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The line (1 = header) of the first schedule.csv row starting with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

#[test]
fn a_knockout_schedule_that_does_not_follow_from_the_results_is_refused_at_its_line() {
    let files = archive("swiss-knockout-8");
    let schedule = files.get("schedule.csv").unwrap().to_owned();
    // The first quarter-final with its sides swapped: the higher seed (7) is at home.
    let mut swapped = files.clone();
    swapped.insert(
        "schedule.csv",
        schedule.replace("\n4,1,7,8\n", "\n4,1,8,7\n"),
    );
    assert_eq!(
        problems(&swapped),
        [format!(
            "schedule.csv:{}: table 1 of round 4 must be the tie the results make it: 7 v 8",
            line_of(&schedule, "4,1,")
        )]
    );
    // A quarter-final not finished: the semi-finals (round 6) cannot be paired yet.
    let results = files.get("results.csv").unwrap();
    let unfinished: String = results
        .lines()
        .filter(|l| !l.starts_with("5,4,closed,4,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut early = files.clone();
    early.insert("results.csv", unfinished);
    let p = problems(&early);
    assert_eq!(
        p[0],
        format!(
            "schedule.csv:{}: round 6 cannot be paired before every tie of knockout round 1 is decided",
            line_of(&schedule, "6,1,")
        ),
        "{p:#?}"
    );
    // A team in two groups and a stage not adding up, at their lines.
    let groups = archive("groups-knockout-4");
    let toml = groups.get("tournament.toml").unwrap();
    let mut broken = groups.clone();
    broken.insert(
        "tournament.toml",
        toml.replace("[[1, 3, 5], [2, 4, 6, 7]]", "[[1, 3, 5], [2, 4, 5, 7]]")
            .replace("segments = [1, 1]", "segments = [1, 2]"),
    );
    let line = |key: &str| toml.lines().position(|l| l.starts_with(key)).unwrap() + 1;
    assert_eq!(
        problems(&broken),
        [
            format!(
                "tournament.toml:{}: stage 1: team 5 is in two groups",
                line("groups")
            ),
            format!(
                "tournament.toml:{}: stage 2: segments add up to 3 rounds, but the stage has 2",
                line("segments")
            ),
        ]
    );
}

#[test]
fn a_tournament_without_stages_exports_no_bracket() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
    let files = ArchiveFiles::read(&dir).unwrap();
    let parsed = fushi::archive::parse(&files).unwrap();
    assert!(parsed.event.settings.stages.is_empty());
    let exported = transfer::export_event(&parsed.event);
    assert!(exported.get("bracket.csv").is_none() && exported.get("ranking.csv").is_none());
    assert!(!exported.get("tournament.toml").unwrap().contains("stages"));
    assert!(exported.get("standings.csv").unwrap().starts_with("rank,"));
}

/// The archive with only its rounds up to `last`.
fn cut(files: &ArchiveFiles, last: i32) -> ArchiveFiles {
    let mut out = files.clone();
    for file in ["boards.csv", "schedule.csv", "results.csv"] {
        let text = files.get(file).unwrap();
        let kept: String = text
            .lines()
            .enumerate()
            .filter(|(i, l)| {
                *i == 0 || l.split(',').next().and_then(|r| r.parse::<i32>().ok()) <= Some(last)
            })
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        out.insert(file, kept);
    }
    out
}

#[actix_web::test]
async fn the_director_pairs_the_next_knockout_round_from_the_bracket() {
    use common::http::browser;
    for db in backends() {
        let full = archive("swiss-knockout-8");
        let slug = "stages-swiss-knockout-8";
        transfer::import(&mut db.open(), &cut(&full, 5)).unwrap();
        let mut b = browser(&db).await;
        let page = b.get_ok(&format!("/d/{slug}/stages")).await;
        page.has("winner of QF1 v winner of QF2")
            .has("winner of QF3 v winner of QF4")
            .has("Confirm the Semi-finals pairings")
            .has("Paired once every tie of the Semi-finals is decided.");
        // The final waits for the semi-finals.
        b.post(&format!("/d/{slug}/stages/pair/3"), &[]).await;
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        assert!(event.rounds.iter().all(|r| r.number <= 5));
        // Confirming the semi-finals pairs them as the bracket says.
        b.post(
            &format!("/d/{slug}/stages/pair/2"),
            &[("note", "  confirmed at the\tdesk ")],
        )
        .await;
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let round6 = event
            .rounds
            .iter()
            .find(|r| r.number == 6)
            .expect("round 6 added");
        let want: Vec<String> = full
            .get("schedule.csv")
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("6,"))
            .map(str::to_owned)
            .collect();
        let got: Vec<String> = round6
            .matches
            .iter()
            .map(|m| {
                format!(
                    "6,{},{},{}",
                    m.table,
                    m.home,
                    m.away.map(|a| a.to_string()).unwrap_or_default()
                )
            })
            .collect();
        assert_eq!(got, want, "{}", db.backend().name());
        assert_eq!(round6.boards.len(), 4, "as many boards as the round before");
        b.get_ok(&format!("/d/{slug}"))
            .await
            .has("Semi-finals, segment 1 of 1");
        // A semi-final paired by hand is refused: it comes from the bracket.
        let swapped = &round6.matches[0];
        let refused = b
            .post(
                &format!("/d/{slug}/rounds/6/pairings"),
                &[
                    ("table-0", "1"),
                    ("home-0", &swapped.away.unwrap().to_string()),
                    ("away-0", &swapped.home.to_string()),
                ],
            )
            .await;
        assert_eq!(
            refused.header("location"),
            Some(&*format!("/d/{slug}/stages"))
        );
        // Stages that overlap are refused at the stage.
        let page = b
            .post(
                &format!("/d/{slug}/stages"),
                &[
                    ("name-0", "Q"),
                    ("first-0", "1"),
                    ("last-0", "3"),
                    ("format-0", "swiss"),
                    ("name-1", "K"),
                    ("first-1", "3"),
                    ("last-1", "7"),
                    ("format-1", "knockout"),
                    ("teams-1", "8"),
                    ("segments-1", "2 1 1"),
                ],
            )
            .await;
        page.has("stage 2: rounds must start at round 4");
        // Snake-seeding ten teams into three groups from the team list fills the form.
        let page = b
            .post(
                &format!("/d/{slug}/stages/snake"),
                &[("stage", "0"), ("groups", "3"), ("from", "teams")],
            )
            .await;
        page.has("value=\"1 6 7; 2 5 8; 3 4 9 10\"");
        // The audit trail keeps each semi-final's pairing with its reason and the note, in
        // the reader's language.
        let trail = b.get_ok(&format!("/d/{slug}/audit")).await;
        trail
            .has("round 6 table 1 tie")
            .has("winner of QF1 v winner of QF2 — confirmed at the desk")
            .has("round 6 table 2 tie")
            .has("winner of QF3 v winner of QF4 — confirmed at the desk");
        let stored = fushi::db::audit::full_trail(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        assert!(
            stored.iter().any(|e| e.subject == "round 6 table 1 tie"
                && e.after == "winners quarter_final 1 2 | confirmed at the desk"),
            "{stored:?}"
        );
        b.accept_language = "zh-CN".into();
        b.get_ok(&format!("/d/{slug}/audit"))
            .await
            .has("第 6 轮第 1 桌对阵缘由");
        b.accept_language = "en".into();
        // Saving the stages again with other segments keeps each changed key.
        let saved = b
            .post(
                &format!("/d/{slug}/stages"),
                &[
                    ("name-0", "资格赛"),
                    ("first-0", "1"),
                    ("last-0", "3"),
                    ("format-0", "swiss"),
                    ("name-1", "Finals"),
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
        assert!(saved.status.is_redirection(), "{}", saved.body);
        let stored = fushi::db::audit::full_trail(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let stage_rows: Vec<(&str, &str, &str, &str)> = stored
            .iter()
            .filter(|e| e.area == "stages")
            .map(|e| {
                (
                    e.subject.as_str(),
                    e.before.as_str(),
                    e.after.as_str(),
                    e.user_name.as_str(),
                )
            })
            .collect();
        assert_eq!(
            stage_rows,
            [("stage 2 name", "\"淘汰赛\"", "\"Finals\"", "admin")],
            "{}",
            db.backend().name()
        );
        b.get_ok(&format!("/d/{slug}/audit"))
            .await
            .has("stage 2 name")
            .has("Stages");
    }
}

#[actix_web::test]
async fn the_public_pages_show_the_stages_the_bracket_a_tie_and_the_ranking() {
    use common::http::anonymous;
    let db = common::TestDb::sqlite();
    let files = archive("swiss-knockout-8");
    transfer::import(&mut db.open(), &files).unwrap();
    let slug = "stages-swiss-knockout-8";
    let mut b = anonymous(&db).await;
    // Finished: the overview says so and its leaders are the final ranking's, in its order
    // (not the whole event's score, and not "Final, segment 1 of 1" as if in play).
    let overview = b.get_ok(&format!("/t/{slug}")).await;
    overview
        .has("Finished: the final ranking stands")
        .lacks("segment 1 of 1")
        .has("<h2 id=\"h-top\">Final ranking</h2>")
        .has(&format!("/t/{slug}/bracket"));
    let ranking_csv =
        std::fs::read_to_string(stages_dir().join("swiss-knockout-8-expected/ranking.csv"))
            .unwrap();
    let mut at = 0;
    for line in ranking_csv.lines().skip(1).take(5) {
        let cells: Vec<&str> = line.split(',').collect();
        for cell in [
            format!("<td class=\"num rank\">{}</td>", cells[0]),
            format!("/t/{slug}/teams/{}\"", cells[1]),
        ] {
            let found = overview.body[at..]
                .find(&cell)
                .unwrap_or_else(|| panic!("{cell} after {at} in {}", overview.body));
            at += found + cell.len();
        }
    }
    b.get_ok(&format!("/t/{slug}?lang=zh-Hans"))
        .await
        .has("已结束：最终名次已定")
        .has("最终名次");
    b.get_ok(&format!("/t/{slug}/stages"))
        .await
        .has("These standings count rounds 1–3 only.")
        .has("资格赛");
    let page = b.get_ok(&format!("/t/{slug}/bracket")).await;
    // A group whose tie links assistive technology reaches, each named by its tie.
    page.has("<svg class=\"bracket-svg\"")
        .lacks("role=\"img\"")
        .has("role=\"group\" aria-labelledby=\"bracket-title\"")
        .has("aria-label=\"QF1: ")
        .has("<title id=\"bracket-title\">Bracket</title>")
        .has("QF1")
        .has("/t/stages-swiss-knockout-8/bracket/3/2");
    // QF1's totals as bracket.csv has them (-1.50 and 1.50), drawn with the minus sign the
    // table beneath prints, not a hyphen, in the box and in its link's name.
    page.has("text-anchor=\"end\">\u{2212}1.50</text>")
        .lacks("text-anchor=\"end\">-1.50</text>")
        .has("Team 7 \u{2212}1.50 – ");
    // The figures of the table beneath are bracket.csv's: QF4 level on levels.
    let bracket =
        std::fs::read_to_string(stages_dir().join("swiss-knockout-8-expected/bracket.csv"))
            .unwrap();
    let qf4: Vec<&str> = bracket
        .lines()
        .find(|l| l.starts_with("2,1,4,"))
        .unwrap()
        .split(',')
        .collect();
    page.has(&format!("<td class=\"num\">{}</td>", qf4[7]));
    let tie = b.get_ok(&format!("/t/{slug}/bracket/1/4")).await;
    tie.has("Quarter-finals · QF4")
        .has(&format!("<td class=\"num\">{}</td>", qf4[7]))
        .has(&format!("points {}", qf4[11]));
    let ranking = b.get_ok(&format!("/t/{slug}/ranking")).await;
    let ranking_csv =
        std::fs::read_to_string(stages_dir().join("swiss-knockout-8-expected/ranking.csv"))
            .unwrap();
    let first: Vec<&str> = ranking_csv.lines().nth(1).unwrap().split(',').collect();
    ranking.has(&format!(
        "<td class=\"num rank\">1</td><th scope=\"row\"><a href=\"/t/{slug}/teams/{}\">",
        first[1]
    ));
    let csv = b.get_ok(&format!("/t/{slug}/bracket.csv")).await;
    assert_eq!(
        csv.body.trim_start_matches('\u{feff}'),
        bracket.trim_start_matches('\u{feff}')
    );
    // In Chinese too.
    b.get_ok(&format!("/t/{slug}/bracket?lang=zh-Hans")).await;
    // A tournament without stages has none of these pages.
    common::import_club_night(&db);
    let page = b.get("/t/club-night/bracket").await;
    assert_eq!(page.status, actix_web::http::StatusCode::NOT_FOUND);
}

/// The bracket's drawing is as tall as what it draws: a knockout of four with a play-off
/// puts the play-off's box under the final's, inside the SVG.
#[actix_web::test]
async fn the_bracket_drawing_holds_the_play_off() {
    use common::http::anonymous;
    let db = common::TestDb::sqlite();
    let mut files = archive("groups-knockout-4");
    let toml = files
        .get("tournament.toml")
        .unwrap()
        .replace("third_place = false", "third_place = true");
    files.insert("tournament.toml", toml);
    // Round 5, the final, not paired yet: the final and the play-off wait for their sides.
    for name in ["schedule.csv", "results.csv"] {
        let kept: String = files
            .get(name)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("5,"))
            .map(|l| format!("{l}\n"))
            .collect();
        files.insert(name, kept);
    }
    transfer::import(&mut db.open(), &files).unwrap();
    let page = anonymous(&db)
        .await
        .get_ok("/t/stages-groups-knockout-4/bracket")
        .await;
    let svg = &page.body[page.body.find("<svg class=\"bracket-svg\"").unwrap()..];
    let svg = &svg[..svg.find("</svg>").unwrap()];
    let number = |text: &str, name: &str| -> i32 {
        let at = text.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        text[at..].split('"').next().unwrap().parse().unwrap()
    };
    let height = number(svg, "height");
    let boxes: Vec<i32> = svg
        .split("<rect")
        .skip(1)
        .map(|r| number(r, "y") + number(r, "height"))
        .collect();
    assert_eq!(
        boxes.len(),
        4,
        "two semi-finals, the final and the play-off"
    );
    assert!(
        boxes.iter().all(|&bottom| bottom <= height),
        "boxes end at {boxes:?}, the drawing at {height}"
    );
}

/// The archive without the result rows that start with any of `prefixes`.
fn without_results(files: &ArchiveFiles, prefixes: &[&str]) -> ArchiveFiles {
    let mut out = files.clone();
    let kept: String = files
        .get("results.csv")
        .unwrap()
        .lines()
        .filter(|l| !prefixes.iter().any(|p| l.starts_with(p)))
        .map(|l| format!("{l}\n"))
        .collect();
    out.insert("results.csv", kept);
    out
}

#[actix_web::test]
async fn the_championship_is_computed_once_per_revision_and_the_public_one_from_released_boards() {
    use fushi::rules::bracket::TieStatus;
    use fushi::web::AppState;
    for db in backends() {
        let backend = db.backend().name();
        // The last round half played: the final (table 1) has every board but board 4 in
        // both rooms; the play-off (table 2) none yet in its closed room, so no board of
        // the round is played everywhere and none is public.
        let files = without_results(
            &archive("swiss-knockout-8"),
            &["7,1,closed,4,", "7,2,closed,"],
        );
        transfer::import(&mut db.open(), &files).unwrap();
        let slug = "stages-swiss-knockout-8";
        let state = AppState::new(fushi::db::pool(db.url()).unwrap()).unwrap();
        let full = state.live.snapshot(slug, true).await.unwrap();
        let once = full.championship().expect("a championship");
        assert!(
            std::ptr::eq(once, full.championship().unwrap()),
            "{backend}: computed once"
        );
        let public = full.public();
        let shown = public.championship().unwrap();
        assert!(std::ptr::eq(shown, public.championship().unwrap()));
        let final_of = |c: &fushi::rules::bracket::Championship| {
            c.bracket.as_ref().unwrap().rounds[2].ties[0].clone()
        };
        // The director sees the final under way; the public, from released boards only,
        // sees it not started.
        assert_eq!(final_of(once).status, TieStatus::InProgress, "{backend}");
        assert_eq!(final_of(shown).status, TieStatus::NotStarted, "{backend}");
        // The semi-finals are complete for both: their figures are bracket.csv's.
        for c in [once, shown] {
            let sf1 = &c.bracket.as_ref().unwrap().rounds[1].ties[0];
            assert_eq!(sf1.home_total().two_decimals(), "-18.50", "{backend}");
        }
        let mut b = common::http::anonymous(&db).await;
        b.get_ok(&format!("/t/{slug}/bracket"))
            .await
            .lacks("tie tie-live");
        // The director's own view of the public page shows every result.
        let mut d = common::http::browser(&db).await;
        d.get_ok(&format!("/t/{slug}/bracket"))
            .await
            .has("tie tie-live");
    }
}

/// The text of a PDF with its spaces removed (the extractor's spacing varies), and its
/// number of pages.
fn pdf_text(bytes: &[u8]) -> (String, usize) {
    let pages = lopdf::Document::load_mem(bytes)
        .expect("a valid PDF")
        .get_pages()
        .len();
    let text = pdf_extract::extract_text_from_mem(bytes).expect("the text extracts");
    (text.chars().filter(|c| !c.is_whitespace()).collect(), pages)
}

/// The rows of a reference file of tests/data/stages, split at commas, header left off.
fn reference_rows(name: &str, file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(stages_dir().join(format!("{name}-expected/{file}")))
        .unwrap_or_else(|e| panic!("{name}/{file}: {e}"));
    text.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_owned).collect())
        .collect()
}

#[actix_web::test]
async fn the_bracket_tie_sheets_and_ranking_print_the_reference_figures() {
    for db in backends() {
        let backend = db.backend().name();
        for name in ["swiss-knockout-8", "byes-knockout-16"] {
            let files = archive(name);
            transfer::import(&mut db.open(), &files).unwrap();
            let slug = format!("stages-{name}");
            // The reference has every result; the director's pages show them all (the
            // public's wait for a board's release, docs/rules.md §5).
            let mut b = common::http::browser(&db).await;
            let bracket = reference_rows(name, "bracket.csv");
            // The bracket: one A4 page with every tie's label and totals.
            let page = b.get_ok(&format!("/t/{slug}/bracket.pdf")).await;
            assert_eq!(page.header("content-type"), Some("application/pdf"));
            let (text, pages) = pdf_text(&page.bytes);
            assert_eq!(pages, 1, "{backend} {name}: the bracket on one page");
            assert!(text.contains("Bracket"), "{text}");
            if name == "swiss-knockout-8" {
                // The final and the play-off are called by their names, the play-off's once.
                assert_eq!(text.matches("Play-off").count(), 1, "{text}");
                assert!(!text.contains("3P"), "{text}");
            }
            for row in &bracket {
                // Totals of ties with both sides (byes have none).
                if !row[4].is_empty() {
                    assert!(
                        text.contains(&row[9]),
                        "{backend} {name}: {row:?} in {text}"
                    );
                }
            }
            // Each tie's sheet: the carry-over, each complete segment's levels, the totals
            // and points of both sides.
            for row in &bracket {
                let path = format!("/t/{slug}/bracket/{}/{}/sheet.pdf", row[1], row[2]);
                let page = b.get_ok(&path).await;
                let (text, pages) = pdf_text(&page.bytes);
                assert_eq!(pages, 1, "{path}");
                if row[4].is_empty() {
                    assert!(text.contains("bye"), "{path}: {text}");
                    continue;
                }
                for cell in [&row[7], &row[9], &row[10], &row[11], &row[12]] {
                    assert!(text.contains(cell.as_str()), "{path}: {cell} in {text}");
                }
                assert!(text.contains("Homecaptain"), "{path}: {text}");
            }
            let all = b.get_ok(&format!("/t/{slug}/bracket/sheets.pdf")).await;
            assert_eq!(
                pdf_text(&all.bytes).1,
                bracket.len(),
                "{name}: a page a tie"
            );
            // The ranking for the wall: every team, in the reference's order.
            let page = b.get_ok(&format!("/t/{slug}/ranking.pdf")).await;
            let (text, pages) = pdf_text(&page.bytes);
            assert_eq!(pages, 1);
            let mut at = 0;
            for row in reference_rows(name, "ranking.csv") {
                let line = format!("{}{}{}", row[0], row[1], row[2].replace(' ', ""));
                let found = text[at..]
                    .find(&line)
                    .unwrap_or_else(|| panic!("{backend} {name}: {line} after {at} in {text}"));
                at += found + line.len();
            }
            // The pages link to their prints.
            b.get_ok(&format!("/t/{slug}/bracket"))
                .await
                .has(&format!("/t/{slug}/bracket.pdf"))
                .has(&format!("/t/{slug}/bracket/sheets.pdf"));
            b.get_ok(&format!("/t/{slug}/bracket/1/2"))
                .await
                .has(&format!("/t/{slug}/bracket/1/2/sheet.pdf"));
            b.get_ok(&format!("/t/{slug}/ranking"))
                .await
                .has(&format!("/t/{slug}/ranking.pdf"));
            // No such tie, no sheet.
            let missing = b.get(&format!("/t/{slug}/bracket/9/1/sheet.pdf")).await;
            assert_eq!(missing.status, actix_web::http::StatusCode::NOT_FOUND);
        }
        // In Chinese, the tie sheet's words are Chinese.
        let mut b = common::http::anonymous(&db).await;
        b.accept_language = "zh-CN,zh;q=0.9".into();
        let page = b
            .get_ok("/t/stages-swiss-knockout-8/bracket/1/4/sheet.pdf")
            .await;
        let (text, _) = pdf_text(&page.bytes);
        assert!(
            text.contains("对阵记录表") && text.contains("携带分"),
            "{text}"
        );
        // A tournament without stages has no prints of them.
        common::import_club_night(&db);
        let none = b.get("/t/club-night/bracket.pdf").await;
        assert_eq!(none.status, actix_web::http::StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn a_corrected_quarter_final_warns_and_the_semi_final_is_paired_again() {
    use common::http::browser;
    use fushi::rules::Room;
    for db in backends() {
        let backend = db.backend().name();
        let slug = "stages-swiss-knockout-8";
        // Played to the semi-finals (round 6).
        transfer::import(&mut db.open(), &cut(&archive("swiss-knockout-8"), 6)).unwrap();
        // QF4 (table 4): carry-over 1.00, segments +4 and −5 (matches.csv), level on
        // levels, 10 through on points (65 − 170). Its second segment typed with the rooms
        // the wrong way round, corrected: +5, so 6 wins 10.00.
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let segment = &event.rounds.iter().find(|r| r.number == 5).unwrap().matches[3];
        assert_eq!((segment.home.0, segment.away.map(|a| a.0)), (6, Some(10)));
        let swapped: Vec<fushi::rules::TableResult> = segment
            .results
            .iter()
            .map(|r| fushi::rules::TableResult {
                room: match r.room {
                    Room::Open => Room::Closed,
                    Room::Closed => Room::Open,
                },
                ..r.clone()
            })
            .collect();
        fushi::db::save_match_results_as(&mut db.open(), slug, 5, 4, &swapped, "admin", None)
            .unwrap();
        let mut b = browser(&db).await;
        let page = b.get_ok(&format!("/d/{slug}/stages")).await;
        // SF2 was paired 9 v 10; the bracket now makes it 9 v 6.
        page.has("id=\"stage-warnings\"")
            .has("table 2 of round 6 must be the tie the results make it: 9 v 6");
        // Its results stand in the way: the director clears them, then pairs again.
        let refused = b
            .post(
                &format!("/d/{slug}/stages/pair/2"),
                &[("note", "QF4 corrected")],
            )
            .await;
        assert_eq!(
            refused.location.as_deref(),
            Some(&*format!("/d/{slug}/stages")),
            "{backend}"
        );
        fushi::db::save_match_results_as(&mut db.open(), slug, 6, 2, &[], "admin", None).unwrap();
        b.post(
            &format!("/d/{slug}/stages/pair/2"),
            &[("note", "QF4 corrected: rooms swapped")],
        )
        .await;
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let sf2 = &event.rounds.iter().find(|r| r.number == 6).unwrap().matches[1];
        assert_eq!(
            (sf2.home.0, sf2.away.map(|a| a.0)),
            (9, Some(6)),
            "{backend}"
        );
        b.get_ok(&format!("/d/{slug}/stages"))
            .await
            .lacks("id=\"stage-warnings\"");
        b.get_ok(&format!("/d/{slug}/audit"))
            .await
            .has("winner of QF3 v winner of QF4 — QF4 corrected: rooms swapped");
    }
}

/// A groups stage is paired from the stages page as its groups' round robins side by side
/// (the withdrawn team left out), rounds added as needed; a round of groups paired by hand
/// across two groups is refused at its row; once a round has results the stage is not
/// offered again.
#[actix_web::test]
async fn the_groups_are_paired_as_round_robins_and_never_across_groups() {
    use common::http::browser;
    for db in backends() {
        let backend = db.backend().name();
        let slug = "stages-groups-knockout-4";
        transfer::import(&mut db.open(), &cut(&archive("groups-knockout-4"), 0)).unwrap();
        let mut b = browser(&db).await;
        b.get_ok(&format!("/d/{slug}/stages"))
            .await
            .has("Pair Groups (rounds 1–3) as round robins");
        let paired = b.post(&format!("/d/{slug}/stages/groups/1"), &[]).await;
        assert!(paired.status.is_redirection(), "{backend}: {}", paired.body);
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let got: Vec<Vec<(i32, i32, Option<i32>)>> = event
            .rounds
            .iter()
            .map(|r| {
                r.matches
                    .iter()
                    .map(|m| (m.table, m.home.0, m.away.map(|a| a.0)))
                    .collect()
            })
            .collect();
        // Groups 1 3 5 and 2 4 7 (6 withdrew), Berger tables by hand: with three teams
        // the numbers are 1–3 and 4 the bye (1–4, 2–3; 4–3, 1–2; 2–4, 3–1).
        assert_eq!(
            got,
            vec![
                vec![(1, 3, Some(5)), (2, 4, Some(7)), (3, 1, None), (4, 2, None)],
                vec![(1, 1, Some(3)), (2, 2, Some(4)), (3, 5, None), (4, 7, None)],
                vec![(1, 5, Some(1)), (2, 7, Some(2)), (3, 3, None), (4, 4, None)],
            ],
            "{backend}"
        );
        assert!(event.rounds.iter().all(|r| r.boards.len() == 8));
        // By hand, across the groups: refused at the row.
        let refused = b
            .post(
                &format!("/d/{slug}/rounds/1/pairings"),
                &[
                    ("table-0", "1"),
                    ("home-0", "3"),
                    ("away-0", "4"),
                    ("table-1", "2"),
                    ("home-1", "5"),
                    ("away-1", "7"),
                    ("table-2", "3"),
                    ("home-2", "1"),
                    ("table-3", "4"),
                    ("home-3", "2"),
                ],
            )
            .await;
        refused
            .has("round 1 is a round of groups, but teams 3 and 4 are in different groups")
            .has("round 1 is a round of groups, but teams 5 and 7 are in different groups");
        let again = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        assert_eq!(
            again.rounds[0].matches, event.rounds[0].matches,
            "{backend}"
        );
        // Results in round 1: the stage is not paired again.
        let results = archive("groups-knockout-4");
        let with_round_1 = {
            let mut files = cut(&results, 1);
            let toml = files
                .get("tournament.toml")
                .unwrap()
                .replace(&format!("slug = \"{slug}\""), "slug = \"groups-started\"");
            files.insert("tournament.toml", toml);
            files
        };
        transfer::import(&mut db.open(), &with_round_1).unwrap();
        b.get_ok("/d/groups-started/stages")
            .await
            .lacks("as round robins");
        let page = b.post("/d/groups-started/stages/groups/1", &[]).await;
        assert!(page.status.is_redirection(), "{backend}");
        let kept = fushi::db::load_event(&mut db.open(), "groups-started")
            .unwrap()
            .unwrap();
        assert_eq!(kept.rounds.len(), 1, "{backend}");
    }
}

/// The bracket.csv rows of knockout round `ko` as `tie:home-away`.
fn ties_of(exported: &ArchiveFiles, ko: &str) -> Vec<String> {
    exported
        .get("bracket.csv")
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|c| c[1] == ko)
        .map(|c| format!("{}:{}-{}", c[2], c[3], c[4]))
        .collect()
}

#[actix_web::test]
async fn the_director_exchanges_two_teams_of_a_proposed_round_with_the_reason_kept() {
    use common::http::browser;
    for db in backends() {
        let backend = db.backend().name();
        let full = archive("exchanges-knockout-8");
        let slug = "stages-exchanges-knockout-8";
        // The qualifying played; the quarter-finals are proposed but not paired, and the
        // archive keeps no exchange yet.
        let mut start = cut(&full, 3);
        let toml = start.get("tournament.toml").unwrap();
        let plain: String = toml
            .lines()
            .filter(|l| !l.starts_with("exchanges"))
            .map(|l| format!("{l}\n"))
            .collect();
        start.insert("tournament.toml", plain);
        transfer::import(&mut db.open(), &start).unwrap();
        let before = transfer::export(&mut db.open(), slug).unwrap();
        // Seeds as the reference has them: 6 (1) v 4 (8) and 9 (4) v 3 (5).
        assert_eq!(
            ties_of(&before, "1"),
            ["1:6-4", "2:9-3", "3:2-5", "4:10-1"],
            "{backend}"
        );
        let mut b = browser(&db).await;
        b.get_ok(&format!("/d/{slug}/stages"))
            .await
            .has("Exchange two teams of this round")
            .has("<option value=\"4\">4 ");
        // Without a reason, or within one tie, the exchange is refused and said why.
        let page = b
            .post(
                &format!("/d/{slug}/stages/exchange/1"),
                &[("a", "4"), ("b", "3"), ("reason", "  ")],
            )
            .await;
        assert_eq!(page.status.as_u16(), 422, "{backend}");
        page.has("stage 2: exchange 1: give the reason, in 1 to 500 characters");
        let page = b
            .post(
                &format!("/d/{slug}/stages/exchange/1"),
                &[("a", "6"), ("b", "4"), ("reason", "one club")],
            )
            .await;
        assert_eq!(page.status.as_u16(), 422, "{backend}");
        page.has("the two teams already meet in one tie of knockout round 1");
        // Teams 4 and 3 trade places: each keeps its seed, the higher seed at home.
        let done = b
            .post(
                &format!("/d/{slug}/stages/exchange/1"),
                &[("a", "4"), ("b", "3"), ("reason", "同一俱乐部 one club")],
            )
            .await;
        assert_eq!(done.status.as_u16(), 303, "{backend}");
        let page = b.get_ok(&format!("/d/{slug}/stages")).await;
        page.has("1: 6 v 3 — seed 1 v seed 5; Teams 4 and 3 exchanged: 同一俱乐部 one club")
            .has("2: 9 v 4 — seed 4 v seed 8; Teams 4 and 3 exchanged: 同一俱乐部 one club")
            .has(">Undo</button>");
        let after = transfer::export(&mut db.open(), slug).unwrap();
        assert_eq!(
            ties_of(&after, "1"),
            ["1:6-3", "2:9-4", "3:2-5", "4:10-1"],
            "{backend}"
        );
        assert!(
            after.get("tournament.toml").unwrap().contains(
                "exchanges = [{ ko_round = 1, teams = [4, 3], reason = \"同一俱乐部 one club\" }]"
            ),
            "{backend}"
        );
        // The audit trail keeps the stage's exchanges before and after.
        let stored = fushi::db::audit::full_trail(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        assert!(
            stored.iter().any(|e| e.subject == "stage 2 exchanges"
                && e.before.is_empty()
                && e.after.contains("teams = [4, 3]")),
            "{backend}: {stored:?}"
        );
        // Confirming pairs the exchanged ties, each tie's reason keeping the exchange.
        b.post(&format!("/d/{slug}/stages/pair/1"), &[]).await;
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let round4: Vec<String> = event.rounds[3]
            .matches
            .iter()
            .map(|m| format!("{}:{}-{}", m.table, m.home, m.away.unwrap()))
            .collect();
        assert_eq!(round4, ["1:6-3", "2:9-4", "3:2-5", "4:10-1"], "{backend}");
        let stored = fushi::db::audit::full_trail(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        assert!(
            stored.iter().any(|e| e.subject == "round 4 table 1 tie"
                && e.after == "seeds 1 5 | 4 ⇄ 3 (同一俱乐部 one club)"),
            "{backend}: {stored:?}"
        );
        // Undone while the round has no result: the bracket's own ties, offered again.
        b.post(&format!("/d/{slug}/stages/exchange/1/undo/0"), &[])
            .await;
        let undone = transfer::export(&mut db.open(), slug).unwrap();
        assert_eq!(ties_of(&undone, "1"), ties_of(&before, "1"), "{backend}");
        b.get_ok(&format!("/d/{slug}/stages"))
            .await
            .has("must be the tie the results make it: 6 v 4")
            .has("Confirm the Quarter-finals pairings");
        // The whole championship, exchanges and all, imported again: its results follow
        // the exchanged bracket, and the public pages say what the director did.
        let mut whole = full.clone();
        let text = full.get("tournament.toml").unwrap().replace(slug, "whole");
        whole.insert("tournament.toml", text);
        transfer::import(&mut db.open(), &whole).unwrap();
        let slug = "whole";
        let page = b.get_ok(&format!("/t/{slug}/bracket")).await;
        page.has("The director&#39;s exchanges")
            .has("Quarter-finals: Teams 4 and 3 exchanged: 同一俱乐部 one club")
            .has("Semi-finals: Teams 3 and 10 exchanged: travel");
        b.get_ok(&format!("/t/{slug}/bracket/2/1"))
            .await
            .has("Teams 3 and 10 exchanged: travel");
        b.get_ok(&format!("/t/{slug}/bracket/1/3"))
            .await
            .lacks("exchanged");
        // The read API gives each tie the exchanges that moved its teams.
        let api = b
            .get_ok(&format!("/api/v1/tournaments/{slug}/bracket/2/1"))
            .await;
        api.has(r#""exchanges":[{"reason":"travel","teams":[3,10]}]"#);
        // The tie's printed sheet says it too.
        let event = fushi::db::load_event(&mut db.open(), slug)
            .unwrap()
            .unwrap();
        let report = fushi::rules::Report::compute(&event);
        let c = fushi::rules::bracket::Championship::compute(&event, &report).unwrap();
        let sheet =
            fushi::sheets::stages::tie_sheet(&event, &c, 2, 1, &fushi::i18n::Tr::en()).unwrap();
        assert!(
            sheet.facts.contains(&(
                "The director's exchanges".to_owned(),
                "Teams 3 and 10 exchanged: travel".to_owned()
            )),
            "{:?}",
            sheet.facts
        );
        // Once a segment has a result the round's ties stay as they are.
        b.get_ok(&format!("/d/{slug}/stages"))
            .await
            .lacks("Exchange two teams of this round")
            .lacks(">Undo</button>");
        b.post(&format!("/d/{slug}/stages/exchange/1/undo/0"), &[])
            .await;
        let kept = transfer::export(&mut db.open(), slug).unwrap();
        assert_eq!(ties_of(&kept, "1"), ["1:6-3", "2:9-4", "3:2-5", "4:10-1"]);
        assert_eq!(ties_of(&kept, "2"), ["1:10-4", "2:2-3"], "{backend}");
    }
}

#[test]
fn an_exchange_the_results_do_not_allow_is_refused_at_its_line() {
    let files = archive("exchanges-knockout-8");
    let toml = files.get("tournament.toml").unwrap().to_owned();
    let line = toml
        .lines()
        .position(|l| l.starts_with("exchanges"))
        .unwrap()
        + 1;
    // Team 7 did not qualify, so it is in no quarter-final; the schedule, paired with the
    // exchange, is then not the bracket's either.
    let mut stale = files.clone();
    stale.insert(
        "tournament.toml",
        toml.replace("teams = [4, 3]", "teams = [4, 7]"),
    );
    let got = problems(&stale);
    assert_eq!(
        got[0],
        format!(
            "tournament.toml:{line}: stage 2: exchange 1: team 7 does not play knockout round 1 as the results stand, so the exchange cannot be made"
        ),
        "{got:#?}"
    );
    assert!(
        got.iter()
            .any(|p| p.ends_with("table 1 of round 4 must be the tie the results make it: 6 v 4")),
        "{got:#?}"
    );
    // Two teams of one tie.
    let mut same = files.clone();
    same.insert(
        "tournament.toml",
        toml.replace("teams = [4, 3]", "teams = [6, 4]"),
    );
    assert_eq!(
        problems(&same)[0],
        format!(
            "tournament.toml:{line}: stage 2: exchange 1: the two teams already meet in one tie of knockout round 1"
        )
    );
}
