//! What the tournament pages show: the settings form with its preview and choices, the
//! dashboard, the list and the delete page.

use askama::Template;

use super::FieldErrors;
use super::form::{SettingsInput, TIEBREAK_SLOTS, is_table_form_field};
use super::messages::{field_message, preset_label, tiebreak_label};
use crate::db::TournamentSummary;
use crate::figures::signed;
use crate::input::Why;
use crate::rules::change::Conflict;
use crate::rules::{
    BandTable, Decks, Event, Fault, MatchScoring, MatchStatus, MultiplierPolicy, PairingMethod,
    Preset, Report, RoundProgress, Settings, TableOutcome, TieBreak,
};
use crate::web::AppError;
use crate::web::AppState;
use crate::web::i18n::Tr;
use crate::web::page::{self, Ctx, TourHead};

/// One line of the band table preview.
#[derive(Clone, Debug)]
pub(super) struct PreviewRow {
    pub(super) p: i32,
    /// `+3`, `0`, `-2`
    pub(super) s: String,
    pub(super) wording: String,
    /// The first P of a new s, for a line in the table.
    pub(super) band_start: bool,
    pub(super) takes_over: bool,
}

/// The table score s and its wording for every P from 0 to the deck total in steps of 5,
/// computed by the rules core exactly as a table result would be.
#[derive(Clone, Debug)]
pub(super) struct Preview {
    pub(super) caption: String,
    pub(super) rows: Vec<PreviewRow>,
    pub(super) error: Option<String>,
}

impl Preview {
    pub(super) fn of(t: &Tr, decks: Decks, table: &BandTable) -> Preview {
        let mut rows: Vec<PreviewRow> = Vec::new();
        for p in (0..=decks.total_points()).step_by(5) {
            let outcome = TableOutcome::at_total(p, table);
            let s = outcome.table_score;
            let band_start = rows.last().is_none_or(|r| r.s != signed(s.into()));
            rows.push(PreviewRow {
                p,
                s: signed(s.into()),
                wording: crate::sheets::wording(t, outcome.wording),
                band_start,
                takes_over: table.takes_over(p),
            });
        }
        Preview {
            caption: t.args(
                "director-settings-preview-caption",
                &[
                    ("decks", decks.count().into()),
                    ("total", decks.total_points().into()),
                    ("takeover", table.takeover_at().into()),
                ],
            ),
            rows,
            error: None,
        }
    }
}

pub(super) fn method_label(t: &Tr, method: MatchScoring) -> String {
    t.t(&format!("director-settings-scoring-{}", method.code()))
}

/// An option of a select: value, label, whether chosen.
#[derive(Clone, Debug)]
pub(super) struct Choice {
    pub(super) value: String,
    pub(super) label: String,
    pub(super) selected: bool,
    /// For the rules select: the deck counts the preset exists for (`"1 2 3"`).
    pub(super) decks: String,
}

/// A stored result the new settings contradict, in the reader's language.
#[derive(Clone, Debug)]
pub(super) struct ConflictLine {
    pub(super) place: String,
    pub(super) message: String,
}

impl ConflictLine {
    pub(super) fn of(t: &Tr, c: &Conflict) -> ConflictLine {
        ConflictLine {
            place: t.args(
                "director-settings-conflict-place",
                &[
                    ("round", c.round.into()),
                    ("table", c.table.into()),
                    (
                        "room",
                        t.t(&format!("director-room-{}", c.room.code())).into(),
                    ),
                    ("board", c.board.into()),
                ],
            ),
            message: format!(
                "{}: {}",
                t.t(&format!(
                    "director-field-{}",
                    c.problem.field.replace('_', "-")
                )),
                Why::from(c.problem.fault.clone()).text(t)
            ),
        }
    }
}

/// An option of a select that is not the rules': value, label, whether chosen.
fn choice(value: &str, label: String, selected: bool) -> Choice {
    Choice {
        value: value.to_owned(),
        label,
        selected,
        decks: String::new(),
    }
}

