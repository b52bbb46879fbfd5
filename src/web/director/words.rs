//! What happened, in the reader's words: a table's result ("trick points 35, bottom 10 won
//! by the defenders with a pair"), an audited value, and who made a change at a table. The
//! stored texts (`trick_points=35 bottom_points=10 last_trick=defenders combo=pair`, a
//! room's `rejected flagged=3`, `table link 4: open room entered by NS …`) stay what the
//! trail and `audit.csv` keep; pages read them back and word them here.

use fluent_templates::fluent_bundle::FluentValue;

use super::super::i18n::Tr;
use crate::db::audit::Subject;
use crate::db::table::{EntryState, Side, read_room_text};
use crate::input::{SHEET_FIELDS, SheetRow};
use crate::rules::{Combination, EntryFigures, LastTrick};

fn n(v: impl ToString) -> FluentValue<'static> {
    FluentValue::from(v.to_string())
}

/// "with a pair", "with a tractor of 3 pairs".
pub(crate) fn combo_with(t: &Tr, combo: Combination) -> String {
    match combo {
        Combination::Single => t.t("words-with-single"),
        Combination::Pair => t.t("words-with-pair"),
        Combination::Triple => t.t("words-with-triple"),
        Combination::Tractor(l) => t.a("words-with-tractor", "n", l),
        Combination::Titanic(l) => t.a("words-with-titanic", "n", l),
    }
}

/// One table's result in words, its parts joined by the language's list separator.
pub(crate) fn entry_words(t: &Tr, entry: &EntryFigures) -> String {
    let mut parts = Vec::new();
    if let Some(tricks) = entry.trick_points {
        parts.push(t.a("words-trick-points", "points", tricks));
    }
    if let Some(total) = entry.defender_total {
        parts.push(t.a("words-defender-total", "points", total));
    }
    let combo = entry.combo.map(|c| combo_with(t, c)).unwrap_or_default();
    match (entry.bottom_points, entry.last_trick) {
        (Some(bottom), Some(LastTrick::Declarer)) => {
            parts.push(t.a("words-bottom-declarers", "bottom", bottom));
        }
        (Some(bottom), Some(LastTrick::Defenders)) => parts.push(t.args(
            "words-bottom-defenders",
            &[("bottom", n(bottom)), ("combo", combo.into())],
        )),
        (Some(bottom), None) => parts.push(t.a("words-bottom", "bottom", bottom)),
        (None, Some(LastTrick::Declarer)) => parts.push(t.t("words-last-declarers")),
        (None, Some(LastTrick::Defenders)) => {
            parts.push(t.a("words-last-defenders", "combo", combo));
        }
        (None, None) => {}
    }
    if let Some(p) = entry.declarer_penalty.filter(|p| *p != 0) {
        parts.push(t.a("words-declarer-penalty", "points", p));
    }
    if let Some(p) = entry.defender_penalty.filter(|p| *p != 0) {
        parts.push(t.a("words-defender-penalty", "points", p));
    }
    if let Some(s) = entry.ruling {
        parts.push(t.a("words-ruling", "s", crate::figures::signed(s.into())));
    }
    t.list(&parts)
}

/// A result row as the trail stores it (`trick_points=35 bottom_points=10 …`) in words;
/// `None` for a text that does not read as one.
fn stored_entry_words(t: &Tr, text: &str) -> Option<String> {
    let pairs: Vec<(&str, &str)> = text
        .split_whitespace()
        .map(|p| p.split_once('='))
        .collect::<Option<_>>()?;
    if pairs.iter().any(|(k, _)| !SHEET_FIELDS.contains(k)) {
        return None;
    }
    let row = SheetRow::from_fields(|f| pairs.iter().find(|(k, _)| *k == f).map(|(_, v)| *v));
    // The value was checked when it was saved.
    let entry = row.as_written()?;
    Some(entry_words(t, &entry))
}

/// A room's state in the director's words.
pub(crate) fn state_words(t: &Tr, state: EntryState) -> String {
    crate::web::labels::room_state_label(t, state, false)
}

