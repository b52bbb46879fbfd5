//! The settings form: raw input → a [`SettingsDraft`] → [`Settings`] by the one parse of
//! settings (src/rules/settings/), whose problems come back here as field names and
//! messages in the reader's language.

use std::collections::{BTreeMap, HashMap};

use super::FieldErrors;
use super::messages::field_message;
use crate::rules::settings::DEFAULT_BLITZ;
use crate::rules::{PairingMethod, ScoringRules, Settings, SettingsDraft, SettingsField, TieBreak};
use crate::web::i18n::Tr;

/// A decimal number as typed: `2`, `1.5`, or `1,5` with a decimal comma. `nan`, `inf` and
/// the like are read too, and refused by the parse of settings with the field's range.
fn decimal(raw: &str) -> Option<f64> {
    raw.trim().replace(',', ".").parse::<f64>().ok()
}

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

/// The most band rows a form may carry: as many as a band table may have, so that every
/// stored table shows whole.
pub(super) const MAX_BANDS: usize = crate::rules::bands::MAX_BANDS as usize;
/// Tie-break positions on the form: one per criterion.
pub(super) const TIEBREAK_SLOTS: usize = TieBreak::DEFAULT.len();

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
    /// Minutes; blank reads as the default.
    pub correction_minutes: String,
    /// Date, place, organiser and zone, as typed.
    pub occasion: crate::rules::OccasionDraft,
}

impl SettingsInput {
    /// The form of a new tournament: the defaults of `tournament.toml`, name and slug blank.
    pub(super) fn new_tournament() -> SettingsInput {
        let draft = SettingsDraft {
            name: "-".to_owned(),
            slug: "-".to_owned(),
            ..SettingsDraft::default()
        };
        let defaults = Settings::try_from(draft).expect("the defaults are valid settings");
        SettingsInput {
            name: String::new(),
            slug: String::new(),
            ..SettingsInput::of(&defaults)
        }
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
            decks: s.decks().count().to_string(),
            rules: s.rules().code().to_owned(),
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
            correction_minutes: s.correction_minutes.to_string(),
            occasion: crate::rules::OccasionDraft::of(&s.occasion),
        }
    }

    /// The form as posted. Band rows come as `band-min-N` / `band-s-N` and are kept in
    /// the order of N with N alongside (a remove button names a row by it).
    pub(super) fn from_form(form: &HashMap<String, String>) -> (SettingsInput, Vec<usize>) {
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
        // One row more than a table may have is kept, for the parse to refuse; beyond that
        // rows are dropped unread (the highest numbers first).
        let rows: Vec<(usize, BandInput)> = rows.into_iter().take(MAX_BANDS + 1).collect();
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
                publish_draw: form.contains_key("publish_draw"),
            },
            correction_minutes: field("correction_minutes"),
            occasion: crate::rules::OccasionDraft {
                starts: field("starts"),
                ends: field("ends"),
                venue: field("venue"),
                organiser: field("organiser"),
                time_zone: field("time_zone"),
            },
        };
        (input, indices)
    }

    /// The text of the form as a draft of settings. A number that cannot be read is a
    /// problem of its field here (the draft then holds a harmless stand-in); every other
    /// check is the one parse of settings.
    pub(super) fn draft(&self, t: &Tr) -> Drafted {
        let mut errors = FieldErrors::default();
        let custom = if self.rules == "custom" {
            self.custom_table(t, &mut errors)
        } else {
            CustomTable::default()
        };
        let table_unreadable = custom.unreadable;
        let mut decimal_at = |field: &str, raw: &str, default: f64| -> f64 {
            if raw.trim().is_empty() {
                return default;
            }
            decimal(raw).unwrap_or_else(|| {
                errors.add(field, t.t("director-settings-error-decimal"));
                default
            })
        };
        let vp_blitz = decimal_at("vp_blitz", &self.vp_blitz, DEFAULT_BLITZ);
        let win_draw_loss = [
            decimal_at("win", &self.win, 2.0),
            decimal_at("draw", &self.draw, 1.0),
            decimal_at("loss", &self.loss, 0.0),
        ];
        let bye_score = (!self.bye_score.trim().is_empty())
            .then(|| decimal_at("bye_score", &self.bye_score, 0.0));
        let swiss_seed = self.swiss_seed(t, &mut errors);
        let correction_minutes = self.correction_minutes(t, &mut errors);
        let slots: Vec<usize> = (0..self.tiebreaks.len())
            .filter(|&i| !self.tiebreaks[i].is_empty())
            .collect();
        let draft = SettingsDraft {
            name: self.name.clone(),
            slug: self.slug.clone(),
            published: self.published,
            // Not a number: 0 decks, which the parse refuses with the deck count's message.
            decks: self.decks.trim().parse().unwrap_or(0),
            rules: self.rules.clone(),
            takeover_at: custom.takeover_at,
            step: custom.step,
            bands: custom.bands,
            bottom_multiplier: self.bottom_multiplier.clone(),
            match_scoring: self.match_scoring.clone(),
            vp_blitz,
            win_draw_loss,
            bye_score,
            tiebreaks: slots.iter().map(|&i| self.tiebreaks[i].clone()).collect(),
            pairing: match self.pairing.trim() {
                "" => PairingMethod::Manual.code().to_owned(),
                code => code.to_owned(),
            },
            swiss_seed,
            table: self.table,
            correction_minutes,
            occasion: self.occasion.clone(),
            // Not in the form: the tournament's own, which a save does not change.
            standing: Default::default(),
        };
        Drafted {
            draft,
            errors,
            rows: custom.rows,
            slots,
            table_unreadable,
        }
    }

    /// The director's own table as typed: the takeover, the step and the bands that are
    /// not blank, each figure that cannot be read a problem of its field.
    fn custom_table(&self, t: &Tr, errors: &mut FieldErrors) -> CustomTable {
        let takeover_at = whole_at(t, "takeover_at".to_owned(), &self.takeover_at, errors);
        let step = whole_at(t, "step".to_owned(), &self.step, errors);
        let mut pairs = Vec::new();
        let mut rows = Vec::new();
        for (i, row) in self.bands.iter().enumerate() {
            if row.is_blank() {
                continue;
            }
            let min = whole_at(t, format!("band-min-{i}"), &row.min, errors);
            let s = whole_at(t, format!("band-s-{i}"), &row.s, errors);
            if let (Some(min), Some(s)) = (min, s) {
                pairs.push((min, s));
                rows.push(i);
            }
        }
        CustomTable {
            takeover_at,
            step,
            bands: Some(pairs),
            rows,
            unreadable: !errors.is_empty(),
        }
    }

    /// The Swiss pairing's seed as typed: none when blank, a problem when not a number.
    fn swiss_seed(&self, t: &Tr, errors: &mut FieldErrors) -> Option<i64> {
        match self.swiss_seed.trim() {
            "" => None,
            text => text.parse::<i64>().ok().or_else(|| {
                errors.add("swiss_seed", t.t("schedule-settings-error-seed"));
                None
            }),
        }
    }

    /// The correction period's minutes as typed: the default when blank, a problem (and
    /// the default) when not a number.
    fn correction_minutes(&self, t: &Tr, errors: &mut FieldErrors) -> i64 {
        match self.correction_minutes.trim() {
            "" => crate::rules::settings::DEFAULT_CORRECTION_MINUTES.into(),
            text => text.parse::<i64>().unwrap_or_else(|_| {
                errors.add(
                    "correction_minutes",
                    t.a(
                        "director-settings-error-correction",
                        "max",
                        crate::rules::settings::MAX_CORRECTION_MINUTES,
                    ),
                );
                crate::rules::settings::DEFAULT_CORRECTION_MINUTES.into()
            }),
        }
    }

    /// Turns the form into settings, or every problem by field.
    pub(super) fn parse(&self, t: &Tr) -> Result<Settings, FieldErrors> {
        let Drafted {
            draft,
            mut errors,
            rows,
            slots,
            table_unreadable,
        } = self.draft(t);
        match Settings::try_from(draft) {
            Ok(settings) if errors.is_empty() => Ok(settings),
            Ok(_) => Err(errors),
            Err(found) => {
                for e in &found.0 {
                    if !(table_unreadable && is_table_field(e.field)) {
                        let (field, message) = field_message(t, e, &rows, &slots);
                        errors.add(field, message);
                    }
                }
                Err(errors)
            }
        }
    }
}

