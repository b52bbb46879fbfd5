//! Generated schedules through HTTP: a whole round robin (single and double), Swiss round 1
//! by lots with a recorded seed, Swiss round 2 down the standings with its explanation,
//! the refusal while the previous round is open and the recorded override, hand edits with
//! warnings, and the lock once results have begun. SQLite, and PostgreSQL when
//! `FUSHI_TEST_POSTGRES` is set.

use crate::common;
use fushi::rules::TeamNo;

use std::collections::{HashMap, HashSet};

use actix_web::body::MessageBody;
use actix_web::http::StatusCode;
use common::http::{Browser, Page, TestApp, anonymous, browser};
use common::{TestDb, backends, pairings_form, refs, table_entry};
use fushi::archive::ArchiveFiles;
use fushi::db;
use fushi::rules::{EntryFigures, Event, LastTrick, PairingMethod, Room, TableResult};

const SLUG: &str = "sched";

/// Four teams without clubs or members.
const FOUR_TEAMS: &str = "team_no,name,club,members\n1,A,,\n2,B,,\n3,C,,\n4,D,,\n";

fn tournament_toml() -> String {
    format!(
        "name = \"Schedule Test\"\nslug = \"{SLUG}\"\npublished = true\ndecks = 2\nrules = \"standard\"\n"
    )
}

/// Five teams; 1 and 3 are of the same club.
const TEAMS_CSV: &str = "team_no,name,club,members
1,Alpha,East,A1;A2;A3;A4
2,Beta,,B1;B2;B3;B4
3,Gamma,East,C1;C2;C3;C4
4,Delta,,D1;D2;D3;D4
5,Echo,,E1;E2;E3;E4
";

fn import(db: &TestDb, teams_csv: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tournament.toml"), tournament_toml()).unwrap();
    std::fs::write(dir.path().join("teams.csv"), teams_csv).unwrap();
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

fn event(db: &TestDb) -> Event {
    db::load_event(&mut db.open(), SLUG).unwrap().unwrap()
}

/// (home, away) of every match of `round`, and its bye.
fn pairs(e: &Event, round: i32) -> (Vec<(i32, i32)>, Option<i32>) {
    let r = e.rounds.iter().find(|r| r.number == round).unwrap();
    let mut bye = None;
    let mut out = Vec::new();
    for m in &r.matches {
        match m.away {
            Some(a) => out.push((m.home.get(), a.get())),
            None => bye = Some(m.home.get()),
        }
    }
    (out, bye)
}

/// Planned (home, away) pairs as numbers, to compare with [`pairs`].
fn numbers(planned: &[(TeamNo, TeamNo)]) -> Vec<(i32, i32)> {
    planned.iter().map(|&(h, a)| (h.get(), a.get())).collect()
}

/// Results for every board of the match at `table` in `round`: the declarers keep the
/// defenders to 0 points in both rooms, so every swing is 0 and the match is drawn.
fn complete_match(db: &TestDb, round: i32, table: i32, boards: i32) {
    let entry = table_entry(EntryFigures {
        trick_points: Some(0),
        last_trick: Some(LastTrick::Declarer),
        ..EntryFigures::default()
    });
    let mut results = Vec::new();
    for board in 1..=boards {
        for room in [Room::Open, Room::Closed] {
            results.push(TableResult {
                room,
                board,
                entry: entry.clone(),
            });
        }
    }
    assert!(
        crate::common::edits::save_match_results(&mut db.open(), SLUG, round, table, &results)
            .unwrap()
    );
}

/// One result only: the match has begun.
fn begin_match(db: &TestDb, round: i32, table: i32) {
    let entry = table_entry(EntryFigures {
        trick_points: Some(85),
        last_trick: Some(LastTrick::Declarer),
        ..EntryFigures::default()
    });
    let results = [TableResult {
        room: Room::Open,
        board: 1,
        entry,
    }];
    assert!(
        crate::common::edits::save_match_results(&mut db.open(), SLUG, round, table, &results)
            .unwrap()
    );
}

/// The value of the hidden or visible input called `name`.
/// A new round of `boards` boards at `level`, trump named at the table, from the rounds
/// page.
async fn add_round<B: MessageBody>(b: &mut Browser<impl TestApp<B>>, boards: &str, level: &str) {
    let new_round = [("boards", boards), ("level", level), ("trump", "")];
    b.submit(&format!("/d/{SLUG}/rounds"), &new_round).await;
}

/// Round 1 added and its Swiss pairing by team number saved: the page after saving.
async fn swiss_round_one<B: MessageBody>(b: &mut Browser<impl TestApp<B>>) -> Page {
    add_round(b, "2", "2").await;
    let form = [("method", "swiss"), ("first", "number")];
    b.submit(&format!("/d/{SLUG}/rounds/1/generate/confirm"), &form)
        .await
}

fn input(page: &Page, name: &str) -> String {
    let body = &page.body;
    let start = body
        .find(&format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no input {name}"));
    let rest = &body[start + name.len() + 15..];
    rest[..rest.find('"').unwrap()].to_owned()
}

/// The part of a page from `from` to the end of the next table.
fn table_after<'a>(page: &'a Page, from: &str) -> &'a str {
    let start = page.body.find(from).unwrap_or_else(|| panic!("no {from}"));
    let rest = &page.body[start..];
    &rest[..rest.find("</table>").unwrap()]
}

