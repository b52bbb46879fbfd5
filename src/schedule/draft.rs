//! From an event to a proposed round, pure: who is paired (not withdrawn, not already in a
//! match that has results), the standings before the round, who has met whom, and the
//! warnings any pairing (generated or typed by hand) deserves: rematches, double byes and
//! same-club meetings. The director's schedule pages call this and only render the result.

use std::collections::{HashMap, HashSet};

use num_traits::Zero;

use rustc_hash::{FxHashMap, FxHashSet};

use super::swiss::{Entrant, Meetings, Reason, SwissOptions, first_round, pair_swiss};
use super::{RoundPlan, round_robin};
use crate::rules::Pairing;
use crate::rules::rational::Rational;
use crate::rules::{Event, Match, MatchStatus, Report, Score, TeamNo};

/// Why two teams were paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingReason {
    /// A Swiss reason.
    Swiss(Reason),
    /// Round `round` of the Berger table (of the cycle, 1-based).
    RoundRobin { round: i32 },
}

/// One proposed match with its explanation: ranks and scores before the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposed {
    pub table: i32,
    pub home: TeamNo,
    pub away: TeamNo,
    pub home_rank: u32,
    pub away_rank: u32,
    pub home_score: Score,
    pub away_score: Score,
    pub why: PairingReason,
}

/// A proposed round: matches on tables 1…n (after any kept tables), the bye separately.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub matches: Vec<Proposed>,
    pub bye: Option<TeamNo>,
    /// Matches of the round that have results and stay as they are (an unlocked round).
    pub kept: Vec<Pairing>,
    /// Rematches in the proposal; for Swiss, non-zero only when no pairing avoids them.
    pub rematches: u32,
    pub(crate) same_club_meetings: u32,
}

impl Proposal {
    /// The round's pairings to save: kept matches, generated matches, then the bye at the
    /// table after the last.
    pub fn pairings(&self) -> Vec<Pairing> {
        let mut out = self.kept.clone();
        out.extend(self.matches.iter().map(|m| Pairing {
            table: m.table,
            home: m.home,
            away: Some(m.away),
        }));
        if let Some(bye) = self.bye {
            let last = out.iter().map(|p| p.table).max().unwrap_or(0);
            out.push(Pairing {
                table: last + 1,
                home: bye,
                away: None,
            });
        }
        out.sort_by_key(|p| p.table);
        out
    }
}

/// How the first Swiss round is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstRound {
    /// 1–2, 3–4, … by team number.
    ByNumber,
    /// Team numbers as seeds, the top half against the bottom half: 1–(k+1), 2–(k+2), …
    /// for 2k teams; with an odd count the last seed has the bye.
    BySeeding,
    /// The teams' rating figures as seeds ([`Field::with_seed_figures`], docs/rules.md
    /// §14): highest first, ties by team number, then paired as [`FirstRound::BySeeding`].
    ByRating,
    /// Lots drawn with this seed.
    Lots(u64),
}

/// The state of the field before round `round`.
#[derive(Clone, Debug)]
pub struct Field {
    /// Teams to pair, in ranking order before the round.
    pub(crate) entrants: Vec<Entrant>,
    pub meetings: Meetings,
    /// Rank (1-based position in the standings before the round) and score of every team.
    pub rank: FxHashMap<TeamNo, (u32, Score)>,
    /// Matches of the round that have results: they stay.
    pub kept: Vec<Pairing>,
    /// Each team's figure for seeding by rating; a team not here counts 0.
    seed_figures: FxHashMap<TeamNo, Rational>,
}

impl Field {
    /// The field for round `round` of `event`: standings over the rounds before it (only
    /// complete matches and byes count), withdrawn teams and teams already in a match of
    /// this round that has results left out.
    pub fn before(event: &Event, round: i32) -> Field {
        Field::before_known(event, round, None)
    }

