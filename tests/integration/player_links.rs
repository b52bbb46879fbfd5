//! Rosters and line-ups that name registry players, and finished and rated tournaments
//! (docs/rules.md §14), on SQLite and on PostgreSQL when `FUSHI_TEST_POSTGRES` is set.

use crate::common::{
    TestDb, backends, club_night_dir, import_club_night, import_club_night_with_one_board_unplayed,
};
use diesel::prelude::*;
use fushi::archive::ArchiveFiles;
use fushi::db::players::links::{check_member_links, pick};
use fushi::db::players::{self, Actor, PlayerFields};
use fushi::db::schema::{lineups, matches, rounds};
use fushi::db::standing::{self, Standing};
use fushi::db::{self, DbConnection, DbError, EditError, LineupChoice, WriteRefusal};
use fushi::input::PlayerWhy;
use fushi::rules::player_id::PlayerId;
use fushi::rules::{Room, TeamNo};

const ADMIN: Actor<'static> = Actor {
    name: "ada",
    admin: true,
};

fn id(text: &str) -> PlayerId {
    PlayerId::parse(text).unwrap()
}

fn add(conn: &mut DbConnection, name: &str, second: &str) -> PlayerId {
    let fields = PlayerFields {
        name: name.into(),
        second_name: second.into(),
        ..PlayerFields::default()
    };
    players::add(conn, &fields, ADMIN).unwrap()
}

/// Team `number` of the club night with its members linked to `ids`.
fn link_team(conn: &mut DbConnection, number: i32, ids: &[Option<PlayerId>], reason: &str) {
    let result = try_link_team(conn, number, ids, reason);
    result.unwrap();
}

fn try_link_team(
    conn: &mut DbConnection,
    number: i32,
    ids: &[Option<PlayerId>],
    reason: &str,
) -> Result<(), EditError> {
    let event = db::load_event(conn, "club-night").unwrap().unwrap();
    let mut team = event.team(TeamNo(number)).unwrap().clone();
    team.member_ids = check_member_links(conn, &team.members, ids)
        .unwrap()
        .unwrap();
    db::update_team_why(conn, "club-night", TeamNo(number), &team, ("dora", reason))
}

/// Team 2's line-ups (round, table, room, players' ids).
fn team_two_lineups(conn: &mut DbConnection) -> Vec<(i32, Room, [Option<PlayerId>; 2])> {
    let event = db::load_event(conn, "club-night").unwrap().unwrap();
    event
        .lineups
        .iter()
        .filter(|l| l.team == TeamNo(2))
        .map(|l| (l.round, l.room, l.player_ids))
        .collect()
}

#[test]
fn a_roster_names_players_and_its_line_ups_name_them_too() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", "");
        let ben = add(&mut conn, "吴斌", "Ben Wu");
        link_team(&mut conn, 2, &[Some(alice), Some(ben), None, None], "");
        let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
        let team = event.team(TeamNo(2)).unwrap();
        assert_eq!(team.member_ids, [Some(alice), Some(ben), None, None]);
        assert!(event.team(TeamNo(1)).unwrap().member_ids.is_empty());
        let seats = team_two_lineups(&mut conn);
        assert!(!seats.is_empty());
        for (round, room, ids) in &seats {
            // Alice Chen and Ben Wu sit together in round 1's open room only.
            if (*round, *room) == (1, Room::Open) {
                assert_eq!(*ids, [Some(alice), Some(ben)], "{}", db.url());
            } else {
                assert!(
                    ids.iter().flatten().all(|i| [alice, ben].contains(i)),
                    "{ids:?}"
                );
            }
        }
        // The trail shows the links.
        let trail = trail(&mut conn);
        assert!(
            trail
                .iter()
                .any(|e| e.after.contains("Alice Chen [P1];Ben Wu [P2]")),
            "{trail:?}"
        );
        // Unlinked again, the line-ups name no one.
        link_team(&mut conn, 2, &[], "");
        assert!(
            team_two_lineups(&mut conn)
                .iter()
                .all(|(_, _, ids)| ids == &[None, None])
        );
        // A merge names the kept id in the roster and in the line-ups alike.
        let again = add(&mut conn, "Ben Wu", "");
        link_team(&mut conn, 2, &[None, Some(again), None, None], "");
        assert!(
            team_two_lineups(&mut conn)
                .iter()
                .any(|(_, _, ids)| ids == &[None, Some(again)])
        );
        assert_eq!(players::merge(&mut conn, again, ben, ADMIN).unwrap(), ben);
        let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
        assert_eq!(event.team(TeamNo(2)).unwrap().member_ids[1], Some(ben));
        assert!(
            team_two_lineups(&mut conn)
                .iter()
                .any(|(_, _, ids)| ids == &[None, Some(ben)])
        );
    }
}

