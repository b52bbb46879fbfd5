//! What an audited change touched ([`Subject`]), worded in the reader's language when a page
//! shows it; the trail stores it as English text that parses back.

use fluent_templates::fluent_bundle::FluentValue;

use super::super::i18n::Tr;
use crate::db::audit::{Subject, TieReason, TieWhy};
use crate::rules::Room;
use crate::rules::bracket::Reached;

fn room_word(t: &Tr, room: Room) -> String {
    t.t(&format!("audit-room-{}", room.code()))
}

fn n(v: impl ToString) -> FluentValue<'static> {
    FluentValue::from(v.to_string())
}

/// A subject in words: `round 1 table 2 open board 3`, `第 1 轮第 2 桌开室 3 号牌`.
pub(crate) fn subject_text(t: &Tr, subject: &Subject) -> String {
    match subject {
        Subject::Result { at, room, board } => result_subject(t, *at, *room, *board),
        Subject::Lineup {
            round,
            table,
            room,
            team,
        } => t.args(
            "audit-subject-lineup",
            &[
                ("round", n(*round)),
                ("table", n(*table)),
                ("room", room_word(t, *room).into()),
                ("team", n(*team)),
            ],
        ),
        Subject::Room { round, table, room } => t.args(
            "audit-subject-room",
            &[
                ("round", n(*round)),
                ("table", n(*table)),
                ("room", room_word(t, *room).into()),
            ],
        ),
        Subject::Draw { round } => t.a("audit-subject-draw", "round", round),
        Subject::TableLinks { round } => t.a("audit-subject-table-links", "round", round),
        Subject::Release { round } => t.a("audit-subject-release", "round", round),
        Subject::Pairing { round, table } => t.args(
            "audit-subject-pairing",
            &[("round", n(*round)), ("table", n(*table))],
        ),
        Subject::Board { round, board } => t.args(
            "audit-subject-board",
            &[("round", n(*round)), ("board", n(*board))],
        ),
        Subject::Team { number } => t.a("audit-subject-team", "team", number),
        Subject::Renumbered { from, to } => t.args(
            "audit-subject-renumbered",
            &[("from", n(*from)), ("to", n(*to))],
        ),
        Subject::Setting { key } => t.a("audit-subject-setting", "key", key),
        Subject::OddResult { flag } => odd_result(t, flag),
        Subject::DealSeed => t.t("audit-subject-deal-seed"),
        Subject::Deals { round } => t.a("audit-subject-deals", "round", round),
        Subject::Stage { stage, key } => t.args(
            "audit-subject-stage",
            &[("stage", n(*stage)), ("key", key.clone().into())],
        ),
        Subject::Tie { round, table } => t.args(
            "audit-subject-tie",
            &[("round", n(*round)), ("table", n(*table))],
        ),
        Subject::Clock { round } => t.a("audit-subject-clock", "round", round),
        Subject::Announcement => t.t("audit-subject-announcement"),
        Subject::Seed { round, team } => t.args(
            "audit-subject-seed",
            &[("round", n(*round)), ("team", n(*team))],
        ),
        Subject::Other(text) => text.clone(),
    }
}

/// A board's result in one room, in words.
fn result_subject(t: &Tr, at: Option<(i32, i32)>, room: Room, board: i32) -> String {
    match at {
        Some((round, table)) => t.args(
            "audit-subject-result",
            &[
                ("round", n(round)),
                ("table", n(table)),
                ("room", room_word(t, room).into()),
                ("board", n(board)),
            ],
        ),
        // Within one match (the conflict of two saves): the room and the board.
        None => format!(
            "{} · {}",
            t.t(&format!("entry-room-{}", room.code())),
            t.a("audit-board", "board", board)
        ),
    }
}

/// A stored value in the reader's language: why a knockout tie was paired as it was (with
/// the director's note after a dash); every other value as stored.
pub(crate) fn value_text(t: &Tr, subject: &Subject, value: &str) -> String {
    match subject {
        Subject::Tie { .. } => match TieReason::parse(value) {
            Some(reason) if reason.note.is_empty() => tie_why_text(t, &reason.why),
            Some(reason) => format!("{} — {}", tie_why_text(t, &reason.why), reason.note),
            None => value.to_owned(),
        },
        _ => value.to_owned(),
    }
}

/// Why a tie's sides meet, in words: "seed 1 v seed 8", "winner of QF1 v winner of QF2".
pub(crate) fn tie_why_text(t: &Tr, why: &TieWhy) -> String {
    match why {
        TieWhy::Seeds(home, away) => t.args(
            "stage-reason-seeds",
            &[("home", n(*home)), ("away", n(*away))],
        ),
        TieWhy::Bye(home) => t.a("stage-reason-bye", "home", home),
        TieWhy::Feeds {
            losers,
            round,
            first,
            second,
        } => {
            let label = |k: &u32| match Reached::from_code(round) {
                Some(r) => crate::sheets::stages::label_of(t, r, *k),
                None => format!("{round}{k}"),
            };
            t.args(
                if *losers {
                    "stage-reason-losers"
                } else {
                    "stage-reason-winners"
                },
                &[
                    ("first", label(first).into()),
                    ("second", label(second).into()),
                ],
            )
        }
    }
}

