//! The dealing seeds in `tournament.toml` (docs/rules.md §9, §13): one `[[deal_seeds]]`
//! table per commitment, in the order set, keys in the order `commitment`, `published`,
//! `rounds`, `seed` (the last only once revealed); or the older single `deal_commitment` /
//! `deal_seed` pair, which still reads and writes unchanged while it is the only seed.

use std::collections::HashSet;

use chrono::NaiveDateTime;
use toml::Value;

use super::Problem;
/// The file these tables are in (`settings/` names it too; not imported, which would make
/// the two modules import each other).
const TOURNAMENT_TOML: &str = "tournament.toml";
use crate::input::{DealSeedFault, Why};
use crate::rules::deal::{Commitment, DealSeed, Deals, Seed, SeedRecord, deal_board};
use crate::rules::{Decks, Event};

/// A seed read from `[[deal_seeds]]`, with the line of its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ReadSeed {
    pub record: SeedRecord,
    pub line: u64,
}

const KEYS: [&str; 4] = ["commitment", "published", "rounds", "seed"];

/// The line of the `index`-th (0-based) `[[deal_seeds]]` header, or of the `deal_seeds` key
/// when the tables are written inline (line 1 when neither is found).
fn entry_line(text: &str, index: usize) -> u64 {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "[[deal_seeds]]")
        .map(|(i, _)| i as u64 + 1)
        .nth(index)
        .or_else(|| {
            text.lines()
                .position(|l| l.trim_start().starts_with("deal_seeds"))
                .map(|i| i as u64 + 1)
        })
        .unwrap_or(1)
}

/// Reads `[[deal_seeds]]`; `None` when there is none. Every problem is at its table's line.
pub(super) fn read_deal_seeds(
    text: &str,
    table: &toml::Table,
) -> Result<Option<Vec<ReadSeed>>, Vec<Problem>> {
    let Some(value) = table.get("deal_seeds") else {
        return Ok(None);
    };
    let at = |index: usize, fault: DealSeedFault| {
        Problem::at(
            TOURNAMENT_TOML,
            entry_line(text, index),
            Why::DealSeedEntry {
                entry: index + 1,
                fault,
            },
        )
    };
    let Value::Array(entries) = value else {
        return Err(vec![at(0, DealSeedFault::Shape)]);
    };
    if table.contains_key("deal_commitment") || table.contains_key("deal_seed") {
        return Err(vec![at(0, DealSeedFault::BothForms)]);
    }
    let mut problems = Vec::new();
    let mut seeds = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        match read_entry(entry) {
            Ok(record) => seeds.push(ReadSeed {
                record,
                line: entry_line(text, index),
            }),
            Err(EntryError::Fault(fault)) => problems.push(at(index, fault)),
            Err(EntryError::Why(why)) => {
                problems.push(Problem::at(TOURNAMENT_TOML, entry_line(text, index), why))
            }
        }
    }
    if problems.is_empty() {
        Ok(Some(seeds))
    } else {
        Err(problems)
    }
}

enum EntryError {
    Fault(DealSeedFault),
    Why(Why),
}

fn read_entry(entry: &Value) -> Result<SeedRecord, EntryError> {
    let fault = EntryError::Fault;
    let Value::Table(t) = entry else {
        return Err(fault(DealSeedFault::Shape));
    };
    if let Some(key) = t.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(EntryError::Why(Why::UnknownKey {
            key: format!("deal_seeds.{key}"),
        }));
    }
    let commitment = match t.get("commitment") {
        Some(Value::String(c)) => {
            Commitment::parse(c).map_err(|_| fault(DealSeedFault::NoCommitment))?
        }
        _ => return Err(fault(DealSeedFault::NoCommitment)),
    };
    let published = t
        .get("published")
        .map(|v| read_published(v).ok_or(fault(DealSeedFault::Published)))
        .transpose()?;
    let rounds = t
        .get("rounds")
        .map(|v| read_rounds(v).ok_or(fault(DealSeedFault::Rounds)))
        .transpose()?;
    let state = match t.get("seed") {
        None => DealSeed::Committed(commitment),
        Some(Value::String(text)) => {
            let seed = Seed::parse(text).map_err(|e| EntryError::Why(Why::Seed(e)))?;
            if !commitment.verifies(&seed) {
                return Err(EntryError::Why(Why::SeedRefused(
                    crate::rules::deal::SeedRefusal::DoesNotMatch,
                )));
            }
            DealSeed::Revealed(seed)
        }
        Some(_) => return Err(fault(DealSeedFault::Shape)),
    };
    Ok(SeedRecord {
        state,
        published,
        rounds,
    })
}