#[actix_web::test]
async fn a_whole_round_robin_for_five_teams() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        let page = b.get_ok(&format!("/d/{SLUG}/schedule")).await;
        page.has("Generate a whole round robin")
            .has("Every one of the 5 teams meets every other")
            .has("with 8 boards each");

        let page = b.post(&format!("/d/{SLUG}/schedule"), &[]).await;
        assert_eq!(page.status, StatusCode::OK);
        page.has("5 rounds.")
            .has("round robin, Berger round 1")
            .has("round robin, Berger round 5")
            .has("(new round)");
        // Nothing is saved by the preview.
        assert!(event(&db).rounds.is_empty());

        let page = b.submit(&format!("/d/{SLUG}/schedule/confirm"), &[]).await;
        assert_eq!(page.status, StatusCode::OK);
        page.has("Round robin schedule saved.");
        let e = event(&db);
        assert_eq!(e.rounds.len(), 5);
        assert_eq!(e.settings.pairing, PairingMethod::RoundRobin);
        // In the audit trail: three tables a round, and the pairing method.
        let trail = fushi::db::audit::full_trail(&mut db.open(), SLUG)
            .unwrap()
            .unwrap();
        assert_eq!(trail.iter().filter(|a| a.area == "pairings").count(), 15);
        assert!(trail.iter().any(|a| a.area == "settings"
            && a.subject == "pairing"
            && a.before == "\"manual\""
            && a.after == "\"round_robin\""
            && a.user_name == "admin"));
        let mut met: HashMap<(i32, i32), u32> = HashMap::new();
        let mut byes: HashMap<i32, u32> = HashMap::new();
        for r in &e.rounds {
            assert_eq!(r.boards.len(), 8);
            // Tables 1…n for the matches, the bye after them.
            let tables: Vec<i32> = r.matches.iter().map(|m| m.table).collect();
            assert_eq!(tables, [1, 2, 3]);
            assert!(
                r.matches[2].away.is_none(),
                "the bye sits after the matches"
            );
            let (ps, bye) = pairs(&e, r.number);
            assert_eq!(ps.len(), 2);
            *byes.entry(bye.unwrap()).or_default() += 1;
            for (h, a) in ps {
                *met.entry((h.min(a), h.max(a))).or_default() += 1;
            }
        }
        assert_eq!(met.len(), 10, "every pair meets");
        assert!(met.values().all(|&n| n == 1), "once");
        assert_eq!(byes.len(), 5);
        assert!(byes.values().all(|&n| n == 1), "one bye per team");

        // Visible on the director's and the public pages, with the explanation.
        let page = b.get(&format!("/d/{SLUG}/rounds")).await;
        page.has("Round 5");
        let page = b.get_ok(&format!("/t/{SLUG}/rounds/3")).await;
        page.has("Why these pairings")
            .has("round robin, Berger round 3");
        let page = b.get(&format!("/d/{SLUG}/rounds/3/generate")).await;
        page.has("Pairings generated (Round robin)");

        // The archive records the method.
        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        let toml = files.get("tournament.toml").unwrap().to_owned();
        assert!(toml.ends_with("pairing = \"round_robin\"\n"), "{toml}");

        // A second whole schedule is refused once results have begun.
        begin_match(&db, 1, 1);
        let page = b.post(&format!("/d/{SLUG}/schedule"), &[]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Rounds 1 already have results");
    }
}

/// The five teams of [`TEAMS_CSV`] paired as a whole round robin before play (through the
/// director's schedule page), round 1 then played and round 2's draw published: the report
/// after round 1.
pub(crate) async fn whole_round_robin_after_round_one(db: &TestDb) -> fushi::rules::Report {
    import(db, TEAMS_CSV);
    let mut b = browser(db).await;
    b.post(&format!("/d/{SLUG}/schedule"), &[]).await;
    b.submit(&format!("/d/{SLUG}/schedule/confirm"), &[])
        .await
        .has("Round robin schedule saved.");
    for table in 1..=2 {
        complete_match(db, 1, table, 8);
    }
    // Round 2's draw published, as the director does before it is played.
    b.submit(
        &format!("/d/{SLUG}/rounds/2/draw"),
        &[("action", "publish")],
    )
    .await;
    fushi::rules::Report::compute(&event(db))
}

