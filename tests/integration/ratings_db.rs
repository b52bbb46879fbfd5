//! Ratings and series through the database (docs/rules.md §14), on SQLite and on PostgreSQL
//! when `FUSHI_TEST_POSTGRES` is set: generated seasons (tests/reference/ratings.py) are
//! written as archives (`tournament.toml` with `rated`, `finished` and `series`, `teams.csv`
//! with `member_ids`, `lineups.csv` with `player_ids`), imported with the registry's
//! `players.csv`, with a merge and a removal between the first half and the second; the
//! files fushi then writes (`ratings.csv`, `rating_boards.csv`, `series.csv`) must equal
//! the reference's over the season as it then stands. The kept ratings, carried on one
//! tournament at a time, must equal the full run.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use diesel::prelude::*;
use serde_json::{Value, json};

use crate::common::{TestDb, backends};
use crate::ratings_reference::reference;
use fushi::archive::ArchiveFiles;
use fushi::db::players::{self, Actor};
use fushi::db::ratings::{self, Refreshed};
use fushi::db::schema::{lineups, matches, rounds, tournaments};
use fushi::db::{self, DbConnection};
use fushi::rules::player_id::PlayerId;

const ADMIN: Actor<'static> = Actor {
    name: "ada",
    admin: true,
};

fn generated(seed: u64, dir: &std::path::Path) -> Option<Value> {
    let json = dir.join(format!("season-{seed}.json"));
    reference(&["generate", &seed.to_string(), json.to_str().unwrap()])?;
    Some(serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap())
}

fn computed(season: &Value, dir: &std::path::Path, tag: &str) -> BTreeMap<String, String> {
    let json = dir.join(format!("{tag}.json"));
    let out = dir.join(format!("{tag}-out"));
    std::fs::write(&json, serde_json::to_string(season).unwrap()).unwrap();
    reference(&["compute", json.to_str().unwrap(), out.to_str().unwrap()]).unwrap();
    ["ratings.csv", "rating_boards.csv", "series.csv"]
        .into_iter()
        .map(|f| (f.to_owned(), std::fs::read_to_string(out.join(f)).unwrap()))
        .collect()
}

