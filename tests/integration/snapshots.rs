//! A new revision's snapshot made from the one before and the matches it changed
//! (`Snapshot::next`) equals the snapshot loaded whole (`Snapshot::new`), field by field,
//! after random sequences of edits, on both backends.

use std::sync::Arc;

use fushi::db::{self, DbConnection, Since};
use fushi::rules::{Room, Shared, TableResult, TeamNo, TieBreak};
use fushi::web::live::Snapshot;
use fushi::web::live::scope::Scope;

use crate::common::edits::{save_match_results, set_withdrawn, update_settings, update_team};
use crate::common::{Dice, backends, large_event, random_entry};

/// The snapshot of the current revision, loaded whole.
fn whole(conn: &mut DbConnection, slug: &str) -> Arc<Snapshot> {
    let loaded = db::load_consistent(conn, slug)
        .expect("load")
        .expect("the tournament");
    Arc::new(Snapshot::new(loaded))
}

/// The snapshot after `held`, as the server makes it: from the changes when only results
/// changed (counted in `from_changes`), else loaded whole.
fn moved_on(
    conn: &mut DbConnection,
    slug: &str,
    held: &Snapshot,
    step: usize,
    from_changes: &mut usize,
) -> Arc<Snapshot> {
    match db::load_since(conn, slug, held.id, (held.revision, held.changed_at))
        .expect("load the changes")
    {
        Since::Matches(changes) => {
            *from_changes += 1;
            Arc::new(Snapshot::next(held, changes).expect("every match is held"))
        }
        Since::Full(loaded) => Arc::new(Snapshot::new(*loaded)),
        Since::Gone => panic!("step {step}: the tournament is gone"),
    }
}

/// The odd results the director's pages read, at two thresholds, of every round: asked of
/// the snapshot held before a change, they are carried to the next one.
fn odd_of_every_round(s: &Snapshot) -> Vec<Vec<fushi::rules::field::OddResult>> {
    let rounds: Vec<i32> = s.event.rounds.iter().map(|r| r.number).collect();
    rounds
        .iter()
        .flat_map(|&r| [1, 3].map(|threshold| s.odd_results(r, threshold).to_vec()))
        .collect()
}

/// Every field of the two snapshots (and of their public ones) is the same, and so are
/// what each changed on the public side since `held` and their odd results.
fn assert_same(
    step: usize,
    held: &Arc<Snapshot>,
    incremental: &Arc<Snapshot>,
    full: &Arc<Snapshot>,
) {
    let why = |what: &str| format!("step {step}: the {what} differ");
    assert_eq!(
        Scope::between(&held.public(), &incremental.public()),
        Scope::between(&held.public(), &full.public()),
        "{}",
        why("public changes")
    );
    assert_eq!(
        odd_of_every_round(incremental),
        odd_of_every_round(full),
        "{}",
        why("odd results")
    );
    assert_eq!(incremental.id, full.id, "{}", why("ids"));
    assert_eq!(incremental.revision, full.revision, "{}", why("revisions"));
    assert_eq!(incremental.changed_at, full.changed_at, "{}", why("times"));
    assert_eq!(incremental.event, full.event, "{}", why("events"));
    assert_eq!(incremental.report, full.report, "{}", why("reports"));
    assert_eq!(incremental.play, full.play, "{}", why("play facts"));
    assert_eq!(incremental.release, full.release, "{}", why("releases"));
    let (a, b) = (incremental.public(), full.public());
    assert_eq!(a.event, b.event, "{}", why("public events"));
    assert_eq!(a.report, b.report, "{}", why("public reports"));
    assert_eq!(a.play, b.play, "{}", why("public play facts"));
    assert_eq!(a.release, b.release, "{}", why("public releases"));
    assert_eq!(
        a.after_each_played_round(),
        b.after_each_played_round(),
        "{}",
        why("standings after each round")
    );
}

