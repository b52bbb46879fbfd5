//! A tournament at one revision and everything computed from it, once: the report, the
//! standings after each round, the championship, the odd results, and the views of it the
//! public and the scorers may see. No rendered page is kept here: those are the page
//! cache's ([`super::pages`]).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use crate::db;
use crate::rules::bracket::Championship;
use crate::rules::{Event, Release, Report};

/// The rank (from 1) and score of every team before a round: what the round's pairing
/// explanations show.
pub type RanksBefore = Arc<rustc_hash::FxHashMap<crate::rules::TeamNo, (u32, crate::rules::Score)>>;

/// The odd results of one round, shared by the pages that read them.
pub(crate) type OddOfRound = Arc<Vec<crate::rules::field::OddResult>>;

pub(crate) use crate::rules::AfterEachRound;

/// The snapshot a page of `/t/{slug}` is built from: put in the request by
/// [`super::http::public_pages`] (so the page and its validator agree), and taken by a handler as
/// an extractor (`web::page`); it reads as the [`Snapshot`].
#[derive(Clone, Debug)]
pub struct PageSnapshot(pub Arc<Snapshot>);

impl std::ops::Deref for PageSnapshot {
    type Target = Snapshot;

    fn deref(&self) -> &Snapshot {
        &self.0
    }
}

/// A tournament at one revision and everything computed from it. The director's snapshot
/// holds every result; its [`Snapshot::public`] one only what the public may see
/// (docs/rules.md §5): the public pages, files and streams are built from that one alone,
/// so a page added later cannot show an unreleased board.
pub struct Snapshot {
    pub id: i32,
    pub revision: i64,
    /// When the revision was made (see [`db::Loaded::changed_at`]).
    pub changed_at: chrono::NaiveDateTime,
    pub event: Event,
    pub report: Report,
    /// How play stands beyond the results (released rounds, provisional rooms).
    pub play: db::tournament::Play,
    /// Which boards of each round are public.
    pub release: Release,
    /// What the public sees; `None` in the public snapshot itself.
    public: Option<Arc<Snapshot>>,
    /// What a scorer sees, made when a scorer first reads this revision.
    scorer: OnceLock<Arc<Snapshot>>,
    after_rounds: OnceLock<AfterEachRound>,
    /// The standings after each played round of an earlier revision and the first round
    /// whose results changed since ([`Snapshot::next`]): the rounds before it are taken
    /// from there instead of ranked again.
    after_base: Option<(AfterEachRound, i32)>,
    /// The rank and score of every team before a round, by round, worked out when a page
    /// first asks ([`Snapshot::ranks_before`]) and taken over by the next revision when it
    /// changed no result of an earlier round.
    ranks_before: Mutex<HashMap<i32, RanksBefore>>,
    /// The championship (stages, standings per stage, bracket, ranking), computed once.
    championship: OnceLock<Option<Championship>>,
    /// The odd results of each round at a threshold, computed once (the director's pages
    /// of one match read their match's from it).
    odd: Mutex<HashMap<(i32, i32), OddOfRound>>,
    /// Roughly how many bytes of memory this snapshot holds (its public one included),
    /// counted against the cache's budget ([`super::Limits::cache_bytes`]).
    size: usize,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("id", &self.id)
            .field("revision", &self.revision)
            .finish_non_exhaustive()
    }
}

impl Snapshot {
    pub fn new(loaded: db::Loaded) -> Snapshot {
        let play = loaded.play;
        let report = Report::compute_closing(&loaded.event, &play.released_rounds);
        let release =
            Release::of(&loaded.event, &play.released_rounds).with_held_draws(&play.held_draws);
        let (public_event, public_report) =
            release.public_view(&loaded.event, &play.released_rounds);
        let public = Snapshot::of_parts(
            (loaded.id, loaded.revision, loaded.changed_at),
            public_event,
            public_report,
            play.clone(),
            release.clone(),
            None,
        );
        Snapshot::of_parts(
            (loaded.id, loaded.revision, loaded.changed_at),
            loaded.event,
            report,
            play,
            release,
            Some(Arc::new(public)),
        )
    }