    /// [`Field::before`], with the match figures taken from `known` (a report of the same
    /// event, such as a snapshot's) instead of compared again.
    pub fn before_known(event: &Event, round: i32, known: Option<&Report>) -> Field {
        let standings = Report::standings_before(event, round, known);
        let kept: Vec<Pairing> = event
            .rounds
            .iter()
            .filter(|r| r.number == round)
            .flat_map(|r| &r.matches)
            .filter(|m| !m.results.is_empty())
            .map(Pairing::of)
            .collect();
        let busy: FxHashSet<TeamNo> = kept
            .iter()
            .flat_map(|p| [Some(p.home), p.away])
            .flatten()
            .collect();
        let earlier = || event.rounds.iter().filter(|r| r.number < round);
        let played: usize = earlier().map(|r| r.matches.len()).sum();
        let teams = event.teams.len();
        let mut meetings = Meetings::with_capacity(played);
        let mut home: FxHashMap<TeamNo, u32> =
            FxHashMap::with_capacity_and_hasher(teams, Default::default());
        let mut away: FxHashMap<TeamNo, u32> =
            FxHashMap::with_capacity_and_hasher(teams, Default::default());
        let mut byes: FxHashSet<TeamNo> = FxHashSet::default();
        for r in earlier() {
            for m in &r.matches {
                match m.away {
                    Some(a) => {
                        meetings.record(m.home, a, r.number);
                        *home.entry(m.home).or_default() += 1;
                        *away.entry(a).or_default() += 1;
                    }
                    None => {
                        byes.insert(m.home);
                    }
                }
            }
        }
        let mut rank = FxHashMap::with_capacity_and_hasher(standings.len(), Default::default());
        let mut entrants = Vec::new();
        for (i, s) in standings.iter().enumerate() {
            rank.insert(s.team, (i as u32 + 1, s.score));
            let Some(team) = event.team(s.team) else {
                continue;
            };
            if team.withdrawn || busy.contains(&team.number) {
                continue;
            }
            entrants.push(Entrant {
                team: team.number,
                score: s.score,
                club: team.club.trim().to_owned(),
                home: home.get(&team.number).copied().unwrap_or(0),
                away: away.get(&team.number).copied().unwrap_or(0),
                had_bye: byes.contains(&team.number),
            });
        }
        Field {
            entrants,
            meetings,
            rank,
            kept,
            seed_figures: FxHashMap::default(),
        }
    }

    /// The field with each team's figure for seeding round 1 by rating.
    pub fn with_seed_figures(
        mut self,
        figures: impl IntoIterator<Item = (TeamNo, Rational)>,
    ) -> Field {
        self.seed_figures = figures.into_iter().collect();
        self
    }

    fn rank_of(&self, team: TeamNo) -> (u32, Score) {
        self.rank.get(&team).copied().unwrap_or((0, Score(0)))
    }

    /// Tables for `count` generated matches: the lowest numbers no kept match uses.
    fn free_tables(&self, count: usize) -> Vec<i32> {
        let used: HashSet<i32> = self.kept.iter().map(|p| p.table).collect();
        (1..).filter(|t| !used.contains(t)).take(count).collect()
    }

