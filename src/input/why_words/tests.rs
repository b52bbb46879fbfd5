//! Every reason has its message in every language, and the English `Display` is the English
//! message.

use super::message;
use crate::archive::Problem;
use crate::i18n::{Lang, Tr};
use crate::input::{DealSeedFault, Wanted, Why};
use crate::rules::deal::{DealError, SeedError, SeedRefusal};
use crate::rules::{BandTableError, Combination, Fault, Points, Room, TeamNo};

/// One of every reason, with figures that exercise each message (both plural forms
/// where there is one).
fn every_reason() -> Vec<Why> {
    let text = |v: &str| v.to_owned();
    let mut all = vec![
        Why::MissingFile,
        Why::NotUtf8,
        Why::UnclosedQuote,
        Why::MissingFileFor {
            needed_by: text("schedule.csv"),
        },
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
        Why::MoreThanTwoDecimals {
            key: text("bye_score"),
            value: text("2.675"),
        },
        Why::CorrectionMinutes {
            minutes: -5,
            max: 1440,
        },
        Why::Date {
            key: text("starts"),
            value: text("5.12.2026"),
        },
        Why::EndsBeforeStarts,
        Why::TimeZone {
            zone: text("Asia/Beijing"),
        },
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
        Why::NotCanonical {
            column: text("round"),
            cell: text("040"),
            canonical: text("40"),
        },
        Why::TeamTwice {
            team: TeamNo(3),
            first: 2,
        },
        Why::TooManyMembers {
            team: TeamNo(3),
            members: 7,
            max: 6,
        },
        Why::BoardTwice {
            round: 1,
            board: 2,
            first: 3,
        },
        Why::RoundWithoutBoards { round: 4 },
        Why::UnknownTeam { team: TeamNo(9) },
        Why::PlaysItself { team: TeamNo(2) },
        Why::TableTwice {
            round: 1,
            table: 2,
            first: 3,
        },
        Why::AlreadyPlays {
            team: TeamNo(1),
            round: 2,
            first: 3,
        },
        Why::NoTable { round: 1, table: 9 },
        Why::ByeNoResults {
            round: 1,
            table: 3,
            team: TeamNo(5),
        },
        Why::NoBoard { round: 1, board: 9 },
        Why::Table(Fault::ComboMissing),
        Why::Table(Fault::ComboWithDeclarerLastTrick),
        Why::Table(Fault::ComboWithoutLastTrick {
            combo: Combination::Pair,
        }),
        Why::ScoreRange {
            key: text("bye_score"),
            value: text("NaN"),
            max: text("10000"),
        },
        Why::Table(Fault::ComboTooLong {
            combo: Combination::Tractor(31),
            max: 12,
            decks: 2,
        }),
        Why::Table(Fault::RulingOutOfRange {
            value: 45,
            min: -4,
            max: 3,
        }),
        Why::Table(Fault::Penalty { value: 7, max: 200 }),
        Why::Table(Fault::DefenderTotal { value: -5 }),
        Why::Table(Fault::NoResult),
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
        team: TeamNo(2),
    });
    all.push(Why::NotAtTable {
        team: TeamNo(3),
        round: 1,
        table: 1,
    });
    all.push(Why::ByeNoLineup {
        round: 1,
        table: 2,
        team: TeamNo(3),
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
            team: TeamNo(3),
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
        all.push(Why::Table(Fault::NotMultipleOf5 { what, value: 83 }));
        for decks in [1, 2, 3] {
            all.push(Why::Table(Fault::PointsOutOfRange {
                what,
                value: 105,
                max: 100 * decks,
                decks,
            }));
        }
    }
    all.push(Why::Table(Fault::PointsExceed {
        trick: 180,
        bottom: 40,
        total: 200,
        decks: 2,
    }));
    all.push(Why::Table(Fault::ComboNotAllowed {
        combo: Combination::Pair,
        decks: 1,
        allowed: "single",
    }));
    all.extend([
        Why::BadCard {
            column: text("north"),
            card: text("S1"),
        },
        Why::Deal(DealError::HandSize {
            seat: crate::rules::Seat::East,
            got: 24,
            want: 25,
        }),
        Why::Deal(DealError::BottomSize { got: 7, want: 8 }),
        Why::Deal(DealError::CardCount {
            card: crate::rules::Card::BigJoker,
            got: 3,
            want: 2,
        }),
        Why::Seed(SeedError::Empty),
        Why::Seed(SeedError::TooLong { max: 200 }),
        Why::Seed(SeedError::ControlCharacter),
        Why::Commitment,
        Why::SeedRefused(SeedRefusal::AlreadyRevealed),
        Why::SeedRefused(SeedRefusal::NothingToReveal),
        Why::SeedRefused(SeedRefusal::DoesNotMatch),
        Why::SeedRefused(SeedRefusal::SeedWithoutCommitment),
        Why::SeedRefused(SeedRefusal::Unreleased { round: 4, board: 4 }),
        Why::SeedRefused(SeedRefusal::NoSeed),
        Why::SeedRefused(SeedRefusal::RevealedDealsNothing),
        Why::SeedRefused(SeedRefusal::NotDrawn),
        Why::SeedRefused(SeedRefusal::CardsFixed { round: 2 }),
        Why::SeedRefused(SeedRefusal::EveryRoundFixed),
        Why::SeedRefused(SeedRefusal::NoSuchCommitment),
    ]);
    all.extend(
        [
            DealSeedFault::Shape,
            DealSeedFault::BothForms,
            DealSeedFault::NoCommitment,
            DealSeedFault::Published,
            DealSeedFault::Rounds,
            DealSeedFault::NoSuchRound { round: 5 },
            DealSeedFault::RoundTwice { round: 2 },
            DealSeedFault::DealsOther { round: 3, board: 1 },
        ]
        .map(|fault| Why::DealSeedEntry { entry: 2, fault }),
    );
    all.extend(stage_reasons());
    all
}

