//! The public pages of a championship (docs/rules.md §12), from the public snapshot (only
//! released results): `/t/{slug}/stages` each league stage's standings (groups side by
//! side), `/t/{slug}/bracket` the bracket drawn on the server as SVG with its figures in a
//! table beneath, `/t/{slug}/bracket/{round}/{table}` one tie (knockout round, tie number = its table) (segments, carry-over, running
//! total) and `/t/{slug}/ranking` the final ranking. A tournament without stages has none
//! of them (404).

use crate::figures::typographic_minus;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{Ctx, PageSnapshot, TourHead, render};
use super::view::standings::{StandingRow, rows_of};
use super::{AppError, AppState};
use crate::i18n::Tr;
use crate::rules::Event;
use crate::rules::bracket::{Bracket, Championship, Slot, Tie, TieStatus};
use crate::rules::stages::group_label;
use crate::sheets::stages::{self as sheets, round_name, tie_label};
use crate::web::labels::progress_text;

pub(super) fn pages(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}/stages", web::get().to(stages))
        .route("/t/{slug}/bracket", web::get().to(bracket))
        .route("/t/{slug}/bracket.pdf", web::get().to(bracket_pdf))
        .route(
            "/t/{slug}/bracket/sheets.pdf",
            web::get().to(tie_sheets_pdf),
        )
        .route("/t/{slug}/bracket/{round}/{table}", web::get().to(tie))
        .route(
            "/t/{slug}/bracket/{round}/{table}/sheet.pdf",
            web::get().to(tie_sheet_pdf),
        )
        .route("/t/{slug}/ranking", web::get().to(ranking))
        .route("/t/{slug}/ranking.pdf", web::get().to(ranking_pdf));
}

/// The championship of the page's snapshot (computed once per revision); 404 without
/// stages.
fn championship(snap: &PageSnapshot) -> Result<&Championship, AppError> {
    snap.championship().ok_or_else(AppError::not_found)
}

/// One block of standings: a stage's, or a group's.
struct Block {
    title: String,
    rows: Vec<StandingRow>,
}

struct StageView {
    name: String,
    rounds: String,
    note: String,
    blocks: Vec<Block>,
}

#[derive(Template)]
#[template(path = "public/stages.html")]
struct StagesPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    progress: String,
    stages: Vec<StageView>,
    has_bracket: bool,
}

/// What a stage's standings count: "rounds 1–3", or "round 3" for a stage of one round.
fn counts_note(t: &Tr, first: i32, last: i32) -> String {
    if first == last {
        t.a("stage-pub-counts-one", "round", first)
    } else {
        t.a("stage-pub-counts", "rounds", format!("{first}–{last}"))
    }
}

async fn stages(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snap)?;
    let event = &snap.event;
    let t = &ctx.t;
    let list = &event.settings.stages;
    let views = c
        .tables
        .tables
        .iter()
        .map(|table| {
            let stage = &list[table.stage];
            StageView {
                name: stage.name.clone(),
                rounds: format!("{}–{}", stage.first_round, stage.last_round),
                note: counts_note(t, stage.first_round, stage.last_round),
                blocks: table
                    .blocks
                    .iter()
                    .map(|b| Block {
                        title: b
                            .group
                            .map(|g| t.a("stage-pub-group", "group", group_label(g)))
                            .unwrap_or_default(),
                        rows: rows_of(event, &b.standings),
                    })
                    .collect(),
            }
        })
        .collect();
    let page = StagesPage {
        tour: TourHead::of(event),
        section: "stages",
        live: None,
        progress: progress_text(t, event).unwrap_or_default(),
        stages: views,
        has_bracket: c.bracket.is_some(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// A tie as the bracket table shows it.
struct TieRow {
    round: String,
    label: String,
    link: String,
    home: String,
    away: String,
    carry_over: String,
    home_total: String,
    away_total: String,
    segments: String,
    status: String,
    winner: String,
}

#[derive(Template)]
#[template(path = "public/bracket.html")]
struct BracketPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    progress: String,
    svg: String,
    ties: Vec<TieRow>,
    /// The director's exchanges the bracket shows, each after its round's name.
    exchanges: Vec<String>,
}

/// The director's exchanges applied to `b` as it stands (an exchange waits until its
/// round's sides are known), in words after the round's name.
fn exchanges_shown(t: &Tr, b: &Bracket) -> Vec<String> {
    let applied = |i: usize| {
        b.rounds
            .iter()
            .flat_map(|ko| &ko.ties)
            .any(|x| x.exchanges.contains(&i))
    };
    b.exchanges
        .iter()
        .enumerate()
        .filter(|&(i, _)| applied(i))
        .filter_map(|(_, x)| {
            let ko = b.rounds.get((x.ko_round as usize).checked_sub(1)?)?;
            let text = sheets::exchange_text(t, x);
            Some(format!("{}: {text}", round_name(t, ko.name())))
        })
        .collect()
}

use crate::sheets::stages::side_text as side;

/// At most `n` characters, `…` when cut.
fn clipped(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_owned()
    } else {
        let mut s: String = text.chars().take(n - 1).collect();
        s.push('…');
        s
    }
}

