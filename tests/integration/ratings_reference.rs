//! Ratings and series against the independent reference (tests/reference/ratings.py, written
//! from docs/rules.md §14 alone): generated seasons, and the worked example of docs/rules.md
//! §14 whose files are written out by hand in tests/data/ratings/. fushi builds each
//! tournament's record from an `Event` (its travellers give the Butler scores), runs the
//! ratings in full and one tournament at a time, ranks the series and writes
//! `ratings.csv`, `rating_boards.csv` and `series.csv`; each must equal the reference's.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use chrono::NaiveDate;
use serde_json::Value;

use fushi::archive::{rating_boards_csv, ratings_csv, series_csv};
use fushi::rules::rating::{
    LineupLink, Ratings, TournamentFlags, TournamentRecord, record_of_event,
};
use fushi::rules::series::{Place, SeriesEvent, series_standings};
use fushi::rules::table::{EntryFigures, Origin, TableEntry};
use fushi::rules::{
    Board, Decks, Event, Level, Match, PlayerId, Room, Round, Seat, Settings, SettingsDraft,
    TableResult, Team, TeamNo,
};

const FILES: [&str; 3] = ["ratings.csv", "rating_boards.csv", "series.csv"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the reference with `args`; `None` (with a notice) when python3 is missing, which
/// fails the test under CI.
pub(crate) fn reference(args: &[&str]) -> Option<()> {
    let script = root().join("tests/reference/ratings.py");
    match Command::new("python3").arg(script).args(args).output() {
        Ok(out) => {
            assert!(
                out.status.success(),
                "ratings.py {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            Some(())
        }
        Err(e) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "python3 is needed under CI: {e}"
            );
            eprintln!(
                "python3 is not available ({e}): ratings are not compared with the reference"
            );
            None
        }
    }
}

fn id(v: &Value) -> Option<PlayerId> {
    v.as_str().map(|s| PlayerId::parse(s).expect("a player id"))
}

fn pair(v: &Value) -> [Option<PlayerId>; 2] {
    match v.as_array() {
        Some(a) => [id(&a[0]), id(&a[1])],
        None => [None, None],
    }
}

fn int(v: &Value) -> i32 {
    i32::try_from(v.as_i64().expect("a number")).expect("a small number")
}

fn room_of(text: &str) -> Room {
    text.parse().expect("open or closed")
}

/// The season's tournament `t` as an `Event` (its results are rulings: s itself) with its
/// line-ups by (round, table, room, team).
type Lineups = HashMap<(i32, i32, Room, TeamNo), LineupLink>;

fn event_of(t: &Value) -> (Event, Lineups) {
    let decks = Decks::from_count(2).expect("two decks");
    let mut lineups = Lineups::new();
    let mut teams: Vec<i32> = Vec::new();
    let mut rounds = Vec::new();
    for r in t["rounds"].as_array().expect("rounds") {
        let number = int(&r["round"]);
        let boards = r["boards"]
            .as_array()
            .expect("boards")
            .iter()
            .map(|b| Board {
                number: int(&b["board"]),
                dealer: b["dealer"]
                    .as_str()
                    .expect("a seat")
                    .parse::<Seat>()
                    .expect("N E S W"),
                level: "2".parse::<Level>().expect("a level"),
                trump: None,
            })
            .collect();
        let mut matches = Vec::new();
        for m in r["matches"].as_array().expect("matches") {
            let (table, home) = (int(&m["table"]), int(&m["home"]));
            let away = m["away"].as_i64().map(|a| TeamNo(a as i32));
            teams.extend([home].into_iter().chain(away.map(TeamNo::get)));
            let results: Vec<TableResult> = m["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|x| TableResult {
                    room: room_of(x["room"].as_str().expect("a room")),
                    board: int(&x["board"]),
                    entry: TableEntry::parse(
                        EntryFigures {
                            ruling: Some(int(&x["s"])),
                            ..EntryFigures::default()
                        },
                        decks,
                        None,
                        Origin::Archive,
                    )
                    .expect("a ruling within bounds"),
                })
                .collect();
            if let Some(rooms) = m["lineups"].as_object() {
                for (room, sides) in rooms {
                    let first = m["lineup_first"][room].as_bool().expect("a flag");
                    for (side, team) in [("home", Some(TeamNo(home))), ("away", away)] {
                        if let (Some(team), Some(_)) = (team, sides[side].as_array()) {
                            let link = LineupLink {
                                ids: pair(&sides[side]),
                                before_first_result: first,
                            };
                            lineups.insert((number, table, room_of(room), team), link);
                        }
                    }
                }
            }
            matches.push(Match {
                table,
                home: TeamNo(home),
                away,
                results: results.into(),
            });
        }
        rounds.push(Round {
            number,
            boards,
            matches: matches.into(),
        });
    }
    teams.sort();
    teams.dedup();
    let event = Event {
        settings: Settings::try_from(SettingsDraft {
            name: "Night".into(),
            slug: "night".into(),
            ..SettingsDraft::default()
        })
        .expect("valid settings"),
        teams: teams
            .into_iter()
            .map(|n| Team {
                member_ids: Vec::new(),
                number: TeamNo(n),
                name: format!("Team {n}"),
                club: String::new(),
                members: Vec::new(),
                withdrawn: false,
            })
            .collect(),
        rounds,
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    (event, lineups)
}

