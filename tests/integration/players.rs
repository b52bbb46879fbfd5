//! The player registry (docs/rules.md §14) on SQLite, and on PostgreSQL when
//! `FUSHI_TEST_POSTGRES` is set: adding, editing, finding, merging and removing players,
//! ids never issued twice, and `players.csv` in and out (also through `fushi players`).

use crate::common::{TestDb, backends, fushi_command, import_club_night};
use diesel::prelude::*;
use fushi::db::DbConnection;
use fushi::db::players::file::{self, ImportCounts};
use fushi::db::players::{self, Actor, IdNow, PlayerFields, RegistryError};
use fushi::db::schema::{lineups, matches, rounds, team_members, teams, tournaments};
use fushi::input::{PlayerWhy, Why};
use fushi::rules::player_id::PlayerId;

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).unwrap()
}

fn fields(name: &str, second: &str, club: &str, federation: &str) -> PlayerFields {
    PlayerFields {
        name: name.into(),
        second_name: second.into(),
        club: club.into(),
        federation_no: federation.into(),
        public: false,
    }
}

const DIRECTOR: Actor<'static> = Actor {
    name: "dora",
    admin: false,
};
const ADMIN: Actor<'static> = Actor {
    name: "ada",
    admin: true,
};

fn refusal(result: Result<impl std::fmt::Debug, RegistryError>) -> Why {
    match result {
        Err(RegistryError::Refused(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Links team `team_no`'s member at `position` (from 1) of the club night to `player`.
fn link_member(conn: &mut DbConnection, team_no: i32, position: i32, player: PlayerId) {
    let team: i32 = teams::table
        .filter(teams::team_no.eq(team_no))
        .select(teams::id)
        .first(conn)
        .unwrap();
    let n = i64::try_from(player.number()).unwrap();
    let changed = diesel::update(
        team_members::table
            .filter(team_members::team_id.eq(team))
            .filter(team_members::position.eq(position)),
    )
    .set(team_members::player_id.eq(Some(n)))
    .execute(conn)
    .unwrap();
    assert_eq!(changed, 1);
}

/// Links the first player of team `team_no`'s line-up in round `round`, open room.
fn link_lineup(conn: &mut DbConnection, round: i32, team_no: i32, player: PlayerId) {
    let team: i32 = teams::table
        .filter(teams::team_no.eq(team_no))
        .select(teams::id)
        .first(conn)
        .unwrap();
    let match_ids: Vec<i32> = matches::table
        .inner_join(rounds::table)
        .filter(rounds::number.eq(round))
        .select(matches::id)
        .load(conn)
        .unwrap();
    let n = i64::try_from(player.number()).unwrap();
    let changed = diesel::update(
        lineups::table
            .filter(lineups::match_id.eq_any(match_ids))
            .filter(lineups::team_id.eq(team))
            .filter(lineups::room.eq("open")),
    )
    .set(lineups::player1_id.eq(Some(n)))
    .execute(conn)
    .unwrap();
    assert_eq!(changed, 1, "team {team_no} plays round {round}");
}

fn member_links(conn: &mut DbConnection) -> Vec<(i32, String, Option<i64>)> {
    team_members::table
        .inner_join(teams::table)
        .filter(team_members::player_id.is_not_null())
        .order((teams::team_no, team_members::position))
        .select((teams::team_no, team_members::name, team_members::player_id))
        .load(conn)
        .unwrap()
}

fn revision(conn: &mut DbConnection) -> i64 {
    tournaments::table
        .select(tournaments::revision)
        .first(conn)
        .unwrap()
}

#[test]
fn players_are_added_edited_and_found_by_any_of_their_names() {
    for db in backends() {
        let mut conn = db.open();
        let wang = players::add(
            &mut conn,
            &fields("王伟", "Wang Wei", "东城", "CN-1"),
            DIRECTOR,
        )
        .unwrap();
        let li = players::add(&mut conn, &fields("李娜", "", "海淀", ""), DIRECTOR).unwrap();
        assert_eq!((wang, li), (id("P1"), id("P2")));
        let find = |conn: &mut DbConnection, text: &str| -> Vec<String> {
            players::find(conn, text, 50)
                .unwrap()
                .iter()
                .map(|p| p.id.to_string())
                .collect()
        };
        assert_eq!(find(&mut conn, "wang wei"), ["P1"]);
        assert_eq!(find(&mut conn, "海淀"), ["P2"]);
        assert_eq!(find(&mut conn, "cn-1"), ["P1"]);
        assert_eq!(find(&mut conn, "P2"), ["P2"]);
        assert_eq!(find(&mut conn, "%"), Vec::<String>::new());
        // A federation number is one player's.
        let why = refusal(players::add(
            &mut conn,
            &fields("Wang", "", "", "CN-1"),
            DIRECTOR,
        ));
        assert_eq!(
            why.to_string(),
            "federation number CN-1 belongs to P1",
            "{:?}",
            db.backend()
        );
        let why = refusal(players::add(&mut conn, &fields(" ", "", "", ""), DIRECTOR));
        assert_eq!(why.to_string(), "name is empty");
        let mut edited = fields("李娜", "Li Na", "海淀", "CN-2");
        edited.public = true;
        players::edit(&mut conn, li, &edited, DIRECTOR).unwrap();
        assert_eq!(players::get(&mut conn, li).unwrap().unwrap().fields, edited);
        let why = refusal(players::edit(&mut conn, id("P9"), &edited, DIRECTOR));
        assert_eq!(why.to_string(), "no player of the registry is P9");
        let trail = players::trail(&mut conn).unwrap();
        let rows: Vec<(&str, &str, &str)> = trail
            .iter()
            .map(|e| (e.user_name.as_str(), e.action.as_str(), e.after.as_str()))
            .collect();
        assert_eq!(
            rows,
            [
                ("dora", "add", "王伟 | Wang Wei | 东城 | CN-1 | private"),
                ("dora", "add", "李娜 |  | 海淀 |  | private"),
                ("dora", "edit", "李娜 | Li Na | 海淀 | CN-2 | public"),
            ]
        );
        // The same name (or second name) and club: suggested, never merged by itself.
        let twin = players::add(&mut conn, &fields("Wang Wei", "", "东城", ""), DIRECTOR).unwrap();
        let pairs: Vec<(PlayerId, PlayerId)> = players::likely_duplicates(&mut conn)
            .unwrap()
            .iter()
            .map(|(a, b)| (a.id, b.id))
            .collect();
        assert_eq!(pairs, [(wang, twin)]);
        assert_eq!(players::all(&mut conn).unwrap().len(), 3);
    }
}

#[test]
fn a_merge_keeps_the_lower_id_renames_event_rows_and_needs_an_administrator() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = players::add(&mut conn, &fields("Alice Chen", "", "", ""), DIRECTOR).unwrap();
        let again = players::add(
            &mut conn,
            &fields("Alice Chen", "", "Riverside", "F-7"),
            DIRECTOR,
        )
        .unwrap();
        let ben = players::add(&mut conn, &fields("Ben Wu", "", "", ""), DIRECTOR).unwrap();
        link_member(&mut conn, 2, 1, again);
        link_member(&mut conn, 2, 2, ben);
        link_lineup(&mut conn, 1, 2, again);
        let suggested = players::likely_duplicates(&mut conn).unwrap();
        let pairs: Vec<(String, String)> = suggested
            .iter()
            .map(|(a, b)| (a.id.to_string(), b.id.to_string()))
            .collect();
        assert_eq!(pairs, Vec::<(String, String)>::new(), "clubs differ");
        let why = refusal(players::merge(&mut conn, again, alice, DIRECTOR));
        assert_eq!(why, Why::Player(PlayerWhy::AdminsOnly));
        let why = refusal(players::merge(&mut conn, alice, alice, ADMIN));
        assert_eq!(why, Why::Player(PlayerWhy::MergeSame { id: alice }));
        let before = revision(&mut conn);
        assert_eq!(
            players::merge(&mut conn, again, alice, ADMIN).unwrap(),
            alice
        );
        assert!(
            revision(&mut conn) > before,
            "the tournament's rows changed"
        );
        assert_eq!(
            member_links(&mut conn),
            [
                (2, "Alice Chen".into(), Some(1)),
                (2, "Ben Wu".into(), Some(3))
            ]
        );
        let lineup_links: Vec<Option<i64>> = lineups::table
            .filter(lineups::player1_id.is_not_null())
            .select(lineups::player1_id)
            .load(&mut conn)
            .unwrap();
        assert_eq!(lineup_links, [Some(1)]);
        // The kept player takes the other's club and federation number where theirs were
        // empty; the merged-away id reads as the kept one and is never issued again.
        let kept = players::get(&mut conn, alice).unwrap().unwrap();
        assert_eq!(kept.fields, fields("Alice Chen", "", "Riverside", "F-7"));
        assert_eq!(players::get(&mut conn, again).unwrap(), None);
        assert_eq!(
            players::resolve(&mut conn, again).unwrap(),
            IdNow::Player(alice)
        );
        let next = players::add(&mut conn, &fields("Carol Li", "", "", ""), DIRECTOR).unwrap();
        assert_eq!(next, id("P4"));
        let last = players::trail(&mut conn).unwrap().pop().unwrap();
        assert_eq!((last.action.as_str(), last.subject.as_str()), ("add", "P4"));
        let merge = &players::trail(&mut conn).unwrap()[3];
        assert_eq!(
            (
                merge.user_name.as_str(),
                merge.action.as_str(),
                merge.subject.as_str()
            ),
            ("ada", "merge", "P2 → P1")
        );
    }
}

#[test]
fn two_players_who_played_one_tournament_are_not_merged() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = players::add(&mut conn, &fields("Alice Chen", "", "", ""), DIRECTOR).unwrap();
        let ivy = players::add(&mut conn, &fields("Ivy Zhang", "", "", ""), DIRECTOR).unwrap();
        link_lineup(&mut conn, 1, 2, alice);
        link_lineup(&mut conn, 1, 5, ivy);
        let played: Vec<String> = players::played(&mut conn, ivy)
            .unwrap()
            .into_iter()
            .map(|(_, slug)| slug)
            .collect();
        assert_eq!(played, ["club-night"]);
        let why = refusal(players::merge(&mut conn, ivy, alice, ADMIN));
        assert_eq!(
            why.to_string(),
            "P1 and P2 both played club-night: they are two people"
        );
        // What ratings read: each room's line-up with its links, and whether it has a result.
        let rooms = players::room_lineups(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        let first: Vec<_> = rooms
            .iter()
            .filter(|r| r.round == 1 && r.table == 1)
            .map(|r| (r.room.as_str(), r.team_no, r.players, r.has_result))
            .collect();
        assert_eq!(
            first,
            [
                ("open", 2, [Some(alice), None], true),
                ("open", 5, [Some(ivy), None], true),
                ("closed", 2, [None, None], true),
                ("closed", 5, [None, None], true),
            ]
        );
        assert_eq!(players::room_lineups(&mut conn, "nope").unwrap(), None);
        // Nothing changed.
        assert!(players::get(&mut conn, ivy).unwrap().is_some());
        assert_eq!(players::trail(&mut conn).unwrap().len(), 2);
    }
}

#[test]
fn a_removed_player_leaves_the_names_as_typed_and_their_id_is_never_reissued() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = players::add(&mut conn, &fields("Alice Chen", "", "", ""), DIRECTOR).unwrap();
        let other = players::add(&mut conn, &fields("Alice C.", "", "", ""), DIRECTOR).unwrap();
        players::merge(&mut conn, alice, other, ADMIN).unwrap();
        link_member(&mut conn, 2, 1, alice);
        link_lineup(&mut conn, 1, 2, alice);
        let why = refusal(players::remove(&mut conn, alice, DIRECTOR));
        assert_eq!(why, Why::Player(PlayerWhy::AdminsOnly));
        players::remove(&mut conn, alice, ADMIN).unwrap();
        assert_eq!(member_links(&mut conn), []);
        let names: Vec<(String, Option<i64>)> = lineups::table
            .filter(lineups::player1.eq("Alice Chen"))
            .select((lineups::player1, lineups::player1_id))
            .load(&mut conn)
            .unwrap();
        assert_eq!(names, [("Alice Chen".to_owned(), None)]);
        let event = fushi::db::load_event(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        assert_eq!(event.teams[1].members[0], "Alice Chen");
        for gone in [alice, other] {
            assert_eq!(players::resolve(&mut conn, gone).unwrap(), IdNow::Removed);
        }
        let next = players::add(&mut conn, &fields("Ben Wu", "", "", ""), DIRECTOR).unwrap();
        assert_eq!(next, id("P3"));
        let last = players::trail(&mut conn).unwrap();
        let removal = &last[last.len() - 2];
        assert_eq!(
            (
                removal.action.as_str(),
                removal.subject.as_str(),
                removal.after.as_str()
            ),
            ("remove", "P1", "")
        );
        // A file naming the removed id is refused at its line, and changes nothing.
        let text = "player_id,name,second_name,club,federation_no,public\n\
                    P7,Grace Lin,,,,no\n\
                    P1,Alice Chen,,,,yes\n";
        let problems = file::import(&mut conn, "players.csv", text, ADMIN).unwrap_err();
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "players.csv:3: P1 was issued before (to a player since merged or removed) and is never issued again"
            ]
        );
        assert_eq!(players::all(&mut conn).unwrap().len(), 1);
    }
}

