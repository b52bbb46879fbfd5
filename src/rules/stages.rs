//! Stages of a championship (docs/rules.md §12): an ordered list of consecutive blocks of
//! rounds, each a league (round robin, Swiss, by hand, or groups played side by side) or a
//! knockout. A tournament without stages is one league of all its rounds.
//!
//! [`Stage::parse_all`] checks a list of stages on its own (the blocks, the formats, the
//! knockout's sizes, the groups); `stage_tables::check_event` checks it against an event's
//! teams and rounds, and `stage_tables::StageTables` are the standings of every league
//! stage with the qualifiers a knockout takes from them.

use std::collections::BTreeSet;
use std::fmt;

use super::cards::{ParseError, expected};
use super::team_no::TeamNo;

/// The highest round number (as `event::MAX_ROUND`).
const MAX_ROUND: i32 = 999;
/// The most characters of a stage's name (as every name).
const MAX_TEXT: usize = crate::limits::NAME;

/// The places a knockout may have.
pub(crate) const KNOCKOUT_SIZES: [u32; 5] = [2, 4, 8, 16, 32];
/// The most groups a groups stage may have (named A to Z).
pub(crate) const MAX_GROUPS: usize = 26;
/// The largest fixed carry-over, in levels.
pub(crate) const MAX_CARRY_OVER: i64 = 1000;

/// A number of levels held exactly in ten-thousandths (a carry-over, a share of a
/// head-to-head, a tie's total): no float ever decides a tie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Exact(pub i64);

impl Exact {
    pub const ZERO: Exact = Exact(0);
    /// Ten-thousandths in one.
    pub(crate) const ONE: i64 = 10_000;

    pub fn from_whole(n: i64) -> Exact {
        Exact(n * Exact::ONE)
    }

    /// A decimal of at most four places, or `None` (not finite, or finer than that).
    pub(crate) fn from_f64(v: f64) -> Option<Exact> {
        if !v.is_finite() || v.abs() > 1e12 {
            return None;
        }
        let scaled = v * Exact::ONE as f64;
        let rounded = scaled.round();
        ((scaled - rounded).abs() < 1e-6).then_some(Exact(rounded as i64))
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Exact::ONE as f64
    }

    pub(crate) fn negate(self) -> Exact {
        Exact(-self.0)
    }

    /// Two decimals, rounded half away from zero: `2.50`, `-0.33`.
    pub fn two_decimals(self) -> String {
        let hundredths = (self.0.abs() + 50) / 100;
        let sign = if self.0 < 0 && hundredths > 0 {
            "-"
        } else {
            ""
        };
        format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
    }

    /// As `tournament.toml` writes it: the shortest decimal that reads back the same.
    pub fn toml(self) -> String {
        toml::Value::Float(self.as_f64()).to_string()
    }
}

impl std::ops::Add for Exact {
    type Output = Exact;
    fn add(self, rhs: Exact) -> Exact {
        Exact(self.0 + rhs.0)
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.two_decimals())
    }
}

/// A knockout stage's options (`teams`, `segments`, `third_place`, `carry_over`,
/// `carry_over_h2h`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knockout {
    /// Places in the bracket: 2, 4, 8, 16 or 32.
    pub teams: u32,
    /// Rounds per knockout round, first to final; they add up to the stage's rounds.
    pub segments: Vec<u32>,
    /// The semi-final losers play off over the final's segments.
    pub third_place: bool,
    /// Levels the higher seed starts each tie with.
    pub carry_over: Exact,
    /// The share of the higher seed's M against the same opponent in the previous stage.
    pub carry_over_h2h: Exact,
    /// The director's edits of the bracket, applied in this order.
    pub exchanges: Vec<Exchange>,
}

/// The most characters of an exchange's reason.
pub(crate) const EXCHANGE_REASON_MAX: usize = 500;

