//! A knockout stage's bracket (docs/rules.md §12): qualifiers and seeds, the bracket order,
//! byes, ties with carry-over, their winners, the next round's pairings, and the final
//! ranking of a championship.
//!
//! Everything is worked out from the stored rounds and results: a tie's sides follow from
//! the previous knockout round's winners, never from what a schedule says.

use std::cmp::Reverse;
use std::collections::BTreeSet;

use super::cards::Room;
use super::event::{Event, TeamNo};
use super::report::{MatchProgress, MatchReport, Report};
use super::stage_tables::StageTables;
use super::stages::{Exact, Exchange, Knockout, Stage};

/// The bracket order of `places` seeds (a power of two from 2): order(2) = [1, 2],
/// order(2n) = [x for s in order(n) for x in (s, 2n+1−s)]. Read in pairs it gives the first
/// knockout round's ties.
pub fn order(places: u32) -> Vec<u32> {
    let mut out = vec![1, 2];
    let mut n = 2;
    while n < places {
        out = out.iter().flat_map(|&s| [s, 2 * n + 1 - s]).collect();
        n *= 2;
    }
    out
}

/// A qualifier with its seed (1 the highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seeded {
    pub team: TeamNo,
    pub seed: u32,
}

/// One side of a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Waiting for the tie before it to be decided.
    Waiting,
    /// Nobody: a missing seed, or the winner of two missing seeds.
    Empty,
    Team(Seeded),
}

impl Slot {
    pub fn team(self) -> Option<Seeded> {
        match self {
            Slot::Team(s) => Some(s),
            _ => None,
        }
    }

    pub fn known(self) -> bool {
        self != Slot::Waiting
    }
}

/// Where a tie stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieStatus {
    NotStarted,
    InProgress,
    Complete,
}

impl TieStatus {
    pub fn code(self) -> &'static str {
        match self {
            TieStatus::NotStarted => "not_started",
            TieStatus::InProgress => "in_progress",
            TieStatus::Complete => "complete",
        }
    }
}

/// One segment of a tie: its round and, once played there, the match's figures from the
/// tie's home side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub round: i32,
    /// The table the tie's match sits at in this round, when it is scheduled.
    pub table: Option<i32>,
    pub progress: Option<MatchProgress>,
    /// The home team's M and point difference, when the segment is complete.
    pub home_levels: Option<i64>,
    pub home_points: Option<i64>,
}

/// Where a tie's sides come from: the winners of two ties of the knockout round before
/// (the losers of the semi-finals for the play-off); `None` in the first knockout round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feeds {
    pub first: u32,
    pub second: u32,
    pub losers: bool,
}

/// One tie of a knockout round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tie {
    pub ko_round: u32,
    /// In bracket order from 1; the play-off is the last tie of the final round.
    pub number: u32,
    pub play_off: bool,
    pub feeds: Option<Feeds>,
    /// The higher seed once both sides are known.
    pub home: Slot,
    pub away: Slot,
    /// The home team's carry-over (0 unless both sides are teams).
    pub carry_over: Exact,
    pub segments: Vec<Segment>,
    pub status: TieStatus,
    /// The director's exchanges that moved a team into or out of this tie: their
    /// indices in the knockout's `exchanges`.
    pub exchanges: Vec<usize>,
}

impl Tie {
    /// Both sides are known (a team or nobody).
    pub fn determined(&self) -> bool {
        self.home.known() && self.away.known()
    }

    /// A team against nobody: it goes through without play.
    pub fn is_bye(&self) -> bool {
        matches!(
            (self.home, self.away),
            (Slot::Team(_), Slot::Empty) | (Slot::Empty, Slot::Team(_))
        )
    }

    /// Whether the tie has a team on either side and both sides known: the ties
    /// `bracket.csv` lists and a schedule seats.
    pub fn listed(&self) -> bool {
        self.determined() && (self.home.team().is_some() || self.away.team().is_some())
    }

    /// Segments complete.
    pub fn complete_segments(&self) -> usize {
        self.segments
            .iter()
            .filter(|s| s.home_levels.is_some())
            .count()
    }

    /// The home team's total: carry-over + Σ M over complete segments.
    pub fn home_total(&self) -> Exact {
        let m: i64 = self.segments.iter().filter_map(|s| s.home_levels).sum();
        self.carry_over + Exact::from_whole(m)
    }

    /// The home team's point difference over complete segments.
    pub fn home_points(&self) -> i64 {
        self.segments.iter().filter_map(|s| s.home_points).sum()
    }

    /// The winner once the tie is complete: the higher total, then the higher point
    /// difference, then the higher seed (the home team). A bye's team; nobody for two
    /// empty sides.
    pub fn winner(&self) -> Slot {
        match (self.home, self.away) {
            (Slot::Team(h), Slot::Empty) => Slot::Team(h),
            (Slot::Empty, Slot::Team(a)) => Slot::Team(a),
            (Slot::Empty, Slot::Empty) => Slot::Empty,
            (Slot::Team(h), Slot::Team(a)) if self.status == TieStatus::Complete => {
                let total = self.home_total().0;
                let points = self.home_points();
                if total > 0 || (total == 0 && points >= 0) {
                    Slot::Team(h)
                } else {
                    Slot::Team(a)
                }
            }
            _ => Slot::Waiting,
        }
    }

    /// The loser once the tie is complete (nobody for a bye).
    pub fn loser(&self) -> Slot {
        match (self.home, self.away, self.winner()) {
            (_, _, Slot::Waiting) => Slot::Waiting,
            (Slot::Team(h), Slot::Team(a), Slot::Team(w)) => Slot::Team(if w == h { a } else { h }),
            _ => Slot::Empty,
        }
    }

    /// Whether the tie is decided: complete, a bye, or nobody at all.
    pub fn decided(&self) -> bool {
        self.determined() && self.winner().known()
    }
}

/// What a knockout round is called: by the places it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reached {
    Final,
    ThirdPlace,
    SemiFinal,
    QuarterFinal,
    RoundOf16,
    RoundOf32,
}

impl Reached {
    pub fn of_places(places: u32) -> Reached {
        match places {
            2 => Reached::Final,
            4 => Reached::SemiFinal,
            8 => Reached::QuarterFinal,
            16 => Reached::RoundOf16,
            _ => Reached::RoundOf32,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Reached::Final => "final",
            Reached::ThirdPlace => "third_place",
            Reached::SemiFinal => "semi_final",
            Reached::QuarterFinal => "quarter_final",
            Reached::RoundOf16 => "round_of_16",
            Reached::RoundOf32 => "round_of_32",
        }
    }

    /// The round of a [`Reached::code`].
    pub fn from_code(code: &str) -> Option<Reached> {
        [
            Reached::Final,
            Reached::ThirdPlace,
            Reached::SemiFinal,
            Reached::QuarterFinal,
            Reached::RoundOf16,
            Reached::RoundOf32,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }

    /// The short name of a tie in this round (QF3, SF1): its Fluent id. `None` for the
    /// final and the play-off for third, one tie each, which are called by their name.
    pub fn short_id(self) -> Option<&'static str> {
        match self {
            Reached::Final | Reached::ThirdPlace => None,
            Reached::SemiFinal => Some("stage-short-semi-final"),
            Reached::QuarterFinal => Some("stage-short-quarter-final"),
            Reached::RoundOf16 => Some("stage-short-round-of-16"),
            Reached::RoundOf32 => Some("stage-short-round-of-32"),
        }
    }
}

/// One knockout round: its segments' rounds and its ties (the play-off last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoRound {
    pub number: u32,
    pub places: u32,
    pub first_round: i32,
    pub last_round: i32,
    pub ties: Vec<Tie>,
}

