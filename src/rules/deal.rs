//! The cards of a board: card notation, a checked deal (four hands and the bottom), the
//! dealing procedure anyone can repeat from a revealed seed, and the seed's commitment
//! (docs/rules.md §13, docs/deals.md).

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use super::cards::{Decks, Level, ParseError, Seat, Trump, expected};

/// One of the four suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    /// The suits in the order of the canonical pack (§13): S, H, D, C.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn code(self) -> &'static str {
        match self {
            Suit::Spades => "S",
            Suit::Hearts => "H",
            Suit::Diamonds => "D",
            Suit::Clubs => "C",
        }
    }

    /// The suit symbol: a glyph, so it prints the same in black and white.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
            Suit::Clubs => "♣",
        }
    }

    /// The suit a fixed trump names; none for no-trump.
    pub(crate) fn of_trump(trump: Trump) -> Option<Suit> {
        match trump {
            Trump::Spades => Some(Suit::Spades),
            Trump::Hearts => Some(Suit::Hearts),
            Trump::Diamonds => Some(Suit::Diamonds),
            Trump::Clubs => Some(Suit::Clubs),
            Trump::NoTrump => None,
        }
    }
}

/// One card: a suit and a rank, or one of the two jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    Suited(Suit, Level),
    /// 小王, the little joker.
    LittleJoker,
    /// 大王, the big joker.
    BigJoker,
}

/// The different cards of one deck.
pub(crate) const CARDS_PER_DECK: usize = 54;

impl Card {
    /// The card at position `i` (0..54) of one deck in canonical order: S 2…A, H, D, C, LJ, BJ.
    pub(crate) fn from_index(i: usize) -> Card {
        match i {
            52 => Card::LittleJoker,
            53 => Card::BigJoker,
            _ => {
                let suit = Suit::ALL[(i / 13) % 4];
                let level = Level::all().nth(i % 13).expect("13 ranks");
                Card::Suited(suit, level)
            }
        }
    }

    /// The card's position in one deck in canonical order (0..54).
    pub fn index(self) -> usize {
        match self {
            Card::Suited(suit, level) => suit as usize * 13 + usize::from(level.rank() - 2),
            Card::LittleJoker => 52,
            Card::BigJoker => 53,
        }
    }

    /// Card points (§1): every 5 is worth 5, every 10 and K 10.
    pub fn points(self) -> i32 {
        match self {
            Card::Suited(_, level) => match level.rank() {
                5 => 5,
                10 | 13 => 10,
                _ => 0,
            },
            _ => 0,
        }
    }

    pub(crate) fn is_joker(self) -> bool {
        matches!(self, Card::LittleJoker | Card::BigJoker)
    }

    /// A card of the rank being played (a level card, 级牌).
    pub(crate) fn is_level(self, level: Level) -> bool {
        matches!(self, Card::Suited(_, l) if l == level)
    }

    /// The card's text in §13's notation with the suit as a symbol (`♠J`, `LJ`).
    pub(crate) fn symbol_text(self) -> String {
        match self {
            Card::Suited(suit, level) => format!("{}{}", suit.symbol(), level.code()),
            joker => joker.to_string(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited(suit, level) => write!(f, "{}{}", suit.code(), level.code()),
            Card::LittleJoker => f.write_str("LJ"),
            Card::BigJoker => f.write_str("BJ"),
        }
    }
}

const CARD_ALLOWED: &str = "S, H, D or C followed by 2–10, J, Q, K or A; LJ; BJ";

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "LJ" => return Ok(Card::LittleJoker),
            "BJ" => return Ok(Card::BigJoker),
            _ => {}
        }
        let mut chars = s.chars();
        let suit = match chars.next() {
            Some('S') => Suit::Spades,
            Some('H') => Suit::Hearts,
            Some('D') => Suit::Diamonds,
            Some('C') => Suit::Clubs,
            _ => return Err(expected("card", s, CARD_ALLOWED)),
        };
        let level: Level = chars
            .as_str()
            .parse()
            .map_err(|_| expected("card", s, CARD_ALLOWED))?;
        Ok(Card::Suited(suit, level))
    }
}

