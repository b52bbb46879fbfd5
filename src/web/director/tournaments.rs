//! The director's tournaments: the list (`/d`), creating one (`/d/new`), its dashboard
//! (`/d/{slug}`), its settings (`/d/{slug}/settings`, with a live preview of the band
//! table) and deleting it (`/d/{slug}/delete`).
//!
//! The settings form arrives as a map of fields (the band table is edited row by row, its
//! fields named by index), is kept as typed in [`SettingsInput`], and becomes
//! [`Settings`] in [`SettingsInput::parse`]; every problem is shown next to its field.

use std::collections::{BTreeMap, HashMap};

use actix_web::guard::{self, GuardContext};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::{self, EditError, TournamentSummary};
use crate::rules::change::Conflict;
use crate::rules::event::RESERVED_SLUGS;
use crate::rules::{
    BandTable, BandTableError, Decks, Event, MatchScoring, MatchStatus, MultiplierPolicy,
    PairingMethod, Preset, Report, RoundProgress, Rules, Score, ScoringRules, Settings, TableEntry,
    TieBreak, Why, check_slug,
};
use crate::web::i18n::Tr;
use crate::web::page::{self, Ctx, TourHead, redirect_with, render, render_status, with_db};
use crate::web::problems::why_text;
use crate::web::{AppError, AppState};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/d", web::get().to(list))
        .route("/d/new", web::get().to(new_form))
        .route("/d/new", web::post().to(create))
        .route("/d/new/preview", web::get().to(new_preview))
        // `/d/import` and the like belong to other pages, registered after this one.
        .route(
            "/d/{slug}",
            web::get()
                .guard(guard::fn_guard(names_a_tournament))
                .to(dashboard),
        )
        .route("/d/{slug}/settings", web::get().to(settings_form))
        .route("/d/{slug}/settings", web::post().to(save_settings))
        .route(
            "/d/{slug}/settings/preview",
            web::get().to(settings_preview),
        )
        .route("/d/{slug}/delete", web::get().to(delete_form))
        .route("/d/{slug}/delete", web::post().to(delete));
}

fn names_a_tournament(ctx: &GuardContext<'_>) -> bool {
    let path = ctx.head().uri.path();
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    !RESERVED_SLUGS.contains(&last)
}

/// Problems with a form by field name, already in the reader's language, in the order they
/// were found (the order of the form).
#[derive(Clone, Debug, Default)]
pub(super) struct FieldErrors(Vec<(String, String)>);

impl FieldErrors {
    /// Notes a problem; a field keeps its first one.
    pub(super) fn add(&mut self, field: impl Into<String>, message: String) {
        let field = field.into();
        if self.get(&field).is_none() {
            self.0.push((field, message));
        }
    }

    pub(super) fn get(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| f == field)
            .map(|(_, m)| m.as_str())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// (field, message) for the summary at the top of a form.
    pub(super) fn all(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, m)| (f.as_str(), m.as_str()))
    }
}

/// A whole number as typed: spaces around it and a leading `+` are fine.
pub(super) fn whole(raw: &str) -> Option<i32> {
    raw.trim().parse().ok()
}

/// A decimal number as typed: `2`, `1.5`, or `1,5` with a decimal comma.
fn decimal(raw: &str) -> Option<f64> {
    raw.trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

use crate::rules::event::MAX_TEXT;
use crate::rules::scoring::{BLITZ_LIMIT, SCORE_LIMIT};

/// One row of the custom band table as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct BandInput {
    pub min: String,
    pub s: String,
}

impl BandInput {
    fn is_blank(&self) -> bool {
        self.min.trim().is_empty() && self.s.trim().is_empty()
    }
}

/// The most band rows a form may carry.
const MAX_BANDS: usize = 40;
/// Tie-break positions on the form: one per criterion.
const TIEBREAK_SLOTS: usize = TieBreak::DEFAULT.len();

/// The settings form as the director typed it, so that it can be shown again unchanged.
#[derive(Clone, Debug, Default)]
pub(super) struct SettingsInput {
    pub name: String,
    pub slug: String,
    pub published: bool,
    pub decks: String,
    pub rules: String,
    pub takeover_at: String,
    pub step: String,
    pub bands: Vec<BandInput>,
    pub bottom_multiplier: String,
    pub match_scoring: String,
    pub vp_blitz: String,
    pub win: String,
    pub draw: String,
    pub loss: String,
    /// Blank: the default of the scoring method.
    pub bye_score: String,
    /// One code per position, `""` for an unused position.
    pub tiebreaks: Vec<String>,
    /// A pairing method code; blank reads as manual.
    pub pairing: String,
    /// Blank: no seed recorded.
    pub swiss_seed: String,
    /// Table-side entry: three checkboxes.
    pub table: crate::rules::TableSide,
}

/// The settings a new tournament starts from (the defaults of `tournament.toml`).
fn default_settings() -> Settings {
    let win_draw_loss = [2, 1, 0].map(Score::from_whole);
    Settings {
        name: String::new(),
        slug: String::new(),
        published: false,
        decks: Decks::Two,
        rules: Rules::Preset(Preset::Standard),
        bottom_multiplier: MultiplierPolicy::Exponential,
        scoring: ScoringRules {
            method: MatchScoring::Vp20,
            vp_blitz: 5.0,
            win_draw_loss,
            bye_score: ScoringRules::default_bye(MatchScoring::Vp20, win_draw_loss),
        },
        tiebreaks: TieBreak::DEFAULT.to_vec(),
        pairing: PairingMethod::Manual,
        swiss_seed: None,
        table: Default::default(),
    }
}

