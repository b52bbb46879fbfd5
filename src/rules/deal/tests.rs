use super::card::{CARDS_PER_DECK, hand_size};
use super::dealing::{BoardStream, canonical_pack, shuffle};
use super::seed::{MAX_SEED_BYTES, MAX_SEED_TEXT_BYTES};
use super::*;
use crate::rules::cards::{Decks, Level, Seat, Trump};
use proptest::prelude::*;
use sha2::{Digest, Sha256};

fn seed(text: &str) -> Seed {
    Seed::parse(text).unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

const DECKS: [Decks; 3] = [Decks::One, Decks::Two, Decks::Three];

#[test]
fn every_card_of_a_deck_reads_back_as_it_is_written() {
    let names: Vec<String> = (0..CARDS_PER_DECK)
        .map(|i| Card::from_index(i).to_string())
        .collect();
    assert_eq!(names[0], "S2");
    assert_eq!(names[8], "S10");
    assert_eq!(names[9], "SJ");
    assert_eq!(names[12], "SA");
    assert_eq!(names[13], "H2");
    assert_eq!(names[26], "D2");
    assert_eq!(names[51], "CA");
    assert_eq!(names[52], "LJ");
    assert_eq!(names[53], "BJ");
    for (i, name) in names.iter().enumerate() {
        let card: Card = name.parse().unwrap();
        assert_eq!(card.index(), i, "{name}");
        assert_eq!(card.to_string(), *name);
    }
}

#[test]
fn cards_that_are_not_in_the_notation_are_refused() {
    for bad in [
        "S1", "s2", "S11", "SJX", "T", "10", "X5", "lj", "Bj", "H", "S 2",
    ] {
        let e = bad.parse::<Card>().unwrap_err();
        assert_eq!(e.what, "card", "{bad}");
        assert_eq!(e.got, bad);
    }
    let e = parse_cards("S2 H3 Z9").unwrap_err();
    assert_eq!(e.got, "Z9");
}

#[test]
fn hands_read_in_any_order_with_any_spaces_and_write_with_one() {
    let hand = cards("  BJ S10\tH3   LJ ");
    assert_eq!(
        hand,
        vec![
            Card::BigJoker,
            Card::Suited(Suit::Spades, "10".parse().unwrap()),
            Card::Suited(Suit::Hearts, "3".parse().unwrap()),
            Card::LittleJoker,
        ]
    );
    assert_eq!(format_cards(&hand), "BJ S10 H3 LJ");
    assert_eq!(format_cards(&[]), "");
    assert!(parse_cards("").unwrap().is_empty());
}

#[test]
fn card_points_are_fives_tens_and_kings() {
    let total: i32 = canonical_pack(Decks::One).iter().map(|c| c.points()).sum();
    assert_eq!(total, 100);
    for decks in DECKS {
        let total: i32 = canonical_pack(decks).iter().map(|c| c.points()).sum();
        assert_eq!(total, decks.total_points());
    }
    assert_eq!("D5".parse::<Card>().unwrap().points(), 5);
    assert_eq!("CK".parse::<Card>().unwrap().points(), 10);
    assert_eq!("H10".parse::<Card>().unwrap().points(), 10);
    assert_eq!("SQ".parse::<Card>().unwrap().points(), 0);
    assert_eq!(Card::BigJoker.points(), 0);
}

#[test]
fn the_canonical_pack_repeats_one_deck_in_order() {
    let pack = canonical_pack(Decks::Three);
    assert_eq!(pack.len(), 162);
    assert_eq!(pack[0].to_string(), "S2");
    assert_eq!(pack[53], Card::BigJoker);
    assert_eq!(pack[54].to_string(), "S2");
    assert_eq!(pack[161], Card::BigJoker);
}

fn split(decks: Decks) -> ([Vec<Card>; 4], Vec<Card>) {
    let pack = canonical_pack(decks);
    let h = hand_size(decks);
    (
        [0, 1, 2, 3].map(|k| pack[k * h..(k + 1) * h].to_vec()),
        pack[4 * h..].to_vec(),
    )
}

#[test]
fn a_deal_holds_every_card_decks_times_in_hands_of_its_size() {
    for decks in DECKS {
        let (hands, bottom) = split(decks);
        let deal = Deal::new(decks, hands, bottom).unwrap();
        assert_eq!(deal.hand(Seat::West).len(), hand_size(decks));
        assert_eq!(deal.bottom().len(), decks.bottom_cards() as usize);
    }
    assert_eq!(
        [12, 25, 39],
        DECKS.map(hand_size),
        "hand sizes of 1, 2 and 3 decks"
    );
}

#[test]
fn a_hand_or_bottom_of_the_wrong_size_is_refused() {
    let (mut hands, bottom) = split(Decks::Two);
    let moved = hands[1].pop().unwrap();
    hands[0].push(moved);
    assert_eq!(
        Deal::new(Decks::Two, hands, bottom.clone()).unwrap_err(),
        DealError::HandSize {
            seat: Seat::North,
            got: 26,
            want: 25
        }
    );
    let (hands, mut bottom) = split(Decks::One);
    bottom.pop();
    assert_eq!(
        Deal::new(Decks::One, hands, bottom).unwrap_err(),
        DealError::BottomSize { got: 5, want: 6 }
    );
}

#[test]
fn a_card_too_often_or_missing_is_refused_with_the_card() {
    let (mut hands, bottom) = split(Decks::One);
    // North's S2 becomes a second BJ: S2 is missing, and BJ is there twice.
    hands[0][0] = Card::BigJoker;
    let e = Deal::new(Decks::One, hands, bottom).unwrap_err();
    assert_eq!(
        e,
        DealError::CardCount {
            card: "S2".parse().unwrap(),
            got: 0,
            want: 1
        }
    );
    assert_eq!(e.to_string(), "S2 appears 0 times, not 1");
}

#[test]
fn the_commitment_is_the_hex_sha256_of_the_seed() {
    // FIPS 180-2's example: SHA-256("abc").
    assert_eq!(
        seed("abc").commitment().as_str(),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let c = Commitment::parse("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        .unwrap();
    assert!(c.verifies(&seed("abc")));
    assert!(!c.verifies(&seed("abd")));
    assert!(!c.verifies(&seed("abc ")));
    for bad in [
        "",
        "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
        "ba7816bf",
        "ga7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    ] {
        assert_eq!(Commitment::parse(bad), Err(CommitmentError), "{bad}");
    }
}

#[test]
fn seeds_are_non_empty_short_lines() {
    assert_eq!(Seed::parse(""), Err(SeedError::Empty));
    assert_eq!(
        Seed::parse(&"x".repeat(MAX_SEED_BYTES + 1)),
        Err(SeedError::TooLong {
            max: MAX_SEED_BYTES
        })
    );
    assert!(Seed::parse(&"x".repeat(MAX_SEED_BYTES)).is_ok());
    assert_eq!(Seed::parse("a\nb"), Err(SeedError::ControlCharacter));
    assert_eq!(Seed::parse("春季 2026 ").unwrap().as_str(), "春季 2026 ");
    let random = Seed::drawn([0xab; 16], None);
    assert_eq!(random.as_str(), "ab".repeat(16));
    assert!(random.is_drawn());
}

#[test]
fn a_typed_seed_is_only_the_text_after_fushis_random_part() {
    let text = |t: &str| SeedText::parse(t).unwrap();
    assert_eq!(SeedText::parse(""), Err(SeedError::Empty));
    assert_eq!(
        SeedText::parse(&"x".repeat(MAX_SEED_TEXT_BYTES + 1)),
        Err(SeedError::TooLong {
            max: MAX_SEED_TEXT_BYTES
        })
    );
    assert_eq!(SeedText::parse("a\tb"), Err(SeedError::ControlCharacter));
    let typed = Seed::drawn([0x01; 16], Some(&text("739104")));
    assert_eq!(typed.as_str(), format!("{}:739104", "01".repeat(16)));
    assert!(typed.is_drawn());
    assert_ne!(typed.commitment(), seed("739104").commitment());
    // A typed value shaped like fushi's own is text too: it gets a random part of its own.
    let lookalike = format!("{}:x", "0".repeat(32));
    let again = Seed::drawn([0x02; 16], Some(&text(&lookalike)));
    assert_eq!(again.as_str(), format!("{}:{lookalike}", "02".repeat(16)));
    let longest = Seed::drawn([0; 16], Some(&text(&"x".repeat(MAX_SEED_TEXT_BYTES))));
    assert_eq!(Seed::parse(longest.as_str()), Ok(longest.clone()));
    assert!(longest.is_drawn());
    for not_drawn in [
        "739104",
        "0123456789abcdef0123456789abcdeF",
        &format!("{}:", "a".repeat(32)),
        &format!("{}x", "a".repeat(32)),
    ] {
        assert!(!seed(not_drawn).is_drawn(), "{not_drawn}");
    }
}

#[test]
fn the_board_stream_is_sha256_of_key_and_a_big_endian_counter() {
    let mut stream = BoardStream::new("s", 1, 2);
    let key: [u8; 32] = Sha256::digest(b"s/1/2").into();
    let block = |n: u32| {
        let mut bytes = key.to_vec();
        bytes.extend(n.to_be_bytes());
        Sha256::digest(&bytes)
    };
    let mut expected = block(0).to_vec();
    expected.extend(block(1));
    let got: Vec<u8> = (0..64).map(|_| stream.next_byte()).collect();
    assert_eq!(got, expected);
    let mut stream = BoardStream::new("s", 1, 2);
    assert_eq!(
        stream.next_u32(),
        u32::from_be_bytes(expected[..4].try_into().unwrap())
    );
}

#[test]
fn the_shuffle_discards_values_at_or_above_the_last_whole_multiple() {
    // Three items: i = 2 draws j from 3 values, i = 1 from 2. 2³² mod 3 = 1, so only
    // u32::MAX is discarded for i = 2; 2³² is even, so nothing is discarded for i = 1.
    let limit3 = ((1u64 << 32) / 3 * 3) as u32;
    assert_eq!(limit3, u32::MAX);
    let mut draws = vec![u32::MAX, limit3 - 1, u32::MAX].into_iter();
    let mut pack = ['a', 'b', 'c'];
    shuffle(&mut pack, || draws.next().unwrap());
    // i = 2: u32::MAX is discarded, then 4294967294 mod 3 = 2: no swap.
    // i = 1: u32::MAX mod 2 = 1: no swap.
    assert_eq!(pack, ['a', 'b', 'c']);
    assert!(draws.next().is_none(), "every draw used");

    let mut draws = vec![3, 0].into_iter();
    let mut pack = ['a', 'b', 'c'];
    shuffle(&mut pack, || draws.next().unwrap());
    // i = 2: 3 mod 3 = 0 swaps c and a (c b a); i = 1: 0 mod 2 = 0 swaps b and c.
    assert_eq!(pack, ['b', 'c', 'a']);
}

#[test]
fn dealing_again_gives_the_same_board() {
    let s = seed("Spring Duplicate 2026");
    for decks in DECKS {
        assert_eq!(deal_board(&s, decks, 3, 7), deal_board(&s, decks, 3, 7));
        assert_ne!(deal_board(&s, decks, 3, 7), deal_board(&s, decks, 7, 3));
    }
}

#[test]
fn a_hand_sorts_trumps_first_then_the_other_suits_high_to_low() {
    let level: Level = "2".parse().unwrap();
    let hand = cards("S3 H2 LJ SA D2 HK S2 BJ C5 H2 CA D9");
    let sorted = SortedHand::new(&hand, level, Some(Trump::Spades));
    assert_eq!(format_cards(&sorted.trumps), "BJ LJ S2 H2 H2 D2 SA S3");
    let suits: Vec<(Suit, String)> = sorted
        .suits
        .iter()
        .map(|(s, c)| (*s, format_cards(c)))
        .collect();
    assert_eq!(
        suits,
        vec![
            (Suit::Hearts, "HK".to_owned()),
            (Suit::Diamonds, "D9".to_owned()),
            (Suit::Clubs, "CA C5".to_owned()),
        ]
    );
    // No-trump: jokers and level cards only; all four suits follow.
    let sorted = SortedHand::new(&hand, level, Some(Trump::NoTrump));
    assert_eq!(format_cards(&sorted.trumps), "BJ LJ S2 H2 H2 D2");
    assert_eq!(sorted.suits.len(), 4);
    assert_eq!(format_cards(&sorted.suits[0].1), "SA S3");
    assert_eq!(sorted, SortedHand::new(&hand, level, None));
}

#[test]
fn statistics_count_jokers_and_level_cards_per_seat_and_bottom_points() {
    let (hands, bottom) = split(Decks::One);
    // The pack in order: North S2…SK, East SA H2…HQ, South HK HA D2…DJ, West DQ DK DA
    // C2…C10, the bottom CJ CQ CK CA LJ BJ.
    let deal = Deal::new(Decks::One, hands, bottom).unwrap();
    assert_eq!(format_cards(deal.bottom()), "CJ CQ CK CA LJ BJ");
    let level: Level = "A".parse().unwrap();
    let stats = DealStats::of([(&deal, level), (&deal, level)]);
    assert_eq!(stats.boards, 2);
    assert_eq!(stats.jokers, [0, 0, 0, 0]);
    // SA is East's, HA South's, DA West's, CA in the bottom.
    assert_eq!(stats.level_cards, [0, 2, 2, 2]);
    assert_eq!(stats.bottom_points, vec![10, 10]);
    assert_eq!(stats.mean_bottom_tenths(), Some(100));
    assert_eq!(DealStats::default().mean_bottom_tenths(), None);
}

#[test]
fn a_published_seed_must_match_its_commitment() {
    let a = seed("alpha");
    assert_eq!(DealSeed::from_published(None, None), Ok(None));
    assert_eq!(
        DealSeed::from_published(Some(a.commitment()), None),
        Ok(Some(DealSeed::Committed(a.commitment())))
    );
    assert_eq!(
        DealSeed::from_published(Some(a.commitment()), Some(a.clone())),
        Ok(Some(DealSeed::Revealed(a.clone())))
    );
    assert_eq!(
        DealSeed::from_published(Some(a.commitment()), Some(seed("beta"))),
        Err(SeedRefusal::DoesNotMatch)
    );
    assert_eq!(
        DealSeed::from_published(None, Some(a)),
        Err(SeedRefusal::SeedWithoutCommitment)
    );
}

#[test]
fn the_public_sees_released_boards_and_no_secret_seed() {
    let s = seed("alpha");
    let board = |round, board| BoardDeal {
        round,
        board,
        deal: deal_board(&s, Decks::One, round as u32, board as u32),
    };
    let first = Seed::drawn([1; 16], None);
    let deals = Deals {
        seeds: vec![
            SeedRecord::new(DealSeed::Revealed(first.clone()), None),
            SeedRecord::new(DealSeed::Secret(s.clone()), None),
        ],
        boards: vec![board(1, 1), board(1, 2), board(2, 1)],
    };
    let public = deals.public(|r, b| (r, b) == (1, 2));
    let states: Vec<DealSeed> = public.seeds.iter().map(|r| r.state.clone()).collect();
    assert_eq!(
        states,
        vec![
            DealSeed::Revealed(first),
            DealSeed::Committed(s.commitment())
        ]
    );
    assert_eq!(public.boards, vec![board(1, 2)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_dealt_board_is_a_deal(text in "[ -~]{1,40}", round in 1u32..999, board in 1u32..64, d in 0usize..3) {
        let decks = DECKS[d];
        let deal = deal_board(&seed(&text), decks, round, board);
        let hands = Seat::ALL.map(|s| deal.hand(s).to_vec());
        prop_assert_eq!(Deal::new(decks, hands, deal.bottom().to_vec()), Ok(deal.clone()));
        // What the deal writes, it reads back.
        let again = Seat::ALL.map(|s| parse_cards(&format_cards(deal.hand(s))).unwrap());
        prop_assert_eq!(Deal::new(decks, again, deal.bottom().to_vec()), Ok(deal));
    }

    #[test]
    fn different_boards_differ(text in "[ -~]{1,40}", round in 1u32..999, a in 1u32..64, b in 1u32..64) {
        prop_assume!(a != b);
        let s = seed(&text);
        prop_assert_ne!(deal_board(&s, Decks::Two, round, a), deal_board(&s, Decks::Two, round, b));
        prop_assert_ne!(deal_board(&s, Decks::Two, a, round), deal_board(&s, Decks::Two, b, round));
    }

    #[test]
    fn the_commitment_verifies_its_seed_only(a in "[ -~]{1,40}", b in "[ -~]{1,40}") {
        let commitment = seed(&a).commitment();
        prop_assert_eq!(Commitment::parse(commitment.as_str()), Ok(commitment.clone()));
        prop_assert!(commitment.verifies(&seed(&a)));
        prop_assert_eq!(commitment.verifies(&seed(&b)), a == b);
    }
}

#[test]
fn a_board_dealt_from_abc_is_the_one_the_reference_deals() {
    // tests/reference/deal.py abc 1 1 1 (the integration test compares many more).
    let deal = deal_board(&seed("abc"), Decks::One, 1, 1);
    assert_eq!(
        format_cards(deal.hand(Seat::North)),
        "C10 BJ D10 D7 HA HQ S5 C4 S9 C8 H3 S10"
    );
    assert_eq!(format_cards(deal.bottom()), "H6 H5 S2 S6 SA CJ");
}