fn record_of(t: &Value) -> TournamentRecord {
    let (event, lineups) = event_of(t);
    let flags = TournamentFlags {
        slug: t["slug"].as_str().expect("a slug").to_owned(),
        ends: t["ends"]
            .as_str()
            .map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").expect("a date")),
        finished: t["finished"].as_bool().expect("a flag"),
        rated: t["rated"].as_bool().expect("a flag"),
    };
    record_of_event(&event, flags, &|round, table, room, team| {
        lineups.get(&(round, table, room, team)).copied()
    })
}

fn places_of(t: &Value) -> Vec<Place> {
    t["places"]
        .as_array()
        .expect("places")
        .iter()
        .map(|p| Place {
            team: TeamNo(int(&p[0])),
            place: p[1]
                .as_str()
                .expect("a label")
                .trim_end_matches('=')
                .parse()
                .expect("a place"),
        })
        .collect()
}

/// fushi's three files for the season in `json`, after checking that counting the
/// tournaments one at a time, in order, gives the full run.
fn fushi_files(json: &Path) -> BTreeMap<&'static str, String> {
    let season: Value =
        serde_json::from_str(&std::fs::read_to_string(json).expect("the season")).expect("JSON");
    let tournaments: Vec<&Value> = season["tournaments"]
        .as_array()
        .expect("tournaments")
        .iter()
        .collect();
    let records: Vec<TournamentRecord> = tournaments.iter().map(|t| record_of(t)).collect();
    let ratings = Ratings::full_run(&records);

    let mut in_order: Vec<&TournamentRecord> = records
        .iter()
        .filter(|r| r.rating_key().is_some())
        .collect();
    in_order.sort_by_key(|r| r.rating_key());
    let mut step = Ratings::default();
    for r in in_order {
        step.append(r).expect("each sorts after the ones before");
    }
    assert_eq!(
        step,
        ratings,
        "{}: one at a time ≠ the full run",
        json.display()
    );

    let names: HashMap<PlayerId, String> = season["players"]
        .as_object()
        .expect("players")
        .iter()
        .map(|(k, v)| {
            (
                PlayerId::parse(k).expect("an id"),
                v.as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let name = |p: PlayerId| names.get(&p).cloned().unwrap_or_default();

    let slugs: Vec<&str> = season["series"]
        .as_array()
        .expect("series")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let places: Vec<Vec<Place>> = tournaments.iter().map(|t| places_of(t)).collect();
    let events: Vec<SeriesEvent<'_>> = slugs
        .iter()
        .map(|slug| {
            let i = records
                .iter()
                .position(|r| r.slug == *slug)
                .expect("a tournament of the season");
            SeriesEvent {
                record: &records[i],
                places: &places[i],
            }
        })
        .collect();
    let count_best = season["count_best"].as_u64().map(|n| n as u32);
    let series = series_standings(&events, count_best);

    BTreeMap::from([
        ("ratings.csv", ratings_csv(&ratings, &name)),
        ("rating_boards.csv", rating_boards_csv(&ratings)),
        ("series.csv", series_csv(&series, &name)),
    ])
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn generated_seasons_rate_and_rank_as_the_reference_does() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut rows = 0;
    for seed in 1..=12 {
        let json = dir.path().join(format!("season-{seed}.json"));
        let out = dir.path().join(format!("out-{seed}"));
        let json_text = json.to_str().expect("a path");
        if reference(&["generate", &seed.to_string(), json_text]).is_none() {
            return;
        }
        reference(&["compute", json_text, out.to_str().expect("a path")]);
        for (file, got) in fushi_files(&json) {
            let want = read(&out.join(file));
            assert_eq!(got, want, "season {seed}: {file}");
            rows += want.lines().count() - 1;
        }
    }
    // The seasons are not empty: they rate and rank hundreds of rows.
    assert!(rows > 500, "{rows} rows compared");
}

/// The worked example of docs/rules.md §14: its season (tests/data/ratings/worked.json)
/// gives the files written out by hand beside it, in fushi and in the reference, and the
/// document shows those very files.
#[test]
fn the_worked_example_of_the_rules_comes_out_as_written() {
    let data = root().join("tests/data/ratings");
    let rules = read(&root().join("docs/rules.md"));
    let got = fushi_files(&data.join("worked.json"));
    for file in FILES {
        let want = read(&data.join("worked-expected").join(file));
        assert_eq!(got[file], want, "fushi's {file}");
        let shown: String = want.lines().map(|l| format!("    {l}\n")).collect();
        assert!(
            rules.contains(&shown),
            "docs/rules.md §14 shows {file}:\n{shown}"
        );
    }
    let out = tempfile::tempdir().expect("a folder");
    let json = data.join("worked.json");
    if reference(&[
        "compute",
        json.to_str().expect("a path"),
        out.path().to_str().expect("a path"),
    ])
    .is_none()
    {
        return;
    }
    for file in FILES {
        let want = read(&data.join("worked-expected").join(file));
        assert_eq!(read(&out.path().join(file)), want, "the reference's {file}");
    }
}