    /// A Swiss round: `first` for round 1 (no rounds before), else down the standings.
    pub fn swiss(&self, first: Option<FirstRound>, avoid_same_club: bool) -> Proposal {
        let draw = match first {
            Some(FirstRound::ByNumber) => {
                let mut teams: Vec<TeamNo> = self.entrants.iter().map(|e| e.team).collect();
                teams.sort();
                first_round(&teams, None)
            }
            Some(FirstRound::BySeeding) => {
                first_round(&top_against_bottom(self.teams_by_number()), None)
            }
            Some(FirstRound::ByRating) => {
                let mut draw = first_round(&top_against_bottom(self.rating_order()), None);
                for m in &mut draw.matches {
                    m.reason = Reason::SeededByRating;
                }
                draw
            }
            Some(FirstRound::Lots(seed)) => {
                let mut teams: Vec<TeamNo> = self.entrants.iter().map(|e| e.team).collect();
                teams.sort();
                first_round(&teams, Some(seed))
            }
            None => pair_swiss(
                &self.entrants,
                &self.meetings,
                SwissOptions {
                    avoid_same_club,
                    ..SwissOptions::default()
                },
            ),
        };
        let tables = self.free_tables(draw.matches.len());
        let club: HashMap<TeamNo, &str> = self
            .entrants
            .iter()
            .map(|e| (e.team, e.club.as_str()))
            .collect();
        let same_club = |a: TeamNo, b: TeamNo| {
            let (x, y) = (club.get(&a).copied(), club.get(&b).copied());
            x.is_some_and(|x| !x.is_empty() && Some(x) == y)
        };
        let matches: Vec<Proposed> = draw
            .matches
            .iter()
            .zip(tables)
            .map(|(m, table)| {
                let (home_rank, home_score) = self.rank_of(m.home);
                let (away_rank, away_score) = self.rank_of(m.away);
                Proposed {
                    table,
                    home: m.home,
                    away: m.away,
                    home_rank,
                    away_rank,
                    home_score,
                    away_score,
                    why: PairingReason::Swiss(m.reason.clone()),
                }
            })
            .collect();
        let rematches = matches
            .iter()
            .filter(|m| self.meetings.round_met(m.home, m.away).is_some())
            .count() as u32;
        let same_club_meetings =
            matches.iter().filter(|m| same_club(m.home, m.away)).count() as u32;
        Proposal {
            matches,
            bye: draw.bye,
            kept: self.kept.clone(),
            rematches,
            same_club_meetings,
        }
    }

    /// Round `index` (0-based) of a round robin of the field's teams by number.
    pub(crate) fn round_robin_round(&self, plan: &RoundPlan, index: usize) -> Proposal {
        let tables = self.free_tables(plan.pairs.len());
        let per_cycle = if self.entrants.len().is_multiple_of(2) {
            self.entrants.len().saturating_sub(1)
        } else {
            self.entrants.len()
        }
        .max(1);
        let matches: Vec<Proposed> = plan
            .pairs
            .iter()
            .zip(tables)
            .map(|(&(home, away), table)| {
                let (home_rank, home_score) = self.rank_of(home);
                let (away_rank, away_score) = self.rank_of(away);
                Proposed {
                    table,
                    home,
                    away,
                    home_rank,
                    away_rank,
                    home_score,
                    away_score,
                    why: PairingReason::RoundRobin {
                        round: (index % per_cycle) as i32 + 1,
                    },
                }
            })
            .collect();
        let rematches = matches
            .iter()
            .filter(|m| self.meetings.round_met(m.home, m.away).is_some())
            .count() as u32;
        let club: HashMap<TeamNo, &str> = self
            .entrants
            .iter()
            .map(|e| (e.team, e.club.as_str()))
            .collect();
        let same_club_meetings = matches
            .iter()
            .filter(|m| {
                let (x, y) = (club.get(&m.home), club.get(&m.away));
                x.is_some_and(|x| !x.is_empty() && Some(x) == y)
            })
            .count() as u32;
        Proposal {
            matches,
            bye: plan.bye,
            kept: self.kept.clone(),
            rematches,
            same_club_meetings,
        }
    }

    /// The teams by their figure for seeding by rating, highest first, ties by team number.
    pub fn rating_order(&self) -> Vec<TeamNo> {
        let zero = Rational::zero();
        let mut teams = self.teams_by_number();
        teams.sort_by(|a, b| {
            let figure = |t: &TeamNo| self.seed_figures.get(t).unwrap_or(&zero);
            figure(b).cmp(figure(a)).then(a.cmp(b))
        });
        teams
    }

    /// The teams of a round robin, by number.
    pub(crate) fn teams_by_number(&self) -> Vec<TeamNo> {
        let mut teams: Vec<TeamNo> = self.entrants.iter().map(|e| e.team).collect();
        teams.sort();
        teams
    }
}

/// Seeds in order interleaved top half with bottom half (1, k+1, 2, k+2, …), the last
/// seed at the end when the count is odd, for [`first_round`] to pair in twos.
fn top_against_bottom(mut seeds: Vec<TeamNo>) -> Vec<TeamNo> {
    let last = (seeds.len() % 2 == 1).then(|| seeds.pop()).flatten();
    let (top, bottom) = seeds.split_at(seeds.len() / 2);
    let mut order: Vec<TeamNo> = top.iter().zip(bottom).flat_map(|(&a, &b)| [a, b]).collect();
    order.extend(last);
    order
}

