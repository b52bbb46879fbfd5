//! Figures a snapshot derives agree with the same figures worked out afresh (the standings
//! after each round from the report: one pass, not the whole event once per round), and
//! the public view is a function of released results only: the same event with other
//! figures on its unreleased boards has the same public view (docs/rules.md §5). Generated
//! events, odd team counts (byes), half-played last rounds, rooms missing here and there, a
//! round the director released.

use crate::common;

use fushi::rules::{Event, MatchLine, MatchStatus, Release, Report, standings};

/// `event` with every result of a board `release` keeps back given other trick points (the
/// declarers' `t`, no bottom): another database that differs only in unreleased results.
fn other_unreleased(event: &Event, release: &Release, t: i32) -> Event {
    let mut other = event.clone();
    for round in &mut other.rounds {
        let number = round.number;
        for m in &mut round.matches {
            for r in m
                .results
                .iter_mut()
                .filter(|r| !release.board(number, r.board))
            {
                r.entry = common::edited(&r.entry, |f| {
                    *f = fushi::rules::table::EntryFigures {
                        trick_points: Some(t),
                        last_trick: Some(fushi::rules::LastTrick::Declarer),
                        ..Default::default()
                    }
                });
            }
        }
    }
    other
}

/// The standings after each round as they were made before: for each round, every match
/// up to it ranked again.
fn after_each_round_afresh(
    event: &Event,
    report: &Report,
) -> Vec<(i32, fushi::rules::Shared<Vec<fushi::rules::Standing>>)> {
    let teams: Vec<_> = event.teams.iter().map(|t| t.number).collect();
    let mut rounds: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
    rounds.sort_unstable();
    rounds.dedup();
    rounds
        .into_iter()
        .map(|r| {
            let lines: Vec<MatchLine<'_>> = report
                .matches
                .iter()
                .filter(|m| m.round <= r)
                .filter(|m| m.counts || m.figures.status != MatchStatus::Bye)
                .map(|m| MatchLine {
                    home: m.home,
                    away: m.away,
                    figures: &m.figures,
                })
                .collect();
            let ranked = standings(&teams, &lines, &event.settings.tiebreaks);
            (r, fushi::rules::Shared::new(ranked))
        })
        .collect()
}

/// How many tables scored each s, every table of `event` scored afresh (a sorted list of
/// the scores that occur; the chart's filling of the gaps is left out).
fn table_scores_afresh(event: &Event) -> Vec<(i32, u32)> {
    let scorer = fushi::rules::Scorer::new(&event.settings);
    let mut counts = std::collections::BTreeMap::new();
    for result in event
        .rounds
        .iter()
        .flat_map(|r| &r.matches)
        .flat_map(|m| m.results.iter())
    {
        if let Some(outcome) = scorer.table(&result.entry) {
            *counts.entry(outcome.table_score).or_insert(0u32) += 1;
        }
    }
    counts.into_iter().collect()
}

/// Event `case`: `teams` teams, the last round half played (rooms dropped at random), a
/// room missing here and there in earlier rounds.
fn generated(case: u64, teams: usize) -> Event {
    let mut event = common::large_event(teams, 5, 4);
    let mut dice = case.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut roll = |n: u64| {
        dice ^= dice << 13;
        dice ^= dice >> 7;
        dice ^= dice << 17;
        dice % n
    };
    let last = event.rounds.len() - 1;
    for (r, round) in event.rounds.iter_mut().enumerate() {
        for m in &mut round.matches {
            let keep = if r == last { 2 } else { 12 };
            m.results.retain(|_| roll(keep) != 0);
        }
    }
    event
}

#[test]
fn the_field_after_complete_rounds_is_the_reports_standings() {
    for teams in [5, 8, 9, 16] {
        // Every round complete (an odd field has a bye each round), some rounds closed.
        let event = common::large_event(teams, 3, 2);
        for closed in [vec![], vec![3], vec![1, 2, 3]] {
            let report = Report::compute_closing(&event, &closed);
            for round in 1..=4 {
                assert_eq!(
                    fushi::schedule::draft::Field::before_known(&event, round, Some(&report)).rank,
                    fushi::schedule::draft::Field::before(&event, round).rank,
                    "{teams} teams, closed {closed:?}: the field before round {round}"
                );
            }
        }
    }
}

#[test]
fn derived_figures_agree_with_figures_worked_out_afresh() {
    for case in 0..24 {
        let teams = [5, 8, 9, 16, 33][case as usize % 5];
        let event = generated(case, teams);
        for released in [vec![], vec![5], vec![4, 5]] {
            let full = Report::compute_closing(&event, &released);
            let release = Release::of(&event, &released);
            let (public, shown) = release.public_view(&event, &released);
            // A match the public sees complete (and counts) has every board released.
            for m in shown
                .matches
                .iter()
                .filter(|m| m.figures.status == MatchStatus::Complete)
            {
                let round = event
                    .rounds
                    .iter()
                    .find(|r| r.number == m.round)
                    .expect("its round");
                assert!(
                    round
                        .boards
                        .iter()
                        .all(|b| release.board(m.round, b.number)),
                    "case {case}, released {released:?}: round {} table {} complete in public",
                    m.round,
                    m.table
                );
            }
            for t in [0, 55, 150] {
                let other = other_unreleased(&event, &release, t);
                assert_eq!(Release::of(&other, &released), release);
                assert_eq!(
                    release.public_view(&other, &released),
                    (public.clone(), shown.clone()),
                    "case {case}, released {released:?}: the public view reads an unreleased board"
                );
            }
            // The field a pairing ranks by, its figures borrowed from the report (closed
            // rounds and all) or worked out afresh: the same ranks and scores.
            for round in 1..=event.rounds.len() as i32 + 1 {
                assert_eq!(
                    fushi::schedule::draft::Field::before_known(&event, round, Some(&full)).rank,
                    fushi::schedule::draft::Field::before(&event, round).rank,
                    "case {case}, released {released:?}: the field before round {round}"
                );
            }
            let derived = shown;
            for (report, ev, which) in [(&full, &event, "full"), (&derived, &public, "public")] {
                let mut counts = report.table_score_counts(ev);
                counts.retain(|(_, n)| *n > 0);
                assert_eq!(
                    counts,
                    table_scores_afresh(ev),
                    "case {case}, released {released:?}: table scores counted ({which})"
                );
            }
            for (report, which) in [(&full, "full"), (&derived, "public")] {
                assert_eq!(
                    report.standings_after_each_round(&event),
                    after_each_round_afresh(&event, report),
                    "case {case}, released {released:?}: standings after each round ({which})"
                );
            }
        }
    }
}