/// Cards as written in a hand (§13): separated by spaces, in any order.
pub(crate) fn parse_cards(text: &str) -> Result<Vec<Card>, ParseError> {
    text.split_whitespace().map(str::parse).collect()
}

/// Cards written as §13 does: separated by one space, in the order given.
pub fn format_cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 4);
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&card.to_string());
    }
    out
}

/// Cards in one hand: 12, 25 or 39 (§13).
pub(crate) fn hand_size(decks: Decks) -> usize {
    match decks {
        Decks::One => 12,
        Decks::Two => 25,
        Decks::Three => 39,
    }
}

/// Why a set of hands is not a deal of the tournament's deck count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("{seat} holds {got} cards, not {want}")]
    HandSize { seat: Seat, got: usize, want: usize },
    #[error("the bottom holds {got} cards, not {want}")]
    BottomSize { got: usize, want: usize },
    #[error("{card} appears {got} times, not {want}")]
    CardCount { card: Card, got: usize, want: usize },
}

/// A board's cards: the four hands and the bottom, each card of the pack exactly `decks`
/// times. The cards keep the order they were given in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    decks: Decks,
    /// North, East, South, West.
    hands: [Vec<Card>; 4],
    bottom: Vec<Card>,
}

impl Deal {
    /// The deal of these hands (North, East, South, West) and bottom, or the first thing
    /// that makes it no deal of `decks` decks: a hand's size, the bottom's, then the first
    /// card (in canonical order) that appears too often or too rarely.
    pub fn new(decks: Decks, hands: [Vec<Card>; 4], bottom: Vec<Card>) -> Result<Deal, DealError> {
        let want = hand_size(decks);
        for (seat, hand) in Seat::ALL.into_iter().zip(&hands) {
            if hand.len() != want {
                return Err(DealError::HandSize {
                    seat,
                    got: hand.len(),
                    want,
                });
            }
        }
        let want_bottom = decks.bottom_cards() as usize;
        if bottom.len() != want_bottom {
            return Err(DealError::BottomSize {
                got: bottom.len(),
                want: want_bottom,
            });
        }
        let mut counts = [0usize; CARDS_PER_DECK];
        for card in hands.iter().flatten().chain(&bottom) {
            counts[card.index()] += 1;
        }
        let per_card = decks.count() as usize;
        if let Some((i, &got)) = counts.iter().enumerate().find(|(_, c)| **c != per_card) {
            return Err(DealError::CardCount {
                card: Card::from_index(i),
                got,
                want: per_card,
            });
        }
        Ok(Deal {
            decks,
            hands,
            bottom,
        })
    }

    /// The deal that §13's step 4 makes of a shuffled pack.
    fn from_pack(decks: Decks, pack: &[Card]) -> Deal {
        let h = hand_size(decks);
        let hand = |k: usize| pack[k * h..(k + 1) * h].to_vec();
        let hands = [hand(0), hand(1), hand(2), hand(3)];
        Deal::new(decks, hands, pack[4 * h..].to_vec()).expect("a whole pack is a deal")
    }

    pub fn decks(&self) -> Decks {
        self.decks
    }

    /// The hand of one seat, in the order it was given.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat_index(seat)]
    }

    pub fn bottom(&self) -> &[Card] {
        &self.bottom
    }

    /// Card points in the bottom (底分 before any multiplier).
    pub fn bottom_points(&self) -> i32 {
        self.bottom.iter().map(|c| c.points()).sum()
    }
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::North => 0,
        Seat::East => 1,
        Seat::South => 2,
        Seat::West => 3,
    }
}

/// §13 step 1: the pack in canonical order, `decks` times S 2…A, H, D, C, LJ, BJ.
pub(crate) fn canonical_pack(decks: Decks) -> Vec<Card> {
    (0..decks.count() as usize * CARDS_PER_DECK)
        .map(|i| Card::from_index(i % CARDS_PER_DECK))
        .collect()
}

