//! The words of a reason ([`Why`]): its Fluent message id (`locales/*/problems.ftl`) and
//! arguments. The web renders them in the reader's language; `Why`'s `Display` (the command
//! line, logs) renders them in English. The messages are the only text of a reason.

use fluent_templates::fluent_bundle::FluentValue;

use super::why::{Why, clip};
use crate::i18n::Tr;
use crate::rules::deal::{DealError, SeedError, SeedRefusal};
use crate::rules::stages::StageReason;
use crate::rules::{BandTableError, Fault, Seat};

impl Why {
    /// The reason in words, in `t`'s language.
    pub fn text(&self, t: &Tr) -> String {
        let (id, mut args) = message(self);
        if matches!(id, "problems-combo-not-allowed" | "problems-combo-too-long") {
            // The combinations by their names in the reader's language, not their codes.
            for (name, value) in &mut args {
                if let FluentValue::String(code) = value.clone()
                    && matches!(*name, "combo" | "allowed")
                {
                    *value = FluentValue::from(combo_words(t, &code));
                }
            }
        }
        if args.is_empty() {
            t.t(id)
        } else {
            t.args(id, &args)
        }
    }
}

/// Combinations as `tractor:3` or a list `single, pair, tractor:L` in the reader's words:
/// "tractor of 3 pairs"; a kind with the length L open, by the kind's name.
fn combo_words(t: &Tr, codes: &str) -> String {
    let words: Vec<String> = codes
        .split(", ")
        .map(|code| match code.parse::<crate::rules::Combination>() {
            Ok(crate::rules::Combination::Single) => t.t("pub-combo-single"),
            Ok(crate::rules::Combination::Pair) => t.t("pub-combo-pair"),
            Ok(crate::rules::Combination::Triple) => t.t("pub-combo-triple"),
            Ok(crate::rules::Combination::Tractor(l)) => t.a("pub-combo-tractor", "n", l),
            Ok(crate::rules::Combination::Titanic(l)) => t.a("pub-combo-titanic", "n", l),
            Err(_) => match code.split(':').next() {
                Some(kind @ ("single" | "pair" | "tractor" | "triple" | "titanic")) => {
                    t.t(&format!("entry-combo-{kind}"))
                }
                _ => code.to_owned(),
            },
        })
        .collect();
    t.list(&words)
}

fn s(v: impl ToString) -> FluentValue<'static> {
    // No message quotes more than a short piece of what was sent.
    FluentValue::from(clip(&v.to_string()))
}

