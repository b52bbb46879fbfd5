//! The small view pieces that several areas of the web share (the director's pages, the
//! table page, the public pages, the printed sheets): `<select>` options, the labels of
//! seats, trumps, combinations, progress (of matches, rounds and stages) and teams, and a
//! score-sheet field's error, in the reader's language.

use fluent_templates::fluent_bundle::FluentValue;

use super::i18n::Tr;
use crate::db::RoundSheet;
use crate::input::sheet::{self, SheetError, SheetProblem};
use crate::rules::Decks;
use crate::rules::room_state::{EntryState, Side};
use crate::rules::{Level, MatchProgress, Pair, RoundProgress, Seat, TeamNo, Trump};

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

/// A room's state in words, wherever one is shown (the table's page, the director's room
/// page, the audit trail): a confirmed room that waits for the director's approval
/// (`awaits_approval`) is provisional.
pub(crate) fn room_state_label(t: &Tr, state: EntryState, awaits_approval: bool) -> String {
    if state == EntryState::Confirmed && awaits_approval {
        t.t("table-state-provisional")
    } else {
        t.t(&format!("table-state-{}", state.code()))
    }
}

/// A side of a room in words: the pair of seats a team sits in (NS or EW).
pub(crate) fn side_label(t: &Tr, side: Side) -> String {
    t.t(&format!("entry-pair-{}", side.code()))
}

/// A pair of seats in words, as [`side_label`] says it.
pub(crate) fn pair_label(t: &Tr, pair: Pair) -> String {
    side_label(
        t,
        match pair {
            Pair::NorthSouth => Side::NorthSouth,
            Pair::EastWest => Side::EastWest,
        },
    )
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

/// An error of a score-sheet field in the reader's language.
pub(crate) fn sheet_error_text(t: &Tr, e: &SheetError, decks: Decks) -> String {
    let n = |v: i32| v.to_string().into();
    match e.problem {
        SheetProblem::NotANumber => t.t("entry-error-not-a-number"),
        SheetProblem::NotAChoice => t.t("entry-error-not-a-choice"),
        SheetProblem::ComboLength => t.t("entry-error-combo-length"),
        SheetProblem::TotalWithTricks => t.t("entry-error-total-with-tricks"),
        SheetProblem::TrickPoints => t.a("entry-error-trick-points", "total", decks.total_points()),
        SheetProblem::BottomPoints => t.args(
            "entry-error-bottom-points",
            &[
                ("max", n(decks.max_bottom_points())),
                ("total", n(decks.total_points())),
            ],
        ),
        SheetProblem::ComboNotAllowed => t.args(
            "entry-error-combo-not-allowed",
            &[
                ("decks", n(decks.count())),
                ("allowed", combo_list(t, decks).into()),
            ],
        ),
        SheetProblem::ComboMissing => t.t("entry-error-combo-missing"),
        SheetProblem::Penalty => t.a(
            "entry-error-penalty",
            "total",
            crate::rules::table::MAX_PENALTY,
        ),
        SheetProblem::ComboWithDeclarer => t.t("entry-error-combo-with-declarer"),
        SheetProblem::ComboWithoutLastTrick => t.t("entry-error-combo-without-last-trick"),
        SheetProblem::LastTrickMissing => t.t("entry-error-last-trick-missing"),
        SheetProblem::Ruling { min, max } => {
            t.args("entry-error-ruling", &[("min", n(min)), ("max", n(max))])
        }
        SheetProblem::DefenderTotal => t.t("entry-error-defender-total"),
        SheetProblem::NoResult => t.t("entry-error-no-result"),
    }
}

/// A combination's kind (`pair`, `tractor`, …) in words.
pub(crate) fn combo_label(t: &Tr, kind: &str) -> String {
    t.t(&format!("entry-combo-{kind}"))
}

/// The combinations allowed with `decks`, in words.
fn combo_list(t: &Tr, decks: Decks) -> String {
    let sep = t.t("list-separator");
    sheet::combination_kinds(decks)
        .into_iter()
        .map(|k| combo_label(t, k))
        .collect::<Vec<_>>()
        .join(&sep)
}

/// "Qualifying, round 7 of 9", "Semi-finals, segment 1 of 2", "Finished".
pub(crate) fn progress_text(t: &Tr, event: &crate::rules::Event) -> Option<String> {
    let stages = &event.settings.stages;
    Some(match crate::rules::bracket::progress(stages, event)? {
        crate::rules::bracket::Progress::League { stage, round, of } => t.args(
            "stage-progress-league",
            &[
                ("stage", FluentValue::from(stages[stage].name.clone())),
                ("round", FluentValue::from(round.to_string())),
                ("of", FluentValue::from(of.to_string())),
            ],
        ),
        crate::rules::bracket::Progress::Knockout {
            name, segment, of, ..
        } => t.args(
            "stage-progress-knockout",
            &[
                (
                    "round",
                    FluentValue::from(crate::sheets::stages::round_name(t, name)),
                ),
                ("segment", FluentValue::from(segment.to_string())),
                ("of", FluentValue::from(of.to_string())),
            ],
        ),
        crate::rules::bracket::Progress::Finished => t.t("stage-progress-finished"),
    })
}

/// One commitment of a tournament as its pages list it (docs/deals.md): every seed ever
/// set, in the order set.
#[derive(Clone, Debug)]
pub(crate) struct CommitmentLine {
    /// 1, 2, … in the order set.
    pub number: usize,
    pub commitment: String,
    /// When the public could first see it, as `tournament.toml` writes it; empty while the
    /// tournament has not been published since.
    pub published: String,
    /// The rounds whose current cards it dealt, or what stands instead.
    pub rounds: String,
    /// The seed, once revealed.
    pub seed: Option<String>,
    /// `python3 tests/reference/deal.py …` for a revealed seed.
    pub check: Option<String>,
}

/// The commitments of `event` as listed: the public sees the same list (a secret seed is
/// its commitment there).
pub(crate) fn commitment_lines(t: &Tr, event: &crate::rules::Event) -> Vec<CommitmentLine> {
    let seeds = &event.deals.seeds;
    let last_round = event.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    let last_board = event
        .rounds
        .iter()
        .flat_map(|r| r.boards.iter().map(|b| b.number))
        .max()
        .unwrap_or(0);
    seeds
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let current = i + 1 == seeds.len();
            let rounds = match &record.rounds {
                None => t.t("deals-rounds-not-recorded"),
                Some(list) if list.is_empty() && current => t.t("deals-rounds-none-yet"),
                Some(list) if list.is_empty() => t.t("deals-rounds-replaced"),
                Some(list) => t.a(
                    "deals-rounds-list",
                    "rounds",
                    list.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            };
            let seed = record.state.revealed().map(|s| s.as_str().to_owned());
            let check = seed.as_ref().map(|s| {
                format!(
                    "python3 tests/reference/deal.py '{}' {} {last_round} {last_board}",
                    s.replace('\'', "'\\''"),
                    event.settings.decks().count()
                )
            });
            CommitmentLine {
                number: i + 1,
                commitment: record.state.commitment().as_str().to_owned(),
                published: record
                    .published
                    .map(|at| crate::archive::published_text(at, event.settings.occasion.time_zone))
                    .unwrap_or_default(),
                rounds,
                seed,
                check,
            }
        })
        .collect()
}

