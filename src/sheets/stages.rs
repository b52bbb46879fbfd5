//! The printed sheets of a championship (docs/rules.md §12): the bracket on one A4 page, a
//! tie's sheet (its segments side by side, the carry-over and the totals) and the final
//! ranking for the wall. Built from a [`Championship`] (the public snapshot's on the web, so
//! they show released figures only) in one language; the words are the stage pages' own
//! (`locales/*/stages.ftl`).

use fluent_templates::fluent_bundle::FluentValue;

use super::Words;
use super::pdf::{
    Align, Block, BracketBox, BracketDrawing, Col, Grid, PdfError, SheetPage, render,
};
use crate::i18n::Tr;
use crate::rules::bracket::{Bracket, Championship, KoRound, Reached, Slot, Tie, TieStatus};
use crate::rules::stages::Exact;
use crate::rules::{Event, MatchProgress};

/// A knockout round's name: "Quarter-finals".
pub(crate) fn round_name(t: &Tr, r: Reached) -> String {
    t.t(&format!("stage-round-{}", r.code().replace('_', "-")))
}

/// What a tie's round is called: the play-off's own name, else its knockout round's.
pub(crate) fn tie_round_name(t: &Tr, ko: &KoRound, tie: &Tie) -> String {
    round_name(
        t,
        if tie.play_off {
            Reached::ThirdPlace
        } else {
            ko.name()
        },
    )
}

/// An exchange in words: "Teams 3 and 6 exchanged: they share a club".
pub(crate) fn exchange_text(t: &Tr, x: &crate::rules::stages::Exchange) -> String {
    t.args(
        "stage-exchange-text",
        &[
            ("a", FluentValue::from(x.teams[0].to_string())),
            ("b", FluentValue::from(x.teams[1].to_string())),
            ("reason", FluentValue::from(x.reason.clone())),
        ],
    )
}

/// A tie's label: "QF3", "SF1" where its round has several ties; the final and the
/// play-off for third are one tie each, so they are called by their round's name
/// ("Final", "Play-off for third") and never "F1" or "3P2".
pub(crate) fn tie_label(t: &Tr, bracket: &Bracket, ko_round: u32, tie: &Tie) -> String {
    let name = if tie.play_off {
        Reached::ThirdPlace
    } else {
        bracket.rounds[ko_round as usize - 1].name()
    };
    label_of(t, name, tie.number)
}

/// The label of tie `number` of a round called `name` (see [`tie_label`]).
pub(crate) fn label_of(t: &Tr, name: Reached, number: u32) -> String {
    match name.short_id() {
        Some(short) => t.args(
            "stage-tie",
            &[
                ("short", FluentValue::from(t.t(short))),
                ("n", FluentValue::from(number.to_string())),
            ],
        ),
        None => round_name(t, name),
    }
}

/// A tie's heading: "Quarter-finals · QF4"; the label alone where it already names the
/// round (the final, the play-off, and every tie in Chinese: 1/4 决赛第 4 场).
pub(crate) fn tie_heading(t: &Tr, bracket: &Bracket, ko: &KoRound, tie: &Tie) -> String {
    let label = tie_label(t, bracket, ko.number, tie);
    match round_beside_label(t, ko, tie, &label) {
        Some(round) => format!("{round} · {label}"),
        None => label,
    }
}

/// The name of a tie's round to show beside its label, `None` where the label already
/// names it.
pub(crate) fn round_beside_label(t: &Tr, ko: &KoRound, tie: &Tie, label: &str) -> Option<String> {
    let round = tie_round_name(t, ko, tie);
    (!label.contains(&round)).then_some(round)
}

/// One side of a tie: "(1) Team name", "bye", or "…" while it waits for a winner.
pub(crate) fn side_text(event: &Event, slot: Slot, t: &Tr) -> String {
    match slot {
        Slot::Team(s) => {
            let name = event.team(s.team).map(|x| x.name.as_str()).unwrap_or("");
            format!("({}) {name}", s.seed)
        }
        Slot::Empty => t.t("stage-bye"),
        Slot::Waiting => "…".to_owned(),
    }
}

/// Both sides are teams: the tie is played and has figures.
pub fn played(tie: &Tie) -> bool {
    tie.home.team().is_some() && tie.away.team().is_some()
}