/// The Fluent id of a reason and its arguments (texts, except `decks` of
/// `PointsOutOfRange`, a number for the plural).
pub(crate) fn message(why: &Why) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    match why {
        Why::Player(why) => {
            let (id, args) = why.message();
            let clipped = args.into_iter().map(|(name, value)| match value {
                FluentValue::String(text) => (name, s(text)),
                other => (name, other),
            });
            (id, clipped.collect())
        }
        Why::MissingFile => ("problems-missing-file", vec![]),
        Why::NotUtf8 => ("problems-not-utf8", vec![]),
        Why::UnclosedQuote => ("problems-unclosed-quote", vec![]),
        Why::MissingFileFor { needed_by } => (
            "problems-missing-file-for",
            vec![("needed_by", s(needed_by))],
        ),
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
                "date" => "problems-must-be-date",
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
        Why::MoreThanTwoDecimals { key, value } => (
            "problems-two-decimals",
            vec![("key", s(key)), ("value", s(value))],
        ),
        Why::CorrectionMinutes { minutes, max } => (
            "problems-correction-minutes",
            vec![("minutes", s(minutes)), ("max", s(max))],
        ),
        Why::Date { key, value } => ("problems-date", vec![("key", s(key)), ("value", s(value))]),
        Why::EndsBeforeStarts => ("problems-ends-before-starts", vec![]),
        Why::TimeZone { zone } => ("problems-time-zone", vec![("zone", s(zone))]),
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
        Why::NotCanonical {
            column,
            cell,
            canonical,
        } => (
            "problems-not-canonical",
            vec![
                ("column", s(column)),
                ("cell", s(cell)),
                ("canonical", s(canonical)),
            ],
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
        Why::Stage { stage, key, reason } => stage_message(*stage, key, reason),
        Why::RoundInNoStage { round, last } => (
            "problems-round-in-no-stage",
            vec![("round", s(round)), ("last", s(last))],
        ),
        Why::GroupTeamUnknown { stage, team } => (
            "problems-group-team-unknown",
            vec![("stage", s(stage)), ("team", s(team))],
        ),
        Why::TeamInNoGroup { stage, team } => (
            "problems-team-in-no-group",
            vec![("stage", s(stage)), ("team", s(team))],
        ),
        Why::AcrossGroups { round, home, away } => (
            "problems-across-groups",
            vec![("round", s(round)), ("home", s(home)), ("away", s(away))],
        ),
        Why::KnockoutTooEarly { round, ko_round } => match ko_round {
            None => (
                "problems-knockout-before-qualifying",
                vec![("round", s(round))],
            ),
            Some(k) => (
                "problems-knockout-before-decided",
                vec![("round", s(round)), ("ko", s(k))],
            ),
        },
        Why::NotTheTie {
            round,
            table,
            home,
            away,
        } => tie_message("problems-not-the-tie", *round, *table, *home, *away),
        Why::ExchangeStale {
            stage,
            exchange,
            ko_round,
            fault,
        } => {
            use crate::rules::bracket::ExchangeFault;
            let mut args = vec![
                ("stage", s(stage)),
                ("exchange", s(exchange)),
                ("ko", s(ko_round)),
            ];
            let id = match fault {
                ExchangeFault::NotInRound { team, .. } => {
                    args.push(("team", s(team)));
                    "problems-exchange-not-in-round"
                }
                ExchangeFault::SameTie { .. } => "problems-exchange-same-tie",
                ExchangeFault::PlayOff { team, .. } => {
                    args.push(("team", s(team)));
                    "problems-exchange-play-off"
                }
            };
            (id, args)
        }
        Why::NoSuchTie { round, table } => (
            "problems-no-such-tie",
            vec![("round", s(round)), ("table", s(table))],
        ),
        Why::TieMissing {
            round,
            table,
            home,
            away,
        } => tie_message("problems-tie-missing", *round, *table, *home, *away),
        Why::Table(fault) => fault_message(fault),
        Why::BadCard { column, card } => (
            "problems-bad-card",
            vec![("column", s(column)), ("card", s(card))],
        ),
        Why::Deal(error) => match error {
            DealError::HandSize { seat, got, want } => (
                "problems-deal-hand-size",
                vec![
                    ("column", s(hand_column(*seat))),
                    ("got", s(got)),
                    ("want", s(want)),
                ],
            ),
            DealError::BottomSize { got, want } => (
                "problems-deal-bottom-size",
                vec![("got", s(got)), ("want", s(want))],
            ),
            DealError::CardCount { card, got, want } => (
                "problems-deal-card-count",
                vec![("card", s(card)), ("got", s(got)), ("want", s(want))],
            ),
        },
        Why::Seed(error) => match error {
            SeedError::Empty => ("problems-seed-empty", vec![]),
            SeedError::TooLong { max } => ("problems-seed-too-long", vec![("max", s(max))]),
            SeedError::ControlCharacter => ("problems-seed-control", vec![]),
        },
        Why::Commitment => ("problems-commitment", vec![]),
        Why::DealSeedEntry { entry, fault } => {
            let (key, mut args) = deal_seed_fault(fault);
            args.push(("entry", s(entry)));
            (key, args)
        }
        Why::SeedRefused(refusal) => match refusal {
            SeedRefusal::AlreadyRevealed => ("problems-seed-already-revealed", vec![]),
            SeedRefusal::NothingToReveal => ("problems-seed-nothing", vec![]),
            SeedRefusal::DoesNotMatch => ("problems-seed-does-not-match", vec![]),
            SeedRefusal::SeedWithoutCommitment => ("problems-seed-without-commitment", vec![]),
            SeedRefusal::Unreleased { round, board } => (
                "problems-seed-unreleased",
                vec![("round", s(round)), ("board", s(board))],
            ),
            SeedRefusal::NoSeed => ("problems-seed-none-to-deal", vec![]),
            SeedRefusal::RevealedDealsNothing => ("problems-seed-revealed-deals-nothing", vec![]),
            SeedRefusal::NotDrawn => ("problems-seed-not-drawn", vec![]),
            SeedRefusal::CardsFixed { round } => {
                ("problems-deal-cards-fixed", vec![("round", s(round))])
            }
            SeedRefusal::EveryRoundFixed => ("problems-deal-every-round-fixed", vec![]),
            SeedRefusal::NoSuchCommitment => ("problems-seed-no-such-commitment", vec![]),
        },
    }
}

