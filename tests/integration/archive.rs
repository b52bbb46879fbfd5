//! The tournament archive end to end: import the sample on every backend, check the
//! exported figures against figures worked out by hand, round-trip, and reject bad
//! archives with `file:line: why` while creating nothing.

use crate::common;

use std::path::{Path, PathBuf};

use common::{TestDb, backends, fushi_command};
use fushi::archive::ArchiveFiles;
use fushi::{db, transfer};

fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night")
}

fn expected(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/club-night-expected")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fushi(args: &[&str]) -> std::process::Output {
    fushi_command().args(args).output().expect("run fushi")
}

fn import_sample(db: &TestDb) {
    let files = ArchiveFiles::read(&sample_dir()).expect("read the sample");
    transfer::import(&mut db.open(), &files).expect("the sample imports");
}

/// The standings of the sample event, worked out by hand in
/// tests/data/club-night-expected/WORKED.md: teams 5 and 3 drew their match and are level on
/// VP, so head-to-head cannot part them and the level quotient does (1.500 against 1.300);
/// teams 1 and 2 drew too and are level on quotient and level difference, so the point
/// difference decides (+150 against −40).
const STANDINGS: &str = "\
rank,team_no,name,played,won,drawn,lost,score,level_diff,level_quotient,point_diff,boards_won
1,5,Kings & Tens 十与K,3,1,1,1,33.98,3,1.500,45,7
2,3,八十分老友,3,1,1,1,33.98,3,1.300,60,5
3,1,东城拖拉机,2,1,1,0,33.76,1,1.200,150,3
4,2,Red Tractors,2,1,1,0,33.76,1,1.200,-40,4
5,4,Level Up Lions,2,0,0,2,20.52,-8,0.333,-215,2
";

/// Every match of the sample, by hand: VP from the vp20 scale with N = 4 boards
/// (M = 1 → 11.76, M = 4 → 15.74), byes at 12.00.
const MATCHES: &str = "\
round,table,home,away,boards,home_levels,away_levels,home_points,away_points,home_score,away_score,status
1,1,2,5,4,1,-1,10,-10,11.76,8.24,complete
1,2,3,4,4,4,-4,135,-135,15.74,4.26,complete
1,3,1,,0,0,,0,,12.00,,bye
2,1,5,3,4,0,0,-25,25,10.00,10.00,complete
2,2,1,2,4,0,0,50,-50,10.00,10.00,complete
2,3,4,,0,0,,0,,12.00,,bye
3,1,3,1,4,-1,1,-100,100,8.24,11.76,complete
3,2,4,5,4,-4,4,-80,80,4.26,15.74,complete
3,3,2,,0,0,,0,,12.00,,bye
";

#[test]
fn the_sample_exports_the_figures_worked_out_by_hand() {
    for db in backends() {
        import_sample(&db);
        let files = transfer::export(&mut db.open(), "club-night").expect("export");
        let backend = db.backend().name();
        assert_eq!(files.get("standings.csv"), Some(STANDINGS), "{backend}");
        assert_eq!(files.get("matches.csv"), Some(MATCHES), "{backend}");
        // Every computed column of every table and board, from the independent reference
        // calculator (tests/reference/compute.py), checked by hand on the boards in WORKED.md.
        for name in [
            "results.csv",
            "swings.csv",
            "matches.csv",
            "standings.csv",
            "butler.csv",
        ] {
            // As written to a file: with the byte-order mark Excel needs.
            assert_eq!(
                files.bytes(name).map(String::from_utf8),
                Some(Ok(expected(name))),
                "{backend} {name}"
            );
            assert!(expected(name).starts_with('\u{feff}'));
        }
    }
}

#[test]
fn a_few_tables_worked_out_by_hand() {
    let db = TestDb::sqlite();
    import_sample(&db);
    let files = transfer::export(&mut db.open(), "club-night").unwrap();
    let results = files.get("results.csv").unwrap();
    let row = |prefix: &str| {
        results
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no row {prefix}"))
            .to_owned()
    };
    // Defenders win the last trick with a tractor of 2 pairs: P = 50 + 25 × 8 = 250;
    // s = −3 − floor((250 − 160) / 40) = −5.
    assert!(row("1,2,closed,1,").ends_with(",250,-5,\"defenders take over, up 5\""));
    // A defender penalty of 10: P = 45 − 10 = 35 → declarers up 2.
    assert!(row("1,2,open,3,").ends_with(",35,2,declarers up 2"));
    // A declarer penalty of 10 lifts P from 75 to 85: the defenders take over, up 1.
    assert!(row("2,1,open,3,").ends_with(",85,-1,\"defenders take over, up 1\""));
    // The TD's ruling replaces the computed score and says so.
    // Computed, P = 75 would give declarers up 1.
    assert!(row("2,2,closed,2,").ends_with(",75,-1,\"defenders take over, up 1 (TD ruling)\""));
}

