//! Problems of archives, uploads and stored results ([`Why`]) in the reader's language.
//! The English messages in `locales/en/problems.ftl` read exactly as `Why`'s `Display`,
//! which the command line prints; a test below holds them together.

use fluent_templates::fluent_bundle::FluentValue;

use super::i18n::Tr;
use crate::archive::Problem;
use crate::rules::{BandTableError, Why};

/// `file:line: why` (or `file: why`) with the reason in the reader's language.
pub fn problem_text(t: &Tr, p: &Problem) -> String {
    format!("{}: {}", p.place(), why_text(t, &p.why))
}

/// The reason in the reader's language.
pub fn why_text(t: &Tr, why: &Why) -> String {
    let (id, args) = message(why);
    if args.is_empty() {
        t.t(id)
    } else {
        t.args(id, &args)
    }
}

fn s(v: impl ToString) -> FluentValue<'static> {
    // No message quotes more than a short piece of what was sent.
    FluentValue::from(crate::rules::why::clip(&v.to_string()))
}

/// The Fluent id of a reason and its arguments (texts, except `decks` of
/// `PointsOutOfRange`, a number for the plural).
fn message(why: &Why) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    match why {
        Why::MissingFile => ("problems-missing-file", vec![]),
        Why::NotUtf8 => ("problems-not-utf8", vec![]),
        Why::NoSuchPath => ("problems-no-such-path", vec![]),
        Why::NotAZip { error } => ("problems-not-a-zip", vec![("error", s(error))]),
        Why::ZipNoToml => ("problems-zip-no-toml", vec![]),
        Why::ZipManyToml => ("problems-zip-many-toml", vec![]),
        Why::ZipTooManyEntries { count, max } => (
            "problems-zip-too-many",
            vec![("count", s(count)), ("max", s(max))],
        ),
        Why::ZipTooLarge { name, limit_mib } => (
            "problems-zip-too-large",
            vec![("name", s(name)), ("limit", s(limit_mib))],
        ),
        Why::Failed { error } => ("problems-failed", vec![("error", s(error))]),
        Why::NoTournament => ("problems-no-tournament", vec![]),
        Why::SlugTaken { slug } => ("problems-slug-taken", vec![("slug", s(slug))]),
        Why::TomlSyntax { error } => ("problems-toml-syntax", vec![("error", s(error))]),
        Why::UnknownKey { key } => ("problems-unknown-key", vec![("key", s(key))]),
        Why::Required { key } => ("problems-required", vec![("key", s(key))]),
        Why::WrongType { key, wanted } => (
            match wanted.code() {
                "string" => "problems-must-be-string",
                "boolean" => "problems-must-be-boolean",
                "whole-number" => "problems-must-be-whole-number",
                "number" => "problems-must-be-number",
                "bands" => "problems-must-be-bands",
                "win-draw-loss" => "problems-must-be-win-draw-loss",
                _ => "problems-must-be-tiebreaks",
            },
            vec![("key", s(key))],
        ),
        Why::NameEmpty => ("problems-name-empty", vec![]),
        Why::SlugInvalid { slug } => ("problems-slug-invalid", vec![("slug", s(slug))]),
        Why::SlugReserved { slug } => ("problems-slug-reserved", vec![("slug", s(slug))]),
        Why::DecksCount { decks } => ("problems-decks-count", vec![("decks", s(decks))]),
        Why::VpBlitz { value } => ("problems-vp-blitz", vec![("value", s(value))]),
        Why::ScoreRange { key, value, max } => (
            "problems-score-range",
            vec![("key", s(key)), ("value", s(value)), ("max", s(max))],
        ),
        Why::OnlyForCustom { key } => ("problems-only-for-custom", vec![("key", s(key))]),
        Why::CustomNeeds { key } => ("problems-custom-needs", vec![("key", s(key))]),
        Why::NotOneOf { what, got, allowed } => (
            "problems-not-one-of",
            vec![("what", s(what)), ("got", s(got)), ("allowed", s(allowed))],
        ),
        Why::RulesNotForDecks {
            rules,
            decks,
            allowed,
        } => (
            "problems-rules-not-for-decks",
            vec![
                ("rules", s(rules)),
                ("decks", s(decks)),
                ("allowed", s(allowed)),
            ],
        ),
        Why::StepOutOfRange => ("problems-step-out-of-range", vec![]),
        Why::Bands { error } => match error {
            BandTableError::Empty => ("problems-bands-empty", vec![]),
            BandTableError::FirstNotZero(p) => {
                ("problems-bands-first-not-zero", vec![("value", s(p))])
            }
            BandTableError::NotAscending { previous, next } => (
                "problems-bands-not-ascending",
                vec![("previous", s(previous)), ("next", s(next))],
            ),
            BandTableError::Step(v) => ("problems-bands-step", vec![("value", s(v))]),
            BandTableError::Takeover(v) => ("problems-bands-takeover", vec![("value", s(v))]),
            BandTableError::TooLarge { what, value, max } => (
                "problems-bands-too-large",
                vec![("what", s(what)), ("value", s(value)), ("max", s(max))],
            ),
        },
        Why::TiebreakTwice { tiebreak } => {
            ("problems-tiebreak-twice", vec![("tiebreak", s(tiebreak))])
        }
        Why::SwissSeed { seed } => ("problems-swiss-seed", vec![("seed", s(seed))]),
        Why::UnreadableHeader { error } => {
            ("problems-unreadable-header", vec![("error", s(error))])
        }
        Why::ColumnTwice { column } => ("problems-column-twice", vec![("column", s(column))]),
        Why::UnknownColumn { column } => ("problems-unknown-column", vec![("column", s(column))]),
        Why::MissingColumn { column } => ("problems-missing-column", vec![("column", s(column))]),
        Why::CellCount { cells, header } => (
            "problems-cell-count",
            vec![("cells", s(cells)), ("header", s(header))],
        ),
        Why::UnreadableRow { error } => ("problems-unreadable-row", vec![("error", s(error))]),
        Why::Empty { column } => ("problems-empty", vec![("column", s(column))]),
        Why::TextTooLong { column, max } => (
            "problems-text-too-long",
            vec![("column", s(column)), ("max", s(max))],
        ),
        Why::ControlCharacter { column } => {
            ("problems-control-character", vec![("column", s(column))])
        }
        Why::TooLarge { column, value, max } => (
            "problems-too-large",
            vec![("column", s(column)), ("value", s(value)), ("max", s(max))],
        ),
        Why::TooSmall { column, value, min } => (
            "problems-too-small",
            vec![("column", s(column)), ("value", s(value)), ("min", s(min))],
        ),
        Why::NotWholeNumber { column, cell } => (
            "problems-not-whole-number",
            vec![("column", s(column)), ("cell", s(cell))],
        ),
        Why::TeamTwice { team, first } => (
            "problems-team-twice",
            vec![("team", s(team)), ("first", s(first))],
        ),
        Why::TooManyMembers { team, members, max } => (
            "problems-too-many-members",
            vec![("team", s(team)), ("members", s(members)), ("max", s(max))],
        ),
        Why::BoardTwice {
            round,
            board,
            first,
        } => (
            "problems-board-twice",
            vec![
                ("round", s(round)),
                ("board", s(board)),
                ("first", s(first)),
            ],
        ),
        Why::RoundWithoutBoards { round } => {
            ("problems-round-without-boards", vec![("round", s(round))])
        }
        Why::UnknownTeam { team } => ("problems-unknown-team", vec![("team", s(team))]),
        Why::PlaysItself { team } => ("problems-plays-itself", vec![("team", s(team))]),
        Why::TableTwice {
            round,
            table,
            first,
        } => (
            "problems-table-twice",
            vec![
                ("round", s(round)),
                ("table", s(table)),
                ("first", s(first)),
            ],
        ),
        Why::AlreadyPlays { team, round, first } => (
            "problems-already-plays",
            vec![("team", s(team)), ("round", s(round)), ("first", s(first))],
        ),
        Why::NoTable { round, table } => (
            "problems-no-table",
            vec![("round", s(round)), ("table", s(table))],
        ),
        Why::ByeNoResults { round, table, team } => (
            "problems-bye-no-results",
            vec![("round", s(round)), ("table", s(table)), ("team", s(team))],
        ),
        Why::NoBoard { round, board } => (
            "problems-no-board",
            vec![("round", s(round)), ("board", s(board))],
        ),
        Why::ResultTwice {
            round,
            table,
            room,
            board,
            first,
        } => (
            "problems-result-twice",
            vec![
                ("round", s(round)),
                ("table", s(table)),
                ("room", s(room.code())),
                ("board", s(board)),
                ("first", s(first)),
            ],
        ),
        Why::LineupPlayers { cell } => ("problems-lineup-players", vec![("cell", s(cell))]),
        Why::NotAMember { player, team } => (
            "problems-not-a-member",
            vec![("player", s(player)), ("team", s(team))],
        ),
        Why::NotAtTable { team, round, table } => (
            "problems-not-at-table",
            vec![("team", s(team)), ("round", s(round)), ("table", s(table))],
        ),
        Why::ByeNoLineup { round, table, team } => (
            "problems-bye-no-lineup",
            vec![("round", s(round)), ("table", s(table)), ("team", s(team))],
        ),
        Why::LineupTwice {
            round,
            table,
            room,
            team,
            first,
        } => (
            "problems-lineup-twice",
            vec![
                ("round", s(round)),
                ("table", s(table)),
                ("room", s(room.code())),
                ("team", s(team)),
                ("first", s(first)),
            ],
        ),
        Why::BothRooms { player, first } => (
            "problems-both-rooms",
            vec![("player", s(player)), ("first", s(first))],
        ),
        Why::NotMultipleOf5 { what, value } => (
            "problems-not-multiple-of-5",
            vec![("what", s(what.code())), ("value", s(value))],
        ),
        Why::PointsOutOfRange {
            what,
            value,
            max,
            decks,
        } => (
            "problems-points-out-of-range",
            vec![
                ("what", s(what.code())),
                ("value", s(value)),
                ("max", s(max)),
                ("decks", FluentValue::from(*decks)),
            ],
        ),
        Why::PointsExceed {
            trick,
            bottom,
            total,
            decks,
        } => (
            "problems-points-exceed",
            vec![
                ("trick", s(trick)),
                ("bottom", s(bottom)),
                ("total", s(total)),
                ("decks", s(decks)),
            ],
        ),
        Why::ComboNotAllowed {
            combo,
            decks,
            allowed,
        } => (
            "problems-combo-not-allowed",
            vec![
                ("combo", s(combo)),
                ("decks", s(decks)),
                ("allowed", s(allowed)),
            ],
        ),
        Why::ComboMissing => ("problems-combo-missing", vec![]),
        Why::ComboWithDeclarerLastTrick => ("problems-combo-with-declarer", vec![]),
        Why::ComboTooLong { combo, max, decks } => (
            "problems-combo-too-long",
            vec![("combo", s(combo)), ("max", s(max)), ("decks", s(decks))],
        ),
        Why::RulingOutOfRange { value, min, max } => (
            "problems-ruling-range",
            vec![("value", s(value)), ("min", s(min)), ("max", s(max))],
        ),
        Why::Penalty { value, max } => (
            "problems-penalty",
            vec![("value", s(value)), ("max", s(max))],
        ),
        Why::DefenderTotal { value } => ("problems-defender-total", vec![("value", s(value))]),
        Why::NoResult => ("problems-no-result", vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Points, Room, Wanted};
    use crate::web::i18n::Lang;

    /// One of every reason, with figures that exercise each message (both plural forms
    /// where there is one).
    fn every_reason() -> Vec<Why> {
        let text = |v: &str| v.to_owned();
        let mut all = vec![
            Why::MissingFile,
            Why::NotUtf8,
            Why::NoSuchPath,
            Why::NotAZip { error: text("bad") },
            Why::ZipNoToml,
            Why::ZipManyToml,
            Why::ZipTooManyEntries {
                count: 5000,
                max: 1000,
            },
            Why::ZipTooLarge {
                name: text("teams.csv"),
                limit_mib: 32,
            },
            Why::Failed {
                error: text("disk full"),
            },
            Why::NoTournament,
            Why::SlugTaken {
                slug: text("spring"),
            },
            Why::TomlSyntax {
                error: text("expected `=`"),
            },
            Why::UnknownKey {
                key: text("colour"),
            },
            Why::Required { key: text("name") },
            Why::NameEmpty,
            Why::SlugInvalid { slug: text("A B") },
            Why::SlugReserved { slug: text("new") },
            Why::DecksCount { decks: 4 },
            Why::VpBlitz {
                value: text("-1.5"),
            },
            Why::OnlyForCustom { key: text("step") },
            Why::CustomNeeds { key: text("bands") },
            "north-east"
                .parse::<crate::rules::Seat>()
                .unwrap_err()
                .into(),
            Why::RulesNotForDecks {
                rules: text("bands-20"),
                decks: 2,
                allowed: text("standard, no-level-takeover"),
            },
            Why::StepOutOfRange,
            BandTableError::Empty.into(),
            BandTableError::FirstNotZero(5).into(),
            BandTableError::NotAscending {
                previous: 40,
                next: 30,
            }
            .into(),
            BandTableError::Step(0).into(),
            BandTableError::Takeover(-5).into(),
            BandTableError::TooLarge {
                what: "s",
                value: 2147483647,
                max: 100,
            }
            .into(),
            Why::TiebreakTwice {
                tiebreak: text("level_diff"),
            },
            Why::SwissSeed { seed: -3 },
            Why::UnreadableHeader { error: text("x") },
            Why::ColumnTwice {
                column: text("name"),
            },
            Why::UnknownColumn {
                column: text("colour"),
            },
            Why::MissingColumn {
                column: text("club"),
            },
            Why::CellCount {
                cells: 3,
                header: 4,
            },
            Why::UnreadableRow { error: text("x") },
            Why::Empty {
                column: text("team_no"),
            },
            Why::TooSmall {
                column: text("team_no"),
                value: 0,
                min: 1,
            },
            Why::TextTooLong {
                column: text("name"),
                max: 200,
            },
            Why::ControlCharacter {
                column: text("club"),
            },
            Why::TooLarge {
                column: text("round"),
                value: 2147483647,
                max: 999,
            },
            Why::NotWholeNumber {
                column: text("team_no"),
                cell: text("x"),
            },
            Why::TeamTwice { team: 3, first: 2 },
            Why::TooManyMembers {
                team: 3,
                members: 7,
                max: 6,
            },
            Why::BoardTwice {
                round: 1,
                board: 2,
                first: 3,
            },
            Why::RoundWithoutBoards { round: 4 },
            Why::UnknownTeam { team: 9 },
            Why::PlaysItself { team: 2 },
            Why::TableTwice {
                round: 1,
                table: 2,
                first: 3,
            },
            Why::AlreadyPlays {
                team: 1,
                round: 2,
                first: 3,
            },
            Why::NoTable { round: 1, table: 9 },
            Why::ByeNoResults {
                round: 1,
                table: 3,
                team: 5,
            },
            Why::NoBoard { round: 1, board: 9 },
            Why::ComboMissing,
            Why::ComboWithDeclarerLastTrick,
            Why::ScoreRange {
                key: text("bye_score"),
                value: text("NaN"),
                max: text("10000"),
            },
            Why::ComboTooLong {
                combo: "tractor:31".into(),
                max: 12,
                decks: 2,
            },
            Why::RulingOutOfRange {
                value: 45,
                min: -4,
                max: 3,
            },
            Why::Penalty { value: 7, max: 200 },
            Why::DefenderTotal { value: -5 },
            Why::NoResult,
        ];
        for wanted in Wanted::ALL {
            all.push(Why::WrongType {
                key: text("decks"),
                wanted,
            });
        }
        all.push(Why::LineupPlayers { cell: text("Ann") });
        all.push(Why::NotAMember {
            player: text("Zed"),
            team: 2,
        });
        all.push(Why::NotAtTable {
            team: 3,
            round: 1,
            table: 1,
        });
        all.push(Why::ByeNoLineup {
            round: 1,
            table: 2,
            team: 3,
        });
        all.push(Why::BothRooms {
            player: text("Ann"),
            first: 3,
        });
        for room in [Room::Open, Room::Closed] {
            all.push(Why::LineupTwice {
                round: 1,
                table: 2,
                room,
                team: 3,
                first: 4,
            });
        }
        for room in [Room::Open, Room::Closed] {
            all.push(Why::ResultTwice {
                round: 1,
                table: 2,
                room,
                board: 3,
                first: 4,
            });
        }
        for what in [Points::Trick, Points::Bottom] {
            all.push(Why::NotMultipleOf5 { what, value: 83 });
            for decks in [1, 2, 3] {
                all.push(Why::PointsOutOfRange {
                    what,
                    value: 105,
                    max: 100 * decks,
                    decks,
                });
            }
        }
        all.push(Why::PointsExceed {
            trick: 180,
            bottom: 40,
            total: 200,
            decks: 2,
        });
        all.push(Why::ComboNotAllowed {
            combo: text("pair"),
            decks: 1,
            allowed: text("single"),
        });
        all
    }

    /// Fails to compile when a reason is added, so that `every_reason` gets it too.
    #[allow(dead_code)]
    fn listed(why: &Why) {
        match why {
            Why::MissingFile
            | Why::NotUtf8
            | Why::NoSuchPath
            | Why::NotAZip { .. }
            | Why::ZipNoToml
            | Why::ZipManyToml
            | Why::ZipTooManyEntries { .. }
            | Why::ZipTooLarge { .. }
            | Why::Failed { .. }
            | Why::NoTournament
            | Why::SlugTaken { .. }
            | Why::TomlSyntax { .. }
            | Why::UnknownKey { .. }
            | Why::Required { .. }
            | Why::WrongType { .. }
            | Why::NameEmpty
            | Why::SlugInvalid { .. }
            | Why::SlugReserved { .. }
            | Why::DecksCount { .. }
            | Why::VpBlitz { .. }
            | Why::ScoreRange { .. }
            | Why::OnlyForCustom { .. }
            | Why::CustomNeeds { .. }
            | Why::NotOneOf { .. }
            | Why::RulesNotForDecks { .. }
            | Why::StepOutOfRange
            | Why::Bands { .. }
            | Why::TiebreakTwice { .. }
            | Why::SwissSeed { .. }
            | Why::UnreadableHeader { .. }
            | Why::ColumnTwice { .. }
            | Why::UnknownColumn { .. }
            | Why::MissingColumn { .. }
            | Why::CellCount { .. }
            | Why::UnreadableRow { .. }
            | Why::Empty { .. }
            | Why::TooSmall { .. }
            | Why::TooLarge { .. }
            | Why::TextTooLong { .. }
            | Why::ControlCharacter { .. }
            | Why::NotWholeNumber { .. }
            | Why::TeamTwice { .. }
            | Why::TooManyMembers { .. }
            | Why::BoardTwice { .. }
            | Why::RoundWithoutBoards { .. }
            | Why::UnknownTeam { .. }
            | Why::PlaysItself { .. }
            | Why::TableTwice { .. }
            | Why::AlreadyPlays { .. }
            | Why::NoTable { .. }
            | Why::ByeNoResults { .. }
            | Why::NoBoard { .. }
            | Why::ResultTwice { .. }
            | Why::LineupPlayers { .. }
            | Why::NotAMember { .. }
            | Why::NotAtTable { .. }
            | Why::ByeNoLineup { .. }
            | Why::LineupTwice { .. }
            | Why::BothRooms { .. }
            | Why::NotMultipleOf5 { .. }
            | Why::PointsOutOfRange { .. }
            | Why::PointsExceed { .. }
            | Why::ComboNotAllowed { .. }
            | Why::ComboMissing
            | Why::ComboWithDeclarerLastTrick
            | Why::ComboTooLong { .. }
            | Why::RulingOutOfRange { .. }
            | Why::Penalty { .. }
            | Why::DefenderTotal { .. }
            | Why::NoResult => {}
        }
    }

    #[test]
    fn english_messages_read_as_the_command_line_prints_them() {
        let en = Tr::en();
        for why in every_reason() {
            assert_eq!(why_text(&en, &why), why.to_string(), "{why:?}");
        }
    }

    #[test]
    fn every_reason_has_a_chinese_message() {
        let zh = Tr::new(Lang::ZH_HANS);
        for why in every_reason() {
            let (id, _) = message(&why);
            let text = why_text(&zh, &why);
            assert_ne!(text, id, "{why:?}");
            assert!(!text.contains('{'), "{text}");
        }
        // The place stays `file:line:` in both languages.
        let p = Problem::at("teams.csv", 3, Why::NameEmpty);
        assert_eq!(problem_text(&zh, &p), "teams.csv:3: name 不能为空");
        assert_eq!(
            problem_text(&Tr::en(), &p),
            "teams.csv:3: name must not be empty"
        );
    }
}
