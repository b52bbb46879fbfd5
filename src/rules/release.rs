//! What the public may see of a round while it is played (docs/rules.md §5, "What the
//! public sees"): a board's results are released once every room of its round that will
//! play it has a result for it, or when the director releases the round. Until then no
//! public page, file or stream shows any room's figure for that board.
//!
//! [`Release::of`] decides, [`Release::redact`] makes the event the public pages are built
//! from (results of released boards only), and [`Release::public_view`] that event with its
//! figures computed from it alone. That is the rule of noninterference: everything the
//! public reads is a function of released results (and of what is not a result: teams,
//! schedule, line-ups, which rooms have played), so two databases that differ only in
//! results not yet released look the same to the public. A match complete at its table
//! whose last board is still played elsewhere is therefore in progress in public: its total
//! less its released boards would give that board away.
//!
//! [`Finality`] says whether a round's results may still change: rooms confirmed at a table
//! wait for the director's approval, and a complete round stays open to corrections for the
//! tournament's correction period, after which it is final.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::cards::Room;
use super::event::{Event, Match, Round, Shared, Team, TeamNo};
use super::report::{Report, RoundProgress};
use chrono::NaiveDateTime;

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
    pub(crate) by_director: bool,
    /// The boards whose results are public.
    pub boards: BTreeSet<i32>,
    /// How many boards the round has.
    pub of: usize,
}

/// Whether the rooms of `m` will be played: not a bye, and neither team withdrawn (the
/// numbers of the withdrawn teams).
fn will_play(m: &Match, withdrawn: &BTreeSet<TeamNo>) -> bool {
    match m.away {
        None => false,
        Some(away) => !withdrawn.contains(&m.home) && !withdrawn.contains(&away),
    }
}

/// The numbers of the withdrawn teams.
fn withdrawn_of(teams: &[Team]) -> BTreeSet<TeamNo> {
    teams
        .iter()
        .filter(|t| t.withdrawn)
        .map(|t| t.number)
        .collect()
}

/// Takes out of `m` the results of the boards not `shown`; a match with none to take out
/// keeps its results shared.
fn redact_match(m: &mut Match, shown: impl Fn(i32) -> bool) {
    if m.results.iter().any(|r| !shown(r.board)) {
        m.results.retain(|r| shown(r.board));
    }
}

/// The revision before, for [`Release::redact_since`]: its event, its public event and
/// release, and the matches (round, table) whose results changed since.
pub(crate) struct Before<'a> {
    pub event: &'a Event,
    pub public: &'a Event,
    pub release: &'a Release,
    pub changed: &'a HashSet<(i32, i32)>,
}

