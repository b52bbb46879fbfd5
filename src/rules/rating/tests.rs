use super::*;
use crate::rules::cards::Seat;
use crate::rules::compare::tests::board;
use crate::rules::event::{Match, Round, TableResult, Team};
use crate::rules::rational::whole;
use crate::rules::settings::Settings;
use crate::rules::table::{EntryFigures, TableEntry};

fn p(n: u64) -> PlayerId {
    PlayerId::from_number(n).unwrap()
}

fn date(text: &str) -> Option<NaiveDate> {
    Some(NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap())
}

/// A room of board `board` (round 1, table 1) with NS `ns`, EW `ew` and NS's Butler score.
fn room(board: i32, table: i32, open: bool, ns: [u64; 2], ew: [u64; 2], b: Rational) -> RoomRecord {
    RoomRecord {
        round: 1,
        board,
        table,
        room: if open { Room::Open } else { Room::Closed },
        ns_team: TeamNo(1),
        ew_team: TeamNo(2),
        ns: ns.map(PlayerId::from_number),
        ew: ew.map(PlayerId::from_number),
        butler: b,
        lineup_first: true,
    }
}

fn tournament(slug: &str, ends: &str, rooms: Vec<RoomRecord>) -> TournamentRecord {
    TournamentRecord {
        slug: slug.to_owned(),
        ends: date(ends),
        finished: true,
        rated: true,
        rooms,
    }
}

/// Three rated tournaments, given out of order: `x` (ends 1 February), then `y` and `z`
/// (both 1 March: `y` first by slug). Figures worked by hand in the test below.
fn season() -> Vec<TournamentRecord> {
    let y = tournament(
        "y",
        "2026-03-01",
        vec![room(1, 1, true, [1, 5], [3, 7], whole(1))],
    );
    let z = tournament(
        "z",
        "2026-03-01",
        vec![room(1, 1, true, [5, 1], [7, 3], whole(0))],
    );
    let x = tournament(
        "x",
        "2026-02-01",
        vec![
            // Board 2 is given first: the run goes by board, then table, open first.
            room(2, 1, false, [5, 6], [7, 8], ratio(1, 2)),
            room(2, 1, true, [2, 1], [3, 4], whole(-1)),
            room(1, 1, true, [1, 2], [3, 4], whole(2)),
        ],
    );
    vec![y, z, x]
}

