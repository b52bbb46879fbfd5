//! Comparing the two rooms of a match: swings, level and point differences, boards won,
//! completeness and the match score (docs/rules.md §5, §6).

use super::bands::BandTable;
use super::cards::Room;
use super::event::{Board, Match};
use super::scoring::{Score, ScoringRules};
use super::settings::Settings;
use super::table::{MultiplierPolicy, TableOutcome};

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchStatus {
    Bye,
    InProgress,
    Complete,
}

impl MatchStatus {
    pub fn code(self) -> &'static str {
        match self {
            MatchStatus::Bye => "bye",
            MatchStatus::InProgress => "in_progress",
            MatchStatus::Complete => "complete",
        }
    }
}

/// One board of a match from the home team's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSwing {
    pub board: i32,
    /// The home team's table score in the open room: s when it declares, −s when it defends.
    pub open: Option<i32>,
    pub closed: Option<i32>,
    /// open + closed, when both rooms have a result.
    pub swing: Option<i32>,
    /// P the home team took as defenders minus P the away team took, when both rooms have a
    /// result (an unknown P counts 0).
    pub home_points: Option<i32>,
}

/// The computed figures of one match, from the home team's side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchFigures {
    pub status: MatchStatus,
    /// Every board of the round that has a result in at least one room.
    pub boards: Vec<BoardSwing>,
    pub compared: u32,
    /// M: the sum of swings over compared boards.
    /// Sums over the boards are 64-bit: one table's P reaches 191 million (three decks, a
    /// titanic of 13 doubling the bottom 2·3¹³ times), so 24 of them overflow 32 bits.
    pub home_levels: i64,
    pub home_points: i64,
    pub(crate) home_boards_won: u32,
    pub(crate) away_boards_won: u32,
    /// Σ positive swings for the home team.
    pub(crate) home_gained: i64,
    /// Σ |negative swings| for the home team.
    pub(crate) home_lost: i64,
    pub home_score: Score,
    /// `None` for a bye.
    pub away_score: Option<Score>,
}

impl MatchFigures {
    /// For tests: a match with `status` whose boards 1..=`boards` have the open room
    /// entered and nothing compared.
    #[cfg(test)]
    pub(crate) fn entered(status: MatchStatus, boards: usize) -> MatchFigures {
        let boards = (1..=i32::try_from(boards).unwrap())
            .map(|board| BoardSwing {
                board,
                open: Some(1),
                closed: None,
                swing: None,
                home_points: None,
            })
            .collect();
        MatchFigures::nothing_compared(status, boards, Score::ZERO)
    }

    /// `boards` with no board compared and the home team on `home_score`: a bye, and a
    /// comparison before its first board.
    fn nothing_compared(
        status: MatchStatus,
        boards: Vec<BoardSwing>,
        home_score: Score,
    ) -> MatchFigures {
        MatchFigures {
            status,
            boards,
            compared: 0,
            home_levels: 0,
            home_points: 0,
            home_boards_won: 0,
            away_boards_won: 0,
            home_gained: 0,
            home_lost: 0,
            home_score,
            away_score: None,
        }
    }

    /// A match (not a bye) with no board compared yet: its levels, points and score are
    /// not figures yet, and are shown as "–" (empty in the CSV files).
    pub fn unplayed(&self) -> bool {
        self.status != MatchStatus::Bye && self.compared == 0
    }

    /// Whether the match score is a figure yet: a complete match, or a bye. A match in
    /// progress shows "–" for its score, however many boards are compared (docs/rules.md §5).
    pub fn scored(&self) -> bool {
        self.status != MatchStatus::InProgress
    }

    /// The figures from one team's side: the home team's as they are, the away team's
    /// turned round (what one gains the other loses).
    pub fn side(&self, home: bool) -> SideFigures {
        if home {
            SideFigures {
                home: true,
                levels: self.home_levels,
                points: self.home_points,
                boards_won: self.home_boards_won,
                gained: self.home_gained,
                lost: self.home_lost,
                score: Some(self.home_score),
            }
        } else {
            SideFigures {
                home: false,
                levels: -self.home_levels,
                points: -self.home_points,
                boards_won: self.away_boards_won,
                gained: self.home_lost,
                lost: self.home_gained,
                score: self.away_score,
            }
        }
    }
}

/// A match's figures from one team's side ([`MatchFigures::side`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideFigures {
    /// Whether the team is the match's home team.
    pub home: bool,
    /// The team's level difference M (positive: the team gained levels).
    pub levels: i64,
    pub points: i64,
    pub boards_won: u32,
    /// Σ the team's positive swings, and Σ |its negative swings| (the level quotient).
    pub(crate) gained: i64,
    pub lost: i64,
    /// The team's match score; `None` for the missing side of a bye.
    pub score: Option<Score>,
}

