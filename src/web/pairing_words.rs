//! The words of a generated schedule, shared by the director's pairing pages and the public
//! round page: each match's explanation (why these two teams met, their ranks and scores
//! before the round), the round's notes and the pairing warnings.

use std::collections::HashMap;

use crate::db::schedule::RoundRecord;
use crate::i18n::Tr;
use crate::rules::{Event, Pairing, PairingMethod, TeamNo};
use crate::schedule::Reason;
use crate::schedule::draft::{self, NoteKind, PairingReason, Proposed, Warning};

/// One explained match as the pages show it.
#[derive(Clone, Debug)]
pub(crate) struct ExplanationLine {
    pub table: i32,
    pub home: String,
    pub away: String,
    pub home_rank: u32,
    pub away_rank: u32,
    pub home_score: String,
    pub away_score: String,
    pub reason: String,
}

pub(crate) fn label(event: &Event, number: TeamNo) -> String {
    match event.team(number) {
        Some(t) => format!("{} {}", t.number, t.name),
        None => number.to_string(),
    }
}

/// Why two teams were paired, in words.
pub(crate) fn reason_text(t: &Tr, event: &Event, why: &PairingReason) -> String {
    let scoring = &event.settings.scoring;
    match why {
        PairingReason::RoundRobin { round } => t.a("schedule-why-round-robin", "round", round),
        PairingReason::Swiss(reason) => match reason {
            Reason::Seeded => t.t("schedule-why-seeded"),
            Reason::SeededByRating => t.t("schedule-why-rating"),
            Reason::Lots { seed } => t.a("schedule-why-lots", "seed", seed),
            Reason::NextDown => t.t("schedule-why-next-down"),
            Reason::FloatedDown { from } => t.a(
                "schedule-why-floated-down",
                "score",
                crate::figures::typographic_minus(scoring.format(*from)),
            ),
            Reason::AvoidsRematch { passed_over, round } => t.args(
                "schedule-why-avoids-rematch",
                &[
                    ("round", round.to_string().into()),
                    ("team", label(event, *passed_over).into()),
                ],
            ),
            Reason::AvoidsSameClub { passed_over } => t.a(
                "schedule-why-avoids-same-club",
                "team",
                label(event, *passed_over),
            ),
            Reason::KeepsFieldPairable { passed_over } => t.a(
                "schedule-why-keeps-pairable",
                "team",
                label(event, *passed_over),
            ),
            Reason::Rematch { round } => t.a("schedule-why-rematch", "round", round),
        },
    }
}

/// The lines of `proposed` in words. A field's reasons repeat ("next down", "floated down
/// from 12.00"): each distinct one is worded once, not once a line (10,000 lines at
/// 20,000 teams).
pub(crate) fn explanation_lines<'a>(
    t: &Tr,
    event: &Event,
    proposed: impl IntoIterator<Item = &'a Proposed>,
) -> Vec<ExplanationLine> {
    /// Distinct reasons remembered, at most: a rematch names the team passed over.
    const REMEMBERED: usize = 256;
    let scoring = &event.settings.scoring;
    let mut worded: Vec<(&PairingReason, String)> = Vec::new();
    proposed
        .into_iter()
        .map(|p| {
            let reason = match worded.iter().find(|(why, _)| **why == p.why) {
                Some((_, text)) => text.clone(),
                None => {
                    let text = reason_text(t, event, &p.why);
                    if worded.len() < REMEMBERED {
                        worded.push((&p.why, text.clone()));
                    }
                    text
                }
            };
            ExplanationLine {
                table: p.table,
                home: label(event, p.home),
                away: label(event, p.away),
                home_rank: p.home_rank,
                away_rank: p.away_rank,
                home_score: crate::figures::typographic_minus(scoring.format(p.home_score)),
                away_score: crate::figures::typographic_minus(scoring.format(p.away_score)),
                reason,
            }
        })
        .collect()
}