#[test]
fn players_csv_merges_by_id_then_federation_number_in_one_transaction() {
    for db in backends() {
        let mut conn = db.open();
        let wang = players::add(&mut conn, &fields("王伟", "", "东城", "CN-1"), DIRECTOR).unwrap();
        players::add(&mut conn, &fields("李娜", "", "", ""), DIRECTOR).unwrap();
        let text = "player_id,name,second_name,club,federation_no,public\n\
                    P2,李娜,Li Na,,,no\n\
                    P40,Wang W.,,,CN-1,no\n\
                    P12,'=Zhou,,\"Riverside, Pudong\",,no\n";
        // P40 names P1's federation number: it updates P1 and reads as P1 from now on.
        let counts = file::import(&mut conn, "players.csv", text, ADMIN).unwrap();
        assert_eq!(
            counts,
            ImportCounts {
                created: 1,
                updated: 1,
                merged: 1,
                unchanged: 0,
            }
        );
        assert_eq!(
            players::resolve(&mut conn, id("P40")).unwrap(),
            IdNow::Player(wang)
        );
        let exported = file::export(&mut conn).unwrap();
        assert_eq!(
            exported,
            "player_id,name,second_name,club,federation_no,public\n\
             P1,Wang W.,,,CN-1,no\n\
             P2,李娜,Li Na,,,no\n\
             P12,'=Zhou,,\"Riverside, Pudong\",,no\n"
        );
        // The export reads back as it is: nothing changes.
        let again = file::import(&mut conn, "players.csv", &exported, ADMIN).unwrap();
        assert_eq!(again.unchanged, 3);
        assert_eq!(file::export(&mut conn).unwrap(), exported);
        // The next id issued is past every id ever used, given ones included.
        let next = players::add(&mut conn, &fields("New", "", "", ""), DIRECTOR).unwrap();
        assert_eq!(next, id("P41"));
        // Every problem, by line; nothing of the good lines is kept.
        let bad = "player_id,name,second_name,club,federation_no,public\n\
                   P50,Good,,,,no\n\
                   P07,Bad Id,,,,no\n\
                   P51,,,,,no\n\
                   P52,Ann,,,,maybe\n\
                   P50,Twice,,,,no\n\
                   P53,Fed,,,CN-9,no\n\
                   P54,Fed again,,,CN-9,no\n\
                   P2,李娜,,,CN-1,no\n";
        let problems = file::import(&mut conn, "players.csv", bad, ADMIN).unwrap_err();
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "players.csv:3: \"P07\" is not a player id: its number starts with 0",
                "players.csv:4: name is empty",
                "players.csv:5: public \"maybe\" is not yes or no",
                "players.csv:6: P50 is also on line 2",
                "players.csv:8: federation number CN-9 is also on line 7",
            ]
        );
        let fine = "player_id,name\nP60,Good\nP2,李娜\n";
        let with_fed = "player_id,name,federation_no\nP61,Good,\nP2,李娜,CN-1\n";
        assert!(file::import(&mut conn, "players.csv", fine, ADMIN).is_ok());
        let problems = file::import(&mut conn, "players.csv", with_fed, ADMIN).unwrap_err();
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            ["players.csv:3: federation number CN-1 belongs to P1"]
        );
        assert_eq!(players::get(&mut conn, id("P61")).unwrap(), None);
        let problems = file::import(&mut conn, "players.csv", "id,name\n", ADMIN).unwrap_err();
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "players.csv:1: unknown column \"id\"",
                "players.csv:1: missing column \"player_id\""
            ]
        );
        let problems = file::import(&mut conn, "players.csv", text, DIRECTOR).unwrap_err();
        assert_eq!(problems[0].why, Why::Player(PlayerWhy::AdminsOnly));
    }
}