/// Drops the computed columns (defender_total, table_score, result) of results.csv, except
/// defender_total where trick_points is empty.
fn inputs_of_results(text: &str) -> Vec<Vec<String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            let mut cells: Vec<String> = r.iter().map(str::to_owned).collect();
            if !cells[4].is_empty() {
                cells[11].clear();
            }
            cells.truncate(12);
            cells
        })
        .collect()
}

#[test]
fn export_reproduces_the_input_and_reimport_is_byte_identical() {
    for db in backends() {
        let out = tempfile::tempdir().unwrap();
        let first = out.path().join("first");
        let second = out.path().join("second");
        let import = fushi(&["import", sample_dir().to_str().unwrap(), "--db", db.url()]);
        assert!(
            import.status.success(),
            "{}",
            String::from_utf8_lossy(&import.stderr)
        );
        let stdout = String::from_utf8_lossy(&import.stdout);
        assert!(
            stdout.contains("5 teams, 3 rounds, 48 table results"),
            "{stdout}"
        );
        let export = fushi(&[
            "export",
            "club-night",
            first.to_str().unwrap(),
            "--db",
            db.url(),
        ]);
        assert!(
            export.status.success(),
            "{}",
            String::from_utf8_lossy(&export.stderr)
        );

        // The input files come back as they went in.
        for name in ["tournament.toml", "teams.csv", "boards.csv", "schedule.csv"] {
            let original = std::fs::read_to_string(sample_dir().join(name)).unwrap();
            let exported = std::fs::read_to_string(first.join(name)).unwrap();
            assert_eq!(exported, original, "{name}");
        }
        let original = std::fs::read_to_string(sample_dir().join("results.csv")).unwrap();
        let exported = std::fs::read_to_string(first.join("results.csv")).unwrap();
        assert_eq!(inputs_of_results(&exported), inputs_of_results(&original));

        // The export imports into an empty database and exports to the same bytes.
        let fresh = if db.backend() == db::Backend::Sqlite {
            TestDb::sqlite()
        } else {
            TestDb::postgres().unwrap()
        };
        let import = fushi(&["import", first.to_str().unwrap(), "--db", fresh.url()]);
        assert!(
            import.status.success(),
            "{}",
            String::from_utf8_lossy(&import.stderr)
        );
        let export = fushi(&[
            "export",
            "club-night",
            second.to_str().unwrap(),
            "--db",
            fresh.url(),
        ]);
        assert!(export.status.success());
        // lineups.csv is an input: it comes back byte for byte.
        let original = std::fs::read_to_string(sample_dir().join("lineups.csv")).unwrap();
        let exported = std::fs::read_to_string(first.join("lineups.csv")).unwrap();
        assert_eq!(exported, original, "lineups.csv");
        for name in
            fushi::archive::always().chain([fushi::archive::LINEUPS, fushi::archive::BUTLER])
        {
            let a = std::fs::read(first.join(name)).unwrap();
            let b = std::fs::read(second.join(name)).unwrap();
            assert!(a == b, "{name} differs after a round trip");
        }
    }
}

#[test]
fn a_zip_of_the_archive_imports_too() {
    let db = TestDb::sqlite();
    let files = ArchiveFiles::read(&sample_dir()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let zip_path = dir.path().join("club-night.zip");
    files
        .write_zip(std::fs::File::create(&zip_path).unwrap(), "club-night")
        .unwrap();
    let import = fushi(&["import", zip_path.to_str().unwrap(), "--db", db.url()]);
    assert!(
        import.status.success(),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    let events = db::list_tournaments(&mut db.open()).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].name, "Thursday Club Night 周四俱乐部复式赛");
}

/// A copy of the sample with lines appended to or replaced in its files.
struct BadArchive {
    dir: tempfile::TempDir,
}

impl BadArchive {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "tournament.toml",
            "teams.csv",
            "boards.csv",
            "schedule.csv",
            "results.csv",
            "lineups.csv",
        ] {
            std::fs::copy(sample_dir().join(name), dir.path().join(name)).unwrap();
        }
        BadArchive { dir }
    }

    fn edit(self, file: &str, change: impl FnOnce(String) -> String) -> Self {
        let path = self.dir.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, change(text)).unwrap();
        self
    }

    fn append(self, file: &str, lines: &[&str]) -> Self {
        self.edit(file, |mut text| {
            for line in lines {
                text.push_str(line);
                text.push('\n');
            }
            text
        })
    }

    fn replace(self, file: &str, from: &str, to: &str) -> Self {
        self.edit(file, |text| {
            assert!(text.contains(from), "{file} has no {from:?}");
            text.replacen(from, to, 1)
        })
    }

    fn path(&self) -> &str {
        self.dir.path().to_str().unwrap()
    }
}

