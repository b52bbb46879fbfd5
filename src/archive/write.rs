//! Writing an event as the archive files of docs/rules.md §9, computed columns filled.

use super::neutralise;
use crate::i18n::Tr;
use crate::input::fields::{FILE_FIELD_COUNT, FILE_FIELDS};
use crate::rules::bracket::Championship;
use crate::rules::field::ButlerLine;
use crate::rules::player_id::PlayerId;
use crate::rules::stages::group_label;
use crate::rules::{Event, MatchStatus, Report, Scorer, Standing, Team};

/// `bracket.csv`: export only, written when the event has stages.
pub(crate) const BRACKET: &str = "bracket.csv";
/// `ranking.csv`: export only, written when the event has stages.
pub(crate) const RANKING: &str = "ranking.csv";

/// `bracket.csv`: every tie whose sides are known, knockout round by round in bracket
/// order, the play-off last. A bye has its team at home, no carry-over or totals, and
/// that team as its winner.
pub(crate) fn bracket_csv(_event: &Event, c: &Championship) -> String {
    let rows = c.bracket.iter().flat_map(|b| {
        b.rounds.iter().flat_map(move |ko| {
            ko.ties.iter().filter(|t| t.listed()).map(move |t| {
                let (home, away) = match (t.home.team(), t.away.team()) {
                    (Some(h), a) => (h, a),
                    (None, Some(a)) => (a, None),
                    (None, None) => unreachable!("a listed tie has a team"),
                };
                let played = away.is_some();
                let figure = |v: String| if played { v } else { String::new() };
                let total = t.home_total();
                let points = t.home_points();
                [
                    (b.stage + 1).to_string(),
                    ko.number.to_string(),
                    t.number.to_string(),
                    home.team.to_string(),
                    opt(away.map(|a| a.team)),
                    home.seed.to_string(),
                    opt(away.map(|a| a.seed)),
                    figure(t.carry_over.two_decimals()),
                    t.complete_segments().to_string(),
                    figure(total.two_decimals()),
                    figure(total.negate().two_decimals()),
                    figure(points.to_string()),
                    figure((-points).to_string()),
                    opt(t.winner().team().map(|w| w.team)),
                    t.status.code().to_owned(),
                ]
            })
        })
    });
    csv_file(
        &[
            "stage",
            "ko_round",
            "tie",
            "home",
            "away",
            "home_seed",
            "away_seed",
            "carry_over",
            "segments",
            "home_total",
            "away_total",
            "home_points",
            "away_points",
            "winner",
            "status",
        ],
        rows,
    )
}

/// `ranking.csv`: the final ranking, places empty while undecided.
pub fn ranking_csv(event: &Event, c: &Championship) -> String {
    csv_file(
        &["place", "team_no", "name", "stage", "reached"],
        c.ranking.iter().map(|l| {
            let name = event.team(l.team).map(|t| t.name.as_str()).unwrap_or("");
            [
                l.place_label(),
                l.team.to_string(),
                neutralise(name),
                (l.stage + 1).to_string(),
                l.reached.map(|r| r.code().to_owned()).unwrap_or_default(),
            ]
        }),
    )
}

/// `deals.csv` (docs/rules.md §13): optional on import, written when some board has its cards.
pub(crate) const DEALS: &str = "deals.csv";

/// The columns of `deals.csv`.
pub(super) const DEAL_COLUMNS: [&str; 7] =
    ["round", "board", "north", "east", "south", "west", "bottom"];

pub fn deals_csv(event: &Event) -> String {
    use crate::rules::Seat;
    use crate::rules::deal::format_cards;
    csv_file(
        &DEAL_COLUMNS,
        event.deals.boards.iter().map(|d| {
            let mut row = vec![d.round.to_string(), d.board.to_string()];
            row.extend(Seat::ALL.map(|s| format_cards(d.deal.hand(s))));
            row.push(format_cards(d.deal.bottom()));
            row
        }),
    )
}

/// `lineups.csv`: optional on import, written when the event records line-ups.
pub const LINEUPS: &str = "lineups.csv";
/// `butler.csv`: export only, written when the event records line-ups.
pub const BUTLER: &str = "butler.csv";

/// The columns of `lineups.csv`.
pub(super) const LINEUP_COLUMNS: [&str; 5] = ["round", "table", "room", "team_no", "players"];

/// `lineups.csv`; the last column `player_ids` (docs/rules.md §14) only when some line-up
/// names a registry player, so that an archive without links is written as before.
pub(crate) fn lineups_csv(event: &Event) -> String {
    let any_ids = event
        .lineups
        .iter()
        .any(|l| l.player_ids.iter().any(Option::is_some));
    let mut header = LINEUP_COLUMNS.to_vec();
    if any_ids {
        header.push("player_ids");
    }
    csv_file(
        &header,
        event.lineups.iter().map(|l| {
            let mut row = vec![
                l.round.to_string(),
                l.table.to_string(),
                l.room.to_string(),
                l.team.to_string(),
                neutralise(&l.players.join(";")),
            ];
            if any_ids {
                row.push(ids_cell(&l.player_ids));
            }
            row
        }),
    )
}