/// The director's edit of a knockout round the bracket proposes: two teams of different
/// ties of knockout round `ko_round` trade places. Each keeps its seed, the higher seed of
/// each tie is still at home, and the winners go on as the bracket says (docs/rules.md §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub ko_round: u32,
    pub teams: [TeamNo; 2],
    /// Why the director made it: shown with the ties and kept in the audit trail.
    pub reason: String,
}

/// An exchange as a surface holds it before it is checked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExchangeDraft {
    pub ko_round: Option<i64>,
    pub teams: Option<Vec<i64>>,
    pub reason: String,
}

/// Why an exchange is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExchangeWhy {
    /// `ko_round` is not one of the knockout's rounds (1 to `rounds`).
    Round { got: i64, rounds: u32 },
    /// `teams` is not two different team numbers.
    Teams,
    /// No reason, or a longer one than [`EXCHANGE_REASON_MAX`].
    Reason { max: usize },
    /// `team` is in an earlier exchange of the same knockout round.
    Twice { team: TeamNo },
}

impl Knockout {
    /// How many knockout rounds the bracket has (log₂ of its places).
    pub fn rounds(&self) -> u32 {
        self.teams.trailing_zeros()
    }
}

/// How a stage is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageFormat {
    RoundRobin,
    Swiss,
    Manual,
    /// Round robins side by side: the teams of each group, named A, B, … in this order.
    Groups(Vec<Vec<TeamNo>>),
    Knockout(Knockout),
}

impl StageFormat {
    pub(crate) const CODES: [&'static str; 5] =
        ["round_robin", "swiss", "manual", "groups", "knockout"];

    pub fn code(&self) -> &'static str {
        match self {
            StageFormat::RoundRobin => "round_robin",
            StageFormat::Swiss => "swiss",
            StageFormat::Manual => "manual",
            StageFormat::Groups(_) => "groups",
            StageFormat::Knockout(_) => "knockout",
        }
    }

    pub(crate) fn is_knockout(&self) -> bool {
        matches!(self, StageFormat::Knockout(_))
    }
}

/// The name of group `i` (0-based): A, B, …
pub(crate) fn group_label(i: usize) -> char {
    char::from(b'A' + u8::try_from(i % MAX_GROUPS).unwrap_or(0))
}

/// One stage: a name, a consecutive block of rounds and its format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub name: String,
    pub first_round: i32,
    pub last_round: i32,
    pub format: StageFormat,
}

impl Stage {
    pub fn contains(&self, round: i32) -> bool {
        (self.first_round..=self.last_round).contains(&round)
    }

    /// How many rounds the stage has.
    pub(crate) fn round_count(&self) -> i32 {
        self.last_round - self.first_round + 1
    }

    pub fn knockout(&self) -> Option<&Knockout> {
        match &self.format {
            StageFormat::Knockout(k) => Some(k),
            _ => None,
        }
    }

    pub fn groups(&self) -> Option<&[Vec<TeamNo>]> {
        match &self.format {
            StageFormat::Groups(g) => Some(g),
            _ => None,
        }
    }

    /// The group of `team` in a groups stage.
    pub(crate) fn group_of(&self, team: TeamNo) -> Option<usize> {
        self.groups()?.iter().position(|g| g.contains(&team))
    }

    /// The knockout rounds of a knockout stage as (first round, last round) of their
    /// segments, first knockout round first.
    pub(crate) fn knockout_rounds(&self) -> Vec<(i32, i32)> {
        let Some(k) = self.knockout() else {
            return Vec::new();
        };
        let mut first = self.first_round;
        k.segments
            .iter()
            .map(|&n| {
                let n = i32::try_from(n).unwrap_or(1);
                let span = (first, first + n - 1);
                first += n;
                span
            })
            .collect()
    }