impl SettingsInput {
    /// The form filled with stored settings. The band rows show the table in force, so
    /// that choosing "custom" starts from it; a bye score equal to the method's default
    /// shows blank, so that it follows a change of method.
    pub(super) fn of(s: &Settings) -> SettingsInput {
        let table = s.band_table();
        let scoring = &s.scoring;
        let [win, draw, loss] = scoring.win_draw_loss;
        let default_bye = ScoringRules::default_bye(scoring.method, scoring.win_draw_loss);
        let mut tiebreaks: Vec<String> = s.tiebreaks.iter().map(|t| t.code().to_owned()).collect();
        tiebreaks.resize(TIEBREAK_SLOTS, String::new());
        SettingsInput {
            name: s.name.clone(),
            slug: s.slug.clone(),
            published: s.published,
            decks: s.decks.count().to_string(),
            rules: s.rules.code().to_owned(),
            takeover_at: table.takeover_at().to_string(),
            step: table.step().to_string(),
            bands: table
                .bands()
                .iter()
                .map(|(min, s)| BandInput {
                    min: min.to_string(),
                    s: s.to_string(),
                })
                .collect(),
            bottom_multiplier: s.bottom_multiplier.code().to_owned(),
            match_scoring: scoring.method.code().to_owned(),
            vp_blitz: scoring.vp_blitz.to_string(),
            win: win.plain(),
            draw: draw.plain(),
            loss: loss.plain(),
            bye_score: if scoring.bye_score == default_bye {
                String::new()
            } else {
                scoring.bye_score.plain()
            },
            tiebreaks,
            pairing: s.pairing.code().to_owned(),
            swiss_seed: s.swiss_seed.map(|n| n.to_string()).unwrap_or_default(),
            table: s.table,
        }
    }

    /// The form as posted. Band rows come as `band-min-N` / `band-s-N` and are kept in
    /// the order of N with N alongside (a remove button names a row by it).
    fn from_form(form: &HashMap<String, String>) -> (SettingsInput, Vec<usize>) {
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        let mut rows: BTreeMap<usize, BandInput> = BTreeMap::new();
        for (key, value) in form {
            let (index, is_min) = if let Some(i) = key.strip_prefix("band-min-") {
                (i, true)
            } else if let Some(i) = key.strip_prefix("band-s-") {
                (i, false)
            } else {
                continue;
            };
            let Ok(index) = index.parse::<usize>() else {
                continue;
            };
            let row = rows.entry(index).or_default();
            if is_min {
                row.min = value.clone();
            } else {
                row.s = value.clone();
            }
        }
        // More rows than any table needs are dropped (the highest numbers first).
        let rows: Vec<(usize, BandInput)> = rows.into_iter().take(MAX_BANDS).collect();
        let indices = rows.iter().map(|(i, _)| *i).collect();
        let input = SettingsInput {
            name: field("name"),
            slug: field("slug"),
            published: form.contains_key("published"),
            decks: field("decks"),
            rules: field("rules"),
            takeover_at: field("takeover_at"),
            step: field("step"),
            bands: rows.into_iter().map(|(_, row)| row).collect(),
            bottom_multiplier: field("bottom_multiplier"),
            match_scoring: field("match_scoring"),
            vp_blitz: field("vp_blitz"),
            win: field("win"),
            draw: field("draw"),
            loss: field("loss"),
            bye_score: field("bye_score"),
            tiebreaks: (0..TIEBREAK_SLOTS)
                .map(|i| field(&format!("tiebreak-{i}")))
                .collect(),
            pairing: field("pairing"),
            swiss_seed: field("swiss_seed"),
            table: crate::rules::TableSide {
                entry: form.contains_key("table_entry"),
                approval: form.contains_key("table_approval"),
                codes: form.contains_key("table_codes"),
            },
        };
        (input, indices)
    }

    /// The deck count and the rules, or the problems with them (decks, rules, the band
    /// table's fields) in `errors`.
    fn rules(&self, t: &Tr, errors: &mut FieldErrors) -> Option<(Decks, Rules)> {
        let decks = whole(&self.decks)
            .and_then(|n| Decks::from_count(n.into()))
            .or_else(|| {
                errors.add("decks", t.t("director-settings-error-decks"));
                None
            });
        let rules = if self.rules == "custom" {
            self.custom_table(t, errors).map(Rules::Custom)
        } else {
            match self.rules.parse::<Preset>() {
                Ok(p) => Some(Rules::Preset(p)),
                Err(_) => {
                    errors.add("rules", t.t("director-settings-error-rules"));
                    None
                }
            }
        };
        let (decks, rules) = (decks?, rules?);
        if rules.band_table(decks).is_none() {
            let choices: Vec<String> = Preset::for_decks(decks)
                .into_iter()
                .map(|p| preset_label(t, p.code()))
                .chain(std::iter::once(preset_label(t, "custom")))
                .collect();
            errors.add(
                "rules",
                t.args(
                    "director-settings-error-preset",
                    &[
                        ("preset", preset_label(t, rules.code()).into()),
                        ("decks", decks.count().into()),
                        ("choices", choices.join(" / ").into()),
                    ],
                ),
            );
            return None;
        }
        Some((decks, rules))
    }