/// The status of a tie in words.
pub(crate) fn status_text(t: &Tr, status: TieStatus) -> String {
    t.t(&format!("stage-status-{}", status.code().replace('_', "-")))
}

/// The status of one segment of a tie, in the same words as a tie's (a segment not paired
/// yet has not started).
pub(crate) fn segment_status_text(t: &Tr, progress: Option<MatchProgress>) -> String {
    status_text(
        t,
        match progress {
            Some(MatchProgress::Complete) => TieStatus::Complete,
            Some(MatchProgress::InProgress) => TieStatus::InProgress,
            _ => TieStatus::NotStarted,
        },
    )
}

/// A tie's figures as the pages and sheets show them: the carry-over and totals (two
/// decimals, the away team's the negation) and the point difference only once both sides
/// are teams; the complete segments of all; the status in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TieFigures {
    pub carry_over: String,
    pub home_total: String,
    pub(crate) away_total: String,
    pub home_points: String,
    /// "1/2": complete segments of all.
    pub segments: String,
    pub status: String,
}

pub(crate) fn tie_figures(t: &Tr, tie: &Tie) -> TieFigures {
    let shown = |v: String| if played(tie) { v } else { String::new() };
    // A tie not begun has its carry-over but no total yet (not "0.00 : 0.00").
    let begun = |v: String| {
        if tie.status == TieStatus::NotStarted {
            String::new()
        } else {
            shown(v)
        }
    };
    let total = tie.home_total();
    TieFigures {
        carry_over: shown(tie.carry_over.two_decimals()),
        home_total: begun(total.two_decimals()),
        away_total: begun(total.negate().two_decimals()),
        home_points: begun(tie.home_points().to_string()),
        segments: format!("{}/{}", tie.complete_segments(), tie.segments.len()),
        status: status_text(t, tie.status),
    }
}

/// The bracket as printed: its title lines and the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct BracketSheet {
    pub title: String,
    pub event: String,
    pub drawing: BracketDrawing,
}

/// A tie's box in the bracket: its label, both sides with their totals, the winner.
pub(crate) fn bracket_box(
    event: &Event,
    b: &Bracket,
    ko: &KoRound,
    tie: &Tie,
    t: &Tr,
) -> BracketBox {
    let figures = tie_figures(t, tie);
    let winner = tie.winner().team().map(|w| w.team);
    let won = [tie.home, tie.away]
        .iter()
        .position(|s| s.team().is_some_and(|s| Some(s.team) == winner));
    BracketBox {
        label: tie_label(t, b, ko.number, tie),
        sides: [
            (side_text(event, tie.home, t), figures.home_total),
            (side_text(event, tie.away, t), figures.away_total),
        ],
        won,
    }
}

/// The bracket sheet; `None` without a knockout.
pub fn bracket_sheet(event: &Event, c: &Championship, t: &Tr) -> Option<BracketSheet> {
    let b = c.bracket.as_ref()?;
    let stage = &event.settings.stages[b.stage];
    let mut play_off = None;
    let rounds = b
        .rounds
        .iter()
        .map(|ko| {
            let mut ties = Vec::new();
            for tie in &ko.ties {
                let drawn = bracket_box(event, b, ko, tie, t);
                if tie.play_off {
                    play_off = Some((round_name(t, Reached::ThirdPlace), drawn));
                } else {
                    ties.push(drawn);
                }
            }
            (round_name(t, ko.name()), ties)
        })
        .collect();
    Some(BracketSheet {
        title: format!("{} · {}", t.t("stage-bracket"), stage.name),
        event: event.settings.name.clone(),
        drawing: BracketDrawing { rounds, play_off },
    })
}

/// One tie as printed: its segments side by side, the carry-over, the totals.
#[derive(Clone, Debug, PartialEq)]
pub struct TieSheet {
    pub title: String,
    pub event: String,
    /// "Quarter-finals · QF4".
    pub heading: String,
    pub columns: Vec<String>,
    /// (title, columns) over the columns: each segment's, the total's.
    pub groups: Vec<(String, usize)>,
    /// The home team's row and the away team's.
    pub rows: Vec<Vec<String>>,
    /// (label, value): status, winner.
    pub facts: Vec<(String, String)>,
    pub rule: String,
    /// The signature lines of the two captains and the director.
    pub signatures: Vec<String>,
}

