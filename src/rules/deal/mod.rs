//! The cards of a board: card notation, a checked deal (four hands and the bottom), the
//! dealing procedure anyone can repeat from a revealed seed, and the seed's commitment
//! (docs/rules.md §13, docs/deals.md).
//!
//! Its children: one card, its notation and a hand's size (`card`); a board's checked cards
//! and why hands are no deal (`board`); dealing a board from a seed, §13's steps 1–4
//! (`dealing`); a seed, the text a director adds to it, and its commitment, which stay
//! together (`seed`); a tournament's seeds and what may be done with them (`seeds`); a
//! tournament's deals (`deals`); a hand sorted the way players sort it (`sorted`); what a
//! director checks in a set of boards (`stats`). It re-exports their names, so every caller
//! keeps its path (`crate::rules::deal::Deal`).

mod board;
mod card;
mod dealing;
mod deals;
mod seed;
mod seeds;
mod sorted;
mod stats;
#[cfg(test)]
mod tests;

pub use board::{Deal, DealError};
pub(crate) use card::parse_cards;
pub use card::{Card, Suit, format_cards};
pub use dealing::deal_board;
pub use deals::{BoardDeal, Deals};
pub use seed::{Commitment, CommitmentError, DealSeed, Seed, SeedError, SeedRefusal, SeedText};
pub use seeds::reveal;
pub(crate) use seeds::{RoundFacts, RoundPlan, SeedRecord, first_unreleased, plan_deal};
pub(crate) use sorted::SortedHand;
pub(crate) use stats::DealStats;
