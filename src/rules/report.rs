//! Every computed figure of an event, derived from its stored inputs in one pass.

use super::cards::Room;
use super::compare::{MatchFigures, MatchStatus, Scorer, SideFigures};
use super::event::{Event, Shared, TeamNo};
use super::standings::{MatchLine, Standing, Totals, standings};

/// The standings after each round, by round number, in round order; each round's list is
/// shared with the revisions after it while it does not change.
pub(crate) type AfterEachRound = Vec<(i32, Shared<Vec<Standing>>)>;

/// A match of [`Report::rows`].
struct Row {
    round: i32,
    table: i32,
    home: TeamNo,
    away: Option<TeamNo>,
    figures: Shared<MatchFigures>,
    counts: bool,
}

/// One match with its figures.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    pub round: i32,
    pub table: i32,
    pub home: TeamNo,
    pub away: Option<TeamNo>,
    /// Shared with the report of the revision before when the match did not change.
    pub figures: Shared<MatchFigures>,
    /// Whether the match counts in the standings now: a complete match, or a bye once every
    /// other match of its round is complete or the director has closed the round
    /// (docs/rules.md §5).
    pub counts: bool,
}

impl MatchReport {
    /// The match from team `team`'s side, with its opponent (`None` for a bye); `None` when
    /// the team does not play it.
    pub(crate) fn side_of(&self, team: TeamNo) -> Option<(SideFigures, Option<TeamNo>)> {
        if self.home == team {
            Some((self.figures.side(true), self.away))
        } else if self.away == Some(team) {
            Some((self.figures.side(false), Some(self.home)))
        } else {
            None
        }
    }
}

/// The figures of every match, in round and table order, and the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub matches: Vec<MatchReport>,
    pub standings: Vec<Standing>,
}

impl Report {
    /// How far round `round` has come.
    pub(crate) fn round_progress(&self, round: i32) -> RoundProgress {
        let matches: Vec<MatchProgress> = self
            .matches
            .iter()
            .filter(|m| m.round == round)
            .map(|m| MatchProgress::of(&m.figures))
            .collect();
        RoundProgress::of(&matches)
    }

    pub fn compute(event: &Event) -> Report {
        Report::compute_closing(event, &[])
    }

    /// The figures of `event` where the director has closed the rounds `closed` (their
    /// byes count although a match will not finish).
    pub fn compute_closing(event: &Event, closed: &[i32]) -> Report {
        Report::compute_with(event, closed, None, |_, _| None)
    }

    /// The standings over the rounds before `round` of `event`, none closed: what a pairing
    /// of round `round` ranks the field by. Each match's figures are borrowed from `known`,
    /// a report of the same event, where it has them (a match's figures depend on its own
    /// results and its round's boards only), so only the ranking is worked out again.
    pub(crate) fn standings_before(
        event: &Event,
        round: i32,
        known: Option<&Report>,
    ) -> Vec<Standing> {
        // Pairing the round after the last complete one: the standings are the report's.
        if let Some(known) = known
            && known.counts_exactly_before(round)
        {
            return known.standings.clone();
        }
        let rows = Report::rows(event, &[], Some(round), |r, table| {
            Some(known?.match_at(r, table)?.figures.clone())
        });
        Report::rank(event, &rows)
    }

    /// Whether this report's standings are those over the rounds before `round` with none
    /// closed: every match of those rounds counts (so every other match of a bye's round is
    /// complete, closed or not), and no match of a later round adds anything.
    fn counts_exactly_before(&self, round: i32) -> bool {
        self.matches.iter().all(|m| {
            if m.round < round {
                m.counts
            } else {
                !m.counts && m.figures.status != MatchStatus::Complete
            }
        })
    }

    /// The match at `table` in round `round` (the matches are in that order).
    pub(crate) fn match_at(&self, round: i32, table: i32) -> Option<&MatchReport> {
        let at = self
            .matches
            .binary_search_by_key(&(round, table), |m| (m.round, m.table))
            .ok()?;
        Some(&self.matches[at])
    }