/// Imports through the command line: every problem on stderr, exit status non-zero, and
/// nothing created.
fn rejected(db: &TestDb, archive: &BadArchive) -> Vec<String> {
    let out = fushi(&["import", archive.path(), "--db", db.url()]);
    assert!(!out.status.success(), "a bad archive must fail");
    assert!(out.stdout.is_empty());
    let mut conn = db.open();
    assert!(
        db::list_tournaments(&mut conn).unwrap().is_empty(),
        "nothing is created"
    );
    String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_problem_in_every_file_is_reported_and_nothing_is_created() {
    let archive = BadArchive::new()
        .append("teams.csv", &["6,,,", "2,Duplicate,,"])
        .append("boards.csv", &["1,1,N,2,", "4,1,N,Z,S"])
        .append("schedule.csv", &["3,4,9,4", "5,1,1,2"])
        .replace("results.csv", "1,1,open,1,55,", "1,1,open,1,53,")
        .replace("results.csv", "1,1,open,2,35,", "1,1,open,2,205,")
        .replace(
            "results.csv",
            "1,1,closed,1,70,10,defenders,single",
            "1,1,closed,1,70,10,defenders,triple",
        )
        .append(
            "results.csv",
            &[
                "1,3,open,1,50,,declarer,,,,,,,",
                "1,1,open,1,55,15,declarer,,,,,,,",
                "2,7,open,1,50,,declarer,,,,,,,",
                "2,1,closed,9,50,,declarer,,,,,,,",
                "2,1,open",
                "2,1,lobby,1,50,,declarer,,,,,,,",
            ],
        )
        .replace("results.csv", "3,1,open,1,50,,", "3,1,open,1,50,90,")
        .replace("results.csv", "3,1,closed,1,15,,", "3,1,closed,1,150,60,");
    for db in backends() {
        assert_eq!(
            rejected(&db, &archive),
            [
                "teams.csv:7: name is empty",
                "teams.csv:8: team 2 is listed twice (first on line 3)",
                "boards.csv:14: round 1 board 1 is listed twice (first on line 2)",
                "boards.csv:15: level \"Z\" is not one of 2–10, J, Q, K, A",
                // Not "unknown team 9": the row of team 2 listed twice may be team 9's
                // with its number mistyped (one doubled row, one missing number), and its
                // message is the one to mend first.
                "schedule.csv:11: team 4 already plays in round 3 (line 9)",
                "schedule.csv:12: round 5 has no boards in boards.csv",
                "results.csv:2: trick points 53 is not a multiple of 5",
                "results.csv:3: trick points 205 is out of range 0–200 for 2 decks",
                "results.csv:6: combination triple is not possible with 2 deck(s); allowed: single, pair, tractor",
                "results.csv:34: bottom points 90 is out of range 0–80 for 2 decks",
                "results.csv:38: trick points 150 + bottom points 60 exceed the 200 card points of 2 deck(s)",
                "results.csv:50: round 1 table 3 is a bye for team 1: a bye has no results",
                "results.csv:51: round 1 table 1 open room board 1 is listed twice (first on line 2)",
                "results.csv:52: round 2 has no table 7 in schedule.csv",
                "results.csv:53: round 2 has no board 9 in boards.csv",
                "results.csv:54: 3 cells, but the header has 14",
                "results.csv:55: room \"lobby\" is not one of open, closed",
            ]
        );
    }
}

#[test]
fn unknown_and_missing_columns_are_named() {
    let db = TestDb::sqlite();
    let archive = BadArchive::new()
        .replace(
            "teams.csv",
            "team_no,name,club,members",
            "team_no,name,club,members,phone",
        )
        .replace(
            "boards.csv",
            "round,board,dealer,level,trump",
            "round,board,dealer,level",
        )
        .edit("tournament.toml", |t| {
            t.replace("decks = 2", "decks = 2\ncolour = \"red\"")
        });
    let problems = rejected(&db, &archive);
    for expected in [
        "tournament.toml:5: unknown key \"colour\"",
        "teams.csv:1: unknown column \"phone\"",
        "boards.csv:1: missing column \"trump\"",
    ] {
        assert!(
            problems.iter().any(|p| p == expected),
            "{expected} not in {problems:#?}"
        );
    }
}

#[test]
fn a_slug_that_exists_is_refused_and_the_first_tournament_stays() {
    for db in backends() {
        import_sample(&db);
        let files = ArchiveFiles::read(&sample_dir()).unwrap();
        let problems = transfer::import(&mut db.open(), &files).unwrap_err();
        let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            problems,
            [
                "tournament.toml:2: slug \"club-night\" already exists: choose another slug or delete that tournament first"
            ]
        );
        let events = db::list_tournaments(&mut db.open()).unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].teams, 5);
    }
}

#[test]
fn one_deck_limits_and_combinations() {
    let db = TestDb::sqlite();
    let archive = BadArchive::new()
        .replace("tournament.toml", "decks = 2", "decks = 1")
        .replace(
            "results.csv",
            "1,2,closed,1,50,25,defenders,tractor:2",
            "1,2,closed,1,50,25,defenders,pair",
        );
    let problems = rejected(&db, &archive);
    assert!(
        problems.contains(
            &"results.csv:14: combination pair is not possible with 1 deck(s); allowed: single"
                .to_owned()
        ),
        "{problems:#?}"
    );
    assert!(
        problems.contains(
            &"results.csv:5: trick points 115 is out of range 0–100 for 1 deck".to_owned()
        ),
        "{problems:#?}"
    );
}

