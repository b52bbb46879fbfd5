//! A generated season for the ratings benches (benches/ratings.rs, benches/ratings_db.rs):
//! events of teams of four in a round robin's first seven rounds of eight boards, every room
//! a TD ruling drawn from a fixed sequence, so every run deals the same season.

#![allow(dead_code)]

use fushi::rules::PlayerId;
use fushi::rules::table::{EntryFigures, Origin, TableEntry};
use fushi::rules::{
    Board, Decks, Event, Level, Match, Room, Round, Seat, Settings, SettingsDraft, TableResult,
    Team, TeamNo,
};

pub const ROUNDS: i32 = 7;
pub const BOARDS: i32 = 8;

/// `name` from the environment, else `default`.
pub fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The size of the season: events, teams an event (even), players in the pool.
#[derive(Clone, Copy)]
pub struct Size {
    pub events: u64,
    pub teams: i32,
    pub pool: u64,
}

/// A small xorshift: the same season on every run.
pub struct Dice(pub u64);

impl Dice {
    pub fn roll(&mut self, n: u64) -> u64 {
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
pub fn event(e: u64, teams: i32, dice: &mut Dice) -> Event {
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

/// Each team's four players for one event, drawn from the pool (a partial shuffle).
pub fn draw_players(size: Size, dice: &mut Dice) -> Vec<[PlayerId; 4]> {
    let mut pool: Vec<u64> = (1..=size.pool).collect();
    for i in 0..(4 * size.teams) as usize {
        let j = i + dice.roll(size.pool - i as u64) as usize;
        pool.swap(i, j);
    }
    let id = |n: u64| PlayerId::from_number(n).expect("≥ 1");
    pool.chunks(4)
        .take(size.teams as usize)
        .map(|c| [id(c[0]), id(c[1]), id(c[2]), id(c[3])])
        .collect()
}

/// The process's peak resident memory (`VmHWM`), in MiB; 0 where /proc does not say.
pub fn peak_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