    /// [`Report::compute_closing`] for an event that differs from the one `before` was
    /// computed from only in the results of the matches `changed` (round, table): the
    /// figures of every other match are taken from `before`, and the byes, the counts and
    /// the standings worked out again. Equal to computing it whole.
    pub(crate) fn compute_since(
        event: &Event,
        closed: &[i32],
        before: &Report,
        changed: &std::collections::HashSet<(i32, i32)>,
    ) -> Report {
        Report::compute_with(event, closed, None, |round, table| {
            if changed.contains(&(round, table)) {
                return None;
            }
            Some(before.match_at(round, table)?.figures.clone())
        })
    }

    /// The report, with the figures of a match from `known` where it has them, of the
    /// rounds before `before` when it is given (else of every round).
    fn compute_with(
        event: &Event,
        closed: &[i32],
        before: Option<i32>,
        known: impl Fn(i32, i32) -> Option<Shared<MatchFigures>>,
    ) -> Report {
        Report::of_rows(event, Report::rows(event, closed, before, known))
    }

    /// The report of `rows`, and the standings.
    fn of_rows(event: &Event, rows: Vec<Row>) -> Report {
        let standings = Report::rank(event, &rows);
        let matches = rows
            .into_iter()
            .map(|r| MatchReport {
                round: r.round,
                table: r.table,
                home: r.home,
                away: r.away,
                figures: r.figures,
                counts: r.counts,
            })
            .collect();
        Report { matches, standings }
    }

    /// Every match of the rounds before `before` (else of every round) with its figures
    /// (from `known` where it has them, else compared) and whether it counts, by round and
    /// table.
    fn rows(
        event: &Event,
        closed: &[i32],
        before: Option<i32>,
        known: impl Fn(i32, i32) -> Option<Shared<MatchFigures>>,
    ) -> Vec<Row> {
        let scorer = Scorer::new(&event.settings);
        let out: std::collections::HashSet<TeamNo> = event
            .teams
            .iter()
            .filter(|t| t.withdrawn)
            .map(|t| t.number)
            .collect();
        let withdrawn = |n: TeamNo| out.contains(&n);
        let mut rows = Vec::new();
        for round in event
            .rounds
            .iter()
            .filter(|r| before.is_none_or(|b| r.number < b))
        {
            let figures: Vec<Shared<MatchFigures>> = round
                .matches
                .iter()
                .map(|m| {
                    known(round.number, m.table)
                        .unwrap_or_else(|| Shared::new(scorer.compare(&round.boards, m)))
                })
                .collect();
            // A bye counts once nothing else of its round is still to be played (a match
            // of a withdrawn team will not be).
            let done = closed.contains(&round.number)
                || round.matches.iter().zip(&figures).all(|(m, f)| {
                    f.status != MatchStatus::InProgress
                        || withdrawn(m.home)
                        || m.away.is_some_and(withdrawn)
                });
            for (m, figures) in round.matches.iter().zip(figures) {
                let counts = match figures.status {
                    MatchStatus::Complete => true,
                    MatchStatus::Bye => done,
                    MatchStatus::InProgress => false,
                };
                rows.push(Row {
                    round: round.number,
                    table: m.table,
                    home: m.home,
                    away: m.away,
                    figures,
                    counts,
                });
            }
        }
        rows.sort_by_key(|m| (m.round, m.table));
        rows
    }

    /// The standings of `rows`.
    fn rank(event: &Event, rows: &[Row]) -> Vec<Standing> {
        let lines: Vec<MatchLine<'_>> = rows
            .iter()
            .filter(|m| m.counts || m.figures.status != MatchStatus::Bye)
            .map(|m| MatchLine {
                home: m.home,
                away: m.away,
                figures: &m.figures,
            })
            .collect();
        let teams: Vec<TeamNo> = event.teams.iter().map(|t| t.number).collect();
        standings(&teams, &lines, &event.settings.tiebreaks)
    }