/// An archive is held to the director's grid: a ruling within the band table's range of s
/// (two decks, `standard`: −12 to +3, docs/rules.md §3), and no combination when the
/// declarers won the last trick. A ruling at the range's end is accepted.
#[test]
fn rulings_out_of_range_and_combinations_with_the_declarers_last_trick_are_refused() {
    let db = TestDb::sqlite();
    let archive = BadArchive::new()
        .replace(
            "results.csv",
            "1,1,open,1,55,15,declarer,,,,,,,",
            "1,1,open,1,55,15,declarer,pair,,,,,,",
        )
        .replace(
            "results.csv",
            "1,1,open,2,35,,declarer,,,,,,,",
            "1,1,open,2,35,,declarer,,,,45,,,",
        )
        .replace(
            "results.csv",
            "1,1,open,3,30,20,declarer,,,,,,,",
            "1,1,open,3,30,20,declarer,,,,-12,,,",
        )
        .replace(
            "results.csv",
            "1,1,open,4,115,,declarer,,,,,,,",
            "1,1,open,4,115,,declarer,,,,-13,,,",
        );
    let problems = rejected(&db, &archive);
    assert_eq!(
        problems,
        [
            "results.csv:2: the declarers won the last trick: no combination (it doubles only the defenders' bottom)",
            "results.csv:3: ruling 45 is outside the band table's range of s, -12 to 3",
            "results.csv:5: ruling -13 is outside the band table's range of s, -12 to 3",
        ],
        "{problems:#?}"
    );
}

/// The Butler ranking of the sample by hand, for the pair that played in both rooms across
/// rounds (张伟;李娜 of team 1: open in round 2 at table 2, closed in round 3 at table 1) and
/// for the shared ranks; the whole file is compared with the reference calculator above.
#[test]
fn butler_of_the_sample_by_hand() {
    let db = TestDb::sqlite();
    import_sample(&db);
    let files = transfer::export(&mut db.open(), "club-night").unwrap();
    let butler = files.get("butler.csv").expect("butler.csv with line-ups");
    // Round 2, open room of table 2 (datums from tests/data/club-night-expected/travellers.csv):
    // board 1 team 1 declares s = 2 against the datum 0.25: +1.75; board 2 defends against
    // s = 1, datum 0: −1; board 3 declares 1 − 0 = +1; board 4 defends 1.75 − 1 = +0.75.
    // Round 3, closed room of table 1: board 1 declares 2 − 0.75 = +1.25; board 2 defends
    // 0.75 − (−1) = +1.75; board 3 declares −1 − (−0.75) = −0.25; board 4 defends
    // 0.5 − (−1) = +1.5.
    // Total 6.75 over 8 boards: 0.84375 → 0.84.
    assert!(butler.contains("\n1,1,张伟;李娜,8,6.75,0.84\n"), "{butler}");
    // Equal per-board averages and totals share a rank; the next rank skips.
    assert!(butler.contains("\n9=,2,Alice Chen;Ben Wu,8,-1.75,-0.22\n"));
    assert!(butler.contains("\n9=,3,郑海;冯雪,8,-1.75,-0.22\n"));
    assert!(butler.contains("\n11,5,Lily Gao;马晓东,4,-1.75,-0.44\n"));
    // Without lineups.csv there is neither file.
    let files = ArchiveFiles::read(&sample_dir()).unwrap();
    let without: ArchiveFiles = files
        .names()
        .filter(|n| *n != "lineups.csv")
        .map(|n| (n.to_owned(), files.get(n).unwrap().to_owned()))
        .collect();
    let other = TestDb::sqlite();
    transfer::import(&mut other.open(), &without).unwrap();
    let exported = transfer::export(&mut other.open(), "club-night").unwrap();
    assert!(exported.get("lineups.csv").is_none());
    assert!(exported.get("butler.csv").is_none());
}

