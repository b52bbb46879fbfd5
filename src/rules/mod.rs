//! The game and its scoring, pure: no web, no database, no I/O.
//!
//! - [`cards`]: decks, seats, rooms, levels, trumps and last-trick combinations (docs/rules.md §2, §4)
//! - [`bands`]: band tables and presets, from P to the table score s (docs/rules.md §3)
//! - [`table`]: one table's result, the bottom multiplier, the wording and what the rules
//!   refuse in it ([`table::Fault`]) (docs/rules.md §3)
//! - [`compare`]: both rooms of a match: swings, differences, completeness (docs/rules.md §5)
//! - [`scoring`]: match scores: vp20, wdl, levels and byes (docs/rules.md §6)
//! - [`room_state`]: a room entered at the table, as a state machine: what a room shows and
//!   what its table and the director may do with it
//! - [`session`]: the evening's current round and which round a table's session link shows
//! - [`standings`]: ranking with the tie-break chain (docs/rules.md §7)
//! - [`tiebreak`]: the tie-break criteria a tournament chooses (docs/rules.md §7)
//! - [`event`]: a whole tournament as data, a new round's boards and a round's pairings
//! - [`field`]: the whole field on a board: travellers, the datum, Butler scores of pairs
//!   and odd results (docs/rules.md §11)
//! - [`report`]: every computed figure of an event at once
//! - [`stages`]: a championship's stages, their standings and qualifiers (docs/rules.md §12)
//! - [`bracket`]: a knockout's bracket, ties, carry-over, winners and the final ranking
//! - [`player_id`]: a player's id in the installation's registry (docs/rules.md §14)
//! - [`rating`]: players' ratings across rated tournaments, a full run or one appended
//!   tournament (docs/rules.md §14)
//! - [`rational`]: exact fractions of unbounded size for ratings and series (docs/rules.md §14)
//! - [`series`]: a series' places, placing points and standings of players (docs/rules.md §14)
//! - [`deal`]: the cards of a board, dealing from a seed anyone can check, sorted hands and
//!   deal statistics (docs/rules.md §13, docs/deals.md)

pub mod bands;
pub mod bracket;
pub mod cards;
pub mod change;
pub mod compare;
pub mod deal;
pub mod event;
pub mod field;
pub mod fixtures;
pub mod occasion;
pub mod player_id;
pub mod rating;
pub mod rational;
pub mod release;
pub mod report;
pub mod room_state;
pub mod round_clock;
pub mod scoring;
pub mod series;
pub mod session;
pub mod settings;
pub mod slug;
pub mod stage_tables;
pub mod stages;
pub mod standings;
pub mod table;
pub mod team_no;
pub mod tiebreak;

pub use bands::{BandTable, BandTableError, Preset, Rules};
pub use cards::{Combination, Decks, LastTrick, Level, Pair, ParseError, Room, Seat, Trump};
pub use compare::{BoardSwing, MatchFigures, MatchStatus, Scorer, SideFigures};
pub use deal::{Card, Commitment, Deal, DealError, DealStats, Seed, SeedError, SeedText, Suit};
pub use event::{Board, Event, Lineup, Match, Pairing, Round, Shared, TableResult, Team, TeamNo};
pub use occasion::{Clock, Occasion, OccasionDraft};
pub use player_id::{PlayerId, PlayerIdFault};
pub use release::{Finality, Play, Release, RoundRelease};
pub use report::{AfterEachRound, MatchProgress, MatchReport, Report, RoundProgress};
pub use scoring::{MatchScoring, Score, ScoringRules};
pub use settings::{
    DeckRules, PairingMethod, Settings, SettingsDraft, SettingsError, SettingsErrors,
    SettingsField, SettingsReason, TableSide,
};
pub use standings::{MatchLine, Quotient, Standing, Totals, standings};
pub use table::{
    EntryFigures, Fault, FieldError, MultiplierPolicy, Points, TableEntry, TableOutcome, Wording,
};
pub use tiebreak::TieBreak;