    /// How many tables of the event scored each table score s, from the lowest s scored to
    /// the highest, with every s in between (count 0 when none scored it). Tables without
    /// a scorable result do not count. Read from the report's figures of each board (the
    /// home team's table score in each room, turned back to the declarers' s), so no table
    /// is scored again: at 20,000 teams that was 3.5 million tables on every revision.
    pub fn table_score_counts(&self, event: &Event) -> Vec<(i32, u32)> {
        /// The widest range of s shown with its empty values.
        const DISTRIBUTION_SPAN: i32 = 40;
        /// Table scores counted in a plain array: s in −NEAR..=NEAR; rulings beyond it in a map.
        const NEAR: i32 = 128;
        let mut near = [0u32; (2 * NEAR + 1) as usize];
        let mut far: std::collections::BTreeMap<i32, u32> = std::collections::BTreeMap::new();
        for m in &self.matches {
            let Some(round) = event.rounds.iter().find(|r| r.number == m.round) else {
                continue;
            };
            // The figures' boards follow the round's board order (`Scorer::compare`).
            let mut boards = round.boards.iter();
            for swing in &m.figures.boards {
                let Some(board) = boards.find(|b| b.number == swing.board) else {
                    break;
                };
                for (home_s, room) in [(swing.open, Room::Open), (swing.closed, Room::Closed)] {
                    let Some(home_s) = home_s else {
                        continue;
                    };
                    let s = if board.dealer.pair() == room.home_pair() {
                        home_s
                    } else {
                        -home_s
                    };
                    match usize::try_from(s + NEAR) {
                        Ok(i) if s <= NEAR => near[i] += 1,
                        _ => *far.entry(s).or_default() += 1,
                    }
                }
            }
        }
        let mut counts = far;
        for (i, n) in near.iter().enumerate() {
            if *n > 0 {
                counts.insert(i as i32 - NEAR, *n);
            }
        }
        let (Some(&lo), Some(&hi)) = (counts.keys().next(), counts.keys().next_back()) else {
            return Vec::new();
        };
        // A small range shows every s, the empty ones too; a wide one (a stored ruling far
        // out) shows only the values that occur, so the chart grows with the data alone.
        if i64::from(hi) - i64::from(lo) <= i64::from(DISTRIBUTION_SPAN) {
            for s in lo..=hi {
                counts.entry(s).or_default();
            }
        }
        counts.into_iter().collect()
    }

    /// The standings after each round, in round order: for round r, the standings of the
    /// event cut after round r (the matches of rounds up to r count, later ones do not).
    /// From this report's figures (no match is compared again): one pass over the matches
    /// in round order, adding each round's matches to the per-team totals and ranking after
    /// it.
    pub fn standings_after_each_round(&self, event: &Event) -> AfterEachRound {
        self.after_each_round_where(event, |_| true, None)
    }

    /// The standings after each round that has begun to count: a round with at least one
    /// complete match (a round of nothing but byes, or not played yet, adds no point). What
    /// the charts draw, one point per such round. The standings after each round
    /// before `from` are taken from `before` (the same list of an earlier revision of this event that
    /// differs from it only in results of round `from` and later): those rounds are not
    /// ranked again. A save in the last round of a 20,000-team event then ranks one round,
    /// not eleven.
    pub(crate) fn standings_after_each_played_round_since(
        &self,
        event: &Event,
        before: Option<(&AfterEachRound, i32)>,
    ) -> AfterEachRound {
        let played: std::collections::HashSet<i32> = self
            .matches
            .iter()
            .filter(|m| m.figures.status == MatchStatus::Complete)
            .map(|m| m.round)
            .collect();
        self.after_each_round_where(event, |r| played.contains(&r), before)
    }