/// The deck counts, each with the points it deals.
fn deck_choices(t: &Tr, input: &SettingsInput) -> Vec<Choice> {
    [Decks::One, Decks::Two, Decks::Three]
        .into_iter()
        .map(|d| {
            let n = d.count().to_string();
            let label = t.args(
                "director-settings-decks-option",
                &[
                    ("decks", d.count().into()),
                    ("total", d.total_points().into()),
                ],
            );
            choice(&n, label, input.decks == n)
        })
        .collect()
}

/// The presets of rules, each with the deck counts it exists for (named when not all
/// three), then the director's own.
fn rules_choices(t: &Tr, input: &SettingsInput) -> Vec<Choice> {
    Preset::ALL
        .into_iter()
        .map(|p| {
            let exists: Vec<String> = [Decks::One, Decks::Two, Decks::Three]
                .into_iter()
                .filter(|d| BandTable::preset(*d, p).is_some())
                .map(|d| d.count().to_string())
                .collect();
            let label = if exists.len() == 3 {
                preset_label(t, p.code())
            } else {
                t.args(
                    "director-settings-rules-only",
                    &[
                        ("name", preset_label(t, p.code()).into()),
                        ("decks", exists.join(", ").into()),
                    ],
                )
            };
            Choice {
                decks: exists.join(" "),
                ..choice(p.code(), label, input.rules == p.code())
            }
        })
        .chain(std::iter::once(Choice {
            decks: "1 2 3".to_owned(),
            ..choice("custom", preset_label(t, "custom"), input.rules == "custom")
        }))
        .collect()
}

/// How the bottom's points are multiplied.
fn multiplier_choices(t: &Tr, input: &SettingsInput) -> Vec<Choice> {
    [MultiplierPolicy::Exponential, MultiplierPolicy::Doubling]
        .into_iter()
        .map(|m| {
            choice(
                m.code(),
                t.t(&format!("director-settings-multiplier-{}", m.code())),
                input.bottom_multiplier == m.code(),
            )
        })
        .collect()
}

/// How a match is scored.
fn method_choices(t: &Tr, input: &SettingsInput) -> Vec<Choice> {
    [MatchScoring::Vp20, MatchScoring::Wdl, MatchScoring::Levels]
        .into_iter()
        .map(|m| {
            choice(
                m.code(),
                method_label(t, m),
                input.match_scoring == m.code(),
            )
        })
        .collect()
}

/// The options of each tie-break position: none, or any tie-break.
fn tiebreak_choices(t: &Tr, input: &SettingsInput) -> Vec<Vec<Choice>> {
    (0..TIEBREAK_SLOTS)
        .map(|i| {
            let chosen = input.tiebreaks.get(i).map_or("", String::as_str);
            std::iter::once(choice(
                "",
                t.t("director-settings-tiebreak-none"),
                chosen.is_empty(),
            ))
            .chain(
                TieBreak::DEFAULT
                    .into_iter()
                    .map(|tb| choice(tb.code(), tiebreak_label(t, tb), chosen == tb.code())),
            )
            .collect()
        })
        .collect()
}

/// The ways of pairing, by hand when none is chosen.
fn pairing_choices(t: &Tr, input: &SettingsInput) -> Vec<Choice> {
    PairingMethod::ALL
        .into_iter()
        .map(|m| {
            choice(
                m.code(),
                t.t(&format!("schedule-method-{}", m.code())),
                input.pairing == m.code()
                    || (input.pairing.is_empty() && m == PairingMethod::Manual),
            )
        })
        .collect()
}

/// At most this many contradicted results are listed; the rest are counted.
const CONFLICTS_SHOWN: usize = 20;

/// Everything the settings form shows: the input, its problems, the preview, the
/// options of every select and, after a refused save, the contradicted results.
pub(super) struct SettingsForm {
    pub(super) input: SettingsInput,
    pub(super) errors: FieldErrors,
    pub(super) preview: Preview,
    pub(super) action: String,
    pub(super) preview_url: String,
    pub(super) decks: Vec<Choice>,
    pub(super) rules: Vec<Choice>,
    pub(super) multipliers: Vec<Choice>,
    pub(super) methods: Vec<Choice>,
    /// Per position, the options of its select.
    pub(super) tiebreaks: Vec<Vec<Choice>>,
    pub(super) pairings: Vec<Choice>,
    pub(super) conflicts: Vec<ConflictLine>,
    pub(super) more_conflicts: usize,
    /// The default bye of each method, for the hint beside the bye score.
    pub(super) bye_hint: String,
}

