//! One tie of a knockout round: its sides, segments, carry-over, status and winner.

use crate::rules::event::TeamNo;
use crate::rules::report::MatchProgress;
use crate::rules::stages::Exact;

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
    pub(crate) play_off: bool,
    pub(crate) feeds: Option<Feeds>,
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
    pub(crate) fn determined(&self) -> bool {
        self.home.known() && self.away.known()
    }

    /// A team against nobody: it goes through without play.
    pub(crate) fn is_bye(&self) -> bool {
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
    pub(crate) fn complete_segments(&self) -> usize {
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

/// Puts the higher seed at home once both sides are known.
pub(super) fn seat(a: Slot, b: Slot) -> (Slot, Slot) {
    match (a, b) {
        (Slot::Team(x), Slot::Team(y)) if y.seed < x.seed => (b, a),
        (Slot::Empty, Slot::Team(_)) => (b, a),
        _ => (a, b),
    }
}