/// The bracket drawn as SVG (templates/public/bracket.svg): a column per knockout round,
/// each tie a box with both sides and their totals, lines to the tie its winner goes on
/// to. Its figures are also in the table beneath; the drawing is a group with a title and
/// a description whose links (one per tie, named by the tie and its sides) assistive
/// technology reaches like any other.
#[derive(Template)]
#[template(path = "public/bracket.svg")]
struct BracketSvg {
    title: String,
    description: String,
    width: i32,
    height: i32,
    box_w: i32,
    box_h: i32,
    columns: Vec<Column>,
}

/// A knockout round's column: its name above its ties.
struct Column {
    x: i32,
    name: String,
    ties: Vec<TieBox>,
}

/// A tie's box, linked to its page.
struct TieBox {
    link: String,
    /// The link's name: "QF1: 队1 – 队8".
    name: String,
    x: i32,
    top: i32,
    class: &'static str,
    sides: Vec<SideLine>,
    label: String,
    label_y: i32,
    /// The line to the tie its winner goes on to.
    line: Option<Connector>,
}

/// A side in a tie's box: its name (cut to fit) and, once known, its total.
struct SideLine {
    x: i32,
    y: i32,
    class: &'static str,
    text: String,
    figure: String,
    figure_x: i32,
}

/// A line from a tie's box across, down or up, and across to the next round's tie.
struct Connector {
    from_x: i32,
    from_y: i32,
    mid_x: i32,
    to_y: i32,
    to_x: i32,
}

const TIE_W: i32 = 190;
const TIE_GAP: i32 = 36;
const TIE_BOX: i32 = 44;
const TIE_ROW: i32 = 56;

fn draw(event: &Event, b: &Bracket, t: &crate::web::i18n::Tr) -> String {
    let first = b.rounds.first().map_or(1, |r| r.ties.len()) as i32;
    let height = (first * TIE_ROW).max(TIE_ROW * 2) + 40;
    let columns: Vec<Column> = b
        .rounds
        .iter()
        .enumerate()
        .map(|(j, ko)| {
            let x = 5 + j as i32 * (TIE_W + TIE_GAP);
            let regular = ko.ties.iter().filter(|x| !x.play_off).count();
            let last = j + 1 == b.rounds.len();
            Column {
                x,
                name: round_name(t, ko.name()),
                ties: (ko.ties.iter().enumerate())
                    .map(|(i, tie)| {
                        let drawn = sheets::bracket_box(event, b, ko, tie, t);
                        let place = Place {
                            height,
                            x,
                            i,
                            regular,
                            last,
                        };
                        tie_box(&event.settings.slug, ko.number, tie, drawn, &place)
                    })
                    .collect(),
            }
        })
        .collect();
    // The drawing is as tall as what it draws: the play-off's box goes under the final's,
    // below the span the first round's ties are spread over.
    let lowest = columns
        .iter()
        .flat_map(|c: &Column| c.ties.iter())
        .map(|b| b.top + TIE_BOX)
        .max()
        .unwrap_or(0);
    let view = BracketSvg {
        title: t.t("stage-bracket"),
        description: t.t("stage-bracket-desc"),
        width: b.rounds.len() as i32 * (TIE_W + TIE_GAP) + 10,
        height: height.max(lowest + 12),
        box_w: TIE_W,
        box_h: TIE_BOX,
        columns,
    };
    view.render().unwrap_or_default()
}