/// The whole round robin for the active teams of `event` (by number), single or double.
pub(crate) fn whole_round_robin(event: &Event, double: bool) -> Vec<RoundPlan> {
    let teams: Vec<TeamNo> = event
        .teams
        .iter()
        .filter(|t| !t.withdrawn)
        .map(|t| t.number)
        .collect();
    round_robin(&teams, double)
}

/// The tables of the round before `round` whose match is not complete (byes are done);
/// empty when there is no such round or every match is complete.
pub(crate) fn previous_round_open(event: &Event, report: &Report, round: i32) -> Vec<i32> {
    let Some(previous) = event
        .rounds
        .iter()
        .map(|r| r.number)
        .filter(|n| *n < round)
        .max()
    else {
        return Vec::new();
    };
    report
        .matches
        .iter()
        .filter(|m| m.round == previous && m.figures.status == MatchStatus::InProgress)
        .map(|m| m.table)
        .collect()
}

/// Something about a pairing the director should know before saving it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The two teams met in that round already.
    Rematch {
        home: TeamNo,
        away: TeamNo,
        round: i32,
    },
    /// The team had a bye in that round already.
    DoubleBye { team: TeamNo, round: i32 },
    /// The two teams are of the same club.
    SameClub {
        home: TeamNo,
        away: TeamNo,
        club: String,
    },
}

/// The warnings for `pairings` as round `round` of `event`, in table order.
pub fn warnings(event: &Event, round: i32, pairings: &[Pairing]) -> Vec<Warning> {
    let mut met: HashMap<(TeamNo, TeamNo), i32> = HashMap::new();
    let mut byes: HashMap<TeamNo, i32> = HashMap::new();
    for r in event.rounds.iter().filter(|r| r.number != round) {
        for m in &r.matches {
            match m.away {
                Some(a) => {
                    let key = (m.home.min(a), m.home.max(a));
                    let seen = met.entry(key).or_insert(r.number);
                    *seen = (*seen).max(r.number);
                }
                None => {
                    byes.entry(m.home).or_insert(r.number);
                }
            }
        }
    }
    let club = |n: TeamNo| {
        event
            .team(n)
            .map(|t| t.club.trim().to_owned())
            .unwrap_or_default()
    };
    let mut sorted = pairings.to_vec();
    sorted.sort_by_key(|p| p.table);
    let mut out = Vec::new();
    for p in &sorted {
        match p.away {
            Some(a) => {
                if let Some(&r) = met.get(&(p.home.min(a), p.home.max(a))) {
                    out.push(Warning::Rematch {
                        home: p.home,
                        away: a,
                        round: r,
                    });
                }
                let c = club(p.home);
                if !c.is_empty() && c == club(a) {
                    out.push(Warning::SameClub {
                        home: p.home,
                        away: a,
                        club: c,
                    });
                }
            }
            None => {
                if let Some(&r) = byes.get(&p.home) {
                    out.push(Warning::DoubleBye {
                        team: p.home,
                        round: r,
                    });
                }
            }
        }
    }
    out
}

/// What the schedule pages record about a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoteKind {
    /// Pairings were generated and saved.
    Generated,
    /// Generated although the previous round was not complete.
    Override,
    /// The director unlocked the round (it had results) for re-pairing.
    Unlocked,
}

impl NoteKind {
    pub(crate) fn code(self) -> &'static str {
        match self {
            NoteKind::Generated => "generated",
            NoteKind::Override => "override",
            NoteKind::Unlocked => "unlocked",
        }
    }

    pub(crate) fn from_code(code: &str) -> Option<NoteKind> {
        [NoteKind::Generated, NoteKind::Override, NoteKind::Unlocked]
            .into_iter()
            .find(|k| k.code() == code)
    }
}