#[test]
fn a_link_must_name_a_player_of_the_registry_by_the_members_name() {
    for db in backends() {
        import_club_night(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", "");
        let ben = add(&mut conn, "吴斌", "Ben Wu");
        let gone = add(&mut conn, "Carol Li", "");
        let twin = add(&mut conn, "Alice Chen", "Alice C.");
        players::remove(&mut conn, gone, ADMIN).unwrap();
        let members: Vec<String> = ["Alice Chen", "Ben Wu", "Carol Li", "David Zhao"]
            .map(String::from)
            .to_vec();
        let faults = check_member_links(
            &mut conn,
            &members,
            &[Some(ben), Some(ben), Some(gone), Some(id("P99"))],
        )
        .unwrap()
        .unwrap_err();
        assert_eq!(
            faults,
            [
                (
                    0,
                    PlayerWhy::LinkName {
                        member: "Alice Chen".into(),
                        id: ben,
                        name: "吴斌".into()
                    }
                ),
                (2, PlayerWhy::LinkRemoved { id: gone }),
                (3, PlayerWhy::NoSuchPlayer { id: id("P99") }),
            ]
        );
        let twice = check_member_links(&mut conn, &members[..2], &[Some(alice), Some(alice)])
            .unwrap()
            .unwrap_err();
        assert_eq!(twice[0].0, 1);
        // A merged-away id reads as the kept one.
        players::merge(&mut conn, alice, twin, ADMIN).unwrap();
        let kept = check_member_links(&mut conn, &members[..2], &[Some(twin), None])
            .unwrap()
            .unwrap();
        assert_eq!(kept, [Some(alice), None]);
        // No member linked: no links at all.
        let none = check_member_links(&mut conn, &members, &[None, None, None, None])
            .unwrap()
            .unwrap();
        assert!(none.is_empty());
        // Picking by id or by a name only one player has.
        assert_eq!(pick(&mut conn, " P2 ").unwrap(), Ok(Some(ben)));
        assert_eq!(pick(&mut conn, "Ben Wu").unwrap(), Ok(Some(ben)));
        assert_eq!(pick(&mut conn, "").unwrap(), Ok(None));
        assert_eq!(
            pick(&mut conn, "Nobody").unwrap(),
            Err(PlayerWhy::NoneNamed {
                name: "Nobody".into()
            })
        );
        add(&mut conn, "吴斌", "");
        assert_eq!(
            pick(&mut conn, "吴斌").unwrap(),
            Err(PlayerWhy::SeveralNamed {
                name: "吴斌".into(),
                ids: "P2, P5".into()
            })
        );
    }
}

fn trail(conn: &mut DbConnection) -> Vec<fushi::db::audit::AuditEntry> {
    fushi::db::audit::full_trail(conn, "club-night")
        .unwrap()
        .unwrap()
}

fn refusal<T: std::fmt::Debug>(result: Result<T, DbError>) -> WriteRefusal {
    match result {
        Err(DbError::Refused(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_tournament_is_finished_only_once_every_board_is_released() {
    for db in backends() {
        import_club_night_with_one_board_unplayed(&db);
        let mut conn = db.open();
        assert_eq!(
            refusal(standing::set_finished_as(
                &mut conn,
                "club-night",
                true,
                "dora"
            )),
            WriteRefusal::FinishUnreleased { round: 3, board: 2 }
        );
        assert_eq!(
            standing::standing(&mut conn, "club-night").unwrap(),
            Some(Standing::default())
        );
        drop(conn);
        let other = TestDb::sqlite();
        import_club_night(&other);
        let mut conn = other.open();
        assert!(standing::set_finished_as(&mut conn, "club-night", true, "dora").unwrap());
        let now = standing::standing(&mut conn, "club-night")
            .unwrap()
            .unwrap();
        assert!(now.finished && !now.rated);
        let trail = trail(&mut conn);
        let last = trail.last().unwrap();
        assert_eq!(
            (
                last.subject.as_str(),
                last.before.as_str(),
                last.after.as_str()
            ),
            ("finished", "false", "true")
        );
        assert!(!standing::set_finished_as(&mut conn, "nope", true, "dora").unwrap());
    }
}

/// The club night with `ends` and without results: ready to be rated.
fn import_unplayed_club_night(db: &TestDb) {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let toml = files.get("tournament.toml").unwrap().to_owned();
    files.insert("tournament.toml", format!("{toml}ends = 2026-12-06\n"));
    let results = files.get("results.csv").unwrap().to_owned();
    let header = results.lines().next().unwrap().to_owned();
    files.insert("results.csv", format!("{header}\n"));
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// Saves round 1 table 1's results as the club night has them.
fn play_round_one_table_one(conn: &mut DbConnection) {
    let files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let event = fushi::archive::parse(&files).unwrap().event;
    let results: Vec<_> = event.rounds[0].matches[0].results.iter().cloned().collect();
    db::save_match_results_as(conn, "club-night", 1, 1, &results, "dora", None).unwrap();
}

#[test]
fn rated_is_set_by_an_administrator_before_the_first_result() {
    for db in backends() {
        import_unplayed_club_night(&db);
        let mut conn = db.open();
        let rate = |conn: &mut DbConnection, on: bool, admin: bool| {
            standing::set_rated_as(conn, "club-night", on, ("ada", admin))
        };
        assert_eq!(
            refusal(rate(&mut conn, true, false)),
            WriteRefusal::RatedAdminsOnly
        );
        let mut settings = db::load_settings(&mut conn, "club-night").unwrap().unwrap();
        settings.published = false;
        db::update_settings_as(&mut conn, "club-night", &settings, "dora").unwrap();
        assert_eq!(
            refusal(rate(&mut conn, true, true)),
            WriteRefusal::RatedNeedsPublished
        );
        settings.published = true;
        settings.occasion.ends = None;
        db::update_settings_as(&mut conn, "club-night", &settings, "dora").unwrap();
        assert_eq!(
            refusal(rate(&mut conn, true, true)),
            WriteRefusal::RatedNeedsEnds
        );
        settings.occasion.ends = chrono::NaiveDate::from_ymd_opt(2026, 12, 6);
        db::update_settings_as(&mut conn, "club-night", &settings, "dora").unwrap();
        assert!(rate(&mut conn, true, true).unwrap());
        assert!(
            standing::standing(&mut conn, "club-night")
                .unwrap()
                .unwrap()
                .rated
        );
        // A rated tournament stays public.
        settings.published = false;
        match db::update_settings_as(&mut conn, "club-night", &settings, "dora") {
            Err(EditError::Db(DbError::Refused(why))) => {
                assert_eq!(why, WriteRefusal::RatedStaysPublished)
            }
            other => panic!("{other:?}"),
        }
        // Once a result is in, rated stays as it is.
        play_round_one_table_one(&mut conn);
        assert_eq!(
            refusal(rate(&mut conn, false, true)),
            WriteRefusal::RatedHasResults
        );
    }
}

fn given_before(conn: &mut DbConnection, round: i32, table: i32) -> Vec<(String, bool)> {
    lineups::table
        .inner_join(matches::table.inner_join(rounds::table))
        .filter(rounds::number.eq(round))
        .filter(matches::table_no.eq(table))
        .order((lineups::room, lineups::team_id))
        .select((lineups::room, lineups::given_before))
        .load(conn)
        .unwrap()
}

fn round_one_table_one(open_two: [&str; 2]) -> Vec<LineupChoice> {
    let choice = |room, team, players: [&str; 2]| LineupChoice {
        room,
        team: TeamNo(team),
        players: players.map(String::from),
    };
    vec![
        choice(Room::Open, 2, open_two),
        choice(Room::Open, 5, ["Ivy Zhang", "Jack Ma"]),
        choice(Room::Closed, 2, ["Carol Li", "David Zhao"]),
        choice(Room::Closed, 5, ["Kevin Sun", "Lily Gao"]),
    ]
}

#[test]
fn in_a_rated_tournament_a_played_room_changes_only_with_a_reason() {
    for db in backends() {
        import_unplayed_club_night(&db);
        let mut conn = db.open();
        let alice = add(&mut conn, "Alice Chen", "");
        standing::set_rated_as(&mut conn, "club-night", true, ("ada", true)).unwrap();
        // Before any result, links change freely.
        link_team(&mut conn, 2, &[Some(alice), None, None, None], "");
        play_round_one_table_one(&mut conn);
        let changed = round_one_table_one(["Ben Wu", "Alice Chen"]);
        assert_eq!(
            refusal(db::save_lineups_why(
                &mut conn,
                "club-night",
                (1, 1),
                &changed,
                ("dora", "")
            )),
            WriteRefusal::LineupReasonNeeded { round: 1, table: 1 }
        );
        let bad = round_one_table_one(["Ben Wu", "Alice Chen"]);
        let saved = db::save_lineups_why(
            &mut conn,
            "club-night",
            (1, 1),
            &bad,
            ("dora", "the scorer swapped the seats"),
        );
        assert!(saved.unwrap());
        let trail = trail(&mut conn);
        assert_eq!(trail.last().unwrap().reason, "the scorer swapped the seats");
        // The line-up was given before the result, and a correction keeps that.
        assert!(given_before(&mut conn, 1, 1).iter().all(|(_, b)| *b));
        // Alice sat in a room with a result: her link changes with a reason only.
        match try_link_team(&mut conn, 2, &[], "") {
            Err(EditError::Db(DbError::Refused(why))) => {
                assert_eq!(why, WriteRefusal::LinkReasonNeeded { team: TeamNo(2) })
            }
            other => panic!("{other:?}"),
        }
        try_link_team(&mut conn, 2, &[], "linked to the wrong Alice").unwrap();
        // Team 3 has played no room with a result: no reason needed.
        let zhao = add(&mut conn, "赵建国", "");
        link_team(
            &mut conn,
            3,
            &[Some(zhao), None, None, None, None, None],
            "",
        );
    }
}

#[test]
fn a_line_up_first_given_after_its_rooms_result_is_marked_so() {
    for db in backends() {
        let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
        let lineups: String = files
            .get("lineups.csv")
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("1,1,"))
            .map(|l| format!("{l}\n"))
            .collect();
        files.insert("lineups.csv", lineups);
        fushi::transfer::import(&mut db.open(), &files).unwrap();
        let mut conn = db.open();
        assert!(given_before(&mut conn, 1, 1).is_empty());
        assert!(given_before(&mut conn, 2, 1).iter().all(|(_, b)| *b));
        let choices = round_one_table_one(["Alice Chen", "Ben Wu"]);
        db::save_lineups_why(&mut conn, "club-night", (1, 1), &choices, ("dora", "")).unwrap();
        let marks = given_before(&mut conn, 1, 1);
        assert_eq!(marks.len(), 4);
        assert!(marks.iter().all(|(_, b)| !*b), "{marks:?}");
    }
}

/// `text` (a CSV file) with one more column `name`, each row's cell given by `cell`.
fn with_column(text: &str, name: &str, cell: impl Fn(&str) -> String) -> String {
    let mut lines = text.lines();
    let mut out = format!("{},{name}\n", lines.next().unwrap());
    for line in lines {
        out += &format!("{line},{}\n", cell(line));
    }
    out
}

/// The club night with team 2's Alice Chen and Ben Wu linked to P1 and P2; with
/// `player_ids` in `lineups.csv` when `lineup_ids`.
fn linked_club_night(lineup_ids: bool) -> ArchiveFiles {
    let mut files = ArchiveFiles::read(&club_night_dir()).unwrap();
    let teams = with_column(files.get("teams.csv").unwrap(), "member_ids", |line| {
        if line.starts_with("2,") {
            "P1;P2;;".into()
        } else {
            String::new()
        }
    });
    files.insert("teams.csv", teams);
    if lineup_ids {
        let lineups = with_column(
            files.get("lineups.csv").unwrap(),
            "player_ids",
            |line| match line.rsplit(',').next().unwrap() {
                "Alice Chen;Ben Wu" => "P1;P2".into(),
                "Ben Wu;Alice Chen" => "P2;P1".into(),
                _ => String::new(),
            },
        );
        files.insert("lineups.csv", lineups);
    }
    files
}

fn registry_of_two(conn: &mut DbConnection) {
    add(conn, "Alice Chen", "");
    add(conn, "吴斌", "Ben Wu");
}

#[test]
fn an_archive_without_ids_imports_and_exports_as_before() {
    for db in backends() {
        import_club_night(&db);
        let files = ArchiveFiles::read(&club_night_dir()).unwrap();
        let out = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        for name in ["teams.csv", "lineups.csv", "tournament.toml"] {
            assert_eq!(out.get(name), files.get(name), "{name}");
        }
    }
}

#[test]
fn member_ids_and_player_ids_travel_with_the_archive() {
    for db in backends() {
        let mut conn = db.open();
        registry_of_two(&mut conn);
        let files = linked_club_night(true);
        fushi::transfer::import(&mut conn, &files).unwrap();
        let out = fushi::transfer::export(&mut conn, "club-night").unwrap();
        for name in ["teams.csv", "lineups.csv"] {
            assert_eq!(out.get(name), files.get(name), "{name}");
        }
        let event = db::load_event(&mut conn, "club-night").unwrap().unwrap();
        let team = event.team(TeamNo(2)).unwrap();
        assert_eq!(
            team.member_ids,
            [Some(id("P1")), Some(id("P2")), None, None]
        );
        // Without player_ids, the line-ups take their players from member_ids.
        fushi::db::delete_tournament(&mut conn, "club-night").unwrap();
        fushi::transfer::import(&mut conn, &linked_club_night(false)).unwrap();
        let out = fushi::transfer::export(&mut conn, "club-night").unwrap();
        assert_eq!(out.get("lineups.csv"), files.get("lineups.csv"));
    }
}

fn problems(conn: &mut DbConnection, files: &ArchiveFiles) -> Vec<String> {
    fushi::transfer::import(conn, files)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn bad_ids_are_refused_at_their_line() {
    let db = TestDb::sqlite();
    let mut conn = db.open();
    registry_of_two(&mut conn);
    let mut files = linked_club_night(true);
    let teams = files.get("teams.csv").unwrap().to_owned();
    let bad = teams
        .replace("P1;P2;;", "P1;P02;;")
        .replace("Henry Xu,", "Henry Xu,;;;")
        .replace("李娜;王强;刘洋;陈静,", "李娜;王强;刘洋;陈静,P1;P1")
        .replace("吴芳;郑海;冯雪,", "吴芳;郑海;冯雪,P3;P3;;;;");
    files.insert("teams.csv", bad);
    assert_eq!(
        problems(&mut conn, &files),
        [
            "teams.csv:2: member_ids has 2 parts for 5 members (one part per member, empty for a member not linked)",
            "teams.csv:3: \"P02\" is not a player id: its number starts with 0",
            "teams.csv:4: P3 is linked to two members of the team",
            "teams.csv:5: member_ids \";;;\" links no member: leave the cell empty",
        ]
    );
    // A line-up that names a player its team's roster does not link (the roster read well).
    let mut files = linked_club_night(true);
    let lineups = files.get("lineups.csv").unwrap().replace(
        "2,2,closed,2,Carol Li;David Zhao,",
        "2,2,closed,2,Carol Li;David Zhao,P1;",
    );
    files.insert("lineups.csv", lineups);
    assert_eq!(
        problems(&mut conn, &files),
        [
            "lineups.csv:17: player_ids names P1 for Carol Li, but teams.csv links Carol Li to no player"
        ]
    );
    // Ids that read well but that the registry does not know, or that name someone else
    // (the line-ups without player_ids: they take their players from the roster).
    let mut files = linked_club_night(false);
    let teams = files
        .get("teams.csv")
        .unwrap()
        .replace("P1;P2;;", "P2;P1;;")
        .replace("Henry Xu,", "Henry Xu,P9;;;");
    files.insert("teams.csv", teams);
    let found = problems(&mut conn, &files);
    assert_eq!(
        found,
        [
            "teams.csv:3: member \"Alice Chen\" is not the name or second name of P2 (吴斌)",
            "teams.csv:3: member \"Ben Wu\" is not the name or second name of P1 (Alice Chen)",
            "teams.csv:5: no player of the registry is P9",
        ],
        "{found:#?}"
    );
}

#[actix_web::test]
async fn the_public_files_name_players_by_name_only() {
    for db in backends() {
        let mut conn = db.open();
        registry_of_two(&mut conn);
        fushi::transfer::import(&mut conn, &linked_club_night(true)).unwrap();
        // The director's export keeps the links.
        let out = fushi::transfer::export(&mut conn, "club-night").unwrap();
        assert!(out.get("teams.csv").unwrap().contains("P1;P2"));
        assert!(out.get("lineups.csv").unwrap().contains("player_ids"));
        // The public downloads do not: a registry id joins a person across events.
        let mut b = crate::common::http::anonymous(&db).await;
        for (file, column) in [("teams", "member_ids"), ("lineups", "player_ids")] {
            let page = b.get_ok(&format!("/t/club-night/{file}.csv")).await;
            assert!(page.body.contains("Alice Chen"), "{file}.csv");
            assert!(!page.body.contains(column), "{file}.csv");
            assert!(!page.body.contains("P1;P2"), "{file}.csv");
        }
    }
}