/// Where a tie's box goes: the drawing's height, its column's left edge, its place among
/// the round's `regular` ties (a play-off goes under them), and whether the round is the
/// last.
struct Place {
    height: i32,
    x: i32,
    i: usize,
    regular: usize,
    last: bool,
}

impl Place {
    /// The middle of the `i`th of `count` boxes spread down the drawing.
    fn centre(&self, i: usize, count: usize) -> i32 {
        let slot = (self.height - 40) as f64 / count.max(1) as f64;
        30 + (slot * (i as f64 + 0.5)) as i32
    }
}

fn tie_box(
    slug: &str,
    ko: u32,
    tie: &Tie,
    drawn: crate::sheets::pdf::BracketBox,
    at: &Place,
) -> TieBox {
    let y = if tie.play_off {
        at.centre(0, 1) + TIE_BOX + 30
    } else {
        at.centre(at.i, at.regular)
    };
    let top = y - TIE_BOX / 2;
    let x = at.x;
    // The PDF's box, with the page's minus sign (the table beneath prints "−1.50").
    let drawn_sides: Vec<(String, String)> = (drawn.sides.iter())
        .map(|(side, figure)| (side.clone(), typographic_minus(figure.clone())))
        .collect();
    let sides = (drawn_sides.iter().enumerate())
        .map(|(k, (side, figure))| SideLine {
            x: x + 6,
            y: top + 17 + k as i32 * 20,
            class: if drawn.won == Some(k) {
                "side side-won"
            } else {
                "side"
            },
            text: clipped(side, 20),
            figure: figure.clone(),
            figure_x: x + TIE_W - 6,
        })
        .collect();
    let name = format!(
        "{}: {}",
        drawn.label,
        drawn_sides
            .iter()
            .map(|(side, figure)| if figure.is_empty() {
                side.clone()
            } else {
                format!("{side} {figure}")
            })
            .collect::<Vec<_>>()
            .join(" – ")
    );
    TieBox {
        name,
        // Not `{slug}` inline: the release crawl reads a literal that starts `/t/{slug}` as a
        // route to visit.
        link: format!("/t/{}/bracket/{}/{}", slug, ko, tie.number),
        x,
        top,
        class: match tie.status {
            TieStatus::Complete => "tie tie-complete",
            TieStatus::InProgress => "tie tie-live",
            TieStatus::NotStarted => "tie",
        },
        sides,
        label: drawn.label,
        label_y: top - 3,
        line: (!tie.play_off && !at.last).then(|| Connector {
            from_x: x + TIE_W,
            from_y: y,
            mid_x: x + TIE_W + TIE_GAP / 2,
            to_y: at.centre(at.i / 2, at.regular.div_ceil(2)),
            to_x: x + TIE_W + TIE_GAP,
        }),
    }
}