    /// The snapshot after `before` whose later revisions changed only the results of some
    /// matches (`changes`, [`db::load_since`]): the event is `before`'s with those matches'
    /// results put in, only those matches are compared again, the release only of their
    /// rounds, and the standings worked out from the match figures. It equals
    /// [`Snapshot::new`] of the same revision loaded whole (the tests check it on random
    /// edits); `None` when `before` lacks one of the matches (then load it whole).
    pub fn next(before: &Snapshot, changes: db::ChangedMatches) -> Option<Snapshot> {
        let before_public = before.public.as_deref()?;
        // Shares every part of the event with `before`: putting a match's results in copies
        // its round's list of matches (not their results) and nothing else.
        let mut event = before.event.clone();
        let mut changed = std::collections::HashSet::new();
        let mut rounds = std::collections::BTreeSet::new();
        // By round, the boards whose results changed at some table.
        let mut boards: HashMap<i32, BTreeSet<i32>> = HashMap::new();
        for ((round, table), results) in changes.results {
            let r = event.rounds.iter_mut().find(|r| r.number == round)?;
            let at = r
                .matches
                .binary_search_by_key(&table, |m| m.table)
                .ok()
                .or_else(|| r.matches.iter().position(|m| m.table == table))?;
            let before_results = r.matches[at].results.clone();
            let boards = boards.entry(round).or_default();
            boards.extend(boards_changed(&before_results, &results));
            r.matches[at].results = results.into();
            changed.insert((round, table));
            rounds.insert(round);
        }
        let play = changes.play;
        // Closing a round changes whether its byes count: then every round is ranked again.
        let closing_kept = play.released_rounds == before.play.released_rounds;
        let report = Report::compute_since(&event, &play.released_rounds, &before.report, &changed);
        let release = Release::of_since(
            &event,
            &play.released_rounds,
            Some((&before.release, &rounds)),
        )
        .with_held_draws(&play.held_draws);
        let public_event = release.redact_since(
            &event,
            Some(crate::rules::release::Before {
                event: &before.event,
                public: &before_public.event,
                release: &before.release,
                changed: &changed,
            }),
        );
        let public_changed = release.changed_since(&before.release, &event, &changed);
        let public_report = Report::compute_since(
            &public_event,
            &play.released_rounds,
            &before_public.report,
            &public_changed,
        );
        let at = (changes.id, changes.revision, changes.changed_at);
        let mut public = Snapshot::of_parts(
            at,
            public_event,
            public_report,
            play.clone(),
            release.clone(),
            None,
        );
        let mut public_rounds = public_changed.iter().map(|(round, _)| *round).min();
        let mut next_rounds = rounds.first().copied();
        if !closing_kept {
            (public_rounds, next_rounds) = (Some(i32::MIN), Some(i32::MIN));
        }
        public.after_base = before_public.after_base_from(public_rounds);
        public.carry_ranks_before(before_public, public_rounds);
        let mut next = Snapshot::of_parts(at, event, report, play, release, Some(Arc::new(public)));
        next.after_base = before.after_base_from(next_rounds);
        next.carry_ranks_before(before, next_rounds);
        next.carry_odd_results(before, &boards);
        Some(next)
    }

    /// The rank and score of every team before round `round` (the field a pairing of it
    /// ranks by), worked out once per revision and round.
    pub fn ranks_before(&self, round: i32) -> RanksBefore {
        if let Some(known) = self
            .ranks_before
            .lock()
            .ok()
            .and_then(|r| r.get(&round).cloned())
        {
            return known;
        }
        let ranks = Arc::new(
            crate::schedule::draft::Field::before_known(&self.event, round, Some(&self.report))
                .rank,
        );
        if let Ok(mut all) = self.ranks_before.lock() {
            all.insert(round, ranks.clone());
        }
        ranks
    }

    /// Takes over from `before` the ranks before each round up to `from` (the first round
    /// whose results changed; `None`: none did): they count only earlier rounds.
    fn carry_ranks_before(&self, before: &Snapshot, from: Option<i32>) {
        let from = from.unwrap_or(i32::MAX);
        let Ok(known) = before.ranks_before.lock().map(|r| r.clone()) else {
            return;
        };
        if let Ok(mut mine) = self.ranks_before.lock() {
            mine.extend(known.into_iter().filter(|(round, _)| *round <= from));
        }
    }

