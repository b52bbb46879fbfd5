//! Swiss pairing of a 512-team and a 20,000-team field in round 10: nine rounds are played
//! first with deterministic results, then the pairing of the tenth round is measured; and
//! the proposal for round 11 of a 20,000-team event. Then the whole
//! proposal the director's "generate" form makes for round 11 of a 5,000-team event of ten
//! played rounds × 16 boards: the field ranked from the snapshot's report (its match
//! figures reused) and the Swiss pairing of it, against the same with every match compared
//! again.

// A bench binary: a failed unwrap stops the run at its line, and helpers shared with
// the tests are `pub`.
#![allow(unreachable_pub, clippy::unwrap_used)]

#[path = "../tests/integration/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use fushi::rules::{Score, TeamNo};
use fushi::schedule::draft::Field;
use fushi::schedule::lots::Lots;
use fushi::schedule::swiss::{Entrant, Meetings, SwissOptions, first_round, pair_swiss};

/// The field ranked after `rounds` rounds, and who has met whom.
fn field_after(teams: i32, rounds: i32) -> (Vec<Entrant>, Meetings) {
    let mut lots = Lots::new(512);
    let mut field: Vec<Entrant> = (1..=teams)
        .map(|team| Entrant {
            team: TeamNo(team),
            score: Score::ZERO,
            club: format!("Club {}", team % 40),
            home: 0,
            away: 0,
            had_bye: false,
        })
        .collect();
    let mut met = Meetings::new();
    for round in 1..=rounds {
        field.sort_by(|a, b| b.score.cmp(&a.score).then(a.team.cmp(&b.team)));
        let draw = if round == 1 {
            first_round(&field.iter().map(|e| e.team).collect::<Vec<_>>(), None)
        } else {
            pair_swiss(&field, &met, SwissOptions::default())
        };
        for m in &draw.matches {
            met.record(m.home, m.away, round);
            let home_vp = lots.below(21) as i64;
            for (team, vp) in [(m.home, home_vp), (m.away, 20 - home_vp)] {
                let e = field.iter_mut().find(|e| e.team == team).expect("a team");
                e.score += Score::from_whole(vp);
            }
        }
    }
    field.sort_by(|a, b| b.score.cmp(&a.score).then(a.team.cmp(&b.team)));
    (field, met)
}

fn swiss(c: &mut Criterion) {
    let (field, met) = field_after(512, 9);
    let mut group = c.benchmark_group("swiss");
    group.sample_size(20);
    group.bench_function("512 teams, round 10", |b| {
        b.iter(|| pair_swiss(&field, &met, SwissOptions::default()))
    });
    group.bench_function("512 teams, round 10, avoiding same club", |b| {
        let options = SwissOptions {
            avoid_same_club: true,
            ..SwissOptions::default()
        };
        b.iter(|| pair_swiss(&field, &met, options))
    });
    group.finish();

    // The search's cost in proportion to the field: 20,000 teams, 10,000 pairs deep.
    let (field, met) = field_after(20_000, 9);
    let mut group = c.benchmark_group("swiss");
    group.sample_size(10);
    group.bench_function("20,000 teams, round 10", |b| {
        b.iter(|| pair_swiss(&field, &met, SwissOptions::default()))
    });
    group.finish();
    let mut event = common::large_event(20_000, 11, 2);
    event.rounds.retain(|r| r.number <= 10);
    let report = fushi::rules::Report::compute(&event);
    let mut group = c.benchmark_group("swiss proposal");
    group.sample_size(10);
    group.bench_function(
        "20,000 teams, round 11 (2 boards), from the snapshot's report",
        |b| b.iter(|| Field::before_known(&event, 11, Some(&report)).swiss(None, false)),
    );
    group.finish();

    let mut event = common::large_event(5_000, 11, 16);
    event.rounds.retain(|r| r.number <= 10);
    let report = fushi::rules::Report::compute(&event);
    let mut group = c.benchmark_group("swiss proposal");
    group.sample_size(10);
    group.bench_function("5,000 teams, round 11, from the snapshot's report", |b| {
        b.iter(|| Field::before_known(&event, 11, Some(&report)).swiss(None, false))
    });
    group.bench_function("5,000 teams, round 11, the field alone", |b| {
        b.iter(|| Field::before_known(&event, 11, Some(&report)))
    });
    group.bench_function("5,000 teams, round 11, every match compared again", |b| {
        b.iter(|| Field::before(&event, 11).swiss(None, false))
    });
    group.finish();
}

criterion_group!(benches, swiss);
criterion_main!(benches);