/// Random results for some rooms and boards of a match of `boards` boards (none at all
/// now and then: the match is cleared).
fn some_results(dice: &mut Dice, boards: i32) -> Vec<TableResult> {
    let keep = dice.index(100);
    if keep < 10 {
        return Vec::new();
    }
    let mut results = Vec::new();
    for room in Room::BOTH {
        for board in 1..=boards {
            if keep >= 60 || dice.index(100) < 70 {
                results.push(TableResult {
                    room,
                    board,
                    entry: random_entry(dice),
                });
            }
        }
    }
    results
}

#[test]
fn a_snapshot_made_from_the_changes_equals_the_one_loaded_whole() {
    for test_db in backends() {
        let mut conn = test_db.open();
        // Nine teams: a bye in every round.
        let mut event = large_event(9, 3, 4);
        // Round 3 half played, so that boards are released one by one.
        for m in &mut event.rounds[2].matches {
            m.results.retain(|r| r.room == Room::Open || r.board <= 2);
        }
        let slug = event.settings.slug.clone();
        db::insert_event(&mut conn, &event).expect("insert");
        let tables: Vec<(i32, i32)> = event
            .rounds
            .iter()
            .flat_map(|r| {
                r.matches
                    .iter()
                    .filter(|m| m.away.is_some())
                    .map(move |m| (r.number, m.table))
            })
            .collect();
        let mut dice = Dice(0x5A7E_0022);
        let mut held = whole(&mut conn, &slug);
        let mut from_changes = 0;
        for step in 0..60 {
            let roll = dice.index(100);
            if roll < 70 {
                // One save, or two before anyone loads (two revisions at once).
                for _ in 0..1 + usize::from(roll < 15) {
                    let &(round, table) = dice.pick(&tables);
                    let results = some_results(&mut dice, 4);
                    save_match_results(&mut conn, &slug, round, table, &results).expect("save");
                }
            } else if roll < 78 {
                let team = TeamNo(1 + i32::try_from(dice.index(9)).expect("small"));
                let now = held.event.team(team).is_some_and(|t| t.withdrawn);
                set_withdrawn(&mut conn, &slug, team, !now).expect("withdraw");
            } else if roll < 86 {
                let round = 1 + i32::try_from(dice.index(3)).expect("small");
                let now = held.play.released_rounds.contains(&round);
                db::table::release_round(&mut conn, &slug, (round, !now), "director")
                    .expect("release");
            } else if roll < 93 {
                let mut settings = held.event.settings.clone();
                settings.tiebreaks.rotate_left(1);
                if dice.index(2) == 0 {
                    settings.tiebreaks.retain(|t| *t != TieBreak::HeadToHead);
                    settings.tiebreaks.push(TieBreak::HeadToHead);
                }
                update_settings(&mut conn, &slug, &settings).expect("settings");
            } else {
                let mut team = held.event.teams[dice.index(9)].clone();
                team.name = format!("{} {step}", team.name);
                update_team(&mut conn, &slug, team.number, &team).expect("rename");
            }
            // The odd results of some rounds asked for, as a director's page does.
            if step % 3 != 0 {
                let _ = odd_of_every_round(&held);
            }
            let next = moved_on(&mut conn, &slug, &held, step, &mut from_changes);
            assert_same(step, &held, &next, &whole(&mut conn, &slug));
            held = next;
        }
        // Most steps were saves of results, made from the changes alone.
        assert!(
            from_changes >= 30,
            "only {from_changes} snapshots from changes"
        );
    }
}