/// A side as the trail stores it (`NS`, `EW`) in words; the stored text when it is not one.
fn stored_side_words(t: &Tr, stored: &str) -> String {
    Side::parse(&stored.to_ascii_lowercase()).map_or_else(
        || stored.to_owned(),
        |side| crate::web::labels::side_label(t, side),
    )
}

/// An audited value in words, by what it belongs to; the stored text when it is not one
/// this version words (a team, a setting, a line-up are already words).
pub(crate) fn value_words(t: &Tr, subject: &Subject, text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let worded = match subject {
        Subject::Result { .. } => stored_entry_words(t, text),
        Subject::Room { .. } => read_room_text(text).map(|(state, flagged, note)| {
            let mut parts = vec![state_words(t, state)];
            if !flagged.is_empty() {
                let boards: Vec<String> = flagged.iter().map(i32::to_string).collect();
                parts.push(t.a("words-flagged", "boards", t.list(&boards)));
            }
            if !note.is_empty() {
                parts.push(t.a("table-director-note", "note", note));
            }
            t.list(&parts)
        }),
        Subject::Deals { .. } => deals_words(t, text),
        Subject::DealSeed => seed_words(t, text),
        Subject::Draw { .. } => match text {
            "published" => Some(t.t("words-draw-published")),
            "held" => Some(t.t("words-draw-held")),
            _ => None,
        },
        Subject::Clock { .. } => clock_words(t, text),
        Subject::Seed { .. } => seed_figure_words(t, text),
        Subject::TableLinks { .. } | Subject::Release { .. } => match text {
            "open" | "locked" | "withheld" | "released" => {
                Some(t.t(&format!("words-round-{text}")))
            }
            _ => None,
        },
        _ => None,
    };
    worded.unwrap_or_else(|| super::subject::value_text(t, subject, text))
}

/// A team's seed by rating as the trail keeps it (`seed=2 figure=0.750`, `figure=none` for a
/// team with no member linked), in words.
fn seed_figure_words(t: &Tr, text: &str) -> Option<String> {
    let (seed, figure) = text.split_once(' ')?;
    let seed = seed.strip_prefix("seed=")?.parse::<usize>().ok()?;
    match figure.strip_prefix("figure=")? {
        "none" => Some(t.a("words-seed-no-link", "seed", seed)),
        figure => Some(t.args(
            "words-seed-figure",
            &[
                ("seed", seed.to_string().into()),
                (
                    "figure",
                    crate::figures::typographic_minus(figure.to_owned()).into(),
                ),
            ],
        )),
    }
}

/// A round clock's state or the director's event, in words (`start 40`, `pause`,
/// `resume`, `extra table 3 5`, `running`, `paused`).
fn clock_words(t: &Tr, text: &str) -> Option<String> {
    let words: Vec<&str> = text.split(' ').collect();
    match words.as_slice() {
        ["start", m] => Some(t.a("words-clock-start", "minutes", m.parse::<i32>().ok()?)),
        ["pause"] => Some(t.t("words-clock-pause")),
        ["resume"] => Some(t.t("words-clock-resume")),
        ["running"] => Some(t.t("words-clock-running")),
        ["paused"] => Some(t.t("words-clock-paused")),
        ["extra", "table", table, m] => Some(t.args(
            "words-clock-extra",
            &[
                ("table", table.parse::<i32>().ok()?.into()),
                ("minutes", m.parse::<i32>().ok()?.into()),
            ],
        )),
        _ => None,
    }
}

/// The `key=value` parts of a stored text; `None` when a part is not one.
fn stored_pairs(text: &str) -> Option<Vec<(&str, &str)>> {
    text.split_whitespace().map(|p| p.split_once('=')).collect()
}