/// The recorded explanations of round `round` whose teams still sit at their table (a
/// pairing changed by hand afterwards has none), at the tables `shown` (every table when
/// `None`): a page of a large round words only its own. `ranks` gives the rank and score of
/// every team before the round as the results stand now (a round paired long before it is
/// played, a whole round robin, does not show the field of then); it is asked only for a
/// round that has explanations to show.
pub(crate) fn recorded_lines(
    t: &Tr,
    event: &Event,
    (round, shown): (i32, Option<&std::collections::HashSet<i32>>),
    record: &RoundRecord,
    ranks: impl FnOnce() -> crate::web::live::RanksBefore,
) -> Vec<ExplanationLine> {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let on_page = |table: i32| shown.is_none_or(|tables| tables.contains(&table));
    let by_table: HashMap<i32, &crate::rules::Match> = r
        .matches
        .iter()
        .filter(|m| on_page(m.table))
        .map(|m| (m.table, m))
        .collect();
    let still: Vec<&Proposed> = record
        .explanations
        .iter()
        .filter(|p| {
            by_table
                .get(&p.table)
                .is_some_and(|m| draft::same_teams(m, p.home, p.away))
        })
        .collect();
    if still.is_empty() {
        return Vec::new();
    }
    let ranks = ranks();
    let scoring = &event.settings.scoring;
    let rank = |team: TeamNo| {
        ranks
            .get(&team)
            .copied()
            .unwrap_or((0, crate::rules::Score::ZERO))
    };
    let mut lines = explanation_lines(t, event, still.iter().copied());
    for (line, p) in lines.iter_mut().zip(&still) {
        let ((home_rank, home_score), (away_rank, away_score)) = (rank(p.home), rank(p.away));
        line.home_rank = home_rank;
        line.away_rank = away_rank;
        line.home_score = crate::figures::typographic_minus(scoring.format(home_score));
        line.away_score = crate::figures::typographic_minus(scoring.format(away_score));
    }
    let listed: std::collections::HashSet<i32> = lines.iter().map(|l| l.table).collect();
    // Every match of a generated round is listed: one paired by hand (before a re-pairing
    // that kept it for its results, or afterwards) says so, with the same ranks and scores.
    for m in r.matches.iter().filter(|m| on_page(m.table)) {
        let Some(away) = m.away else { continue };
        if listed.contains(&m.table) {
            continue;
        }
        let (home_rank, home_score) = rank(m.home);
        let (away_rank, away_score) = rank(away);
        lines.push(ExplanationLine {
            table: m.table,
            home: label(event, m.home),
            away: label(event, away),
            home_rank,
            away_rank,
            home_score: crate::figures::typographic_minus(scoring.format(home_score)),
            away_score: crate::figures::typographic_minus(scoring.format(away_score)),
            reason: t.t(if m.results.is_empty() {
                "schedule-why-by-hand"
            } else {
                "schedule-why-kept"
            }),
        });
    }
    lines.sort_by_key(|l| l.table);
    lines
}

/// The notes of a round in words, with when (in the tournament's zone: the page says which
/// once, with [`crate::clock::times_in`]).
pub(crate) fn note_texts(t: &Tr, clock: &crate::rules::Clock, record: &RoundRecord) -> Vec<String> {
    record
        .notes
        .iter()
        .map(|n| {
            let when = clock.minute(n.at);
            match n.kind {
                NoteKind::Generated => {
                    let method = n
                        .detail
                        .parse::<PairingMethod>()
                        .map_or_else(|_| n.detail.clone(), |m| method_label(t, m));
                    t.args(
                        "schedule-note-generated",
                        &[("method", method.into()), ("when", when.into())],
                    )
                }
                NoteKind::Override => t.a("schedule-note-override", "when", when),
                NoteKind::Unlocked => t.a("schedule-note-unlocked", "when", when),
            }
        })
        .collect()
}

pub(crate) fn method_label(t: &Tr, m: PairingMethod) -> String {
    t.t(&format!("schedule-method-{}", m.code()))
}

/// A warning in words.
pub(crate) fn warning_text(t: &Tr, event: &Event, w: &Warning) -> String {
    match w {
        Warning::Rematch { home, away, round } => t.args(
            "schedule-warning-rematch",
            &[
                ("home", label(event, *home).into()),
                ("away", label(event, *away).into()),
                ("round", round.to_string().into()),
            ],
        ),
        Warning::DoubleBye { team, round } => t.args(
            "schedule-warning-double-bye",
            &[
                ("team", label(event, *team).into()),
                ("round", round.to_string().into()),
            ],
        ),
        Warning::SameClub { home, away, club } => t.args(
            "schedule-warning-same-club",
            &[
                ("home", label(event, *home).into()),
                ("away", label(event, *away).into()),
                ("club", club.clone().into()),
            ],
        ),
    }
}

/// Warnings for the pairings of round `round` as saved, for the pairings page.
pub(crate) fn saved_warnings(t: &Tr, event: &Event, round: i32) -> Vec<String> {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let pairings: Vec<Pairing> = r.matches.iter().map(Pairing::of).collect();
    draft::warnings(event, round, &pairings)
        .iter()
        .map(|w| warning_text(t, event, w))
        .collect()
}