    /// Checks the stages of a tournament, in order. Every problem is reported at its
    /// stage and key.
    pub fn parse_all(drafts: &[StageDraft]) -> Result<Vec<Stage>, Vec<StageError>> {
        let mut errors = Vec::new();
        let mut stages = Vec::new();
        let mut next_first: i64 = 1;
        let count = drafts.len();
        let mut previous_groups: Option<usize> = None;
        for (index, d) in drafts.iter().enumerate() {
            let mut err = |key: StageKey, reason: StageReason| {
                errors.push(StageError { index, key, reason });
            };
            let name = d.name.trim().to_owned();
            if name.is_empty() {
                err(StageKey::Name, StageReason::Required);
            } else if name.chars().count() > MAX_TEXT {
                err(StageKey::Name, StageReason::TooLong { max: MAX_TEXT });
            }
            let rounds = match d.rounds {
                None => {
                    err(StageKey::Rounds, StageReason::Required);
                    None
                }
                Some((first, last)) if first < 1 || last < first || last > i64::from(MAX_ROUND) => {
                    err(StageKey::Rounds, StageReason::RoundsOrder { first, last });
                    None
                }
                Some((first, last)) => {
                    if first != next_first {
                        err(
                            StageKey::Rounds,
                            StageReason::NotConsecutive {
                                expected: next_first,
                                got: first,
                            },
                        );
                    }
                    next_first = last + 1;
                    Some((first as i32, last as i32))
                }
            };
            let format = d.format.as_str();
            if !StageFormat::CODES.contains(&format) {
                err(
                    StageKey::Format,
                    StageReason::NotOneOf(expected(
                        "format",
                        format,
                        "round_robin, swiss, manual, groups, knockout",
                    )),
                );
            }
            let is_groups = format == "groups";
            let is_knockout = format == "knockout";
            if !is_groups && d.groups.is_some() {
                err(StageKey::Groups, StageReason::OnlyFor { format: "groups" });
            }
            if !is_knockout {
                for (present, key) in [
                    (d.teams.is_some(), StageKey::Teams),
                    (d.segments.is_some(), StageKey::Segments),
                    (d.third_place.is_some(), StageKey::ThirdPlace),
                    (d.carry_over.is_some(), StageKey::CarryOver),
                    (d.carry_over_h2h.is_some(), StageKey::CarryOverH2h),
                    (!d.exchanges.is_empty(), StageKey::Exchanges),
                ] {
                    if present {
                        err(key, StageReason::OnlyFor { format: "knockout" });
                    }
                }
            }
            let mut parsed = match format {
                "round_robin" => Some(StageFormat::RoundRobin),
                "swiss" => Some(StageFormat::Swiss),
                "manual" => Some(StageFormat::Manual),
                "groups" => groups(d, &mut err).map(StageFormat::Groups),
                "knockout" => {
                    if index == 0 {
                        err(StageKey::Format, StageReason::KnockoutFirst);
                    } else if index + 1 != count {
                        err(StageKey::Format, StageReason::KnockoutNotLast);
                    }
                    knockout(d, rounds, previous_groups, &mut err).map(StageFormat::Knockout)
                }
                _ => None,
            };
            previous_groups = match &parsed {
                Some(StageFormat::Groups(g)) => Some(g.len()),
                _ => None,
            };
            if let (Some((first, last)), Some(format)) = (rounds, parsed.take()) {
                stages.push(Stage {
                    name,
                    first_round: first,
                    last_round: last,
                    format,
                });
            }
        }
        if errors.is_empty() {
            Ok(stages)
        } else {
            Err(errors)
        }
    }
}