    /// The custom band table, every problem named by its field. Rows left wholly blank
    /// are skipped.
    fn custom_table(&self, t: &Tr, errors: &mut FieldErrors) -> Option<BandTable> {
        let before = errors.0.len();
        let mut number = |field: String, raw: &str| -> Option<i32> {
            if raw.trim().is_empty() {
                errors.add(field, t.t("director-settings-error-required"));
                None
            } else {
                whole(raw).or_else(|| {
                    errors.add(field, t.t("director-settings-error-whole"));
                    None
                })
            }
        };
        let takeover_at = number("takeover_at".to_owned(), &self.takeover_at);
        let step = number("step".to_owned(), &self.step);
        // (row index on the form, minimum P, s)
        let mut bands: Vec<(usize, i32, i32)> = Vec::new();
        for (i, row) in self.bands.iter().enumerate() {
            if row.is_blank() {
                continue;
            }
            let min = number(format!("band-min-{i}"), &row.min);
            let s = number(format!("band-s-{i}"), &row.s);
            if let (Some(min), Some(s)) = (min, s) {
                bands.push((i, min, s));
            }
        }
        if errors.0.len() > before {
            return None;
        }
        let (takeover_at, step) = (takeover_at?, step?);
        let pairs: Vec<(i32, i32)> = bands.iter().map(|&(_, min, s)| (min, s)).collect();
        // The rules core checks the table; asking it about the rows, the step and the
        // takeover mark one at a time (the others neutral) names every problem at once.
        let checks = [
            BandTable::new(takeover_at, vec![(0, 0)], 1),
            BandTable::new(0, vec![(0, 0)], step),
            BandTable::new(0, pairs.clone(), 1),
        ];
        let row_of = |k: usize| bands.get(k).map_or(0, |b| b.0);
        for e in checks.into_iter().filter_map(Result::err) {
            let (field, message) = match e {
                BandTableError::Empty => {
                    ("bands".to_owned(), t.t("director-settings-error-no-bands"))
                }
                BandTableError::FirstNotZero(_) => (
                    format!("band-min-{}", row_of(0)),
                    t.t("director-settings-error-first-band"),
                ),
                BandTableError::NotAscending { previous, next } => {
                    let k = bands
                        .windows(2)
                        .position(|w| w[1].1 <= w[0].1)
                        .map_or(0, |k| k + 1);
                    (
                        format!("band-min-{}", row_of(k)),
                        t.args(
                            "director-settings-error-ascending",
                            &[("previous", previous.into()), ("next", next.into())],
                        ),
                    )
                }
                BandTableError::Step(_) => ("step".to_owned(), t.t("director-settings-error-step")),
                BandTableError::Takeover(_) => (
                    "takeover_at".to_owned(),
                    t.t("director-settings-error-takeover"),
                ),
                BandTableError::TooLarge { what, max, .. } => {
                    let field = match what {
                        "step" => "step".to_owned(),
                        "takeover_at" => "takeover_at".to_owned(),
                        "s" => bands
                            .iter()
                            .find(|b| b.2.abs() > max)
                            .map_or("bands".to_owned(), |b| format!("band-s-{}", b.0)),
                        "a band's minimum P" => bands
                            .iter()
                            .find(|b| b.1.abs() > max)
                            .map_or("bands".to_owned(), |b| format!("band-min-{}", b.0)),
                        _ => "bands".to_owned(),
                    };
                    (field, t.a("director-settings-error-too-large", "max", max))
                }
            };
            errors.add(field, message);
        }
        if errors.0.len() > before {
            return None;
        }
        BandTable::new(takeover_at, pairs, step).ok()
    }

