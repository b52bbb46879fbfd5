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
pub(crate) mod cards;
pub(crate) mod change;
pub(crate) mod compare;
pub mod deal;
pub mod event;
pub mod field;
pub mod fixtures;
pub(crate) mod occasion;
pub mod player_id;
pub mod rating;
pub mod rational;
pub(crate) mod release;
pub(crate) mod report;
pub(crate) mod room_state;
pub mod round_clock;
pub(crate) mod scoring;
pub mod series;
pub(crate) mod session;
pub mod settings;
pub(crate) mod slug;
pub(crate) mod stage_tables;
pub mod stages;
pub mod standings;
pub mod table;
pub(crate) mod team_no;
pub(crate) mod tiebreak;

pub use bands::{BandTable, Preset, Rules};

pub(crate) use bands::BandTableError;
pub use cards::{Combination, Decks, LastTrick, Level, Pair, ParseError, Room, Seat, Trump};
pub(crate) use compare::MatchFigures;
pub use compare::{MatchStatus, Scorer};
pub use deal::{Card, Deal, Seed, SeedText};
pub use event::{Board, Event, Lineup, Match, Pairing, Round, Shared, TableResult, Team, TeamNo};
pub(crate) use occasion::{Clock, Occasion, OccasionDraft};
pub use player_id::{PlayerId, PlayerIdFault};
pub(crate) use release::Finality;
pub use release::{Play, Release};
pub use report::Report;
pub(crate) use report::{AfterEachRound, MatchProgress, MatchReport, RoundProgress};
pub use scoring::{MatchScoring, Score, ScoringRules};
pub use settings::{DeckRules, PairingMethod, Settings, SettingsDraft};
pub(crate) use settings::{SettingsError, SettingsField, SettingsReason, TableSide};
pub use standings::{MatchLine, Standing, Totals, standings};
pub use table::{EntryFigures, MultiplierPolicy, Points, TableEntry};
pub(crate) use table::{Fault, TableOutcome, Wording};
pub use tiebreak::TieBreak;