fn groups(d: &StageDraft, err: &mut impl FnMut(StageKey, StageReason)) -> Option<Vec<Vec<TeamNo>>> {
    let Some(raw) = &d.groups else {
        err(StageKey::Groups, StageReason::Required);
        return None;
    };
    if raw.is_empty() || raw.len() > MAX_GROUPS {
        err(
            StageKey::Groups,
            StageReason::GroupCount {
                got: raw.len(),
                max: MAX_GROUPS,
            },
        );
        return None;
    }
    let mut seen = BTreeSet::new();
    let mut ok = true;
    let mut out = Vec::new();
    for (i, group) in raw.iter().enumerate() {
        if group.len() < 2 {
            err(
                StageKey::Groups,
                StageReason::GroupTooSmall {
                    group: group_label(i),
                },
            );
            ok = false;
        }
        let mut teams = Vec::new();
        for &n in group {
            match i32::try_from(n).ok().filter(|n| *n >= 1) {
                Some(n) => {
                    if !seen.insert(n) {
                        err(
                            StageKey::Groups,
                            StageReason::TeamInTwoGroups { team: TeamNo(n) },
                        );
                        ok = false;
                    }
                    teams.push(TeamNo(n));
                }
                None => {
                    err(StageKey::Groups, StageReason::BadTeam { got: n });
                    ok = false;
                }
            }
        }
        out.push(teams);
    }
    ok.then_some(out)
}

fn knockout(
    d: &StageDraft,
    rounds: Option<(i32, i32)>,
    previous_groups: Option<usize>,
    err: &mut impl FnMut(StageKey, StageReason),
) -> Option<Knockout> {
    let teams = match d.teams {
        None => {
            err(StageKey::Teams, StageReason::Required);
            None
        }
        Some(n) => match u32::try_from(n).ok().filter(|n| KNOCKOUT_SIZES.contains(n)) {
            Some(n) => Some(n),
            None => {
                err(StageKey::Teams, StageReason::KnockoutSize { got: n });
                None
            }
        },
    };
    if let (Some(t), Some(g)) = (teams, previous_groups)
        && (t as usize) < g
    {
        err(
            StageKey::Teams,
            StageReason::FewerPlacesThanGroups {
                teams: t,
                groups: g,
            },
        );
    }
    let third_place = d.third_place.unwrap_or(false);
    if third_place && teams == Some(2) {
        err(StageKey::ThirdPlace, StageReason::ThirdPlaceNeedsSemiFinals);
    }
    let segments = match &d.segments {
        None => {
            err(StageKey::Segments, StageReason::Required);
            None
        }
        Some(list) => {
            let parsed: Option<Vec<u32>> = list
                .iter()
                .map(|&n| u32::try_from(n).ok().filter(|n| (1..=999).contains(n)))
                .collect();
            match parsed {
                None => {
                    err(StageKey::Segments, StageReason::SegmentAtLeastOne);
                    None
                }
                Some(list) => {
                    let mut ok = true;
                    if let Some(t) = teams
                        && list.len() != t.trailing_zeros() as usize
                    {
                        err(
                            StageKey::Segments,
                            StageReason::SegmentsCount {
                                expected: t.trailing_zeros() as usize,
                                got: list.len(),
                                teams: t,
                            },
                        );
                        ok = false;
                    }
                    let sum: i64 = list.iter().map(|&n| i64::from(n)).sum();
                    if let Some((first, last)) = rounds
                        && sum != i64::from(last - first + 1)
                    {
                        err(
                            StageKey::Segments,
                            StageReason::SegmentsSum {
                                sum,
                                rounds: i64::from(last - first + 1),
                            },
                        );
                        ok = false;
                    }
                    ok.then_some(list)
                }
            }
        }
    };
    let mut amount = |key: StageKey, value: Option<f64>, max: i64| -> Option<Exact> {
        let Some(v) = value else {
            return Some(Exact::ZERO);
        };
        match Exact::from_f64(v).filter(|e| e.0 >= 0 && e.0 <= max * Exact::ONE) {
            Some(e) => Some(e),
            None => {
                err(
                    key,
                    StageReason::CarryOver {
                        value: v.to_string(),
                        max,
                    },
                );
                None
            }
        }
    };
    let carry_over = amount(StageKey::CarryOver, d.carry_over, MAX_CARRY_OVER);
    let carry_over_h2h = amount(StageKey::CarryOverH2h, d.carry_over_h2h, 1);
    let exchanges = exchanges(&d.exchanges, teams, err);
    Some(Knockout {
        teams: teams?,
        segments: segments?,
        third_place,
        carry_over: carry_over?,
        carry_over_h2h: carry_over_h2h?,
        exchanges: exchanges?,
    })
}