    /// Turns the form into settings, or every problem by field.
    pub(super) fn parse(&self, t: &Tr) -> Result<Settings, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            errors.add("name", t.t("director-settings-error-required"));
        } else if name.chars().count() > MAX_TEXT {
            errors.add("name", t.a("director-settings-error-long", "max", MAX_TEXT));
        } else if name.chars().any(char::is_control) {
            errors.add("name", t.t("director-error-control-character"));
        }
        let slug = self.slug.trim().to_owned();
        if slug.is_empty() {
            errors.add("slug", t.t("director-settings-error-required"));
        } else if let Err(why) = check_slug(&slug) {
            let text = match why {
                Why::SlugReserved { .. } => {
                    t.a("director-settings-error-slug-reserved", "slug", &slug)
                }
                _ => t.t("director-settings-error-slug"),
            };
            errors.add("slug", text);
        }
        let rules = self.rules(t, &mut errors);
        let bottom_multiplier = self
            .bottom_multiplier
            .parse::<MultiplierPolicy>()
            .map_err(|_| {
                errors.add(
                    "bottom_multiplier",
                    t.t("director-settings-error-choose-one"),
                )
            })
            .ok();
        let method = self
            .match_scoring
            .parse::<MatchScoring>()
            .map_err(|_| errors.add("match_scoring", t.t("director-settings-error-choose-one")))
            .ok();
        let vp_blitz = if self.vp_blitz.trim().is_empty() {
            Some(5.0)
        } else {
            match decimal(&self.vp_blitz) {
                Some(v) if v > 0.0 && v <= BLITZ_LIMIT => Some(v),
                Some(_) => {
                    errors.add("vp_blitz", t.t("director-settings-error-blitz"));
                    None
                }
                None => {
                    errors.add("vp_blitz", t.t("director-settings-error-decimal"));
                    None
                }
            }
        };
        let mut score = |field: &str, raw: &str, default: i64| -> Option<Score> {
            if raw.trim().is_empty() {
                return Some(Score::from_whole(default));
            }
            match decimal(raw) {
                Some(v) if v.abs() <= SCORE_LIMIT => Some(Score::from_f64(v)),
                Some(_) => {
                    errors.add(
                        field,
                        t.a("director-settings-error-score-range", "max", SCORE_LIMIT),
                    );
                    None
                }
                None => {
                    errors.add(field, t.t("director-settings-error-decimal"));
                    None
                }
            }
        };
        let win = score("win", &self.win, 2);
        let draw = score("draw", &self.draw, 1);
        let loss = score("loss", &self.loss, 0);
        let bye = if self.bye_score.trim().is_empty() {
            None
        } else {
            score("bye_score", &self.bye_score, 0).map(Some)
        };
        let mut tiebreaks: Vec<TieBreak> = Vec::new();
        for (i, code) in self.tiebreaks.iter().enumerate() {
            if code.is_empty() {
                continue;
            }
            match code.parse::<TieBreak>() {
                Ok(tb) if tiebreaks.contains(&tb) => errors.add(
                    format!("tiebreak-{i}"),
                    t.a(
                        "director-settings-error-tiebreak-twice",
                        "name",
                        tiebreak_label(t, tb),
                    ),
                ),
                Ok(tb) => tiebreaks.push(tb),
                Err(_) => errors.add(
                    format!("tiebreak-{i}"),
                    t.t("director-settings-error-choose-one"),
                ),
            }
        }
        let pairing = match self.pairing.trim() {
            "" => Some(PairingMethod::Manual),
            code => code
                .parse::<PairingMethod>()
                .map_err(|_| errors.add("pairing", t.t("director-settings-error-choose-one")))
                .ok(),
        };
        let swiss_seed = match self.swiss_seed.trim() {
            "" => Some(None),
            text => text
                .parse::<i64>()
                .ok()
                .and_then(|n| u64::try_from(n).ok())
                .map(Some)
                .or_else(|| {
                    errors.add("swiss_seed", t.t("schedule-settings-error-seed"));
                    None
                }),
        };
        match (
            rules,
            bottom_multiplier,
            method,
            vp_blitz,
            win,
            draw,
            loss,
            pairing,
            swiss_seed,
        ) {
            (
                Some((decks, rules)),
                Some(bottom_multiplier),
                Some(method),
                Some(vp_blitz),
                Some(win),
                Some(draw),
                Some(loss),
                Some(pairing),
                Some(swiss_seed),
            ) if errors.is_empty() => {
                let win_draw_loss = [win, draw, loss];
                let bye_score = bye
                    .flatten()
                    .unwrap_or_else(|| ScoringRules::default_bye(method, win_draw_loss));
                Ok(Settings {
                    name,
                    slug,
                    published: self.published,
                    decks,
                    rules,
                    bottom_multiplier,
                    scoring: ScoringRules {
                        method,
                        vp_blitz,
                        win_draw_loss,
                        bye_score,
                    },
                    tiebreaks,
                    pairing,
                    swiss_seed,
                    table: self.table,
                })
            }
            _ => Err(errors),
        }
    }

    /// The P → s table the form's deck count and rules give, or why there is none. The
    /// band table's problems go to `errors` too, for the fields.
    fn preview(&self, t: &Tr, errors: &mut FieldErrors) -> Preview {
        let mut own = FieldErrors::default();
        let found = self.rules(t, &mut own);
        let preview = match found.and_then(|(d, r)| Some((d, r.band_table(d)?))) {
            Some((decks, table)) => Preview::of(t, decks, &table),
            None => Preview {
                caption: String::new(),
                rows: Vec::new(),
                error: Some(t.t("director-settings-preview-invalid")),
            },
        };
        for (field, message) in own.0 {
            errors.add(field, message);
        }
        preview
    }
}

/// One line of the band table preview.
#[derive(Clone, Debug)]
pub(super) struct PreviewRow {
    pub p: i32,
    /// `+3`, `0`, `-2`
    pub s: String,
    pub wording: String,
    /// The first P of a new s, for a line in the table.
    pub band_start: bool,
    pub takes_over: bool,
}

/// The table score s and its wording for every P from 0 to the deck total in steps of 5,
/// computed by the rules core exactly as a table result would be.
#[derive(Clone, Debug)]
pub(super) struct Preview {
    pub caption: String,
    pub rows: Vec<PreviewRow>,
    pub error: Option<String>,
}