/// A save of one match's results copies that match's results and its round's list of
/// matches: the teams, the other rounds and the other matches' results are the same data
/// as in the snapshot before, in the public snapshot too.
#[test]
fn a_save_shares_with_the_snapshot_before_what_it_did_not_change() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let event = large_event(40, 3, 4);
        let slug = event.settings.slug.clone();
        db::insert_event(&mut conn, &event).expect("insert");
        let held = whole(&mut conn, &slug);
        // The standings after each round, read before the save (as the standings page does).
        let _ = (
            held.after_each_played_round(),
            held.public().after_each_played_round(),
        );
        for r in 1..=3 {
            let _ = (held.ranks_before(r), held.public().ranks_before(r));
        }
        let round = &event.rounds[1];
        let m = &round.matches[3];
        // Another figure on one board, every board still played: the release stays.
        let mut results = m.results.to_vec();
        results[0].entry = random_entry(&mut Dice(0x5A7E_0033));
        assert_ne!(results[..], m.results[..]);
        save_match_results(&mut conn, &slug, round.number, m.table, &results).expect("save");
        let next = moved_on(&mut conn, &slug, &held, 0, &mut 0);
        assert_same(0, &held, &next, &whole(&mut conn, &slug));
        for (before, after) in [(held.clone(), next.clone()), (held.public(), next.public())] {
            assert!(Shared::same(&before.event.teams, &after.event.teams));
            assert!(Shared::same(&before.event.lineups, &after.event.lineups));
            for (a, b) in before.event.rounds.iter().zip(&after.event.rounds) {
                if a.number != round.number {
                    assert!(Shared::same(&a.matches, &b.matches), "round {}", a.number);
                    continue;
                }
                assert!(!Shared::same(&a.matches, &b.matches), "the round saved to");
                for (x, y) in a.matches.iter().zip(b.matches.iter()) {
                    assert_eq!(
                        Shared::same(&x.results, &y.results),
                        x.table != m.table,
                        "table {}",
                        x.table
                    );
                }
            }
            // The figures of the matches not saved are the same data too.
            let shared = before
                .report
                .matches
                .iter()
                .zip(&after.report.matches)
                .filter(|(a, b)| Shared::same(&a.figures, &b.figures))
                .count();
            assert_eq!(shared, before.report.matches.len() - 1);
            // The standings after the rounds before the one saved to are the same data; from
            // that round on they are ranked again.
            let rounds = before
                .after_each_played_round()
                .iter()
                .zip(after.after_each_played_round());
            for ((r, a), (_, b)) in rounds {
                assert_eq!(Shared::same(a, b), *r < round.number, "after round {r}");
            }
            // So are the ranks before each round up to the one saved to, not after it.
            for r in 1..=3 {
                let (a, b) = (before.ranks_before(r), after.ranks_before(r));
                assert_eq!(
                    std::sync::Arc::ptr_eq(&a, &b),
                    r <= round.number,
                    "before round {r}"
                );
                assert_eq!(a == b, r <= round.number || a == b, "before round {r}");
            }
        }
    }
}

#[test]
fn changes_other_than_results_are_loaded_whole() {
    for test_db in backends() {
        let mut conn = test_db.open();
        let event = large_event(4, 2, 2);
        let slug = event.settings.slug.clone();
        db::insert_event(&mut conn, &event).expect("insert");
        let held = whole(&mut conn, &slug);
        save_match_results(&mut conn, &slug, 1, 1, &[]).expect("clear a match");
        match db::load_since(&mut conn, &slug, held.id, (held.revision, held.changed_at))
            .expect("load")
        {
            Since::Matches(changes) => assert_eq!(
                changes.results,
                vec![((1, 1), Vec::new())],
                "the cleared match alone"
            ),
            other => panic!("a save of results should be read as its matches: {other:?}"),
        }
        set_withdrawn(&mut conn, &slug, TeamNo(2), true).expect("withdraw");
        // The save and then a withdrawal since the snapshot held: read whole.
        assert!(matches!(
            db::load_since(&mut conn, &slug, held.id, (held.revision, held.changed_at))
                .expect("load"),
            Since::Full(_)
        ));
    }
}