/// Whether every room of `round` that will be played has a result for `board`.
fn played_everywhere(round: &Round, withdrawn: &BTreeSet<TeamNo>, board: i32) -> bool {
    round
        .matches
        .iter()
        .filter(|m| will_play(m, withdrawn))
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
        Release::of_since(event, by_director, None)
    }

    /// [`Release::of`] for an event that differs from the one `before` was made from only
    /// in the results of the rounds `changed` (and not in its teams): every other round
    /// keeps its release unless the director's release of it changed. Equal to
    /// [`Release::of`].
    pub(crate) fn of_since(
        event: &Event,
        by_director: &[i32],
        before: Option<(&Release, &BTreeSet<i32>)>,
    ) -> Release {
        let withdrawn = withdrawn_of(&event.teams);
        let rounds = event
            .rounds
            .iter()
            .map(|round| {
                let director = by_director.contains(&round.number);
                if let Some((release, changed)) = before
                    && !changed.contains(&round.number)
                    && let Some(kept) = release.rounds.get(&round.number)
                    && kept.by_director == director
                {
                    return (round.number, kept.clone());
                }
                let boards = round
                    .boards
                    .iter()
                    .map(|b| b.number)
                    .filter(|&b| director || played_everywhere(round, &withdrawn, b))
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
    pub(crate) fn with_held_draws(mut self, rounds: &[i32]) -> Release {
        self.held_draws = rounds.iter().copied().collect();
        self
    }

    /// Whether round `round`'s pairings are not public yet.
    pub(crate) fn draw_held(&self, round: i32) -> bool {
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

    /// The first board (round, board) of a round before `round` of `event` that is not
    /// released: a pairing of round `round` (a Swiss round, a knockout's next round, a next
    /// stage's qualifiers) and its "rank before this round" are made from the public view
    /// only, so they wait for it (docs/rules.md §5).
    pub(crate) fn first_unreleased_before(&self, event: &Event, round: i32) -> Option<(i32, i32)> {
        event
            .rounds
            .iter()
            .filter(|r| r.number < round)
            .flat_map(|r| r.boards.iter().map(move |b| (r.number, b.number)))
            .find(|&(r, b)| !self.board(r, b))
    }

    /// The event as the public may see it: every result of an unreleased board taken out,
    /// and every match (pairing or bye) of a round whose draw is held back; the line-ups of
    /// such a round go with its matches. What the public may see all of (the teams, a
    /// match whose every result is released) is shared with `event`, not copied.
    pub(crate) fn redact(&self, event: &Event) -> Event {
        self.redact_since(event, None)
    }

    /// [`Release::redact`], from the public event of the revision before where `before`
    /// gives it: [`Before`] says what that revision was and which matches changed since
    /// (only their results). A round whose release and held draw did not move keeps the
    /// public matches of the revision before, those that changed redacted again; a round
    /// no save touched is the same data as before. Equal to [`Release::redact`] (the tests
    /// of `web::live` check it on random edits).
    pub(crate) fn redact_since(&self, event: &Event, before: Option<Before<'_>>) -> Event {
        let mut public = event.clone();
        for round in &mut public.rounds {
            let number = round.number;
            if self.draw_held(number) {
                round.matches = Shared::default();
                continue;
            }
            let released = self.rounds.get(&number);
            let shown = |board: i32| released.is_some_and(|r| r.boards.contains(&board));
            let kept = before.as_ref().and_then(|b| {
                let same = b.release.rounds.get(&number) == released
                    && b.release.draw_held(number) == self.draw_held(number);
                same.then_some(())?;
                let old = b.public.rounds.iter().find(|r| r.number == number)?;
                let private = b.event.rounds.iter().find(|r| r.number == number)?;
                let pairs =
                    |a: &Match, b: &Match| (a.table, a.home, a.away) == (b.table, b.home, b.away);
                let same_matches = Shared::same(&private.matches, &round.matches)
                    || (private.matches.len() == round.matches.len()
                        && private
                            .matches
                            .iter()
                            .zip(&round.matches)
                            .all(|(a, b)| pairs(a, b)));
                (same_matches && old.matches.len() == round.matches.len())
                    .then_some((old, b.changed))
            });
            match kept {
                Some((old, changed)) => {
                    let mut matches = old.matches.clone();
                    for (at, m) in round.matches.iter().enumerate() {
                        if changed.contains(&(number, m.table)) {
                            let mut m = m.clone();
                            redact_match(&mut m, shown);
                            matches[at] = m;
                        }
                    }
                    round.matches = matches;
                }
                None => {
                    let hidden = |m: &Match| m.results.iter().any(|r| !shown(r.board));
                    if round.matches.iter().any(hidden) {
                        for m in &mut round.matches {
                            redact_match(m, shown);
                        }
                    }
                }
            }
        }
        let lineups_kept = before.as_ref().is_some_and(|b| {
            Shared::same(&b.event.lineups, &event.lineups)
                && b.release.held_draws == self.held_draws
        });
        if let Some(b) = before.as_ref().filter(|_| lineups_kept) {
            public.lineups = b.public.lineups.clone();
        } else if public.lineups.iter().any(|l| self.draw_held(l.round)) {
            public.lineups.retain(|l| !self.draw_held(l.round));
        }
        // The cards of a board are released with its results; a secret seed never is.
        public.deals = event.deals.public(|r, b| self.board(r, b));
        public
    }

    /// The matches (round, table) whose public results may differ between the public event
    /// of `before` and this release's, for an event that differs from the one `before` was
    /// made from only in the results of the matches `changed`: those matches, and every
    /// match of a round whose released boards or held draw moved. What
    /// [`Report::compute_since`] needs to work the public report out from the one before.
    pub(crate) fn changed_since(
        &self,
        before: &Release,
        event: &Event,
        changed: &HashSet<(i32, i32)>,
    ) -> HashSet<(i32, i32)> {
        let mut out = changed.clone();
        for round in &event.rounds {
            let n = round.number;
            if before.rounds.get(&n) != self.rounds.get(&n)
                || before.draw_held(n) != self.draw_held(n)
            {
                out.extend(round.matches.iter().map(|m| (n, m.table)));
            }
        }
        out
    }

    /// The public view of `event`: the public event ([`Release::redact`]) and its figures,
    /// computed from it alone, the rounds `closed` by the director counting their byes.
    /// Every figure follows from released results only: a match whose last board is still
    /// played elsewhere is in progress here, its totals and score not shown and its place
    /// in the standings not counted, since its total less its released boards would give
    /// that board away (docs/rules.md §5, noninterference).
    pub fn public_view(&self, event: &Event, closed: &[i32]) -> (Event, Report) {
        let public = self.redact(event);
        let report = Report::compute_closing(&public, closed);
        (public, report)
    }
}

/// What is known of play beyond the event's results: what the public may see of it, and
/// whether it is final (docs/rules.md §5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Play {
    /// Rounds whose results the director released (their byes count too).
    pub released_rounds: Vec<i32>,
    /// Rounds whose draw is not public yet (docs/rules.md §5, "the draw").
    pub(crate) held_draws: Vec<i32>,
    /// Rooms confirmed at the table and waiting for the director's approval, as
    /// (round, table, room): their results are provisional.
    pub provisional: Vec<(i32, i32, Room)>,
    /// The minutes after a round is complete in which its results may still be corrected.
    pub correction_minutes: i32,
    /// When each round's results last changed (UTC), as (round, time).
    pub(crate) last_change: Vec<(i32, NaiveDateTime)>,
    /// The registry players linked to a member of a team whose cross-event page is public
    /// (docs/rules.md §14): the team pages link those members to it, and no other.
    pub public_players: std::collections::BTreeSet<crate::rules::player_id::PlayerId>,
}

impl Play {
    /// Until when round `round`'s results may be corrected (UTC), counted from their last
    /// change; `None` for a round with no recorded change.
    pub(crate) fn corrections_until(&self, round: i32) -> Option<NaiveDateTime> {
        let at = self.last_change.iter().find(|(r, _)| *r == round)?.1;
        Some(at + chrono::Duration::minutes(i64::from(self.correction_minutes)))
    }

    /// Whether round `round` (whose progress is `progress`) had a correction period that
    /// has ended by `now`: a desk correction then needs the director's reason. A round
    /// with no recorded change (an imported archive) had no period yet; its first
    /// correction starts one.
    pub(crate) fn correction_period_over(
        &self,
        round: i32,
        progress: RoundProgress,
        now: NaiveDateTime,
    ) -> bool {
        progress == RoundProgress::Complete
            && self.provisional.iter().all(|(r, _, _)| *r != round)
            && self
                .corrections_until(round)
                .is_some_and(|until| until <= now)
    }

    /// Whether the room's results wait for the director's approval.
    pub(crate) fn awaits_approval(&self, round: i32, table: i32, room: Room) -> bool {
        self.provisional.contains(&(round, table, room))
    }

    /// How many correction periods have ended by `now`: a page that says "provisional" or
    /// "final" is the same page while this number stays, so it belongs in its cache key
    /// and validator beside the revision.
    pub fn periods_ended(&self, now: NaiveDateTime) -> usize {
        self.last_change
            .iter()
            .filter_map(|(round, _)| self.corrections_until(*round))
            .filter(|until| *until <= now)
            .count()
    }
}

/// Whether a round's results, or one table's, may still change (docs/rules.md §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Finality {
    /// Rooms confirmed at their table, waiting for the director's approval, as
    /// (table, room): provisional whatever the round's progress.
    AwaitingApproval(Vec<(i32, Room)>),
    /// The round is still being played: a result in it may still be corrected.
    InPlay,
    /// The round is complete and may be corrected until this time (UTC).
    Correcting { until: NaiveDateTime },
    /// The correction period has passed (or no change to the round was recorded): a desk
    /// correction now needs the director's reason.
    Final,
}

impl Finality {
    /// The finality of round `round` (of its table `table` only, when given) as play stands
    /// in `play`, the round's progress being `progress`, at time `now` (UTC).
    pub(crate) fn of(
        play: &Play,
        round: i32,
        table: Option<i32>,
        progress: RoundProgress,
        now: NaiveDateTime,
    ) -> Finality {
        let waiting: Vec<(i32, Room)> = play
            .provisional
            .iter()
            .filter(|(r, t, _)| *r == round && table.is_none_or(|table| table == *t))
            .map(|&(_, t, room)| (t, room))
            .collect();
        if !waiting.is_empty() {
            return Finality::AwaitingApproval(waiting);
        }
        if progress != RoundProgress::Complete {
            return Finality::InPlay;
        }
        match play.corrections_until(round) {
            Some(until) if until > now => Finality::Correcting { until },
            _ => Finality::Final,
        }
    }

    /// Whether the results may no longer change without the director's reason.
    pub(crate) fn is_final(&self) -> bool {
        *self == Finality::Final
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MatchStatus;
    use crate::rules::cards::{LastTrick, Seat};
    use crate::rules::compare::tests::board;
    use crate::rules::event::{TableResult, TeamNo};
    use crate::rules::settings::Settings;
    use crate::rules::table::{EntryFigures, TableEntry};

    /// Whether every board of the round is released.
    fn whole(round: &RoundRelease) -> bool {
        round.boards.len() == round.of
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

    fn team(n: i32) -> Team {
        Team {
            member_ids: Vec::new(),
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
                    m(1, 1, Some(2), one.into()),
                    m(2, 3, Some(4), two.into()),
                    m(3, 5, None, vec![].into()),
                ]
                .into(),
            }],
            lineups: Vec::new().into(),
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
        assert!(!whole(&release.round(1)));

        // Table 2's closed room plays board 1: board 1 is out, board 2 is not.
        let mut two = both_rooms(1);
        two.push(result(Room::Open, 2, 5));
        let e = event([one.clone(), two]);
        let release = Release::of(&e, &[]);
        assert!(release.board(1, 1));
        assert!(!release.board(1, 2));

        // The director releases the round: everything is out.
        let release = Release::of(&e, &[1]);
        assert!(whole(&release.round(1)) && release.round(1).by_director);
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
    fn the_public_figures_follow_from_released_boards_only() {
        // Table 1 complete; table 2 has both rooms of board 1 and nothing of board 2.
        let mut one = both_rooms(1);
        one.extend(both_rooms(2));
        let e = event([one, both_rooms(1)]);
        let release = Release::of(&e, &[]);
        let (public, shown) = release.public_view(&e, &[]);
        let table1 = &public.rounds[0].matches[0];
        assert!(table1.result(Room::Open, 2).is_none(), "board 2 is not out");
        assert!(table1.result(Room::Open, 1).is_some());

        // Table 1 is complete at its table, but board 2 is still played at table 2: its
        // total less board 1 would give board 2 away, so in public it is in progress, with
        // board 1 only, and does not count in the standings.
        let full = Report::compute(&e);
        assert_eq!(full.matches[0].figures.status, MatchStatus::Complete);
        let open = &shown.matches[0].figures;
        assert_eq!(open.status, MatchStatus::InProgress);
        assert_eq!(open.compared, 1);
        assert_eq!(open.boards.iter().map(|b| b.board).collect::<Vec<_>>(), [1]);
        assert!(!shown.matches[0].counts);
        assert_ne!(shown.standings, full.standings);
        assert!(shown.standings.iter().all(|s| s.played == 0));
        // The same event with other figures on board 2 looks the same in public.
        let mut other = e.clone();
        for r in &mut other.rounds[0].matches[0].results {
            if r.board == 2 {
                *r = result(r.room, 2, 150);
            }
        }
        assert_ne!(Report::compute(&other), full);
        assert_eq!(release.public_view(&other, &[]), (public, shown));

        // Released by the director, table 1 is complete in public too.
        let (_, closed) = Release::of(&e, &[1]).public_view(&e, &[1]);
        assert_eq!(closed.matches[0].figures, full.matches[0].figures);
    }

    fn at(h: u32, m: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    #[test]
    fn finality_waits_for_approval_then_the_correction_period() {
        let mut play = Play {
            correction_minutes: 30,
            last_change: vec![(1, at(21, 0)), (2, at(22, 0))],
            provisional: vec![(2, 3, Room::Closed)],
            ..Play::default()
        };
        let complete = RoundProgress::Complete;
        let of = |play: &Play, round, table, now| Finality::of(play, round, table, complete, now);
        // Round 1: complete at 21:00, corrections until 21:30, final from 21:30 on.
        assert_eq!(
            of(&play, 1, None, at(21, 29)),
            Finality::Correcting { until: at(21, 30) }
        );
        assert_eq!(of(&play, 1, None, at(21, 30)), Finality::Final);
        assert!(of(&play, 1, None, at(23, 0)).is_final());
        // Round 2: a room waits for approval, whatever the clock says.
        assert_eq!(
            of(&play, 2, None, at(23, 59)),
            Finality::AwaitingApproval(vec![(3, Room::Closed)])
        );
        // Table 1 of round 2 has nothing waiting: its correction period runs.
        assert_eq!(
            of(&play, 2, Some(1), at(22, 10)),
            Finality::Correcting { until: at(22, 30) }
        );
        // A round still played is in play, unless a room waits.
        assert_eq!(
            Finality::of(&play, 1, None, RoundProgress::InProgress, at(23, 0)),
            Finality::InPlay
        );
        assert_eq!(
            Finality::of(&play, 2, Some(3), RoundProgress::InProgress, at(23, 0)),
            Finality::AwaitingApproval(vec![(3, Room::Closed)])
        );
        // A complete round with no recorded change (an imported archive) is final.
        assert_eq!(of(&play, 7, None, at(0, 0)), Finality::Final);
        // No correction period: final the moment it is complete.
        play.correction_minutes = 0;
        assert_eq!(of(&play, 1, None, at(21, 0)), Finality::Final);
    }

    #[test]
    fn the_ended_periods_are_counted_for_the_page_cache() {
        let play = Play {
            correction_minutes: 30,
            last_change: vec![(1, at(21, 0)), (2, at(22, 0))],
            ..Play::default()
        };
        assert_eq!(play.periods_ended(at(21, 29)), 0);
        assert_eq!(play.periods_ended(at(21, 30)), 1);
        assert_eq!(play.periods_ended(at(22, 30)), 2);
        assert!(!play.awaits_approval(1, 1, Room::Open));
        let complete = RoundProgress::Complete;
        assert!(!play.correction_period_over(1, complete, at(21, 29)));
        assert!(play.correction_period_over(1, complete, at(21, 30)));
        assert!(!play.correction_period_over(1, RoundProgress::InProgress, at(23, 0)));
        // No recorded change: no period has run.
        assert!(!play.correction_period_over(3, complete, at(23, 0)));
    }

    #[test]
    fn a_held_draw_shows_no_match_of_its_round() {
        let e = event([vec![], vec![]]);
        let release = Release::of(&e, &[]).with_held_draws(&[1]);
        assert!(release.draw_held(1) && !release.draw_held(2));
        let public = release.redact(&e);
        assert!(public.rounds[0].matches.is_empty(), "no pairing, no bye");
        assert_eq!(public.rounds[0].boards.len(), 2, "the boards are no secret");
        let (_, shown) = release.public_view(&e, &[]);
        assert!(shown.matches.iter().all(|m| m.round != 1));
        // Published, the same round shows its matches.
        let open = Release::of(&e, &[]).redact(&e);
        assert_eq!(open.rounds[0].matches.len(), 3);
    }
}