/// One of every reason of `[[stages]]` and of a staged event's schedule.
fn stage_reasons() -> Vec<Why> {
    use crate::rules::stages::StageReason as R;
    let stage = |key: &'static str, reason: R| Why::Stage {
        stage: 2,
        key,
        reason,
    };
    let mut all = vec![
        stage("name", R::Required),
        stage("name", R::TooLong { max: 200 }),
        stage("rounds", R::RoundsOrder { first: 3, last: 2 }),
        stage(
            "rounds",
            R::NotConsecutive {
                expected: 10,
                got: 9,
            },
        ),
        stage(
            "format",
            R::NotOneOf(crate::rules::ParseError {
                what: "format",
                got: "ladder".into(),
                allowed: "round_robin, swiss, manual, groups, knockout",
            }),
        ),
        stage("teams", R::OnlyFor { format: "knockout" }),
        stage("format", R::KnockoutFirst),
        stage("format", R::KnockoutNotLast),
        stage("teams", R::KnockoutSize { got: 6 }),
        stage(
            "teams",
            R::FewerPlacesThanGroups {
                teams: 2,
                groups: 4,
            },
        ),
        stage("third_place", R::ThirdPlaceNeedsSemiFinals),
        stage("segments", R::SegmentAtLeastOne),
        stage(
            "segments",
            R::SegmentsCount {
                expected: 3,
                got: 2,
                teams: 8,
            },
        ),
        stage("segments", R::SegmentsSum { sum: 5, rounds: 6 }),
        stage(
            "carry_over",
            R::CarryOver {
                value: "-1".into(),
                max: 1000,
            },
        ),
        stage("groups", R::GroupCount { got: 0, max: 26 }),
        stage("groups", R::GroupTooSmall { group: 'B' }),
        stage("groups", R::TeamInTwoGroups { team: TeamNo(5) }),
        stage("groups", R::BadTeam { got: -1 }),
        stage("exchanges", R::Shape),
    ];
    {
        use crate::rules::bracket::ExchangeFault as F;
        use crate::rules::stages::ExchangeWhy as X;
        for why in [
            X::Round { got: 4, rounds: 3 },
            X::Teams,
            X::Reason { max: 500 },
            X::Twice { team: TeamNo(3) },
        ] {
            all.push(stage("exchanges", R::Exchange { exchange: 2, why }));
        }
        for fault in [
            F::NotInRound {
                exchange: 0,
                team: TeamNo(4),
            },
            F::SameTie { exchange: 0 },
            F::PlayOff {
                exchange: 0,
                team: TeamNo(4),
            },
        ] {
            all.push(Why::ExchangeStale {
                stage: 2,
                exchange: 1,
                ko_round: 1,
                fault,
            });
        }
    }
    all.extend([
        Why::RoundInNoStage {
            round: 16,
            last: 15,
        },
        Why::GroupTeamUnknown {
            stage: 1,
            team: TeamNo(9),
        },
        Why::TeamInNoGroup {
            stage: 1,
            team: TeamNo(9),
        },
        Why::AcrossGroups {
            round: 2,
            home: TeamNo(1),
            away: TeamNo(2),
        },
        Why::KnockoutTooEarly {
            round: 10,
            ko_round: None,
        },
        Why::KnockoutTooEarly {
            round: 12,
            ko_round: Some(1),
        },
        Why::NoSuchTie {
            round: 10,
            table: 5,
        },
    ]);
    for key in [
        "stages",
        "rounds",
        "segments",
        "groups",
        "name",
        "teams",
        "third_place",
        "carry_over",
    ] {
        all.push(stage(key, R::Shape));
    }
    for away in [Some(TeamNo(8)), None] {
        all.push(Why::NotTheTie {
            round: 10,
            table: 1,
            home: TeamNo(1),
            away,
        });
        all.push(Why::TieMissing {
            round: 10,
            table: 1,
            home: TeamNo(1),
            away,
        });
    }
    all
}

