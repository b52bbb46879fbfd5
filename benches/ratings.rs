//! What ratings cost (docs/rules.md §14): a season of generated events (by default 50 events
//! × 16 teams × 7 rounds × 8 boards, players drawn from a pool of 400), each made into its
//! record from its travellers, then one full run from zero and one event appended; it prints
//! the times, the largest denominator's bits among the ratings and the process's peak memory:
//! `cargo bench --bench ratings`, with `RATINGS_EVENTS=N`, `RATINGS_TEAMS=N` (even) and
//! `RATINGS_POOL=N` for other sizes. A federation's history of 2,000 events of 90 teams from
//! 20,000 players is 10,080,000 rated board-rooms:
//! `RATINGS_EVENTS=2000 RATINGS_TEAMS=90 RATINGS_POOL=20000 cargo bench --bench ratings`.

#![allow(unreachable_pub, clippy::unwrap_used)]

use std::time::Instant;

use chrono::NaiveDate;
use fushi::rules::rating::{
    LineupLink, Ratings, TournamentFlags, TournamentRecord, record_of_event,
};
use fushi::rules::rational::denominator_bits;
use fushi::rules::table::{EntryFigures, Origin, TableEntry};
use fushi::rules::{
    Board, Decks, Event, Level, Match, PlayerId, Room, Round, Seat, Settings, SettingsDraft,
    TableResult, Team, TeamNo,
};

const ROUNDS: i32 = 7;
const BOARDS: i32 = 8;

/// `name` from the environment, else `default`.
fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The size of the season: events, teams an event (even), players in the pool.
#[derive(Clone, Copy)]
struct Size {
    events: u64,
    teams: i32,
    pool: u64,
}

/// A small xorshift: the same season on every run.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn ruling(dice: &mut Dice) -> TableEntry {
    let s = dice.roll(8) as i32 - 4;
    let figures = EntryFigures {
        ruling: Some(s),
        ..EntryFigures::default()
    };
    TableEntry::parse(figures, Decks::Two, None, Origin::Archive).expect("a ruling in bounds")
}

/// Event `e`: `teams` teams of four in a round robin's first seven rounds, every room played.
fn event(e: u64, teams: i32, dice: &mut Dice) -> Event {
    let level = "2".parse::<Level>().expect("a level");
    let rounds = (1..=ROUNDS)
        .map(|r| {
            let matches: Vec<Match> = (0..teams / 2)
                .map(|t| {
                    let results: Vec<TableResult> = Room::BOTH
                        .into_iter()
                        .flat_map(|room| (1..=BOARDS).map(move |b| (room, b)))
                        .map(|(room, board)| TableResult {
                            room,
                            board,
                            entry: ruling(dice),
                        })
                        .collect();
                    // Team 1 stays; the others turn around it.
                    let turn = |i: i32| {
                        if i == 0 {
                            0
                        } else {
                            1 + (i - 1 + r) % (teams - 1)
                        }
                    };
                    Match {
                        table: t + 1,
                        home: TeamNo(turn(t) + 1),
                        away: Some(TeamNo(turn(teams - 1 - t) + 1)),
                        results: results.into(),
                    }
                })
                .collect();
            Round {
                number: r,
                boards: (1..=BOARDS)
                    .map(|b| Board {
                        number: b,
                        dealer: Seat::ALL[(b as usize - 1) % 4],
                        level,
                        trump: None,
                    })
                    .collect(),
                matches: matches.into(),
            }
        })
        .collect();
    Event {
        settings: Settings::try_from(SettingsDraft {
            name: format!("Night {e}"),
            slug: format!("night-{e:03}"),
            ..SettingsDraft::default()
        })
        .expect("valid settings"),
        teams: (1..=teams)
            .map(|n| Team {
                member_ids: Vec::new(),
                number: TeamNo(n),
                name: format!("Team {n}"),
                club: String::new(),
                members: Vec::new(),
                withdrawn: false,
            })
            .collect(),
        rounds,
        lineups: Vec::new().into(),
        deals: Default::default(),
    }
}

fn record(e: u64, size: Size, dice: &mut Dice) -> TournamentRecord {
    let ev = event(e, size.teams, dice);
    // Each team's four players, drawn from the pool for this event (a partial shuffle).
    let mut pool: Vec<u64> = (1..=size.pool).collect();
    for i in 0..(4 * size.teams) as usize {
        let j = i + dice.roll(size.pool - i as u64) as usize;
        pool.swap(i, j);
    }
    let id = |n: u64| PlayerId::from_number(n).expect("≥ 1");
    let players: Vec<[PlayerId; 4]> = pool
        .chunks(4)
        .take(size.teams as usize)
        .map(|c| [id(c[0]), id(c[1]), id(c[2]), id(c[3])])
        .collect();
    let ends = NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date") + chrono::Days::new(e * 7);
    let flags = TournamentFlags {
        slug: format!("night-{e:03}"),
        ends: Some(ends),
        finished: true,
        rated: true,
    };
    record_of_event(&ev, flags, &|_, _, room, team| {
        let four = players[(team.get() - 1) as usize];
        let ids = match room {
            Room::Open => [Some(four[0]), Some(four[1])],
            Room::Closed => [Some(four[2]), Some(four[3])],
        };
        Some(LineupLink {
            ids,
            before_first_result: true,
        })
    })
}

fn main() {
    let size = Size {
        events: setting("RATINGS_EVENTS", 50),
        teams: i32::try_from(setting("RATINGS_TEAMS", 16)).expect("a count of teams") & !1,
        pool: setting("RATINGS_POOL", 400),
    };
    assert!(
        size.pool >= 4 * size.teams as u64,
        "a pool of at least four players a team"
    );
    let (events, teams) = (size.events, size.teams);
    let mut dice = Dice(0x5EED_2A71);
    let started = Instant::now();
    let records: Vec<TournamentRecord> = (0..events).map(|e| record(e, size, &mut dice)).collect();
    let rooms: usize = records.iter().map(|r| r.rooms.len()).sum();
    println!(
        "{events} events × {teams} teams × {ROUNDS} rounds × {BOARDS} boards, {} players: {rooms} rooms, records in {:.2?}",
        size.pool,
        started.elapsed()
    );
    let started = Instant::now();
    let full = Ratings::full_run(&records);
    let full_time = started.elapsed();
    let bits = full
        .players
        .values()
        .map(|p| denominator_bits(&p.rating))
        .max()
        .unwrap_or(0);
    println!(
        "full run: {full_time:.2?} for {} scored rooms, {} players; largest denominator {bits} bits",
        full.boards.len(),
        full.players.len()
    );
    let (last, before) = records.split_last().expect("at least one event");
    let mut appended = Ratings::full_run(before);
    let started = Instant::now();
    appended.append(last).expect("the last event sorts last");
    println!("one event appended: {:.2?}", started.elapsed());
    assert!(
        appended == full,
        "appending the last event gives the full run"
    );
    println!("peak memory: {} MiB", peak_mib());
}

/// The process's peak resident memory (`VmHWM`), in MiB; 0 where /proc does not say.
fn peak_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