    /// The standings after each round that `wanted`, ranked afresh, or taken from `before`
    /// for the rounds before its round.
    fn after_each_round_where(
        &self,
        event: &Event,
        wanted: impl Fn(i32) -> bool,
        before: Option<(&AfterEachRound, i32)>,
    ) -> AfterEachRound {
        let teams: Vec<TeamNo> = event.teams.iter().map(|t| t.number).collect();
        let mut rounds: Vec<i32> = event.rounds.iter().map(|r| r.number).collect();
        rounds.sort_unstable();
        rounds.dedup();
        let mut in_order: Vec<&MatchReport> = self
            .matches
            .iter()
            .filter(|m| m.counts || m.figures.status != MatchStatus::Bye)
            .collect();
        in_order.sort_by_key(|m| m.round);
        let kept = |r: i32| {
            let (list, from) = before?;
            if r >= from {
                return None;
            }
            list.iter().find(|(k, _)| *k == r).map(|(_, s)| s.clone())
        };
        let mut totals = Totals::new(&teams);
        let mut next = in_order.iter().peekable();
        rounds
            .into_iter()
            .filter_map(|r| {
                while let Some(m) = next.next_if(|m| m.round <= r) {
                    totals.add(&MatchLine {
                        home: m.home,
                        away: m.away,
                        figures: &m.figures,
                    });
                }
                if !wanted(r) {
                    return None;
                }
                let standings = kept(r)
                    .unwrap_or_else(|| Shared::new(totals.ranked(&event.settings.tiebreaks)));
                Some((r, standings))
            })
            .collect()
    }
}

/// How far a match has come: a bye, no result yet, in progress from its first result on,
/// or complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchProgress {
    Bye,
    NotStarted,
    InProgress,
    Complete,
}

impl MatchProgress {
    pub(crate) fn of(figures: &MatchFigures) -> MatchProgress {
        match figures.status {
            MatchStatus::Bye => MatchProgress::Bye,
            MatchStatus::Complete => MatchProgress::Complete,
            MatchStatus::InProgress if figures.boards.is_empty() => MatchProgress::NotStarted,
            MatchStatus::InProgress => MatchProgress::InProgress,
        }
    }

    pub(crate) fn code(self) -> &'static str {
        match self {
            MatchProgress::Bye => "bye",
            MatchProgress::NotStarted => "not-started",
            MatchProgress::InProgress => "in-progress",
            MatchProgress::Complete => "complete",
        }
    }
}

/// How far a round has come: not started until a result is in, complete when every match
/// is (byes count as done).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RoundProgress {
    NotStarted,
    InProgress,
    Complete,
}

impl RoundProgress {
    pub(crate) fn of(matches: &[MatchProgress]) -> RoundProgress {
        let played: Vec<MatchProgress> = matches
            .iter()
            .copied()
            .filter(|m| *m != MatchProgress::Bye)
            .collect();
        if matches.is_empty()
            || (!played.is_empty() && played.iter().all(|m| *m == MatchProgress::NotStarted))
        {
            RoundProgress::NotStarted
        } else if played.iter().all(|m| *m == MatchProgress::Complete) {
            RoundProgress::Complete
        } else {
            RoundProgress::InProgress
        }
    }

