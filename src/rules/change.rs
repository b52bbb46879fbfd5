//! Changing a tournament's settings once results are in: which stored table results the
//! new settings would contradict. The deck count limits the figures of a result and the
//! band table limits a TD ruling (its range of s), so a change of either is weighed
//! against every stored result. Nothing computed is stored, so every other change
//! (multiplier, match scoring, tie-breaks) simply takes effect on the next report, as does
//! the band table's s for results without a ruling.

use super::cards::Room;
use super::event::Event;
use super::settings::Settings;
use super::table::{FieldError, Origin, TableEntry};

/// A stored table result that is impossible under the new settings: where it stands and
/// what is wrong with it, as [`TableEntry::parse`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub round: i32,
    pub table: i32,
    pub room: Room,
    pub board: i32,
    pub problem: FieldError,
}

/// Every stored result that `new` would contradict, in round, table, room and board order.
///
/// Each stored result is checked again by the one validation, [`TableEntry::parse`], under
/// the new deck count and band table, as an archive's row would be on import: the deck
/// count limits the card points, the bottom and the last trick's combination, and the band
/// table the range of s a TD ruling may give ([`super::table::ruling_range`]). A change
/// that keeps both finds nothing: results were checked against them when they were entered.
pub(crate) fn conflicts(event: &Event, new: &Settings) -> Vec<Conflict> {
    let bands = new.band_table();
    if new.decks() == event.settings.decks() && bands == event.settings.band_table() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for round in &event.rounds {
        for m in &round.matches {
            for result in &m.results {
                let figures = result.entry.figures().clone();
                let faults = TableEntry::parse(figures, new.decks(), Some(&bands), Origin::Archive)
                    .err()
                    .unwrap_or_default();
                found.extend(faults.into_iter().map(|problem| Conflict {
                    round: round.number,
                    table: m.table,
                    room: result.room,
                    board: result.board,
                    problem,
                }));
            }
        }
    }
    found.sort_by_key(|c| (c.round, c.table, c.room, c.board));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{
        BandTable, Board, Combination, DeckRules, Decks, EntryFigures, Fault, LastTrick, Level,
        Match, MatchScoring, MultiplierPolicy, Points, Preset, Round, Rules, Seat, TableEntry,
        TableResult, Team, TeamNo,
    };

    fn settings(decks: Decks) -> Settings {
        Settings {
            standing: Default::default(),
            deck_rules: DeckRules::standard(decks),
            ..Settings::for_tests()
        }
    }

    fn played(room: Room, board: i32, t: i32, k: i32, combo: Option<Combination>) -> TableResult {
        TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                trick_points: Some(t),
                bottom_points: Some(k),
                last_trick: Some(if combo.is_some() {
                    LastTrick::Defenders
                } else {
                    LastTrick::Declarer
                }),
                combo,
                ..EntryFigures::default()
            }),
        }
    }

    /// Two decks: a pair won the last trick at round 2 table 1 closed board 3, 150 trick
    /// points at round 1 table 2 open board 1, 70 bottom points at round 1 table 1 open
    /// board 2; everything else fits one deck.
    fn two_deck_event() -> Event {
        let team = |number| Team {
            member_ids: Vec::new(),
            number,
            name: format!("T{number}"),
            club: String::new(),
            members: Vec::new(),
            withdrawn: false,
        };
        let boards = (1..=3)
            .map(|number| Board {
                number,
                dealer: Seat::North,
                level: "2".parse::<Level>().unwrap(),
                trump: None,
            })
            .collect::<Vec<_>>();
        Event {
            settings: settings(Decks::Two),
            teams: (1..=4).map(TeamNo).map(team).collect(),
            rounds: vec![
                Round {
                    number: 1,
                    boards: boards.clone(),
                    matches: vec![
                        Match {
                            table: 1,
                            home: TeamNo(1),
                            away: Some(TeamNo(2)),
                            results: vec![
                                played(Room::Open, 1, 40, 10, None),
                                played(Room::Open, 2, 20, 70, None),
                                played(Room::Closed, 1, 60, 0, Some(Combination::Single)),
                            ]
                            .into(),
                        },
                        Match {
                            table: 2,
                            home: TeamNo(3),
                            away: Some(TeamNo(4)),
                            results: vec![played(Room::Open, 1, 150, 0, None)].into(),
                        },
                    ]
                    .into(),
                },
                Round {
                    number: 2,
                    boards,
                    matches: vec![Match {
                        table: 1,
                        home: TeamNo(1),
                        away: Some(TeamNo(3)),
                        results: vec![played(Room::Closed, 3, 30, 10, Some(Combination::Pair))]
                            .into(),
                    }]
                    .into(),
                },
            ],
            lineups: vec![].into(),
            deals: Default::default(),
        }
    }

    /// Where each conflict stands and which field it names.
    fn places(found: &[Conflict]) -> Vec<(i32, i32, Room, i32, &'static str)> {
        found
            .iter()
            .map(|c| (c.round, c.table, c.room, c.board, c.problem.field))
            .collect()
    }

    #[test]
    fn one_deck_refuses_pairs_and_points_beyond_one_deck() {
        let event = two_deck_event();
        let found = conflicts(&event, &settings(Decks::One));
        assert_eq!(
            places(&found),
            [
                (1, 1, Room::Open, 2, "bottom_points"),
                (1, 2, Room::Open, 1, "trick_points"),
                (2, 1, Room::Closed, 3, "combo"),
            ]
        );
        assert_eq!(
            found[2].problem.fault,
            Fault::ComboNotAllowed {
                combo: Combination::Pair,
                decks: 1,
                allowed: "single"
            }
        );
        assert_eq!(
            found[1].problem.fault,
            Fault::PointsOutOfRange {
                what: Points::Trick,
                value: 150,
                max: 100,
                decks: 1
            }
        );
    }

    #[test]
    fn three_decks_hold_a_smaller_bottom() {
        // Eight cards in a two-deck bottom hold up to 80 points, six cards only 60.
        let found = conflicts(&two_deck_event(), &settings(Decks::Three));
        assert_eq!(found.len(), 1);
        assert_eq!(
            (
                found[0].round,
                found[0].table,
                found[0].room,
                found[0].board
            ),
            (1, 1, Room::Open, 2)
        );
        assert_eq!(found[0].problem.field, "bottom_points");
    }

    #[test]
    fn keeping_the_deck_count_changes_nothing_that_was_entered() {
        let event = two_deck_event();
        let mut new = settings(Decks::Two);
        new.deck_rules =
            DeckRules::new(Decks::Two, Rules::Preset(Preset::NoLevelTakeover)).unwrap();
        new.scoring.method = MatchScoring::Wdl;
        new.bottom_multiplier = MultiplierPolicy::Doubling;
        new.tiebreaks.clear();
        assert!(conflicts(&event, &new).is_empty());
    }

    /// The two-deck event with TD rulings of +3 (round 1, table 2, closed room, board 2)
    /// and −12 (round 2, table 1, open room, board 1): the standard two-deck table's
    /// extremes, s for P = 0 and for the largest P a deal reaches.
    fn ruled_event() -> Event {
        let mut event = two_deck_event();
        let ruled = |room, board, s| TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                ruling: Some(s),
                ..EntryFigures::default()
            }),
        };
        event.rounds[0].matches[1]
            .results
            .push(ruled(Room::Closed, 2, 3));
        event.rounds[1].matches[0]
            .results
            .push(ruled(Room::Open, 1, -12));
        event
    }

    fn with_table(decks: Decks, table: BandTable) -> Settings {
        Settings {
            standing: Default::default(),
            deck_rules: DeckRules::new(decks, Rules::Custom(table)).unwrap(),
            ..Settings::for_tests()
        }
    }

    #[test]
    fn a_narrower_band_table_refuses_the_rulings_beyond_it() {
        let event = ruled_event();
        // s from +2 down to −2, and a step no deal reaches: the range stops at ±2.
        let narrow =
            BandTable::new(80, vec![(0, 2), (40, 1), (80, -1), (120, -2)], 100_000).unwrap();
        let found = conflicts(&event, &with_table(Decks::Two, narrow));
        assert_eq!(
            places(&found),
            [
                (1, 2, Room::Closed, 2, "ruling"),
                (2, 1, Room::Open, 1, "ruling"),
            ]
        );
        assert_eq!(
            found[0].problem.fault,
            Fault::RulingOutOfRange {
                value: 3,
                min: -2,
                max: 2
            }
        );
        // Another preset of the same deck count: no level for the declarers at the
        // takeover mark, so its lowest s is −11 and only the −12 is refused.
        let mut other = settings(Decks::Two);
        other.deck_rules =
            DeckRules::new(Decks::Two, Rules::Preset(Preset::NoLevelTakeover)).unwrap();
        let found = conflicts(&event, &other);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].round, found[0].problem.field), (2, "ruling"));
    }

    #[test]
    fn the_same_band_table_keeps_every_ruling() {
        let event = ruled_event();
        let standard = BandTable::preset(Decks::Two, Preset::Standard).unwrap();
        // The standard table typed in as a custom one is the same table.
        assert!(conflicts(&event, &with_table(Decks::Two, standard)).is_empty());
        let mut new = settings(Decks::Two);
        new.scoring.method = MatchScoring::Wdl;
        assert!(conflicts(&event, &new).is_empty());
    }

    #[test]
    fn an_event_without_results_can_change_anything() {
        let mut event = two_deck_event();
        for round in &mut event.rounds {
            for m in &mut round.matches {
                m.results.clear();
            }
        }
        assert!(conflicts(&event, &settings(Decks::One)).is_empty());
    }
}