impl SettingsForm {
    pub(super) fn new(
        t: &Tr,
        input: SettingsInput,
        action: String,
        preview_url: String,
    ) -> SettingsForm {
        let mut ignored = FieldErrors::default();
        let preview = input.preview(t, &mut ignored);
        SettingsForm {
            pairings: pairing_choices(t, &input),
            decks: deck_choices(t, &input),
            rules: rules_choices(t, &input),
            multipliers: multiplier_choices(t, &input),
            methods: method_choices(t, &input),
            tiebreaks: tiebreak_choices(t, &input),
            input,
            errors: FieldErrors::default(),
            preview,
            action,
            preview_url,
            conflicts: Vec::new(),
            more_conflicts: 0,
            bye_hint: t.t("director-settings-bye-hint"),
        }
    }

    pub(super) fn with_errors(mut self, errors: FieldErrors) -> SettingsForm {
        self.errors = errors;
        self
    }

    pub(super) fn with_conflicts(mut self, t: &Tr, found: &[Conflict]) -> SettingsForm {
        self.conflicts = found
            .iter()
            .take(CONFLICTS_SHOWN)
            .map(|c| ConflictLine::of(t, c))
            .collect();
        self.more_conflicts = found.len().saturating_sub(CONFLICTS_SHOWN);
        // A ruling out of range is the band table's doing: said at the custom table when
        // that is chosen, else at the band table's select (the custom table is hidden).
        let (rulings, figures): (Vec<_>, Vec<_>) = found
            .iter()
            .partition(|c| matches!(c.problem.fault, Fault::RulingOutOfRange { .. }));
        if !figures.is_empty() {
            let decks = self.input.decks.clone();
            self.errors.add(
                "decks",
                t.a("director-settings-error-conflicts", "decks", decks),
            );
        }
        if !rulings.is_empty() {
            let field = if self.input.rules == "custom" {
                "bands"
            } else {
                "rules"
            };
            self.errors
                .add(field, t.t("director-settings-error-conflicts-rulings"));
        }
        self
    }

    pub(super) fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field)
    }

    /// The typed value of a date, place or organiser field.
    pub(super) fn occasion_value(&self, field: &str) -> &str {
        let o = &self.input.occasion;
        match field {
            "starts" => &o.starts,
            "ends" => &o.ends,
            "venue" => &o.venue,
            "organiser" => &o.organiser,
            _ => &o.time_zone,
        }
    }

    /// The tie-break position's field name.
    pub(super) fn tiebreak_field(&self, i: &usize) -> String {
        format!("tiebreak-{i}")
    }

    pub(super) fn band_field(&self, which: &str, i: &usize) -> String {
        format!("band-{which}-{i}")
    }
}

#[derive(Template)]
#[template(path = "director/tournament_list.html")]
pub(super) struct ListPage {
    pub(super) ctx: Ctx,
    pub(super) tournaments: Vec<TournamentSummary>,
}

#[derive(Template)]
#[template(path = "director/tournament_new.html")]
pub(super) struct NewPage {
    pub(super) ctx: Ctx,
    pub(super) form: SettingsForm,
}

#[derive(Template)]
#[template(path = "director/settings_preview.html")]
pub(super) struct PreviewFragment {
    pub(super) ctx: Ctx,
    pub(super) preview: Preview,
}

/// One round on the dashboard.
pub(super) struct RoundLine {
    pub(super) number: i32,
    pub(super) boards: usize,
    /// Matches with two teams.
    pub(super) matches: usize,
    pub(super) complete: usize,
    pub(super) in_progress: usize,
    pub(super) byes: usize,
    pub(super) results: usize,
    /// A message id: not paired, not started, in progress, complete.
    pub(super) state: &'static str,
}