/// Checks a knockout's exchanges (`places`: the bracket's size, when it is valid). A
/// team is in at most one exchange of a knockout round, so the order never matters.
fn exchanges(
    drafts: &[ExchangeDraft],
    places: Option<u32>,
    err: &mut impl FnMut(StageKey, StageReason),
) -> Option<Vec<Exchange>> {
    let mut out = Vec::with_capacity(drafts.len());
    let mut seen: BTreeSet<(u32, TeamNo)> = BTreeSet::new();
    let mut ok = true;
    for (i, x) in drafts.iter().enumerate() {
        let mut refuse = |why: ExchangeWhy| {
            err(
                StageKey::Exchanges,
                StageReason::Exchange {
                    exchange: i + 1,
                    why,
                },
            );
        };
        let rounds = places.map(u32::trailing_zeros);
        let ko_round = match (x.ko_round, rounds) {
            (Some(n), Some(rounds)) => {
                match u32::try_from(n).ok().filter(|n| (1..=rounds).contains(n)) {
                    Some(n) => Some(n),
                    None => {
                        refuse(ExchangeWhy::Round { got: n, rounds });
                        None
                    }
                }
            }
            (None, Some(rounds)) => {
                refuse(ExchangeWhy::Round { got: 0, rounds });
                None
            }
            (_, None) => None,
        };
        let team = |n: i64| i32::try_from(n).ok().filter(|n| *n >= 1).map(TeamNo);
        let teams = match x.teams.as_deref() {
            Some(&[a, b]) if a != b => team(a).zip(team(b)).map(|(a, b)| [a, b]),
            _ => None,
        };
        if teams.is_none() {
            refuse(ExchangeWhy::Teams);
        }
        let reason = x.reason.split_whitespace().collect::<Vec<_>>().join(" ");
        let said = !reason.is_empty() && reason.chars().count() <= EXCHANGE_REASON_MAX;
        if !said {
            refuse(ExchangeWhy::Reason {
                max: EXCHANGE_REASON_MAX,
            });
        }
        // A refused exchange makes no team "already exchanged".
        let (Some(ko_round), Some(teams), true) = (ko_round, teams, said) else {
            ok = false;
            continue;
        };
        for team in teams {
            if !seen.insert((ko_round, team)) {
                refuse(ExchangeWhy::Twice { team });
                ok = false;
            }
        }
        out.push(Exchange {
            ko_round,
            teams,
            reason,
        });
    }
    (ok && places.is_some()).then_some(out)
}

/// A stage as a surface holds it before it is checked: `tournament.toml`'s `[[stages]]`,
/// a form or a database row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageDraft {
    pub name: String,
    pub rounds: Option<(i64, i64)>,
    pub format: String,
    pub groups: Option<Vec<Vec<i64>>>,
    pub teams: Option<i64>,
    pub segments: Option<Vec<i64>>,
    pub third_place: Option<bool>,
    pub carry_over: Option<f64>,
    pub carry_over_h2h: Option<f64>,
    pub exchanges: Vec<ExchangeDraft>,
}