/// The sheet of tie `number` of knockout round `ko` (1 = first); `None` when there is no
/// such tie or it is not listed yet.
pub fn tie_sheet(
    event: &Event,
    c: &Championship,
    ko: u32,
    number: u32,
    t: &Tr,
) -> Option<TieSheet> {
    let b = c.bracket.as_ref()?;
    let round = b.rounds.get((ko as usize).checked_sub(1)?)?;
    let tie = round
        .ties
        .iter()
        .find(|x| x.number == number && x.listed())?;
    Some(tie_sheet_of(event, b, round, tie, t))
}

fn tie_sheet_of(event: &Event, b: &Bracket, round: &KoRound, tie: &Tie, t: &Tr) -> TieSheet {
    let shown = played(tie);
    let (levels, points) = (t.t("stage-col-levels"), t.t("stage-col-points"));
    let mut groups = vec![(String::new(), 2)];
    let mut columns = vec![t.t("sheets-team"), t.t("stage-col-carry")];
    for (i, s) in tie.segments.iter().enumerate() {
        groups.push((
            t.args(
                "stage-sheet-segment",
                &[
                    ("n", FluentValue::from((i + 1).to_string())),
                    ("round", FluentValue::from(s.round.to_string())),
                ],
            ),
            2,
        ));
        columns.extend([levels.clone(), points.clone()]);
    }
    groups.push((t.t("stage-col-total"), 2));
    columns.extend([levels, points]);
    let row = |home: bool| {
        let sign = |v: i64| if home { v } else { -v };
        let exact = |v: Exact| if home { v } else { v.negate() };
        let slot = if home { tie.home } else { tie.away };
        let or_dash = |v: Option<i64>| match v {
            Some(v) if shown => sign(v).to_string(),
            _ => "–".to_owned(),
        };
        let mut cells = vec![side_text(event, slot, t)];
        let blank = |v: String| if shown { v } else { String::new() };
        cells.push(blank(exact(tie.carry_over).two_decimals()));
        for s in &tie.segments {
            cells.extend([or_dash(s.home_levels), or_dash(s.home_points)]);
        }
        cells.push(blank(exact(tie.home_total()).two_decimals()));
        cells.push(blank(sign(tie.home_points()).to_string()));
        cells
    };
    let winner = tie
        .winner()
        .team()
        .map(|w| side_text(event, Slot::Team(w), t))
        .unwrap_or_else(|| "–".to_owned());
    TieSheet {
        title: t.t("stage-sheet-tie"),
        event: event.settings.name.clone(),
        heading: tie_heading(t, b, round, tie),
        groups,
        columns,
        rows: vec![row(true), row(false)],
        facts: vec![
            (
                t.t("stage-col-segments"),
                format!("{}/{}", tie.complete_segments(), tie.segments.len()),
            ),
            (t.t("stage-col-status"), status_text(t, tie.status)),
            (t.t("stage-col-winner"), winner),
        ]
        .into_iter()
        .chain(
            tie.exchanges
                .iter()
                .map(|&i| (t.t("stage-exchanges"), exchange_text(t, &b.exchanges[i]))),
        )
        .collect(),
        rule: t.t("stage-tie-rule"),
        signatures: vec![
            t.t("stage-sheet-home-captain"),
            t.t("stage-sheet-away-captain"),
            t.t("stage-sheet-director"),
        ],
    }
}

/// Every listed tie's sheet, knockout round by round.
pub(crate) fn tie_sheets(event: &Event, c: &Championship, t: &Tr) -> Vec<TieSheet> {
    let Some(b) = &c.bracket else {
        return Vec::new();
    };
    b.rounds
        .iter()
        .flat_map(|ko| {
            ko.ties
                .iter()
                .filter(|x| x.listed())
                .map(move |x| tie_sheet_of(event, b, ko, x, t))
        })
        .collect()
}

/// The final ranking as printed for the wall.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RankingSheet {
    pub title: String,
    pub event: String,
    pub columns: Vec<String>,
    pub lines: Vec<Vec<String>>,
    pub rule: String,
}