/// The whole tournament at a glance.
pub(super) struct Glance {
    pub(super) teams: usize,
    pub(super) withdrawn: usize,
    pub(super) rounds: Vec<RoundLine>,
    pub(super) matches: usize,
    pub(super) complete: usize,
    pub(super) in_progress: usize,
    pub(super) results: usize,
}

impl Glance {
    pub(super) fn of(event: &Event, report: &Report) -> Glance {
        let mut rounds: Vec<RoundLine> = event
            .rounds
            .iter()
            .map(|r| RoundLine {
                number: r.number,
                boards: r.boards.len(),
                matches: 0,
                complete: 0,
                in_progress: 0,
                byes: 0,
                results: r.matches.iter().map(|m| m.results.len()).sum(),
                state: "",
            })
            .collect();
        for m in &report.matches {
            let Some(line) = rounds.iter_mut().find(|l| l.number == m.round) else {
                continue;
            };
            match m.figures.status {
                MatchStatus::Bye => line.byes += 1,
                MatchStatus::Complete => {
                    line.matches += 1;
                    line.complete += 1;
                }
                // A match with no result yet has not begun: it is not "in progress".
                MatchStatus::InProgress => {
                    line.matches += 1;
                    if crate::rules::MatchProgress::of(&m.figures)
                        == crate::rules::MatchProgress::InProgress
                    {
                        line.in_progress += 1;
                    }
                }
            }
        }
        for line in &mut rounds {
            line.state = if line.matches + line.byes == 0 {
                "director-dashboard-state-unpaired"
            } else {
                match report.round_progress(line.number) {
                    RoundProgress::NotStarted => "director-dashboard-state-not-started",
                    RoundProgress::InProgress => "director-dashboard-state-in-progress",
                    RoundProgress::Complete => "director-dashboard-state-complete",
                }
            };
        }
        Glance {
            teams: event.teams.len(),
            withdrawn: event.teams.iter().filter(|t| t.withdrawn).count(),
            matches: rounds.iter().map(|r| r.matches).sum(),
            complete: rounds.iter().map(|r| r.complete).sum(),
            in_progress: rounds.iter().map(|r| r.in_progress).sum(),
            results: rounds.iter().map(|r| r.results).sum(),
            rounds,
        }
    }
}

#[derive(Template)]
#[template(path = "director/dashboard.html")]
pub(super) struct DashboardPage {
    pub(super) ctx: Ctx,
    pub(super) tour: TourHead,
    pub(super) section: &'static str,
    pub(super) glance: Glance,
    /// Settings in brief: decks, band table, multiplier, scoring.
    pub(super) facts: Vec<(String, String)>,
    /// The stages in order (name, rounds, format) and where the event stands; empty
    /// without stages.
    pub(super) stages: Vec<(String, String, String)>,
    pub(super) stage_progress: String,
}

pub(super) fn settings_facts(t: &Tr, s: &Settings) -> Vec<(String, String)> {
    let table = s.band_table();
    let scoring = &s.scoring;
    let scoring_text = match scoring.method {
        MatchScoring::Vp20 => t.a(
            "director-dashboard-vp20",
            "blitz",
            scoring.vp_blitz.to_string(),
        ),
        MatchScoring::Wdl => t.args(
            "director-dashboard-wdl",
            &[
                ("win", scoring.win_draw_loss[0].plain().into()),
                ("draw", scoring.win_draw_loss[1].plain().into()),
                ("loss", scoring.win_draw_loss[2].plain().into()),
            ],
        ),
        MatchScoring::Levels => method_label(t, MatchScoring::Levels),
    };
    let tiebreaks = if s.tiebreaks.is_empty() {
        t.t("director-settings-tiebreak-none")
    } else {
        s.tiebreaks
            .iter()
            .map(|tb| tiebreak_label(t, *tb))
            .collect::<Vec<_>>()
            .join(" → ")
    };
    vec![
        (
            t.t("director-settings-decks"),
            t.args(
                "director-settings-decks-option",
                &[
                    ("decks", s.decks().count().into()),
                    ("total", s.decks().total_points().into()),
                ],
            ),
        ),
        (
            t.t("director-settings-rules"),
            t.args(
                "director-dashboard-rules",
                &[
                    ("name", preset_label(t, s.rules().code()).into()),
                    ("takeover", table.takeover_at().into()),
                ],
            ),
        ),
        (
            t.t("director-settings-multiplier"),
            t.t(&format!(
                "director-settings-multiplier-{}",
                s.bottom_multiplier.code()
            )),
        ),
        (t.t("director-settings-scoring"), scoring_text),
        (
            t.t("director-settings-bye"),
            scoring.format(scoring.bye_score),
        ),
        (t.t("director-settings-tiebreaks"), tiebreaks),
    ]
}

