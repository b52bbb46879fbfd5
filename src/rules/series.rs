//! A series of tournaments (docs/rules.md §14), pure: each finished tournament's places, the
//! placing points they give, and the series standings of players over the tournaments.
//!
//! The tournaments come as [`TournamentRecord`]s (the rooms the players played, the same
//! records ratings read) with each one's [`Place`]s; the caller lists the series' tournaments
//! and its `count_best`.

use std::collections::BTreeMap;

use num_traits::Zero;

use super::bracket::Championship;
use super::event::{Event, TeamNo};
use super::player_id::PlayerId;
use super::rating::TournamentRecord;
use super::rational::{Rational, ratio, whole};
use super::report::Report;

/// A team's place in a finished tournament: `k` for every team of a block sharing places
/// k … k+j−1 (`3=` in `ranking.csv`, a shared rank in the standings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub team: TeamNo,
    pub place: u32,
}

/// The places of a finished tournament, in order: `ranking.csv`'s when it has a knockout
/// stage; else its standings (with stages: the last league stage's standings, then the teams
/// that stage does not rank in the order docs/rules.md §12 gives non-qualifiers, withdrawn
/// teams last). Withdrawn teams are in the list.
pub fn places_of(event: &Event, report: &Report) -> Vec<Place> {
    let Some(c) = Championship::compute(event, report) else {
        return report
            .standings
            .iter()
            .map(|s| Place {
                team: s.team,
                place: s.rank,
            })
            .collect();
    };
    let mut places: Vec<Place> = c
        .ranking
        .iter()
        .enumerate()
        .map(|(i, l)| Place {
            team: l.team,
            place: l.place.unwrap_or(i as u32 + 1),
        })
        .collect();
    let knockout = event.settings.stages.iter().any(|s| s.format.is_knockout());
    if !knockout {
        share_league_ranks(&c, &mut places);
    }
    places
}

/// Without a knockout the ranking lists the last league stage's teams first, one place
/// each: teams its standings rank level (a shared rank, one table without groups) share
/// their places again, as in the standings.
fn share_league_ranks(c: &Championship, places: &mut [Place]) {
    let Some(table) = c.tables.tables.last() else {
        return;
    };
    let [block] = table.blocks.as_slice() else {
        return;
    };
    let rank_of = |team: TeamNo| {
        block
            .standings
            .iter()
            .find(|s| s.team == team && s.shared)
            .map(|s| s.rank)
    };
    for i in 1..places.len() {
        let (before, now) = (rank_of(places[i - 1].team), rank_of(places[i].team));
        if now.is_some() && now == before {
            places[i].place = places[i - 1].place;
        }
    }
}

/// Each team's placing points: 100 × (n − place + 1) / n, n the number of places listed; a
/// block of j teams sharing place k gets the mean over places k … k+j−1, exactly.
pub fn placing_points(places: &[Place]) -> BTreeMap<TeamNo, Rational> {
    let n = places.len() as i64;
    let mut points = BTreeMap::new();
    for p in places {
        let j = places.iter().filter(|q| q.place == p.place).count() as i64;
        // The mean place of k … k+j−1 is k + (j − 1)/2.
        let mean_place = whole(i64::from(p.place)) + ratio(j - 1, 2);
        let value = (whole(n + 1) - mean_place) * ratio(100, n.max(1));
        points.insert(p.team, value);
    }
    points
}

/// One tournament of a series: its record and its places.
#[derive(Clone, Copy, Debug)]
pub struct SeriesEvent<'a> {
    pub record: &'a TournamentRecord,
    pub places: &'a [Place],
}

/// A player's line in the series standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesLine {
    /// The line's position from 1, never shared.
    pub rank: usize,
    pub player: PlayerId,
    /// Finished tournaments of the series the player played.
    pub events: u32,
    /// The sum of the player's best `count_best` events' placing points.
    pub points: Rational,
    /// The exact sum of the player's pairs' Butler scores over every board they played in the
    /// series' finished tournaments.
    pub butler_total: Rational,
}

/// What one player gathered over the series.
#[derive(Default)]
struct Gathered {
    points: Vec<Rational>,
    butler: Rational,
}

/// The players who played `record` (a line-up of a room with a result names them), each
/// with the team they played for (the first room's, by round, board, table, room), and
/// each linked player's Butler total over its rooms.
fn played(record: &TournamentRecord) -> (BTreeMap<PlayerId, TeamNo>, BTreeMap<PlayerId, Rational>) {
    let mut teams = BTreeMap::new();
    let mut butler: BTreeMap<PlayerId, Rational> = BTreeMap::new();
    for room in record.rooms_in_order() {
        let sides = [
            (room.ns, room.ns_team, room.butler.clone()),
            (room.ew, room.ew_team, -room.butler.clone()),
        ];
        for (ids, team, score) in sides {
            for id in ids.into_iter().flatten() {
                teams.entry(id).or_insert(team);
                *butler.entry(id).or_insert_with(Rational::zero) += &score;
            }
        }
    }
    (teams, butler)
}

/// The series standings over `events` (the finished ones count; the others are passed
/// over): by the sum of each player's best `count_best` events' points (all with `None`),
/// then more events played, then a higher Butler total, then the lower id.
pub fn series_standings(events: &[SeriesEvent<'_>], count_best: Option<u32>) -> Vec<SeriesLine> {
    let mut players: BTreeMap<PlayerId, Gathered> = BTreeMap::new();
    for e in events.iter().filter(|e| e.record.finished) {
        let points = placing_points(e.places);
        let (teams, butler) = played(e.record);
        for (id, team) in teams {
            let g = players.entry(id).or_default();
            g.points
                .push(points.get(&team).cloned().unwrap_or_else(Rational::zero));
            if let Some(b) = butler.get(&id) {
                g.butler += b;
            }
        }
    }
    let mut lines: Vec<SeriesLine> = players
        .into_iter()
        .map(|(player, mut g)| {
            g.points.sort_by(|a, b| b.cmp(a));
            let best = count_best.map_or(g.points.len(), |n| n as usize);
            SeriesLine {
                rank: 0,
                player,
                events: g.points.len() as u32,
                points: g.points.iter().take(best).sum(),
                butler_total: g.butler,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.events.cmp(&a.events))
            .then(b.butler_total.cmp(&a.butler_total))
            .then(a.player.cmp(&b.player))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    lines
}

#[cfg(test)]
mod tests;