/// A TOML offset date-time to the second, as UTC.
fn read_published(value: &Value) -> Option<NaiveDateTime> {
    let Value::Datetime(dt) = value else {
        return None;
    };
    let (Some(_), Some(time), Some(_)) = (dt.date, dt.time, dt.offset) else {
        return None;
    };
    if time.nanosecond.unwrap_or(0) != 0 {
        return None;
    }
    chrono::DateTime::parse_from_rfc3339(&dt.to_string())
        .ok()
        .map(|t| t.naive_utc())
}

/// Round numbers from 1, strictly ascending.
fn read_rounds(value: &Value) -> Option<Vec<i32>> {
    let Value::Array(items) = value else {
        return None;
    };
    let rounds: Vec<i32> = items
        .iter()
        .map(|v| match v {
            Value::Integer(n) => i32::try_from(*n).ok().filter(|n| *n >= 1),
            _ => None,
        })
        .collect::<Option<_>>()?;
    rounds.windows(2).all(|w| w[0] < w[1]).then_some(rounds)
}

/// What the read event refuses in its seeds, each at its table's line: a round listed
/// that has no boards, a round under two seeds, and a revealed seed that does not deal
/// exactly the cards of its rounds (every board of them, as `deals.csv` has it).
pub(super) fn check_deal_seeds(seeds: &[ReadSeed], event: &Event) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut seen = HashSet::new();
    let decks = event.settings.decks();
    for (index, read) in seeds.iter().enumerate() {
        let at = |fault| {
            Problem::at(
                TOURNAMENT_TOML,
                read.line,
                Why::DealSeedEntry {
                    entry: index + 1,
                    fault,
                },
            )
        };
        for &round in read.record.rounds.iter().flatten() {
            if !seen.insert(round) {
                problems.push(at(DealSeedFault::RoundTwice { round }));
                continue;
            }
            let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
                problems.push(at(DealSeedFault::NoSuchRound { round }));
                continue;
            };
            let Some(seed) = read.record.state.revealed() else {
                continue;
            };
            if let Some(board) = r
                .boards
                .iter()
                .find(|b| !deals_as_stored(&event.deals, seed, decks, (round, b.number)))
            {
                problems.push(at(DealSeedFault::DealsOther {
                    round,
                    board: board.number,
                }));
            }
        }
    }
    problems
}

fn deals_as_stored(deals: &Deals, seed: &Seed, decks: Decks, (round, board): (i32, i32)) -> bool {
    deals.of(round, board).is_some_and(|stored| {
        *stored == deal_board(seed, decks, round.unsigned_abs(), board.unsigned_abs())
    })
}

/// The seeds as `tournament.toml` writes them: the older pair's plain keys (when the only
/// seed is one whose rounds were not recorded), or the `[[deal_seeds]]` tables, each after a
/// blank line; `published` with the offset of `zone` (`Z` without one), to the second.
/// Returns (plain keys, tables): the keys go before every table of the file.
pub(crate) fn deal_seeds_toml(deals: &Deals, zone: Option<chrono_tz::Tz>) -> (String, String) {
    let quote = |s: &str| Value::String(s.to_owned()).to_string();
    match deals.seeds.as_slice() {
        [] => (String::new(), String::new()),
        [only] if only.rounds.is_none() => {
            let mut out = format!(
                "deal_commitment = {}\n",
                quote(only.state.commitment().as_str())
            );
            if let Some(s) = only.state.revealed() {
                out.push_str(&format!("deal_seed = {}\n", quote(s.as_str())));
            }
            (out, String::new())
        }
        seeds => {
            let mut out = String::new();
            for record in seeds {
                out.push_str("\n[[deal_seeds]]\n");
                out.push_str(&format!(
                    "commitment = {}\n",
                    quote(record.state.commitment().as_str())
                ));
                if let Some(at) = record.published {
                    out.push_str(&format!("published = {}\n", published_text(at, zone)));
                }
                if let Some(rounds) = &record.rounds {
                    let list: Vec<String> = rounds.iter().map(ToString::to_string).collect();
                    out.push_str(&format!("rounds = [{}]\n", list.join(", ")));
                }
                if let Some(s) = record.state.revealed() {
                    out.push_str(&format!("seed = {}\n", quote(s.as_str())));
                }
            }
            (String::new(), out)
        }
    }
}