/// A round's deals as the trail stores them (`boards=8 changed=8 dealt_from=…`) in words:
/// how many boards, how many changed; the seed's commitment stays in `audit.csv`.
fn deals_words(t: &Tr, text: &str) -> Option<String> {
    let pairs = stored_pairs(text)?;
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let boards = get("boards")?;
    Some(match get("changed") {
        Some(changed) => t.args(
            "words-deals-dealt",
            &[("boards", n(boards)), ("changed", n(changed))],
        ),
        None => t.a("words-deals-boards", "boards", boards),
    })
}

/// A dealing seed's state as the trail stores it (`state=secret commitment=…`) in words;
/// the commitment and a revealed seed stay in `audit.csv` and on the deals page.
fn seed_words(t: &Tr, text: &str) -> Option<String> {
    let pairs = stored_pairs(text)?;
    let state = pairs.iter().find(|(k, _)| *k == "state").map(|(_, v)| *v)?;
    matches!(state, "secret" | "published" | "revealed")
        .then(|| t.t(&format!("words-seed-{state}")))
}

/// Who made a change, in words: a confirmation at a table is stored as `table link 4:
/// open room entered by NS at 19:25:03, confirmed by EW from 192.168.1.40` (the entry's
/// time in UTC, shown in `clock`'s zone: the entry came before `logged`, when the trail
/// kept the confirmation); a name is shown as it is.
pub(crate) fn who_words(
    t: &Tr,
    who: &str,
    clock: &crate::rules::Clock,
    logged: chrono::NaiveDateTime,
) -> String {
    read_table_who(who)
        .map(|w| {
            let at = chrono::NaiveTime::parse_from_str(w.at, "%H:%M:%S")
                .map(|time| {
                    let mut entered = logged.date().and_time(time);
                    if entered > logged {
                        entered -= chrono::Duration::days(1);
                    }
                    clock.time(entered)
                })
                .unwrap_or_else(|_| w.at.to_owned());
            let side = |s: &str| stored_side_words(t, s);
            t.args(
                "words-table-who",
                &[
                    ("link", n(w.link)),
                    ("room", t.t(&format!("entry-room-{}", w.room)).into()),
                    ("entered", side(w.entered).into()),
                    ("at", n(at)),
                    ("confirmed", side(w.confirmed).into()),
                    ("address", n(w.address)),
                ],
            )
        })
        .or_else(|| seated_words(t, who))
        .unwrap_or_else(|| who.to_owned())
}

/// A line-up given at the table, stored as `table link 4: open room seated by NS from
/// 192.168.1.40`, in words.
fn seated_words(t: &Tr, who: &str) -> Option<String> {
    let rest = who.strip_prefix("table link ")?;
    let (link, rest) = rest.split_once(": ")?;
    let (room, rest) = rest.split_once(" room seated by ")?;
    let (side, address) = rest.split_once(" from ")?;
    (link.bytes().all(|b| b.is_ascii_digit())
        && matches!(room, "open" | "closed")
        && matches!(side, "NS" | "EW"))
    .then(|| {
        t.args(
            "words-table-seated-who",
            &[
                ("link", n(link)),
                ("room", t.t(&format!("entry-room-{room}")).into()),
                ("side", stored_side_words(t, side).into()),
                ("address", n(address)),
            ],
        )
    })
}

struct TableWho<'a> {
    link: &'a str,
    room: &'a str,
    entered: &'a str,
    at: &'a str,
    confirmed: &'a str,
    address: &'a str,
}