    /// What a snapshot made from this one by a change of results in round `from` and later
    /// (`None`: no result changed) takes over of the standings after each round: this
    /// snapshot's list when it was worked out, else the one it would have started from.
    fn after_base_from(&self, from: Option<i32>) -> Option<(AfterEachRound, i32)> {
        let from = from.unwrap_or(i32::MAX);
        match self.after_rounds.get() {
            Some(after) => Some((after.clone(), from)),
            None => {
                let (after, since) = self.after_base.as_ref()?;
                Some((after.clone(), from.min(*since)))
            }
        }
    }

    /// Takes the odd results `before` computed over to this snapshot, made from it by a
    /// change of the results of the boards `changed` (by round): a board's odd results
    /// follow from its own results at every table, so only the boards that changed are
    /// worked out again, and a round no save touched keeps its list as it was. The director's
    /// entry page after a save then costs its changed boards, not the whole round.
    fn carry_odd_results(&self, before: &Snapshot, changed: &HashMap<i32, BTreeSet<i32>>) {
        let Ok(known) = before.odd.lock().map(|o| o.clone()) else {
            return;
        };
        let mut carried = HashMap::new();
        for ((round, threshold), odd) in known {
            let Some(boards) = changed.get(&round) else {
                carried.insert((round, threshold), odd);
                continue;
            };
            let Some(r) = self.event.rounds.iter().find(|r| r.number == round) else {
                continue;
            };
            let part = crate::rules::Round {
                number: r.number,
                boards: r
                    .boards
                    .iter()
                    .filter(|b| boards.contains(&b.number))
                    .copied()
                    .collect(),
                matches: r.matches.clone(),
            };
            let fresh = crate::rules::field::odd_results(&self.event, &part, threshold);
            let mut merged: Vec<_> = odd
                .iter()
                .filter(|o| !boards.contains(&o.board))
                .cloned()
                .chain(fresh)
                .collect();
            // In the round's board order; each board's own order as it was worked out.
            merged.sort_by_key(|o| r.boards.iter().position(|b| b.number == o.board));
            carried.insert((round, threshold), Arc::new(merged));
        }
        if let Ok(mut odd) = self.odd.lock() {
            *odd = carried;
        }
    }

    fn of_parts(
        (id, revision, changed_at): (i32, i64, chrono::NaiveDateTime),
        event: Event,
        report: Report,
        play: db::tournament::Play,
        release: Release,
        public: Option<Arc<Snapshot>>,
    ) -> Snapshot {
        let size = estimated_size(&event) + public.as_ref().map_or(0, |p| p.size);
        Snapshot {
            id,
            revision,
            changed_at,
            event,
            report,
            play,
            release,
            public,
            scorer: OnceLock::new(),
            after_rounds: OnceLock::new(),
            after_base: None,
            ranks_before: Mutex::new(HashMap::new()),
            championship: OnceLock::new(),
            odd: Mutex::new(HashMap::new()),
            size,
        }
    }

    /// Whether this is what the public sees (not a director's or a scorer's snapshot).
    pub(crate) fn is_public_view(&self) -> bool {
        self.public.is_none()
    }

    /// What the public may see of this revision: results of released boards only.
    pub fn public(self: &Arc<Self>) -> Arc<Snapshot> {
        self.public.clone().unwrap_or_else(|| self.clone())
    }

    /// What a scorer may see of this revision (docs/rules.md §5, §13): every result, live,
    /// but the cards of released boards only and no secret seed. Made once per revision,
    /// when a scorer first reads it.
    pub(crate) fn for_scorer(self: &Arc<Self>) -> Arc<Snapshot> {
        if self.public.is_none() {
            // The public snapshot holds no unreleased card already.
            return self.clone();
        }
        self.scorer
            .get_or_init(|| {
                let mut event = self.event.clone();
                event.deals = self.event.deals.public(|r, b| self.release.board(r, b));
                Arc::new(Snapshot::of_parts(
                    (self.id, self.revision, self.changed_at),
                    event,
                    self.report.clone(),
                    self.play.clone(),
                    self.release.clone(),
                    self.public.clone(),
                ))
            })
            .clone()
    }