impl Preview {
    fn of(t: &Tr, decks: Decks, table: &BandTable) -> Preview {
        let mut rows: Vec<PreviewRow> = Vec::new();
        for p in (0..=decks.total_points()).step_by(5) {
            let entry = TableEntry {
                defender_total: Some(p),
                ..TableEntry::default()
            };
            let Some(outcome) = entry.outcome(MultiplierPolicy::default(), table) else {
                continue;
            };
            let s = outcome.table_score;
            let band_start = rows.last().is_none_or(|r| r.s != signed(s));
            rows.push(PreviewRow {
                p,
                s: signed(s),
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

/// A table score with its sign: `+2`, `0`, `-1`.
fn signed(s: i32) -> String {
    if s > 0 {
        format!("+{s}")
    } else {
        s.to_string()
    }
}

pub(super) fn preset_label(t: &Tr, code: &str) -> String {
    t.t(&format!("director-settings-rules-{code}"))
}

pub(super) fn tiebreak_label(t: &Tr, tb: TieBreak) -> String {
    t.t(&format!(
        "director-settings-tiebreak-{}",
        tb.code().replace('_', "-")
    ))
}

fn method_label(t: &Tr, method: MatchScoring) -> String {
    t.t(&format!("director-settings-scoring-{}", method.code()))
}

/// An option of a select: value, label, whether chosen.
#[derive(Clone, Debug)]
pub(super) struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
    /// For the rules select: the deck counts the preset exists for (`"1 2 3"`).
    pub decks: String,
}

/// A stored result the new settings contradict, in the reader's language.
#[derive(Clone, Debug)]
pub(super) struct ConflictLine {
    pub place: String,
    pub message: String,
}

impl ConflictLine {
    fn of(t: &Tr, c: &Conflict) -> ConflictLine {
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
                why_text(t, &c.problem.why)
            ),
        }
    }
}

/// At most this many contradicted results are listed; the rest are counted.
const CONFLICTS_SHOWN: usize = 20;

/// Everything the settings form shows: the input, its problems, the preview, the
/// options of every select and, after a refused save, the contradicted results.
pub(super) struct SettingsForm {
    pub input: SettingsInput,
    pub errors: FieldErrors,
    pub preview: Preview,
    pub action: String,
    pub preview_url: String,
    pub decks: Vec<Choice>,
    pub rules: Vec<Choice>,
    pub multipliers: Vec<Choice>,
    pub methods: Vec<Choice>,
    /// Per position, the options of its select.
    pub tiebreaks: Vec<Vec<Choice>>,
    pub pairings: Vec<Choice>,
    pub conflicts: Vec<ConflictLine>,
    pub more_conflicts: usize,
    /// The default bye of each method, for the hint beside the bye score.
    pub bye_hint: String,
}

impl SettingsForm {
    fn new(t: &Tr, input: SettingsInput, action: String, preview_url: String) -> SettingsForm {
        let mut ignored = FieldErrors::default();
        let preview = input.preview(t, &mut ignored);
        let choice = |value: &str, label: String, selected: bool| Choice {
            value: value.to_owned(),
            label,
            selected,
            decks: String::new(),
        };
        let decks = [Decks::One, Decks::Two, Decks::Three]
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
            .collect();
        let rules = Preset::ALL
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
            .collect();
        let multipliers = [MultiplierPolicy::Exponential, MultiplierPolicy::Doubling]
            .into_iter()
            .map(|m| {
                choice(
                    m.code(),
                    t.t(&format!("director-settings-multiplier-{}", m.code())),
                    input.bottom_multiplier == m.code(),
                )
            })
            .collect();
        let methods = [MatchScoring::Vp20, MatchScoring::Wdl, MatchScoring::Levels]
            .into_iter()
            .map(|m| {
                choice(
                    m.code(),
                    method_label(t, m),
                    input.match_scoring == m.code(),
                )
            })
            .collect();
        let tiebreaks = (0..TIEBREAK_SLOTS)
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
            .collect();
        let pairings = PairingMethod::ALL
            .into_iter()
            .map(|m| {
                choice(
                    m.code(),
                    t.t(&format!("schedule-method-{}", m.code())),
                    input.pairing == m.code()
                        || (input.pairing.is_empty() && m == PairingMethod::Manual),
                )
            })
            .collect();
        SettingsForm {
            pairings,
            input,
            errors: FieldErrors::default(),
            preview,
            action,
            preview_url,
            decks,
            rules,
            multipliers,
            methods,
            tiebreaks,
            conflicts: Vec::new(),
            more_conflicts: 0,
            bye_hint: t.t("director-settings-bye-hint"),
        }
    }

    fn with_errors(mut self, errors: FieldErrors) -> SettingsForm {
        self.errors = errors;
        self
    }

    fn with_conflicts(mut self, t: &Tr, found: &[Conflict]) -> SettingsForm {
        self.conflicts = found
            .iter()
            .take(CONFLICTS_SHOWN)
            .map(|c| ConflictLine::of(t, c))
            .collect();
        self.more_conflicts = found.len().saturating_sub(CONFLICTS_SHOWN);
        let decks = self.input.decks.clone();
        self.errors.add(
            "decks",
            t.a("director-settings-error-conflicts", "decks", decks),
        );
        self
    }

    pub(super) fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field)
    }

    /// The tie-break position's field name.
    pub(super) fn tiebreak_field(&self, i: &usize) -> String {
        format!("tiebreak-{i}")
    }

    pub(super) fn band_field(&self, which: &str, i: &usize) -> String {
        format!("band-{which}-{i}")
    }
}

// ----- pages ---------------------------------------------------------------------------

#[derive(Template)]
#[template(path = "director/tournament_list.html")]
struct ListPage {
    ctx: Ctx,
    tournaments: Vec<TournamentSummary>,
}

/// `GET /d`: every tournament, with a way to create one.
async fn list(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let viewer = ctx.viewer.clone();
    let tournaments = with_db(&state, move |conn| {
        let all = db::list_tournaments(conn)?;
        Ok(crate::web::auth::visible(conn, &viewer, all, false)?)
    })
    .await?;
    render(
        &ctx,
        &ListPage {
            ctx: ctx.clone(),
            tournaments,
        },
    )
}

#[derive(Template)]
#[template(path = "director/tournament_new.html")]
struct NewPage {
    ctx: Ctx,
    form: SettingsForm,
}

fn new_settings_form(t: &Tr, input: SettingsInput) -> SettingsForm {
    SettingsForm::new(t, input, "/d/new".to_owned(), "/d/new/preview".to_owned())
}

/// `GET /d/new`
async fn new_form(ctx: Ctx) -> Result<HttpResponse, AppError> {
    let form = new_settings_form(&ctx.t, SettingsInput::of(&default_settings()));
    render(
        &ctx,
        &NewPage {
            ctx: ctx.clone(),
            form,
        },
    )
}

/// What a posted settings form asks for besides saving.
enum FormAction {
    Save,
    Preview,
    AddBand,
    RemoveBand(usize),
}

impl FormAction {
    fn of(form: &HashMap<String, String>) -> FormAction {
        match form.get("action").map(String::as_str) {
            Some("preview") => FormAction::Preview,
            Some("add-band") => FormAction::AddBand,
            Some(a) => match a.strip_prefix("remove-band-").and_then(|i| i.parse().ok()) {
                Some(i) => FormAction::RemoveBand(i),
                None => FormAction::Save,
            },
            None => FormAction::Save,
        }
    }
}