/// §13 step 2: the byte stream of one board, SHA-256(key ‖ counter) for counter 0, 1, …
/// (a 4-byte big-endian integer), read four bytes at a time as big-endian u32s.
struct BoardStream {
    key: [u8; 32],
    counter: u32,
    block: [u8; 32],
    used: usize,
}

impl BoardStream {
    fn new(seed: &str, round: u32, board: u32) -> BoardStream {
        let key: [u8; 32] = Sha256::digest(format!("{seed}/{round}/{board}").as_bytes()).into();
        BoardStream {
            key,
            counter: 0,
            block: [0; 32],
            used: 32,
        }
    }

    fn next_byte(&mut self) -> u8 {
        if self.used == self.block.len() {
            let mut hasher = Sha256::new();
            hasher.update(self.key);
            hasher.update(self.counter.to_be_bytes());
            self.block = hasher.finalize().into();
            self.counter += 1;
            self.used = 0;
        }
        self.used += 1;
        self.block[self.used - 1]
    }

    fn next_u32(&mut self) -> u32 {
        u32::from_be_bytes([
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
        ])
    }
}

/// §13 steps 1–4: the deal of round `round`, board `board` from `seed`.
pub fn deal_board(seed: &Seed, decks: Decks, round: u32, board: u32) -> Deal {
    let mut pack = canonical_pack(decks);
    let mut stream = BoardStream::new(seed.as_str(), round, board);
    shuffle(&mut pack, || stream.next_u32());
    Deal::from_pack(decks, &pack)
}

/// §13 step 3: Fisher–Yates from the end, each j drawn from `next` by rejection sampling.
fn shuffle<T>(pack: &mut [T], mut next: impl FnMut() -> u32) {
    for i in (1..pack.len()).rev() {
        let bound = i as u64 + 1;
        // Values at or above the largest multiple of i+1 up to 2³² are discarded, so every
        // j is equally likely.
        let limit = (1u64 << 32) / bound * bound;
        let u = loop {
            let u = u64::from(next());
            if u < limit {
                break u;
            }
        };
        pack.swap(i, (u % bound) as usize);
    }
}

/// The most bytes of the text a director adds to fushi's random part (§13).
pub(crate) const MAX_SEED_TEXT_BYTES: usize = 200;

/// The hex digits of fushi's random part of a seed: 128 bits.
pub(crate) const SEED_RANDOM_HEX: usize = 32;

/// The most bytes a seed may have: the random part, a colon and the text.
pub(crate) const MAX_SEED_BYTES: usize = SEED_RANDOM_HEX + 1 + MAX_SEED_TEXT_BYTES;

/// Why a text is no seed (or no seed text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    #[error("the seed is empty")]
    Empty,
    #[error("the seed is longer than {max} bytes")]
    TooLong { max: usize },
    #[error("the seed holds a control character (a tab, a line break…)")]
    ControlCharacter,
}

/// What a director types for a seed (on the deals page, or `fushi deal --seed`): only the
/// ceremony text after the colon, 1–200 bytes without a control character (Unicode
/// category Cc). Whatever it looks like, it is text: fushi puts its own 128 random bits
/// before it ([`Seed::drawn`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedText(String);

