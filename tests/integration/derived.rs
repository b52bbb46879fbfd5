//! Figures a snapshot derives from the ones it already has agree with the same figures
//! worked out afresh: the public report from the full one (only the matches not complete
//! compared again) and the standings after each round from the report (one pass, not the
//! whole event once per round). Generated events, odd team counts (byes), half-played last
//! rounds, rooms missing here and there, a round the director released.

use crate::common;

use fushi::rules::{Event, MatchLine, MatchStatus, Release, Report, standings};

/// The public report as it was made before: the public event's report computed afresh,
/// complete matches' figures and every match's `counts` taken from the full report, the
/// standings the full ones.
fn public_report_afresh(release: &Release, full: &Report, public: &Event) -> Report {
    let mut report = Report::compute(public);
    for (shown, whole) in report.matches.iter_mut().zip(&full.matches) {
        if whole.figures.status == MatchStatus::Complete {
            let mut figures = whole.figures.clone();
            figures
                .boards
                .retain(|b| release.board(whole.round, b.board));
            shown.figures = figures;
        }
        shown.counts = whole.counts;
    }
    report.standings = full.standings.clone();
    report
}

/// The standings after each round as they were made before: for each round, every match
/// up to it ranked again.
fn after_each_round_afresh(
    event: &Event,
    report: &Report,
) -> Vec<(i32, Vec<fushi::rules::Standing>)> {
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
            (r, standings(&teams, &lines, &event.settings.tiebreaks))
        })
        .collect()
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
fn derived_figures_agree_with_figures_worked_out_afresh() {
    for case in 0..24 {
        let teams = [5, 8, 9, 16, 33][case as usize % 5];
        let event = generated(case, teams);
        for released in [vec![], vec![5], vec![4, 5]] {
            let full = Report::compute_closing(&event, &released);
            let release = Release::of(&event, &released);
            let public = release.redact(&event);
            let derived = release.public_report(&full, &public);
            let afresh = public_report_afresh(&release, &full, &public);
            assert_eq!(
                format!("{derived:?}"),
                format!("{afresh:?}"),
                "case {case}, released {released:?}: the public report"
            );
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