/// A season as the database can hold it: a rated tournament has an end date (one without
/// is made unrated, which changes no figure: ratings count only tournaments with one).
/// And a player sits in one room of a match only (an archive refuses the same player in
/// both): a closed room's line-up that repeats one of the open room's players is left out.
fn storable(mut season: Value) -> Value {
    for t in season["tournaments"].as_array_mut().unwrap() {
        if t["ends"].is_null() {
            t["rated"] = json!(false);
        }
        for r in t["rounds"].as_array_mut().unwrap() {
            for m in r["matches"].as_array_mut().unwrap() {
                let Some(rooms) = m["lineups"].as_object_mut() else {
                    continue;
                };
                for side in ["home", "away"] {
                    let open: Vec<String> = rooms
                        .get("open")
                        .and_then(|o| o[side].as_array())
                        .map(|p| {
                            p.iter()
                                .filter_map(|e| e.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default();
                    if let Some(closed) = rooms.get_mut("closed") {
                        let repeats = closed[side].as_array().is_some_and(|p| {
                            p.iter()
                                .any(|e| e.as_str().is_some_and(|id| open.iter().any(|o| o == id)))
                        });
                        if repeats {
                            closed[side] = Value::Null;
                        }
                    }
                }
            }
        }
    }
    season
}

fn pid(v: &Value) -> Option<&str> {
    v.as_str()
}

/// The name a roster entry goes by: the registry's name of a linked player, a guest's
/// otherwise.
fn member_name(season: &Value, team: i64, i: usize, entry: &Value) -> String {
    match pid(entry) {
        Some(p) => season["players"][p].as_str().unwrap().to_owned(),
        None => format!("Guest {team}-{i}"),
    }
}

/// Each team's roster, as the season's line-ups show it: the members in order of first
/// appearance, with their links. The generator draws a line-up's two from the roster, so
/// the roster is rebuilt from the line-ups; a member never in a line-up does not matter.
fn rosters(season: &Value, t: &Value) -> BTreeMap<i64, Vec<(String, Option<String>)>> {
    let mut out: BTreeMap<i64, Vec<(String, Option<String>)>> = BTreeMap::new();
    for r in t["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            for side in ["home", "away"] {
                if let Some(team) = m[side].as_i64() {
                    out.entry(team).or_default();
                }
            }
            let Some(rooms) = m["lineups"].as_object() else {
                continue;
            };
            for room in ["open", "closed"] {
                let Some(sides) = rooms.get(room) else {
                    continue;
                };
                for side in ["home", "away"] {
                    let (Some(team), Some(pair)) = (m[side].as_i64(), sides[side].as_array())
                    else {
                        continue;
                    };
                    for (i, e) in pair.iter().enumerate() {
                        let roster = out.entry(team).or_default();
                        let name = e
                            .as_str()
                            .map(|p| season["players"][p].as_str().unwrap().to_owned());
                        let name = name.unwrap_or_else(|| {
                            // An unlinked member: one guest per (round, table, room, seat).
                            format!("Guest {team}-{}-{}-{room}-{i}", r["round"], m["table"])
                        });
                        if !roster.iter().any(|(n, _)| *n == name) {
                            roster.push((name, e.as_str().map(str::to_owned)));
                        }
                    }
                }
            }
        }
    }
    for (team, roster) in out.iter_mut() {
        if roster.is_empty() {
            roster.push((member_name(season, *team, 0, &Value::Null), None));
        }
    }
    out
}

/// Tournament `t` of `season` as an archive; `series` the series' slug when it is in it.
fn archive(season: &Value, t: &Value, in_series: bool) -> ArchiveFiles {
    let mut files = ArchiveFiles::new();
    let slug = t["slug"].as_str().unwrap();
    let mut toml = format!("name = \"{slug}\"\nslug = \"{slug}\"\npublished = true\n");
    if let Some(ends) = t["ends"].as_str() {
        toml += &format!("ends = {ends}\n");
    }
    if t["rated"].as_bool().unwrap() {
        toml += "rated = true\n";
    }
    if t["finished"].as_bool().unwrap() {
        toml += "finished = true\n";
    }
    if in_series {
        toml += "series = \"season\"\n";
    }
    files.insert("tournament.toml", toml);
    let rosters = rosters(season, t);
    let mut teams = String::from("team_no,name,club,members,member_ids\n");
    for (team, roster) in &rosters {
        let names: Vec<&str> = roster.iter().map(|(n, _)| n.as_str()).collect();
        let ids: Vec<&str> = roster
            .iter()
            .map(|(_, id)| id.as_deref().unwrap_or(""))
            .collect();
        let ids = if ids.iter().all(|i| i.is_empty()) {
            String::new()
        } else {
            ids.join(";")
        };
        teams += &format!("{team},Team {team},,{},{ids}\n", names.join(";"));
    }
    files.insert("teams.csv", teams);
    let mut boards = String::from("round,board,dealer,level,trump\n");
    let mut schedule = String::from("round,table,home,away\n");
    let mut results = String::from(
        "round,table,room,board,trick_points,bottom_points,last_trick,combo,declarer_penalty,defender_penalty,ruling,defender_total,table_score,result\n",
    );
    let mut lineups = String::from("round,table,room,team_no,players,player_ids\n");
    for r in t["rounds"].as_array().unwrap() {
        let round = r["round"].as_i64().unwrap();
        for b in r["boards"].as_array().unwrap() {
            boards += &format!(
                "{round},{},{},2,\n",
                b["board"],
                b["dealer"].as_str().unwrap()
            );
        }
        for m in r["matches"].as_array().unwrap() {
            let table = m["table"].as_i64().unwrap();
            let away = m["away"]
                .as_i64()
                .map(|a| a.to_string())
                .unwrap_or_default();
            schedule += &format!("{round},{table},{},{away}\n", m["home"]);
            for x in m["results"].as_array().unwrap() {
                results += &format!(
                    "{round},{table},{},{},,,,,,,{},,,\n",
                    x["room"].as_str().unwrap(),
                    x["board"],
                    x["s"]
                );
            }
            let Some(rooms) = m["lineups"].as_object() else {
                continue;
            };
            for room in ["open", "closed"] {
                let Some(sides) = rooms.get(room) else {
                    continue;
                };
                for side in ["home", "away"] {
                    let (Some(team), Some(pair)) = (m[side].as_i64(), sides[side].as_array())
                    else {
                        continue;
                    };
                    let roster = &rosters[&team];
                    let mut names = Vec::new();
                    let mut ids = Vec::new();
                    for (i, e) in pair.iter().enumerate() {
                        let name = match e.as_str() {
                            Some(p) => season["players"][p].as_str().unwrap().to_owned(),
                            None => format!("Guest {team}-{round}-{table}-{room}-{i}"),
                        };
                        assert!(roster.iter().any(|(n, _)| *n == name));
                        names.push(name);
                        ids.push(e.as_str().unwrap_or("").to_owned());
                    }
                    let ids = if ids.iter().all(String::is_empty) {
                        String::new()
                    } else {
                        ids.join(";")
                    };
                    lineups +=
                        &format!("{round},{table},{room},{team},{},{ids}\n", names.join(";"));
                }
            }
        }
    }
    files.insert("boards.csv", boards);
    files.insert("schedule.csv", schedule);
    files.insert("results.csv", results);
    files.insert("lineups.csv", lineups);
    files
}

fn tournament_id(conn: &mut DbConnection, slug: &str) -> i32 {
    tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first(conn)
        .unwrap()
}

/// Imports tournament `t`, then marks the line-ups the season says came after the room's
/// first result (an archive's all count as given before), in one transaction: the ratings
/// are not brought up to date between the two (the next use does it).
fn import(conn: &mut DbConnection, season: &Value, t: &Value) {
    conn.transaction(|conn| {
        import_marked(conn, season, t);
        diesel::QueryResult::Ok(())
    })
    .unwrap();
}

fn import_marked(conn: &mut DbConnection, season: &Value, t: &Value) {
    let slug = t["slug"].as_str().unwrap();
    let in_series = season["series"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s.as_str() == Some(slug));
    let files = archive(season, t, in_series);
    if let Err(problems) = fushi::transfer::import(conn, &files) {
        panic!("{slug}: {problems:?}");
    }
    let id = tournament_id(conn, slug);
    for r in t["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            for room in ["open", "closed"] {
                if m["lineup_first"][room].as_bool() != Some(false) {
                    continue;
                }
                let match_id: i32 = matches::table
                    .inner_join(rounds::table)
                    .filter(rounds::tournament_id.eq(id))
                    .filter(rounds::number.eq(r["round"].as_i64().unwrap() as i32))
                    .filter(matches::table_no.eq(m["table"].as_i64().unwrap() as i32))
                    .select(matches::id)
                    .first(conn)
                    .unwrap();
                diesel::update(
                    lineups::table
                        .filter(lineups::match_id.eq(match_id))
                        .filter(lineups::room.eq(room)),
                )
                .set(lineups::given_before.eq(false))
                .execute(conn)
                .unwrap();
            }
        }
    }
}

