//! The one parse of settings, `Settings::try_from`: every limit and every check, each
//! problem at its field.

use super::draft::SettingsDraft;
use super::errors::{SettingsError, SettingsErrors, SettingsField, SettingsReason};
use super::value::{
    BLITZ_LIMIT, DeckRules, MAX_CORRECTION_MINUTES, MAX_TEXT, SCORE_LIMIT, Settings,
};
use crate::rules::bands::{BandTable, BandTableError, MAX_BAND_P, MAX_BAND_S, Preset, Rules};
use crate::rules::cards::{Decks, ParseError};
use crate::rules::occasion::{Occasion, OccasionDraft};
use crate::rules::scoring::{Score, ScoringRules};
use crate::rules::tiebreak::TieBreak;

#[cfg(test)]
impl Settings {
    /// For tests: what `tournament.toml` means when it gives only a name ("Test") and a slug
    /// (`test`): two decks and the standard table, VP20, the default tie-breaks, manual
    /// pairing. A test states the fields it is about (`Settings { …, ..for_tests() }`).
    pub(crate) fn for_tests() -> Settings {
        Settings::try_from(SettingsDraft {
            name: "Test".into(),
            slug: "test".into(),
            ..SettingsDraft::default()
        })
        .expect("the defaults are valid settings")
    }
}

impl SettingsDraft {
    /// The deck count and rules alone, checked as [`Settings::try_from`] checks them (for a
    /// preview of the band table while the rest of the form is unfinished).
    pub fn deck_rules(&self) -> Result<DeckRules, SettingsErrors> {
        let mut p = Problems::default();
        deck_rules(self, &mut p).ok_or(SettingsErrors(p.0))
    }
}

/// What is wrong with a slug, by the one rule ([`crate::rules::slug::Slug::parse`]).
pub(crate) fn slug_problem(slug: &str) -> Option<SettingsReason> {
    use crate::rules::slug::{Slug, SlugFault};
    Slug::parse(slug).err().map(|fault| match fault {
        SlugFault::Empty => SettingsReason::Required,
        SlugFault::Invalid => SettingsReason::SlugInvalid {
            slug: slug.to_owned(),
        },
        SlugFault::Reserved => SettingsReason::SlugReserved {
            slug: slug.to_owned(),
        },
    })
}

/// What is wrong with a name: empty, too long or holding a control character.
fn name_problem(name: &str) -> Option<SettingsReason> {
    if name.is_empty() {
        Some(SettingsReason::Required)
    } else if name.chars().any(char::is_control) {
        Some(SettingsReason::ControlCharacter)
    } else if name.chars().count() > MAX_TEXT {
        Some(SettingsReason::TooLong { max: MAX_TEXT })
    } else {
        None
    }
}

fn in_range(value: f64, min: f64, min_open: bool, max: f64) -> Result<f64, SettingsReason> {
    let above_min = if min_open { value > min } else { value >= min };
    if value.is_finite() && above_min && value <= max {
        Ok(value)
    } else {
        Err(SettingsReason::OutOfRange {
            value,
            min,
            min_open,
            max,
        })
    }
}

/// A code read with the rules type's `FromStr`.
fn code<T: std::str::FromStr<Err = ParseError>>(text: &str) -> Result<T, SettingsReason> {
    text.parse().map_err(SettingsReason::NotOneOf)
}

/// A score setting: within the limit and exact in hundredths (2.675 is refused, not kept
/// as 2.68: a draw and a bye would otherwise add up to another figure than the one typed).
fn score(value: f64) -> Result<Score, SettingsReason> {
    let value = in_range(value, -SCORE_LIMIT, false, SCORE_LIMIT)?;
    let kept = Score::from_f64(value);
    // Within a millionth of a hundredth: what f64 makes of a two-decimal figure.
    if (kept.as_f64() - value).abs() > 1e-8 {
        return Err(SettingsReason::MoreThanTwoDecimals { value });
    }
    Ok(kept)
}

/// Collects problems while the fields are read.
#[derive(Default)]
struct Problems(Vec<SettingsError>);