pub(crate) fn ranking_sheet(event: &Event, c: &Championship, t: &Tr) -> RankingSheet {
    RankingSheet {
        title: t.t("stage-ranking"),
        event: event.settings.name.clone(),
        columns: vec![
            t.t("stage-col-place"),
            t.t("stage-sheet-no"),
            t.t("sheets-team"),
            t.t("stage-col-stage"),
            t.t("stage-col-reached"),
        ],
        lines: c
            .ranking
            .iter()
            .map(|l| {
                vec![
                    l.place_label(),
                    l.team.to_string(),
                    event
                        .team(l.team)
                        .map(|x| x.name.clone())
                        .unwrap_or_default(),
                    event.settings.stages[l.stage].name.clone(),
                    l.reached.map(|r| round_name(t, r)).unwrap_or_default(),
                ]
            })
            .collect(),
        rule: t.t("stage-ranking-rule"),
    }
}

fn cols(titles: &[String], widths: &[(f32, Align)]) -> Vec<Col> {
    titles
        .iter()
        .zip(widths)
        .map(|(title, &(width, align))| Col {
            title: title.clone(),
            width,
            align,
        })
        .collect()
}

/// A rule's sentences, a line each (a line of text is never wrapped on a sheet).
fn sentences(rule: &str) -> Vec<Block> {
    rule.split_inclusive([';', '；', '。'])
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(|s| Block::Text(s.to_owned()))
        .collect()
}

/// The bracket on one A4 page.
pub(crate) fn bracket_page(s: &BracketSheet) -> SheetPage {
    SheetPage {
        blocks: vec![
            Block::Title(s.title.clone()),
            Block::Text(s.event.clone()),
            Block::Gap(0.4),
            Block::Bracket(Box::new(s.drawing.clone())),
        ],
        font_size: 10.0,
        one_page: true,
    }
}

/// A tie's sheet: the segments side by side, the totals, the signatures.
pub(crate) fn tie_page(s: &TieSheet) -> SheetPage {
    let mut widths = vec![(4.0, Align::Left), (1.5, Align::Right)];
    widths.extend(std::iter::repeat_n(
        (1.2, Align::Right),
        s.columns.len().saturating_sub(2),
    ));
    let mut blocks = vec![
        Block::Title(format!("{} · {}", s.title, s.heading)),
        Block::Text(s.event.clone()),
        Block::Gap(0.4),
        Block::Grid(Grid {
            groups: s.groups.clone(),
            columns: cols(&s.columns, &widths),
            rows: s.rows.clone(),
            row_height: 2.2,
            total_rows: 0,
        }),
        Block::Pairs(s.facts.clone()),
    ];
    blocks.extend(sentences(&s.rule));
    blocks.extend([Block::Gap(1.0), Block::Signatures(s.signatures.clone())]);
    SheetPage {
        blocks,
        font_size: 11.0,
        one_page: true,
    }
}

/// The ranking in large type on one page.
pub(crate) fn ranking_page(s: &RankingSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (1.0, Center),
        (0.8, Center),
        (4.5, Left),
        (2.2, Left),
        (2.4, Left),
    ];
    SheetPage {
        blocks: vec![
            Block::Title(s.title.clone()),
            Block::Text(s.event.clone()),
            Block::Gap(0.3),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns: cols(&s.columns, &widths),
                rows: s.lines.clone(),
                row_height: 1.5,
                total_rows: 0,
            }),
        ],
        // Large for the wall when few teams leave room for it.
        font_size: if s.lines.len() <= 20 { 18.0 } else { 14.0 },
        one_page: true,
    }
}

pub fn bracket_pdf(s: &BracketSheet, words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    render(
        &[bracket_page(s)],
        &format!("{} · {}", s.event, s.title),
        words.language(),
    )
}

/// One PDF of tie sheets, a page each.
pub(crate) fn ties_pdf(sheets: &[TieSheet], words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    let title = sheets
        .first()
        .map(|s| {
            if sheets.len() == 1 {
                format!("{} · {} · {}", s.event, s.title, s.heading)
            } else {
                format!("{} · {}", s.event, s.title)
            }
        })
        .unwrap_or_default();
    let pages: Vec<SheetPage> = sheets.iter().map(tie_page).collect();
    render(&pages, &title, words.language())
}