/// An odd result by its flag `round:board:table:room:kind` (room `both` for a swing).
fn odd_result(t: &Tr, flag: &str) -> String {
    let parts: Vec<&str> = flag.split(':').collect();
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<i32>().ok());
    let room = match parts.get(3) {
        Some(&"both") => Some(t.t("audit-room-both")),
        Some(code) => code.parse::<Room>().ok().map(|r| room_word(t, r)),
        None => None,
    };
    let kind = match parts.get(4) {
        Some(&"field") => Some(t.t("audit-odd-kind-field")),
        Some(&"swing") => Some(t.t("audit-odd-kind-swing")),
        _ => None,
    };
    match (number(0), number(1), number(2), room, kind) {
        (Some(round), Some(board), Some(table), Some(room), Some(kind)) if parts.len() == 5 => t
            .args(
                "audit-subject-odd-result",
                &[
                    ("round", n(round)),
                    ("table", n(table)),
                    ("room", room.into()),
                    ("board", n(board)),
                    ("kind", kind.into()),
                ],
            ),
        _ => t.a("audit-subject-odd-flag", "flag", flag),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// English reads as the stored text; Chinese in its own words.
    #[test]
    fn subjects_in_each_language() {
        let stored = [
            "round 1 table 2 open board 3",
            "round 1 table 2 closed room team 3 line-up",
            "round 2 table 5",
            "round 2 board 7",
            "dealing seed",
            "round 3 deals",
            "team 3",
            "team 3 → 9",
            "decks",
            "stage 2 groups",
            "round 6 table 1 tie",
        ];
        for text in stored {
            assert_eq!(subject_text(&Tr::en(), &Subject::parse(text)), text);
        }
        let hans = Tr::new(Lang::ZH_HANS);
        let hant = Tr::new(Lang::ZH_HANT);
        let result = Subject::parse("round 1 table 2 open board 3");
        assert_eq!(subject_text(&hans, &result), "第 1 轮第 2 桌开室 3 号牌");
        assert_eq!(subject_text(&hant, &result), "第 1 輪第 2 桌開室 3 號牌");
        assert_eq!(subject_text(&hans, &Subject::parse("team 3")), "3 号队");
        assert_eq!(
            subject_text(&hant, &Subject::parse("round 3 deals")),
            "第 3 輪發牌"
        );
        assert_eq!(
            subject_text(&hans, &Subject::parse("dealing seed")),
            "发牌种子"
        );
        assert_eq!(
            subject_text(&hans, &Subject::parse("odd result 1:2:3:both:swing")),
            "待核成绩：第 1 轮第 3 桌两室 2 号牌，级差超出级数表"
        );
        assert_eq!(
            subject_text(&Tr::en(), &Subject::parse("odd result 1:2:3:open:field")),
            "odd result: round 1 table 3 open board 2, far from the field"
        );
        assert_eq!(
            subject_text(&hans, &Subject::parse("odd result x")),
            "待核成绩 x"
        );
        assert_eq!(
            subject_text(&hans, &Subject::parse("what the old version said")),
            "what the old version said"
        );
    }

    /// A tie's reason reads back from its stored text and is worded in each language.
    #[test]
    fn tie_reasons_in_each_language() {
        let tie = Subject::parse("round 6 table 1 tie");
        for text in [
            "seeds 1 8",
            "bye 2",
            "winners quarter_final 1 2",
            "losers semi_final 1 2 | re-paired after board 3 of SF2 was corrected",
        ] {
            let reason = TieReason::parse(text).expect(text);
            assert_eq!(reason.to_string(), text);
        }
        let en = Tr::en();
        assert_eq!(value_text(&en, &tie, "seeds 1 8"), "seed 1 v seed 8");
        assert_eq!(
            value_text(&en, &tie, "winners quarter_final 3 4 | at the desk"),
            "winner of QF3 v winner of QF4 — at the desk"
        );
        assert_eq!(
            value_text(&en, &tie, "losers semi_final 1 2"),
            "loser of SF1 v loser of SF2"
        );
        // Another version's text stays as stored; other subjects' values too.
        assert_eq!(value_text(&en, &tie, "drawn by lot"), "drawn by lot");
        assert_eq!(
            value_text(&en, &Subject::parse("round 6 table 1"), "seeds 1 8"),
            "seeds 1 8"
        );
        let hans = Tr::new(Lang::ZH_HANS);
        assert_ne!(value_text(&hans, &tie, "seeds 1 8"), "seed 1 v seed 8");
        assert_eq!(subject_text(&hans, &tie), "第 6 轮第 1 桌对阵缘由");
        assert_eq!(
            subject_text(&hans, &Subject::parse("stage 2 groups")),
            "第 2 赛段 groups"
        );
    }
}