#[test]
fn bad_lineups_are_named_by_file_and_line() {
    let archive = BadArchive::new()
        .replace(
            "lineups.csv",
            "1,1,closed,5,Kevin Sun;Lily Gao",
            "1,1,closed,5,Ivy Zhang;Lily Gao",
        )
        .append(
            "lineups.csv",
            &[
                "1,1,open,2,Alice Chen",
                "1,1,open,1,张伟;李娜",
                "1,3,open,1,张伟;李娜",
                "1,1,closed,2,Alice Chen;Zed",
                "1,1,open,2,Carol Li;David Zhao",
                "1,9,open,2,Carol Li;David Zhao",
            ],
        );
    for db in backends() {
        assert_eq!(
            rejected(&db, &archive),
            [
                "lineups.csv:5: Ivy Zhang already sits in the other room of this match (line 3)",
                "lineups.csv:26: players must be two different members separated by ;, not \"Alice Chen\"",
                "lineups.csv:26: round 1 table 1 open room: team 2 is listed twice (first on line 2)",
                "lineups.csv:27: team 1 does not play at round 1 table 1",
                "lineups.csv:28: round 1 table 3 is a bye for team 1: a bye has no line-up",
                "lineups.csv:29: Zed is not a member of team 2",
                "lineups.csv:29: Alice Chen already sits in the other room of this match (line 2)",
                "lineups.csv:29: round 1 table 1 closed room: team 2 is listed twice (first on line 4)",
                "lineups.csv:30: Carol Li already sits in the other room of this match (line 4)",
                "lineups.csv:30: David Zhao already sits in the other room of this match (line 4)",
                "lineups.csv:30: round 1 table 1 open room: team 2 is listed twice (first on line 2)",
                "lineups.csv:31: round 1 has no table 9 in schedule.csv",
            ]
        );
    }
}

/// Chinese Excel saves CSV as GB18030 by default: such a file is read as GB18030, the
/// import says so, and the names come through unchanged.
#[test]
fn a_gb18030_teams_file_is_read_as_such_and_noted() {
    let db = TestDb::sqlite();
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "tournament.toml",
        "teams.csv",
        "boards.csv",
        "schedule.csv",
        "results.csv",
    ] {
        std::fs::copy(sample_dir().join(name), dir.path().join(name)).unwrap();
    }
    let utf8 = std::fs::read_to_string(sample_dir().join("teams.csv")).unwrap();
    let without_bom = utf8.trim_start_matches('\u{feff}');
    let (gb, _, unmappable) = encoding_rs::GB18030.encode(without_bom);
    assert!(!unmappable);
    assert!(
        std::str::from_utf8(&gb).is_err(),
        "the file is really not UTF-8"
    );
    std::fs::write(dir.path().join("teams.csv"), &gb).unwrap();
    let import = fushi(&["import", dir.path().to_str().unwrap(), "--db", db.url()]);
    let stdout = String::from_utf8_lossy(&import.stdout);
    assert!(
        import.status.success(),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    assert!(
        stdout.contains("(read as GB18030, not UTF-8: teams.csv)"),
        "{stdout}"
    );
    let files = transfer::export(&mut db.open(), "club-night").unwrap();
    assert_eq!(files.get("teams.csv"), Some(without_bom));

    // Bytes that are neither UTF-8 nor GB18030 are refused as before, at the line of the
    // first such byte.
    std::fs::write(dir.path().join("teams.csv"), [0x80, 0xff, 0x30]).unwrap();
    let other = TestDb::sqlite();
    let import = fushi(&["import", dir.path().to_str().unwrap(), "--db", other.url()]);
    assert!(!import.status.success());
    assert!(String::from_utf8_lossy(&import.stderr).contains("teams.csv:1: is not UTF-8 text"));
    let mut late = without_bom.as_bytes().to_vec();
    late.extend_from_slice(b"9,\xff\xfe,,\n");
    let bad_line = without_bom.lines().count() + 1;
    std::fs::write(dir.path().join("teams.csv"), &late).unwrap();
    let import = fushi(&["import", dir.path().to_str().unwrap(), "--db", other.url()]);
    assert!(!import.status.success());
    let stderr = String::from_utf8_lossy(&import.stderr);
    assert!(
        stderr.contains(&format!("teams.csv:{bad_line}: is not UTF-8 text")),
        "{stderr}"
    );
}