impl KoRound {
    pub fn name(&self) -> Reached {
        Reached::of_places(self.places)
    }

    /// Every tie is known and decided.
    pub fn decided(&self) -> bool {
        self.ties.iter().all(Tie::decided)
    }

    /// Every tie's sides are known.
    pub fn determined(&self) -> bool {
        self.ties.iter().all(Tie::determined)
    }
}

/// A knockout stage's bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bracket {
    pub stage: usize,
    /// The qualifiers in seed order; empty until the previous stage is complete.
    pub seeds: Vec<TeamNo>,
    pub rounds: Vec<KoRound>,
    pub third_place: bool,
    /// The director's exchanges, as the stage lists them.
    pub exchanges: Vec<Exchange>,
    /// The exchanges the results no longer allow (a corrected result took a team out of
    /// its knockout round): not applied.
    pub exchange_faults: Vec<ExchangeFault>,
}

/// Why an exchange of the stage cannot be applied to the bracket the results make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeFault {
    /// `team` does not play in the exchange's knockout round.
    NotInRound { exchange: usize, team: TeamNo },
    /// The two teams meet in the same tie.
    SameTie { exchange: usize },
    /// A team is in the play-off for third, which no exchange reaches.
    PlayOff { exchange: usize, team: TeamNo },
}

impl ExchangeFault {
    /// The exchange's index in the stage's list.
    pub fn exchange(self) -> usize {
        match self {
            ExchangeFault::NotInRound { exchange, .. }
            | ExchangeFault::SameTie { exchange }
            | ExchangeFault::PlayOff { exchange, .. } => exchange,
        }
    }
}

/// A knockout round's sides before their ties are filled: home, away, where they come from.
type Sides = Vec<(Slot, Slot, Option<Feeds>)>;

/// Applies `exchange` to a knockout round's `sides` once all of them are known (`regular`:
/// the ties before the play-off): the two teams trade places, keep their seeds, and the
/// higher seed of each tie is at home. Returns the two ties' indices.
pub fn exchange(
    sides: &mut Sides,
    regular: usize,
    index: usize,
    x: &Exchange,
) -> Result<(usize, usize), ExchangeFault> {
    let find = |team: TeamNo| {
        sides.iter().enumerate().find_map(|(i, (h, a, _))| {
            if h.team().is_some_and(|s| s.team == team) {
                Some((i, true))
            } else if a.team().is_some_and(|s| s.team == team) {
                Some((i, false))
            } else {
                None
            }
        })
    };
    let [a, b] = x.teams;
    let at = |team| {
        find(team).ok_or(ExchangeFault::NotInRound {
            exchange: index,
            team,
        })
    };
    let ((i, i_home), (j, j_home)) = (at(a)?, at(b)?);
    for (tie, team) in [(i, a), (j, b)] {
        if tie >= regular {
            return Err(ExchangeFault::PlayOff {
                exchange: index,
                team,
            });
        }
    }
    if i == j {
        return Err(ExchangeFault::SameTie { exchange: index });
    }
    fn slot(sides: &mut Sides, tie: usize, home: bool) -> &mut Slot {
        let s = &mut sides[tie];
        if home { &mut s.0 } else { &mut s.1 }
    }
    let moved = *slot(sides, i, i_home);
    *slot(sides, i, i_home) = *slot(sides, j, j_home);
    *slot(sides, j, j_home) = moved;
    for k in [i, j] {
        let (h, w) = seat(sides[k].0, sides[k].1);
        sides[k].0 = h;
        sides[k].1 = w;
    }
    Ok((i, j))
}

/// The home team's M in its complete matches against `away` in `matches`.
fn head_to_head(matches: &[&MatchReport], home: TeamNo, away: TeamNo) -> i64 {
    matches
        .iter()
        .filter(|m| m.figures.status == super::compare::MatchStatus::Complete)
        .filter_map(|m| {
            if m.home == home && m.away == Some(away) {
                Some(m.figures.home_levels)
            } else if m.home == away && m.away == Some(home) {
                Some(-m.figures.home_levels)
            } else {
                None
            }
        })
        .sum()
}

/// Puts the higher seed at home once both sides are known.
fn seat(a: Slot, b: Slot) -> (Slot, Slot) {
    match (a, b) {
        (Slot::Team(x), Slot::Team(y)) if y.seed < x.seed => (b, a),
        (Slot::Empty, Slot::Team(_)) => (b, a),
        _ => (a, b),
    }
}

impl Bracket {
    /// The bracket of knockout stage `stage` (which follows a league stage), from the
    /// previous stage's final standings and the knockout's own rounds.
    pub fn compute(
        stages: &[Stage],
        stage: usize,
        tables: &StageTables,
        event: &Event,
        report: &Report,
    ) -> Option<Bracket> {
        let ko_stage = stages.get(stage)?;
        let ko = ko_stage.knockout()?;
        let previous = stages.get(stage.checked_sub(1)?)?;
        let table = tables.of_stage(stage - 1)?;
        let withdrawn: BTreeSet<TeamNo> = event
            .teams
            .iter()
            .filter(|t| t.withdrawn)
            .map(|t| t.number)
            .collect();
        let seeds = if table.complete {
            table.qualifiers(ko.teams, &withdrawn, &event.settings.tiebreaks)
        } else {
            Vec::new()
        };
        let previous_matches: Vec<&MatchReport> = report
            .matches
            .iter()
            .filter(|m| previous.contains(m.round))
            .collect();
        Some(Bracket::build(
            stage,
            ko,
            &ko_stage.knockout_rounds(),
            &seeds,
            table.complete,
            &previous_matches,
            report,
        ))
    }

    /// The bracket from its seeds (`qualified`: the qualifiers are known).
    pub fn build(
        stage: usize,
        ko: &Knockout,
        spans: &[(i32, i32)],
        seeds: &[TeamNo],
        qualified: bool,
        previous: &[&MatchReport],
        report: &Report,
    ) -> Bracket {
        let seed_slot = |s: u32| -> Slot {
            if !qualified {
                Slot::Waiting
            } else {
                match seeds.get(s as usize - 1) {
                    Some(&team) => Slot::Team(Seeded { team, seed: s }),
                    None => Slot::Empty,
                }
            }
        };
        let mut rounds: Vec<KoRound> = Vec::new();
        let mut exchange_faults = Vec::new();
        let mut places = ko.teams;
        for (j, &(first_round, last_round)) in spans.iter().enumerate() {
            let number = j as u32 + 1;
            let mut sides: Sides = Vec::new();
            if j == 0 {
                for pair in order(ko.teams).chunks(2) {
                    sides.push((seed_slot(pair[0]), seed_slot(pair[1]), None));
                }
            } else {
                let before = &rounds[j - 1].ties;
                let regular: Vec<&Tie> = before.iter().filter(|t| !t.play_off).collect();
                for pair in regular.chunks(2) {
                    let (a, b) = seat(pair[0].winner(), pair[1].winner());
                    let feeds = Feeds {
                        first: pair[0].number,
                        second: pair[1].number,
                        losers: false,
                    };
                    sides.push((a, b, Some(feeds)));
                }
                if ko.third_place && places == 2 {
                    let (a, b) = seat(regular[0].loser(), regular[1].loser());
                    let feeds = Feeds {
                        first: regular[0].number,
                        second: regular[1].number,
                        losers: true,
                    };
                    sides.push((a, b, Some(feeds)));
                }
            }
            let regular_count = (places / 2) as usize;
            let mut moved: Vec<Vec<usize>> = vec![Vec::new(); sides.len()];
            if sides.iter().all(|(h, a, _)| h.known() && a.known()) {
                for (index, x) in ko.exchanges.iter().enumerate() {
                    if x.ko_round != number {
                        continue;
                    }
                    match exchange(&mut sides, regular_count, index, x) {
                        Ok((i, j)) => {
                            moved[i].push(index);
                            moved[j].push(index);
                        }
                        Err(fault) => exchange_faults.push(fault),
                    }
                }
            }
            let ties = sides
                .into_iter()
                .zip(moved)
                .enumerate()
                .map(|(i, ((home, away, feeds), exchanges))| {
                    let mut tie = Tie {
                        ko_round: number,
                        number: i as u32 + 1,
                        play_off: i >= regular_count,
                        feeds,
                        home,
                        away,
                        carry_over: Exact::ZERO,
                        segments: Vec::new(),
                        status: TieStatus::NotStarted,
                        exchanges,
                    };
                    fill(&mut tie, ko, first_round, last_round, previous, report);
                    tie
                })
                .collect();
            rounds.push(KoRound {
                number,
                places,
                first_round,
                last_round,
                ties,
            });
            places /= 2;
        }
        Bracket {
            stage,
            seeds: seeds.to_vec(),
            rounds,
            third_place: ko.third_place,
            exchanges: ko.exchanges.clone(),
            exchange_faults,
        }
    }