impl StageDraft {
    /// The draft a checked stage reads back from.
    pub fn of(stage: &Stage) -> StageDraft {
        let mut d = StageDraft {
            name: stage.name.clone(),
            rounds: Some((stage.first_round.into(), stage.last_round.into())),
            format: stage.format.code().to_owned(),
            ..StageDraft::default()
        };
        match &stage.format {
            StageFormat::Groups(g) => {
                d.groups = Some(
                    g.iter()
                        .map(|g| g.iter().map(|t| i64::from(t.get())).collect())
                        .collect(),
                );
            }
            StageFormat::Knockout(k) => {
                d.teams = Some(k.teams.into());
                d.segments = Some(k.segments.iter().map(|&n| n.into()).collect());
                d.third_place = Some(k.third_place);
                d.carry_over = Some(k.carry_over.as_f64());
                d.carry_over_h2h = Some(k.carry_over_h2h.as_f64());
                d.exchanges = k
                    .exchanges
                    .iter()
                    .map(|x| ExchangeDraft {
                        ko_round: Some(x.ko_round.into()),
                        teams: Some(x.teams.iter().map(|t| i64::from(t.get())).collect()),
                        reason: x.reason.clone(),
                    })
                    .collect();
            }
            _ => {}
        }
        d
    }
}

/// A key of a `[[stages]]` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageKey {
    Name,
    Rounds,
    Format,
    Groups,
    Teams,
    Segments,
    ThirdPlace,
    CarryOver,
    CarryOverH2h,
    Exchanges,
}

impl StageKey {
    pub(crate) const ALL: [StageKey; 10] = [
        StageKey::Name,
        StageKey::Rounds,
        StageKey::Format,
        StageKey::Groups,
        StageKey::Teams,
        StageKey::Segments,
        StageKey::ThirdPlace,
        StageKey::CarryOver,
        StageKey::CarryOverH2h,
        StageKey::Exchanges,
    ];

    pub(crate) fn key(self) -> &'static str {
        match self {
            StageKey::Name => "name",
            StageKey::Rounds => "rounds",
            StageKey::Format => "format",
            StageKey::Groups => "groups",
            StageKey::Teams => "teams",
            StageKey::Segments => "segments",
            StageKey::ThirdPlace => "third_place",
            StageKey::CarryOver => "carry_over",
            StageKey::CarryOverH2h => "carry_over_h2h",
            StageKey::Exchanges => "exchanges",
        }
    }
}

/// Why a stage is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageReason {
    Required,
    TooLong {
        max: usize,
    },
    RoundsOrder {
        first: i64,
        last: i64,
    },
    NotConsecutive {
        expected: i64,
        got: i64,
    },
    NotOneOf(ParseError),
    OnlyFor {
        format: &'static str,
    },
    KnockoutFirst,
    KnockoutNotLast,
    KnockoutSize {
        got: i64,
    },
    FewerPlacesThanGroups {
        teams: u32,
        groups: usize,
    },
    ThirdPlaceNeedsSemiFinals,
    SegmentAtLeastOne,
    SegmentsCount {
        expected: usize,
        got: usize,
        teams: u32,
    },
    SegmentsSum {
        sum: i64,
        rounds: i64,
    },
    CarryOver {
        value: String,
        max: i64,
    },
    GroupCount {
        got: usize,
        max: usize,
    },
    GroupTooSmall {
        group: char,
    },
    TeamInTwoGroups {
        team: TeamNo,
    },
    BadTeam {
        got: i64,
    },
    /// Exchange `exchange` (from 1) of a knockout's `exchanges`.
    Exchange {
        exchange: usize,
        why: ExchangeWhy,
    },
    /// The key's value has the wrong shape or type.
    Shape,
}

/// A problem of stage `index` (0-based) at `key`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageError {
    pub index: usize,
    pub key: StageKey,
    pub reason: StageReason,
}