/// Registry ids separated by `;`, an empty part for one not linked; an empty cell when
/// none is linked.
fn ids_cell(ids: &[Option<PlayerId>]) -> String {
    if ids.iter().all(Option::is_none) {
        return String::new();
    }
    ids.iter()
        .map(|id| id.map(|id| id.to_string()).unwrap_or_default())
        .collect::<Vec<_>>()
        .join(";")
}

/// `butler.csv` from a ranking worked out by [`butler`].
pub fn butler_csv(_event: &Event, pairs: &[ButlerLine]) -> String {
    csv_file(
        &["rank", "team_no", "players", "boards", "total", "per_board"],
        pairs.iter().map(|l| {
            [
                l.rank_label(),
                l.pair.team.to_string(),
                neutralise(&l.pair.players_cell()),
                l.boards.to_string(),
                l.total.two_decimals(),
                l.per_board().two_decimals(),
            ]
        }),
    )
}

/// Builds a CSV file: a header, then rows, lines ending in `\n`, quoting only where needed.
fn csv_file<R>(header: &[&str], rows: impl IntoIterator<Item = R>) -> String
where
    R: IntoIterator,
    R::Item: AsRef<[u8]>,
{
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let write = |w: &mut csv::Writer<Vec<u8>>, row: &mut dyn Iterator<Item = Vec<u8>>| {
        w.write_record(row).expect("writing to memory cannot fail");
    };
    write(&mut w, &mut header.iter().map(|h| h.as_bytes().to_vec()));
    for row in rows {
        write(&mut w, &mut row.into_iter().map(|c| c.as_ref().to_vec()));
    }
    let bytes = w.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("every cell is UTF-8")
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// `teams.csv`; `member_ids` (docs/rules.md §14) only when some member is linked to a
/// registry player, and the last column `withdrawn` (`yes` or empty) only when some team is
/// withdrawn, so that an archive without either is written as before.
pub fn teams_csv(event: &Event) -> String {
    let any_withdrawn = event.teams.iter().any(|t| t.withdrawn);
    let any_links = event.teams.iter().any(Team::has_links);
    let mut header = vec!["team_no", "name", "club", "members"];
    if any_links {
        header.push("member_ids");
    }
    if any_withdrawn {
        header.push("withdrawn");
    }
    csv_file(
        &header,
        event.teams.iter().map(|t| {
            let mut row = vec![
                t.number.to_string(),
                neutralise(&t.name),
                neutralise(&t.club),
                neutralise(&t.members.join(";")),
            ];
            if any_links {
                row.push(ids_cell(&t.member_ids));
            }
            if any_withdrawn {
                row.push(if t.withdrawn { "yes" } else { "" }.to_owned());
            }
            row
        }),
    )
}

pub(crate) fn boards_csv(event: &Event) -> String {
    csv_file(
        &["round", "board", "dealer", "level", "trump"],
        event.rounds.iter().flat_map(|r| {
            r.boards.iter().map(move |b| {
                [
                    r.number.to_string(),
                    b.number.to_string(),
                    b.dealer.to_string(),
                    b.level.to_string(),
                    opt(b.trump),
                ]
            })
        }),
    )
}

pub(crate) fn schedule_csv(event: &Event) -> String {
    csv_file(
        &["round", "table", "home", "away"],
        event.rounds.iter().flat_map(|r| {
            r.matches.iter().map(move |m| {
                [
                    r.number.to_string(),
                    m.table.to_string(),
                    m.home.to_string(),
                    opt(m.away),
                ]
            })
        }),
    )
}

/// The columns of `results.csv`: where the result was played, the inputs of a table result
/// (the fields of [`crate::input::fields::RESULT_FIELDS`] the file holds), then the
/// computed ones.
pub(super) const RESULT_COLUMNS: [&str; FILE_FIELD_COUNT + 6] = {
    let mut columns = [""; FILE_FIELD_COUNT + 6];
    let place = ["round", "table", "room", "board"];
    let mut i = 0;
    while i < place.len() {
        columns[i] = place[i];
        i += 1;
    }
    let mut f = 0;
    while f < FILE_FIELD_COUNT {
        columns[4 + f] = FILE_FIELDS[f];
        f += 1;
    }
    columns[4 + FILE_FIELD_COUNT] = "table_score";
    columns[5 + FILE_FIELD_COUNT] = "result";
    columns
};

/// `results.csv` with the `result` cell of each room for which `provisional(round, table,
/// room)` holds followed by ` (provisional)`: the public download marks the rooms
/// confirmed at their table and waiting for the director's approval (docs/rules.md §5,
/// "Provisional and final"). The columns stay those of docs/rules.md §9; `result` is
/// computed on export and ignored on import, so the file still imports as it did.
pub(crate) fn results_csv_marked(
    event: &Event,
    provisional: impl Fn(i32, i32, crate::rules::Room) -> bool,
) -> String {
    let scorer = Scorer::new(&event.settings);
    let provisional = &provisional;
    csv_file(
        &RESULT_COLUMNS,
        event.rounds.iter().flat_map(|r| {
            let scorer = &scorer;
            r.matches.iter().flat_map(move |m| {
                m.results.iter().map(move |res| {
                    let e = &res.entry;
                    let outcome = scorer.table(e);
                    [
                        r.number.to_string(),
                        m.table.to_string(),
                        res.room.to_string(),
                        res.board.to_string(),
                        opt(e.trick_points()),
                        opt(e.bottom_points()),
                        opt(e.last_trick()),
                        opt(e.combo()),
                        opt(e.declarer_penalty()),
                        opt(e.defender_penalty()),
                        opt(e.ruling()),
                        opt(outcome.and_then(|o| o.defender_total)),
                        opt(outcome.map(|o| o.table_score)),
                        outcome
                            .map(|o| {
                                let words = crate::sheets::result(&Tr::en(), &o);
                                if provisional(r.number, m.table, res.room) {
                                    format!("{words} ({})", Tr::en().t("pub-provisional-mark"))
                                } else {
                                    words
                                }
                            })
                            .unwrap_or_default(),
                    ]
                })
            })
        }),
    )
}

pub fn matches_csv(event: &Event, report: &Report) -> String {
    let scoring = &event.settings.scoring;
    csv_file(
        &[
            "round",
            "table",
            "home",
            "away",
            "boards",
            "home_levels",
            "away_levels",
            "home_points",
            "away_points",
            "home_score",
            "away_score",
            "status",
        ],
        report.matches.iter().map(|m| {
            let f = &m.figures;
            let bye = f.status == MatchStatus::Bye;
            let away = |v: String| if bye { String::new() } else { v };
            // No board compared yet: no figures (not 0 levels and 10.00 each).
            let figure = |v: String| if f.unplayed() { String::new() } else { v };
            // A match in progress has no score yet (docs/rules.md §5).
            let score = |v: String| if f.scored() { v } else { String::new() };
            [
                m.round.to_string(),
                m.table.to_string(),
                m.home.to_string(),
                opt(m.away),
                f.compared.to_string(),
                figure(f.home_levels.to_string()),
                figure(away((-f.home_levels).to_string())),
                figure(f.home_points.to_string()),
                figure(away((-f.home_points).to_string())),
                score(scoring.format(f.home_score)),
                score(opt(f.away_score.map(|s| scoring.format(s)))),
                f.status.code().to_owned(),
            ]
        }),
    )
}

pub(crate) fn swings_csv(_event: &Event, report: &Report) -> String {
    csv_file(
        &[
            "round",
            "table",
            "board",
            "open_score",
            "closed_score",
            "home_swing",
        ],
        report.matches.iter().flat_map(|m| {
            // A swing exists only for a board compared in both rooms.
            m.figures
                .boards
                .iter()
                .filter(|b| b.swing.is_some())
                .map(move |b| {
                    [
                        m.round.to_string(),
                        m.table.to_string(),
                        b.board.to_string(),
                        opt(b.open),
                        opt(b.closed),
                        opt(b.swing),
                    ]
                })
        }),
    )
}

/// The columns of `standings.csv` after `stage,group` (docs/rules.md §9).
const STANDING_COLUMNS: [&str; 12] = [
    "rank",
    "team_no",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "score",
    "level_diff",
    "level_quotient",
    "point_diff",
    "boards_won",
];

fn standing_cells(event: &Event, s: &Standing) -> [String; 12] {
    let name = event.team(s.team).map(|t| t.name.as_str()).unwrap_or("");
    [
        s.rank_label(),
        s.team.to_string(),
        neutralise(name),
        s.played.to_string(),
        s.won.to_string(),
        s.drawn.to_string(),
        s.lost.to_string(),
        s.score.two_decimals(),
        s.level_diff.to_string(),
        s.quotient.three_decimals(),
        s.point_diff.to_string(),
        s.boards_won.to_string(),
    ]
}

/// `standings.csv`; for a staged event with two leading columns `stage,group`, one block
/// per league stage (groups in order), ranks within each block.
pub(crate) fn standings_csv(event: &Event, report: &Report) -> String {
    if let Some(c) = Championship::compute(event, report) {
        let header: Vec<&str> = ["stage", "group"]
            .into_iter()
            .chain(STANDING_COLUMNS)
            .collect();
        return csv_file(
            &header,
            c.tables.tables.iter().flat_map(|t| {
                t.blocks.iter().flat_map(move |b| {
                    b.standings.iter().map(move |s| {
                        let mut row = vec![
                            (t.stage + 1).to_string(),
                            b.group
                                .map(|g| group_label(g).to_string())
                                .unwrap_or_default(),
                        ];
                        row.extend(standing_cells(event, s));
                        row
                    })
                })
            }),
        );
    }
    csv_file(
        &STANDING_COLUMNS,
        report.standings.iter().map(|s| standing_cells(event, s)),
    )
}