    /// The knockout round whose segments include `round`.
    pub fn round_of(&self, round: i32) -> Option<&KoRound> {
        self.rounds
            .iter()
            .find(|r| (r.first_round..=r.last_round).contains(&round))
    }

    /// The seed of `team`.
    pub fn seed_of(&self, team: TeamNo) -> Option<u32> {
        self.seeds
            .iter()
            .position(|t| *t == team)
            .map(|i| i as u32 + 1)
    }

    /// Whether `pairings` of `round` are what this bracket says (always true for a round
    /// outside the knockout): a knockout round is paired from the results, never by hand;
    /// no pairings at all (the round cleared) is allowed too.
    pub fn allows(&self, round: i32, pairings: &[super::Pairing]) -> bool {
        if self.round_of(round).is_none() {
            return true;
        }
        match self.pairings(round) {
            Ok(list) => {
                let mut want: Vec<(i32, TeamNo, Option<TeamNo>)> =
                    list.iter().map(|p| (p.table, p.home, p.away)).collect();
                let mut got: Vec<(i32, TeamNo, Option<TeamNo>)> =
                    pairings.iter().map(|p| (p.table, p.home, p.away)).collect();
                want.sort();
                got.sort();
                want == got || got.is_empty()
            }
            Err(_) => pairings.is_empty(),
        }
    }

    /// What the schedule of `round` must be: per listed tie its table, home and away
    /// (`None`: a bye). A refusal when the round's ties are not known yet.
    pub fn pairings(&self, round: i32) -> Result<Vec<ProposedTie>, NotYet> {
        let Some(ko) = self.round_of(round) else {
            return Ok(Vec::new());
        };
        if !ko.determined() {
            return Err(if ko.number == 1 {
                NotYet::Qualifying
            } else {
                NotYet::Undecided {
                    ko_round: ko.number - 1,
                    name: self.rounds[ko.number as usize - 2].name(),
                }
            });
        }
        Ok(ko
            .ties
            .iter()
            .filter(|t| t.listed())
            .map(|t| {
                let (home, away) = match (t.home, t.away) {
                    (Slot::Team(h), a) => (h, a.team()),
                    (_, Slot::Team(a)) => (a, None),
                    _ => unreachable!("a listed tie has a team"),
                };
                ProposedTie {
                    table: t.number as i32,
                    home: home.team,
                    away: away.map(|a| a.team),
                    tie: t.number,
                    feeds: t.feeds,
                    previous: (ko.number > 1).then(|| self.rounds[ko.number as usize - 2].name()),
                }
            })
            .collect())
    }
}

/// A tie as the schedule seats it, with where its sides came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProposedTie {
    pub table: i32,
    pub home: TeamNo,
    pub away: Option<TeamNo>,
    pub tie: u32,
    pub feeds: Option<Feeds>,
    /// The knockout round the sides come from.
    pub previous: Option<Reached>,
}

/// Why a knockout round cannot be paired yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotYet {
    /// The stage before the knockout is not complete.
    Qualifying,
    /// A tie of knockout round `ko_round` is not decided.
    Undecided { ko_round: u32, name: Reached },
}

/// Fills a tie's carry-over, segments and status from the rounds played.
fn fill(
    tie: &mut Tie,
    ko: &Knockout,
    first_round: i32,
    last_round: i32,
    previous: &[&MatchReport],
    report: &Report,
) {
    let (Slot::Team(home), Slot::Team(away)) = (tie.home, tie.away) else {
        tie.status = if tie.determined() {
            TieStatus::Complete
        } else {
            TieStatus::NotStarted
        };
        return;
    };
    let h2h = head_to_head(previous, home.team, away.team);
    tie.carry_over = ko.carry_over + Exact(ko.carry_over_h2h.0 * h2h);
    let mut all_complete = true;
    let mut any = false;
    for round in first_round..=last_round {
        let m = report.matches.iter().find(|m| {
            m.round == round
                && ((m.home == home.team && m.away == Some(away.team))
                    || (m.home == away.team && m.away == Some(home.team)))
        });
        let mut segment = Segment {
            round,
            table: m.map(|m| m.table),
            progress: m.map(|m| MatchProgress::of(&m.figures)),
            home_levels: None,
            home_points: None,
        };
        match m {
            Some(m) if segment.progress == Some(MatchProgress::Complete) => {
                let side = m.figures.side(m.home == home.team);
                segment.home_levels = Some(side.levels);
                segment.home_points = Some(side.points);
                any = true;
            }
            Some(_) => {
                all_complete = false;
                any |= segment.progress == Some(MatchProgress::InProgress);
            }
            None => all_complete = false,
        }
        tie.segments.push(segment);
    }
    tie.status = if all_complete {
        TieStatus::Complete
    } else if any {
        TieStatus::InProgress
    } else {
        TieStatus::NotStarted
    };
}

/// What a knockout's schedule refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnockoutFault {
    /// A round of knockout round `ko_round` paired before its ties are known.
    TooEarly {
        round: i32,
        table: i32,
        reason: NotYet,
    },
    /// Table `table` of `round` is not the tie the results make it.
    NotTheTie {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
    /// A table of a knockout round that seats no tie of the bracket.
    NoSuchTie { round: i32, table: i32 },
    /// A tie the round must seat and does not.
    Missing {
        round: i32,
        table: i32,
        home: TeamNo,
        away: Option<TeamNo>,
    },
}

/// Checks the schedule of a knockout stage's rounds against the bracket the results make.
impl KnockoutFault {
    /// The round and table the fault is at.
    pub fn place(&self) -> (i32, i32) {
        match *self {
            KnockoutFault::TooEarly { round, table, .. }
            | KnockoutFault::NotTheTie { round, table, .. }
            | KnockoutFault::NoSuchTie { round, table }
            | KnockoutFault::Missing { round, table, .. } => (round, table),
        }
    }
}

pub fn check_knockout(bracket: &Bracket, event: &Event) -> Vec<KnockoutFault> {
    let mut out = Vec::new();
    for ko in &bracket.rounds {
        for round in event
            .rounds
            .iter()
            .filter(|r| (ko.first_round..=ko.last_round).contains(&r.number))
        {
            if round.matches.is_empty() {
                continue;
            }
            let expected = match bracket.pairings(round.number) {
                Ok(e) => e,
                Err(reason) => {
                    let table = round.matches.iter().map(|m| m.table).min().unwrap_or(1);
                    out.push(KnockoutFault::TooEarly {
                        round: round.number,
                        table,
                        reason,
                    });
                    continue;
                }
            };
            for m in &round.matches {
                match expected.iter().find(|p| p.table == m.table) {
                    None => out.push(KnockoutFault::NoSuchTie {
                        round: round.number,
                        table: m.table,
                    }),
                    Some(p) if p.home != m.home || p.away != m.away => {
                        out.push(KnockoutFault::NotTheTie {
                            round: round.number,
                            table: m.table,
                            home: p.home,
                            away: p.away,
                        });
                    }
                    Some(_) => {}
                }
            }
            for p in &expected {
                if !round.matches.iter().any(|m| m.table == p.table) {
                    out.push(KnockoutFault::Missing {
                        round: round.number,
                        table: p.table,
                        home: p.home,
                        away: p.away,
                    });
                }
            }
        }
    }
    out
}

