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
    /// A member linked to an id whose player has been removed from the registry.
    LinkRemoved { id: PlayerId },
    /// A linked member whose name is neither the player's name nor second name.
    LinkName {
        member: String,
        id: PlayerId,
        name: String,
    },
    /// One player linked to two members of one team.
    LinkTwice { id: PlayerId },
    /// No player of the registry has this name or second name.
    NoneNamed { name: String },
    /// Several players of the registry have this name or second name: the id tells them apart.
    SeveralNamed { name: String, ids: String },
    /// `member_ids` does not have one part per member.
    MemberIdsCount { ids: usize, members: usize },
    /// `member_ids` of only empty parts, which fushi writes as an empty cell.
    MemberIdsEmpty { cell: String },
    /// A line-up's `player_ids` that differ from what `member_ids` links its players to.
    LineupIds {
        player: String,
        given: String,
        roster: String,
    },
    /// `player_ids` does not have one part per player.
    PlayerIdsCount { ids: usize },
    /// `rated = true` in a tournament that is not published.
    RatedNeedsPublished,
    /// `rated = true` in a tournament without `ends`.
    RatedNeedsEnds,
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
            PlayerWhy::LinkRemoved { id } => ("players-link-removed", vec![("id", s(id))]),
            PlayerWhy::LinkName { member, id, name } => (
                "players-link-name",
                vec![("member", s(member)), ("id", s(id)), ("name", s(name))],
            ),
            PlayerWhy::LinkTwice { id } => ("players-link-twice", vec![("id", s(id))]),
            PlayerWhy::NoneNamed { name } => ("players-none-named", vec![("name", s(name))]),
            PlayerWhy::SeveralNamed { name, ids } => (
                "players-several-named",
                vec![("name", s(name)), ("ids", s(ids))],
            ),
            PlayerWhy::MemberIdsCount { ids, members } => (
                "players-member-ids-count",
                vec![("ids", s(ids)), ("members", s(members))],
            ),
            PlayerWhy::MemberIdsEmpty { cell } => {
                ("players-member-ids-empty", vec![("cell", s(cell))])
            }
            PlayerWhy::LineupIds {
                player,
                given,
                roster,
            } => (
                "players-lineup-ids",
                vec![
                    ("player", s(player)),
                    ("given", s(given)),
                    ("roster", s(roster)),
                ],
            ),
            PlayerWhy::PlayerIdsCount { ids } => {
                ("players-player-ids-count", vec![("ids", s(ids))])
            }
            PlayerWhy::RatedNeedsPublished => ("players-rated-needs-published", vec![]),
            PlayerWhy::RatedNeedsEnds => ("players-rated-needs-ends", vec![]),
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
            PlayerWhy::LinkRemoved { id: id(4) },
            PlayerWhy::LinkName {
                member: "Li".into(),
                id: id(4),
                name: "王伟".into(),
            },
            PlayerWhy::LinkTwice { id: id(4) },
            PlayerWhy::NoneNamed { name: "Li".into() },
            PlayerWhy::SeveralNamed {
                name: "Li".into(),
                ids: "P3, P9".into(),
            },
            PlayerWhy::MemberIdsCount { ids: 3, members: 4 },
            PlayerWhy::MemberIdsEmpty { cell: ";;;".into() },
            PlayerWhy::LineupIds {
                player: "Li".into(),
                given: "P3".into(),
                roster: "".into(),
            },
            PlayerWhy::PlayerIdsCount { ids: 3 },
            PlayerWhy::RatedNeedsPublished,
            PlayerWhy::RatedNeedsEnds,
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
            | PlayerWhy::BothPlayed { .. }
            | PlayerWhy::LinkRemoved { .. }
            | PlayerWhy::LinkName { .. }
            | PlayerWhy::LinkTwice { .. }
            | PlayerWhy::NoneNamed { .. }
            | PlayerWhy::SeveralNamed { .. }
            | PlayerWhy::MemberIdsCount { .. }
            | PlayerWhy::MemberIdsEmpty { .. }
            | PlayerWhy::LineupIds { .. }
            | PlayerWhy::PlayerIdsCount { .. }
            | PlayerWhy::RatedNeedsPublished
            | PlayerWhy::RatedNeedsEnds => {}
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