/// Fails to compile when a reason is added, so that `every_reason` gets it too.
#[allow(dead_code)]
fn listed(why: &Why) {
    match why {
        Why::MissingFile
        | Why::NotUtf8
        | Why::UnclosedQuote
        | Why::MissingFileFor { .. }
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
        | Why::MoreThanTwoDecimals { .. }
        | Why::CorrectionMinutes { .. }
        | Why::Date { .. }
        | Why::EndsBeforeStarts
        | Why::TimeZone { .. }
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
        | Why::NotCanonical { .. }
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
        | Why::Stage { .. }
        | Why::RoundInNoStage { .. }
        | Why::GroupTeamUnknown { .. }
        | Why::TeamInNoGroup { .. }
        | Why::AcrossGroups { .. }
        | Why::KnockoutTooEarly { .. }
        | Why::NotTheTie { .. }
        | Why::NoSuchTie { .. }
        | Why::TieMissing { .. }
        | Why::ExchangeStale { .. }
        | Why::LineupPlayers { .. }
        | Why::NotAMember { .. }
        | Why::NotAtTable { .. }
        | Why::ByeNoLineup { .. }
        | Why::LineupTwice { .. }
        | Why::BothRooms { .. }
        | Why::BadCard { .. }
        | Why::Deal(_)
        | Why::DealSeedEntry { .. }
        | Why::Seed(_)
        | Why::Commitment
        | Why::SeedRefused(_)
        | Why::Player(_) => {}
        Why::Table(fault) => match fault {
            Fault::NotMultipleOf5 { .. }
            | Fault::PointsOutOfRange { .. }
            | Fault::PointsExceed { .. }
            | Fault::ComboNotAllowed { .. }
            | Fault::ComboMissing
            | Fault::ComboWithDeclarerLastTrick
            | Fault::ComboWithoutLastTrick { .. }
            | Fault::LastTrickMissing { .. }
            | Fault::ComboTooLong { .. }
            | Fault::RulingOutOfRange { .. }
            | Fault::Penalty { .. }
            | Fault::DefenderTotal { .. }
            | Fault::NoResult => {}
        },
    }
}

/// `Display` (logs, tests) is the English message.
#[test]
fn display_is_the_english_message() {
    let en = Tr::en();
    for why in every_reason() {
        assert_eq!(why.to_string(), why.text(&en), "{why:?}");
    }
    let long = Why::from(Fault::PointsOutOfRange {
        what: Points::Trick,
        value: 105,
        max: 100,
        decks: 1,
    });
    assert_eq!(
        long.to_string(),
        "trick points 105 is out of range 0–100 for 1 deck"
    );
    let combo = Why::from(Fault::ComboNotAllowed {
        combo: Combination::Pair,
        decks: 1,
        allowed: "single",
    });
    assert_eq!(
        combo.to_string(),
        "combination pair is not possible with 1 deck(s); allowed: single"
    );
}

#[test]
fn every_reason_has_a_message_in_every_language() {
    for lang in Lang::all() {
        let t = Tr::new(lang);
        for why in every_reason() {
            let (id, _) = message(&why);
            let text = why.text(&t);
            assert_ne!(text, id, "{why:?} in {lang:?}");
            assert!(!text.contains('{'), "{text}");
        }
    }
    let zh = Tr::new(Lang::ZH_HANS);
    // The place stays `file:line:` in both languages.
    let p = Problem::at("teams.csv", 3, Why::NameEmpty);
    assert_eq!(p.text(&zh), "teams.csv:3: name 不能为空");
    assert_eq!(p.text(&Tr::en()), "teams.csv:3: name must not be empty");
}

#[test]
fn combinations_are_named_in_the_readers_language() {
    let why = Why::Table(Fault::ComboNotAllowed {
        combo: Combination::Pair,
        decks: 1,
        allowed: "single",
    });
    let zh = why.text(&Tr::new(Lang::ZH_HANS));
    assert_eq!(zh, "1 副牌不可能出现 对子；可选：单张");
    let long = Why::Table(Fault::ComboTooLong {
        combo: Combination::Tractor(9),
        max: 8,
        decks: 2,
    });
    let en = long.text(&Tr::en());
    assert!(en.starts_with("tractor of 9 pairs is longer"), "{en}");
    let two = Why::Table(Fault::ComboNotAllowed {
        combo: Combination::Triple,
        decks: 2,
        allowed: "single, pair, tractor:L",
    });
    assert!(
        two.text(&Tr::en())
            .ends_with("allowed: single, pair, tractor"),
        "{}",
        two.text(&Tr::en())
    );
}