/// Handles the buttons that only redraw the form (preview, add or remove a band row).
/// `Some(form)` is the form to show again with status 200; `None` means: save.
fn redraw(
    t: &Tr,
    posted: &HashMap<String, String>,
    make: impl Fn(&Tr, SettingsInput) -> SettingsForm,
) -> (SettingsInput, Option<SettingsForm>) {
    let (mut input, indices) = SettingsInput::from_form(posted);
    match FormAction::of(posted) {
        FormAction::Save => (input, None),
        FormAction::Preview => {
            let mut errors = FieldErrors::default();
            input.preview(t, &mut errors);
            let form = make(t, input.clone()).with_errors(errors);
            (input, Some(form))
        }
        FormAction::AddBand => {
            if input.bands.len() < MAX_BANDS {
                input.bands.push(BandInput::default());
            }
            (input.clone(), Some(make(t, input)))
        }
        FormAction::RemoveBand(index) => {
            if let Some(k) = indices.iter().position(|i| *i == index) {
                input.bands.remove(k);
            }
            (input.clone(), Some(make(t, input)))
        }
    }
}

/// `POST /d/new`: creates the tournament and goes to its dashboard.
async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let mut posted = posted.into_inner();
    // A blank slug: the one made from the name (Chinese through pinyin).
    if posted.get("slug").is_none_or(|s| s.trim().is_empty()) {
        let suggested = crate::rules::event::suggest_slug(
            posted.get("name").map(String::as_str).unwrap_or_default(),
        );
        if !suggested.is_empty() {
            posted.insert("slug".to_owned(), suggested);
        }
    }
    let (input, redrawn) = redraw(&t, &posted, new_settings_form);
    let page = |form: SettingsForm| NewPage {
        ctx: ctx.clone(),
        form,
    };
    if let Some(form) = redrawn {
        let status = if form.errors.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        return render_status(&ctx, status, &page(form));
    }
    let settings = match input.parse(&t) {
        Ok(s) => s,
        Err(errors) => {
            let form = new_settings_form(&t, input).with_errors(errors);
            return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form));
        }
    };
    let slug = settings.slug.clone();
    let creator = ctx.viewer.user_id();
    let created = with_db(&state, move |conn| {
        match db::create_tournament(conn, &settings) {
            Ok(id) => {
                if let Some(user_id) = creator {
                    db::accounts::grant_creator(conn, user_id, id)?;
                }
                Ok(Ok(()))
            }
            Err(EditError::SlugTaken(s)) => Ok(Err(s)),
            Err(e) => Err(edit_error(e)),
        }
    })
    .await?;
    match created {
        Ok(()) => Ok(redirect_with(
            &format!("/d/{slug}"),
            "director-flash-created",
        )),
        Err(taken) => {
            let mut errors = FieldErrors::default();
            errors.add(
                "slug",
                t.a("director-settings-error-slug-taken", "slug", taken),
            );
            let form = new_settings_form(&t, input).with_errors(errors);
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form))
        }
    }
}

/// A database refusal that no field can show.
pub(super) fn edit_error(e: EditError) -> AppError {
    match e {
        EditError::NoTournament | EditError::NoTeam(_) => AppError::not_found(),
        EditError::Db(e) => e.into(),
        other => AppError::Internal(other.to_string()),
    }
}

#[derive(Template)]
#[template(path = "director/settings_preview.html")]
struct PreviewFragment {
    ctx: Ctx,
    preview: Preview,
}

fn preview_fragment(ctx: &Ctx, query: &HashMap<String, String>) -> Result<HttpResponse, AppError> {
    let (input, _) = SettingsInput::from_form(query);
    let preview = input.preview(&ctx.t, &mut FieldErrors::default());
    render(
        ctx,
        &PreviewFragment {
            ctx: ctx.clone(),
            preview,
        },
    )
}

/// `GET /d/new/preview?…`: the band table preview alone, for settings.js.
async fn new_preview(
    ctx: Ctx,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    preview_fragment(&ctx, &query)
}

/// `GET /d/{slug}/settings/preview?…`
async fn settings_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let exists = with_db(&state, move |conn| Ok(db::slug_exists(conn, &slug)?)).await?;
    if !exists {
        return Err(AppError::not_found());
    }
    preview_fragment(&ctx, &query)
}

/// One round on the dashboard.
struct RoundLine {
    number: i32,
    boards: usize,
    /// Matches with two teams.
    matches: usize,
    complete: usize,
    in_progress: usize,
    byes: usize,
    results: usize,
    /// A message id: not paired, not started, in progress, complete.
    state: &'static str,
}

/// The whole tournament at a glance.
struct Glance {
    teams: usize,
    withdrawn: usize,
    rounds: Vec<RoundLine>,
    matches: usize,
    complete: usize,
    in_progress: usize,
    results: usize,
}

impl Glance {
    fn of(event: &Event, report: &Report) -> Glance {
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
                MatchStatus::InProgress => {
                    line.matches += 1;
                    line.in_progress += 1;
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
struct DashboardPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    glance: Glance,
    /// Settings in brief: decks, band table, multiplier, scoring.
    facts: Vec<(String, String)>,
}

fn settings_facts(t: &Tr, s: &Settings) -> Vec<(String, String)> {
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
                    ("decks", s.decks.count().into()),
                    ("total", s.decks.total_points().into()),
                ],
            ),
        ),
        (
            t.t("director-settings-rules"),
            t.args(
                "director-dashboard-rules",
                &[
                    ("name", preset_label(t, s.rules.code()).into()),
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
            scoring.method.format(scoring.bye_score),
        ),
        (t.t("director-settings-tiebreaks"), tiebreaks),
    ]
}

