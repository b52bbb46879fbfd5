use super::*;
use crate::rules::bracket::tests::{event, knockout, league, report};
use crate::rules::cards::Room;
use crate::rules::fixtures::played;
use crate::rules::rating::RoomRecord;
use crate::rules::scoring::Score;
use crate::rules::standings::{Quotient, Standing};

fn p(n: u64) -> PlayerId {
    PlayerId::from_number(n).unwrap()
}

fn places(list: &[(i32, u32)]) -> Vec<Place> {
    list.iter()
        .map(|&(team, place)| Place {
            team: TeamNo(team),
            place,
        })
        .collect()
}

#[test]
fn shared_places_share_the_mean_of_their_points_exactly() {
    // n = 5: places 1, 2=, 2=, 4, 5 → 100, (80 + 60)/2 = 70 twice, 40, 20.
    let got = placing_points(&places(&[(3, 1), (1, 2), (5, 2), (2, 4), (4, 5)]));
    let want: BTreeMap<TeamNo, Rational> = [(3, 100), (1, 70), (5, 70), (2, 40), (4, 20)]
        .map(|(t, v)| (TeamNo(t), whole(v)))
        .into();
    assert_eq!(got, want);
    // Three teams level at 1=: the mean of 100, 200/3 and 100/3 is 200/3, exactly.
    let got = placing_points(&places(&[(1, 1), (2, 1), (3, 1)]));
    assert!(got.values().all(|v| *v == ratio(200, 3)));
    // Seven teams: the last gets 100/7.
    let seven: Vec<(i32, u32)> = (1..=7).map(|i| (i, i as u32)).collect();
    assert_eq!(placing_points(&places(&seven))[&TeamNo(7)], ratio(100, 7));
}

fn standing(team: i32, rank: u32, shared: bool) -> Standing {
    Standing {
        rank,
        shared,
        team: TeamNo(team),
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        score: Score::ZERO,
        level_diff: 0,
        quotient: Quotient { gained: 0, lost: 0 },
        point_diff: 0,
        boards_won: 0,
    }
}

#[test]
fn a_league_places_teams_by_its_standings_with_shared_ranks() {
    let e = event(&[1, 2, 3, 4], &[4], &[]);
    let mut r = report(vec![]);
    r.standings = vec![
        standing(2, 1, false),
        standing(1, 2, true),
        standing(3, 2, true),
        standing(4, 4, false),
    ];
    assert_eq!(places_of(&e, &r), places(&[(2, 1), (1, 2), (3, 2), (4, 4)]));
}

#[test]
fn a_knockout_places_teams_as_its_ranking_does() {
    // Semi-final losers share 3= without a play-off (the ranking's own test): final 2 v 4,
    // 2 wins on points; 1 and 3 lost their semi-finals.
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
    let got = places_of(&e, &r);
    assert_eq!(got, places(&[(2, 1), (4, 2), (1, 3), (3, 3)]));
    let points = placing_points(&got);
    assert_eq!(points[&TeamNo(1)], ratio(75, 2));
    assert_eq!(points[&TeamNo(4)], whole(75));
}

#[test]
fn stages_without_a_knockout_place_by_the_last_league_stage() {
    // One swiss stage: 1 and 2 draw (level on everything), 3 beats 4.
    let e = event(&[1, 2, 3, 4], &[], &[league("League", (1, 1), "swiss")]);
    let r = report(vec![played(1, 1, 1, 2, 0, 0), played(1, 2, 3, 4, 5, 10)]);
    assert_eq!(places_of(&e, &r), places(&[(3, 1), (1, 2), (2, 2), (4, 4)]));
}

/// A room of board 1 (round 1, table 1, open) between `ns_team` and `ew_team`.
fn room(
    ns_team: i32,
    ns: [Option<u64>; 2],
    ew_team: i32,
    ew: [Option<u64>; 2],
    b: Rational,
) -> RoomRecord {
    RoomRecord {
        round: 1,
        board: 1,
        table: 1,
        room: Room::Open,
        ns_team: TeamNo(ns_team),
        ew_team: TeamNo(ew_team),
        ns: ns.map(|n| n.and_then(PlayerId::from_number)),
        ew: ew.map(|n| n.and_then(PlayerId::from_number)),
        butler: b,
        lineup_first: false,
    }
}

