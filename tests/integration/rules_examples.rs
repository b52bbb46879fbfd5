//! The worked examples of docs/rules.md, imported and exported by fushi: each CSV line the
//! document shows must be in the document and in fushi's export, so the two cannot drift
//! apart unnoticed.

use crate::common;

use common::backends;
use fushi::archive::ArchiveFiles;
use fushi::transfer;

const RULES_MD: &str = include_str!("../../docs/rules.md");

const RESULTS_HEADER: &str = "round,table,room,board,trick_points,bottom_points,last_trick,combo,declarer_penalty,defender_penalty,ruling,defender_total,table_score,result";

/// A two-deck tournament with the given settings lines, teams 1–5 and the given files.
fn archive(settings: &str, boards: &str, schedule: &str, results: &str) -> ArchiveFiles {
    let mut files = ArchiveFiles::new();
    files.insert("tournament.toml", settings);
    let teams: String = (1..=5)
        .map(|n| format!("{n},Team {n},,a;b;c;d\n"))
        .collect();
    files.insert("teams.csv", format!("team_no,name,club,members\n{teams}"));
    files.insert(
        "boards.csv",
        format!("round,board,dealer,level,trump\n{boards}"),
    );
    files.insert("schedule.csv", format!("round,table,home,away\n{schedule}"));
    files.insert("results.csv", format!("{RESULTS_HEADER}\n{results}"));
    files
}

/// Imports `files` into a fresh database on every backend and exports them again; every
/// backend must give the same files.
fn round_trip(files: &ArchiveFiles) -> ArchiveFiles {
    let mut exports = backends().into_iter().map(|db| {
        let mut conn = db.open();
        let imported = transfer::import(&mut conn, files).unwrap_or_else(|p| panic!("{p:#?}"));
        transfer::export(&mut conn, &imported.slug).unwrap_or_else(|p| panic!("{p:#?}"))
    });
    let first = exports.next().expect("SQLite is always there");
    for other in exports {
        assert_eq!(other, first, "PostgreSQL exports other files than SQLite");
    }
    first
}

/// `line` is shown in docs/rules.md and is a line of the exported `file`.
fn shown_and_exported(exported: &ArchiveFiles, file: &str, line: &str) {
    assert!(
        RULES_MD.lines().any(|l| l.trim() == line),
        "docs/rules.md no longer shows {line}"
    );
    let text = exported.get(file).unwrap();
    assert!(
        text.lines().any(|l| l == line),
        "{file} has no line {line}:\n{text}"
    );
}

/// §3 and §9: the tractor of 3, the clamp, a total given alone and a ruling.
#[test]
fn the_table_results_of_section_3() {
    let results = "\
1,1,open,1,50,15,defenders,tractor:3,,,,,,
1,1,closed,1,5,,declarer,,,20,,,,
1,2,open,1,,,,,,,,95,,
1,2,closed,1,40,,declarer,,,,-1,,,
";
    let settings = "name = \"Rules\"\nslug = \"rules-3\"\ndecks = 2\n";
    let exported = round_trip(&archive(
        settings,
        "1,1,N,5,S\n",
        "1,1,1,2\n1,2,3,4\n1,3,5,\n",
        results,
    ));
    for line in [
        "1,1,open,1,50,15,defenders,tractor:3,,,,290,-6,\"defenders take over, up 6\"",
        "1,1,closed,1,5,,declarer,,,20,,0,3,declarers up 3",
        "1,2,open,1,,,,,,,,95,-1,\"defenders take over, up 1\"",
        "1,2,closed,1,40,,declarer,,,,-1,40,-1,\"defenders take over, up 1 (TD ruling)\"",
    ] {
        shown_and_exported(&exported, "results.csv", line);
    }

    // The same tractor under the doubling policy: m = 4, P = 110, s = −1.
    let doubling = format!("{settings}bottom_multiplier = \"doubling\"\n")
        .replace("rules-3", "rules-3-doubling");
    let exported = round_trip(&archive(
        &doubling,
        "1,1,N,5,S\n",
        "1,1,1,2\n1,2,3,4\n1,3,5,\n",
        results,
    ));
    let text = exported.get("results.csv").unwrap();
    assert!(
        text.lines()
            .any(|l| l
                == "1,1,open,1,50,15,defenders,tractor:3,,,,110,-1,\"defenders take over, up 1\""),
        "{text}"
    );
}

/// §5 and §6: the two-board match between teams 3 (A) and 5 (B), and a bye.
#[test]
fn the_two_board_match_of_section_5() {
    let exported = round_trip(&archive(
        "name = \"Rules\"\nslug = \"rules-5\"\ndecks = 2\n",
        "1,1,N,5,S\n1,2,E,5,\n",
        "1,1,3,5\n1,2,4,\n",
        "\
1,1,open,1,35,,declarer,,,,,,,
1,1,closed,1,70,10,defenders,pair,,,,,,
1,1,open,2,60,,declarer,,,,,,,
1,1,closed,2,90,,declarer,,,,,,,
",
    ));
    shown_and_exported(&exported, "swings.csv", "1,1,1,2,1,3");
    shown_and_exported(&exported, "swings.csv", "1,1,2,-1,-1,-2");
    shown_and_exported(
        &exported,
        "matches.csv",
        "1,1,3,5,2,1,-1,45,-45,12.42,7.58,complete",
    );
    shown_and_exported(&exported, "matches.csv", "1,2,4,,0,0,,0,,12.00,,bye");
}