impl SeedText {
    pub fn parse(text: &str) -> Result<SeedText, SeedError> {
        check_seed_text(text, MAX_SEED_TEXT_BYTES)?;
        Ok(SeedText(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn check_seed_text(text: &str, max: usize) -> Result<(), SeedError> {
    if text.is_empty() {
        return Err(SeedError::Empty);
    }
    if text.len() > max {
        return Err(SeedError::TooLong { max });
    }
    if text.chars().any(char::is_control) {
        return Err(SeedError::ControlCharacter);
    }
    Ok(())
}

/// A seed every board can be dealt from (§13). fushi deals only from a seed it drew
/// itself ([`Seed::drawn`]: 32 lowercase hex digits of the operating system's random
/// source, then `:` and the director's text, if any); [`Seed::parse`] reads any seed of at
/// most [`MAX_SEED_BYTES`] bytes without control characters, for a revealed seed of an
/// archive (history, which deals nothing new) and for the reveal of a commitment made
/// elsewhere. Spaces count: the seed is used byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed(String);

impl Seed {
    pub fn parse(text: &str) -> Result<Seed, SeedError> {
        check_seed_text(text, MAX_SEED_BYTES)?;
        Ok(Seed(text.to_owned()))
    }

    /// The seed of 128 random bits `random` (the caller's 16 bytes from the operating
    /// system's random source), in lowercase hex, followed by `:` and `text` when given.
    pub fn drawn(random: [u8; 16], text: Option<&SeedText>) -> Seed {
        match text {
            None => Seed(hex::encode(random)),
            Some(text) => Seed(format!("{}:{}", hex::encode(random), text.as_str())),
        }
    }

    /// Whether the seed has the form of one fushi drew: `{32 hex}` or `{32 hex}:{text}`
    /// with 1–200 bytes of text. Only such a seed deals.
    pub fn is_drawn(&self) -> bool {
        let hex_digit = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
        let bytes = self.0.as_bytes();
        if bytes.len() < SEED_RANDOM_HEX || !bytes[..SEED_RANDOM_HEX].iter().all(hex_digit) {
            return false;
        }
        match self.0.get(SEED_RANDOM_HEX..) {
            Some("") => true,
            Some(rest) => rest
                .strip_prefix(':')
                .is_some_and(|text| check_seed_text(text, MAX_SEED_TEXT_BYTES).is_ok()),
            None => false,
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The seed's commitment: the lowercase hex SHA-256 of its UTF-8 bytes (§13).
    pub fn commitment(&self) -> Commitment {
        Commitment(hex::encode(Sha256::digest(self.0.as_bytes())))
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A published commitment to a seed: 64 lowercase hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commitment(String);

/// Why a text is no commitment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a commitment is 64 lowercase hex digits (a SHA-256)")]
pub struct CommitmentError;

impl Commitment {
    pub fn parse(text: &str) -> Result<Commitment, CommitmentError> {
        let hex_digit = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if text.len() == 64 && text.chars().all(hex_digit) {
            Ok(Commitment(text.to_owned()))
        } else {
            Err(CommitmentError)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `seed` is the seed this commits to.
    pub(crate) fn verifies(&self, seed: &Seed) -> bool {
        seed.commitment() == *self
    }
}

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where one of a tournament's seeds stands: a commitment published for a seed fushi does
/// not hold (deals made elsewhere, or an archive's unrevealed seed); a secret seed fushi
/// holds, its commitment published; or the seed revealed, so anyone can deal its boards
/// again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSeed {
    Committed(Commitment),
    Secret(Seed),
    Revealed(Seed),
}

/// Why a change of the seeds or of the cards is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedRefusal {
    #[error("the seed is revealed already")]
    AlreadyRevealed,
    #[error("there is no seed to reveal")]
    NothingToReveal,
    #[error("the seed does not match the published commitment")]
    DoesNotMatch,
    #[error("deal_seed is given without deal_commitment")]
    SeedWithoutCommitment,
    #[error("round {round} board {board}, dealt from this seed, is not released yet")]
    Unreleased { round: i32, board: i32 },
    #[error("fushi holds no seed to deal from")]
    NoSeed,
    #[error("the seed is revealed: a revealed seed deals nothing")]
    RevealedDealsNothing,
    #[error("the seed was not drawn by fushi (no 128 random bits)")]
    NotDrawn,
    #[error("round {round} has had a result: its cards are fixed")]
    CardsFixed { round: i32 },
    #[error("every round has had a result: every round's cards are fixed")]
    EveryRoundFixed,
    #[error("there is no such commitment")]
    NoSuchCommitment,
}

impl DealSeed {
    /// The state that the old pair of `tournament.toml`, `deal_commitment` and
    /// `deal_seed`, describes: a seed there is a revealed one and must match the commitment.
    pub(crate) fn from_published(
        commitment: Option<Commitment>,
        seed: Option<Seed>,
    ) -> Result<Option<DealSeed>, SeedRefusal> {
        match (commitment, seed) {
            (None, None) => Ok(None),
            (Some(c), None) => Ok(Some(DealSeed::Committed(c))),
            (None, Some(_)) => Err(SeedRefusal::SeedWithoutCommitment),
            (Some(c), Some(seed)) if c.verifies(&seed) => Ok(Some(DealSeed::Revealed(seed))),
            (Some(_), Some(_)) => Err(SeedRefusal::DoesNotMatch),
        }
    }

    /// The published commitment.
    pub fn commitment(&self) -> Commitment {
        match self {
            DealSeed::Committed(c) => c.clone(),
            DealSeed::Secret(seed) | DealSeed::Revealed(seed) => seed.commitment(),
        }
    }

    /// The seed fushi holds (secret or revealed).
    pub fn held(&self) -> Option<&Seed> {
        match self {
            DealSeed::Secret(seed) | DealSeed::Revealed(seed) => Some(seed),
            DealSeed::Committed(_) => None,
        }
    }

    /// The seed everyone may see.
    pub fn revealed(&self) -> Option<&Seed> {
        match self {
            DealSeed::Revealed(seed) => Some(seed),
            _ => None,
        }
    }

    /// The state the public may see: a secret seed is its commitment.
    pub fn public(&self) -> DealSeed {
        match self {
            DealSeed::Secret(seed) => DealSeed::Committed(seed.commitment()),
            other => other.clone(),
        }
    }
}

/// One board's deal within a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDeal {
    pub round: i32,
    pub board: i32,
    pub deal: Deal,
}

/// A tournament's deals: every seed ever set, in the order set, and the deal of each board
/// that has one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deals {
    /// Every commitment ever set, the last the current one (§13: a new seed never
    /// replaces one).
    pub seeds: Vec<SeedRecord>,
    /// By round, then board.
    pub boards: Vec<BoardDeal>,
}

impl Deals {
    /// The deal of one board, if it has one.
    pub fn of(&self, round: i32, board: i32) -> Option<&Deal> {
        self.boards
            .iter()
            .find(|d| d.round == round && d.board == board)
            .map(|d| &d.deal)
    }

    /// The seed set last, the one a new round is dealt from.
    pub fn current(&self) -> Option<&SeedRecord> {
        self.seeds.last()
    }

    /// What the public may see: the deals of the boards `released` says are public, and
    /// every commitment, each seed only once revealed.
    pub fn public(&self, released: impl Fn(i32, i32) -> bool) -> Deals {
        Deals {
            seeds: self
                .seeds
                .iter()
                .map(|s| SeedRecord {
                    state: s.state.public(),
                    ..s.clone()
                })
                .collect(),
            boards: self
                .boards
                .iter()
                .filter(|d| released(d.round, d.board))
                .cloned()
                .collect(),
        }
    }

    /// Puts the deals in archive order.
    pub fn sort(&mut self) {
        self.boards.sort_by_key(|d| (d.round, d.board));
    }
}

mod seeds;
pub use seeds::reveal;
pub(crate) use seeds::{RoundFacts, RoundPlan, SeedRecord, first_unreleased, plan_deal};

/// A hand split the way Shengji players sort it, given the board's level and trump: the
/// trumps first (big joker, little joker, level cards of the trump suit, the other level
/// cards in suit order, then the trump suit from A down), then each other suit from A down
/// without its level cards. Without a fixed trump (or with no-trump) the trumps are the
/// jokers and the level cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SortedHand {
    /// The trumps (主牌), highest first.
    pub trumps: Vec<Card>,
    /// The other suits in S, H, D, C order (the trump suit left out), each highest first;
    /// a suit the hand is void in is listed with no cards.
    pub suits: Vec<(Suit, Vec<Card>)>,
}

impl SortedHand {
    pub(crate) fn new(cards: &[Card], level: Level, trump: Option<Trump>) -> SortedHand {
        let trump_suit = trump.and_then(Suit::of_trump);
        let high_first = |a: &Card, b: &Card| rank_of(*b).cmp(&rank_of(*a));
        let mut big = Vec::new();
        let mut little = Vec::new();
        let mut trump_level = Vec::new();
        let mut other_level = Vec::new();
        let mut trump_suit_cards = Vec::new();
        let mut suits: Vec<(Suit, Vec<Card>)> = Suit::ALL
            .into_iter()
            .filter(|s| Some(*s) != trump_suit)
            .map(|s| (s, Vec::new()))
            .collect();
        for &card in cards {
            match card {
                Card::BigJoker => big.push(card),
                Card::LittleJoker => little.push(card),
                Card::Suited(suit, l) if l == level => {
                    if Some(suit) == trump_suit {
                        trump_level.push(card);
                    } else {
                        other_level.push(card);
                    }
                }
                Card::Suited(suit, _) if Some(suit) == trump_suit => trump_suit_cards.push(card),
                Card::Suited(suit, _) => {
                    if let Some((_, list)) = suits.iter_mut().find(|(s, _)| *s == suit) {
                        list.push(card);
                    }
                }
            }
        }
        other_level.sort_by_key(|c| c.index());
        trump_suit_cards.sort_by(high_first);
        for (_, list) in &mut suits {
            list.sort_by(high_first);
        }
        let mut trumps = big;
        trumps.extend(little);
        trumps.extend(trump_level);
        trumps.extend(other_level);
        trumps.extend(trump_suit_cards);
        SortedHand { trumps, suits }
    }
}

fn rank_of(card: Card) -> u8 {
    match card {
        Card::Suited(_, level) => level.rank(),
        Card::LittleJoker => 15,
        Card::BigJoker => 16,
    }
}

/// What a director checks in a set of dealt boards before play: per seat the jokers and
/// level cards held over all boards, and the points in each bottom.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct DealStats {
    pub boards: usize,
    /// Jokers per seat (North, East, South, West), summed over the boards.
    pub jokers: [usize; 4],
    /// Level cards (of each board's own level) per seat, summed over the boards.
    pub(crate) level_cards: [usize; 4],
    /// The bottom's points of each board, in the order given.
    pub bottom_points: Vec<i32>,
}

impl DealStats {
    /// The statistics of these boards, each with its level.
    pub(crate) fn of<'a>(boards: impl IntoIterator<Item = (&'a Deal, Level)>) -> DealStats {
        let mut stats = DealStats::default();
        for (deal, level) in boards {
            stats.boards += 1;
            for seat in Seat::ALL {
                let hand = deal.hand(seat);
                let k = seat_index(seat);
                stats.jokers[k] += hand.iter().filter(|c| c.is_joker()).count();
                stats.level_cards[k] += hand.iter().filter(|c| c.is_level(level)).count();
            }
            stats.bottom_points.push(deal.bottom_points());
        }
        stats
    }

    pub(crate) fn jokers_of(&self, seat: Seat) -> usize {
        self.jokers[seat_index(seat)]
    }

    pub(crate) fn level_cards_of(&self, seat: Seat) -> usize {
        self.level_cards[seat_index(seat)]
    }

    pub(crate) fn min_bottom_points(&self) -> Option<i32> {
        self.bottom_points.iter().copied().min()
    }

    pub(crate) fn max_bottom_points(&self) -> Option<i32> {
        self.bottom_points.iter().copied().max()
    }

    /// The mean bottom points in tenths of a point, rounded half away from zero.
    pub(crate) fn mean_bottom_tenths(&self) -> Option<i64> {
        let n = self.bottom_points.len() as i64;
        if n == 0 {
            return None;
        }
        let sum: i64 = self.bottom_points.iter().map(|&p| i64::from(p)).sum();
        Some((sum * 20 + n) / (2 * n))
    }
}

#[cfg(test)]
mod tests;