/// The round a scorer works on: the first with matches that is not complete, else the
/// last round with matches.
fn scorers_round(event: &Event, report: &Report) -> Option<i32> {
    let with_matches: Vec<i32> = event
        .rounds
        .iter()
        .filter(|r| r.matches.iter().any(|m| !m.is_bye()))
        .map(|r| r.number)
        .collect();
    with_matches
        .iter()
        .find(|n| report.round_progress(**n) != RoundProgress::Complete)
        .or(with_matches.last())
        .copied()
}

/// `GET /d/{slug}`: the dashboard (a director's); a scorer goes to the current round.
async fn dashboard(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let snap = page::load_event(&state, &slug).await?;
    let (event, report) = (&snap.event, &snap.report);
    if !ctx.viewer.directs() {
        // A scorer's home: the matches of the round being played.
        let to = match scorers_round(event, report) {
            Some(n) => format!("/d/{slug}/rounds/{n}"),
            None => format!("/d/{slug}/rounds"),
        };
        return Ok(page::redirect(&to));
    }
    let page = DashboardPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "dashboard",
        glance: Glance::of(event, report),
        facts: settings_facts(&ctx.t, &event.settings),
    };
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "director/settings_page.html")]
struct SettingsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    form: SettingsForm,
}

fn tour_settings_form(slug: &str) -> impl Fn(&Tr, SettingsInput) -> SettingsForm + '_ {
    move |t, input| {
        SettingsForm::new(
            t,
            input,
            format!("/d/{slug}/settings"),
            format!("/d/{slug}/settings/preview"),
        )
    }
}

fn head_of(settings: &Settings) -> TourHead {
    TourHead {
        slug: settings.slug.clone(),
        name: settings.name.clone(),
        published: settings.published,
    }
}

async fn stored_settings(state: &AppState, slug: &str) -> Result<Settings, AppError> {
    let slug = slug.to_owned();
    with_db(state, move |conn| {
        db::load_settings(conn, &slug)?.ok_or_else(AppError::not_found)
    })
    .await
}

/// `GET /d/{slug}/settings`
async fn settings_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let settings = stored_settings(&state, &slug).await?;
    let form = tour_settings_form(&slug)(&ctx.t, SettingsInput::of(&settings));
    render(
        &ctx,
        &SettingsPage {
            ctx: ctx.clone(),
            tour: head_of(&settings),
            section: "settings",
            form,
        },
    )
}

/// `POST /d/{slug}/settings`: saves every setting at once, or shows the form again with
/// every problem, and the results the new settings would contradict.
async fn save_settings(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let slug = slug.into_inner();
    let stored = stored_settings(&state, &slug).await?;
    let make = tour_settings_form(&slug);
    let page = |form: SettingsForm| SettingsPage {
        ctx: ctx.clone(),
        tour: head_of(&stored),
        section: "settings",
        form,
    };
    let (input, redrawn) = redraw(&t, &posted, &make);
    if let Some(form) = redrawn {
        let status = if form.errors.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        return render_status(&ctx, status, &page(form));
    }
    let settings = match input.parse(&t) {
        Ok(s) => s,
        Err(errors) => {
            let form = make(&t, input).with_errors(errors);
            return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form));
        }
    };
    let new_slug = settings.slug.clone();
    let old_slug = slug.clone();
    let who = super::audit::who(&ctx.viewer);
    let saved = with_db(&state, move |conn| {
        match db::update_settings_as(conn, &old_slug, &settings, &who) {
            Ok(()) => Ok(Ok(())),
            Err(e @ (EditError::SlugTaken(_) | EditError::Conflicts(_))) => Ok(Err(e)),
            Err(e) => Err(edit_error(e)),
        }
    })
    .await?;
    let refused = match saved {
        Ok(()) => {
            return Ok(redirect_with(
                &format!("/d/{new_slug}/settings"),
                "director-flash-settings-saved",
            ));
        }
        Err(e) => e,
    };
    let form = make(&t, input);
    let form = match refused {
        EditError::SlugTaken(taken) => {
            let mut errors = FieldErrors::default();
            errors.add(
                "slug",
                t.a("director-settings-error-slug-taken", "slug", taken),
            );
            form.with_errors(errors)
        }
        EditError::Conflicts(found) => form.with_conflicts(&t, &found),
        other => return Err(edit_error(other)),
    };
    render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form))
}

#[derive(Template)]
#[template(path = "director/tournament_delete.html")]
struct DeletePage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    /// What would be lost: teams, rounds and results.
    what: String,
    typed: String,
    error: Option<String>,
}