/// What it takes to score tables and matches: derived once from the settings.
#[derive(Clone, Debug)]
pub struct Scorer {
    pub bands: BandTable,
    pub policy: MultiplierPolicy,
    pub scoring: ScoringRules,
}

impl Scorer {
    pub fn new(settings: &Settings) -> Scorer {
        Scorer {
            bands: settings.band_table(),
            policy: settings.bottom_multiplier,
            scoring: settings.scoring,
        }
    }

    pub fn table(&self, entry: &super::table::TableEntry) -> Option<TableOutcome> {
        entry.outcome(self.policy, &self.bands)
    }

    /// Compares the rooms of `m`, played on the round's `boards`.
    pub fn compare(&self, boards: &[Board], m: &Match) -> MatchFigures {
        let mut f =
            MatchFigures::nothing_compared(MatchStatus::Bye, Vec::new(), self.scoring.bye_score);
        if m.is_bye() {
            return f;
        }
        for board in boards {
            // (home's table score, home's point difference) in each room
            let room = |room: Room| {
                let outcome = m.result(room, board.number).and_then(|e| self.table(e))?;
                let home_declares = board.dealer.pair() == room.home_pair();
                let p = outcome.defender_total.unwrap_or(0);
                Some(if home_declares {
                    (outcome.table_score, -p)
                } else {
                    (-outcome.table_score, p)
                })
            };
            let (open, closed) = (room(Room::Open), room(Room::Closed));
            if open.is_none() && closed.is_none() {
                continue;
            }
            let both = open.zip(closed);
            let swing = both.map(|(o, c)| o.0 + c.0);
            let points = both.map(|(o, c)| o.1 + c.1);
            if let (Some(d), Some(p)) = (swing, points) {
                f.compared += 1;
                f.home_levels += i64::from(d);
                f.home_points += i64::from(p);
                match d.signum() {
                    1 => {
                        f.home_boards_won += 1;
                        f.home_gained += i64::from(d);
                    }
                    -1 => {
                        f.away_boards_won += 1;
                        f.home_lost += i64::from(-d);
                    }
                    _ => {}
                }
            }
            f.boards.push(BoardSwing {
                board: board.number,
                open: open.map(|o| o.0),
                closed: closed.map(|c| c.0),
                swing,
                home_points: points,
            });
        }
        let complete = !boards.is_empty() && f.compared as usize == boards.len();
        f.status = if complete {
            MatchStatus::Complete
        } else {
            MatchStatus::InProgress
        };
        let (home, away) = self.scoring.match_scores(f.home_levels, f.compared);
        f.home_score = home;
        f.away_score = Some(away);
        f
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::cards::{LastTrick, Level, Seat};
    use crate::rules::event::{TableResult, TeamNo};
    use crate::rules::table::{EntryFigures, TableEntry};

    /// A board dealt by `dealer` at level 2, no trump named.
    pub(crate) fn board(number: i32, dealer: Seat) -> Board {
        Board {
            number,
            dealer,
            level: "2".parse::<Level>().unwrap(),
            trump: None,
        }
    }

    fn result(room: Room, board: i32, t: i32) -> TableResult {
        TableResult {
            room,
            board,
            entry: TableEntry::stored(EntryFigures {
                trick_points: Some(t),
                last_trick: Some(LastTrick::Declarer),
                ..EntryFigures::default()
            }),
        }
    }

    #[test]
    fn swings_follow_seats_and_rooms() {
        let scorer = Scorer::new(&Settings::for_tests());
        // Board 1: North deals, so NS declares: home declares in the open room (home NS)
        // and defends in the closed room (home EW).
        // Open: P = 30 → s = +2 for home. Closed: P = 90 → s = −1 for the away
        // declarers, so +1 for home. Δ = 3. Home points: away took 30 as defenders in the
        // open room, home took 90 in the closed room: 90 − 30 = 60.
        // Board 2: East deals: home defends in the open room, declares in the closed room.
        // Open: P = 0 → +3 for away, −3 for home. Closed: P = 45 → +1 for home. Δ = −2.
        // Points: home took 0 (open), away took 45 (closed): −45.
        let boards = [board(1, Seat::North), board(2, Seat::East)];
        let m = Match {
            table: 1,
            home: TeamNo(1),
            away: Some(TeamNo(2)),
            results: vec![
                result(Room::Open, 1, 30),
                result(Room::Closed, 1, 90),
                result(Room::Open, 2, 0),
                result(Room::Closed, 2, 45),
            ]
            .into(),
        };
        let f = scorer.compare(&boards, &m);
        assert_eq!(f.status, MatchStatus::Complete);
        assert_eq!(f.boards[0].open, Some(2));
        assert_eq!(f.boards[0].closed, Some(1));
        assert_eq!(f.boards[0].swing, Some(3));
        assert_eq!(f.boards[0].home_points, Some(60));
        assert_eq!(f.boards[1].open, Some(-3));
        assert_eq!(f.boards[1].closed, Some(1));
        assert_eq!(f.boards[1].swing, Some(-2));
        assert_eq!(f.boards[1].home_points, Some(-45));
        assert_eq!((f.compared, f.home_levels, f.home_points), (2, 1, 15));
        assert_eq!((f.home_boards_won, f.away_boards_won), (1, 1));
        assert_eq!((f.home_gained, f.home_lost), (3, 2));
    }

    #[test]
    fn a_match_is_complete_only_with_every_board_in_both_rooms() {
        let scorer = Scorer::new(&Settings::for_tests());
        let boards = [board(1, Seat::North), board(2, Seat::South)];
        let mut m = Match {
            table: 1,
            home: TeamNo(1),
            away: Some(TeamNo(2)),
            results: vec![
                result(Room::Open, 1, 30),
                result(Room::Closed, 1, 30),
                result(Room::Open, 2, 30),
            ]
            .into(),
        };
        let f = scorer.compare(&boards, &m);
        assert_eq!(f.status, MatchStatus::InProgress);
        assert_eq!(f.compared, 1);
        assert_eq!(f.boards.len(), 2);
        assert_eq!(f.boards[1].swing, None);
        // Board 1: home +2 open, −2 closed: a flat board, drawn match so far.
        assert_eq!(f.home_levels, 0);
        assert_eq!(f.home_score, Score::from_whole(10));
        m.results.push(result(Room::Closed, 2, 85));
        let f = scorer.compare(&boards, &m);
        assert_eq!(f.status, MatchStatus::Complete);
        // Board 2: home +2 open; closed P = 85 → away −1, home +1: Δ = 3.
        assert_eq!(f.home_levels, 3);
        assert!(f.home_score > Score::from_whole(10));
        assert_eq!(f.home_score + f.away_score.unwrap(), Score::from_whole(20));
    }

    #[test]
    fn sums_over_many_boards_do_not_overflow() {
        use crate::rules::cards::Combination;
        use crate::rules::settings::SettingsDraft;
        // Three decks, every value accepted alone: trick points 240, a bottom of 60 won by
        // the defenders with a titanic of 13 (×2·3¹³ = 3,188,646) and 1,000 penalty points
        // charged to the declarers: P = 240 + 60 × 3,188,646 + 1,000 = 191,320,000 in the
        // open room, 0 in the closed room, on 12 boards. The home team declares board after
        // board in the open room, so its point difference is −12 × 191,320,000 =
        // −2,295,840,000, past what 32 bits hold.
        let settings = Settings::try_from(SettingsDraft {
            name: "Big".into(),
            slug: "big".into(),
            decks: 3,
            ..SettingsDraft::default()
        })
        .unwrap();
        let scorer = Scorer::new(&settings);
        let big = TableEntry::stored(EntryFigures {
            trick_points: Some(240),
            bottom_points: Some(60),
            last_trick: Some(LastTrick::Defenders),
            combo: Some(Combination::Titanic(13)),
            declarer_penalty: Some(1000),
            ..EntryFigures::default()
        });
        let nothing = TableEntry::stored(EntryFigures {
            trick_points: Some(0),
            last_trick: Some(LastTrick::Declarer),
            ..EntryFigures::default()
        });
        let boards: Vec<Board> = (1..=12).map(|n| board(n, Seat::North)).collect();
        let results = (1..=12)
            .flat_map(|b| {
                [
                    TableResult {
                        room: Room::Open,
                        board: b,
                        entry: big.clone(),
                    },
                    TableResult {
                        room: Room::Closed,
                        board: b,
                        entry: nothing.clone(),
                    },
                ]
            })
            .collect();
        let m = Match {
            table: 1,
            home: TeamNo(1),
            away: Some(TeamNo(2)),
            results,
        };
        let f = scorer.compare(&boards, &m);
        assert_eq!(f.status, MatchStatus::Complete);
        assert_eq!(f.home_points, -2_295_840_000);
        assert!(f.home_levels < 0, "the home team lost every board");
        assert_eq!(f.home_score, Score::ZERO);
    }

    #[test]
    fn a_bye_scores_the_bye_score() {
        let scorer = Scorer::new(&Settings::for_tests());
        let m = Match {
            table: 3,
            home: TeamNo(5),
            away: None,
            results: vec![].into(),
        };
        let f = scorer.compare(&[board(1, Seat::North)], &m);
        assert_eq!(f.status, MatchStatus::Bye);
        assert_eq!(f.home_score, Score::from_whole(12));
        assert_eq!(f.away_score, None);
    }
}