#[derive(Template)]
#[template(path = "director/settings_page.html")]
pub(super) struct SettingsPage {
    pub(super) ctx: Ctx,
    pub(super) tour: TourHead,
    pub(super) section: &'static str,
    pub(super) form: SettingsForm,
    pub(super) standing: StandingPanel,
}

/// Where the tournament stands for series and ratings (docs/rules.md §14), beside the
/// settings form: "finished" for its directors, "rated" for administrators, each with the
/// refusal of its last try.
#[derive(Clone, Debug, Default)]
pub(super) struct StandingPanel {
    pub(super) finished: bool,
    pub(super) rated: bool,
    /// The viewer is an administrator: "rated" is a button, not a statement.
    pub(super) admin: bool,
    pub(super) finished_error: Option<String>,
    pub(super) rated_error: Option<String>,
}

impl StandingPanel {
    pub(super) fn of(settings: &Settings, admin: bool) -> StandingPanel {
        StandingPanel {
            finished: settings.standing.finished,
            rated: settings.standing.rated,
            admin,
            ..StandingPanel::default()
        }
    }
}

#[derive(Template)]
#[template(path = "director/tournament_delete.html")]
pub(super) struct DeletePage {
    pub(super) ctx: Ctx,
    pub(super) tour: TourHead,
    pub(super) section: &'static str,
    /// What would be lost: teams, rounds and results.
    pub(super) what: String,
    pub(super) typed: String,
    pub(super) error: Option<String>,
}

impl DeletePage {
    pub(super) async fn load(
        ctx: &Ctx,
        state: &AppState,
        slug: &str,
    ) -> Result<DeletePage, AppError> {
        let snap = page::load_event(state, slug).await?;
        let event = &snap.event;
        Ok(DeletePage {
            ctx: ctx.clone(),
            tour: TourHead::of(event),
            section: "settings",
            what: ctx.t.args(
                "director-delete-what",
                &[
                    ("teams", event.teams.len().into()),
                    ("rounds", event.rounds.len().into()),
                    ("results", event.result_count().into()),
                ],
            ),
            typed: String::new(),
            error: None,
        })
    }
}

impl SettingsInput {
    /// The P → s table the form's deck count and rules give, or why there is none. The
    /// problems with the deck count and rules go to `errors` too, for the fields.
    pub(super) fn preview(&self, t: &Tr, errors: &mut FieldErrors) -> Preview {
        let drafted = self.draft(t);
        let found = drafted.draft.deck_rules();
        for (field, message) in drafted.errors.all() {
            if is_table_form_field(field) {
                errors.add(field, message.to_owned());
            }
        }
        match found {
            Ok(deck_rules) if !drafted.table_unreadable => {
                Preview::of(t, deck_rules.decks(), deck_rules.table())
            }
            result => {
                if let Err(found) = result
                    && !drafted.table_unreadable
                {
                    for e in &found.0 {
                        let (field, message) = field_message(t, e, &drafted.rows, &drafted.slots);
                        errors.add(field, message);
                    }
                }
                Preview {
                    caption: String::new(),
                    rows: Vec::new(),
                    error: Some(t.t("director-settings-preview-invalid")),
                }
            }
        }
    }
}