fn players_csv(season: &Value) -> String {
    let mut ids: Vec<(u64, &str)> = season["players"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k[1..].parse().unwrap(), v.as_str().unwrap()))
        .collect();
    ids.sort();
    let mut out = String::from("player_id,name,second_name,club,federation_no,public\n");
    for (n, name) in ids {
        out += &format!("P{n},{name},,,,no\n");
    }
    out
}

/// The places fushi gives each finished tournament, in the reference's form.
fn places_from_fushi(conn: &mut DbConnection, season: &mut Value) {
    for t in season["tournaments"].as_array_mut().unwrap() {
        let f = ratings::tournament_figures(conn, t["slug"].as_str().unwrap())
            .unwrap()
            .unwrap();
        let labels: Vec<Value> = f
            .places
            .iter()
            .map(|p| {
                let shared = f.places.iter().filter(|q| q.place == p.place).count() > 1;
                let label = if shared {
                    format!("{}=", p.place)
                } else {
                    p.place.to_string()
                };
                json!([p.team.get(), label])
            })
            .collect();
        t["places"] = Value::Array(labels);
    }
}

fn fushi_files(conn: &mut DbConnection) -> BTreeMap<String, String> {
    let (r, b) = ratings::files(conn).unwrap();
    let s = ratings::series_csv(conn, "season", None)
        .unwrap()
        .unwrap_or_else(|| "rank,player_id,name,events,points,butler_total\n".to_owned());
    BTreeMap::from([
        ("ratings.csv".to_owned(), r),
        ("rating_boards.csv".to_owned(), b),
        ("series.csv".to_owned(), s),
    ])
}

