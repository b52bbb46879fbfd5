//! The schedule pages' forms: what the director chose, read into a generator choice.

use crate::rules::{PairingMethod, Settings};
use crate::schedule::draft::FirstRound;
use crate::schedule::lots::Lots;
use crate::web::i18n::Tr;

/// The form as posted (also carried through the preview in hidden fields).
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub(super) struct GenerateForm {
    /// `swiss` or `round_robin`.
    #[serde(default)]
    pub(super) method: String,
    /// Swiss round 1: `number`, `seeding`, `rating` or `lots`.
    #[serde(default)]
    pub(super) first: String,
    /// Seeding by rating: what the preview was seeded by, carried to the confirmation.
    #[serde(default)]
    pub(super) rating_seeds: String,
    #[serde(default)]
    pub(super) seed: String,
    #[serde(default)]
    pub(super) avoid_same_club: Option<String>,
    #[serde(default)]
    pub(super) double: Option<String>,
    #[serde(default, rename = "override")]
    pub(super) override_open: Option<String>,
}

/// The generator chosen, read from the form.
#[derive(Clone, Copy, Debug)]
pub(super) enum Choice {
    Swiss {
        first: Option<FirstRound>,
        avoid_same_club: bool,
    },
    RoundRobin {
        double: bool,
    },
}

#[derive(Debug, Default)]
pub(super) struct FormErrors {
    pub(super) method: Option<String>,
    pub(super) seed: Option<String>,
    pub(super) general: Vec<String>,
}

impl FormErrors {
    pub(super) fn any(&self) -> bool {
        self.method.is_some() || self.seed.is_some() || !self.general.is_empty()
    }
}

/// A fresh seed for lots: nine digits, easy to read out and type.
pub(super) fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut lots = Lots::new(nanos ^ u64::from(std::process::id()).rotate_left(32));
    100_000_000 + lots.below(900_000_000)
}

impl GenerateForm {
    /// The choice, resolving a blank lots seed to a fresh one (then written back, so that
    /// the preview carries it to the confirmation).
    pub(super) fn choice(
        &mut self,
        t: &Tr,
        first_round: bool,
        errors: &mut FormErrors,
    ) -> Option<Choice> {
        match self.method.as_str() {
            "round_robin" => Some(Choice::RoundRobin {
                double: self.double.is_some(),
            }),
            "swiss" => {
                let first = if first_round {
                    Some(match self.first.as_str() {
                        "seeding" => FirstRound::BySeeding,
                        "rating" => FirstRound::ByRating,
                        "lots" => {
                            if self.seed.trim().is_empty() {
                                self.seed = random_seed().to_string();
                            }
                            match self.seed.trim().parse::<u64>() {
                                Ok(seed)
                                    if seed
                                        <= crate::rules::settings::MAX_SWISS_SEED
                                            .unsigned_abs() =>
                                {
                                    FirstRound::Lots(seed)
                                }
                                _ => {
                                    errors.seed = Some(t.t("schedule-error-seed"));
                                    return None;
                                }
                            }
                        }
                        _ => FirstRound::ByNumber,
                    })
                } else {
                    None
                };
                Some(Choice::Swiss {
                    first,
                    avoid_same_club: self.avoid_same_club.is_some(),
                })
            }
            _ => {
                errors.method = Some(t.t("schedule-error-method"));
                None
            }
        }
    }
}

pub(super) fn default_form(settings: &Settings) -> GenerateForm {
    GenerateForm {
        method: match settings.pairing {
            PairingMethod::RoundRobin => "round_robin".to_owned(),
            _ => "swiss".to_owned(),
        },
        first: "number".to_owned(),
        ..GenerateForm::default()
    }
}

#[derive(Debug, serde::Deserialize)]
pub(super) struct UnlockForm {
    #[serde(default)]
    pub(super) confirm: String,
}

#[derive(Clone, Debug, Default, serde::Deserialize)]
pub(super) struct WholeForm {
    #[serde(default)]
    pub(super) double: Option<String>,
}