async fn bracket(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snap)?;
    let b = c.bracket.as_ref().ok_or_else(AppError::not_found)?;
    let event = &snap.event;
    let t = &ctx.t;
    let mut ties = Vec::new();
    for ko in &b.rounds {
        for x in ko.ties.iter().filter(|x| x.listed()) {
            let mut figures = sheets::tie_figures(t, x);
            for figure in [
                &mut figures.carry_over,
                &mut figures.home_total,
                &mut figures.away_total,
            ] {
                *figure = typographic_minus(std::mem::take(figure));
            }
            let label = tie_label(t, b, ko.number, x);
            ties.push(TieRow {
                round: sheets::round_beside_label(t, ko, x, &label).unwrap_or_default(),
                label,
                link: format!(
                    "/t/{}/bracket/{}/{}",
                    event.settings.slug, ko.number, x.number
                ),
                home: side(event, x.home, t),
                away: side(event, x.away, t),
                carry_over: figures.carry_over,
                home_total: figures.home_total,
                away_total: figures.away_total,
                segments: figures.segments,
                status: figures.status,
                winner: x
                    .winner()
                    .team()
                    .map(|w| side(event, Slot::Team(w), t))
                    .unwrap_or_default(),
            });
        }
    }
    let page = BracketPage {
        tour: TourHead::of(event),
        section: "bracket",
        progress: progress_text(t, event).unwrap_or_default(),
        live: super::live(
            b.rounds
                .iter()
                .flat_map(|ko| &ko.ties)
                .any(|x| x.status == TieStatus::InProgress),
        ),
        svg: draw(event, b, t),
        ties,
        exchanges: exchanges_shown(t, b),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// One segment of a tie with the running total after it.
struct SegmentRow {
    round: i32,
    link: String,
    levels: String,
    points: String,
    running: String,
    status: String,
}

#[derive(Template)]
#[template(path = "public/tie.html")]
struct TiePage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    title: String,
    home: String,
    away: String,
    carry_over: String,
    segments: Vec<SegmentRow>,
    total: String,
    points: String,
    status: String,
    winner: String,
    /// The tie's sheet to print.
    sheet_pdf: String,
    /// The director's exchanges that moved a team into or out of the tie.
    exchanges: Vec<String>,
}

/// A tie's segments as rows of its page: each segment's levels and points for the home
/// side, the running total from the carry-over, a link to its match and where it stands.
fn segment_rows(event: &Event, x: &Tie, t: &Tr) -> Vec<SegmentRow> {
    let mut running = x.carry_over;
    x.segments
        .iter()
        .map(|s| {
            if let Some(m) = s.home_levels {
                running = running + crate::rules::stages::Exact::from_whole(m);
            }
            SegmentRow {
                round: s.round,
                link: s
                    .table
                    .map(|table| {
                        format!(
                            "/t/{}/rounds/{}/tables/{table}",
                            event.settings.slug, s.round
                        )
                    })
                    .unwrap_or_default(),
                levels: s
                    .home_levels
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "–".into()),
                points: s
                    .home_points
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "–".into()),
                running: if s.home_levels.is_some() {
                    typographic_minus(running.two_decimals())
                } else {
                    String::new()
                },
                status: sheets::segment_status_text(t, s.progress),
            }
        })
        .collect()
}