impl Problems {
    fn add(&mut self, field: SettingsField, why: SettingsReason) {
        self.0.push(SettingsError { field, why });
    }

    /// The value, or `None` with its problem noted at `field`.
    fn take<T>(&mut self, field: SettingsField, r: Result<T, SettingsReason>) -> Option<T> {
        r.map_err(|why| self.add(field, why)).ok()
    }
}

/// The date, place, organiser and zone, every problem at its field (a wrong value is left
/// out of what is returned: the problem stops the whole parse anyway).
fn occasion(d: &OccasionDraft, p: &mut Problems) -> Occasion {
    use crate::rules::occasion::{parse_date, parse_zone};
    use SettingsField as F;
    let mut date = |field, text: &str| {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let date = parse_date(text);
        if date.is_none() {
            p.add(
                field,
                SettingsReason::Date {
                    value: text.chars().take(80).collect(),
                },
            );
        }
        date
    };
    let starts = date(F::Starts, &d.starts);
    let ends = date(F::Ends, &d.ends);
    if let (Some(s), Some(e)) = (starts, ends)
        && e < s
    {
        p.add(F::Ends, SettingsReason::EndsBeforeStarts);
    }
    let mut text = |field, raw: &str| {
        let text = raw.trim().to_owned();
        if text.chars().any(char::is_control) {
            p.add(field, SettingsReason::ControlCharacter);
        } else if text.chars().count() > MAX_TEXT {
            p.add(field, SettingsReason::TooLong { max: MAX_TEXT });
        }
        text
    };
    let venue = text(F::Venue, &d.venue);
    let organiser = text(F::Organiser, &d.organiser);
    let zone = d.time_zone.trim();
    let time_zone = if zone.is_empty() {
        None
    } else {
        let found = parse_zone(zone);
        if found.is_none() {
            p.add(
                F::TimeZone,
                SettingsReason::TimeZone {
                    zone: zone.chars().take(80).collect(),
                },
            );
        }
        found
    };
    Occasion {
        starts,
        ends,
        venue,
        organiser,
        time_zone,
    }
}

/// A figure of a custom table as an `i32`, or the band table's own "too large".
fn band_figure(value: i64, what: &'static str, max: i32) -> Result<i32, SettingsReason> {
    i32::try_from(value)
        .ok()
        .filter(|v| v.abs() <= max)
        .ok_or(SettingsReason::Bands(BandTableError::TooLarge {
            what,
            value,
            max,
        }))
}

/// The custom band table, every problem at its field: the takeover mark, the step and
/// the rows are each checked by the band table's own constructor with the others
/// neutral, so that all of them are named at once.
fn custom_table(d: &SettingsDraft, p: &mut Problems) -> Option<BandTable> {
    use SettingsField as F;
    let before = p.0.len();
    let mut required = |field, v: Option<i64>| {
        if v.is_none() {
            p.add(field, SettingsReason::Required);
        }
        v
    };
    let takeover_at = required(F::TakeoverAt, d.takeover_at);
    let step = required(F::Step, d.step);
    let Some(rows) = d.bands.as_deref() else {
        p.add(F::Bands, SettingsReason::Required);
        return None;
    };
    let neutral = |r: Result<BandTable, BandTableError>| r.err().map(SettingsReason::Bands);
    let takeover_at = takeover_at.and_then(|v| {
        let v = p.take(F::TakeoverAt, band_figure(v, "takeover_at", MAX_BAND_P))?;
        match neutral(BandTable::new(v, vec![(0, 0)], 1)) {
            Some(why) => p.add(F::TakeoverAt, why),
            None => return Some(v),
        }
        None
    });
    let step = step.and_then(|v| {
        let v = p.take(F::Step, band_figure(v, "step", MAX_BAND_P))?;
        match neutral(BandTable::new(0, vec![(0, 0)], v)) {
            Some(why) => p.add(F::Step, why),
            None => return Some(v),
        }
        None
    });
    let figures_before = p.0.len();
    let mut pairs: Vec<(i32, i32)> = Vec::with_capacity(rows.len());
    for (k, &(min, s)) in rows.iter().enumerate() {
        let min = p.take(
            F::BandMin(k),
            band_figure(min, "a band's minimum P", MAX_BAND_P),
        );
        let s = p.take(F::BandS(k), band_figure(s, "s", MAX_BAND_S));
        if let (Some(min), Some(s)) = (min, s) {
            pairs.push((min, s));
        }
    }
    if p.0.len() == figures_before
        && let Err(e) = BandTable::new(0, pairs.clone(), 1)
    {
        let field = match &e {
            BandTableError::FirstNotZero(_) => F::BandMin(0),
            BandTableError::NotAscending { .. } => F::BandMin(
                pairs
                    .windows(2)
                    .position(|w| w[1].0 <= w[0].0)
                    .map_or(0, |k| k + 1),
            ),
            _ => F::Bands,
        };
        p.add(field, SettingsReason::Bands(e));
    }
    if p.0.len() > before {
        return None;
    }
    BandTable::new(takeover_at?, pairs, step?)
        .map_err(|e| p.add(F::Bands, SettingsReason::Bands(e)))
        .ok()
}