/// Snake seeding of `teams` (in seed order) into `groups` groups: 1, 2, 3, 4 into A, B, C,
/// D, then 5, 6, 7, 8 into D, C, B, A, and so on.
pub fn snake(teams: &[TeamNo], groups: usize) -> Vec<Vec<TeamNo>> {
    let groups = groups.max(1);
    let mut out = vec![Vec::new(); groups];
    for (i, team) in teams.iter().enumerate() {
        let lap = i / groups;
        let pos = i % groups;
        let g = if lap.is_multiple_of(2) {
            pos
        } else {
            groups - 1 - pos
        };
        out[g].push(*team);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bracket::tests::{knockout, league};

    fn reasons(drafts: &[StageDraft]) -> Vec<(usize, &'static str, StageReason)> {
        Stage::parse_all(drafts)
            .unwrap_err()
            .into_iter()
            .map(|e| (e.index, e.key.key(), e.reason))
            .collect()
    }

    #[test]
    fn exchanges_name_a_knockout_round_two_teams_and_a_reason() {
        let x = |ko: i64, teams: &[i64], reason: &str| ExchangeDraft {
            ko_round: Some(ko),
            teams: Some(teams.to_vec()),
            reason: reason.into(),
        };
        let mut ko = knockout((4, 7), 8, &[2, 1, 1], true, (0.0, 0.0));
        ko.exchanges = vec![x(1, &[4, 3], "  one \t club "), x(2, &[3, 10], "travel")];
        let stages = Stage::parse_all(&[league("Q", (1, 3), "swiss"), ko.clone()]).unwrap();
        assert_eq!(
            stages[1].knockout().unwrap().exchanges,
            [
                Exchange {
                    ko_round: 1,
                    teams: [TeamNo(4), TeamNo(3)],
                    reason: "one club".into()
                },
                Exchange {
                    ko_round: 2,
                    teams: [TeamNo(3), TeamNo(10)],
                    reason: "travel".into()
                }
            ]
        );
        // Read back from its draft unchanged.
        assert_eq!(
            StageDraft::of(&stages[1]).exchanges[0].teams,
            Some(vec![4, 3])
        );
        let why = |e: usize, why: ExchangeWhy| {
            (1, "exchanges", StageReason::Exchange { exchange: e, why })
        };
        ko.exchanges = vec![
            x(4, &[1, 2], "r"),
            x(1, &[5, 5], "r"),
            x(1, &[5, 6], ""),
            x(1, &[6, 7], "r"),
            x(1, &[7, 8], "r"),
        ];
        assert_eq!(
            reasons(&[league("Q", (1, 3), "swiss"), ko]),
            [
                why(1, ExchangeWhy::Round { got: 4, rounds: 3 }),
                why(2, ExchangeWhy::Teams),
                why(3, ExchangeWhy::Reason { max: 500 }),
                why(5, ExchangeWhy::Twice { team: TeamNo(7) }),
            ]
        );
        // Only a knockout has exchanges.
        let mut swiss = league("Q", (1, 3), "swiss");
        swiss.exchanges = vec![x(1, &[1, 2], "r")];
        assert_eq!(
            reasons(&[swiss]),
            [(0, "exchanges", StageReason::OnlyFor { format: "knockout" })]
        );
    }

    #[test]
    fn stages_are_consecutive_blocks_from_round_one() {
        let ok = Stage::parse_all(&[
            league("Qualifying", (1, 9), "swiss"),
            knockout((10, 15), 8, &[2, 2, 2], true, (1.5, 0.25)),
        ])
        .unwrap();
        assert_eq!(ok[1].knockout_rounds(), [(10, 11), (12, 13), (14, 15)]);
        assert_eq!(ok[1].knockout().unwrap().carry_over, Exact(15_000));
        assert_eq!(ok[1].knockout().unwrap().carry_over_h2h, Exact(2_500));
        // A gap, an overlap and a stage not starting at round 1.
        assert_eq!(
            reasons(&[league("A", (2, 4), "swiss"), league("B", (4, 6), "manual")]),
            [
                (
                    0,
                    "rounds",
                    StageReason::NotConsecutive {
                        expected: 1,
                        got: 2
                    }
                ),
                (
                    1,
                    "rounds",
                    StageReason::NotConsecutive {
                        expected: 5,
                        got: 4
                    }
                ),
            ]
        );
        assert_eq!(
            reasons(&[league("A", (3, 2), "swiss")]),
            [(0, "rounds", StageReason::RoundsOrder { first: 3, last: 2 })]
        );
    }

    #[test]
    fn knockouts_have_a_size_and_segments_that_add_up() {
        let r = reasons(&[
            league("Q", (1, 3), "swiss"),
            knockout((4, 9), 6, &[3, 3], false, (0.0, 0.0)),
        ]);
        assert_eq!(r, [(1, "teams", StageReason::KnockoutSize { got: 6 })]);
        let r = reasons(&[
            league("Q", (1, 3), "swiss"),
            knockout((4, 9), 8, &[2, 2, 1], false, (0.0, 0.0)),
        ]);
        assert_eq!(
            r,
            [(
                1,
                "segments",
                StageReason::SegmentsSum { sum: 5, rounds: 6 }
            )]
        );
        let r = reasons(&[
            league("Q", (1, 3), "swiss"),
            knockout((4, 9), 8, &[3, 3], false, (0.0, 0.0)),
        ]);
        assert_eq!(
            r,
            [(
                1,
                "segments",
                StageReason::SegmentsCount {
                    expected: 3,
                    got: 2,
                    teams: 8
                }
            )]
        );
        let r = reasons(&[knockout((1, 1), 2, &[1], true, (-1.0, 0.12345))]);
        assert_eq!(r.len(), 4, "{r:?}");
        assert_eq!(r[0].2, StageReason::KnockoutFirst);
        assert_eq!(r[1].2, StageReason::ThirdPlaceNeedsSemiFinals);
        assert_eq!(r[2].1, "carry_over");
        assert_eq!(r[3].1, "carry_over_h2h");
        let mut swiss = league("Q", (1, 3), "swiss");
        swiss.teams = Some(8);
        assert_eq!(
            reasons(&[swiss]),
            [(0, "teams", StageReason::OnlyFor { format: "knockout" })]
        );
    }

    #[test]
    fn groups_are_disjoint() {
        let groups = StageDraft {
            groups: Some(vec![vec![1, 4, 5], vec![2, 5, 6], vec![7]]),
            ..league("G", (1, 3), "groups")
        };
        assert_eq!(
            reasons(&[groups]),
            [
                (
                    0,
                    "groups",
                    StageReason::TeamInTwoGroups { team: TeamNo(5) }
                ),
                (0, "groups", StageReason::GroupTooSmall { group: 'C' }),
            ]
        );
        let missing = league("G", (1, 3), "groups");
        assert_eq!(reasons(&[missing]), [(0, "groups", StageReason::Required)]);
    }

    #[test]
    fn snake_seeding_turns_at_each_end() {
        let teams: Vec<TeamNo> = (1..=10).map(TeamNo).collect();
        let g = snake(&teams, 4);
        let n = |g: &Vec<TeamNo>| g.iter().map(|t| t.get()).collect::<Vec<_>>();
        assert_eq!(n(&g[0]), [1, 8, 9]);
        assert_eq!(n(&g[1]), [2, 7, 10]);
        assert_eq!(n(&g[2]), [3, 6]);
        assert_eq!(n(&g[3]), [4, 5]);
    }

    #[test]
    fn exact_levels_print_two_decimals_half_away_from_zero() {
        assert_eq!(Exact(12_345).two_decimals(), "1.23");
        assert_eq!(Exact(12_350).two_decimals(), "1.24");
        assert_eq!(Exact(-12_350).two_decimals(), "-1.24");
        assert_eq!(Exact(-50).two_decimals(), "-0.01");
        assert_eq!(Exact(-49).two_decimals(), "0.00");
        assert_eq!(Exact::from_f64(0.3333), Some(Exact(3333)));
        assert_eq!(Exact::from_f64(0.33333), None);
    }
}
