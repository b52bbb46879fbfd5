//! The one parse of settings' problems as the settings form shows them: the form field
//! and a message in the reader's language (locales/*/director.ftl).

use crate::rules::{BandTableError, SettingsError, SettingsField, SettingsReason, TieBreak};
use crate::web::i18n::Tr;

/// A problem of the one parse of settings as a form field and a message in the reader's
/// language. `rows` and `slots` give the form's band row and tie-break position of the
/// draft's k-th band and tie-break.
pub(super) fn field_message(
    t: &Tr,
    e: &SettingsError,
    rows: &[usize],
    slots: &[usize],
) -> (String, String) {
    use SettingsField as F;
    use SettingsReason as R;
    let at = |list: &[usize], k: usize| list.get(k).copied().unwrap_or(k);
    let field = match e.field {
        F::BandMin(k) => format!("band-min-{}", at(rows, k)),
        F::BandS(k) => format!("band-s-{}", at(rows, k)),
        F::Tiebreak(k) => format!("tiebreak-{}", at(slots, k)),
        F::Win => "win".to_owned(),
        F::Draw => "draw".to_owned(),
        F::Loss => "loss".to_owned(),
        other => other.key().to_owned(),
    };
    let message = match &e.why {
        R::Required => t.t("director-settings-error-required"),
        R::TooLong { max } => t.a("director-settings-error-long", "max", *max),
        R::ControlCharacter => t.t("director-error-control-character"),
        R::SlugInvalid { .. } => t.t("director-settings-error-slug"),
        R::SlugReserved { slug } => t.a("director-settings-error-slug-reserved", "slug", slug),
        R::NotOneOf(_) if e.field == F::Rules => t.t("director-settings-error-rules"),
        R::NotOneOf(_) => t.t("director-settings-error-choose-one"),
        R::DecksCount { .. } => t.t("director-settings-error-decks"),
        R::PresetNotForDecks {
            preset,
            decks,
            allowed,
        } => {
            let choices: Vec<String> = allowed
                .iter()
                .map(|p| preset_label(t, p.code()))
                .chain(std::iter::once(preset_label(t, "custom")))
                .collect();
            t.args(
                "director-settings-error-preset",
                &[
                    ("preset", preset_label(t, preset.code()).into()),
                    ("decks", decks.count().into()),
                    ("choices", choices.join(" / ").into()),
                ],
            )
        }
        R::Bands(b) => match b {
            BandTableError::Empty => t.t("director-settings-error-no-bands"),
            BandTableError::FirstNotZero(_) => t.t("director-settings-error-first-band"),
            BandTableError::NotAscending { previous, next } => t.args(
                "director-settings-error-ascending",
                &[("previous", (*previous).into()), ("next", (*next).into())],
            ),
            BandTableError::Step(_) => t.t("director-settings-error-step"),
            BandTableError::Takeover(_) => t.t("director-settings-error-takeover"),
            BandTableError::TooLarge { max, .. } => {
                t.a("director-settings-error-too-large", "max", *max)
            }
        },
        R::OutOfRange { .. } if e.field == F::VpBlitz => t.t("director-settings-error-blitz"),
        R::OutOfRange { max, .. } => t.a("director-settings-error-score-range", "max", *max),
        R::TiebreakTwice(tb) => t.a(
            "director-settings-error-tiebreak-twice",
            "name",
            tiebreak_label(t, *tb),
        ),
        R::SwissSeed { .. } => t.t("schedule-settings-error-seed"),
        R::MoreThanTwoDecimals { .. } => t.t("director-settings-error-two-decimals"),
        R::CorrectionMinutes { max, .. } => t.a("director-settings-error-correction", "max", *max),
        R::Date { .. } => t.t("hall-settings-error-date"),
        R::EndsBeforeStarts => t.t("hall-settings-error-ends"),
        R::TimeZone { .. } => t.t("hall-settings-error-zone"),
    };
    (field, message)
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
