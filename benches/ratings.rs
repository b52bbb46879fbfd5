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

#[path = "support/season.rs"]
mod season;

use chrono::NaiveDate;
use fushi::rules::Room;
use fushi::rules::rating::{
    LineupLink, Ratings, TournamentFlags, TournamentRecord, record_of_event,
};
use fushi::rules::rational::denominator_bits;
use season::{BOARDS, Dice, ROUNDS, Size, draw_players, event, peak_mib, setting};

fn record(e: u64, size: Size, dice: &mut Dice) -> TournamentRecord {
    let ev = event(e, size.teams, dice);
    let players = draw_players(size, dice);
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