fn deck_rules(d: &SettingsDraft, p: &mut Problems) -> Option<DeckRules> {
    use SettingsField as F;
    let decks = Decks::from_count(d.decks);
    if decks.is_none() {
        p.add(F::Decks, SettingsReason::DecksCount { got: d.decks });
    }
    let rules = if d.rules == "custom" {
        custom_table(d, p).map(Rules::Custom)
    } else {
        p.take(F::Rules, code(&d.rules)).map(Rules::Preset)
    };
    let (decks, rules) = (decks?, rules?);
    match (DeckRules::new(decks, rules.clone()), rules) {
        (Some(found), _) => Some(found),
        (None, Rules::Preset(preset)) => {
            p.add(
                F::Rules,
                SettingsReason::PresetNotForDecks {
                    preset,
                    decks,
                    allowed: Preset::for_decks(decks),
                },
            );
            None
        }
        (None, Rules::Custom(_)) => unreachable!("a custom table exists for every deck count"),
    }
}

impl TryFrom<SettingsDraft> for Settings {
    type Error = SettingsErrors;

    /// The one check of a tournament's settings; every problem is reported, in the order
    /// of the settings.
    fn try_from(d: SettingsDraft) -> Result<Settings, SettingsErrors> {
        use SettingsField as F;
        let mut p = Problems::default();
        let name = d.name.trim().to_owned();
        if let Some(why) = name_problem(&name) {
            p.add(F::Name, why);
        }
        let slug = d.slug.trim().to_owned();
        if let Some(why) = slug_problem(&slug) {
            p.add(F::Slug, why);
        }
        let deck_rules = deck_rules(&d, &mut p);
        let bottom_multiplier = p.take(F::BottomMultiplier, code(&d.bottom_multiplier));
        let method = p.take(F::MatchScoring, code(&d.match_scoring));
        let vp_blitz = p.take(F::VpBlitz, in_range(d.vp_blitz, 0.0, true, BLITZ_LIMIT));
        let [w, dr, l] = d.win_draw_loss;
        let win = p.take(F::Win, score(w));
        let draw = p.take(F::Draw, score(dr));
        let loss = p.take(F::Loss, score(l));
        let bye = d.bye_score.map(|v| p.take(F::ByeScore, score(v)));
        let mut tiebreaks: Vec<TieBreak> = Vec::with_capacity(d.tiebreaks.len());
        for (k, code) in d.tiebreaks.iter().enumerate() {
            match code.parse::<TieBreak>() {
                Ok(tb) if tiebreaks.contains(&tb) => {
                    p.add(F::Tiebreak(k), SettingsReason::TiebreakTwice(tb))
                }
                Ok(tb) => tiebreaks.push(tb),
                Err(e) => p.add(F::Tiebreak(k), SettingsReason::NotOneOf(e)),
            }
        }
        let pairing = p.take(F::Pairing, code(&d.pairing));
        let correction_minutes = p.take(
            F::CorrectionMinutes,
            i32::try_from(d.correction_minutes)
                .ok()
                .filter(|m| (0..=MAX_CORRECTION_MINUTES).contains(m))
                .ok_or(SettingsReason::CorrectionMinutes {
                    got: d.correction_minutes,
                    max: MAX_CORRECTION_MINUTES,
                }),
        );
        let occasion = occasion(&d.occasion, &mut p);
        // The draft's i64 is at most MAX_SWISS_SEED already; only a negative seed is wrong.
        let swiss_seed = match d.swiss_seed {
            None => Some(None),
            Some(n) => p.take(
                F::SwissSeed,
                u64::try_from(n)
                    .map(Some)
                    .map_err(|_| SettingsReason::SwissSeed { got: n }),
            ),
        };
        match (
            deck_rules,
            bottom_multiplier,
            method,
            vp_blitz,
            win,
            draw,
            loss,
            bye,
            pairing,
            swiss_seed,
            correction_minutes,
        ) {
            (
                Some(deck_rules),
                Some(bottom_multiplier),
                Some(method),
                Some(vp_blitz),
                Some(win),
                Some(draw),
                Some(loss),
                bye,
                Some(pairing),
                Some(swiss_seed),
                Some(correction_minutes),
            ) if p.0.is_empty() => {
                let win_draw_loss = [win, draw, loss];
                let bye_score = bye
                    .flatten()
                    .unwrap_or_else(|| ScoringRules::default_bye(method, win_draw_loss));
                Ok(Settings {
                    standing: d.standing,
                    series: None,
                    name,
                    slug,
                    published: d.published,
                    deck_rules,
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
                    table: d.table,
                    correction_minutes,
                    occasion,
                    stages: Vec::new(),
                })
            }
            _ => Err(SettingsErrors(p.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::settings::MAX_SWISS_SEED;
    use crate::rules::slug::MAX_SLUG;

    fn draft() -> SettingsDraft {
        SettingsDraft {
            name: "  Spring  ".to_owned(),
            slug: "spring".to_owned(),
            ..SettingsDraft::default()
        }
    }

    fn fields(d: SettingsDraft) -> Vec<SettingsField> {
        Settings::try_from(d)
            .unwrap_err()
            .0
            .into_iter()
            .map(|e| e.field)
            .collect()
    }

    #[test]
    fn the_defaults_parse_and_a_settings_value_parses_back_to_itself() {
        let s = Settings::try_from(draft()).unwrap();
        assert_eq!(s.name, "Spring");
        assert_eq!(s.decks(), Decks::Two);
        assert_eq!(s.band_table().takeover_at(), 80);
        assert_eq!(s.scoring.bye_score, Score::from_whole(12));
        assert_eq!(Settings::try_from(SettingsDraft::of(&s)).unwrap(), s);
    }

    #[test]
    fn every_setting_at_its_limits_parses() {
        let d = SettingsDraft {
            name: "名".repeat(MAX_TEXT),
            slug: "a".repeat(MAX_SLUG),
            decks: 3,
            rules: "custom".to_owned(),
            takeover_at: Some(MAX_BAND_P.into()),
            step: Some(MAX_BAND_P.into()),
            bands: Some(vec![
                (0, MAX_BAND_S.into()),
                (MAX_BAND_P.into(), (-MAX_BAND_S).into()),
            ]),
            vp_blitz: BLITZ_LIMIT,
            win_draw_loss: [SCORE_LIMIT, -SCORE_LIMIT, -SCORE_LIMIT],
            bye_score: Some(-SCORE_LIMIT),
            swiss_seed: Some(MAX_SWISS_SEED),
            ..draft()
        };
        let s = Settings::try_from(d).unwrap();
        assert_eq!(s.scoring.bye_score, Score(-1_000_000));
        assert_eq!(s.swiss_seed, Some(i64::MAX as u64));
        assert_eq!(Settings::try_from(SettingsDraft::of(&s)).unwrap(), s);
    }

    #[test]
    fn non_finite_and_absurd_numbers_are_refused_at_their_field() {
        use SettingsField as F;
        for bad in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e300,
            2147483648.0,
        ] {
            let d = SettingsDraft {
                vp_blitz: bad,
                win_draw_loss: [bad, 1.0, bad],
                bye_score: Some(bad),
                ..draft()
            };
            assert_eq!(fields(d), [F::VpBlitz, F::Win, F::Loss, F::ByeScore]);
        }
        for blitz in [0.0, -1.0, 150.0, 100.001] {
            let d = SettingsDraft {
                vp_blitz: blitz,
                ..draft()
            };
            assert_eq!(fields(d), [F::VpBlitz], "{blitz}");
        }
        let d = SettingsDraft {
            bye_score: Some(10_000.01),
            ..draft()
        };
        assert_eq!(fields(d), [F::ByeScore]);
        let d = SettingsDraft {
            swiss_seed: Some(-1),
            decks: 0,
            ..draft()
        };
        assert_eq!(fields(d), [F::Decks, F::SwissSeed]);
    }

    #[test]
    fn text_is_trimmed_and_checked() {
        use SettingsField as F;
        let with = |name: &str, slug: &str| SettingsDraft {
            name: name.to_owned(),
            slug: slug.to_owned(),
            ..draft()
        };
        assert_eq!(fields(with("  ", "x")), [F::Name]);
        assert_eq!(fields(with("a\0b", "x")), [F::Name]);
        assert_eq!(fields(with(&"n".repeat(MAX_TEXT + 1), "x")), [F::Name]);
        assert_eq!(fields(with("x", "Bad Slug")), [F::Slug]);
        assert_eq!(fields(with("x", "new")), [F::Slug]);
        assert_eq!(fields(with("x", &"a".repeat(MAX_SLUG + 1))), [F::Slug]);
    }

    #[test]
    fn a_preset_must_exist_for_the_deck_count() {
        let d = SettingsDraft {
            decks: 3,
            rules: "bands-20".to_owned(),
            ..draft()
        };
        let e = Settings::try_from(d).unwrap_err().0;
        assert_eq!(e.len(), 1);
        assert_eq!(
            e[0].why,
            SettingsReason::PresetNotForDecks {
                preset: Preset::Bands20,
                decks: Decks::Three,
                allowed: vec![Preset::Standard],
            }
        );
    }

    #[test]
    fn a_custom_table_names_every_problem_at_its_field() {
        use SettingsField as F;
        let custom = |takeover, step, bands: Vec<(i64, i64)>| SettingsDraft {
            rules: "custom".to_owned(),
            takeover_at: takeover,
            step,
            bands: Some(bands),
            ..draft()
        };
        assert_eq!(
            fields(custom(Some(-5), Some(0), vec![(5, 1)])),
            [F::TakeoverAt, F::Step, F::BandMin(0)]
        );
        assert_eq!(
            fields(custom(Some(80), Some(40), vec![(0, 3), (80, 1), (40, 0)])),
            [F::BandMin(2)]
        );
        assert_eq!(
            fields(custom(None, Some(40), vec![(0, 2147483648), (5, 101)])),
            [F::TakeoverAt, F::BandS(0), F::BandS(1)]
        );
        assert_eq!(fields(custom(Some(80), Some(40), vec![])), [F::Bands]);
        let s = Settings::try_from(custom(Some(80), Some(40), vec![(0, 3), (80, -1)])).unwrap();
        assert_eq!(s.band_table().table_score(120), -2);
    }

    #[test]
    fn codes_are_checked_and_tiebreaks_listed_once() {
        use SettingsField as F;
        let d = SettingsDraft {
            rules: "nope".to_owned(),
            bottom_multiplier: "tripling".to_owned(),
            match_scoring: "swiss".to_owned(),
            tiebreaks: vec![
                "level_diff".to_owned(),
                "coin".to_owned(),
                "level_diff".to_owned(),
            ],
            pairing: "dutch".to_owned(),
            ..draft()
        };
        assert_eq!(
            fields(d),
            [
                F::Rules,
                F::BottomMultiplier,
                F::MatchScoring,
                F::Tiebreak(1),
                F::Tiebreak(2),
                F::Pairing
            ]
        );
    }
}