impl DeletePage {
    async fn load(ctx: &Ctx, state: &AppState, slug: &str) -> Result<DeletePage, AppError> {
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

/// `GET /d/{slug}/delete`: asks the director to type the slug.
async fn delete_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let page = DeletePage::load(&ctx, &state, &slug).await?;
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
struct DeleteForm {
    #[serde(default)]
    confirm: String,
}

/// `POST /d/{slug}/delete`: deletes the tournament when its slug was typed.
async fn delete(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    form: web::Form<DeleteForm>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    if form.confirm.trim() != slug {
        let mut page = DeletePage::load(&ctx, &state, &slug).await?;
        page.typed = form.confirm.clone();
        page.error = Some(ctx.t.a("director-delete-error", "slug", &slug));
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    let deleted = with_db(&state, move |conn| Ok(db::delete_tournament(conn, &slug)?)).await?;
    if !deleted {
        return Err(AppError::not_found());
    }
    Ok(redirect_with("/d", "director-flash-deleted"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr() -> Tr {
        Tr::en()
    }

    fn posted(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn valid() -> Vec<(&'static str, &'static str)> {
        vec![
            ("name", "  Spring 春季  "),
            ("slug", "spring"),
            ("decks", "2"),
            ("rules", "custom"),
            ("takeover_at", "80"),
            ("step", "40"),
            ("band-min-0", "0"),
            ("band-s-0", "3"),
            ("band-min-3", ""),
            ("band-s-3", ""),
            ("band-min-5", "40"),
            ("band-s-5", "1"),
            ("band-min-7", "80"),
            ("band-s-7", "-1"),
            ("bottom_multiplier", "doubling"),
            ("match_scoring", "wdl"),
            ("vp_blitz", ""),
            ("win", "3"),
            ("draw", "1,5"),
            ("loss", "0"),
            ("bye_score", ""),
            ("tiebreak-0", "level_diff"),
            ("tiebreak-1", ""),
            ("tiebreak-2", "head_to_head"),
        ]
    }

    #[test]
    fn a_valid_form_becomes_settings() {
        let (input, indices) = SettingsInput::from_form(&posted(&valid()));
        assert_eq!(indices, [0, 3, 5, 7]);
        let s = input.parse(&tr()).unwrap();
        assert_eq!(s.name, "Spring 春季");
        assert_eq!(s.decks, Decks::Two);
        let table = s.band_table();
        assert_eq!(table.bands(), [(0, 3), (40, 1), (80, -1)]);
        assert_eq!(table.table_score(120), -2);
        assert_eq!(s.bottom_multiplier, MultiplierPolicy::Doubling);
        assert_eq!(s.scoring.win_draw_loss, [Score(300), Score(150), Score(0)]);
        // A blank bye is the method's default: a win.
        assert_eq!(s.scoring.bye_score, Score(300));
        assert_eq!(s.scoring.vp_blitz, 5.0);
        assert_eq!(s.tiebreaks, [TieBreak::LevelDiff, TieBreak::HeadToHead]);
        // Shown again, the stored settings give the same settings back.
        assert_eq!(SettingsInput::of(&s).parse(&tr()).unwrap(), s);
    }

    fn errors_of(changes: &[(&'static str, &'static str)]) -> Vec<(String, String)> {
        let mut form = posted(&valid());
        for (k, v) in changes {
            form.insert((*k).to_owned(), (*v).to_owned());
        }
        let (input, _) = SettingsInput::from_form(&form);
        input
            .parse(&tr())
            .unwrap_err()
            .all()
            .map(|(f, m)| (f.to_owned(), m.to_owned()))
            .collect()
    }

    #[test]
    fn each_problem_names_its_field() {
        let field =
            |changes| -> Vec<String> { errors_of(changes).into_iter().map(|(f, _)| f).collect() };
        assert_eq!(field(&[("slug", "Bad Slug")]), ["slug"]);
        assert_eq!(field(&[("slug", "new")]), ["slug"]);
        assert_eq!(field(&[("name", "  ")]), ["name"]);
        assert_eq!(field(&[("band-min-0", "5")]), ["band-min-0"]);
        // Rows are named by their place on the form shown again (0, 1, 2, 3 for the posted
        // 0, 3, 5, 7, the blank row 3 kept): 40 after 80 is a problem of the last row.
        assert_eq!(
            field(&[("band-min-5", "80"), ("band-min-7", "40")]),
            ["band-min-3"]
        );
        assert_eq!(field(&[("step", "0")]), ["step"]);
        // Every problem of the table at once, in the order of the form.
        assert_eq!(
            field(&[("step", "0"), ("takeover_at", "-5"), ("band-min-0", "5")]),
            ["takeover_at", "step", "band-min-0"].map(String::from)
        );
        assert_eq!(field(&[("takeover_at", "eighty")]), ["takeover_at"]);
        assert_eq!(field(&[("band-s-5", "")]), ["band-s-2"]);
        assert_eq!(field(&[("win", "two")]), ["win"]);
        assert_eq!(field(&[("vp_blitz", "0")]), ["vp_blitz"]);
        assert_eq!(field(&[("tiebreak-2", "level_diff")]), ["tiebreak-2"]);
        assert_eq!(field(&[("rules", "bands-20")]), ["rules"]);
        assert_eq!(field(&[("decks", "4")]), ["decks"]);
    }

    #[test]
    fn a_preset_must_exist_for_the_deck_count() {
        let e = errors_of(&[("rules", "no-level-takeover"), ("decks", "3")]);
        assert_eq!(e.len(), 1);
        assert!(e[0].1.contains("3 deck"), "{e:?}");
    }

    #[test]
    fn the_preview_follows_the_band_table() {
        let (input, _) = SettingsInput::from_form(&posted(&valid()));
        let preview = input.preview(&tr(), &mut FieldErrors::default());
        assert!(preview.error.is_none());
        assert_eq!(preview.rows.len(), 41);
        let row = |p: i32| preview.rows.iter().find(|r| r.p == p).unwrap();
        assert_eq!(
            (row(0).s.as_str(), row(0).wording.as_str()),
            ("+3", "declarers up 3")
        );
        assert_eq!(row(75).s, "+1");
        assert_eq!(
            (row(120).s.as_str(), row(120).wording.as_str()),
            ("-2", "defenders take over, up 2")
        );
        assert!(row(80).band_start && !row(85).band_start && row(80).takes_over);
        let zh = input.preview(
            &Tr::new(crate::i18n::Lang::ZH_HANS),
            &mut FieldErrors::default(),
        );
        assert_eq!(zh.rows[24].wording, "闲家上台升2级");
    }
}