/// Whether round `round`'s results (table `table`'s only, when given) are provisional or
/// final, in words (docs/rules.md §5), as [`Finality`](crate::rules::Finality) decides it
/// now: rooms waiting for the director's approval, the correction period with its end in
/// the tournament's zone, or final. `None` for a round still played, except on the page
/// of a match already complete there.
pub(crate) fn finality_line(
    snap: &crate::web::live::Snapshot,
    round: i32,
    table: Option<i32>,
    t: &crate::web::i18n::Tr,
) -> Option<String> {
    use crate::rules::Finality;
    use fluent_templates::fluent_bundle::FluentValue;
    let now = chrono::Utc::now().naive_utc();
    let progress = snap.report.round_progress(round);
    if progress == crate::rules::RoundProgress::NotStarted && snap.play.provisional.is_empty() {
        return None;
    }
    match Finality::of(&snap.play, round, table, progress, now) {
        Finality::AwaitingApproval(rooms) => {
            let rooms: Vec<String> = rooms
                .iter()
                .map(|(table, room)| {
                    t.args(
                        "pub-provisional-room",
                        &[
                            ("table", FluentValue::from(table.to_string())),
                            (
                                "room",
                                FluentValue::from(t.t(&format!("pub-room-{}", room.code()))),
                            ),
                        ],
                    )
                })
                .collect();
            Some(t.a("pub-provisional-approval", "rooms", t.list(&rooms)))
        }
        Finality::InPlay => {
            let complete = table.is_some_and(|table| {
                snap.report.matches.iter().any(|m| {
                    m.round == round
                        && m.table == table
                        && m.figures.status == crate::rules::MatchStatus::Complete
                })
            });
            complete.then(|| t.t("pub-provisional-in-play"))
        }
        Finality::Correcting { until } => {
            // In the tournament's zone, named here: the page may show no other time.
            let clock = crate::clock::of(&snap.event.settings);
            Some(t.a(
                "pub-provisional-until",
                "time",
                format!("{} ({})", clock.hm(until), clock.label(until)),
            ))
        }
        Finality::Final => Some(t.t("pub-final")),
    }
}