pub(crate) fn ranking_pdf(s: &RankingSheet, words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    render(
        &[ranking_page(s)],
        &format!("{} · {}", s.event, s.title),
        words.language(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::pdf::layout;
    use crate::sheets::pdf::{Op, PAGE_HEIGHT, PAGE_WIDTH};

    /// A placed page as SVG, to look at a sheet without a PDF viewer.
    fn svg(ops: &[Op]) -> String {
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH}" height="{PAGE_HEIGHT}" style="background:white;font-family:'WenQuanYi Micro Hei',sans-serif">"#
        );
        for op in ops {
            out.push_str(&match op {
                Op::Text { x, y, size, text } => format!(
                    r#"<text x="{x}" y="{y}" font-size="{size}">{}</text>"#,
                    text.replace('&', "&amp;").replace('<', "&lt;")
                ),
                Op::Line { x1, y1, x2, y2, width } => format!(
                    r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="black" stroke-width="{width}"/>"#
                ),
                Op::Shade { x, y, w, h } => {
                    format!(r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#e4e4e4"/>"##)
                }
                Op::Dark { x, y, w, h } => {
                    format!(r#"<rect x="{x}" y="{y}" width="{w}" height="{h}"/>"#)
                }
            });
        }
        out.push_str("</svg>");
        out
    }

    /// `FUSHI_LOOK=dir cargo test --lib sheets::stages -- --ignored` writes the sheets of
    /// the test championships as SVG into dir.
    #[test]
    #[ignore]
    fn write_the_sheets_as_svg_to_look_at() {
        let dir = std::env::var("FUSHI_LOOK").expect("FUSHI_LOOK names a folder");
        for name in ["byes-knockout-16", "swiss-knockout-8", "groups-knockout-4"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/stages")
                .join(name);
            let files = crate::archive::ArchiveFiles::read(&path).unwrap();
            let event = crate::archive::parse(&files).unwrap().event;
            let report = crate::rules::Report::compute(&event);
            let c = Championship::compute(&event, &report).unwrap();
            let t = Tr::en();
            let pages = [
                (
                    "bracket",
                    bracket_page(&bracket_sheet(&event, &c, &t).unwrap()),
                ),
                ("tie", tie_page(&tie_sheets(&event, &c, &t)[1])),
                ("ranking", ranking_page(&ranking_sheet(&event, &c, &t))),
            ];
            for (what, page) in pages {
                let placed = layout(&page);
                assert_eq!(placed.len(), 1, "{name} {what}");
                std::fs::write(format!("{dir}/{name}-{what}.svg"), svg(&placed[0])).unwrap();
            }
        }
    }

    /// A tie is labelled "QF3" where its round has several, and by its round's name for
    /// the final and the play-off for third (never "F1" or "3P2"), in every language; a
    /// heading does not name the round twice.
    #[test]
    fn the_final_and_the_play_off_are_called_by_their_names() {
        use crate::i18n::Lang;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/stages/swiss-knockout-8");
        let files = crate::archive::ArchiveFiles::read(&path).unwrap();
        let event = crate::archive::parse(&files).unwrap().event;
        let report = crate::rules::Report::compute(&event);
        let c = Championship::compute(&event, &report).unwrap();
        let b = c.bracket.as_ref().unwrap();
        let labels = |lang: Lang| -> Vec<(String, String)> {
            let t = Tr::new(lang);
            b.rounds
                .iter()
                .flat_map(|ko| ko.ties.iter().map(move |x| (ko, x)))
                .filter(|(ko, x)| ko.number != 1 || x.number == 3)
                .map(|(ko, x)| (tie_label(&t, b, ko.number, x), tie_heading(&t, b, ko, x)))
                .collect()
        };
        let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter()
                .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
                .collect()
        };
        assert_eq!(
            labels(Lang::EN),
            pairs(&[
                ("QF3", "Quarter-finals · QF3"),
                ("SF1", "Semi-finals · SF1"),
                ("SF2", "Semi-finals · SF2"),
                ("Final", "Final"),
                ("Play-off for third", "Play-off for third"),
            ])
        );
        assert_eq!(
            labels(Lang::ZH_HANS),
            pairs(&[
                ("1/4 决赛第 3 场", "1/4 决赛第 3 场"),
                ("半决赛第 1 场", "半决赛第 1 场"),
                ("半决赛第 2 场", "半决赛第 2 场"),
                ("决赛", "决赛"),
                ("三四名决赛", "三四名决赛"),
            ])
        );
        assert_eq!(
            labels(Lang::ZH_HANT),
            pairs(&[
                ("八強賽第 3 場", "八強賽第 3 場"),
                ("準決賽第 1 場", "準決賽第 1 場"),
                ("準決賽第 2 場", "準決賽第 2 場"),
                ("決賽", "決賽"),
                ("三四名決賽", "三四名決賽"),
            ])
        );
    }
}