/// A form read as a draft: its text-level problems, which form row each band of the draft
/// came from and which position each tie-break.
pub(super) struct Drafted {
    pub(super) draft: SettingsDraft,
    pub(super) errors: FieldErrors,
    pub(super) rows: Vec<usize>,
    pub(super) slots: Vec<usize>,
    /// A figure of the custom table could not be read: the table is not checked further.
    pub(super) table_unreadable: bool,
}

/// The director's own table of bands as the form reads it, before the parse checks it.
#[derive(Default)]
struct CustomTable {
    takeover_at: Option<i64>,
    step: Option<i64>,
    /// The readable bands (minimum, s); `None` when the rules are a preset.
    bands: Option<Vec<(i64, i64)>>,
    /// The form's row of each band read.
    rows: Vec<usize>,
    /// A figure of the table could not be read.
    unreadable: bool,
}

/// A whole number typed in `field`: a problem of the field when it is blank or not a
/// whole number.
fn whole_at(t: &Tr, field: String, raw: &str, errors: &mut FieldErrors) -> Option<i64> {
    if raw.trim().is_empty() {
        errors.add(field, t.t("director-settings-error-required"));
        None
    } else {
        let n = raw.trim().parse::<i64>().ok();
        if n.is_none() {
            errors.add(field, t.t("director-settings-error-whole"));
        }
        n
    }
}

fn is_table_field(field: SettingsField) -> bool {
    use SettingsField as F;
    matches!(
        field,
        F::TakeoverAt | F::Step | F::Bands | F::BandMin(_) | F::BandS(_)
    )
}

pub(super) fn is_table_form_field(field: &str) -> bool {
    ["takeover_at", "step", "bands", "band-"]
        .iter()
        .any(|f| field.starts_with(f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Decks, MultiplierPolicy, Score};

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
        assert_eq!(s.decks(), Decks::Two);
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
            ("\u{2212}2", "defenders take over, up 2")
        );
        assert!(row(80).band_start && !row(85).band_start && row(80).takes_over);
        let zh = input.preview(
            &Tr::new(crate::i18n::Lang::ZH_HANS),
            &mut FieldErrors::default(),
        );
        assert_eq!(zh.rows[24].wording, "闲家上台升2级");
    }
}