#[test]
fn a_snapshot_of_another_history_is_not_moved_on_by_its_changes() {
    use diesel::prelude::*;
    use fushi::db::schema::tournaments;
    for test_db in backends() {
        let mut conn = test_db.open();
        let event = large_event(4, 2, 2);
        let slug = event.settings.slug.clone();
        db::insert_event(&mut conn, &event).expect("insert");
        let held = whole(&mut conn, &slug);
        save_match_results(&mut conn, &slug, 1, 1, &[]).expect("clear a match");
        // The revisions numbered again from the one held (a backup restored): the next
        // save has the number after the held one but follows another state.
        diesel::update(tournaments::table.find(held.id))
            .set(tournaments::revision.eq(held.revision))
            .execute(&mut conn)
            .expect("number the revisions again");
        save_match_results(&mut conn, &slug, 1, 2, &[]).expect("clear another match");
        let since = db::load_since(&mut conn, &slug, held.id, (held.revision, held.changed_at))
            .expect("load");
        assert!(matches!(since, Since::Full(_)), "{since:?}");
    }
}

/// The table's way in: random entries typed at the table, confirmed by the opponents,
/// judged at the desk (approved, sent back, calls answered) and approved in bulk. Each is a
/// change of some matches' results and of the rooms' states (the provisional marks), made
/// from the changes as a save at the desk is.
#[test]
fn the_tables_entries_confirmations_and_verdicts_move_a_snapshot_on_as_a_whole_load_does() {
    use crate::common::{club_night_with_table_round, room_link};
    use fushi::db::table::{self as tables, Side, Verdict};

    for test_db in backends() {
        club_night_with_table_round(&test_db, 4, false);
        let slug = "club-night";
        let mut conn = test_db.open();
        let rooms: Vec<(i32, Room, tables::TableRoom)> = [1, 2]
            .into_iter()
            .flat_map(|table| Room::BOTH.map(|room| (table, room)))
            .map(|(table, room)| {
                let token = room_link(&test_db, table, room).token;
                let found = tables::find_link(&mut conn, &token)
                    .expect("read the link")
                    .expect("the room's link");
                (table, room, found)
            })
            .collect();
        let mut dice = Dice(0x7AB1_E022);
        let mut held = whole(&mut conn, slug);
        let (mut from_changes, mut entered, mut confirmed, mut judged) = (0, 0, 0, 0);
        for step in 0..80 {
            let (table, room, found) = dice.pick(&rooms);
            let side = if dice.index(2) == 0 {
                Side::NorthSouth
            } else {
                Side::EastWest
            };
            match dice.index(100) {
                0..45 => {
                    let cells: Vec<(i32, Option<fushi::rules::TableEntry>)> = (1..=4)
                        .map(|b| (b, (dice.index(100) < 90).then(|| random_entry(&mut dice))))
                        .collect();
                    let saved = tables::save_entry(
                        &mut conn,
                        found,
                        found.credential(side),
                        &cells,
                        "",
                        "",
                    )
                    .expect("a table's save");
                    entered += usize::from(saved == tables::TableSave::Saved);
                }
                45..75 => {
                    let done = tables::confirm(&mut conn, found, found.credential(side), "")
                        .expect("a confirmation");
                    confirmed += usize::from(done.is_ok());
                }
                75..92 => {
                    let verdict = match dice.index(3) {
                        0 => Verdict::Approve,
                        1 => Verdict::Reject(format!("board {step} again")),
                        _ => Verdict::ClearFlags,
                    };
                    judged += usize::from(
                        tables::judge(&mut conn, slug, 4, *table, *room, &verdict, "director")
                            .expect("a verdict")
                            == tables::Judged::Done,
                    );
                }
                _ => {
                    let _ =
                        tables::approve_clean(&mut conn, slug, 4, "director").expect("approval");
                }
            }
            if step % 2 == 0 {
                let _ = odd_of_every_round(&held);
            }
            let next = moved_on(&mut conn, slug, &held, step, &mut from_changes);
            assert_same(step, &held, &next, &whole(&mut conn, slug));
            held = next;
        }
        assert!(
            from_changes >= 20,
            "only {from_changes} snapshots from changes"
        );
        // Each kind of step really changed something in this sequence.
        assert!(
            entered >= 5 && confirmed >= 1 && judged >= 1,
            "entered {entered}, confirmed {confirmed}, judged {judged}"
        );
    }
}