/// Every command's `--help` is worded from `cli.ftl`: each command and argument has its
/// message (a missing one would print its id, `cli-…`), and the words are the messages'.
#[test]
fn every_command_line_help_comes_from_the_messages() {
    let commands: [&[&str]; 7] = [
        &[],
        &["serve"],
        &["import"],
        &["export"],
        &["user"],
        &["user", "add"],
        &["user", "password"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let out = fushi(&args);
        let help = String::from_utf8(out.stdout).expect("UTF-8 help");
        assert!(out.status.success(), "{args:?}: {help}");
        assert!(
            !help.contains("cli-"),
            "{args:?} shows a message id:\n{help}"
        );
    }
    let top = String::from_utf8(fushi(&["--help"]).stdout).unwrap();
    assert!(top.starts_with("Duplicate tournaments of Shengji"), "{top}");
    // clap's own flags and `help` command are worded by fushi too.
    assert!(top.contains("-h, --help     Show this help."), "{top}");
    assert!(
        top.contains("-V, --version  Show fushi's version."),
        "{top}"
    );
    assert!(
        top.lines().any(|l| l.trim_start().starts_with("help ")
            && l.ends_with("  Show the help of fushi or of one of its commands.")),
        "{top}"
    );
    let user_add = String::from_utf8(fushi(&["user", "add", "--help"]).stdout).unwrap();
    assert!(
        user_add.contains("--db <DB>      The database: a postgres://"),
        "{user_add}"
    );
    assert!(top.contains("Run the web application (the default when no command is given)."));
    let export = String::from_utf8(fushi(&["export", "--help"]).stdout).unwrap();
    assert!(
        export.contains("--lang <LANG>  The language of the sheets: zh (简体中文)"),
        "{export}"
    );
    assert!(
        export.contains("<OUTDIR>  The folder to write into."),
        "{export}"
    );
    let refused = fushi(&["export", "club-night", "out", "--lang", "fr"]);
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(!refused.status.success());
    assert!(stderr.contains("one of zh, zh-Hant, en"), "{stderr}");
}

/// `fushi` without a command serves, listening where `FUSHI_BIND` says, as `fushi serve`
/// does (the configuration table of docs/operations.md).
#[test]
fn fushi_without_a_command_serves_where_fushi_bind_says() {
    use common::browser::{Process, free_port, wait_for_port};
    let db = TestDb::sqlite();
    let port = free_port();
    let child = fushi_command()
        .args(["--db", db.url()])
        .env("FUSHI_BIND", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start fushi");
    let _server = Process(child);
    wait_for_port(port, "fushi with FUSHI_BIND and no command");
}

/// The command line speaks the language of the terminal's locale: its help, what it did and
/// every problem, as `file:line: why`; `LC_ALL` comes before `LANG`, and a locale fushi does
/// not speak means English.
#[test]
fn the_command_line_speaks_the_terminals_language() {
    let run = |locale: &[(&str, &str)], args: &[&str]| {
        let mut cmd = fushi_command();
        cmd.args(args).envs(locale.iter().copied());
        let out = cmd.output().expect("run fushi");
        (
            out.status.success(),
            String::from_utf8(out.stdout).expect("UTF-8"),
            String::from_utf8(out.stderr).expect("UTF-8"),
        )
    };
    let zh = [("LANG", "zh_CN.UTF-8")];
    let tw = [("LANG", "zh_TW.UTF-8")];

    let (_, help, _) = run(&zh, &["--help"]);
    assert!(
        help.starts_with("升级（拖拉机）记副式复式赛计分。"),
        "{help}"
    );
    assert!(help.contains("-h, --help     显示此帮助。"), "{help}");
    assert!(!help.contains("Print"), "{help}");
    let (_, help, _) = run(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")], &["--help"]);
    assert!(
        help.starts_with("Duplicate tournaments of Shengji"),
        "{help}"
    );
    let (_, help, _) = run(&[("LANG", "fr_FR.UTF-8")], &["--help"]);
    assert!(
        help.starts_with("Duplicate tournaments of Shengji"),
        "{help}"
    );

    let db = TestDb::sqlite();
    let sample = sample_dir();
    let (ok, out, err) = run(&tw, &["import", sample.to_str().unwrap(), "--db", db.url()]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with(
            "已匯入“Thursday Club Night 周四俱乐部复式赛”，標識 club-night：5 支隊伍，3 輪，"
        ),
        "{out}"
    );
    // The same archive again: the slug is taken, said where and why in Chinese.
    let (ok, _, err) = run(&zh, &["import", sample.to_str().unwrap(), "--db", db.url()]);
    assert!(!ok);
    assert_eq!(
        err.trim_end(),
        "tournament.toml:2: 标识“club-night”已存在：请换一个标识，或先删除那个赛事"
    );
    let empty = tempfile::tempdir().expect("a temporary directory");
    let (ok, _, err) = run(
        &zh,
        &["import", empty.path().to_str().unwrap(), "--db", db.url()],
    );
    assert!(!ok);
    assert!(err.contains("tournament.toml: 存档中缺少此文件"), "{err}");

    let out_dir = tempfile::tempdir().expect("a temporary directory");
    let (ok, out, err) = run(
        &zh,
        &[
            "export",
            "club-night",
            out_dir.path().to_str().unwrap(),
            "--db",
            db.url(),
        ],
    );
    assert!(ok, "{err}");
    assert!(out.starts_with("已将 club-night 导出到 "), "{out}");
    assert!(
        out.contains("standings.csv、swings.csv、teams.csv"),
        "{out}"
    );

    let (ok, _, err) = run(&zh, &["user", "password", "nobody", "--db", db.url()]);
    assert!(!ok);
    assert_eq!(err.trim_end(), "没有名为“nobody”的用户。");
    let (ok, _, err) = run(
        &tw,
        &["user", "add", " x", "--role", "scorer", "--db", db.url()],
    );
    assert!(!ok);
    assert_eq!(
        err.trim_end(),
        "使用者名稱為 1 至 64 個字元，首尾不能有空格。"
    );
}

// ---- docs/rules.md §9: import reads exactly what the export writes ---------------------

/// The problems an archive folder is refused with, in the process, on `db`: nothing is
/// created.
fn refused_on(db: &TestDb, archive: &BadArchive) -> Vec<String> {
    let files = ArchiveFiles::read(archive.dir.path()).unwrap();
    let problems = transfer::import(&mut db.open(), &files).unwrap_err();
    assert!(
        db::list_tournaments(&mut db.open()).unwrap().is_empty(),
        "nothing is created"
    );
    problems.iter().map(ToString::to_string).collect()
}

/// The message for a cell that reads but is not in the export's spelling.
fn not_canonical(place: &str, column: &str, cell: &str, canonical: &str) -> String {
    format!(
        "{place}: {column} \"{cell}\" is not written as fushi writes it: write \"{canonical}\" \
         (the export gives back exactly what was imported)"
    )
}

/// Every cell that reads as a value but is spelt otherwise than the export writes it is
/// refused at its line with the export's spelling, on both databases, so that exporting an
/// imported archive gives back its cells exactly (docs/rules.md §9). Each of these was
/// accepted and written back changed before.
#[test]
fn cells_in_another_spelling_are_refused_with_the_canonical_one() {
    let cases: [(&str, &str, &str, String); 13] = [
        (
            "results.csv",
            "1,1,open,1,55,",
            "1,1,open,1,055,",
            not_canonical("results.csv:2", "trick_points", "055", "55"),
        ),
        (
            "results.csv",
            "1,1,open,1,55,",
            "1,1,open,1,+55,",
            not_canonical("results.csv:2", "trick_points", "+55", "55"),
        ),
        (
            "results.csv",
            "1,1,open,1,55,",
            "1,1,open,1, 55,",
            not_canonical("results.csv:2", "trick_points", " 55", "55"),
        ),
        (
            "results.csv",
            "defenders,tractor:2,",
            "defenders,tractor:02,",
            not_canonical("results.csv:14", "combo", "tractor:02", "tractor:2"),
        ),
        (
            "results.csv",
            "1,1,open,2,35,,declarer,,,,,",
            "1,1,open,2,35,,declarer,,,,+1,",
            not_canonical("results.csv:3", "ruling", "+1", "1"),
        ),
        (
            "results.csv",
            "1,2,closed,1,",
            "1,2,closed ,1,",
            not_canonical("results.csv:14", "room", "closed ", "closed"),
        ),
        (
            "boards.csv",
            "1,2,E,5,H",
            "1,2,E,5,H ",
            not_canonical("boards.csv:3", "trump", "H ", "H"),
        ),
        (
            "schedule.csv",
            "1,2,3,4",
            "01,2,3,4",
            not_canonical("schedule.csv:3", "round", "01", "1"),
        ),
        (
            "teams.csv",
            "Alice Chen;Ben Wu",
            "Alice Chen; Ben Wu",
            not_canonical(
                "teams.csv:3",
                "members",
                "Alice Chen; Ben Wu;Carol Li;David Zhao",
                "Alice Chen;Ben Wu;Carol Li;David Zhao",
            ),
        ),
        (
            "teams.csv",
            "Grace Lin;Henry Xu",
            "Grace Lin;;Henry Xu",
            not_canonical(
                "teams.csv:5",
                "members",
                "Emma Liu;Frank Huang;Grace Lin;;Henry Xu",
                "Emma Liu;Frank Huang;Grace Lin;Henry Xu",
            ),
        ),
        (
            "teams.csv",
            "4,Level Up Lions,",
            "4,Level Up Lions ,",
            not_canonical("teams.csv:5", "name", "Level Up Lions ", "Level Up Lions"),
        ),
        (
            "teams.csv",
            "4,Level Up Lions,",
            "4,=Lions,",
            not_canonical("teams.csv:5", "name", "=Lions", "'=Lions"),
        ),
        (
            "lineups.csv",
            "1,1,open,2,Alice Chen;Ben Wu",
            "1,1,open,2,Alice Chen; Ben Wu",
            not_canonical(
                "lineups.csv:2",
                "players",
                "Alice Chen; Ben Wu",
                "Alice Chen;Ben Wu",
            ),
        ),
    ];
    for db in backends() {
        for (file, from, to, want) in &cases {
            let archive = BadArchive::new().replace(file, from, to);
            assert_eq!(
                refused_on(&db, &archive),
                std::slice::from_ref(want),
                "{} {file}: {to:?}",
                db.backend().name()
            );
        }
        // `withdrawn` is `yes` or empty; `no` was read as empty and written back empty.
        let archive = BadArchive::new().edit("teams.csv", |text| {
            let mut lines: Vec<String> = text.lines().map(|l| format!("{l},")).collect();
            lines[0] = lines[0].replace("members,", "members,withdrawn");
            lines[1].push_str("no");
            lines.join("\n") + "\n"
        });
        assert_eq!(
            refused_on(&db, &archive),
            ["teams.csv:2: withdrawn \"no\" is not one of yes or empty"]
        );
    }
}

/// A bad row holds back only what it leaves unknown: two bad boards whose round and number
/// read do not hide a result for a board that no row of `boards.csv` names.
#[test]
fn a_result_for_a_missing_board_is_reported_beside_other_bad_boards() {
    let archive = BadArchive::new()
        .replace("boards.csv", "\n2,1,N,", "\n2,1,X,")
        .replace("boards.csv", "\n2,2,E,Q,", "\n2,2,E,1,")
        .append("results.csv", &["2,1,open,9,50,,declarer,,,,,,,"]);
    for db in backends() {
        let problems = refused_on(&db, &archive);
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(
            problems[0].starts_with("boards.csv:6: dealer"),
            "{problems:#?}"
        );
        assert!(
            problems[1].starts_with("boards.csv:7: level"),
            "{problems:#?}"
        );
        assert_eq!(
            problems[2],
            "results.csv:50: round 2 has no board 9 in boards.csv"
        );
    }
}

/// A number listed twice is said once: the rows that only follow from it (the team or
/// table its doubled row was meant to be, the members or teams of a doubled key) are not
/// blamed one by one. Each of these gave a dozen or more messages before.
#[test]
fn a_number_listed_twice_is_reported_once() {
    let cases = [
        // Team 5's row says 4: team 5 is "unknown" in the schedule and the line-ups.
        (
            BadArchive::new().replace("teams.csv", "\n5,Kings", "\n4,Kings"),
            "teams.csv:6: team 4 is listed twice (first on line 5)",
        ),
        // Team 3's row says 4: the first team 4 is team 3's row, and the real team 4's
        // members are not team 4's "members".
        (
            BadArchive::new().replace("teams.csv", "\n3,八十分老友", "\n4,八十分老友"),
            "teams.csv:5: team 4 is listed twice (first on line 4)",
        ),
        // A match copied: not also "team 3 already plays".
        (
            BadArchive::new().append("schedule.csv", &["1,2,3,4"]),
            "schedule.csv:11: round 1 table 2 is listed twice (first on line 3)",
        ),
        // Table 2's number mistyped: its results and line-ups are not "no table".
        (
            BadArchive::new().replace("schedule.csv", "2,2,1,2", "2,1,1,2"),
            "schedule.csv:6: round 2 table 1 is listed twice (first on line 5)",
        ),
        // A board's number mistyped: its results are not "no board".
        (
            BadArchive::new().replace("boards.csv", "\n2,2,", "\n2,1,"),
            "boards.csv:7: round 2 board 1 is listed twice (first on line 6)",
        ),
    ];
    for db in backends() {
        for (archive, want) in &cases {
            assert_eq!(refused_on(&db, archive), [*want], "{}", db.backend().name());
        }
    }
}

/// `results.csv` and its computed columns are required, as docs/rules.md §9 says: a file
/// without them was imported as an event without results, or with its totals unread.
#[test]
fn results_and_their_computed_columns_are_required() {
    let without_computed = BadArchive::new().edit("results.csv", |text| {
        text.lines()
            .map(|l| match l.match_indices(',').nth(10) {
                Some((at, _)) => l[..at].to_owned() + "\n",
                None => l.to_owned() + "\n",
            })
            .collect()
    });
    let without_results = BadArchive::new();
    std::fs::remove_file(without_results.dir.path().join("results.csv")).unwrap();
    for db in backends() {
        assert_eq!(
            refused_on(&db, &without_computed),
            [
                "results.csv:1: missing column \"defender_total\"",
                "results.csv:1: missing column \"table_score\"",
                "results.csv:1: missing column \"result\"",
            ]
        );
        assert_eq!(
            refused_on(&db, &without_results),
            ["results.csv: missing from the archive, and schedule.csv needs it"]
        );
    }
}

/// A combination with nobody named for the last trick multiplies nothing, as with the
/// declarers: refused the same way, at its line, whether the row gives trick points or a
/// total.
#[test]
fn a_combination_without_the_last_trick_is_refused() {
    let archive = BadArchive::new()
        .replace(
            "results.csv",
            "1,1,open,1,55,15,declarer,,",
            "1,1,open,1,55,15,,pair,",
        )
        .replace("results.csv", "3,2,open,4,,,,,", "3,2,open,4,,,,single,");
    for db in backends() {
        assert_eq!(
            refused_on(&db, &archive),
            [
                "results.csv:2: combination pair but who won the last trick is not given: write \
                 defenders (the combination multiplies their bottom) or leave the combination empty",
                "results.csv:45: combination single but who won the last trick is not given: \
                 write defenders (the combination multiplies their bottom) or leave the \
                 combination empty",
            ]
        );
    }
}

/// `fushi import BAD --db NEW` leaves no database file behind at a path that was not there;
/// a good archive creates it.
#[test]
fn a_refused_import_creates_no_database_file() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.db");
    let bad = BadArchive::new().replace("schedule.csv", "1,2,3,4", "1,2,3,9");
    let out = fushi(&["import", bad.path(), "--db", new.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("schedule.csv:3: unknown team 9"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let out = fushi(&[
        "import",
        sample_dir().to_str().unwrap(),
        "--db",
        new.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(new.is_file());
}
