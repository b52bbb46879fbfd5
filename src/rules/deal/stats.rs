//! What a director checks in a set of dealt boards before play.

use super::board::{Deal, seat_index};
use crate::rules::cards::{Level, Seat};

/// What a director checks in a set of dealt boards before play: per seat the jokers and
/// level cards held over all boards, and the points in each bottom.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct DealStats {
    pub boards: usize,
    /// Jokers per seat (North, East, South, West), summed over the boards.
    pub jokers: [usize; 4],
    /// Level cards (of each board's own level) per seat, summed over the boards.
    pub(crate) level_cards: [usize; 4],
    /// The bottom's points of each board, in the order given.
    pub bottom_points: Vec<i32>,
}

impl DealStats {
    /// The statistics of these boards, each with its level.
    pub(crate) fn of<'a>(boards: impl IntoIterator<Item = (&'a Deal, Level)>) -> DealStats {
        let mut stats = DealStats::default();
        for (deal, level) in boards {
            stats.boards += 1;
            for seat in Seat::ALL {
                let hand = deal.hand(seat);
                let k = seat_index(seat);
                stats.jokers[k] += hand.iter().filter(|c| c.is_joker()).count();
                stats.level_cards[k] += hand.iter().filter(|c| c.is_level(level)).count();
            }
            stats.bottom_points.push(deal.bottom_points());
        }
        stats
    }

    pub(crate) fn jokers_of(&self, seat: Seat) -> usize {
        self.jokers[seat_index(seat)]
    }

    pub(crate) fn level_cards_of(&self, seat: Seat) -> usize {
        self.level_cards[seat_index(seat)]
    }

    pub(crate) fn min_bottom_points(&self) -> Option<i32> {
        self.bottom_points.iter().copied().min()
    }

    pub(crate) fn max_bottom_points(&self) -> Option<i32> {
        self.bottom_points.iter().copied().max()
    }

    /// The mean bottom points in tenths of a point, rounded half away from zero.
    pub(crate) fn mean_bottom_tenths(&self) -> Option<i64> {
        let n = self.bottom_points.len() as i64;
        if n == 0 {
            return None;
        }
        let sum: i64 = self.bottom_points.iter().map(|&p| i64::from(p)).sum();
        Some((sum * 20 + n) / (2 * n))
    }
}
