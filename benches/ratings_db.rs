//! What the kept ratings cost through the database (docs/rules.md §14): the season of
//! benches/ratings.rs (by default 50 events × 16 teams × 7 rounds × 8 boards from a pool of
//! 400 players) stored as rated, finished tournaments whose rosters and line-ups name
//! registry players; then `fushi ratings --recompute`'s full run from zero (every event read
//! from the database, the kept tables written again), and one more event marked finished by
//! its director, a write that carries the kept run on over it before it answers. It prints
//! the times, the memory each step took (peak resident, counted from just before it) and the
//! database's size: `cargo bench --bench ratings_db`, sized by `RATINGS_EVENTS`,
//! `RATINGS_TEAMS` and `RATINGS_POOL` as the pure run's bench; `RATINGS_DB_URL` for a
//! PostgreSQL database (emptied first), else a SQLite file in a temporary directory.

#![allow(unreachable_pub, clippy::unwrap_used)]

use std::time::Instant;

#[path = "support/season.rs"]
mod season;

use fushi::db::players::{Actor, file::import};
use fushi::db::ratings::{self, Refreshed};
use fushi::rules::{Event, Lineup, PlayerId, Room, Settings, SettingsDraft};
use season::{BOARDS, Dice, ROUNDS, Size, draw_players, event, peak_mib, setting};

/// Event `e` of the season with its teams' players linked and every room's line-up given:
/// rated and published, ending a week after the one before; not finished yet.
fn linked_event(e: u64, size: Size, dice: &mut Dice) -> Event {
    let mut ev = event(e, size.teams, dice);
    let players = draw_players(size, dice);
    let name = |id: PlayerId| format!("Player {}", id.number());
    let mut draft = SettingsDraft::of(&ev.settings);
    draft.published = true;
    draft.occasion.ends = (chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()
        + chrono::Days::new(e * 7))
    .to_string();
    draft.standing.rated = true;
    ev.settings = Settings::try_from(draft).expect("valid settings");
    let mut teams = ev.teams.to_vec();
    for (team, four) in teams.iter_mut().zip(&players) {
        team.members = four.iter().map(|&id| name(id)).collect();
        team.member_ids = four.iter().map(|&id| Some(id)).collect();
    }
    ev.teams = teams.into();
    let mut lineups = Vec::new();
    for round in &ev.rounds {
        for m in round.matches.iter() {
            for team in [Some(m.home), m.away].into_iter().flatten() {
                let four = players[(team.get() - 1) as usize];
                for (room, pair) in [
                    (Room::Open, [four[0], four[1]]),
                    (Room::Closed, [four[2], four[3]]),
                ] {
                    lineups.push(Lineup {
                        round: round.number,
                        table: m.table,
                        room,
                        team,
                        players: pair.map(name),
                        player_ids: pair.map(Some),
                    });
                }
            }
        }
    }
    ev.lineups = lineups.into();
    ev
}

/// Releases every round of tournament `slug` (`None`: of every tournament) and, for all of
/// them but `slug`'s, marks them finished, straight in the tables.
fn release_and_finish(conn: &mut fushi::db::DbConnection, slug: Option<&str>) {
    use diesel::prelude::*;
    use fushi::db::schema::{rounds, tournaments};
    let ids: Vec<i32> = match slug {
        Some(slug) => tournaments::table
            .filter(tournaments::slug.eq(slug))
            .select(tournaments::id)
            .load(conn)
            .unwrap(),
        None => tournaments::table
            .select(tournaments::id)
            .load(conn)
            .unwrap(),
    };
    diesel::update(rounds::table.filter(rounds::tournament_id.eq_any(&ids)))
        .set(rounds::results_released.eq(true))
        .execute(conn)
        .unwrap();
    if slug.is_none() {
        diesel::update(tournaments::table)
            .set(tournaments::finished.eq(true))
            .execute(conn)
            .unwrap();
    }
}

/// The process's peak resident memory counts from now on (`/proc/self/clear_refs`).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn main() {
    let size = Size {
        events: setting("RATINGS_EVENTS", 50),
        teams: i32::try_from(setting("RATINGS_TEAMS", 16)).expect("a count of teams") & !1,
        pool: setting("RATINGS_POOL", 400),
    };
    assert!(size.events >= 2, "at least two events");
    assert!(
        size.pool >= 4 * size.teams as u64,
        "a pool of at least four players a team"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ratings.db");
    let url = std::env::var("RATINGS_DB_URL").unwrap_or_else(|_| file.display().to_string());
    let mut conn = fushi::db::open(&url).unwrap();
    if url.starts_with("postgres") {
        diesel::RunQueryDsl::execute(
            diesel::sql_query(
                "TRUNCATE players, tournaments, rating_events, player_ratings, rating_history \
                 RESTART IDENTITY CASCADE",
            ),
            &mut conn,
        )
        .unwrap();
    }

    let started = Instant::now();
    let mut csv = String::from("player_id,name,second_name,club,federation_no,public\n");
    for n in 1..=size.pool {
        csv.push_str(&format!("P{n},Player {n},,,,yes\n"));
    }
    let admin = Actor {
        name: "bench",
        admin: true,
    };
    import(&mut conn, "players.csv", &csv, admin).unwrap();
    let mut dice = Dice(0x5EED_2A71);
    let events: Vec<Event> = (0..size.events)
        .map(|e| linked_event(e, size, &mut dice))
        .collect();
    let (last, before) = events.split_last().unwrap();
    for ev in before {
        fushi::db::insert_event(&mut conn, ev).unwrap();
    }
    // The history as it stands in the database: every event played, released and marked
    // finished (straight in the tables, so that storing it runs no ratings).
    release_and_finish(&mut conn, None);
    println!(
        "{} events × {} teams × {ROUNDS} rounds × {BOARDS} boards, {} players, stored in {:.2?}",
        size.events,
        size.teams,
        size.pool,
        started.elapsed()
    );

    reset_peak();
    let started = Instant::now();
    let counted = ratings::recompute(&mut conn).unwrap();
    let full = started.elapsed();
    let kept: Vec<String> = diesel::RunQueryDsl::load(
        diesel::QueryDsl::select(
            fushi::db::schema::rating_events::table,
            fushi::db::schema::rating_events::rooms,
        ),
        &mut conn,
    )
    .unwrap();
    let rooms: usize = kept.iter().map(|t| t.lines().count()).sum();
    println!(
        "recompute: {full:.2?} over {counted} events, {rooms} rated board-rooms; peak memory {} MiB",
        peak_mib()
    );

    // One more event, played and released, that sorts last: its director marks it
    // finished, and that write carries the kept run on over it before it answers.
    fushi::db::insert_event(&mut conn, last).unwrap();
    release_and_finish(&mut conn, Some(&last.settings.slug));
    reset_peak();
    let started = Instant::now();
    assert!(
        fushi::db::standing::set_finished_as(&mut conn, &last.settings.slug, true, "bench")
            .unwrap()
    );
    let marked = started.elapsed();
    assert_eq!(ratings::refresh(&mut conn).unwrap(), Refreshed::Current);
    println!(
        "one event marked finished, the run carried on: {marked:.2?}; peak memory {} MiB",
        peak_mib()
    );
    if !url.starts_with("postgres") {
        let bytes = std::fs::metadata(&file).map_or(0, |m| m.len());
        println!("database file: {} MiB", bytes / (1024 * 1024));
    }
}
