//! The charts of the public pages, drawn by [`crate::charts`] in the reader's language, each
//! with its figures as a small table (the text alternative): a team's score and rank after
//! each round, the standings race of the top teams, the distribution of table scores s.

use crate::charts::{BarChart, LineChart, Series, Words};
use crate::rules::{AfterEachRound, Event, Report, Standing, TeamNo};
use crate::web::i18n::Tr;

/// How many teams the standings race shows.
pub(crate) const RACE_TEAMS: usize = 8;

/// A chart on a page: the SVG, and the same figures as a table.
#[derive(Clone, Debug)]
pub(crate) struct ChartView {
    pub id: String,
    pub svg: String,
    /// The table's caption and the `<details>` summary.
    pub(crate) caption: String,
    /// Column headers; the first names the rows.
    pub head: Vec<String>,
    /// (row header, cells).
    pub rows: Vec<(String, Vec<String>)>,
}

fn words(t: &Tr, title: &str, x: &str, y: &str, description: String) -> Words {
    Words {
        title: t.t(title),
        x_label: t.t(x),
        y_label: t.t(y),
        description,
    }
}

fn score_value(s: &Standing) -> f64 {
    s.score.two_decimals().parse().unwrap_or(0.0)
}

/// Team `team`'s score and rank after each round: two charts, one point per round each.
pub(crate) fn team_charts(
    after: &AfterEachRound,
    team: TeamNo,
    name: &str,
    t: &Tr,
) -> Vec<ChartView> {
    let mine: Vec<(i32, &Standing)> = after
        .iter()
        .filter_map(|(r, list)| list.iter().find(|s| s.team == team).map(|s| (*r, s)))
        .collect();
    if mine.is_empty() {
        return Vec::new();
    }
    let series = |points: Vec<(i32, f64)>| {
        vec![Series {
            label: name.to_owned(),
            key: team.to_string(),
            points,
        }]
    };
    let round_head = t.t("sheets-chart-round");
    // The rank axis runs down to the size of the field.
    let field_size = after
        .last()
        .map_or(1, |(_, list)| u32::try_from(list.len()).unwrap_or(u32::MAX));
    let score = LineChart {
        words: words(
            t,
            "sheets-chart-team-score",
            "sheets-chart-round",
            "sheets-chart-score",
            t.a("sheets-chart-team-score-desc", "team", name),
        ),
        series: series(mine.iter().map(|(r, s)| (*r, score_value(s))).collect()),
        ranks: None,
    };
    let rank = LineChart {
        words: words(
            t,
            "sheets-chart-team-rank",
            "sheets-chart-round",
            "sheets-chart-rank",
            t.a("sheets-chart-team-rank-desc", "team", name),
        ),
        series: series(mine.iter().map(|(r, s)| (*r, f64::from(s.rank))).collect()),
        ranks: Some(field_size),
    };
    let table = |value: &dyn Fn(&Standing) -> String| {
        mine.iter()
            .map(|(r, s)| (t.a("pub-round-n", "n", r), vec![value(s)]))
            .collect()
    };
    vec![
        ChartView {
            id: "chart-team-score".into(),
            svg: score.svg("chart-team-score"),
            caption: score.words.title.clone(),
            head: vec![round_head.clone(), t.t("sheets-chart-score")],
            rows: table(&|s| s.score.two_decimals()),
        },
        ChartView {
            id: "chart-team-rank".into(),
            svg: rank.svg("chart-team-rank"),
            caption: rank.words.title.clone(),
            head: vec![round_head, t.t("sheets-chart-rank")],
            rows: table(&|s| s.rank_label()),
        },
    ]
}

/// The standings race: the rank after each round of the top [`RACE_TEAMS`] teams of the
/// latest standings, one line per team, one point per round.
pub(crate) fn race_chart(event: &Event, after: &AfterEachRound, t: &Tr) -> Option<ChartView> {
    let (_, last) = after.last()?;
    let top: Vec<TeamNo> = last.iter().take(RACE_TEAMS).map(|s| s.team).collect();
    let name = |team: TeamNo| {
        event
            .team(team)
            .map_or_else(|| team.to_string(), |x| x.name.clone())
    };
    let rank_in = |list: &[Standing], team: TeamNo| list.iter().find(|s| s.team == team).cloned();
    let series: Vec<Series> = top
        .iter()
        .map(|&team| Series {
            label: name(team),
            key: team.to_string(),
            points: after
                .iter()
                .filter_map(|(r, list)| rank_in(list, team).map(|s| (*r, f64::from(s.rank))))
                .collect(),
        })
        .collect();
    let chart = LineChart {
        words: words(
            t,
            "sheets-chart-race",
            "sheets-chart-round",
            "sheets-chart-rank",
            t.a("sheets-chart-race-desc", "n", top.len()),
        ),
        series,
        ranks: Some(u32::try_from(top.len()).unwrap_or(u32::MAX)),
    };
    let mut head = vec![t.t("sheets-chart-team")];
    head.extend(after.iter().map(|(r, _)| t.a("pub-round-n", "n", r)));
    let rows = top
        .iter()
        .map(|&team| {
            (
                name(team),
                after
                    .iter()
                    .map(|(_, list)| {
                        rank_in(list, team)
                            .map(|s| s.rank_label())
                            .unwrap_or_default()
                    })
                    .collect(),
            )
        })
        .collect();
    Some(ChartView {
        id: "chart-race".into(),
        svg: chart.svg("chart-race"),
        caption: chart.words.title.clone(),
        head,
        rows,
    })
}

/// How many tables scored each s over the whole event; `None` before any result.
pub(crate) fn distribution_chart(event: &Event, report: &Report, t: &Tr) -> Option<ChartView> {
    let counts = report.table_score_counts(event);
    if counts.is_empty() {
        return None;
    }
    let label = |s: i32| crate::figures::signed(s.into());
    let tables: u32 = counts.iter().map(|c| c.1).sum();
    let chart = BarChart {
        words: words(
            t,
            "sheets-chart-distribution",
            "sheets-chart-table-score",
            "sheets-chart-tables",
            t.a("sheets-chart-distribution-desc", "n", tables),
        ),
        bars: counts.iter().map(|(s, c)| (label(*s), *c)).collect(),
    };
    Some(ChartView {
        id: "chart-distribution".into(),
        svg: chart.svg("chart-distribution"),
        caption: chart.words.title.clone(),
        head: vec![t.t("sheets-chart-table-score"), t.t("sheets-chart-tables")],
        rows: counts
            .iter()
            .map(|(s, c)| (label(*s), vec![c.to_string()]))
            .collect(),
    })
}
