//! The files of an export, in one registry: each file's name, when an event has it, whether
//! the public may download it, and its writer. `fushi export`, the archive's .zip, the
//! director's archive page and the public downloads (`/t/{slug}/{file}.csv`) all read
//! [`EXPORTS`], so a new file is added here once.

use super::settings::{TOURNAMENT_TOML, tournament_toml};
use super::write::{
    BRACKET, BUTLER, DEALS, LINEUPS, RANKING, boards_csv, bracket_csv, butler_csv, deals_csv,
    lineups_csv, matches_csv, ranking_csv, results_csv_marked, schedule_csv, standings_csv,
    swings_csv, teams_csv,
};
use crate::rules::bracket::Championship;
use crate::rules::field::butler;
use crate::rules::{Event, Report, Room};

/// When an event has a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    /// The event has stages (a championship).
    Stages,
    /// The event records line-ups.
    Lineups,
    /// Some board has its cards.
    Deals,
}

/// What a file is written from.
pub struct Exporting<'a> {
    pub event: &'a Event,
    pub report: &'a Report,
    /// The championship of an event with stages (the writers of its files need it).
    pub championship: Option<&'a Championship>,
    /// The rooms `results.csv` marks provisional in its computed `result` (round, table,
    /// room): the public download marks those waiting for the director's approval; an
    /// export marks none.
    pub provisional: &'a dyn Fn(i32, i32, Room) -> bool,
}

/// A file of the export.
pub struct Export {
    /// Its name in the archive.
    pub name: &'static str,
    pub when: When,
    /// Whether anyone may download it from the public pages (`/t/{slug}/{stem}.csv`, named
    /// `pub-csv-{stem}`); the settings are the director's.
    pub public: bool,
    write: fn(&Exporting<'_>) -> Option<String>,
}

/// Every file of the export, in the order the pages list them (the public overview, the
/// director's archive page).
pub(crate) const EXPORTS: [Export; 13] = [
    Export {
        name: TOURNAMENT_TOML,
        when: When::Always,
        public: false,
        write: |x| Some(tournament_toml(&x.event.settings, &x.event.deals)),
    },
    Export {
        name: "standings.csv",
        when: When::Always,
        public: true,
        write: |x| Some(standings_csv(x.event, x.report)),
    },
    Export {
        name: "matches.csv",
        when: When::Always,
        public: true,
        write: |x| Some(matches_csv(x.event, x.report)),
    },
    Export {
        name: "swings.csv",
        when: When::Always,
        public: true,
        write: |x| Some(swings_csv(x.event, x.report)),
    },
    Export {
        name: "results.csv",
        when: When::Always,
        public: true,
        write: |x| Some(results_csv_marked(x.event, x.provisional)),
    },
    Export {
        name: "teams.csv",
        when: When::Always,
        public: true,
        write: |x| Some(teams_csv(x.event)),
    },
    Export {
        name: "boards.csv",
        when: When::Always,
        public: true,
        write: |x| Some(boards_csv(x.event)),
    },
    Export {
        name: "schedule.csv",
        when: When::Always,
        public: true,
        write: |x| Some(schedule_csv(x.event)),
    },
    Export {
        name: BRACKET,
        when: When::Stages,
        public: true,
        write: |x| Some(bracket_csv(x.event, x.championship?)),
    },
    Export {
        name: RANKING,
        when: When::Stages,
        public: true,
        write: |x| Some(ranking_csv(x.event, x.championship?)),
    },
    Export {
        name: BUTLER,
        when: When::Lineups,
        public: true,
        write: |x| Some(butler_csv(x.event, &butler(x.event))),
    },
    Export {
        name: LINEUPS,
        when: When::Lineups,
        public: true,
        write: |x| Some(lineups_csv(x.event)),
    },
    // The public event holds the cards of released boards only.
    Export {
        name: DEALS,
        when: When::Deals,
        public: true,
        write: |x| Some(deals_csv(x.event)),
    },
];

impl Export {
    /// The file called `name`.
    pub fn named(name: &str) -> Option<&'static Export> {
        EXPORTS.iter().find(|e| e.name == name)
    }

    /// The public file `/t/{slug}/{stem}.csv` downloads.
    pub fn public(stem: &str) -> Option<&'static Export> {
        EXPORTS
            .iter()
            .find(|e| e.public && e.name.strip_suffix(".csv") == Some(stem))
    }

    /// The name without `.csv`: the public download's path and its words.
    pub fn stem(&self) -> &'static str {
        self.name.strip_suffix(".csv").unwrap_or(self.name)
    }

    /// Whether `event` has this file.
    pub(crate) fn is_of(&self, event: &Event) -> bool {
        match self.when {
            When::Always => true,
            When::Stages => !event.settings.stages.is_empty(),
            When::Lineups => !event.lineups.is_empty(),
            When::Deals => !event.deals.boards.is_empty(),
        }
    }

    /// The file's text; `None` when the event has no such file.
    pub fn write(&self, x: &Exporting<'_>) -> Option<String> {
        if self.is_of(x.event) {
            (self.write)(x)
        } else {
            None
        }
    }
}

/// The names of the files every event has.
pub fn always() -> impl Iterator<Item = &'static str> {
    EXPORTS
        .iter()
        .filter(|e| e.when == When::Always)
        .map(|e| e.name)
}

/// Every file of the archive the event has, as (name, content), in [`EXPORTS`] order.
pub fn export(event: &Event, report: &Report) -> Vec<(&'static str, String)> {
    let championship = Championship::compute(event, report);
    let x = Exporting {
        event,
        report,
        championship: championship.as_ref(),
        provisional: &|_, _, _| false,
    };
    EXPORTS
        .iter()
        .filter_map(|e| Some((e.name, e.write(&x)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_one_name_and_the_public_ones_a_stem() {
        let names: std::collections::BTreeSet<&str> = EXPORTS.iter().map(|e| e.name).collect();
        assert_eq!(names.len(), EXPORTS.len());
        for e in &EXPORTS {
            assert_eq!(Export::named(e.name).map(|n| n.name), Some(e.name));
            if e.public {
                assert!(e.name.ends_with(".csv"), "{}", e.name);
                assert_eq!(Export::public(e.stem()).map(|n| n.name), Some(e.name));
            }
        }
        assert!(Export::public("tournament").is_none());
        assert!(Export::public("audit").is_none());
        assert_eq!(EXPORTS[0].name, TOURNAMENT_TOML);
    }

    /// Every file has its words: the director's archive page says what it holds, the
    /// public overview names each public one.
    #[test]
    fn every_file_is_worded_in_every_language() {
        for lang in crate::i18n::Lang::all() {
            let t = crate::i18n::Tr::new(lang);
            for e in &EXPORTS {
                let key = format!("archive-file-{}", e.name.replace('.', "-"));
                assert_ne!(t.t(&key), key, "{lang:?}");
                if e.public {
                    let key = format!("pub-csv-{}", e.stem());
                    assert_ne!(t.t(&key), key, "{lang:?}");
                }
            }
        }
    }
}