/// Every id in the season's tournaments as `f` maps it.
fn map_ids(season: &mut Value, f: &dyn Fn(&str) -> Option<String>) {
    for t in season["tournaments"].as_array_mut().unwrap() {
        for r in t["rounds"].as_array_mut().unwrap() {
            for m in r["matches"].as_array_mut().unwrap() {
                let Some(rooms) = m["lineups"].as_object_mut() else {
                    continue;
                };
                for sides in rooms.values_mut() {
                    for side in ["home", "away"] {
                        if let Some(pair) = sides[side].as_array_mut() {
                            for e in pair.iter_mut() {
                                if let Some(p) = e.as_str().map(str::to_owned) {
                                    *e = f(&p).map_or(Value::Null, Value::from);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The players each tournament's line-ups name.
fn named(t: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for r in t["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            if let Some(rooms) = m["lineups"].as_object() {
                for sides in rooms.values() {
                    for side in ["home", "away"] {
                        if let Some(pair) = sides[side].as_array() {
                            out.extend(pair.iter().filter_map(|e| e.as_str().map(str::to_owned)));
                        }
                    }
                }
            }
        }
    }
    out
}

fn number(p: &str) -> u64 {
    p[1..].parse().unwrap()
}

/// Two players who never stand in one tournament (the later one merged into the earlier),
/// and a third to remove; `None` when the season has no such pair.
fn merge_and_removal(season: &Value) -> Option<(String, String, String)> {
    let per: Vec<BTreeSet<String>> = season["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .map(named)
        .collect();
    let mut all: Vec<String> = per.iter().flatten().cloned().collect();
    all.sort_by_key(|p| number(p));
    all.dedup();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if per.iter().all(|s| !(s.contains(a) && s.contains(b))) {
                let gone = all.iter().rev().find(|p| *p != a && *p != b)?;
                return Some((a.clone(), b.clone(), gone.clone()));
            }
        }
    }
    None
}

/// One season through the database: the first half imported, the ratings kept; then a
/// merge and a removal; the second half; then every file compared with the reference's
/// over the season as it then stands. Returns the rows compared.
fn season_through_the_database(
    db: &TestDb,
    seed: u64,
    dir: &std::path::Path,
) -> Option<(usize, bool)> {
    let mut season = storable(generated(seed, dir)?);
    let mut conn = db.open();
    players::file::import(&mut conn, "players.csv", &players_csv(&season), ADMIN).unwrap();
    let count_best = season["count_best"].as_u64().map(|n| n as u32);
    let tournaments: Vec<Value> = season["tournaments"].as_array().unwrap().clone();
    let (first, second) = tournaments.split_at(5);
    for t in first {
        import(&mut conn, &season, t);
    }
    ratings::refresh(&mut conn).unwrap();
    if let Some(s) = db::series::get(&mut conn, "season").unwrap() {
        db::series::update(&mut conn, &s.slug, "Season", count_best).unwrap();
    }
    // A merge and a removal, then the season as it now stands: the later id reads as the
    // kept one, the removed player is nowhere linked.
    let changes = merge_and_removal(&season);
    if let Some((kept, other, gone)) = &changes {
        let id = |p: &str| PlayerId::parse(p).unwrap();
        players::merge(&mut conn, id(kept), id(other), ADMIN).unwrap();
        players::remove(&mut conn, id(gone), ADMIN).unwrap();
        let (kept, other, gone) = (kept.clone(), other.clone(), gone.clone());
        map_ids(&mut season, &move |p| {
            if p == gone {
                None
            } else if p == other {
                Some(kept.clone())
            } else {
                Some(p.to_owned())
            }
        });
        let names = season["players"].as_object_mut().unwrap();
        names.remove(&changes.as_ref().unwrap().1);
        names.remove(&changes.as_ref().unwrap().2);
    }
    for t in &season["tournaments"].as_array().unwrap()[5..] {
        import(&mut conn, &season, t);
    }
    let _ = second;
    if db::series::get(&mut conn, "season").unwrap().is_some() {
        db::series::update(&mut conn, "season", "Season", count_best).unwrap();
    }
    places_from_fushi(&mut conn, &mut season);
    let got = fushi_files(&mut conn);
    let want = computed(&season, dir, &format!("checked-{seed}"));
    let mut rows = 0;
    for (file, want) in &want {
        assert_eq!(
            &got[file],
            want,
            "{:?}: season {seed}: {file}",
            db.backend()
        );
        rows += want.lines().count() - 1;
    }
    // The kept ratings are the full run's.
    ratings::recompute(&mut conn).unwrap();
    assert_eq!(
        fushi_files(&mut conn),
        got,
        "season {seed}: kept ≠ recomputed"
    );
    Some((rows, changes.is_some()))
}

/// How many seasons the reference comparison runs on each database (`RATINGS_SEASONS`, 50
/// by default).
fn seasons() -> u64 {
    std::env::var("RATINGS_SEASONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50)
}

/// Every generated season through database `db` (made afresh for each season) against
/// the reference.
fn generated_seasons_on(db: impl Fn() -> Option<TestDb>) {
    let dir = tempfile::tempdir().unwrap();
    let count = seasons();
    let (mut rows, mut changed) = (0, 0);
    for seed in 1..=count {
        let Some(db) = db() else { return };
        let Some((n, merged)) = season_through_the_database(&db, seed, dir.path()) else {
            return;
        };
        rows += n;
        changed += usize::from(merged);
    }
    let runs = count as usize;
    assert!(rows > 100 * runs, "{rows} rows compared");
    // Nearly every season had its merge and removal.
    assert!(changed * 10 >= runs * 9, "{changed} of {runs} with a merge");
}

#[test]
fn generated_seasons_through_sqlite_rate_and_rank_as_the_reference_does() {
    generated_seasons_on(|| Some(TestDb::sqlite()));
}

#[test]
fn generated_seasons_through_postgresql_rate_and_rank_as_the_reference_does() {
    generated_seasons_on(TestDb::postgres);
}

/// The kept ratings carried on one tournament at a time equal the full run, and a
/// tournament that sorts before those counted makes the run again from zero.
#[test]
fn kept_ratings_carried_on_one_tournament_at_a_time_equal_the_full_run() {
    let dir = tempfile::tempdir().unwrap();
    for db in backends() {
        let Some(season) = generated(7, dir.path()).map(storable) else {
            return;
        };
        let mut conn = db.open();
        players::file::import(&mut conn, "players.csv", &players_csv(&season), ADMIN).unwrap();
        let mut ts: Vec<Value> = season["tournaments"].as_array().unwrap().clone();
        let counts = |t: &Value| {
            t["rated"].as_bool().unwrap()
                && t["finished"].as_bool().unwrap()
                && !t["ends"].is_null()
        };
        ts.sort_by_key(|t| {
            (
                t["ends"].as_str().map(str::to_owned),
                t["slug"].as_str().unwrap().to_owned(),
            )
        });
        // The first counted one is held back, to come in out of order below.
        let early = ts.iter().position(counts).unwrap();
        let held = ts.remove(early);
        let mut appended = 0;
        for t in ts.iter() {
            import(&mut conn, &season, t);
            let done = ratings::refresh(&mut conn).unwrap();
            if counts(t) {
                assert_eq!(done, Refreshed::Appended(1), "{}", t["slug"]);
                appended += 1;
            } else {
                assert_eq!(done, Refreshed::Current, "{}", t["slug"]);
            }
        }
        assert!(appended >= 3, "{appended} tournaments carried on");
        let kept = fushi_files(&mut conn);
        assert!(kept["rating_boards.csv"].lines().count() > 50);
        assert_eq!(ratings::recompute(&mut conn).unwrap(), appended);
        assert_eq!(fushi_files(&mut conn), kept, "carried on ≠ the full run");
        // Nothing changed: current. The one held back sorts before those counted: the run
        // is made again from zero.
        assert_eq!(ratings::refresh(&mut conn).unwrap(), Refreshed::Current);
        import(&mut conn, &season, &held);
        let done = ratings::refresh(&mut conn).unwrap();
        assert_eq!(done, Refreshed::Full(appended + 1));
        let after = fushi_files(&mut conn);
        ratings::recompute(&mut conn).unwrap();
        assert_eq!(fushi_files(&mut conn), after);
        // A change to a counted tournament (here its end date moves from first to last) is
        // a full run.
        let slug = held["slug"].as_str().unwrap();
        let id = tournament_id(&mut conn, slug);
        diesel::update(
            fushi::db::schema::tournament_occasions::table
                .filter(fushi::db::schema::tournament_occasions::tournament_id.eq(id)),
        )
        .set(fushi::db::schema::tournament_occasions::ends.eq("2027-01-01"))
        .execute(&mut conn)
        .unwrap();
        assert!(!ratings::is_current(&mut conn).unwrap());
        // The change raises the tournament's revision, which brings them up to date at once
        // (the run from zero): a reader finds them current.
        fushi::db::revision::bump(&mut conn, id).unwrap();
        assert!(ratings::is_current(&mut conn).unwrap());
        assert_eq!(ratings::refresh(&mut conn).unwrap(), Refreshed::Current);
        let moved = fushi_files(&mut conn);
        assert_ne!(moved, after);
        let last = moved["rating_boards.csv"].lines().last().unwrap();
        assert!(last.starts_with(&format!("{slug},")), "{last}");
        ratings::recompute(&mut conn).unwrap();
        assert_eq!(fushi_files(&mut conn), moved);
    }
}

/// `of_player` gives a player's rating, boards and the history a page draws.
#[test]
fn a_players_rating_and_its_history_come_from_the_kept_run() {
    let dir = tempfile::tempdir().unwrap();
    for db in backends() {
        let Some(season) = generated(3, dir.path()).map(storable) else {
            return;
        };
        let mut conn = db.open();
        players::file::import(&mut conn, "players.csv", &players_csv(&season), ADMIN).unwrap();
        for t in season["tournaments"].as_array().unwrap() {
            import(&mut conn, &season, t);
        }
        let (ratings_csv, boards_csv) = ratings::files(&mut conn).unwrap();
        let line = ratings_csv.lines().nth(1).unwrap();
        let cells: Vec<&str> = line.split(',').collect();
        let id = PlayerId::parse(cells[0]).unwrap();
        let view = ratings::of_player(&mut conn, id).unwrap().unwrap();
        assert_eq!(fushi::rules::rational::decimals(&view.rating, 3), cells[2]);
        assert_eq!(view.boards.to_string(), cells[3]);
        assert_eq!(view.provisional, cells[4] == "yes");
        // One step per tournament they were scored in, the last one their rating now.
        let scored: BTreeSet<&str> = boards_csv
            .lines()
            .skip(1)
            .filter(|l| {
                l.split(',')
                    .nth(5)
                    .unwrap()
                    .split(';')
                    .chain(l.split(',').nth(6).unwrap().split(';'))
                    .any(|p| p == cells[0])
            })
            .map(|l| l.split(',').next().unwrap())
            .collect();
        assert_eq!(view.history.len(), scored.len());
        let last = view.history.last().unwrap();
        assert_eq!(last.rating, cells[2]);
        assert_eq!(last.boards, view.boards);
        assert!(view.history.windows(2).all(|w| w[0].boards < w[1].boards));
        // A player with no rated board has none.
        let nobody = players::add(
            &mut conn,
            &players::PlayerFields {
                name: "Nobody".into(),
                ..Default::default()
            },
            ADMIN,
        )
        .unwrap();
        assert_eq!(ratings::of_player(&mut conn, nobody).unwrap(), None);
    }
}

/// The interface independent checks use (docs/rules.md §14, "Files"), through the
/// binary: `fushi players import`, `fushi import` of archives carrying `rated`, `finished`,
/// `series`, `member_ids` and `player_ids`, then `fushi players export DIR` and `fushi
/// series export SLUG DIR --count-best N`, whose files equal the reference's.
#[test]
fn the_commands_write_the_files_the_reference_computes() {
    let dir = tempfile::tempdir().unwrap();
    let Some(mut season) = generated(11, dir.path()).map(storable) else {
        return;
    };
    let db = TestDb::sqlite();
    // `RATINGS_DB=URL` leaves the season in that database, to look at its pages.
    let url = std::env::var("RATINGS_DB").unwrap_or_else(|_| db.url().to_owned());
    let fushi = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_fushi"))
            .args(args)
            .args(["--db", &url])
            .env("LANG", "en_US.UTF-8")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "fushi {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let players = dir.path().join("players.csv");
    std::fs::write(&players, players_csv(&season)).unwrap();
    fushi(&["players", "import", players.to_str().unwrap()]);
    let series: Vec<String> = season["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect();
    for t in season["tournaments"].as_array().unwrap() {
        let slug = t["slug"].as_str().unwrap();
        let folder = dir.path().join(slug);
        archive(&season, t, series.iter().any(|s| s == slug))
            .write_dir(&folder)
            .unwrap();
        fushi(&["import", folder.to_str().unwrap()]);
    }
    // Line-ups given late cannot travel in an archive: every room counts here.
    for t in season["tournaments"].as_array_mut().unwrap() {
        for r in t["rounds"].as_array_mut().unwrap() {
            for m in r["matches"].as_array_mut().unwrap() {
                if let Some(first) = m["lineup_first"].as_object_mut() {
                    for v in first.values_mut() {
                        *v = json!(true);
                    }
                }
            }
        }
    }
    season["count_best"] = json!(2);
    places_from_fushi(&mut fushi::db::open(&url).unwrap(), &mut season);
    let out = dir.path().join("out");
    let said = fushi(&["players", "export", out.to_str().unwrap()]);
    assert!(said.contains("ratings.csv"), "{said}");
    fushi(&[
        "series",
        "export",
        "season",
        out.to_str().unwrap(),
        "--count-best",
        "2",
    ]);
    let want = computed(&season, dir.path(), "commands");
    for (file, want) in &want {
        let got = std::fs::read_to_string(out.join(file)).unwrap();
        assert_eq!(got.trim_start_matches('\u{feff}'), want, "{file}");
    }
    let said = fushi(&["ratings", "--recompute"]);
    assert!(said.contains("from zero"), "{said}");
    let again = dir.path().join("again");
    fushi(&["players", "export", again.to_str().unwrap()]);
    for file in ["ratings.csv", "rating_boards.csv"] {
        assert_eq!(
            std::fs::read_to_string(again.join(file)).unwrap(),
            std::fs::read_to_string(out.join(file)).unwrap()
        );
    }
}

/// The public series page: published tournaments only, an unfinished one in progress, the
/// standings over the finished, published ones, a player whose page is not public shown
/// without name or id (page and file), updated when a tournament is marked finished.
#[actix_web::test]
async fn the_series_page_shows_published_events_and_public_players_only() {
    let dir = tempfile::tempdir().unwrap();
    for db in backends() {
        let Some(season) = generated(5, dir.path()).map(storable) else {
            return;
        };
        let mut conn = db.open();
        // Every player public but the first.
        let csv = players_csv(&season);
        let mut lines = csv.lines();
        let header = lines.next().unwrap();
        let first = lines.next().unwrap().to_owned();
        let rest: Vec<String> = lines.map(|l| l.replace(",no", ",yes")).collect();
        let text = format!("{header}\n{first}\n{}\n", rest.join("\n"));
        players::file::import(&mut conn, "players.csv", &text, ADMIN).unwrap();
        let hidden_id = first.split(',').next().unwrap().to_owned();
        let hidden_name = first.split(',').nth(1).unwrap().to_owned();
        let ts = season["tournaments"].as_array().unwrap();
        for t in ts {
            import(&mut conn, &season, t);
        }
        db::series::create(&mut conn, "spring", "Spring league 春季", Some(3)).unwrap();
        for t in ts {
            let slug = t["slug"].as_str().unwrap();
            db::series::set_series(&mut conn, slug, Some("spring")).unwrap();
        }
        // One tournament unpublished, one unfinished.
        let hidden = ts[0]["slug"].as_str().unwrap();
        let open = ts
            .iter()
            .map(|t| t["slug"].as_str().unwrap())
            .find(|s| *s != hidden)
            .unwrap();
        diesel::update(tournaments::table.filter(tournaments::slug.eq(hidden)))
            .set(tournaments::published.eq(false))
            .execute(&mut conn)
            .unwrap();
        fushi::db::standing::set_finished_as(&mut conn, open, false, "dora").unwrap();
        let lines =
            ratings::series_standings(&mut conn, "spring", None, ratings::Counting::Published)
                .unwrap()
                .unwrap();
        let mut b = crate::common::http::anonymous(&db).await;
        let page = b.get_ok("/s/spring").await;
        page.has("Spring league 春季")
            .lacks(&format!("/t/{hidden}\""));
        let item = page
            .body
            .split("<li>")
            .find(|li| li.contains(&format!("/t/{open}\"")))
            .unwrap();
        assert!(item.contains("in progress"), "{item}");
        let unfinished = ts
            .iter()
            .filter(|t| {
                let slug = t["slug"].as_str().unwrap();
                slug != hidden && (slug == open || !t["finished"].as_bool().unwrap())
            })
            .count();
        assert_eq!(page.body.matches("in progress").count(), unfinished);
        let rows = page.body.matches("<td class=\"num rank\">").count();
        assert_eq!(rows, lines.len());
        assert!(!page.body.contains(&format!(">{hidden_name}<")));
        // Each public player's name leads to their page; nobody else's is a link.
        let public: BTreeSet<PlayerId> = fushi::db::players::public_players(&mut conn)
            .unwrap()
            .into_iter()
            .map(|p| p.id)
            .collect();
        let linked: Vec<_> = lines
            .iter()
            .filter(|l| public.contains(&l.player))
            .collect();
        assert!(!linked.is_empty() && linked.len() < lines.len());
        assert_eq!(page.body.matches("href=\"/p/").count(), linked.len());
        for l in linked {
            assert!(page.body.contains(&format!("href=\"/p/{}\"", l.player)));
        }
        assert!(!page.body.contains(&format!("/p/{hidden_id}\"")));
        let file = b.get_ok("/s/spring/series.csv").await;
        let text = String::from_utf8(file.bytes.clone()).unwrap();
        let text = text.trim_start_matches('\u{feff}');
        assert_eq!(text.lines().count(), lines.len() + 1);
        assert!(!text.contains(&format!("{hidden_id},")));
        for (line, l) in text.lines().skip(1).zip(&lines) {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells[0], l.rank.to_string());
            assert_eq!(cells[4], fushi::rules::rational::decimals(&l.points, 2));
        }
        // Marked finished: it counts, and the page says so.
        fushi::db::standing::set_finished_as(&mut conn, open, true, "dora").unwrap();
        let page = b.get_ok("/s/spring").await;
        assert_eq!(page.body.matches("in progress").count(), unfinished - 1);
        let now =
            ratings::series_standings(&mut conn, "spring", None, ratings::Counting::Published)
                .unwrap()
                .unwrap();
        assert_ne!(now, lines);
        assert_eq!(
            page.body.matches("<td class=\"num rank\">").count(),
            now.len()
        );
        assert_eq!(
            b.get("/s/nope").await.status,
            actix_web::http::StatusCode::NOT_FOUND
        );
        // Printable: an A4 PDF of the same standings.
        let pdf = b.get_ok("/s/spring/series.pdf").await;
        assert_eq!(pdf.content_type, "application/pdf");
        assert!(pdf.bytes.starts_with(b"%PDF"));
        assert!(pdf.bytes.len() > 2000, "{} bytes", pdf.bytes.len());
    }
}

/// The director's page of a tournament's series: make a series with it, set `count_best`
/// (a bad one refused at the form), join another tournament, order, leave.
#[actix_web::test]
async fn a_director_makes_orders_and_leaves_a_series() {
    use crate::common::http::browser;
    for db in backends() {
        crate::common::import_club_night(&db);
        let mut files = ArchiveFiles::read(&crate::common::club_night_dir()).unwrap();
        let toml = files
            .get("tournament.toml")
            .unwrap()
            .replace("slug = \"club-night\"", "slug = \"club-night-2\"");
        files.insert("tournament.toml", toml);
        fushi::transfer::import(&mut db.open(), &files).unwrap();
        let mut b = browser(&db).await;
        b.get_ok("/d/club-night/series").await.has("in no series");
        let made = b
            .post(
                "/d/club-night/series",
                &[
                    ("action", "create"),
                    ("name", "Winter league 冬季"),
                    ("series_slug", "winter"),
                    ("count_best", "3"),
                ],
            )
            .await;
        assert_eq!(made.status, actix_web::http::StatusCode::SEE_OTHER);
        let page = b.get_ok("/d/club-night/series").await;
        page.has("The series is saved.")
            .has("/s/winter")
            .has("value=\"3\"");
        // A count that is not a positive number is refused, saying why.
        let bad = b
            .post(
                "/d/club-night/series",
                &[
                    ("action", "settings"),
                    ("series", "winter"),
                    ("name", "Winter league 冬季"),
                    ("count_best", "0"),
                ],
            )
            .await;
        assert_eq!(
            bad.status,
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
        );
        bad.has("must be a positive whole number");
        b.post(
            "/d/club-night-2/series",
            &[("action", "join"), ("series", "winter")],
        )
        .await;
        let order = |conn: &mut DbConnection| -> Vec<String> {
            db::series::members(conn, "winter")
                .unwrap()
                .into_iter()
                .map(|m| m.slug)
                .collect()
        };
        assert_eq!(order(&mut db.open()), ["club-night", "club-night-2"]);
        b.post(
            "/d/club-night/series",
            &[
                ("action", "up"),
                ("series", "winter"),
                ("event", "club-night-2"),
            ],
        )
        .await;
        assert_eq!(order(&mut db.open()), ["club-night-2", "club-night"]);
        let public = b.get_ok("/s/winter").await;
        let (first, second) = (
            public.body.find("/t/club-night-2\"").unwrap(),
            public.body.find("/t/club-night\"").unwrap(),
        );
        assert!(first < second);
        // The export names the series; leaving takes it out.
        let settings = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        assert!(
            settings
                .get("tournament.toml")
                .unwrap()
                .contains("series = \"winter\"")
        );
        b.post("/d/club-night/series", &[("action", "leave")]).await;
        assert_eq!(order(&mut db.open()), ["club-night-2"]);
        let settings = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        assert!(!settings.get("tournament.toml").unwrap().contains("series"));
    }
}

/// The series page in a browser at 1280 and 390 px: the standings fit (no sideways scroll
/// of the page), and when the tournament in progress is marked finished the open page
/// takes the new standings in place.
#[actix_web::test]
async fn the_series_page_in_a_browser_fits_and_follows_a_finished_event() {
    use crate::common::browser::{
        browser_tools, goto_in, main_text, open_browser, screenshot, scrolls_sideways, serve_on,
        set_view,
    };
    let Some(tools) = browser_tools() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let Some(season) = generated(5, dir.path()).map(storable) else {
        return;
    };
    let db = TestDb::sqlite();
    let mut conn = db.open();
    let public = players_csv(&season).replace(",no\n", ",yes\n");
    players::file::import(&mut conn, "players.csv", &public, ADMIN).unwrap();
    let ts = season["tournaments"].as_array().unwrap();
    for t in ts {
        import(&mut conn, &season, t);
    }
    db::series::create(&mut conn, "spring", "Spring league 春季联赛", Some(3)).unwrap();
    for t in ts {
        db::series::set_series(&mut conn, t["slug"].as_str().unwrap(), Some("spring")).unwrap();
    }
    let open = ts
        .iter()
        .find(|t| t["finished"].as_bool().unwrap())
        .unwrap()["slug"]
        .as_str()
        .unwrap();
    fushi::db::standing::set_finished_as(&mut conn, open, false, "dora").unwrap();
    let before = ratings::series_standings(&mut conn, "spring", None, ratings::Counting::Published)
        .unwrap()
        .unwrap();
    // A port of this helper's own range, not a free one drawn at random.
    let (_server, base) = serve_on(&db, 18150);
    let (_driver, client) = open_browser(&tools, 1280, 900).await;
    for width in [1280, 390] {
        set_view(&client, width).await;
        goto_in(&client, &base, "/s/spring", "en").await;
        let text = main_text(&client).await;
        assert!(text.contains("Spring league"), "{text}");
        assert!(text.contains("in progress"), "{text}");
        assert!(
            !scrolls_sideways(&client).await,
            "{width} px scrolls sideways"
        );
        screenshot(&client, &format!("series-{width}")).await;
    }
    // The page open while the tournament in progress is marked finished: it follows that
    // tournament's event stream and takes the new standings in place, without a reload.
    client
        .execute(
            "document.body.setAttribute('data-not-reloaded', '1');",
            vec![],
        )
        .await
        .unwrap();
    let rows_now = "return [document.querySelectorAll('table.series-standings tbody tr').length, \
                    document.querySelector('main').textContent.split('in progress').length - 1, \
                    document.body.getAttribute('data-not-reloaded')];";
    let in_progress = client.execute(rows_now, vec![]).await.unwrap()[1]
        .as_u64()
        .unwrap() as usize;
    fushi::db::standing::set_finished_as(&mut conn, open, true, "dora").unwrap();
    let after = ratings::series_standings(&mut conn, "spring", None, ratings::Counting::Published)
        .unwrap()
        .unwrap();
    assert_ne!(before, after);
    let started = std::time::Instant::now();
    loop {
        let got = client.execute(rows_now, vec![]).await.unwrap();
        let rows = got[0].as_u64().unwrap() as usize;
        let shown = got[1].as_u64().unwrap() as usize;
        if rows == after.len() && shown + 1 == in_progress {
            assert_eq!(got[2].as_str(), Some("1"), "the page was reloaded");
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(15),
            "the series page did not follow: {rows} rows (want {}), {shown} in progress",
            after.len()
        );
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let first = client
        .execute(
            "return document.querySelector('table.series-standings tbody tr th').textContent;",
            vec![],
        )
        .await
        .unwrap();
    let names = fushi::db::players::names(&mut conn).unwrap();
    assert_eq!(first.as_str().unwrap().trim(), names[&after[0].player]);
}