/// Whether a round is locked against re-pairing: it has results, and it has not been
/// unlocked since it was last generated (`notes` oldest first). Generating uses up an
/// unlock.
pub(crate) fn is_locked(has_results: bool, notes: &[NoteKind]) -> bool {
    has_results
        && notes
            .iter()
            .rev()
            .find(|k| matches!(k, NoteKind::Generated | NoteKind::Unlocked))
            != Some(&NoteKind::Unlocked)
}

/// Whether a match's teams are those of a pairing (either way round).
pub(crate) fn same_teams(m: &Match, home: TeamNo, away: TeamNo) -> bool {
    m.away
        .is_some_and(|a| (m.home, a) == (home, away) || (m.home, a) == (away, home))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Round, Settings, Team};
    use crate::schedule::Reason;

    fn event(teams: i32) -> Event {
        Event {
            settings: Settings::for_tests(),
            teams: (1..=teams)
                .map(|n| Team {
                    member_ids: Vec::new(),
                    number: TeamNo(n),
                    name: format!("T{n}"),
                    club: if n <= 2 { "East".into() } else { String::new() },
                    members: vec![],
                    withdrawn: false,
                })
                .collect(),
            rounds: vec![],
            lineups: vec![].into(),
            deals: Default::default(),
        }
    }

    fn round(number: i32, pairs: &[(i32, Option<i32>)]) -> Round {
        Round {
            number,
            boards: vec![],
            matches: pairs
                .iter()
                .enumerate()
                .map(|(i, &(home, away))| Match {
                    table: i as i32 + 1,
                    home: TeamNo(home),
                    away: away.map(TeamNo),
                    results: vec![].into(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_round_with_results_is_locked_until_unlocked_and_generating_relocks() {
        use NoteKind::*;
        assert!(!is_locked(false, &[]));
        assert!(is_locked(true, &[]));
        assert!(is_locked(true, &[Generated]));
        assert!(!is_locked(true, &[Generated, Unlocked]));
        assert!(!is_locked(true, &[Generated, Unlocked, Override]));
        assert!(is_locked(true, &[Generated, Unlocked, Generated]));
        assert_eq!(NoteKind::from_code("unlocked"), Some(Unlocked));
    }

    #[test]
    fn warnings_name_rematches_double_byes_and_clubs() {
        let mut e = event(5);
        e.rounds
            .push(round(1, &[(1, Some(3)), (2, Some(4)), (5, None)]));
        let p = |table, home, away| Pairing { table, home, away };
        let w = warnings(
            &e,
            2,
            &[
                p(1, TeamNo(3), Some(TeamNo(1))),
                p(2, TeamNo(2), Some(TeamNo(1))),
                p(3, TeamNo(5), None),
            ],
        );
        assert_eq!(
            w,
            [
                Warning::Rematch {
                    home: TeamNo(3),
                    away: TeamNo(1),
                    round: 1
                },
                Warning::SameClub {
                    home: TeamNo(2),
                    away: TeamNo(1),
                    club: "East".into()
                },
                Warning::DoubleBye {
                    team: TeamNo(5),
                    round: 1
                },
            ]
        );
        assert!(
            warnings(
                &e,
                2,
                &[p(1, TeamNo(1), Some(TeamNo(4))), p(2, TeamNo(3), None)]
            )
            .is_empty()
        );
    }

    #[test]
    fn the_field_leaves_out_withdrawn_teams_and_counts_byes() {
        let mut e = event(5);
        e.teams[3].withdrawn = true;
        e.rounds
            .push(round(1, &[(1, Some(2)), (3, Some(4)), (5, None)]));
        let f = Field::before(&e, 2);
        let teams: Vec<i32> = f.teams_by_number().into_iter().map(TeamNo::get).collect();
        assert_eq!(teams, [1, 2, 3, 5]);
        assert!(
            f.entrants
                .iter()
                .find(|x| x.team == TeamNo(5))
                .unwrap()
                .had_bye
        );
        assert_eq!(f.meetings.round_met(TeamNo(2), TeamNo(1)), Some(1));
        // Nothing is complete (no results), so the bye does not count yet either
        // (docs/rules.md §5).
        assert_eq!(f.rank[&TeamNo(5)].1, Score::ZERO);
        let p = f.swiss(None, false);
        assert_eq!(p.rematches, 0);
        assert!(p.bye.is_none());
        assert_eq!(
            p.matches.iter().map(|m| m.table).collect::<Vec<_>>(),
            [1, 2]
        );
        // The previous round is open: every non-bye table.
        let report = Report::compute(&e);
        assert_eq!(previous_round_open(&e, &report, 2), [1, 2]);
        assert!(previous_round_open(&e, &report, 1).is_empty());
    }

    #[test]
    fn lots_are_reproducible_and_the_bye_goes_last() {
        let e = event(7);
        let f = Field::before(&e, 1);
        let a = f.swiss(Some(FirstRound::Lots(7)), false);
        let b = f.swiss(Some(FirstRound::Lots(7)), false);
        assert_eq!(a, b);
        let pairings = a.pairings();
        assert_eq!(pairings.len(), 4);
        assert_eq!(pairings[3].table, 4);
        assert_eq!(pairings[3].away, None);
        let n = f.swiss(Some(FirstRound::ByNumber), false);
        assert_eq!(
            n.pairings(),
            [
                Pairing {
                    table: 1,
                    home: TeamNo(1),
                    away: Some(TeamNo(2))
                },
                Pairing {
                    table: 2,
                    home: TeamNo(3),
                    away: Some(TeamNo(4))
                },
                Pairing {
                    table: 3,
                    home: TeamNo(5),
                    away: Some(TeamNo(6))
                },
                Pairing {
                    table: 4,
                    home: TeamNo(7),
                    away: None
                },
            ]
        );
        assert_eq!(n.same_club_meetings, 1, "1 and 2 are both East");
        let s = f.swiss(Some(FirstRound::BySeeding), false);
        let pairs: Vec<(i32, Option<i32>)> = s
            .pairings()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        assert_eq!(pairs, [(1, Some(4)), (2, Some(5)), (3, Some(6)), (7, None)]);
    }

    /// Seven teams linked to players with these ratings (numbers of `P…`, `None` for a
    /// member not linked); a player missing from the ratings has no rated board.
    fn rated_field() -> (Event, Vec<(TeamNo, crate::rules::rating::SeedFigure)>) {
        use crate::rules::player_id::PlayerId;
        use crate::rules::rational::{ratio, whole};
        let rosters: [&[Option<u64>]; 7] = [
            &[Some(1), Some(2), None, None],
            &[Some(3), Some(4)],
            &[Some(5), Some(6)],
            &[Some(7), None],
            &[None, None],
            &[Some(8), Some(9)],
            &[Some(10), None, None],
        ];
        let ratings: HashMap<u64, Rational> = [
            (1, whole(2)),
            (2, whole(1)),
            (3, whole(1)),
            (4, whole(1)),
            (5, ratio(3, 2)),
            (6, ratio(1, 2)),
            (8, whole(-1)),
            (9, whole(0)),
            (10, whole(5)),
        ]
        .into_iter()
        .collect();
        let mut e = event(7);
        for (team, roster) in e.teams.iter_mut().zip(rosters) {
            team.members = (0..roster.len()).map(|i| format!("M{i}")).collect();
            team.member_ids = roster
                .iter()
                .map(|id| id.and_then(PlayerId::from_number))
                .collect();
        }
        let figures = e
            .teams
            .iter()
            .map(|t| {
                let f =
                    crate::rules::rating::seed_figure(t, |id| ratings.get(&id.number()).cloned());
                (t.number, f)
            })
            .collect();
        (e, figures)
    }

    fn pairs_of(p: &Proposal) -> Vec<(i32, Option<i32>)> {
        p.pairings()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect()
    }

    #[test]
    fn by_rating_seeds_by_the_mean_of_all_members_ties_by_number_the_last_has_the_bye() {
        use crate::rules::rational::{ratio, whole};
        let (e, figures) = rated_field();
        let figure = |n: i32| {
            figures
                .iter()
                .find(|(t, _)| t.get() == n)
                .unwrap()
                .1
                .clone()
        };
        // Team 1: (2 + 1 + 0 + 0) / 4, its two members not linked counting 0.
        assert_eq!(figure(1).figure, ratio(3, 4));
        assert_eq!(
            (figure(1).linked, figure(1).rated, figure(1).members),
            (2, 2, 4)
        );
        assert_eq!(figure(7).figure, ratio(5, 3));
        // Linked but without a rated board, or not linked at all: 0.
        assert_eq!(
            (figure(4).figure.clone(), figure(4).linked, figure(4).rated),
            (whole(0), 1, 0)
        );
        assert_eq!((figure(5).figure.clone(), figure(5).linked), (whole(0), 0));
        assert_eq!(figure(6).figure, ratio(-1, 2));

        let f = Field::before(&e, 1)
            .with_seed_figures(figures.iter().map(|(t, f)| (*t, f.figure.clone())));
        // 7 (5/3), then 2 and 3 (1 each: the lower number first), 1 (3/4), then 4 and 5
        // (0 each), 6 (−1/2).
        let order: Vec<i32> = f.rating_order().into_iter().map(TeamNo::get).collect();
        assert_eq!(order, [7, 2, 3, 1, 4, 5, 6]);
        // Top half against bottom half of the first six; the lowest seed has the bye.
        let p = f.swiss(Some(FirstRound::ByRating), false);
        assert_eq!(
            pairs_of(&p),
            [(7, Some(1)), (2, Some(4)), (3, Some(5)), (6, None)]
        );
        assert!(
            p.matches
                .iter()
                .all(|m| m.why == PairingReason::Swiss(Reason::SeededByRating))
        );
        // By seeding pairs the same way with the team numbers as seeds.
        let s = f.swiss(Some(FirstRound::BySeeding), false);
        assert_eq!(
            pairs_of(&s),
            [(1, Some(4)), (2, Some(5)), (3, Some(6)), (7, None)]
        );

        // An even field (team 7 withdrawn): no bye.
        let mut even = e.clone();
        even.teams[6].withdrawn = true;
        let f = Field::before(&even, 1)
            .with_seed_figures(figures.iter().map(|(t, f)| (*t, f.figure.clone())));
        let p = f.swiss(Some(FirstRound::ByRating), false);
        assert_eq!(pairs_of(&p), [(2, Some(4)), (3, Some(5)), (1, Some(6))]);
        // Without figures every team counts 0: by number, top half against bottom half.
        let f = Field::before(&e, 1);
        assert_eq!(f.rating_order(), f.teams_by_number());
    }

    #[test]
    fn round_robin_rounds_carry_their_berger_round() {
        let e = event(5);
        let f = Field::before(&e, 1);
        let plans = whole_round_robin(&e, true);
        assert_eq!(plans.len(), 10);
        let p = f.round_robin_round(&plans[6], 6);
        assert_eq!(p.matches[0].why, PairingReason::RoundRobin { round: 2 });
        assert_eq!(p.matches.len(), 2);
        assert!(p.bye.is_some());
    }
}

/// How a proposal for a round that already has pairings (an unlocked round) differs from
/// them, meeting by meeting (who meets whom, regardless of home and table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Difference {
    /// Meetings, and the bye, that the proposal keeps: `(saved, proposed)`.
    pub same: Vec<(Pairing, Pairing)>,
    /// Meetings of the proposal that were not saved.
    pub new: Vec<Pairing>,
    /// Saved meetings that the proposal no longer has.
    pub gone: Vec<Pairing>,
}

fn meeting(p: &Pairing) -> (TeamNo, Option<TeamNo>) {
    match p.away {
        Some(a) => (p.home.min(a), Some(p.home.max(a))),
        None => (p.home, None),
    }
}

/// Compares the pairings of a proposal with those saved for the round.
pub fn difference(saved: &[Pairing], proposed: &[Pairing]) -> Difference {
    let mut out = Difference::default();
    // The first saved pairing of each meeting, and the meetings proposed: a round of 2,500
    // matches is compared in one pass each way.
    let mut by_meeting = HashMap::new();
    for s in saved {
        by_meeting.entry(meeting(s)).or_insert(*s);
    }
    for p in proposed {
        match by_meeting.get(&meeting(p)) {
            Some(s) => out.same.push((*s, *p)),
            None => out.new.push(*p),
        }
    }
    let proposed_meetings: HashSet<_> = proposed.iter().map(meeting).collect();
    out.gone = saved
        .iter()
        .filter(|s| !proposed_meetings.contains(&meeting(s)))
        .copied()
        .collect();
    out
}

/// A proposed meeting that was already saved keeps the saved home team, and its saved table
/// when another generated match can give it up (they swap tables); tables of matches kept
/// for their results never move.
pub(crate) fn keep_saved_sides(proposal: &mut Proposal, saved: &[Pairing]) {
    for m in &mut proposal.matches {
        let pair = (m.home.min(m.away), Some(m.home.max(m.away)));
        let Some(s) = saved.iter().find(|s| meeting(s) == pair) else {
            continue;
        };
        if s.home != m.home {
            std::mem::swap(&mut m.home, &mut m.away);
            std::mem::swap(&mut m.home_rank, &mut m.away_rank);
            std::mem::swap(&mut m.home_score, &mut m.away_score);
        }
    }
    let tables: Vec<i32> = proposal.matches.iter().map(|m| m.table).collect();
    let mut settled: Vec<bool> = vec![false; proposal.matches.len()];
    for i in 0..proposal.matches.len() {
        let m = &proposal.matches[i];
        let Some(s) = saved
            .iter()
            .find(|s| s.home == m.home && s.away == Some(m.away))
        else {
            continue;
        };
        if s.table == m.table {
            settled[i] = true;
            continue;
        }
        if !tables.contains(&s.table) {
            continue;
        }
        if let Some(j) = (0..proposal.matches.len())
            .find(|&j| j != i && !settled[j] && proposal.matches[j].table == s.table)
        {
            let mine = proposal.matches[i].table;
            proposal.matches[j].table = mine;
            proposal.matches[i].table = s.table;
            settled[i] = true;
        }
    }
    proposal.matches.sort_by_key(|m| m.table);
}

#[cfg(test)]
mod saved_sides_tests {
    use super::*;

    fn proposed(table: i32, home: i32, away: i32) -> Proposed {
        Proposed {
            table,
            home: TeamNo(home),
            away: TeamNo(away),
            home_rank: home as u32,
            away_rank: away as u32,
            home_score: Score::ZERO,
            away_score: Score::ZERO,
            why: PairingReason::RoundRobin { round: 1 },
        }
    }

    fn pairing(table: i32, home: i32, away: Option<i32>) -> Pairing {
        Pairing {
            table,
            home: TeamNo(home),
            away: away.map(TeamNo),
        }
    }

    #[test]
    fn a_kept_meeting_keeps_its_home_team_and_table() {
        let saved = [
            pairing(1, 1, Some(2)),
            pairing(2, 4, Some(3)),
            pairing(3, 5, Some(6)),
        ];
        let mut proposal = Proposal {
            matches: vec![proposed(1, 1, 5), proposed(2, 3, 4), proposed(3, 2, 6)],
            bye: None,
            kept: vec![],
            rematches: 0,
            same_club_meetings: 0,
        };
        keep_saved_sides(&mut proposal, &saved);
        let p = proposal.pairings();
        assert!(p.contains(&pairing(2, 4, Some(3))), "{p:?}");
        assert_eq!(proposal.matches[1].home_rank, 4);
        let d = difference(&saved, &p);
        assert_eq!(d.same.len(), 1);
        assert_eq!(d.new.len(), 2);
        assert_eq!(d.gone, vec![pairing(1, 1, Some(2)), pairing(3, 5, Some(6))]);
    }

    #[test]
    fn a_kept_meeting_moves_back_to_its_saved_table() {
        let saved = [pairing(1, 1, Some(2)), pairing(2, 4, Some(3))];
        let mut proposal = Proposal {
            matches: vec![proposed(1, 3, 4), proposed(2, 1, 2)],
            bye: None,
            kept: vec![],
            rematches: 0,
            same_club_meetings: 0,
        };
        keep_saved_sides(&mut proposal, &saved);
        assert_eq!(proposal.pairings(), saved.to_vec());
    }
}
