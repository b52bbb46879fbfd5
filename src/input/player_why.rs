//! Why the player registry refuses something (docs/rules.md §14): a line of `players.csv`,
//! a registry form, a merge or a removal. A reason is a [`super::Why::Player`], so that a
//! file's problem reads `players.csv:4: why` like every other archive problem; its words are
//! Fluent messages in `locales/*/players.ftl`.

use fluent_templates::fluent_bundle::FluentValue;

use crate::rules::player_id::{PlayerId, PlayerIdFault};

/// A refusal of the player registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerWhy {
    /// A cell that should be a player id (`P12`) is not one.
    Id { cell: String, fault: PlayerIdFault },
    /// An id the registry issued before, to a player since merged away or removed: never
    /// given to anyone again.
    EverUsed { id: PlayerId },
    /// The same id on two lines of one file.
    IdTwice { id: PlayerId, first: u64 },
    /// The same federation number on two lines of one file.
    FederationTwice { number: String, first: u64 },
    /// A federation number another player of the registry has.
    FederationTaken { number: String, holder: PlayerId },
    /// `public` is neither `yes` nor `no`.
    Public { cell: String },
    /// No player of the registry has this id.
    NoSuchPlayer { id: PlayerId },
    /// Only an administrator may merge, remove or import players.
    AdminsOnly,
    /// A merge of a player with themself.
    MergeSame { id: PlayerId },
    /// Two players who both played one tournament are two people.
    BothPlayed {
        kept: PlayerId,
        other: PlayerId,
        slug: String,
    },
}

impl PlayerWhy {
    /// The Fluent id of the reason and its arguments, as given (the caller clips quoted
    /// text, `why_words`).
    pub(crate) fn message(&self) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
        let s = |v: &dyn ToString| FluentValue::from(v.to_string());
        match self {
            PlayerWhy::Id { cell, fault } => (
                match fault {
                    PlayerIdFault::Shape => "players-id-shape",
                    PlayerIdFault::LeadingZero => "players-id-leading-zero",
                    PlayerIdFault::TooLarge => "players-id-too-large",
                },
                vec![("cell", s(cell))],
            ),
            PlayerWhy::EverUsed { id } => ("players-ever-used", vec![("id", s(id))]),
            PlayerWhy::IdTwice { id, first } => {
                ("players-id-twice", vec![("id", s(id)), ("first", s(first))])
            }
            PlayerWhy::FederationTwice { number, first } => (
                "players-federation-twice",
                vec![("number", s(number)), ("first", s(first))],
            ),
            PlayerWhy::FederationTaken { number, holder } => (
                "players-federation-taken",
                vec![("number", s(number)), ("holder", s(holder))],
            ),
            PlayerWhy::Public { cell } => ("players-public", vec![("cell", s(cell))]),
            PlayerWhy::NoSuchPlayer { id } => ("players-no-such-player", vec![("id", s(id))]),
            PlayerWhy::AdminsOnly => ("players-admins-only", vec![]),
            PlayerWhy::MergeSame { id } => ("players-merge-same", vec![("id", s(id))]),
            PlayerWhy::BothPlayed { kept, other, slug } => (
                "players-both-played",
                vec![("kept", s(kept)), ("other", s(other)), ("slug", s(slug))],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Tr};
    use crate::input::Why;

    fn id(n: u64) -> PlayerId {
        PlayerId::from_number(n).unwrap()
    }

    fn every_reason() -> Vec<PlayerWhy> {
        let mut all: Vec<PlayerWhy> = [
            PlayerIdFault::Shape,
            PlayerIdFault::LeadingZero,
            PlayerIdFault::TooLarge,
        ]
        .into_iter()
        .map(|fault| PlayerWhy::Id {
            cell: "P07".into(),
            fault,
        })
        .collect();
        all.extend([
            PlayerWhy::EverUsed { id: id(7) },
            PlayerWhy::IdTwice {
                id: id(7),
                first: 2,
            },
            PlayerWhy::FederationTwice {
                number: "CN-1".into(),
                first: 2,
            },
            PlayerWhy::FederationTaken {
                number: "CN-1".into(),
                holder: id(3),
            },
            PlayerWhy::Public { cell: "y".into() },
            PlayerWhy::NoSuchPlayer { id: id(9) },
            PlayerWhy::AdminsOnly,
            PlayerWhy::MergeSame { id: id(9) },
            PlayerWhy::BothPlayed {
                kept: id(3),
                other: id(9),
                slug: "spring".into(),
            },
        ]);
        all
    }

    /// Fails to compile when a reason is added, so that `every_reason` gets it too.
    #[allow(dead_code)]
    fn listed(why: &PlayerWhy) {
        match why {
            PlayerWhy::Id { .. }
            | PlayerWhy::EverUsed { .. }
            | PlayerWhy::IdTwice { .. }
            | PlayerWhy::FederationTwice { .. }
            | PlayerWhy::FederationTaken { .. }
            | PlayerWhy::Public { .. }
            | PlayerWhy::NoSuchPlayer { .. }
            | PlayerWhy::AdminsOnly
            | PlayerWhy::MergeSame { .. }
            | PlayerWhy::BothPlayed { .. } => {}
        }
    }

    #[test]
    fn every_registry_reason_has_a_message_in_every_language() {
        for lang in Lang::all() {
            let t = Tr::new(lang);
            for why in every_reason() {
                let (message, _) = why.message();
                let text = Why::Player(why.clone()).text(&t);
                assert_ne!(text, message, "{why:?} in {lang:?}");
                assert!(!text.contains('{'), "{text}");
            }
        }
        assert_eq!(
            Why::Player(PlayerWhy::EverUsed { id: id(7) }).to_string(),
            "P7 was issued before (to a player since merged or removed) and is never issued again"
        );
    }
}