/// A round robin is paired whole before anything is played, but each round's page gives
/// the teams' ranks and scores before that round as they stand when it is shown, not the
/// zeros of when the schedule was made.
#[actix_web::test]
async fn the_ranks_before_a_round_are_those_of_when_it_is_shown() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        b.post(&format!("/d/{SLUG}/schedule"), &[]).await;
        b.submit(&format!("/d/{SLUG}/schedule/confirm"), &[])
            .await
            .has("Round robin schedule saved.");
        for table in 1..=2 {
            complete_match(&db, 1, table, 8);
        }
        let e = event(&db);
        let report = fushi::rules::Report::compute(&e);
        let page = b.get_ok(&format!("/t/{SLUG}/rounds/2")).await;
        let explained = table_after(&page, "Why these pairings");
        let (_, bye) = pairs(&e, 1);
        let leader = &report.standings[0];
        assert_ne!(leader.score.two_decimals(), "0.00");
        assert!(
            explained.contains(&format!(
                "<td class=\"num\">{}</td>",
                leader.score.two_decimals()
            )),
            "the leader's score after round 1: {explained}"
        );
        let field = fushi::schedule::draft::Field::before(&e, 2);
        let (first, _) = pairs(&e, 2);
        for (home, away) in first {
            for team in [home, away] {
                let rank = field.rank[&TeamNo(team)].0;
                assert_ne!(rank, 0);
                assert!(
                    explained.contains(&format!(
                        "{team} {}</td><td class=\"num\">{rank}</td>",
                        e.team(TeamNo(team)).unwrap().name
                    )),
                    "team {team} ranked {rank} (bye {bye:?}): {explained}"
                );
            }
        }
    }
}

#[actix_web::test]
async fn a_double_round_robin_swaps_home_and_away() {
    for db in backends() {
        import(&db, FOUR_TEAMS);
        let mut b = browser(&db).await;
        // An existing first round keeps its boards and gives its count to the new ones.
        add_round(&mut b, "3", "5").await;
        let page = b
            .post(&format!("/d/{SLUG}/schedule"), &[("double", "yes")])
            .await;
        page.has("6 rounds.").has("with 3 boards each");
        let page = b
            .submit(&format!("/d/{SLUG}/schedule/confirm"), &[("double", "yes")])
            .await;
        page.has("Round robin schedule saved.");
        let e = event(&db);
        assert_eq!(e.rounds.len(), 6);
        assert!(e.rounds.iter().all(|r| r.boards.len() == 3));
        assert_eq!(e.rounds[5].boards[0].level.code(), "5");
        for k in 1..=3 {
            let (first, bye) = pairs(&e, k);
            let (second, _) = pairs(&e, k + 3);
            assert!(bye.is_none());
            let swapped: Vec<(i32, i32)> = first.iter().map(|&(h, a)| (a, h)).collect();
            assert_eq!(second, swapped, "round {} mirrors round {k}", k + 3);
        }
        let page = b.get(&format!("/t/{SLUG}/rounds/5")).await;
        page.has("round robin, Berger round 2");
    }
}

#[actix_web::test]
async fn swiss_round_one_by_lots_with_a_recorded_seed() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        add_round(&mut b, "2", "2").await;
        let path = format!("/d/{SLUG}/rounds/1/generate");
        let page = b.get_ok(&path).await;
        page.has("Generate the pairings of round 1")
            .has("By drawing lots");

        let form = [("method", "swiss"), ("first", "lots"), ("seed", "12345")];
        let first = b.post(&path, &form).await;
        assert_eq!(first.status, StatusCode::OK);
        first
            .has("Lots drawn with seed 12345.")
            .has("first round: partners drawn by lot (seed 12345)")
            .has("Nothing is saved until you confirm.");
        let again = b.post(&path, &form).await;
        assert_eq!(
            table_after(&first, "<table"),
            table_after(&again, "<table"),
            "the same seed draws the same pairing"
        );
        assert!(event(&db).rounds[0].matches.is_empty());

        let page = b.submit(&format!("{path}/confirm"), &form).await;
        page.has("Generated pairings saved.");
        let e = event(&db);
        assert_eq!(e.settings.swiss_seed, Some(12345));
        assert_eq!(e.settings.pairing, PairingMethod::Swiss);
        let expected =
            fushi::schedule::first_round(&[1, 2, 3, 4, 5].map(TeamNo), Some(12345)).plan();
        let (saved, bye) = pairs(&e, 1);
        assert_eq!(saved, numbers(&expected.pairs));
        assert_eq!(bye, expected.bye.map(TeamNo::get));
        let files = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        let toml = files.get("tournament.toml").unwrap().to_owned();
        assert!(
            toml.ends_with("pairing = \"swiss\"\nswiss_seed = 12345\n"),
            "{toml}"
        );

        // A blank seed draws a random one, shown and carried to the confirmation.
        let page = b
            .post(
                &path,
                &[("method", "swiss"), ("first", "lots"), ("seed", "")],
            )
            .await;
        let seed = input(&page, "seed");
        assert_eq!(seed.len(), 9, "a nine-digit seed: {seed}");
        page.has(&format!("Lots drawn with seed {seed}."));

        // In Chinese.
        b.accept_language = "zh".into();
        let page = b.post(&path, &form).await;
        page.has("第 1 轮配对方案")
            .has("首轮：抽签决定对手（种子 12345）")
            .has("抽签种子 12345。");
        let page = b.get(&path).await;
        page.has("自动编排第 1 轮").has("瑞士制");
    }
}