/// One line of the final ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankingLine {
    /// `None` while the place is not decided.
    pub place: Option<u32>,
    /// Shares its place (`3=`).
    pub shared: bool,
    pub team: TeamNo,
    /// The last stage the team played (its index).
    pub stage: usize,
    pub reached: Option<Reached>,
}

impl RankingLine {
    /// `3`, `3=` or empty.
    pub fn place_label(&self) -> String {
        match self.place {
            Some(p) if self.shared => format!("{p}="),
            Some(p) => p.to_string(),
            None => String::new(),
        }
    }
}

/// A knockout team in the ranking: (depth first, place within it, seed), team, decided,
/// shared, the round reached (`None` before its first tie).
type KoRow = (
    (Reverse<u32>, u32, u32),
    TeamNo,
    bool,
    bool,
    Option<Reached>,
);

/// The ranking of a championship: the knockout's teams by how far they went (the final's
/// winner and loser, the play-off's, the semi-final losers `3=` without one, each earlier
/// round's losers by seed), then the teams that did not qualify in the previous stages'
/// order, withdrawn teams last. A place is given once it is decided.
pub fn ranking(
    stages: &[Stage],
    tables: &StageTables,
    bracket: Option<&Bracket>,
    event: &Event,
    report: &Report,
) -> Vec<RankingLine> {
    let withdrawn: BTreeSet<TeamNo> = event
        .teams
        .iter()
        .filter(|t| t.withdrawn)
        .map(|t| t.number)
        .collect();
    let tiebreaks = &event.settings.tiebreaks;
    // (sort key, team, decided, shared, reached)
    let mut ko_rows: Vec<KoRow> = Vec::new();
    if let Some(b) = bracket {
        let last = b.rounds.len() as u32;
        for (i, &team) in b.seeds.iter().enumerate() {
            let seed = i as u32 + 1;
            let mut deepest: Option<(&KoRound, &Tie)> = None;
            for ko in &b.rounds {
                for tie in &ko.ties {
                    let sides = [tie.home.team(), tie.away.team()];
                    if sides.iter().flatten().any(|s| s.team == team) {
                        deepest = Some((ko, tie));
                    }
                }
            }
            let Some((ko, tie)) = deepest else { continue };
            // The last round in which the team played a tie: both sides teams (a bye is
            // not a tie, and a tie still waiting for its other side is not played yet).
            let reached = b
                .rounds
                .iter()
                .flat_map(|ko| ko.ties.iter().map(move |tie| (ko, tie)))
                .rfind(|(_, tie)| {
                    let (home, away) = (tie.home.team(), tie.away.team());
                    home.zip(away).is_some()
                        && [home, away].iter().flatten().any(|s| s.team == team)
                })
                .map(|(ko, tie)| {
                    if ko.number == last && tie.play_off {
                        Reached::ThirdPlace
                    } else {
                        ko.name()
                    }
                });
            let is = |slot: Slot| slot.team().is_some_and(|s| s.team == team);
            let row = if ko.number == last && tie.play_off {
                let done = tie.status == TieStatus::Complete || tie.is_bye();
                let sub = if done && is(tie.loser()) { 3 } else { 2 };
                ((Reverse(last), sub, seed), done, false, reached)
            } else if ko.number == last {
                let done = tie.status == TieStatus::Complete || tie.is_bye();
                let sub = u32::from(done && is(tie.loser()));
                ((Reverse(last), sub, seed), done, false, reached)
            } else {
                let done = ko.decided();
                let shared = done && ko.places == 4 && !b.third_place;
                ((Reverse(ko.number), 0, seed), done, shared, reached)
            };
            ko_rows.push((row.0, team, row.1, row.2, row.3));
        }
    }
    ko_rows.sort_by_key(|r| r.0);
    let in_ko: BTreeSet<TeamNo> = ko_rows.iter().map(|r| r.1).collect();

    let ko_index = bracket.map(|b| b.stage);
    let leagues: Vec<usize> = (0..stages.len()).filter(|&i| Some(i) != ko_index).collect();
    let base = leagues.last().copied();
    let rest_decided = base
        .and_then(|i| tables.of_stage(i))
        .is_some_and(|t| t.complete);
    let mut rest: Vec<TeamNo> = Vec::new();
    let mut placed: BTreeSet<TeamNo> = in_ko.clone();
    for &i in leagues.iter().rev() {
        if let Some(t) = tables.of_stage(i) {
            for team in t.order(&withdrawn, tiebreaks) {
                if placed.insert(team) {
                    rest.push(team);
                }
            }
        }
    }
    for t in &event.teams {
        if !withdrawn.contains(&t.number) && placed.insert(t.number) {
            rest.push(t.number);
        }
    }
    // The last league stage each team has a match in (the first stage by default).
    let mut played_in: std::collections::HashMap<TeamNo, usize> = std::collections::HashMap::new();
    for m in &report.matches {
        if let Some(i) = leagues
            .iter()
            .copied()
            .find(|&i| stages[i].contains(m.round))
        {
            for team in std::iter::once(m.home).chain(m.away) {
                let e = played_in.entry(team).or_insert(i);
                *e = (*e).max(i);
            }
        }
    }
    let last_stage = |team: TeamNo| -> usize {
        if in_ko.contains(&team) {
            return ko_index.unwrap_or(0);
        }
        played_in.get(&team).copied().unwrap_or(0)
    };

    let mut lines: Vec<RankingLine> = Vec::new();
    let mut withdrawn_lines: Vec<RankingLine> = Vec::new();
    for (_, team, decided, shared, reached) in &ko_rows {
        let line = RankingLine {
            place: decided.then_some(0),
            shared: *shared,
            team: *team,
            stage: last_stage(*team),
            reached: *reached,
        };
        if withdrawn.contains(team) {
            withdrawn_lines.push(line);
        } else {
            lines.push(line);
        }
    }
    for team in rest {
        lines.push(RankingLine {
            place: rest_decided.then_some(0),
            shared: false,
            team,
            stage: last_stage(team),
            reached: None,
        });
    }
    withdrawn_lines.sort_by_key(|l| l.team);
    for t in event.teams.iter().filter(|t| t.withdrawn) {
        if !withdrawn_lines.iter().any(|l| l.team == t.number) {
            withdrawn_lines.push(RankingLine {
                place: None,
                shared: false,
                team: t.number,
                stage: last_stage(t.number),
                reached: None,
            });
        }
    }
    withdrawn_lines.sort_by_key(|l| l.team);
    for mut l in withdrawn_lines {
        l.shared = false;
        l.place = Some(0);
        lines.push(l);
    }
    // A place is one more than the lines above; a shared block takes its first line's.
    let mut i = 0;
    while i < lines.len() {
        let mut j = i + 1;
        if lines[i].shared {
            while j < lines.len() && lines[j].shared && lines[j].reached == lines[i].reached {
                j += 1;
            }
        }
        let single = j - i == 1;
        for line in &mut lines[i..j] {
            if line.place.is_some() {
                line.place = Some(i as u32 + 1);
            }
            if single {
                line.shared = false;
            }
        }
        i = j;
    }
    lines
}

