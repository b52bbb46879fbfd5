//! Dealing a board from a seed (docs/rules.md §13, steps 1–4): anyone can repeat it.

use sha2::{Digest, Sha256};

use super::board::Deal;
use super::card::{CARDS_PER_DECK, Card};
use super::seed::Seed;
use crate::rules::cards::Decks;

/// §13 step 1: the pack in canonical order, `decks` times S 2…A, H, D, C, LJ, BJ.
pub(crate) fn canonical_pack(decks: Decks) -> Vec<Card> {
    (0..decks.count() as usize * CARDS_PER_DECK)
        .map(|i| Card::from_index(i % CARDS_PER_DECK))
        .collect()
}

/// §13 step 2: the byte stream of one board, SHA-256(key ‖ counter) for counter 0, 1, …
/// (a 4-byte big-endian integer), read four bytes at a time as big-endian u32s.
pub(super) struct BoardStream {
    key: [u8; 32],
    counter: u32,
    block: [u8; 32],
    used: usize,
}

impl BoardStream {
    pub(super) fn new(seed: &str, round: u32, board: u32) -> BoardStream {
        let key: [u8; 32] = Sha256::digest(format!("{seed}/{round}/{board}").as_bytes()).into();
        BoardStream {
            key,
            counter: 0,
            block: [0; 32],
            used: 32,
        }
    }

    pub(super) fn next_byte(&mut self) -> u8 {
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

    pub(super) fn next_u32(&mut self) -> u32 {
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
pub(super) fn shuffle<T>(pack: &mut [T], mut next: impl FnMut() -> u32) {
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