#[actix_web::test]
async fn swiss_round_two_pairs_down_the_standings_with_explanations() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        swiss_round_one(&mut b)
            .await
            .has("Generated pairings saved.");
        let (r1, bye1) = pairs(&event(&db), 1);
        assert_eq!(r1, [(1, 2), (3, 4)]);
        assert_eq!(bye1, Some(5));
        complete_match(&db, 1, 1, 2);
        complete_match(&db, 1, 2, 2);

        add_round(&mut b, "2", "2").await;
        let path = format!("/d/{SLUG}/rounds/2/generate");
        let swiss = [("method", "swiss")];
        let page = b.post(&path, &swiss).await;
        assert_eq!(page.status, StatusCode::OK);
        // Standings after round 1, worked out by hand (docs/rules.md §3–§7): each board has
        // P = 0 in both rooms, so s = +3 for the declarers in both (two decks, `standard`).
        // Board 1 (dealer N): the home team declares in the open room (+3) and the away team
        // in the closed room (−3 for home); board 2 (dealer E) the other way round. Every
        // swing is 0, so both matches are drawn 10.00 : 10.00 under vp20, and team 5's bye
        // scores 12.00. Teams 1–4 are level on every tie-break (head-to-head 10.00, no
        // swings, no points, no boards won), so the pairing takes them in team number order
        // after team 5: places 2 to 5. Team 5 cannot have a second bye: the last team, 4, has
        // it.
        let explained: String = table_after(&page, "Proposed pairings for round 2")
            .lines()
            .map(str::trim)
            .collect();
        for (team, place, score) in [
            ("5 Echo", 1, "12.00"),
            ("1 Alpha", 2, "10.00"),
            ("2 Beta", 3, "10.00"),
            ("3 Gamma", 4, "10.00"),
        ] {
            let row = format!(
                "<td>{team}</td><td class=\"num\">{place}</td><td class=\"num\">{score}</td>"
            );
            assert!(explained.contains(&row), "{row} in {explained}");
        }
        page.has("<strong>Bye:</strong> 4 Delta</p>");
        page.lacks("already met");

        b.submit(&format!("{path}/confirm"), &swiss)
            .await
            .has("Generated pairings saved.");
        let e = event(&db);
        let (r2, bye2) = pairs(&e, 2);
        assert_eq!(r2.len(), 2);
        let round1: HashSet<(i32, i32)> = r1.iter().map(|&(h, a)| (h.min(a), h.max(a))).collect();
        for (h, a) in &r2 {
            assert!(!round1.contains(&(*h.min(a), *h.max(a))), "no rematch");
        }
        assert_ne!(bye2, Some(5), "no second bye for 5");
        assert!(bye2.is_some());

        // The explanation survives a reload and is shown to players.
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        page.has("Why these pairings").has("12.00");
        let has_reason = [
            "next in the standings, not met before",
            "nearest in the standings still free",
            "was met in round 1",
        ]
        .iter()
        .any(|r| page.body.contains(r));
        assert!(has_reason, "{}", page.body);
        b.accept_language = "zh".into();
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        page.has("配对理由");
    }
}

#[actix_web::test]
async fn an_open_previous_round_is_refused_unless_overridden_and_the_override_is_recorded() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        swiss_round_one(&mut b).await;
        complete_match(&db, 1, 1, 2);
        add_round(&mut b, "2", "2").await;

        let path = format!("/d/{SLUG}/rounds/2/generate");
        let page = b.get(&path).await;
        page.has("The previous round is not complete: tables 2 have no final result yet.")
            .has("Pair anyway");
        let page = b.post(&path, &[("method", "swiss")]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Nothing was generated")
            .has("The previous round is not complete (tables 2).");
        let page = b
            .post(&format!("{path}/confirm"), &[("method", "swiss")])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(pairs(&event(&db), 2).0.is_empty(), "nothing saved");

        // Pairing anyway is still refused while the open match's boards are unreleased:
        // the draw would rank by results the public cannot see (docs/rules.md §5).
        let form = [("method", "swiss"), ("override", "yes")];
        let page = b.post(&path, &form).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Round 1, board 1 is not released to the public yet");
        assert!(pairs(&event(&db), 2).0.is_empty(), "nothing saved");
        // The director releases round 1 (a match that will not finish): then it pairs.
        let released = b
            .post(
                &format!("/d/{SLUG}/rounds/1/release"),
                &[("action", "release")],
            )
            .await;
        assert!(released.status.is_redirection(), "{}", released.status);
        let page = b.post(&path, &form).await;
        assert_eq!(page.status, StatusCode::OK);
        page.has("saving records that you paired anyway");
        b.submit(&format!("{path}/confirm"), &form)
            .await
            .has("Generated pairings saved.");
        assert_eq!(pairs(&event(&db), 2).0.len(), 2);
        let page = b.get(&path).await;
        page.has("Paired although the previous round was not complete");
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        page.has("Paired although the previous round was not complete");
        let page = b.get(&format!("/d/{SLUG}/rounds/2")).await;
        page.has("Paired although the previous round was not complete")
            .has("Pairings generated (Swiss)");
        b.accept_language = "zh".into();
        let page = b.get(&path).await;
        page.has("上一轮未完成时仍然编排");
    }
}

