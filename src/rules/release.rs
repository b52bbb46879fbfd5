//! What the public may see of a round while it is played (docs/rules.md §5, "What the
//! public sees"): a board's results are released once every room of its round that will
//! play it has a result for it, or when the director releases the round. Until then no
//! public page, file or stream shows any room's figure for that board.
//!
//! [`Release::of`] decides, [`Release::redact`] makes the event the public pages are built
//! from (results of released boards only), and [`Release::public_report`] its figures: a
//! complete match keeps its totals and score (they reveal no board), its board lines only
//! for released boards; a match in progress counts released boards only.

use std::collections::{BTreeMap, BTreeSet};

use super::cards::Room;
use super::event::{Event, Match, Round, Team};
use super::report::Report;

/// The released boards of every round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Release {
    rounds: BTreeMap<i32, RoundRelease>,
    /// Rounds whose draw the director has not published: the public sees no match of
    /// theirs (no pairing, no bye), only that pairings are coming.
    held_draws: BTreeSet<i32>,
}

/// One round's release.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundRelease {
    /// The director released the round's results (a match that will not finish).
    pub by_director: bool,
    /// The boards whose results are public.
    pub boards: BTreeSet<i32>,
    /// How many boards the round has.
    pub of: usize,
}

impl RoundRelease {
    /// Whether every board of the round is released.
    pub fn whole(&self) -> bool {
        self.boards.len() == self.of
    }
}

/// Whether the rooms of `m` will be played: not a bye, and neither team withdrawn.
fn will_play(m: &Match, teams: &[Team]) -> bool {
    let withdrawn = |n| teams.iter().any(|t| t.number == n && t.withdrawn);
    match m.away {
        None => false,
        Some(away) => !withdrawn(m.home) && !withdrawn(away),
    }
}

/// Whether every room of `round` that will be played has a result for `board`.
fn played_everywhere(round: &Round, teams: &[Team], board: i32) -> bool {
    round
        .matches
        .iter()
        .filter(|m| will_play(m, teams))
        .all(|m| {
            Room::BOTH
                .iter()
                .all(|&room| m.result(room, board).is_some())
        })
}

impl Release {
    /// The release of every round of `event`; `by_director` lists the rounds the director
    /// released.
    pub fn of(event: &Event, by_director: &[i32]) -> Release {
        let rounds = event
            .rounds
            .iter()
            .map(|round| {
                let director = by_director.contains(&round.number);
                let boards = round
                    .boards
                    .iter()
                    .map(|b| b.number)
                    .filter(|&b| director || played_everywhere(round, &event.teams, b))
                    .collect();
                let release = RoundRelease {
                    by_director: director,
                    boards,
                    of: round.boards.len(),
                };
                (round.number, release)
            })
            .collect();
        Release {
            rounds,
            held_draws: BTreeSet::new(),
        }
    }

    /// This release with the draws of `rounds` not yet published.
    pub fn with_held_draws(mut self, rounds: &[i32]) -> Release {
        self.held_draws = rounds.iter().copied().collect();
        self
    }

    /// Whether round `round`'s pairings are not public yet.
    pub fn draw_held(&self, round: i32) -> bool {
        self.held_draws.contains(&round)
    }

    /// The release of round `round` (nothing released for a round that does not exist).
    pub fn round(&self, round: i32) -> RoundRelease {
        self.rounds.get(&round).cloned().unwrap_or_default()
    }

    /// Whether board `board` of round `round` is public.
    pub fn board(&self, round: i32, board: i32) -> bool {
        self.rounds
            .get(&round)
            .is_some_and(|r| r.boards.contains(&board))
    }

    /// The event as the public may see it: every result of an unreleased board taken out,
    /// and every match (pairing or bye) of a round whose draw is held back; the line-ups of
    /// such a round go with its matches.
    pub fn redact(&self, event: &Event) -> Event {
        let mut public = event.clone();
        for round in &mut public.rounds {
            let number = round.number;
            if self.draw_held(number) {
                round.matches.clear();
                continue;
            }
            for m in &mut round.matches {
                m.results.retain(|r| self.board(number, r.board));
            }
        }
        public.lineups.retain(|l| !self.draw_held(l.round));
        // The cards of a board are released with its results; a secret seed never is.
        public.deals = event.deals.public(|r, b| self.board(r, b));
        public
    }