fn run(db: &TestDb, args: &[&str]) -> std::process::Output {
    fushi_command()
        .arg("--db")
        .arg(db.url())
        .args(args)
        .output()
        .expect("fushi runs")
}

#[test]
fn fushi_players_imports_and_exports_the_registry() {
    for db in backends() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("players.csv");
        std::fs::write(
            &input,
            "player_id,name,second_name,club,federation_no,public\n\
             P3,王伟,Wang Wei,东城,CN-1,yes\n\
             P9,李娜,,,,no\n",
        )
        .unwrap();
        let out = run(&db, &["players", "import", input.to_str().unwrap()]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "players.csv imported: 2 created, 0 updated, 0 merged by federation number, 0 unchanged\n"
        );
        let outdir = dir.path().join("out");
        let out = run(&db, &["players", "export", outdir.to_str().unwrap()]);
        assert!(out.status.success(), "{out:?}");
        // With the byte-order mark spreadsheets need, like every file fushi writes.
        assert_eq!(
            std::fs::read_to_string(outdir.join("players.csv")).unwrap(),
            format!("\u{feff}{}", std::fs::read_to_string(&input).unwrap())
        );
        std::fs::write(&input, "player_id,name\nP0,Nobody\n").unwrap();
        let out = run(&db, &["players", "import", input.to_str().unwrap()]);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("players.csv:2: \"P0\" is not a player id: its number starts with 0"),
            "{out:?}"
        );
        let mut conn = db.open();
        assert_eq!(players::all(&mut conn).unwrap().len(), 2);
    }
}