#[actix_web::test]
async fn hand_edits_are_warned_about_and_a_started_round_is_locked_until_unlocked() {
    for db in backends() {
        import(&db, TEAMS_CSV);
        let mut b = browser(&db).await;
        swiss_round_one(&mut b).await;
        complete_match(&db, 1, 1, 2);
        complete_match(&db, 1, 2, 2);
        add_round(&mut b, "2", "2").await;
        let path = format!("/d/{SLUG}/rounds/2/generate");
        b.submit(&format!("{path}/confirm"), &[("method", "swiss")])
            .await
            .has("Generated pairings saved.");
        let page = b.get(&format!("/d/{SLUG}/rounds/2/pairings")).await;
        page.lacks("already met");

        // By hand: 2–1 and 3–4 again (met in round 1), and 5 gets a second bye. Allowed,
        // with warnings.
        let page = b
            .submit(
                &format!("/d/{SLUG}/rounds/2/pairings"),
                &refs(&pairings_form(&[
                    ("1", "2", "1"),
                    ("2", "3", "4"),
                    ("3", "5", ""),
                ])),
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let (saved, _) = pairs(&event(&db), 2);
        assert!(saved.contains(&(2, 1)));
        let page = b.get(&format!("/d/{SLUG}/rounds/2/pairings")).await;
        page.has("Check before the round starts")
            .has("2 Beta and 1 Alpha already met in round 1.")
            .has("5 Echo already had a bye in round 1.")
            .has("3 Gamma and 4 Delta already met in round 1.");
        // A hand edit drops the explanation of the tables it changed.
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        page.has("Pairings generated (Swiss)")
            .lacks("table class=\"list explained\"");
        b.accept_language = "zh".into();
        let page = b.get(&format!("/d/{SLUG}/rounds/2/pairings")).await;
        page.has("本轮开始前请检查").has("已在第 1 轮相遇");
        b.accept_language = "en".into();

        // Same club, with the option on: 1 and 3 are both East.
        let page = b
            .post(
                &format!("/d/{SLUG}/rounds/2/pairings"),
                &refs(&pairings_form(&[
                    ("1", "1", "3"),
                    ("2", "2", "5"),
                    ("3", "4", ""),
                ])),
            )
            .await;
        assert!(page.status.is_redirection());
        b.get(&format!("/d/{SLUG}/rounds/2/pairings"))
            .await
            .has("1 Alpha and 3 Gamma are both of East.");

        // Results begin: the round is locked against generation.
        begin_match(&db, 2, 2);
        let page = b.get(&path).await;
        page.has("Locked: results have begun");
        let page = b.post(&path, &[("method", "swiss")]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("This round has results and is locked against re-pairing.");
        // Hand edits are locked too: swapping home and away at table 1 is refused.
        let swapped = pairings_form(&[("1", "3", "1"), ("2", "2", "5"), ("3", "4", "")]);
        let pairings = format!("/d/{SLUG}/rounds/2/pairings");
        let page = b.post(&pairings, &refs(&swapped)).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("so its pairings are locked");
        let e = event(&db);
        let r2 = e.rounds.iter().find(|r| r.number == 2).unwrap();
        let t1 = r2.matches.iter().find(|m| m.table == 1).unwrap();
        assert_eq!(
            (t1.home, t1.away),
            (TeamNo(1), Some(TeamNo(3))),
            "nothing changed"
        );

        // Unlocking needs the word.
        let unlock = format!("/d/{SLUG}/rounds/2/unlock");
        let page = b.post(&unlock, &[("confirm", "yes")]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("Type “unlock” to unlock the round.");
        let page = b.submit(&unlock, &[("confirm", "unlock")]).await;
        page.has("Round unlocked")
            .has("Unlocked for re-pairing although results had begun")
            .lacks("Locked: results have begun");
        // Unlocked, the hand edit goes through.
        let page = b.post(&pairings, &refs(&swapped)).await;
        assert!(page.status.is_redirection(), "{}", page.body);

        // Re-pairing keeps the match with results (table 2: 2–5) and pairs the others.
        let page = b.post(&path, &[("method", "swiss")]).await;
        assert_eq!(page.status, StatusCode::OK);
        page.has("Table 2: 2 Beta – 5 Echo (has results, kept)");
        // Before saving, the page compares with the saved pairings (table 1: 3–1 after the
        // hand edit, table 2: 2–5, table 3: 4's bye)…
        let at = page
            .body
            .find("class=\"schedule-difference\"")
            .expect("a comparison");
        let difference = &page.body[at..at + page.body[at..].find("</section>").unwrap()];
        let kept = &difference[difference.find("class=\"diff-same\"").unwrap()..];
        let kept = &kept[..kept.find("</ul>").unwrap()];
        assert!(kept.contains("Table 2: 2 Beta – 5 Echo"), "{difference}");
        // …and a meeting generated again keeps the saved home team and table: 3 Gamma
        // at home, as the hand edit had it, not 1 Alpha as Swiss ranks would have it.
        assert!(kept.contains("Table 1: 3 Gamma – 1 Alpha"), "{difference}");
        assert!(difference.contains("Meetings kept") && difference.contains("New meetings"));
        b.accept_language = "zh".into();
        b.post(&path, &[("method", "swiss")])
            .await
            .has("与已保存的对阵比较")
            .has("保持不变的对阵");
        b.accept_language = "en".into();
        b.submit(&format!("{path}/confirm"), &[("method", "swiss")])
            .await
            .has("Generated pairings saved.");
        let e = event(&db);
        let r2 = e.rounds.iter().find(|r| r.number == 2).unwrap();
        let kept = r2.matches.iter().find(|m| m.table == 2).unwrap();
        assert_eq!((kept.home, kept.away), (TeamNo(2), Some(TeamNo(5))));
        assert_eq!(kept.results.len(), 1);
        let again = r2.matches.iter().find(|m| m.table == 1).unwrap();
        assert_eq!(
            (again.home, again.away),
            (TeamNo(3), Some(TeamNo(1))),
            "saved home kept"
        );
        // The public explanation lists every match, the one kept for its results included.
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        let at = page.body.find("table class=\"list explained\"").unwrap();
        let explained = &page.body[at..at + page.body[at..].find("</table>").unwrap()];
        let played = r2.matches.iter().filter(|m| m.away.is_some()).count();
        assert_eq!(explained.matches("<th scope=\"row\"").count(), played);
        assert!(explained.contains("kept for its results"), "{explained}");
        b.accept_language = "zh".into();
        b.get(&format!("/t/{SLUG}/rounds/2"))
            .await
            .has("因已有成绩而保留");
        b.accept_language = "en".into();
        let teams: HashSet<TeamNo> = r2
            .matches
            .iter()
            .flat_map(|m| [Some(m.home), m.away])
            .flatten()
            .collect();
        assert_eq!(teams.len(), 5, "every team once");
        // Generating locked it again.
        b.get(&path).await.has("Locked: results have begun");

        // Unknown rounds are 404.
        let page = b.get(&format!("/d/{SLUG}/rounds/9/generate")).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        let page = b
            .post(
                &format!("/d/{SLUG}/rounds/9/unlock"),
                &[("confirm", "unlock")],
            )
            .await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn pairing_and_swiss_seed_round_trip_through_the_archive_byte_for_byte() {
    for db in backends() {
        let toml = format!(
            "{}bottom_multiplier = \"exponential\"\nmatch_scoring = \"vp20\"\nvp_blitz = 5.0\nwin_draw_loss = [2, 1, 0]\nbye_score = 12.0\ntiebreaks = [\"head_to_head\", \"level_quotient\", \"level_diff\", \"point_diff\", \"boards_won\"]\npairing = \"swiss\"\nswiss_seed = 9223372036854775807\n",
            tournament_toml()
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("tournament.toml"), &toml).unwrap();
        std::fs::write(dir.path().join("teams.csv"), TEAMS_CSV).unwrap();
        let files = ArchiveFiles::read(dir.path()).unwrap();
        fushi::transfer::import(&mut db.open(), &files).unwrap();
        let e = event(&db);
        assert_eq!(e.settings.pairing, PairingMethod::Swiss);
        assert_eq!(e.settings.swiss_seed, Some(i64::MAX as u64));
        let out = fushi::transfer::export(&mut db.open(), SLUG).unwrap();
        assert_eq!(out.get("tournament.toml").unwrap(), toml);

        // The settings form shows and keeps them.
        let mut b = browser(&db).await;
        let page = b.get_ok(&format!("/d/{SLUG}/settings")).await;
        page.has("<option value=\"swiss\" selected>Swiss</option>")
            .has("value=\"9223372036854775807\"");

        // The example without the keys exports them not at all.
        let club = ArchiveFiles::read(std::path::Path::new("examples/club-night")).unwrap();
        let original = club.get("tournament.toml").unwrap().to_owned();
        assert!(!original.contains("pairing"));
        fushi::transfer::import(&mut db.open(), &club).unwrap();
        let slug = fushi::archive::parse(&club).unwrap().event.settings.slug;
        let out = fushi::transfer::export(&mut db.open(), &slug).unwrap();
        assert_eq!(out.get("tournament.toml").unwrap(), original);
    }
}

#[actix_web::test]
async fn when_every_pairing_is_a_rematch_the_page_says_so_and_gives_the_fewest() {
    for db in backends() {
        import(&db, FOUR_TEAMS);
        let mut b = browser(&db).await;
        add_round(&mut b, "1", "2").await;
        b.submit(&format!("/d/{SLUG}/schedule/confirm"), &[])
            .await
            .has("Round robin schedule saved.");
        for round in 1..=3 {
            complete_match(&db, round, 1, 1);
            complete_match(&db, round, 2, 1);
        }
        add_round(&mut b, "1", "2").await;
        let page = b
            .post(
                &format!("/d/{SLUG}/rounds/4/generate"),
                &[("method", "swiss")],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK);
        page.has(
            "No pairing without rematches exists; this one has 2 rematch(es), the fewest possible.",
        )
        .has("a second meeting (first in round");
        b.accept_language = "zh".into();
        let page = b
            .post(
                &format!("/d/{SLUG}/rounds/4/generate"),
                &[("method", "swiss")],
            )
            .await;
        page.has("不存在没有重复相遇的配对；本方案有 2 场重复相遇，已是最少。");
    }
}

#[actix_web::test]
async fn a_round_robin_one_round_at_a_time() {
    for db in backends() {
        import(&db, FOUR_TEAMS);
        let mut b = browser(&db).await;
        add_round(&mut b, "1", "2").await;
        let page = b.get(&format!("/d/{SLUG}/rounds")).await;
        page.has(&format!("href=\"/d/{SLUG}/schedule\""))
            .has(&format!("href=\"/d/{SLUG}/rounds/1/generate\""));
        let rr = [("method", "round_robin")];
        let page = b.post(&format!("/d/{SLUG}/rounds/1/generate"), &rr).await;
        page.has("round robin, Berger round 1")
            .lacks("No pairing without");
        b.submit(&format!("/d/{SLUG}/rounds/1/generate/confirm"), &rr)
            .await
            .has("Generated pairings saved.");
        let plans = fushi::schedule::round_robin(&[1, 2, 3, 4].map(TeamNo), false);
        assert_eq!(pairs(&event(&db), 1).0, numbers(&plans[0].pairs));
        complete_match(&db, 1, 1, 1);
        complete_match(&db, 1, 2, 1);
        add_round(&mut b, "1", "2").await;
        b.submit(&format!("/d/{SLUG}/rounds/2/generate/confirm"), &rr)
            .await
            .has("Generated pairings saved.");
        assert_eq!(pairs(&event(&db), 2).0, numbers(&plans[1].pairs));
        let page = b.get(&format!("/t/{SLUG}/rounds/2")).await;
        page.has("round robin, Berger round 2");
    }
}

/// A tournament `slug` with `teams_csv`, otherwise as [`tournament_toml`].
fn import_as(db: &TestDb, slug: &str, teams_csv: &str) {
    let dir = tempfile::tempdir().unwrap();
    let toml =
        tournament_toml().replace(&format!("slug = \"{SLUG}\""), &format!("slug = \"{slug}\""));
    std::fs::write(dir.path().join("tournament.toml"), toml).unwrap();
    std::fs::write(dir.path().join("teams.csv"), teams_csv).unwrap();
    let files = ArchiveFiles::read(dir.path()).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// Five teams linked to players of the rated club night ([`rated_linked_club_night`]: its
/// members are `P1` … in team and member order): team 1 has two members not linked, team 5
/// none linked.
///
/// [`rated_linked_club_night`]: crate::web_players::rated_linked_club_night
const RATED_TEAMS_CSV: &str = "team_no,name,club,members,member_ids
1,North,,张伟;李娜;Guest One;Guest Two,P1;P2;;
2,South,,Alice Chen;Ben Wu,P6;P7
3,East,,赵建国;孙丽华;周明,P10;P11;P12
4,West,,Emma Liu;Frank Huang,P16;P17
5,Centre,,Nobody One;Nobody Two,
";

#[actix_web::test]
async fn swiss_round_one_by_rating_shows_the_figures_to_directors_only() {
    use fushi::rules::rational::{Rational, decimals};
    for db in backends() {
        // Without a rated member the option says so and is refused.
        import_as(&db, "plain", TEAMS_CSV);
        let mut b = browser(&db).await;
        b.submit(
            "/d/plain/rounds",
            &[("boards", "2"), ("level", "2"), ("trump", "")],
        )
        .await;
        b.get_ok("/d/plain/rounds/1/generate")
            .await
            .has("By rating: each team&#39;s seed")
            .has("value=\"rating\" disabled")
            .has("No team has a member with a rating yet");
        let refused = b
            .post(
                "/d/plain/rounds/1/generate",
                &[("method", "swiss"), ("first", "rating")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        refused.has("No team has a member with a rating: seeding by rating would only be");

        crate::web_players::rated_linked_club_night(&db);
        let ratings = db::ratings::current(&mut db.open()).unwrap();
        import(&db, RATED_TEAMS_CSV);
        // Each team's figure worked out here: the mean over all its members, 0 for a member
        // not linked or without a rated board.
        let e = event(&db);
        let figure = |n: i32| -> Rational {
            let team = e.team(TeamNo(n)).unwrap();
            let sum: Rational = (0..team.members.len())
                .filter_map(|i| team.member_id(i))
                .filter_map(|id| ratings.get(&id).map(|r| r.rating.clone()))
                .sum();
            sum / Rational::from_integer(team.members.len().into())
        };
        let mut order: Vec<i32> = (1..=5).collect();
        order.sort_by(|a, b| figure(*b).cmp(&figure(*a)).then(a.cmp(b)));
        assert!(
            (1..=4).any(|n| figure(n) != Rational::from_integer(0.into())),
            "the club night rated someone"
        );
        let expected_pairs = vec![(order[0], order[2]), (order[1], order[3])];

        add_round(&mut b, "2", "2").await;
        let path = format!("/d/{SLUG}/rounds/1/generate");
        b.get_ok(&path)
            .await
            .has("value=\"rating\">")
            .lacks("No team has a member with a rating yet");
        let form = [("method", "swiss"), ("first", "rating")];
        let preview = b.post(&path, &form).await;
        assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
        preview
            .has("Seeds by rating (shown to directors only)")
            .has("first round: seeded by the teams&#39; ratings")
            .has("no member linked to a player: counts 0")
            .has("2 of 4");
        let mut shown = Vec::new();
        for n in 1..=4 {
            let text = decimals(&figure(n), 3).replace('-', "−");
            preview.has(&format!("<td class=\"num seed-figure\">{text}</td>"));
            shown.push(text);
        }
        // Seeds in order: the first seed's line comes before the second's, and so on.
        let at = |n: i32| {
            let name = e.team(TeamNo(n)).unwrap().name.clone();
            let section = &preview.body[preview.body.find("seeds-title").unwrap()..];
            section.find(&format!("<td>{n} {name}</td>")).unwrap()
        };
        assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{order:?}");
        assert!(event(&db).rounds[0].matches.is_empty(), "nothing saved yet");

        // Ratings that moved between the proposal and the confirmation are not saved unseen.
        let seeds = input(&preview, "rating_seeds");
        let stale = [
            ("method", "swiss"),
            ("first", "rating"),
            ("rating_seeds", "0000000000000000"),
        ];
        let moved = b.post(&format!("{path}/confirm"), &stale).await;
        assert_eq!(moved.status, StatusCode::UNPROCESSABLE_ENTITY);
        moved.has("The ratings have changed since the proposal was shown");
        assert!(event(&db).rounds[0].matches.is_empty());

        let confirm = [
            ("method", "swiss"),
            ("first", "rating"),
            ("rating_seeds", seeds.as_str()),
        ];
        b.submit(&format!("{path}/confirm"), &confirm)
            .await
            .has("Generated pairings saved.");
        let (saved, bye) = pairs(&event(&db), 1);
        assert_eq!(saved, expected_pairs);
        assert_eq!(bye, Some(order[4]), "the lowest seed has the bye");
        // The trail keeps what the draw went by: each team's seed and figure.
        let (trail, _) = db::audit::audit_trail(&mut db.open(), SLUG, None, 0, 200)
            .unwrap()
            .unwrap();
        let kept: Vec<(String, String)> = trail
            .iter()
            .filter(|e| e.subject.ends_with(" seed"))
            .map(|e| (e.subject.clone(), e.after.clone()))
            .collect();
        assert_eq!(kept.len(), 5, "{kept:?}");
        for (i, n) in order.iter().enumerate() {
            let written = if *n == 5 {
                "none".to_owned()
            } else {
                decimals(&figure(*n), 3)
            };
            let row = (
                format!("round 1 team {n} seed"),
                format!("seed={} figure={written}", i + 1),
            );
            assert!(kept.contains(&row), "{row:?} in {kept:?}");
        }
        b.get_ok(&format!("/d/{SLUG}/audit"))
            .await
            .has("round 1 team 5 seed by rating")
            .has(&format!(
                "seed {}, no member linked to a player",
                order.iter().position(|n| *n == 5).unwrap() + 1
            ));

        // The public sees that the round was seeded by rating, and no figure.
        b.post(
            &format!("/d/{SLUG}/rounds/1/draw"),
            &[("action", "publish")],
        )
        .await;
        let mut reader = anonymous(&db).await;
        let page = reader.get_ok(&format!("/t/{SLUG}/rounds/1")).await;
        page.has("first round: seeded by the teams&#39; ratings");
        let api = reader
            .get_ok(&format!("/api/v1/tournaments/{SLUG}/rounds/1"))
            .await;
        for text in &shown {
            page.lacks(text);
            api.lacks(text);
            api.lacks(&text.replace('−', "-"));
        }
        page.lacks("Seeds by rating").lacks("seed-figure");
    }
}