    /// The snapshot a reader with `access` to the tournament reads: its directors (and the
    /// admins) the whole one, its scorers [`Snapshot::for_scorer`], anyone else the public
    /// one. Every page, file and API answer that picks a snapshot by reader asks this.
    pub(crate) fn seen_by(
        self: &Arc<Self>,
        access: Option<crate::db::accounts::Access>,
    ) -> Arc<Snapshot> {
        match access {
            Some(crate::db::accounts::Access::Director) => self.clone(),
            Some(crate::db::accounts::Access::Scorer) => self.for_scorer(),
            None => self.public(),
        }
    }

    /// Whether the room's results are provisional: confirmed at the table, not yet
    /// approved by the director.
    pub fn provisional(&self, round: i32, table: i32, room: crate::rules::Room) -> bool {
        self.play.provisional.contains(&(round, table, room))
    }

    /// The standings after each round with complete matches, computed once per revision.
    pub fn after_each_played_round(&self) -> &AfterEachRound {
        self.after_rounds.get_or_init(|| {
            let before = self.after_base.as_ref().map(|(after, from)| (after, *from));
            self.report
                .standings_after_each_played_round_since(&self.event, before)
        })
    }

    /// The championship of this revision (each stage's standings, the bracket, the
    /// ranking), computed once however many pages and files read it; `None` without
    /// stages. The public snapshot's is computed from released figures only.
    pub fn championship(&self) -> Option<&Championship> {
        self.championship
            .get_or_init(|| Championship::compute(&self.event, &self.report))
            .as_ref()
    }

    /// The odd results of round `round` at `threshold` (every table), computed once per
    /// revision and threshold.
    pub fn odd_results(&self, round: i32, threshold: i32) -> OddOfRound {
        if let Some(known) = self
            .odd
            .lock()
            .ok()
            .and_then(|o| o.get(&(round, threshold)).cloned())
        {
            return known;
        }
        let odd = Arc::new(
            self.event
                .rounds
                .iter()
                .find(|r| r.number == round)
                .map(|r| crate::rules::field::odd_results(&self.event, r, threshold))
                .unwrap_or_default(),
        );
        if let Ok(mut kept) = self.odd.lock() {
            // A few thresholds at most: the director's setting, and what a page asked.
            if kept.len() > 64 {
                kept.clear();
            }
            kept.insert((round, threshold), odd.clone());
        }
        odd
    }
}

impl Snapshot {
    /// Roughly how many bytes of memory this snapshot holds, its public one included (not
    /// the scorer's, made on demand and as large as the public one): what the cache counts
    /// against its budget.
    pub fn size(&self) -> usize {
        self.size
    }
}

/// The boards whose results differ between two versions of one match's results.
fn boards_changed(
    before: &[crate::rules::TableResult],
    after: &[crate::rules::TableResult],
) -> BTreeSet<i32> {
    let numbers: BTreeSet<i32> = before.iter().chain(after).map(|r| r.board).collect();
    numbers
        .into_iter()
        .filter(|&board| {
            let on = |r: &&crate::rules::TableResult| r.board == board;
            let mut a: Vec<_> = before.iter().filter(on).collect();
            let mut b: Vec<_> = after.iter().filter(on).collect();
            a.sort_by_key(|r| r.room);
            b.sort_by_key(|r| r.room);
            a != b
        })
        .collect()
}

/// Bytes per team, per match and per room's result of a snapshot in memory: the event's
/// rows, the report's figures worked out from them and the standings. Estimates, not yet
/// calibrated against the server's memory (`benches/platform.rs` prints it): the cache's
/// budget is only as exact as they are.
const BYTES_PER_TEAM: usize = 1_024;
const BYTES_PER_MATCH: usize = 512;
const BYTES_PER_RESULT: usize = 384;

/// Roughly the bytes of memory a snapshot of `event` holds.
fn estimated_size(event: &Event) -> usize {
    let matches: usize = event.rounds.iter().map(|r| r.matches.len()).sum();
    let results: usize = event
        .rounds
        .iter()
        .flat_map(|r| &r.matches)
        .map(|m| m.results.len())
        .sum();
    4_096
        + event.teams.len() * BYTES_PER_TEAM
        + matches * BYTES_PER_MATCH
        + (results + event.lineups.len()) * BYTES_PER_RESULT
}
