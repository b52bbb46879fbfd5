//! A championship of 512 teams: a nine-round Swiss qualifying into a knockout of 32 with
//! its first round played. Measured: the whole championship's figures (every stage's
//! standings, the seeds, the bracket with carry-over, the ranking), which the live snapshot
//! works out once per revision; and the bracket of 32 printed on one A4 page from it.

// A bench binary: a failed unwrap stops the run at its line, and helpers shared with
// the tests are `pub`.
#![allow(unreachable_pub, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use fushi::rules::bracket::Championship;
use fushi::rules::fixtures::played;
use fushi::rules::stages::{Stage, StageDraft};
use fushi::rules::{Event, Report, Settings, SettingsDraft, Team, TeamNo};

const TEAMS: i32 = 512;

fn championship() -> (Event, Report) {
    let mut settings = Settings::try_from(SettingsDraft {
        name: "Bench".into(),
        slug: "bench".into(),
        ..SettingsDraft::default()
    })
    .expect("valid settings");
    settings.stages = Stage::parse_all(&[
        StageDraft {
            name: "Qualifying".into(),
            rounds: Some((1, 9)),
            format: "swiss".into(),
            ..StageDraft::default()
        },
        StageDraft {
            name: "Knockout".into(),
            rounds: Some((10, 19)),
            format: "knockout".into(),
            teams: Some(32),
            segments: Some(vec![2, 2, 2, 2, 2]),
            third_place: Some(true),
            carry_over: Some(0.5),
            carry_over_h2h: Some(0.5),
            ..StageDraft::default()
        },
    ])
    .expect("valid stages");
    let event = Event {
        settings,
        teams: (1..=TEAMS)
            .map(|n| Team {
                member_ids: Vec::new(),
                number: TeamNo(n),
                name: format!("Team {n}"),
                club: String::new(),
                members: Vec::new(),
                withdrawn: false,
            })
            .collect(),
        rounds: Vec::new(),
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    let mut matches = Vec::new();
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % 21) as i32 - 10
    };
    for round in 1..=9 {
        for table in 1..=TEAMS / 2 {
            let home = (2 * table - 1 + round * 37) % TEAMS + 1;
            let away = (2 * table + round * 37) % TEAMS + 1;
            let m = next();
            matches.push(played(round, table, home, away, m, m * 10));
        }
    }
    let report = Report {
        matches,
        standings: Vec::new(),
    };
    // The first knockout round, both segments, as the bracket pairs it.
    let c = Championship::compute(&event, &report).expect("stages");
    let pairings = c
        .bracket
        .expect("a knockout")
        .pairings(10)
        .expect("qualified");
    let mut matches = report.matches;
    for round in [10, 11] {
        for p in &pairings {
            let m = next();
            matches.push(played(
                round,
                p.table,
                p.home.get(),
                p.away.unwrap().get(),
                m,
                m * 10,
            ));
        }
    }
    (
        event,
        Report {
            matches,
            standings: Vec::new(),
        },
    )
}

fn bracket(c: &mut Criterion) {
    let (event, report) = championship();
    let mut group = c.benchmark_group("bracket");
    group.sample_size(20);
    group.bench_function("512 teams, Swiss of 9 into a knockout of 32", |b| {
        b.iter(|| Championship::compute(&event, &report))
    });
    // Printing the bracket of 32 on one A4 page, from a championship already worked out
    // (as the snapshot keeps it): the sheet's content and its PDF.
    let worked = Championship::compute(&event, &report).expect("stages");
    let words = fushi::i18n::Tr::en();
    group.bench_function("the bracket of 32 as one A4 PDF", |b| {
        b.iter(|| {
            let sheet =
                fushi::sheets::stages::bracket_sheet(&event, &worked, &words).expect("a knockout");
            fushi::sheets::stages::bracket_pdf(&sheet, &words).expect("the PDF")
        })
    });
    group.finish();
}

criterion_group!(benches, bracket);
criterion_main!(benches);