    pub(crate) fn code(self) -> &'static str {
        match self {
            RoundProgress::NotStarted => "not-started",
            RoundProgress::InProgress => "in-progress",
            RoundProgress::Complete => "complete",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standings_after_each_round_cut_the_event_there() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
        let files = crate::archive::ArchiveFiles::read(&dir).expect("the sample reads");
        let event = crate::archive::parse(&files)
            .expect("the sample parses")
            .event;
        let after = Report::compute(&event).standings_after_each_round(&event);
        let rounds: Vec<i32> = after.iter().map(|(r, _)| *r).collect();
        assert_eq!(rounds, [1, 2, 3]);
        for (r, standings) in &after {
            let mut cut = event.clone();
            cut.rounds.retain(|round| round.number <= *r);
            assert_eq!(&**standings, &Report::compute(&cut).standings, "round {r}");
            assert_eq!(standings.len(), event.teams.len());
        }
        assert_eq!(*after[2].1, Report::compute(&event).standings);
        let counts = Report::compute(&event).table_score_counts(&event);
        let tables: u32 = counts.iter().map(|c| c.1).sum();
        assert_eq!(usize::try_from(tables).unwrap(), event.result_count());
        assert!(counts.windows(2).all(|w| w[1].0 == w[0].0 + 1));
        // After round 1 nobody has played more than one match.
        assert!(after[0].1.iter().all(|s| s.played <= 1));
    }

    #[test]
    fn only_rounds_with_a_complete_match_count_as_played() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
        let files = crate::archive::ArchiveFiles::read(&dir).expect("the sample reads");
        let mut event = crate::archive::parse(&files)
            .expect("the sample parses")
            .event;
        // Round 3 loses every result: it has begun to count for nobody.
        for m in &mut event.rounds[2].matches {
            m.results.clear();
        }
        let report = Report::compute(&event);
        let all: Vec<i32> = report
            .standings_after_each_round(&event)
            .iter()
            .map(|(r, _)| *r)
            .collect();
        let played = report.standings_after_each_played_round_since(&event, None);
        assert_eq!(all, [1, 2, 3]);
        assert_eq!(played.iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(played[..], report.standings_after_each_round(&event)[..2]);
    }

    #[test]
    fn the_standings_before_a_round_are_those_of_the_rounds_before_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night");
        let files = crate::archive::ArchiveFiles::read(&dir).expect("the sample reads");
        let event = crate::archive::parse(&files)
            .expect("the sample parses")
            .event;
        let whole = Report::compute(&event);
        // A report whose figures were never compared: taken from it, they show.
        let mut marked = whole.clone();
        for m in &mut marked.matches {
            m.figures.compared += 1_000;
        }
        for round in 1..=4 {
            let mut cut = event.clone();
            cut.rounds.retain(|r| r.number < round);
            let expected = Report::compute(&cut).standings;
            assert_eq!(Report::standings_before(&event, round, None), expected);
            assert_eq!(
                Report::standings_before(&event, round, Some(&whole)),
                expected
            );
            let rows = Report::rows(&event, &[], Some(round), |r, table| {
                Some(marked.match_at(r, table)?.figures.clone())
            });
            assert!(
                rows.iter()
                    .all(|m| m.round < round && m.figures.compared >= 1_000),
                "round {round}"
            );
        }
    }

    #[test]
    fn progress_of_matches_and_rounds() {
        use MatchProgress as M;
        assert_eq!(
            M::of(&MatchFigures::entered(MatchStatus::InProgress, 0)),
            M::NotStarted
        );
        assert_eq!(
            M::of(&MatchFigures::entered(MatchStatus::InProgress, 2)),
            M::InProgress
        );
        assert_eq!(
            M::of(&MatchFigures::entered(MatchStatus::Complete, 2)),
            M::Complete
        );
        assert_eq!(M::of(&MatchFigures::entered(MatchStatus::Bye, 0)), M::Bye);
        assert_eq!(RoundProgress::of(&[]), RoundProgress::NotStarted);
        // A round of nothing but a bye has nothing left to play.
        assert_eq!(RoundProgress::of(&[M::Bye]), RoundProgress::Complete);
        assert_eq!(
            RoundProgress::of(&[M::NotStarted, M::Bye]),
            RoundProgress::NotStarted
        );
        assert_eq!(
            RoundProgress::of(&[M::Complete, M::NotStarted, M::Bye]),
            RoundProgress::InProgress
        );
        assert_eq!(
            RoundProgress::of(&[M::Complete, M::Complete, M::Bye]),
            RoundProgress::Complete
        );
    }
}
