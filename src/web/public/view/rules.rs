//! The tournament's rules in words: the band table, the multiplier, the match scoring and
//! the tie-breaks, as the overview and the standings show them.

use fluent_templates::fluent_bundle::FluentValue;

use crate::rules::{
    Combination, MatchScoring, MultiplierPolicy, Rules, Settings, TableOutcome, TieBreak,
};
use crate::web::i18n::Tr;

use super::{score_text, signed, typographic_minus};

use super::matches::wording;

/// A tournament's rules in a few lines.
#[derive(Clone, Debug)]
pub(crate) struct RulesSummary {
    pub decks: String,
    /// The band table's name and where the defenders take over.
    pub(crate) band_text: String,
    pub bands: Vec<BandLine>,
    pub beyond: String,
    pub multiplier: String,
    pub scoring: String,
    pub bye: String,
}

/// One band of the band table: a range of P and its table score.
#[derive(Clone, Debug)]
pub(crate) struct BandLine {
    pub points: String,
    pub score: String,
    pub wording: String,
}

impl RulesSummary {
    pub(crate) fn of(settings: &Settings, t: &Tr) -> RulesSummary {
        let decks = settings.decks();
        let table = settings.band_table();
        let bands = table.bands();
        let band_lines = bands
            .iter()
            .enumerate()
            .map(|(i, &(min, s))| {
                let points = match bands.get(i + 1) {
                    Some(&(next, _)) if next - 5 > min => format!("{min}–{}", next - 5),
                    Some(_) => min.to_string(),
                    None => t.a("pub-band-from", "p", min),
                };
                // The wording of a table with exactly this P, from the rules core.
                let outcome = TableOutcome::at_total(min, &table);
                BandLine {
                    points,
                    score: signed(s.into()),
                    wording: wording(t, &outcome),
                }
            })
            .collect();
        let band_name = match settings.rules() {
            Rules::Preset(p) => t.t(&format!("pub-preset-{}", p.code())),
            Rules::Custom(_) => t.t("pub-preset-custom"),
        };
        let scoring = &settings.scoring;
        let scoring_text = match scoring.method {
            MatchScoring::Vp20 => t.a("pub-scoring-vp20", "c", format!("{:?}", scoring.vp_blitz)),
            MatchScoring::Wdl => {
                let [w, d, l] = scoring.win_draw_loss.map(|s| typographic_minus(s.plain()));
                t.args(
                    "pub-scoring-wdl",
                    &[
                        ("w", FluentValue::from(w)),
                        ("d", FluentValue::from(d)),
                        ("l", FluentValue::from(l)),
                    ],
                )
            }
            MatchScoring::Levels => t.t("pub-scoring-levels"),
        };
        RulesSummary {
            decks: t.args(
                "pub-rules-decks",
                &[
                    ("n", FluentValue::from(decks.count())),
                    (
                        "points",
                        FluentValue::from(decks.total_points().to_string()),
                    ),
                    (
                        "bottom",
                        FluentValue::from(decks.bottom_cards().to_string()),
                    ),
                ],
            ),
            band_text: t.args(
                "pub-rules-bands-text",
                &[
                    ("name", FluentValue::from(band_name)),
                    ("p", FluentValue::from(table.takeover_at().to_string())),
                ],
            ),
            bands: band_lines,
            beyond: t.a("pub-band-step", "step", table.step()),
            multiplier: multiplier_text(settings, t),
            scoring: scoring_text,
            bye: t.a(
                "pub-rules-bye",
                "score",
                score_text(scoring, scoring.bye_score),
            ),
        }
    }
}

/// "exponential: single ×2, pair ×4, …" for the combinations the deck count allows.
fn multiplier_text(settings: &Settings, t: &Tr) -> String {
    let policy = settings.bottom_multiplier;
    let decks = settings.decks();
    let combos = [
        Combination::Single,
        Combination::Pair,
        Combination::Tractor(2),
        Combination::Tractor(3),
        Combination::Triple,
        Combination::Titanic(2),
        Combination::Titanic(3),
    ];
    let items: Vec<String> = combos
        .into_iter()
        .filter(|c| decks.allows(*c))
        .map(|c| format!("{} ×{}", combination(t, c), policy.multiplier(c)))
        .collect();
    let name = match policy {
        MultiplierPolicy::Exponential => t.t("pub-multiplier-exponential"),
        MultiplierPolicy::Doubling => t.t("pub-multiplier-doubling"),
    };
    t.args(
        "pub-multiplier-line",
        &[
            ("name", FluentValue::from(name)),
            (
                "items",
                FluentValue::from(items.join(&t.t("pub-list-separator"))),
            ),
        ],
    )
}

fn combination(t: &Tr, c: Combination) -> String {
    match c {
        Combination::Single => t.t("pub-combo-single"),
        Combination::Pair => t.t("pub-combo-pair"),
        Combination::Tractor(n) => t.a("pub-combo-tractor", "n", n),
        Combination::Triple => t.t("pub-combo-triple"),
        Combination::Titanic(n) => t.a("pub-combo-titanic", "n", n),
    }
}

/// The tie-break order in words, criterion by criterion.
pub(crate) fn tiebreaks(settings: &Settings, t: &Tr) -> Vec<String> {
    settings
        .tiebreaks
        .iter()
        .map(|tb: &TieBreak| t.t(&format!("pub-tiebreak-{}", tb.code().replace('_', "-"))))
        .collect()
}

/// The name of the score column: VP, points or levels.
pub(crate) fn score_label(settings: &Settings, t: &Tr) -> String {
    t.t(&format!("pub-col-score-{}", settings.scoring.method.code()))
}