fn record(slug: &str, finished: bool, rooms: Vec<RoomRecord>) -> TournamentRecord {
    TournamentRecord {
        slug: slug.into(),
        ends: None,
        finished,
        rated: false,
        rooms,
    }
}

fn lines(l: &[SeriesLine]) -> Vec<(usize, String, u32, Rational, Rational)> {
    l.iter()
        .map(|l| {
            (
                l.rank,
                l.player.to_string(),
                l.events,
                l.points.clone(),
                l.butler_total.clone(),
            )
        })
        .collect()
}

#[test]
fn series_standings_count_the_best_events_then_events_then_butler_then_id() {
    // e1: team 1 (P1, P2) NS v team 2 (P3, P4), b = 1; team 1 first of two.
    let e1 = record(
        "e1",
        true,
        vec![room(1, [Some(1), Some(2)], 2, [Some(3), Some(4)], whole(1))],
    );
    let p1 = places(&[(1, 1), (2, 2)]);
    // e2: team 1 (P1, P3) NS v team 2 (P2 and an unlinked member), b = −1/2; team 2 first.
    let e2 = record(
        "e2",
        true,
        vec![room(
            1,
            [Some(1), Some(3)],
            2,
            [None, Some(2)],
            ratio(-1, 2),
        )],
    );
    let p2 = places(&[(2, 1), (1, 2)]);
    // e3 is not finished: P4's second event does not count, nor does P5's only one.
    let e3 = record(
        "e3",
        false,
        vec![room(1, [Some(4), Some(5)], 2, [None, None], whole(3))],
    );
    let p3 = places(&[(1, 1), (2, 2)]);
    let events = [
        SeriesEvent {
            record: &e1,
            places: &p1,
        },
        SeriesEvent {
            record: &e2,
            places: &p2,
        },
        SeriesEvent {
            record: &e3,
            places: &p3,
        },
    ];
    // Best one: P1 100 (e1; e2 50), Butler 1 − 1/2 = 1/2; P2 100 (both), Butler 1 + 1/2;
    // P3 50 (both), Butler −1 − 1/2; P4 50 in one event, Butler −1.
    let h = ratio(1, 2);
    assert_eq!(
        lines(&series_standings(&events, Some(1))),
        [
            (1, "P2".into(), 2, whole(100), ratio(3, 2)),
            (2, "P1".into(), 2, whole(100), h.clone()),
            (3, "P3".into(), 2, whole(50), ratio(-3, 2)),
            (4, "P4".into(), 1, whole(50), whole(-1)),
        ]
    );
    // Every event: P2 200, P1 150, P3 100, P4 50.
    let all: Vec<(String, Rational)> = series_standings(&events, None)
        .iter()
        .map(|l| (l.player.to_string(), l.points.clone()))
        .collect();
    assert_eq!(
        all,
        [
            ("P2".into(), whole(200)),
            ("P1".into(), whole(150)),
            ("P3".into(), whole(100)),
            ("P4".into(), whole(50)),
        ]
    );
}

#[test]
fn level_players_are_ordered_by_id_number() {
    let e = record(
        "e",
        true,
        vec![room(1, [Some(10), Some(9)], 2, [None, None], whole(1))],
    );
    let pl = places(&[(1, 1), (2, 2)]);
    let got = series_standings(
        &[SeriesEvent {
            record: &e,
            places: &pl,
        }],
        Some(3),
    );
    let ids: Vec<String> = got.iter().map(|l| l.player.to_string()).collect();
    assert_eq!(ids, ["P9", "P10"]);
    assert_eq!(got[0].points, whole(100));
    assert_eq!(p(9), got[0].player);
}