/// A championship's computed figures: each league stage's standings, the bracket and the
/// final ranking, worked out once per revision.
#[derive(Clone, Debug, PartialEq)]
pub struct Championship {
    pub tables: StageTables,
    pub bracket: Option<Bracket>,
    pub ranking: Vec<RankingLine>,
}

impl Championship {
    /// Every place of the ranking is decided: the championship is over.
    pub fn finished(&self) -> bool {
        !self.ranking.is_empty() && self.ranking.iter().all(|l| l.place.is_some())
    }

    /// `None` for a tournament without stages.
    pub fn compute(event: &Event, report: &Report) -> Option<Championship> {
        let stages = &event.settings.stages;
        if stages.is_empty() {
            return None;
        }
        let tables = StageTables::compute(stages, event, report);
        let bracket = stages
            .iter()
            .position(|s| s.format.is_knockout())
            .and_then(|i| Bracket::compute(stages, i, &tables, event, report));
        let ranking = ranking(stages, &tables, bracket.as_ref(), event, report);
        Some(Championship {
            tables,
            bracket,
            ranking,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::compare::{MatchFigures, MatchStatus};
    use crate::rules::event::Team;
    use crate::rules::scoring::Score;
    use crate::rules::settings::Settings;
    use crate::rules::stages::{StageDraft, StageFormat};

    pub(crate) use crate::rules::fixtures::played;

    pub(crate) fn bye(round: i32, table: i32, home: i32) -> MatchReport {
        let mut m = played(round, table, home, 0, 0, 0);
        m.away = None;
        m.figures = MatchFigures {
            status: MatchStatus::Bye,
            boards: Vec::new(),
            compared: 0,
            home_score: Score::ZERO,
            away_score: None,
            ..(*m.figures).clone()
        }
        .into();
        m
    }

    pub(crate) fn event(teams: &[i32], withdrawn: &[i32], stages: &[StageDraft]) -> Event {
        Event {
            settings: Settings {
                stages: crate::rules::stages::Stage::parse_all(stages).expect("valid stages"),
                ..Settings::for_tests()
            },
            teams: teams
                .iter()
                .map(|&n| Team {
                    number: TeamNo(n),
                    name: format!("Team {n}"),
                    club: String::new(),
                    members: Vec::new(),
                    withdrawn: withdrawn.contains(&n),
                })
                .collect(),
            rounds: Vec::new(),
            lineups: Vec::new().into(),
            deals: Default::default(),
        }
    }

    pub(crate) fn league(name: &str, rounds: (i64, i64), format: &str) -> StageDraft {
        StageDraft {
            name: name.into(),
            rounds: Some(rounds),
            format: format.into(),
            ..StageDraft::default()
        }
    }

    pub(crate) fn knockout(
        rounds: (i64, i64),
        teams: i64,
        segments: &[i64],
        third_place: bool,
        carry: (f64, f64),
    ) -> StageDraft {
        StageDraft {
            teams: Some(teams),
            segments: Some(segments.to_vec()),
            third_place: Some(third_place),
            carry_over: Some(carry.0),
            carry_over_h2h: Some(carry.1),
            ..league("Knockout", rounds, "knockout")
        }
    }

    fn report(matches: Vec<MatchReport>) -> Report {
        Report {
            matches,
            standings: Vec::new(),
        }
    }

    fn teams(slot: Slot) -> Option<i32> {
        slot.team().map(|s| s.team.get())
    }

    #[test]
    fn progress_names_the_stage_and_how_far_into_it() {
        let (mut e, _) = championship_of_eight();
        let stages = e.settings.stages.clone();
        for r in 1..=4 {
            e.rounds.push(crate::rules::event::Round {
                number: r,
                boards: Vec::new(),
                matches: vec![crate::rules::event::Match {
                    table: 1,
                    home: TeamNo(11),
                    away: Some(TeamNo(18)),
                    results: Vec::new().into(),
                }]
                .into(),
            });
        }
        assert_eq!(
            progress(&stages, &e),
            Some(Progress::Knockout {
                stage: 1,
                name: Reached::QuarterFinal,
                segment: 2,
                of: 2
            })
        );
        // Both segments of the quarter-finals are paired at once: play is at the first
        // until each of its rooms has every board's result.
        let board = crate::rules::event::new_boards(1, "2".parse().unwrap(), None);
        for r in &mut e.rounds[2..] {
            r.boards = board.clone();
        }
        let at = |segment| {
            Some(Progress::Knockout {
                stage: 1,
                name: Reached::QuarterFinal,
                segment,
                of: 2,
            })
        };
        assert_eq!(progress(&stages, &e), at(1));
        let entry = crate::rules::TableEntry::stored(crate::rules::EntryFigures {
            trick_points: Some(60),
            ..crate::rules::EntryFigures::default()
        });
        e.rounds[2].matches[0]
            .results
            .push(crate::rules::TableResult {
                room: Room::Open,
                board: 1,
                entry: entry.clone(),
            });
        assert_eq!(
            progress(&stages, &e),
            at(1),
            "the closed room is still to play"
        );
        e.rounds[2].matches[0]
            .results
            .push(crate::rules::TableResult {
                room: Room::Closed,
                board: 1,
                entry,
            });
        assert_eq!(progress(&stages, &e), at(2));
        e.rounds.truncate(2);
        assert_eq!(
            progress(&stages, &e),
            Some(Progress::League {
                stage: 0,
                round: 2,
                of: 2
            })
        );
    }

    #[test]
    fn bracket_order_is_the_spec_s() {
        assert_eq!(order(2), [1, 2]);
        assert_eq!(order(4), [1, 4, 2, 3]);
        assert_eq!(order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            order(16),
            [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
        assert_eq!(order(32).len(), 32);
        // Seeds 1 and 2 sit in different halves at every size.
        for n in [4, 8, 16, 32] {
            let o = order(n);
            let half = o.len() / 2;
            assert!(o[..half].contains(&1) && o[half..].contains(&2));
        }
    }

    /// Ten teams, two qualifying rounds whose totals (hand-added, the match score being
    /// M) order them 11, 12, …, 20; eight go into quarter-finals of two segments,
    /// semi-finals and a final of one, with a play-off, a carry-over of 1 and half of the
    /// qualifying head-to-head.
    pub(crate) fn championship_of_eight() -> (Event, Report) {
        let e = event(
            &(11..=20).collect::<Vec<_>>(),
            &[],
            &[
                league("Qualifying", (1, 2), "swiss"),
                knockout((3, 6), 8, &[2, 1, 1], true, (1.0, 0.5)),
            ],
        );
        let matches = vec![
            // Round 1: 11 +3 v 18, 15 +4 v 14, 12 +20 v 19, 13 +30 v 20, 16 +2 v 17.
            played(1, 1, 11, 18, 3, 40),
            played(1, 2, 15, 14, 4, 50),
            played(1, 3, 12, 19, 20, 100),
            played(1, 4, 13, 20, 30, 200),
            played(1, 5, 16, 17, 2, 10),
            // Round 2. Totals: 11 43, 12 30, 13 25, 14 6, 15 5, 16 1, 17 −12, 18 −13,
            // 19 −15, 20 −70.
            played(2, 1, 11, 20, 40, 300),
            played(2, 2, 12, 18, 10, 60),
            played(2, 3, 13, 19, -5, -20),
            played(2, 4, 14, 17, 10, 70),
            played(2, 5, 15, 16, 1, 5),
            // Quarter-finals, rounds 3 and 4: 11–18, 14–15, 12–17, 13–16.
            played(3, 1, 11, 18, -2, -30),
            played(4, 1, 11, 18, -1, 0),
            played(3, 2, 14, 15, 1, 20),
            played(4, 2, 14, 15, 0, -50),
            played(3, 3, 12, 17, 5, 40),
            played(4, 3, 12, 17, 1, 0),
            played(3, 4, 13, 16, -1, 10),
            played(4, 4, 13, 16, 0, -10),
            // Semi-finals, round 5: 15 (seed 5) v 18 (seed 8), 12 (2) v 13 (3).
            played(5, 1, 15, 18, 3, 20),
            played(5, 2, 12, 13, -4, -60),
            // Final 13 v 15 and the play-off 12 v 18, round 6.
            played(6, 1, 13, 15, 2, 10),
            played(6, 2, 12, 18, -8, -40),
        ];
        (e, report(matches))
    }

    #[test]
    fn a_bracket_of_eight_with_carry_over_points_and_seed() {
        let (e, r) = championship_of_eight();
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.as_ref().unwrap();
        assert_eq!(
            b.seeds,
            (11..=18).map(TeamNo).collect::<Vec<_>>(),
            "seeds follow the qualifying standings"
        );
        let qf = &b.rounds[0];
        assert_eq!(qf.name(), Reached::QuarterFinal);
        let sides: Vec<(Option<i32>, Option<i32>)> = qf
            .ties
            .iter()
            .map(|t| (teams(t.home), teams(t.away)))
            .collect();
        assert_eq!(
            sides,
            [
                (Some(11), Some(18)),
                (Some(14), Some(15)),
                (Some(12), Some(17)),
                (Some(13), Some(16))
            ]
        );
        // Carry-over 1 + ½ × the home team's qualifying M against the same opponent:
        // 11 beat 18 by 3; 14 lost to 15 by 4; 12–17 and 13–16 did not meet.
        let carry: Vec<String> = qf
            .ties
            .iter()
            .map(|t| t.carry_over.two_decimals())
            .collect();
        assert_eq!(carry, ["2.50", "-1.00", "1.00", "1.00"]);
        // QF1: 2.50 − 2 − 1 = −0.50: the eighth seed goes through.
        assert_eq!(qf.ties[0].home_total().two_decimals(), "-0.50");
        assert_eq!(teams(qf.ties[0].winner()), Some(18));
        // QF2: −1.00 + 1 + 0 = 0.00, level on levels; points +20 − 50 = −30 for 14.
        assert_eq!(qf.ties[1].home_total(), Exact::ZERO);
        assert_eq!(qf.ties[1].home_points(), -30);
        assert_eq!(teams(qf.ties[1].winner()), Some(15));
        assert_eq!(teams(qf.ties[2].winner()), Some(12));
        // QF4: 1.00 − 1 + 0 = 0.00 and points 10 − 10 = 0: the higher seed, 13.
        assert_eq!(qf.ties[3].home_total(), Exact::ZERO);
        assert_eq!(qf.ties[3].home_points(), 0);
        assert_eq!(teams(qf.ties[3].winner()), Some(13));
        assert!(qf.ties.iter().all(|t| t.status == TieStatus::Complete));
        assert!(qf.ties.iter().all(|t| t.complete_segments() == 2));
        // Semi-finals: winners of QF1 v QF2 (15, seed 5, at home) and QF3 v QF4.
        let sf = &b.rounds[1];
        assert_eq!(
            (teams(sf.ties[0].home), teams(sf.ties[0].away)),
            (Some(15), Some(18))
        );
        assert_eq!(
            (teams(sf.ties[1].home), teams(sf.ties[1].away)),
            (Some(12), Some(13))
        );
        assert_eq!(
            sf.ties[0].feeds,
            Some(Feeds {
                first: 1,
                second: 2,
                losers: false
            })
        );
        // The final and the play-off, the play-off the last tie of the final round.
        let f = &b.rounds[2];
        assert_eq!(f.ties.len(), 2);
        assert!(f.ties[1].play_off);
        assert_eq!(
            (teams(f.ties[0].home), teams(f.ties[0].away)),
            (Some(13), Some(15))
        );
        assert_eq!(
            (teams(f.ties[1].home), teams(f.ties[1].away)),
            (Some(12), Some(18))
        );
        // Play-off: 12 beat 18 by 10 in qualifying: 1 + 5 = 6.00, then −8: −2.00.
        assert_eq!(f.ties[1].carry_over.two_decimals(), "6.00");
        assert_eq!(f.ties[1].home_total().two_decimals(), "-2.00");
        let ranking: Vec<(String, i32, usize, Option<&str>)> = c
            .ranking
            .iter()
            .map(|l| {
                (
                    l.place_label(),
                    l.team.get(),
                    l.stage,
                    l.reached.map(Reached::code),
                )
            })
            .collect();
        let qf_out = Some("quarter_final");
        assert_eq!(
            ranking,
            [
                ("1".into(), 13, 1, Some("final")),
                ("2".into(), 15, 1, Some("final")),
                ("3".into(), 18, 1, Some("third_place")),
                ("4".into(), 12, 1, Some("third_place")),
                ("5".into(), 11, 1, qf_out),
                ("6".into(), 14, 1, qf_out),
                ("7".into(), 16, 1, qf_out),
                ("8".into(), 17, 1, qf_out),
                ("9".into(), 19, 0, None),
                ("10".into(), 20, 0, None),
            ]
        );
        assert!(check_knockout(b, &e).is_empty());
    }

    #[test]
    fn nothing_of_a_later_round_is_known_before_its_ties_are_decided() {
        let (e, mut r) = championship_of_eight();
        // Quarter-final 4's second segment not played yet.
        r.matches
            .retain(|m| m.round < 4 || (m.round == 4 && m.table != 4));
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.unwrap();
        assert_eq!(b.rounds[0].ties[3].status, TieStatus::InProgress);
        assert_eq!(b.rounds[0].ties[3].complete_segments(), 1);
        assert_eq!(
            b.pairings(5),
            Err(NotYet::Undecided {
                ko_round: 1,
                name: Reached::QuarterFinal
            })
        );
        // The semi-final of QF1 and QF2 has its sides; the other waits.
        assert!(b.rounds[1].ties[0].determined());
        assert!(!b.rounds[1].ties[1].determined());
        assert_eq!(b.pairings(4).unwrap().len(), 4);
        // Places: the QF losers' places wait for the last quarter-final; teams that did
        // not qualify have theirs.
        let places: Vec<String> = c.ranking.iter().map(RankingLine::place_label).collect();
        assert_eq!(places[..8], ["", "", "", "", "", "", "", ""]);
        assert_eq!(places[8..], ["9", "10"]);
    }

    #[test]
    fn a_corrected_result_that_changes_a_winner_shows_in_the_rounds_already_paired() {
        let (mut e, mut r) = championship_of_eight();
        // The schedule as it was paired: every match of the report.
        for m in &r.matches {
            if !e.rounds.iter().any(|x| x.number == m.round) {
                e.rounds.push(crate::rules::event::Round {
                    number: m.round,
                    boards: Vec::new(),
                    matches: Vec::new().into(),
                });
            }
            let round = e.rounds.iter_mut().find(|x| x.number == m.round).unwrap();
            round.matches.push(crate::rules::event::Match {
                table: m.table,
                home: m.home,
                away: m.away,
                results: Vec::new().into(),
            });
        }
        let c = Championship::compute(&e, &r).unwrap();
        assert!(check_knockout(c.bracket.as_ref().unwrap(), &e).is_empty());
        // QF1's second segment corrected from −1 to +1: 2.50 − 2 + 1 = 1.50, 11 goes
        // through instead of 18, so the semi-final 15 v 18 is no longer the tie.
        let qf1 = r
            .matches
            .iter_mut()
            .find(|m| m.round == 4 && m.table == 1)
            .unwrap();
        *qf1 = played(4, 1, 11, 18, 1, 0);
        let c = Championship::compute(&e, &r).unwrap();
        let b = c.bracket.unwrap();
        assert_eq!(teams(b.rounds[0].ties[0].winner()), Some(11));
        let faults = check_knockout(&b, &e);
        assert_eq!(
            faults[0],
            KnockoutFault::NotTheTie {
                round: 5,
                table: 1,
                home: TeamNo(11),
                away: Some(TeamNo(15))
            }
        );
        // What the new bracket pairs in the semi-finals: 11 (seed 1) at home.
        let p = b.pairings(5).unwrap();
        assert_eq!((p[0].home, p[0].away), (TeamNo(11), Some(TeamNo(15))));
    }

    fn exchange_of(ko_round: u32, a: i32, b: i32) -> Exchange {
        Exchange {
            ko_round,
            teams: [TeamNo(a), TeamNo(b)],
            reason: "one club".into(),
        }
    }

    #[test]
    fn an_exchange_trades_two_teams_between_ties_keeping_seeds_and_the_higher_seed_home() {
        let mut ko = Knockout {
            teams: 16,
            segments: vec![1, 1, 1, 1],
            third_place: false,
            carry_over: Exact::ZERO,
            carry_over_h2h: Exact::ZERO,
            exchanges: vec![exchange_of(1, 1, 9), exchange_of(2, 4, 7)],
        };
        let seeds: Vec<TeamNo> = (1..=13).map(TeamNo).collect();
        let spans = [(1, 1), (2, 2), (3, 3), (4, 4)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        let first: Vec<(i32, i32, Option<i32>)> = b
            .pairings(1)
            .unwrap()
            .iter()
            .map(|p| (p.table, p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        // Seed 1 leaves its bye for 8–9 and is at home there; 9 takes the bye.
        assert_eq!(first[..2], [(1, 9, None), (2, 1, Some(8))]);
        assert_eq!(b.rounds[0].ties[0].exchanges, [0]);
        assert_eq!(b.rounds[0].ties[1].exchanges, [0]);
        assert!(b.rounds[0].ties[2].exchanges.is_empty());
        assert_eq!(b.rounds[0].ties[1].home.team().unwrap().seed, 1);
        // The exchange of the second round waits for its sides.
        assert!(b.exchange_faults.is_empty());
        assert!(b.rounds[1].ties.iter().all(|t| t.exchanges.is_empty()));
        // A team not in the round, two of one tie: not applied, and said.
        ko.exchanges = vec![exchange_of(1, 2, 14), exchange_of(1, 8, 9)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        assert_eq!(
            b.exchange_faults,
            [
                ExchangeFault::NotInRound {
                    exchange: 0,
                    team: TeamNo(14)
                },
                ExchangeFault::SameTie { exchange: 1 }
            ]
        );
        assert_eq!(b.pairings(1).unwrap()[1].home, TeamNo(8));
        // No exchange reaches the play-off for third: four teams, all byes but one tie.
        let ko4 = Knockout {
            teams: 4,
            segments: vec![1, 1],
            third_place: true,
            exchanges: vec![exchange_of(2, 1, 4)],
            ..ko
        };
        let seeds: Vec<TeamNo> = (1..=4).map(TeamNo).collect();
        let mut played_sf = vec![played(1, 1, 1, 4, 2, 10), played(1, 2, 2, 3, -2, -10)];
        let b = Bracket::build(
            0,
            &ko4,
            &spans[..2],
            &seeds,
            true,
            &[],
            &report(played_sf.clone()),
        );
        assert_eq!(
            b.exchange_faults,
            [ExchangeFault::PlayOff {
                exchange: 0,
                team: TeamNo(4)
            }]
        );
        // Between the two finalists' own ties there is nothing to trade: one final.
        played_sf.clear();
        let b = Bracket::build(0, &ko4, &spans[..2], &seeds, true, &[], &report(played_sf));
        assert!(
            b.exchange_faults.is_empty(),
            "the final waits for the semi-finals"
        );
    }

    #[test]
    fn a_bracket_of_sixteen_gives_the_top_seeds_byes() {
        let ko = Knockout {
            teams: 16,
            segments: vec![1, 1, 1, 1],
            third_place: false,
            carry_over: Exact::ZERO,
            carry_over_h2h: Exact::ZERO,
            exchanges: Vec::new(),
        };
        let seeds: Vec<TeamNo> = (1..=13).map(TeamNo).collect();
        let spans = [(1, 1), (2, 2), (3, 3), (4, 4)];
        let b = Bracket::build(0, &ko, &spans, &seeds, true, &[], &report(Vec::new()));
        let first = b.pairings(1).unwrap();
        let seen: Vec<(i32, i32, Option<i32>)> = first
            .iter()
            .map(|p| (p.table, p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        // order(16) = 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11; seeds 14–16 are
        // missing, so 1, 2 and 3 go through.
        assert_eq!(
            seen,
            [
                (1, 1, None),
                (2, 8, Some(9)),
                (3, 4, Some(13)),
                (4, 5, Some(12)),
                (5, 2, None),
                (6, 7, Some(10)),
                (7, 3, None),
                (8, 6, Some(11))
            ]
        );
        assert!(b.rounds[0].ties[0].decided());
        assert_eq!(teams(b.rounds[0].ties[0].winner()), Some(1));
        // The second round's first tie waits for 8–9 only: seed 1 is already in it.
        assert_eq!(teams(b.rounds[1].ties[0].home), Some(1));
        assert_eq!(b.rounds[1].ties[0].away, Slot::Waiting);

        // Three qualifiers in a bracket of eight: 4–5 has nobody, so seed 1 has a bye in
        // the second round too.
        let ko8 = Knockout {
            teams: 8,
            segments: vec![1, 1, 1],
            ..ko
        };
        let seeds: Vec<TeamNo> = (1..=3).map(TeamNo).collect();
        let b = Bracket::build(0, &ko8, &spans[..3], &seeds, true, &[], &report(Vec::new()));
        assert_eq!(b.rounds[0].ties[1].home, Slot::Empty);
        assert!(!b.rounds[0].ties[1].listed());
        assert_eq!(b.pairings(1).unwrap().len(), 3);
        // 1–8, 2–7 and 3–6 are byes: the semi-finals are known at once, 1 with a
        // second bye, 2 v 3.
        let second: Vec<(i32, Option<i32>)> = b
            .pairings(2)
            .unwrap()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        assert_eq!(second, [(1, None), (2, Some(3))]);
        assert!(b.rounds[1].ties[0].is_bye());
    }

    /// Groups A (1, 2, 3) and B (4, 5, 6, 7) over three rounds, hand-added totals (the
    /// score is M, a bye scores 0): A 1 +5, 2 −2, 3 −3; B 5 +10, 4 +1, 7 −1, 6 −10.
    fn groups_event(withdrawn: &[i32]) -> (Event, Report) {
        let groups = StageDraft {
            groups: Some(vec![vec![1, 2, 3], vec![4, 5, 6, 7]]),
            ..league("Groups", (1, 3), "groups")
        };
        let e = event(
            &[1, 2, 3, 4, 5, 6, 7],
            withdrawn,
            &[groups, knockout((4, 5), 4, &[1, 1], false, (0.0, 0.0))],
        );
        let matches = vec![
            played(1, 1, 1, 2, 3, 0),
            bye(1, 2, 3),
            played(1, 3, 4, 5, -2, 0),
            played(1, 4, 6, 7, -4, 0),
            played(2, 1, 1, 3, 2, 0),
            bye(2, 2, 2),
            played(2, 3, 4, 6, 1, 0),
            played(2, 4, 5, 7, 3, 0),
            played(3, 1, 2, 3, 1, 0),
            bye(3, 2, 1),
            played(3, 3, 4, 7, 2, 0),
            played(3, 4, 5, 6, 5, 0),
        ];
        (e, report(matches))
    }

    #[test]
    fn groups_of_unequal_size_seed_winners_first() {
        let (e, r) = groups_event(&[]);
        let c = Championship::compute(&e, &r).unwrap();
        let t = c.tables.of_stage(0).unwrap();
        let order =
            |b: usize| -> Vec<i32> { t.blocks[b].standings.iter().map(|s| s.team.get()).collect() };
        assert_eq!(order(0), [1, 2, 3]);
        assert_eq!(order(1), [5, 4, 7, 6]);
        assert!(t.complete);
        let b = c.bracket.as_ref().unwrap();
        // Winners 5 (+10) and 1 (+5), then runners-up 4 (+1) and 2 (−2).
        assert_eq!(b.seeds, [5, 1, 4, 2].map(TeamNo));
        let p: Vec<(i32, Option<i32>)> = b
            .pairings(4)
            .unwrap()
            .iter()
            .map(|p| (p.home.get(), p.away.map(TeamNo::get)))
            .collect();
        assert_eq!(p, [(5, Some(2)), (1, Some(4))]);
        // Teams that did not qualify: third places 7 (−1) then 3 (−3), then 6.
        let rest: Vec<i32> = c.ranking[4..].iter().map(|l| l.team.get()).collect();
        assert_eq!(rest, [7, 3, 6]);
        assert!(c.ranking[4..].iter().all(|l| l.place.is_some()));
        assert_eq!(c.ranking[4].place_label(), "5");
    }

    #[test]
    fn a_withdrawn_team_in_a_group_neither_qualifies_nor_ranks_before_the_rest() {
        let (e, r) = groups_event(&[5]);
        let c = Championship::compute(&e, &r).unwrap();
        // Group B without 5: 4 wins it, 7 is second.
        let b = c.bracket.as_ref().unwrap();
        assert_eq!(b.seeds, [1, 4, 7, 2].map(TeamNo));
        // Its results stand in the group's standings.
        let t = c.tables.of_stage(0).unwrap();
        assert_eq!(t.blocks[1].standings[0].team, TeamNo(5));
        let rest: Vec<(String, i32)> = c.ranking[4..]
            .iter()
            .map(|l| (l.place_label(), l.team.get()))
            .collect();
        assert_eq!(
            rest,
            [("5".into(), 3), ("6".into(), 6), ("7".into(), 5)],
            "3 (−3) and 6 (−10) by score, withdrawn 5 last"
        );
    }

    #[test]
    fn semi_final_losers_share_third_without_a_play_off() {
        let e = event(
            &[1, 2, 3, 4],
            &[],
            &[
                league("League", (1, 1), "manual"),
                knockout((2, 3), 4, &[1, 1], false, (0.0, 0.0)),
            ],
        );
        let r = report(vec![
            played(1, 1, 1, 4, 5, 0),
            played(1, 2, 2, 3, 1, 0),
            played(2, 1, 1, 4, -1, 0),
            played(2, 2, 2, 3, 2, 0),
            played(3, 1, 2, 4, 0, 5),
        ]);
        let c = Championship::compute(&e, &r).unwrap();
        let seen: Vec<(String, i32, Option<&str>)> = c
            .ranking
            .iter()
            .map(|l| (l.place_label(), l.team.get(), l.reached.map(Reached::code)))
            .collect();
        // Seeds 1 (team 1, +5), 2 (team 2), 3 (team 3), 4 (team 4). The final 2 v 4:
        // level, 2 wins on points.
        assert_eq!(
            seen,
            [
                ("1".into(), 2, Some("final")),
                ("2".into(), 4, Some("final")),
                ("3=".into(), 1, Some("semi_final")),
                ("3=".into(), 3, Some("semi_final")),
            ]
        );
        let _ = StageFormat::Manual;
    }

    #[test]
    fn a_team_reaches_a_round_by_playing_a_tie_in_it_not_by_a_bye_or_by_waiting() {
        // Three qualifiers in a knockout of four: seed 1 has a bye in the semi-finals and
        // waits in the final while 2 v 3 is still to be played.
        let e = event(
            &[1, 2, 3],
            &[],
            &[
                league("League", (1, 1), "manual"),
                knockout((2, 3), 4, &[1, 1], false, (0.0, 0.0)),
            ],
        );
        let league_only = vec![played(1, 1, 1, 2, 5, 0), bye(1, 2, 3)];
        let reached = |matches: Vec<MatchReport>| -> Vec<(i32, Option<&str>)> {
            let c = Championship::compute(&e, &report(matches)).unwrap();
            let mut seen: Vec<(i32, Option<&str>)> = c
                .ranking
                .iter()
                .map(|l| (l.team.get(), l.reached.map(Reached::code)))
                .collect();
            seen.sort();
            seen
        };
        let semi = Some("semi_final");
        assert_eq!(
            reached(league_only.clone()),
            [(1, None), (2, semi), (3, semi)],
            "seed 1 has played no tie: its bye is none, and the final is not paired"
        );
        // 2 beats 3: the final 1 v 2 is paired, and both finalists have reached it.
        let mut semi_played = league_only;
        semi_played.push(played(2, 1, 2, 3, 4, 0));
        assert_eq!(
            reached(semi_played),
            [(1, Some("final")), (2, Some("final")), (3, semi)]
        );
    }
}

/// Where a staged event stands: the stage of its latest round and how far into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Round `round` of `of` of a league stage.
    League { stage: usize, round: i32, of: i32 },
    /// Segment `segment` of `of` of a knockout round.
    Knockout {
        stage: usize,
        name: Reached,
        segment: i32,
        of: i32,
    },
    /// Every round of the last stage is played: the championship is over, its final
    /// ranking stands.
    Finished,
}

/// Where the event stands: at the first paired round that still lacks a result (a
/// knockout round pairs all its segments at once, so its first segment is where play is
/// until it is in), else at the highest paired round (the first stage's first round before
/// any is paired); `None` without stages.
pub fn progress(stages: &[Stage], event: &Event) -> Option<Progress> {
    let first = stages.first()?;
    let played = |r: &super::event::Round| {
        r.matches.iter().all(|m| {
            m.is_bye()
                || r.boards.iter().all(|b| {
                    Room::BOTH
                        .iter()
                        .all(|&room| m.result(room, b.number).is_some())
                })
        })
    };
    let mut paired: Vec<&super::event::Round> = event
        .rounds
        .iter()
        .filter(|r| !r.matches.is_empty())
        .collect();
    paired.sort_by_key(|r| r.number);
    let round = paired
        .iter()
        .find(|r| !played(r))
        .or(paired.last())
        .map_or(first.first_round, |r| r.number);
    let last_stage = stages.last()?;
    let over = paired.iter().all(|r| played(r))
        && paired
            .last()
            .is_some_and(|r| r.number >= last_stage.last_round && !r.boards.is_empty());
    if over {
        return Some(Progress::Finished);
    }
    let index = super::stage_tables::stage_of_round(stages, round)?;
    let stage = &stages[index];
    match stage.knockout() {
        None => Some(Progress::League {
            stage: index,
            round: round - stage.first_round + 1,
            of: stage.round_count(),
        }),
        Some(k) => {
            let spans = stage.knockout_rounds();
            let j = spans.iter().position(|(a, b)| (*a..=*b).contains(&round))?;
            Some(Progress::Knockout {
                stage: index,
                name: Reached::of_places(k.teams >> j),
                segment: round - spans[j].0 + 1,
                of: spans[j].1 - spans[j].0 + 1,
            })
        }
    }
}