#[test]
fn a_full_run_goes_by_end_then_slug_then_board() {
    let r = Ratings::full_run(&season());
    // x board 1: E = 0, change = 2/16 = 1/8: P1, P2 +1/8, P3, P4 −1/8.
    // x board 2 open: E = (1/8 + 1/8 + 1/8 + 1/8) / 4 = 1/8, change = (−1 − 1/8)/16 = −9/128:
    //   P1, P2 7/128, P3, P4 −7/128. Closed: E = 0, change 1/32: P5, P6 1/32, P7, P8 −1/32.
    let got: Vec<(String, Rational, u32)> = r
        .players
        .iter()
        .map(|(id, pr)| (id.to_string(), pr.rating.clone(), pr.boards))
        .collect();
    // y (1 March, slug "y") before z (1 March, slug "z").
    // y board 1: P1 7/128 + P5 1/32 = 11/128; P3 + P7 = −11/128; E = (22/128)/4 = 11/256;
    //   change = (1 − 11/256)/16 = 245/4096: P1 = 224/4096 + 245/4096 = 469/4096,
    //   P5 = 128/4096 + 245/4096 = 373/4096, P3 = −469/4096, P7 = −373/4096.
    // z board 1: NS P1 + P5 = 842/4096, EW −842/4096; E = (1684/4096)/4 = 421/4096;
    //   change = (0 − 421/4096)/16 = −421/65536: P1 = 7504/65536 − 421/65536 = 7083/65536,
    //   P5 = 5968/65536 − 421/65536 = 5547/65536.
    let want = [
        ("P1", ratio(7083, 65536), 4),
        ("P2", ratio(7, 128), 2),
        ("P3", ratio(-7083, 65536), 4),
        ("P4", ratio(-7, 128), 2),
        ("P5", ratio(5547, 65536), 3),
        ("P6", ratio(1, 32), 1),
        ("P7", ratio(-5547, 65536), 3),
        ("P8", ratio(-1, 32), 1),
    ]
    .map(|(id, rating, boards)| (id.to_owned(), rating, boards));
    assert_eq!(got, want);
    assert!(r.players.values().all(PlayerRating::provisional));
    assert_eq!(r.last, Some((date("2026-03-01").unwrap(), "z".to_owned())));
    let rows: Vec<(&str, i32, Room, String, Rational, Rational)> = r
        .boards
        .iter()
        .map(|b| {
            (
                b.tournament.as_str(),
                b.board,
                b.room,
                format!("{}{}{}{}", b.ns[0], b.ns[1], b.ew[0], b.ew[1]),
                b.expected.clone(),
                b.change.clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("x", 1, Room::Open, "P1P2P3P4".into(), whole(0), ratio(1, 8)),
            (
                "x",
                2,
                Room::Open,
                "P1P2P3P4".into(),
                ratio(1, 8),
                ratio(-9, 128)
            ),
            (
                "x",
                2,
                Room::Closed,
                "P5P6P7P8".into(),
                whole(0),
                ratio(1, 32)
            ),
            (
                "y",
                1,
                Room::Open,
                "P1P5P3P7".into(),
                ratio(11, 256),
                ratio(245, 4096)
            ),
            (
                "z",
                1,
                Room::Open,
                "P1P5P3P7".into(),
                ratio(421, 4096),
                ratio(-421, 65536)
            ),
        ]
    );
}

#[test]
fn the_rooms_of_a_board_are_scored_against_the_ratings_before_it() {
    // P1 sits in both rooms of board 2 (as no real line-up would, but a run must not depend
    // on the order of rooms): both rooms see P1 at 1/8 from board 1.
    let t = tournament(
        "t",
        "2026-01-01",
        vec![
            room(1, 1, true, [1, 2], [3, 4], whole(2)),
            room(2, 1, true, [1, 2], [3, 4], whole(0)),
            room(2, 2, true, [1, 5], [6, 7], whole(0)),
        ],
    );
    let r = Ratings::full_run(&[t]);
    // Board 2 table 1: E = (1/4 + 1/4)/4 = 1/8, change −1/128. Table 2: E = (1/8)/4 = 1/32,
    // change −1/512. P1 = 1/8 − 1/128 − 1/512 = 59/512.
    assert_eq!(r.boards[2].expected, ratio(1, 32));
    assert_eq!(r.rating(p(1)), ratio(59, 512));
    assert_eq!(r.players[&p(1)].boards, 3);
    assert_eq!(r.rating(p(5)), ratio(-1, 512));
}

#[test]
fn only_rated_finished_rooms_with_four_linked_players_given_first_count() {
    let mut base = tournament(
        "a",
        "2026-01-01",
        vec![room(1, 1, true, [1, 2], [3, 4], whole(2))],
    );
    let mut late = room(2, 1, true, [1, 2], [3, 4], whole(5));
    late.lineup_first = false;
    base.rooms.push(late);
    let mut partial = room(3, 1, true, [1, 2], [3, 4], whole(5));
    partial.ew[1] = None;
    base.rooms.push(partial);
    let mut unrated = tournament(
        "b",
        "2026-01-02",
        vec![room(1, 1, true, [1, 2], [3, 4], whole(3))],
    );
    unrated.rated = false;
    let mut unfinished = unrated.clone();
    unfinished.slug = "c".into();
    unfinished.rated = true;
    unfinished.finished = false;
    let mut undated = unfinished.clone();
    undated.slug = "d".into();
    undated.finished = true;
    undated.ends = None;
    let r = Ratings::full_run(&[base, unrated, unfinished, undated]);
    assert_eq!(r.boards.len(), 1);
    assert_eq!(r.rating(p(1)), ratio(1, 8));
    assert_eq!(r.players[&p(1)].boards, 1);
    assert_eq!(r.rating(p(9)), whole(0));
}

#[test]
fn appending_the_last_tournament_equals_the_full_run() {
    let all = season();
    let (y, z, x) = (&all[0], &all[1], &all[2]);
    let mut r = Ratings::full_run(std::slice::from_ref(x));
    r.append(y).unwrap();
    r.append(z).unwrap();
    assert_eq!(r, Ratings::full_run(&all));
    // y sorts before z: appending it after z is refused and changes nothing.
    let mut r = Ratings::full_run(&[x.clone(), z.clone()]);
    let before = r.clone();
    assert_eq!(r.append(y), Err(OutOfOrder { slug: "y".into() }));
    assert_eq!(r, before);
    // after_finishing falls back to the full run.
    assert_eq!(
        Ratings::after_finishing(r, &all, y),
        Ratings::full_run(&all)
    );
    let r = Ratings::full_run(&[x.clone(), y.clone()]);
    assert_eq!(
        Ratings::after_finishing(r, &all, z),
        Ratings::full_run(&all)
    );
    // An unrated tournament appends as nothing.
    let mut unrated = z.clone();
    unrated.rated = false;
    unrated.slug = "zz".into();
    let mut r = Ratings::full_run(&all);
    r.append(&unrated).unwrap();
    assert_eq!(r, Ratings::full_run(&all));
}

#[test]
fn a_hundred_boards_make_a_rating_established() {
    let rooms = (1..=100)
        .map(|b| room(b, 1, true, [1, 2], [3, 4], whole(0)))
        .collect();
    let r = Ratings::full_run(&[tournament("t", "2026-01-01", rooms)]);
    assert_eq!(r.players[&p(1)].boards, 100);
    assert!(!r.players[&p(1)].provisional());
    let r = Ratings::full_run(&[tournament(
        "t",
        "2026-01-01",
        (1..=99)
            .map(|b| room(b, 1, true, [1, 2], [3, 4], whole(0)))
            .collect(),
    )]);
    assert!(r.players[&p(1)].provisional());
}

fn entry(figures: EntryFigures) -> TableEntry {
    TableEntry::stored(figures)
}

fn total(room: Room, board: i32, p: i32) -> TableResult {
    TableResult {
        room,
        board,
        entry: entry(EntryFigures {
            defender_total: Some(p),
            ..EntryFigures::default()
        }),
    }
}

/// Two decks, standard bands (P 0 → s 3, 40 → 1, 60 → 1, 100 → −1, 200 → −4).
fn event() -> Event {
    let team = |n: i32| Team {
        member_ids: Vec::new(),
        number: TeamNo(n),
        name: format!("T{n}"),
        club: String::new(),
        members: vec![],
        withdrawn: false,
    };
    let ruling = TableResult {
        room: Room::Open,
        board: 1,
        entry: entry(EntryFigures {
            ruling: Some(2),
            ..EntryFigures::default()
        }),
    };
    let m = |table: i32, home: i32, away: i32, results: Vec<TableResult>| Match {
        table,
        home: TeamNo(home),
        away: Some(TeamNo(away)),
        results: results.into(),
    };
    Event {
        settings: Settings::for_tests(),
        teams: (1..=4).map(team).collect(),
        rounds: vec![Round {
            number: 1,
            boards: vec![board(1, Seat::North), board(2, Seat::East)],
            matches: vec![
                m(
                    1,
                    1,
                    2,
                    vec![
                        total(Room::Open, 1, 60),
                        total(Room::Closed, 1, 100),
                        total(Room::Open, 2, 0),
                        total(Room::Closed, 2, 40),
                    ],
                ),
                m(2, 3, 4, vec![ruling, total(Room::Closed, 1, 200)]),
            ]
            .into(),
        }],
        lineups: Default::default(),
        deals: Default::default(),
    }
}

#[test]
fn a_record_takes_each_rooms_butler_score_from_ns_and_its_line_ups() {
    let lineup = |_round: i32, _table: i32, room: Room, team: TeamNo| -> Option<LineupLink> {
        let ids = match team.get() {
            1 => [Some(p(1)), Some(p(2))],
            2 => [Some(p(3)), Some(p(4))],
            3 => [Some(p(5)), None],
            _ => return None,
        };
        Some(LineupLink {
            ids,
            before_first_result: !(team.get() == 2 && room == Room::Closed),
        })
    };
    let flags = TournamentFlags {
        slug: "t".into(),
        ends: date("2026-01-01"),
        finished: true,
        rated: true,
    };
    let r = record_of_event(&event(), flags, &lineup);
    type Row = (i32, i32, Room, i32, i32, PairIds, PairIds, Rational, bool);
    let got: Vec<Row> = r
        .rooms
        .iter()
        .map(|r| {
            (
                r.board,
                r.table,
                r.room,
                r.ns_team.get(),
                r.ew_team.get(),
                r.ns,
                r.ew,
                r.butler.clone(),
                r.lineup_first,
            )
        })
        .collect();
    let (t1, t2, t3, none) = (
        [Some(p(1)), Some(p(2))],
        [Some(p(3)), Some(p(4))],
        [Some(p(5)), None],
        [None, None],
    );
    // Board 1 (dealer N: NS declares; the home team sits NS in the open room): s = 1 (P 60),
    // −1 (P 100), 2 (a ruling), −4 (P 200); datum −1/2. NS: 3/2, −1/2, 5/2, −7/2.
    // Board 2 (dealer E: EW declares): s = 3 (P 0, team 2), 1 (P 40, team 1); datum 2.
    // NS defended: 2 − 3 = −1, 2 − 1 = 1.
    assert_eq!(
        got,
        [
            (1, 1, Room::Open, 1, 2, t1, t2, ratio(3, 2), true),
            (1, 1, Room::Closed, 2, 1, t2, t1, ratio(-1, 2), false),
            (1, 2, Room::Open, 3, 4, t3, none, ratio(5, 2), false),
            (1, 2, Room::Closed, 4, 3, none, t3, ratio(-7, 2), false),
            (2, 1, Room::Open, 1, 2, t1, t2, whole(-1), true),
            (2, 1, Room::Closed, 2, 1, t2, t1, whole(1), false),
        ]
    );
    // Rated: board 1 open (E 0, change 3/32) and board 2 open (E = (3/16 + 3/16)/4 = 3/32,
    // change (−1 − 3/32)/16 = −35/512).
    let ratings = Ratings::full_run(&[r]);
    assert_eq!(ratings.boards.len(), 2);
    assert_eq!(ratings.rating(p(1)), ratio(3, 32) - ratio(35, 512));
}

/// A change is worked out exactly, then rounded half away from zero to 18 decimals before
/// it moves a rating (docs/rules.md §14, step 6).
#[test]
fn each_change_is_rounded_to_eighteen_decimals_half_away_from_zero() {
    // b = 1/3, E = 0: K·b = 1/48 = 0.020833333333333333|33…, rounded down.
    assert_eq!(
        super::change_units(&ratio(1, 3), 0),
        Some(20_833_333_333_333_333)
    );
    // b = 2/3: 1/24 = 0.041666666666666666|66…, rounded up.
    assert_eq!(
        super::change_units(&ratio(2, 3), 0),
        Some(41_666_666_666_666_667)
    );
    assert_eq!(
        super::change_units(&ratio(-2, 3), 0),
        Some(-41_666_666_666_666_667)
    );
    // Exactly half a unit either way goes away from zero.
    let half = ratio(8, 1_000_000_000_000_000_000);
    assert_eq!(super::change_units(&half, 0), Some(1));
    assert_eq!(super::change_units(&-half, 0), Some(-1));
    // E = sum / 4 units: b = 0 against E = 2 units gives −1/8 unit, rounded to 0; against
    // E = 8 units, −1/2 unit, rounded away from zero.
    assert_eq!(super::change_units(&ratio(0, 1), 8), Some(0));
    assert_eq!(super::change_units(&ratio(0, 1), 32), Some(-1));
    // The exact path (for figures past an i128) rounds alike.
    for (b, sum) in [
        (ratio(1, 3), 0),
        (ratio(-2, 3), 5),
        (ratio(7, 11), -123_456_789_012_345_678),
        (ratio(8, 1_000_000_000_000_000_000), 0),
        (ratio(-8, 1_000_000_000_000_000_000), 0),
    ] {
        assert_eq!(
            super::change_units(&b, sum),
            Some(super::change_units_exact(&b, sum)),
            "{b} {sum}"
        );
    }
    // A rating two boards on: thirds do not pile up digits.
    let t = tournament(
        "a",
        "2026-01-01",
        vec![
            room(1, 1, true, [1, 2], [3, 4], ratio(1, 3)),
            room(2, 1, true, [1, 2], [3, 4], ratio(1, 3)),
        ],
    );
    let r = Ratings::full_run(&[t]);
    let p1 = r.rating(p(1));
    assert!(
        p1.denom() <= &num_bigint::BigInt::from(10u64.pow(18)),
        "{p1}"
    );
    // The rounded 1/48, then (1/3 − E)/16 with E a quarter of four times it, rounded.
    assert_eq!(
        super::to_units(&p1),
        20_833_333_333_333_333 + 19_531_250_000_000_000
    );
    assert_eq!(r.players[&p(1)].rating, p1, "the kept figure is the run's");
}
