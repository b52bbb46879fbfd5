//! The small view pieces the director's pages share: `<select>` options, and the labels of
//! seats, trumps, progress and teams in the reader's language.

use super::super::i18n::Tr;
use crate::db::RoundSheet;
use crate::rules::{Level, MatchProgress, RoundProgress, Seat, TeamNo, Trump};

/// One option of a `<select>` (or a `<datalist>`).
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// Options with `current` selected; a current value that is not among them (typed into a
/// crafted request) is kept as an extra option so that the form shows what was sent.
pub(crate) fn choices(options: Vec<(String, String)>, current: &str) -> Vec<Choice> {
    let current = current.trim();
    let known = options.iter().any(|(v, _)| v == current);
    let mut list: Vec<Choice> = options
        .into_iter()
        .map(|(value, label)| Choice {
            selected: value == current,
            value,
            label,
        })
        .collect();
    if !known {
        list.push(Choice {
            value: current.to_owned(),
            label: current.to_owned(),
            selected: true,
        });
    }
    list
}

pub(crate) fn seat_label(t: &Tr, seat: Seat) -> String {
    t.t(&format!("rounds-seat-{}", seat.code()))
}

pub(crate) fn trump_label(t: &Tr, trump: Option<Trump>) -> String {
    match trump {
        None => t.t("rounds-trump-at-table"),
        Some(Trump::NoTrump) => t.t("rounds-trump-nt"),
        Some(suit) => suit.symbol().to_owned(),
    }
}

pub(super) fn dealer_choices(t: &Tr, current: &str) -> Vec<Choice> {
    choices(
        Seat::ALL
            .iter()
            .map(|s| (s.code().to_owned(), seat_label(t, *s)))
            .collect(),
        current,
    )
}

pub(super) fn level_choices(current: &str) -> Vec<Choice> {
    choices(
        Level::all()
            .map(|l| (l.code().to_owned(), l.code().to_owned()))
            .collect(),
        current,
    )
}

pub(super) fn trump_choices(t: &Tr, current: &str) -> Vec<Choice> {
    let mut options = vec![(String::new(), trump_label(t, None))];
    options.extend(Trump::ALL.iter().map(|s| {
        (
            s.code().to_owned(),
            t.t(&format!("rounds-trump-option-{}", s.code())),
        )
    }));
    choices(options, current)
}

pub(super) fn match_progress_label(t: &Tr, p: MatchProgress) -> String {
    t.t(&format!("round-progress-{}", p.code()))
}

pub(super) fn round_progress_label(t: &Tr, p: RoundProgress) -> String {
    t.t(&format!("round-progress-{}", p.code()))
}

/// A team as the director's pages name it: `3 Name`.
pub(crate) fn team_label(sheet: &RoundSheet, number: TeamNo) -> String {
    match sheet.team(number) {
        Some(t) => format!("{} {}", t.number, t.name),
        None => number.to_string(),
    }
}