/// A UTC time as a TOML offset date-time in `zone` (`Z` without one), to the second.
pub(crate) fn published_text(at: NaiveDateTime, zone: Option<chrono_tz::Tz>) -> String {
    match zone {
        Some(zone) => at
            .and_utc()
            .with_timezone(&zone)
            .format("%Y-%m-%dT%H:%M:%S%:z")
            .to_string(),
        None => at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Option<Vec<ReadSeed>>, Vec<Problem>> {
        read_deal_seeds(text, &text.parse::<toml::Table>().unwrap())
    }

    #[test]
    fn deal_seeds_read_back_as_written() {
        let a = Seed::drawn([1; 16], None);
        let b = Seed::drawn([2; 16], None);
        let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(11, 2, 11)
            .unwrap();
        let deals = Deals {
            seeds: vec![
                SeedRecord {
                    state: DealSeed::Revealed(a.clone()),
                    published: Some(at),
                    rounds: Some(vec![]),
                },
                SeedRecord {
                    state: DealSeed::Committed(b.commitment()),
                    published: Some(at),
                    rounds: Some(vec![1, 2, 3]),
                },
            ],
            boards: Vec::new(),
        };
        let zone: chrono_tz::Tz = "Asia/Shanghai".parse().unwrap();
        let (plain, tables) = deal_seeds_toml(&deals, Some(zone));
        assert_eq!(plain, "");
        assert_eq!(
            tables,
            format!(
                "\n[[deal_seeds]]\ncommitment = \"{}\"\npublished = 2026-12-05T19:02:11+08:00\nrounds = []\nseed = \"{a}\"\n\n[[deal_seeds]]\ncommitment = \"{}\"\npublished = 2026-12-05T19:02:11+08:00\nrounds = [1, 2, 3]\n",
                a.commitment(),
                b.commitment()
            )
        );
        let read = parse(&tables).unwrap().unwrap();
        let records: Vec<SeedRecord> = read.iter().map(|r| r.record.clone()).collect();
        assert_eq!(records, deals.seeds);
        assert_eq!(read[1].line, 8);
        assert_eq!(published_text(at, None), "2026-12-05T11:02:11Z");
    }

    #[test]
    fn a_wrong_entry_is_refused_at_its_table() {
        let a = Seed::drawn([1; 16], None);
        let text = format!(
            "[[deal_seeds]]\ncommitment = \"{}\"\nrounds = [1]\n\n[[deal_seeds]]\ncommitment = \"{}\"\nrounds = [2, 1]\n",
            a.commitment(),
            a.commitment()
        );
        let problems = parse(&text).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(
            problems[0].to_string(),
            "tournament.toml:5: seed 2 of [[deal_seeds]]: rounds must list round numbers in ascending order, such as [1, 2, 3]"
        );
        let wrong_seed = format!(
            "[[deal_seeds]]\ncommitment = \"{}\"\nseed = \"other\"\n",
            a.commitment()
        );
        assert_eq!(
            parse(&wrong_seed).unwrap_err()[0].to_string(),
            "tournament.toml:1: the seed does not match the published commitment"
        );
        let both = format!(
            "deal_commitment = \"{}\"\n[[deal_seeds]]\ncommitment = \"{}\"\n",
            a.commitment(),
            a.commitment()
        );
        assert!(
            parse(&both).unwrap_err()[0]
                .to_string()
                .contains("not both")
        );
    }
}
