//! What an audited change touched ([`Subject`]), worded in the reader's language when a page
//! shows it; the trail stores it as English text that parses back.

use fluent_templates::fluent_bundle::FluentValue;

use super::super::i18n::Tr;
use crate::db::audit::Subject;
use crate::rules::Room;

fn room_word(t: &Tr, room: Room) -> String {
    t.t(&format!("audit-room-{}", room.code()))
}

fn n(v: impl ToString) -> FluentValue<'static> {
    FluentValue::from(v.to_string())
}

/// A subject in words: `round 1 table 2 open board 3`, `第 1 轮第 2 桌开室 3 号牌`.
pub fn subject_text(t: &Tr, subject: &Subject) -> String {
    match subject {
        Subject::Result {
            at: Some((round, table)),
            room,
            board,
        } => t.args(
            "audit-subject-result",
            &[
                ("round", n(*round)),
                ("table", n(*table)),
                ("room", room_word(t, *room).into()),
                ("board", n(*board)),
            ],
        ),
        // Within one match (the conflict of two saves): the room and the board.
        Subject::Result {
            at: None,
            room,
            board,
        } => format!(
            "{} · {}",
            t.t(&format!("entry-room-{}", room.code())),
            t.a("audit-board", "board", board)
        ),
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
        Subject::Other(text) => text.clone(),
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
            "team 3",
            "team 3 → 9",
            "decks",
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
}
