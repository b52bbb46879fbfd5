//! What bad rows and files leave unknown, so that a later file's row is not blamed for it,
//! and the checks that name a missing file or a key listed twice once.

use std::collections::{HashMap, HashSet};

use crate::archive::{ArchiveFiles, Problem};
use crate::input::Why;
use crate::rules::TeamNo;

/// What bad rows and files leave unknown, so that a later file's row is not blamed for it:
/// one bad `teams.csv` row gives one message, not one more for every match of that team.
/// The import fails on the bad row's own message; once it is fixed, anything still wrong
/// in the later files is reported then. Only what a bad row leaves unknown is held back: a
/// bad board whose round and number read covers that board, not its round, so a result for
/// a board that no row of `boards.csv` names is still reported.
#[derive(Default)]
pub(super) struct Unread {
    /// Team numbers of `teams.csv`'s bad rows (group: the one file).
    pub(super) teams: Keys<TeamNo, ()>,
    /// (round, board) of `boards.csv`'s bad rows (group: the round).
    pub(super) boards: Keys<(i32, i32), i32>,
    /// Every round some row of `boards.csv` names, good or bad: such a round has boards.
    pub(super) board_rounds: HashSet<i32>,
    /// (round, table) of `schedule.csv`'s bad rows (group: the round).
    pub(super) tables: Keys<(i32, i32), i32>,
}

/// Keys of bad rows: `some` the keys that read, `groups` where only the group (the round)
/// read, `all` when not even that, or the whole file, could be read (any key may be the one
/// lost). `strays` counts, per group, the rows whose key was already taken: such a row
/// (team 4 listed twice) is most likely another key mistyped, so as many missing keys of its
/// group as there are strays are not blamed on the rows that name them (see
/// [`hold_back_strays`]).
pub(super) struct Keys<K, G> {
    some: HashSet<K>,
    groups: HashSet<G>,
    pub(super) all: bool,
    strays: HashMap<G, usize>,
}

impl<K, G> Default for Keys<K, G> {
    fn default() -> Self {
        Keys {
            some: HashSet::new(),
            groups: HashSet::new(),
            all: false,
            strays: HashMap::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq, G: std::hash::Hash + Eq> Keys<K, G> {
    /// Whether `key` (of `group`) may be one that a bad row or file left unread.
    pub(super) fn covers(&self, key: &K, group: &G) -> bool {
        self.all || self.some.contains(key) || self.groups.contains(group)
    }

    /// Notes a bad row: its key, or only its group, or neither.
    pub(super) fn bad_row(&mut self, group: Option<G>, key: Option<K>) {
        match (group, key) {
            (_, Some(k)) => {
                self.some.insert(k);
            }
            (Some(g), None) => {
                self.groups.insert(g);
            }
            (None, None) => self.all = true,
        }
    }

    /// Notes a row whose key was already taken.
    pub(super) fn stray(&mut self, group: G) {
        *self.strays.entry(group).or_default() += 1;
    }
}

/// Drops the messages that only follow from a key listed twice: when a group has no more
/// missing keys (`missing` gives a message's group and key) than rows whose key was already
/// taken, each of those keys may be the one a doubled row was meant to have, and the
/// doubled row's own message is the one to fix first.
pub(super) fn hold_back_strays<K, G>(
    problems: &mut Vec<Problem>,
    keys: &Keys<K, G>,
    missing: impl Fn(&Problem) -> Option<(G, K)>,
) where
    K: std::hash::Hash + Eq,
    G: std::hash::Hash + Eq + Clone,
{
    if keys.strays.is_empty() {
        return;
    }
    let mut named: HashMap<G, HashSet<K>> = HashMap::new();
    for (group, key) in problems.iter().filter_map(&missing) {
        named.entry(group).or_default().insert(key);
    }
    problems.retain(|p| match missing(p) {
        Some((group, _)) => {
            let strays = keys.strays.get(&group).copied().unwrap_or(0);
            named.get(&group).map_or(0, HashSet::len) > strays
        }
        None => true,
    });
}

/// Whether an archive file is there with at least one row below its header.
pub(super) fn has_rows(files: &ArchiveFiles, file: &str) -> bool {
    files
        .get(file)
        .is_some_and(|text| text.lines().skip(1).any(|l| !l.trim().is_empty()))
}

/// A file that `needs` it is there with rows, but `file` is missing: named once (the
/// rows that rely on it are not blamed one by one). `true` when it is missing.
pub(super) fn missing_for(
    files: &ArchiveFiles,
    file: &'static str,
    needs: &[&'static str],
    problems: &mut Vec<Problem>,
) -> bool {
    if files.get(file).is_some() {
        return false;
    }
    if let Some(needed_by) = needs.iter().find(|n| has_rows(files, n)) {
        problems.push(Problem::in_file(
            file,
            Why::MissingFileFor {
                needed_by: (*needed_by).to_owned(),
            },
        ));
    }
    true
}

/// Notes a duplicate key, naming the line where it first appeared.
pub(super) fn first_seen<K: std::hash::Hash + Eq>(
    seen: &mut HashMap<K, u64>,
    key: K,
    line: u64,
) -> Result<(), u64> {
    match seen.entry(key) {
        std::collections::hash_map::Entry::Occupied(first) => Err(*first.get()),
        std::collections::hash_map::Entry::Vacant(slot) => {
            slot.insert(line);
            Ok(())
        }
    }
}
