//! A seed, the text a director adds to it, and its commitment (docs/rules.md §13): kept in
//! one file, since a seed is checked by its commitment.

use std::fmt;

use sha2::{Digest, Sha256};

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