/// The key and arguments of a `[[deal_seeds]]` entry's fault (the entry's number added by
/// the caller).
fn deal_seed_fault(
    fault: &super::DealSeedFault,
) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    use super::DealSeedFault as F;
    match fault {
        F::Shape => ("problems-deal-seeds-shape", vec![]),
        F::BothForms => ("problems-deal-seeds-both", vec![]),
        F::NoCommitment => ("problems-deal-seeds-commitment", vec![]),
        F::Published => ("problems-deal-seeds-published", vec![]),
        F::Rounds => ("problems-deal-seeds-rounds", vec![]),
        F::NoSuchRound { round } => ("problems-deal-seeds-no-round", vec![("round", s(round))]),
        F::RoundTwice { round } => ("problems-deal-seeds-round-twice", vec![("round", s(round))]),
        F::DealsOther { round, board } => (
            "problems-deal-seeds-deals-other",
            vec![("round", s(round)), ("board", s(board))],
        ),
    }
}

/// The `deals.csv` column of a seat's hand.
pub(crate) fn hand_column(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "north",
        Seat::East => "east",
        Seat::South => "south",
        Seat::West => "west",
    }
}

/// The Fluent id and arguments of what the rules refuse in a table result.
fn fault_message(fault: &Fault) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    match fault {
        Fault::NotMultipleOf5 { what, value } => (
            "problems-not-multiple-of-5",
            vec![("what", s(what.code())), ("value", s(value))],
        ),
        Fault::PointsOutOfRange {
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
        Fault::PointsExceed {
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
        Fault::ComboNotAllowed {
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
        Fault::ComboMissing => ("problems-combo-missing", vec![]),
        Fault::ComboWithDeclarerLastTrick => ("problems-combo-with-declarer", vec![]),
        Fault::ComboWithoutLastTrick { combo } => (
            "problems-combo-without-last-trick",
            vec![("combo", s(combo))],
        ),
        Fault::LastTrickMissing { bottom } => {
            ("problems-last-trick-missing", vec![("bottom", s(bottom))])
        }
        Fault::ComboTooLong { combo, max, decks } => (
            "problems-combo-too-long",
            vec![("combo", s(combo)), ("max", s(max)), ("decks", s(decks))],
        ),
        Fault::RulingOutOfRange { value, min, max } => (
            "problems-ruling-range",
            vec![("value", s(value)), ("min", s(min)), ("max", s(max))],
        ),
        Fault::Penalty { value, max } => (
            "problems-penalty",
            vec![("value", s(value)), ("max", s(max))],
        ),
        Fault::DefenderTotal { value } => ("problems-defender-total", vec![("value", s(value))]),
        Fault::NoResult => ("problems-no-result", vec![]),
    }
}

/// A tie's message: `id` with a bye `id-bye`.
fn tie_message(
    id: &'static str,
    round: i32,
    table: i32,
    home: crate::rules::TeamNo,
    away: Option<crate::rules::TeamNo>,
) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    let mut args = vec![("round", s(round)), ("table", s(table)), ("home", s(home))];
    let id = match away {
        Some(a) => {
            args.push(("away", s(a)));
            id
        }
        None if id == "problems-not-the-tie" => "problems-not-the-tie-bye",
        None => "problems-tie-missing-bye",
    };
    (id, args)
}

/// A problem of one `[[stages]]` entry: every message starts with the stage's number.
fn stage_message(
    stage: usize,
    key: &str,
    reason: &StageReason,
) -> (&'static str, Vec<(&'static str, FluentValue<'static>)>) {
    let mut args = vec![("stage", s(stage)), ("key", s(key))];
    let id = match reason {
        StageReason::Required => "problems-stage-required",
        StageReason::TooLong { max } => {
            args.push(("max", s(max)));
            "problems-stage-too-long"
        }
        StageReason::RoundsOrder { first, last } => {
            args.push(("first", s(first)));
            args.push(("last", s(last)));
            "problems-stage-rounds-order"
        }
        StageReason::NotConsecutive { expected, got } => {
            args.push(("expected", s(expected)));
            args.push(("got", s(got)));
            "problems-stage-not-consecutive"
        }
        StageReason::NotOneOf(e) => {
            args.push(("got", s(&e.got)));
            "problems-stage-format"
        }
        StageReason::OnlyFor { format } => {
            args.push(("format", s(format)));
            "problems-stage-only-for"
        }
        StageReason::KnockoutFirst => "problems-stage-knockout-first",
        StageReason::KnockoutNotLast => "problems-stage-knockout-not-last",
        StageReason::KnockoutSize { got } => {
            args.push(("got", s(got)));
            "problems-stage-knockout-size"
        }
        StageReason::FewerPlacesThanGroups { teams, groups } => {
            args.push(("teams", s(teams)));
            args.push(("groups", s(groups)));
            "problems-stage-fewer-places"
        }
        StageReason::ThirdPlaceNeedsSemiFinals => "problems-stage-third-place",
        StageReason::SegmentAtLeastOne => "problems-stage-segment",
        StageReason::SegmentsCount {
            expected,
            got,
            teams,
        } => {
            args.push(("expected", s(expected)));
            args.push(("got", s(got)));
            args.push(("teams", s(teams)));
            "problems-stage-segments-count"
        }
        StageReason::SegmentsSum { sum, rounds } => {
            args.push(("sum", s(sum)));
            args.push(("rounds", s(rounds)));
            "problems-stage-segments-sum"
        }
        StageReason::CarryOver { value, max } => {
            args.push(("value", s(value)));
            args.push(("max", s(max)));
            "problems-stage-carry-over"
        }
        StageReason::GroupCount { got, max } => {
            args.push(("got", s(got)));
            args.push(("max", s(max)));
            "problems-stage-group-count"
        }
        StageReason::GroupTooSmall { group } => {
            args.push(("group", s(group)));
            "problems-stage-group-small"
        }
        StageReason::TeamInTwoGroups { team } => {
            args.push(("team", s(team)));
            "problems-stage-team-two-groups"
        }
        StageReason::BadTeam { got } => {
            args.push(("got", s(got)));
            "problems-stage-bad-team"
        }
        StageReason::Exchange { exchange, why } => {
            use crate::rules::stages::ExchangeWhy;
            args.push(("exchange", s(exchange)));
            match why {
                ExchangeWhy::Round { got, rounds } => {
                    args.push(("got", s(got)));
                    args.push(("rounds", s(rounds)));
                    "problems-stage-exchange-round"
                }
                ExchangeWhy::Teams => "problems-stage-exchange-teams",
                ExchangeWhy::Reason { max } => {
                    args.push(("max", s(max)));
                    "problems-stage-exchange-reason"
                }
                ExchangeWhy::Twice { team } => {
                    args.push(("team", s(team)));
                    "problems-stage-exchange-twice"
                }
            }
        }
        StageReason::Shape => match key {
            "stages" => "problems-stage-shape-stages",
            "exchanges" => "problems-stage-shape-exchanges",
            "rounds" => "problems-stage-shape-rounds",
            "segments" => "problems-stage-shape-segments",
            "groups" => "problems-stage-shape-groups",
            "name" | "format" => "problems-stage-shape-text",
            "teams" => "problems-stage-shape-whole",
            "third_place" => "problems-stage-shape-boolean",
            _ => "problems-stage-shape-number",
        },
    };
    (id, args)
}

#[cfg(test)]
mod tests;