    /// The figures of the public event `public` (made by [`Release::redact`] from the event
    /// whose full figures are `full`): a complete match keeps its totals, score and place in
    /// the standings, with board lines for released boards only; a match in progress has
    /// the figures of its released boards. The standings are the full ones: they count
    /// complete matches only, which reveal no board.
    pub fn public_report(&self, full: &Report, public: &Event) -> Report {
        let mut report = Report::compute(public);
        for shown in report.matches.iter_mut() {
            // Matched by place: a held draw's matches are not in the public event.
            let Some(whole) = full
                .matches
                .iter()
                .find(|m| (m.round, m.table) == (shown.round, shown.table))
            else {
                continue;
            };
            if whole.figures.status == super::compare::MatchStatus::Complete {
                let round = whole.round;
                let mut figures = whole.figures.clone();
                figures.boards.retain(|b| self.board(round, b.board));
                shown.figures = figures;
            }
            shown.counts = whole.counts;
        }
        report.standings = full.standings.clone();
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::{LastTrick, Seat};
    use crate::rules::compare::tests::board;
    use crate::rules::event::{TableResult, TeamNo};
    use crate::rules::settings::Settings;
    use crate::rules::table::TableEntry;
    use crate::rules::{MatchStatus, Score};

    fn result(room: Room, board: i32, t: i32) -> TableResult {
        TableResult {
            room,
            board,
            entry: TableEntry {
                trick_points: Some(t),
                last_trick: Some(LastTrick::Declarer),
                ..TableEntry::default()
            },
        }
    }

    fn team(n: i32) -> Team {
        Team {
            number: TeamNo(n),
            name: format!("Team {n}"),
            club: String::new(),
            members: Vec::new(),
            withdrawn: false,
        }
    }

    /// Five teams, one round of two boards: tables 1 and 2 play, team 5 has the bye.
    fn event(results: [Vec<TableResult>; 2]) -> Event {
        let [one, two] = results;
        let m = |table, home, away: Option<i32>, results| Match {
            table,
            home: TeamNo(home),
            away: away.map(TeamNo),
            results,
        };
        Event {
            settings: Settings::for_tests(),
            teams: (1..=5).map(team).collect(),
            rounds: vec![Round {
                number: 1,
                boards: vec![board(1, Seat::North), board(2, Seat::East)],
                matches: vec![
                    m(1, 1, Some(2), one),
                    m(2, 3, Some(4), two),
                    m(3, 5, None, vec![]),
                ],
            }],
            lineups: Vec::new(),
            deals: Default::default(),
        }
    }

    fn both_rooms(board: i32) -> Vec<TableResult> {
        vec![
            result(Room::Open, board, 30),
            result(Room::Closed, board, 90),
        ]
    }

    #[test]
    fn a_board_is_released_once_every_room_has_played_it() {
        // Table 1 has finished both boards; table 2 has played board 1 in the open room only.
        let mut one = both_rooms(1);
        one.extend(both_rooms(2));
        let e = event([one.clone(), vec![result(Room::Open, 1, 55)]]);
        let release = Release::of(&e, &[]);
        assert!(!release.board(1, 1) && !release.board(1, 2));
        assert!(!release.round(1).whole());

        // Table 2's closed room plays board 1: board 1 is out, board 2 is not.
        let mut two = both_rooms(1);
        two.push(result(Room::Open, 2, 5));
        let e = event([one.clone(), two]);
        let release = Release::of(&e, &[]);
        assert!(release.board(1, 1));
        assert!(!release.board(1, 2));

        // The director releases the round: everything is out.
        let release = Release::of(&e, &[1]);
        assert!(release.round(1).whole() && release.round(1).by_director);
        assert!(!Release::of(&e, &[1]).board(2, 1), "no round 2");
    }

    #[test]
    fn a_withdrawn_teams_match_does_not_hold_the_boards_back() {
        let mut e = event([both_rooms(1), vec![]]);
        assert!(!Release::of(&e, &[]).board(1, 1));
        e.teams[3].withdrawn = true;
        let release = Release::of(&e, &[]);
        assert!(release.board(1, 1));
        assert!(!release.board(1, 2));
    }

    #[test]
    fn the_public_event_and_figures_hold_released_boards_only() {
        // Table 1 complete; table 2 has both rooms of board 1 and nothing of board 2.
        let mut one = both_rooms(1);
        one.extend(both_rooms(2));
        let e = event([one, both_rooms(1)]);
        let release = Release::of(&e, &[]);
        let public = release.redact(&e);
        let table1 = &public.rounds[0].matches[0];
        assert!(table1.result(Room::Open, 2).is_none(), "board 2 is not out");
        assert!(table1.result(Room::Open, 1).is_some());

        let full = Report::compute(&e);
        let shown = release.public_report(&full, &public);
        // The complete match keeps its score, its totals and its place in the standings…
        let (whole, open) = (&full.matches[0].figures, &shown.matches[0].figures);
        assert_eq!(open.status, MatchStatus::Complete);
        assert_eq!(open.home_levels, whole.home_levels);
        assert_eq!(open.home_score, whole.home_score);
        // …but shows only the released board.
        assert_eq!(open.boards.iter().map(|b| b.board).collect::<Vec<_>>(), [1]);
        assert_eq!(shown.standings, full.standings);
        // The match in progress counts board 1 only and is still in progress.
        assert_eq!(shown.matches[1].figures.status, MatchStatus::InProgress);
        assert_eq!(shown.matches[1].figures.compared, 1);
        assert_ne!(shown.matches[1].figures.home_score, Score::ZERO);
    }

    #[test]
    fn a_held_draw_shows_no_match_of_its_round() {
        let e = event([vec![], vec![]]);
        let release = Release::of(&e, &[]).with_held_draws(&[1]);
        assert!(release.draw_held(1) && !release.draw_held(2));
        let public = release.redact(&e);
        assert!(public.rounds[0].matches.is_empty(), "no pairing, no bye");
        assert_eq!(public.rounds[0].boards.len(), 2, "the boards are no secret");
        let full = Report::compute(&e);
        let shown = release.public_report(&full, &public);
        assert!(shown.matches.iter().all(|m| m.round != 1));
        // Published, the same round shows its matches.
        let open = Release::of(&e, &[]).redact(&e);
        assert_eq!(open.rounds[0].matches.len(), 3);
    }
}