fn read_table_who(who: &str) -> Option<TableWho<'_>> {
    let rest = who.strip_prefix("table link ")?;
    let (link, rest) = rest.split_once(": ")?;
    let (room, rest) = rest.split_once(" room entered by ")?;
    let (entered, rest) = rest.split_once(" at ")?;
    let (at, rest) = rest.split_once(", confirmed by ")?;
    let (confirmed, address) = rest.split_once(" from ")?;
    let side = |s: &str| matches!(s, "NS" | "EW");
    (link.bytes().all(|b| b.is_ascii_digit())
        && matches!(room, "open" | "closed")
        && side(entered)
        && side(confirmed))
    .then_some(TableWho {
        link,
        room,
        entered,
        at,
        confirmed,
        address,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn hans() -> Tr {
        Tr::new(Lang::ZH_HANS)
    }

    #[test]
    fn a_result_reads_as_what_happened_in_each_language() {
        let text = "trick_points=35 bottom_points=10 last_trick=defenders combo=pair";
        let subject = Subject::parse("round 1 table 2 open board 3");
        assert_eq!(
            value_words(&Tr::en(), &subject, text),
            "trick points 35, bottom 10 won by the defenders with a pair"
        );
        let zh = value_words(&hans(), &subject, text);
        assert!(!zh.contains("pair") && !zh.contains("trick"), "{zh}");
        assert!(zh.contains("对子"), "{zh}");
        // A text another version wrote stays as it is.
        assert_eq!(value_words(&Tr::en(), &subject, "t=45 k=0"), "t=45 k=0");
    }

    #[test]
    fn a_rooms_state_and_a_tables_confirmation_are_worded() {
        let room = Subject::parse("round 4 table 1 closed room");
        assert_eq!(
            value_words(&Tr::en(), &room, "rejected flagged=3,5 note=Play 5 again"),
            "sent back by the director, ⚑ boards 3, 5, The director says: Play 5 again"
        );
        let who =
            "table link 4: open room entered by NS at 19:25:03, confirmed by EW from 10.0.0.7";
        let utc = crate::rules::Clock::new(chrono_tz::Tz::UTC);
        let logged = chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(19, 30, 0)
            .unwrap();
        let en = who_words(&Tr::en(), who, &utc, logged);
        assert_eq!(
            en,
            "table link 4, Open room: entered by NS at 19:25:03, confirmed by EW from 10.0.0.7"
        );
        // In the tournament's zone, like the row's own time.
        let shanghai = crate::rules::Clock::new(chrono_tz::Tz::Asia__Shanghai);
        assert!(
            who_words(&Tr::en(), who, &shanghai, logged).contains("entered by NS at 03:25:03"),
            "{}",
            who_words(&Tr::en(), who, &shanghai, logged)
        );
        // Entered before midnight UTC, confirmed after.
        let after_midnight = logged + chrono::Duration::hours(5);
        let late =
            "table link 4: open room entered by NS at 23:58:00, confirmed by EW from 10.0.0.7";
        assert!(who_words(&Tr::en(), late, &shanghai, after_midnight).contains("at 07:58:00"));
        assert!(!who_words(&hans(), who, &utc, logged).contains("entered by"));
        assert_eq!(who_words(&Tr::en(), "admin", &utc, logged), "admin");
        assert_eq!(
            who_words(
                &Tr::en(),
                "table link 4: closed room seated by EW from 10.0.0.7",
                &utc,
                logged
            ),
            "table link 4, Closed room: line-up given by EW from 10.0.0.7"
        );
        let zh = who_words(
            &hans(),
            "table link 4: closed room seated by EW from 10.0.0.7",
            &utc,
            logged,
        );
        assert!(zh.contains("东西") && !zh.contains("seated"), "{zh}");
    }

    #[test]
    fn deals_and_seeds_read_in_words_without_keys_or_hashes() {
        let deals = Subject::parse("round 2 deals");
        let seed = Subject::parse("dealing seed");
        for t in [Tr::en(), hans()] {
            for (subject, text) in [
                (&deals, "boards=8 changed=8 dealt_from=d43e0a9f"),
                (&deals, "boards=8"),
                (&seed, "state=secret commitment=d43e0a9f"),
                (&seed, "state=published commitment=d43e0a9f"),
                (&seed, "state=revealed commitment=d43e0a9f seed=abc"),
            ] {
                let words = value_words(&t, subject, text);
                assert!(
                    !words.contains('=') && !words.contains("d43e") && !words.contains("state"),
                    "{words}"
                );
            }
        }
        assert_eq!(
            value_words(&Tr::en(), &deals, "boards=8 changed=3 dealt_from=d43e0a9f"),
            "8 boards dealt by fushi, 3 of them changed"
        );
    }
}