async fn tie(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (_, ko, number) = path.into_inner();
    let c = championship(&snap)?;
    let b = c.bracket.as_ref().ok_or_else(AppError::not_found)?;
    let event = &snap.event;
    let t = &ctx.t;
    let round = b
        .rounds
        .get(
            (ko as usize)
                .checked_sub(1)
                .ok_or_else(AppError::not_found)?,
        )
        .ok_or_else(AppError::not_found)?;
    let x = round
        .ties
        .iter()
        .find(|x| x.number == number && x.listed())
        .ok_or_else(AppError::not_found)?;
    let segments = segment_rows(event, x, t);
    let total = x.home_total();
    let page = TiePage {
        tour: TourHead::of(event),
        section: "bracket",
        live: super::live(x.status == TieStatus::InProgress),
        title: sheets::tie_heading(t, b, round, x),
        home: side(event, x.home, t),
        away: side(event, x.away, t),
        carry_over: typographic_minus(x.carry_over.two_decimals()),
        segments,
        // A tie not begun has no total yet: "–", not "0.00 : 0.00".
        total: if x.status == TieStatus::NotStarted {
            "–".to_owned()
        } else {
            format!(
                "{} : {}",
                typographic_minus(total.two_decimals()),
                typographic_minus(total.negate().two_decimals())
            )
        },
        points: x.home_points().to_string(),
        status: sheets::status_text(t, x.status),
        winner: x
            .winner()
            .team()
            .map(|w| side(event, Slot::Team(w), t))
            .unwrap_or_default(),
        sheet_pdf: format!("/t/{}/bracket/{ko}/{number}/sheet.pdf", event.settings.slug),
        exchanges: x
            .exchanges
            .iter()
            .map(|&i| sheets::exchange_text(t, &b.exchanges[i]))
            .collect(),
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

struct RankingRow {
    place: String,
    team: String,
    link: String,
    stage: String,
    reached: String,
}

#[derive(Template)]
#[template(path = "public/ranking.html")]
struct RankingPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    rows: Vec<RankingRow>,
}

async fn ranking(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let c = championship(&snap)?;
    let event = &snap.event;
    let t = &ctx.t;
    let rows = c
        .ranking
        .iter()
        .map(|l| RankingRow {
            place: l.place_label(),
            team: event
                .team(l.team)
                .map(|x| x.name.clone())
                .unwrap_or_default(),
            link: format!("/t/{}/teams/{}", event.settings.slug, l.team),
            stage: event.settings.stages[l.stage].name.clone(),
            reached: l.reached.map(|r| round_name(t, r)).unwrap_or_default(),
        })
        .collect();
    let page = RankingPage {
        tour: TourHead::of(event),
        section: "ranking",
        live: None,
        rows,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// A print of the championship: drawn on the blocking pool when a PDF turn is free, kept
/// with the snapshot's pages like every public file, named `{slug}-{name}.pdf`.
async fn print<F>(
    ctx: &Ctx,
    state: &AppState,
    snap: &PageSnapshot,
    name: &str,
    draw: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&crate::i18n::Tr) -> Result<Vec<u8>, crate::sheets::pdf::PdfError> + Send + 'static,
{
    let words = ctx.t;
    let bytes = crate::web::sheets::pdf(state, move || draw(&words)).await?;
    Ok(crate::web::sheets::pdf_response(
        bytes,
        &format!("{}-{name}.pdf", snap.event.settings.slug),
    ))
}

/// `GET /t/{slug}/bracket.pdf`: the bracket on one A4 page.
async fn bracket_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
) -> Result<HttpResponse, AppError> {
    let sheet = sheets::bracket_sheet(&snap.event, championship(&snap)?, &ctx.t)
        .ok_or_else(AppError::not_found)?;
    print(&ctx, &state, &snap, "bracket", move |t| {
        sheets::bracket_pdf(&sheet, t)
    })
    .await
}

/// `GET /t/{slug}/bracket/sheets.pdf`: every tie's sheet, a page each.
async fn tie_sheets_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
) -> Result<HttpResponse, AppError> {
    let list = sheets::tie_sheets(&snap.event, championship(&snap)?, &ctx.t);
    if list.is_empty() {
        return Err(AppError::not_found());
    }
    print(&ctx, &state, &snap, "ties", move |t| {
        sheets::ties_pdf(&list, t)
    })
    .await
}

/// `GET /t/{slug}/bracket/{round}/{table}/sheet.pdf`: one tie's sheet.
async fn tie_sheet_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (_, ko, number) = path.into_inner();
    let sheet = sheets::tie_sheet(&snap.event, championship(&snap)?, ko, number, &ctx.t)
        .ok_or_else(AppError::not_found)?;
    print(
        &ctx,
        &state,
        &snap,
        &format!("tie-{ko}-{number}"),
        move |t| sheets::ties_pdf(&[sheet], t),
    )
    .await
}

/// `GET /t/{slug}/ranking.pdf`: the final ranking for the wall.
async fn ranking_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
) -> Result<HttpResponse, AppError> {
    let sheet = sheets::ranking_sheet(&snap.event, championship(&snap)?, &ctx.t);
    print(&ctx, &state, &snap, "ranking", move |t| {
        sheets::ranking_pdf(&sheet, t)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_of_one_round_says_round_not_rounds_n_to_n() {
        let en = Tr::en();
        assert_eq!(
            counts_note(&en, 1, 3),
            "These standings count rounds 1–3 only."
        );
        assert_eq!(
            counts_note(&en, 3, 3),
            "These standings count round 3 only."
        );
        let zh = Tr::new(crate::i18n::Lang::ZH_HANS);
        assert_eq!(counts_note(&zh, 3, 3), "此积分表仅计第 3 轮。");
    }
}
