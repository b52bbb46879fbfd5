//! The whole field on a board (docs/rules.md §11), public side: a board's traveller
//! (`/t/{slug}/rounds/{n}/boards/{b}`) and the Butler ranking of pairs (`/t/{slug}/butler`,
//! `butler.csv`). The director sees every traveller whole at `/d/{slug}/rounds/{n}/boards/{b}`.
//!
//! The public pages are built from the public snapshot, which holds the results of
//! released boards only (docs/rules.md §5): a board shows on its traveller, in the Butler
//! ranking and in `butler.csv` once every room of its round has played it.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::view::matches::{self, BoardLine};
use super::view::sign_class;
use crate::figures::{signed, typographic_minus};
use crate::rules::field::{Fraction, OddKind, Traveller, butler, odd_results};
use crate::rules::{Event, Report, RoundProgress, Scorer, TeamNo};
use crate::web::i18n::Tr;
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, PageSnapshot, TourHead, path_number, render};
use crate::web::sheets::{pdf, pdf_response};
use crate::web::{AppError, AppState};

/// An exact figure with two decimals and a typographic minus.
fn decimals(x: Fraction) -> String {
    typographic_minus(x.two_decimals())
}

fn team_name(event: &Event, number: TeamNo) -> String {
    event
        .team(number)
        .map_or_else(|| number.to_string(), |t| t.name.clone())
}

/// Who sat for `team` in one room: "Alice Chen & Ben Wu", or empty.
fn seated(event: &Event, round: i32, table: i32, room: crate::rules::Room, team: TeamNo) -> String {
    event
        .lineup(round, table, room, team)
        .map(|l| l.players.join(" & "))
        .unwrap_or_default()
}

/// One room's line of a traveller.
pub(crate) struct TravellerLine {
    pub table: i32,
    /// The room, and its name in the reader's language.
    pub(crate) which_room: crate::rules::Room,
    pub room: String,
    pub declarers: TeamNo,
    pub(crate) declarers_name: String,
    pub defenders: TeamNo,
    pub(crate) defenders_name: String,
    /// Who sat for the declarers and the defenders ("Alice Chen & Ben Wu"), empty where
    /// the event has no line-up.
    pub(crate) declarers_seated: String,
    pub(crate) defenders_seated: String,
    pub p: String,
    pub result: String,
    pub ruled: bool,
    pub s: String,
    pub(crate) s_class: &'static str,
    pub swing: String,
    pub(crate) swing_class: &'static str,
    /// Far from the field (director's view only).
    pub odd: bool,
    /// Confirmed at the table, waiting for the director's approval (docs/rules.md §5).
    pub provisional: bool,
}

/// How many rooms scored one result.
pub(crate) struct FrequencyLine {
    pub s: String,
    pub result: String,
    pub count: usize,
}

/// A traveller as the page shows it.
pub(crate) struct TravellerView {
    pub round: i32,
    pub board: BoardLine,
    pub lines: Vec<TravellerLine>,
    /// Why the public sees no room yet: the board is not released (docs/rules.md §5).
    pub unreleased: Option<String>,
    /// Whether the round's results are provisional or final, once it has results.
    pub(crate) finality: Option<String>,
    pub datum: String,
    pub(crate) average_p: String,
    pub(crate) datum_rule: String,
    pub frequencies: Vec<FrequencyLine>,
    pub previous: Option<i32>,
    pub next: Option<i32>,
    /// The board's cards (docs/deals.md): in a public event, only once its results are
    /// released (`Release::redact` keeps no other deal).
    pub deal: Option<crate::sheets::hands::BoardRecord>,
}

impl TravellerView {
    /// Marks the rooms waiting for the director's approval and says whether the round's
    /// results are provisional or final, as play stands in `snap`.
    pub(crate) fn with_finality(mut self, snap: &Snapshot, t: &Tr) -> TravellerView {
        for line in &mut self.lines {
            line.provisional = snap
                .play
                .awaits_approval(self.round, line.table, line.which_room);
        }
        self.finality = crate::web::labels::finality_line(snap, self.round, None, t);
        self
    }

    /// Board `board` of round `round`, every room of `event` with a result; `None`
    /// when there is no such board.
    pub(crate) fn of(
        event: &Event,
        round: i32,
        board: i32,
        threshold: Option<i32>,
        t: &Tr,
    ) -> Option<TravellerView> {
        let r = event.rounds.iter().find(|r| r.number == round)?;
        let scorer = Scorer::new(&event.settings);
        let tr = Traveller::of(&scorer, r, board)?;
        let odd: Vec<(i32, Option<crate::rules::Room>)> = match threshold {
            Some(threshold) => odd_results(event, r, threshold)
                .into_iter()
                .filter(|o| o.board == board && matches!(o.kind, OddKind::FarFromField { .. }))
                .map(|o| (o.table, o.room))
                .collect(),
            None => Vec::new(),
        };
        let index = r.boards.iter().position(|b| b.number == board)?;
        let lines = tr
            .rows
            .iter()
            .map(|row| TravellerLine {
                table: row.table,
                which_room: row.room,
                room: t.t(matches::room_name(row.room)),
                declarers: row.declarers,
                declarers_name: team_name(event, row.declarers),
                defenders: row.defenders,
                defenders_name: team_name(event, row.defenders),
                declarers_seated: seated(event, round, row.table, row.room, row.declarers),
                defenders_seated: seated(event, round, row.table, row.room, row.defenders),
                p: row
                    .outcome
                    .defender_total
                    .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                result: matches::wording(t, &row.outcome),
                ruled: row.outcome.ruled,
                s: signed(row.score().into()),
                s_class: sign_class(row.score().into()),
                swing: row.swing.map_or_else(String::new, |s| signed(s.into())),
                swing_class: sign_class(row.swing.unwrap_or(0).into()),
                odd: odd.contains(&(row.table, Some(row.room))),
                provisional: false,
            })
            .collect();
        Some(TravellerView {
            round,
            board: BoardLine::of(&tr.board, t),
            lines,
            unreleased: None,
            finality: None,
            datum: tr.datum.map_or_else(|| "—".to_owned(), decimals),
            average_p: tr.average_p.map_or_else(|| "—".to_owned(), |p| p.short()),
            datum_rule: if tr.trimmed {
                t.t("field-datum-trimmed")
            } else {
                t.t("field-datum-plain")
            },
            frequencies: tr
                .frequencies
                .iter()
                .map(|f| FrequencyLine {
                    s: signed(f.score.into()),
                    result: matches::wording(t, &f.outcome),
                    count: f.count,
                })
                .collect(),
            previous: index
                .checked_sub(1)
                .and_then(|i| r.boards.get(i))
                .map(|b| b.number),
            next: r.boards.get(index + 1).map(|b| b.number),
            deal: event
                .deals
                .of(round, board)
                .map(|d| crate::sheets::hands::board_record(t, &r.boards[index], d)),
        })
    }
}

#[derive(Template)]
#[template(path = "public/traveller.html")]
pub(crate) struct TravellerPage {
    pub(crate) ctx: Ctx,
    pub tour: TourHead,
    pub section: &'static str,
    pub live: Option<u32>,
    /// Where the round's pages are: `/t/{slug}` or `/d/{slug}`.
    pub base: String,
    pub director: bool,
    pub view: TravellerView,
}

/// The round and board of a traveller's path.
fn path_numbers(round: &str, board: &str) -> Result<(i32, i32), AppError> {
    Ok((path_number(round)?, path_number(board)?))
}

/// The public traveller of a board.
pub(crate) fn traveller_page(
    ctx: &Ctx,
    snap: &Snapshot,
    round: i32,
    board: i32,
) -> Result<TravellerPage, AppError> {
    let (event, report) = (&snap.event, &snap.report);
    let view = public_traveller(ctx, snap, round, board).ok_or_else(AppError::not_found)?;
    Ok(TravellerPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        live: (report.round_progress(round) == RoundProgress::InProgress)
            .then_some(super::LIVE_SECONDS),
        base: format!("/t/{}", event.settings.slug),
        director: false,
        view,
    })
}

/// `GET /t/{slug}/rounds/{n}/boards/{b}`.
pub(crate) async fn traveller(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (round, board) = path_numbers(&path.1, &path.2)?;
    let page = traveller_page(&ctx, &snap, round, board)?;
    render(&ctx, &page)
}

/// `GET /d/{slug}/rounds/{n}/boards/{b}`: every room at once, results far from the field
/// marked.
pub(crate) async fn director_traveller(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round, board) = path.into_inner();
    let (round, board) = path_numbers(&round, &board)?;
    // A scorer sees every room but no card of an unreleased board (docs/rules.md §13).
    let snap = crate::web::page::load_for(&ctx, &state, &slug).await?;
    let event = &snap.event;
    let key = slug.clone();
    let threshold = crate::web::page::with_db(&state, move |conn| {
        Ok(crate::db::field::odd_threshold(conn, &key)?)
    })
    .await?;
    let view = TravellerView::of(event, round, board, Some(threshold), &ctx.t)
        .ok_or_else(AppError::not_found)?
        .with_finality(&snap, &ctx.t);
    let page = TravellerPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        live: None,
        base: format!("/d/{slug}"),
        director: true,
        view,
    };
    render(&ctx, &page)
}

/// One pair's line of the Butler ranking.
pub(crate) struct ButlerRow {
    pub rank: String,
    pub team: TeamNo,
    pub team_name: String,
    pub players: String,
    pub boards: u32,
    pub total: String,
    pub(crate) total_class: &'static str,
    pub(crate) per_board: String,
}

/// The Butler ranking over the rooms the public sees; `None` without line-ups.
pub(crate) fn butler_rows(event: &Event, t: &Tr) -> Option<Vec<ButlerRow>> {
    if event.lineups.is_empty() {
        return None;
    }
    let separator = t.t("field-players-separator");
    Some(
        butler(event)
            .into_iter()
            .map(|l| ButlerRow {
                rank: l.rank_label(),
                team: l.pair.team,
                team_name: team_name(event, l.pair.team),
                players: l.pair.players.join(&separator),
                boards: l.boards,
                total: decimals(l.total),
                total_class: sign_class(l.total.numerator().signum() as i64),
                per_board: decimals(l.per_board()),
            })
            .collect(),
    )
}

#[derive(Template)]
#[template(path = "public/butler.html")]
pub(crate) struct ButlerPage {
    pub(crate) ctx: Ctx,
    pub tour: TourHead,
    pub section: &'static str,
    pub live: Option<u32>,
    pub rows: Vec<ButlerRow>,
    pub provisional: bool,
}

/// The Butler page of an event with line-ups.
pub(crate) fn butler_page(
    ctx: &Ctx,
    event: &Event,
    report: &Report,
) -> Result<ButlerPage, AppError> {
    let rows = butler_rows(event, &ctx.t).ok_or_else(AppError::not_found)?;
    let provisional = event
        .rounds
        .iter()
        .any(|r| report.round_progress(r.number) == RoundProgress::InProgress);
    Ok(ButlerPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "standings",
        live: provisional.then_some(super::LIVE_SECONDS),
        rows,
        provisional,
    })
}

/// `GET /t/{slug}/butler`: only when the event records line-ups.
pub(crate) async fn butler_ranking(ctx: Ctx, snap: PageSnapshot) -> Result<HttpResponse, AppError> {
    let page = butler_page(&ctx, &snap.event, &snap.report)?;
    render(&ctx, &page)
}

#[derive(Template)]
#[template(path = "public/travellers.html")]
pub(crate) struct TravellersPage {
    pub(crate) ctx: Ctx,
    pub tour: TourHead,
    pub section: &'static str,
    pub live: Option<u32>,
    pub base: String,
    pub round: i32,
    pub views: Vec<TravellerView>,
}

/// A board's traveller as the public sees it: the public snapshot holds released boards
/// only (docs/rules.md §5), so every room of a released board shows, and a board not yet
/// released says so.
fn public_traveller(ctx: &Ctx, snap: &Snapshot, round: i32, board: i32) -> Option<TravellerView> {
    let mut view =
        TravellerView::of(&snap.event, round, board, None, &ctx.t)?.with_finality(snap, &ctx.t);
    if !snap.release.board(round, board) {
        view.unreleased = Some(ctx.t.t("field-not-released"));
    }
    Some(view)
}

/// Every traveller of round `round`, one per printed page, as the public sees them.
pub(crate) fn travellers_page(
    ctx: &Ctx,
    snap: &Snapshot,
    round: i32,
) -> Result<TravellersPage, AppError> {
    let event = &snap.event;
    let r = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .ok_or_else(AppError::not_found)?;
    Ok(TravellersPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        live: None,
        base: format!("/t/{}", event.settings.slug),
        round,
        views: r
            .boards
            .iter()
            .filter_map(|b| public_traveller(ctx, snap, round, b.number))
            .collect(),
    })
}

/// `GET /t/{slug}/rounds/{n}/travellers`: every board of the round, for printing.
pub(crate) async fn travellers(
    ctx: Ctx,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let round = path_number(&path.1)?;
    let page = travellers_page(&ctx, &snap, round)?;
    render(&ctx, &page)
}

/// A team on a printed traveller, with who sat for it when known: "2 Red Tractors (Alice
/// Chen & Ben Wu)".
fn with_pair(team: String, pair: &str) -> String {
    if pair.is_empty() {
        team
    } else {
        format!("{team} ({pair})")
    }
}

/// One traveller as a printed page of the sheets' PDF.
fn traveller_sheet(view: &TravellerView, tour: &str, t: &Tr) -> crate::sheets::pdf::SheetPage {
    use crate::sheets::pdf::{Block, SheetPage};
    let mut blocks = vec![
        Block::Title(format!(
            "{} · {}",
            t.a("field-traveller-of", "board", view.board.number),
            t.a("pub-round-n", "n", view.round)
        )),
        Block::Text(tour.to_owned()),
        Block::Pairs(vec![
            (t.t("pub-col-dealer"), view.board.dealer.clone()),
            (t.t("pub-col-level"), view.board.level.to_owned()),
            (t.t("pub-col-trump"), view.board.trump.clone()),
        ]),
        Block::Gap(0.3),
    ];
    for note in [&view.unreleased, &view.finality].into_iter().flatten() {
        blocks.push(Block::Text(note.clone()));
    }
    blocks.push(Block::Grid(traveller_grid(view, t)));
    blocks.push(Block::Pairs(vec![
        (t.t("field-datum"), view.datum.clone()),
        (t.t("field-average-p"), view.average_p.clone()),
    ]));
    blocks.push(Block::Text(view.datum_rule.clone()));
    if let Some(b) = &view.deal {
        blocks.push(Block::Gap(0.3));
        blocks.push(Block::Compass(Box::new(crate::sheets::pdf::Compass {
            title: t.t("deals-traveller-title"),
            facts: Vec::new(),
            hands: b.hands.clone().map(|h| (h.label, h.lines)),
            bottom: (b.bottom.label.clone(), b.bottom.lines.clone()),
        })));
    }
    if !view.frequencies.is_empty() {
        blocks.push(Block::Gap(0.3));
        blocks.push(Block::Grid(frequency_grid(view, t)));
    }
    SheetPage {
        blocks,
        font_size: 11.0,
        one_page: true,
    }
}

/// A column of a printed traveller's grid, titled in the reader's language.
fn sheet_col(
    t: &Tr,
    key: &str,
    width: f32,
    align: crate::sheets::pdf::Align,
) -> crate::sheets::pdf::Col {
    crate::sheets::pdf::Col {
        title: t.t(key),
        width,
        align,
    }
}

/// The printed traveller's rooms, one row each: the table, the room, the declarers and
/// the defenders with who sat for them, the points, the result (marked while
/// provisional), the score and the swing.
fn traveller_grid(view: &TravellerView, t: &Tr) -> crate::sheets::pdf::Grid {
    use crate::sheets::pdf::{Align, Grid};
    Grid {
        groups: Vec::new(),
        columns: vec![
            sheet_col(t, "pub-col-table", 0.8, Align::Center),
            sheet_col(t, "field-col-room", 1.4, Align::Left),
            sheet_col(t, "field-col-declarers", 2.6, Align::Left),
            sheet_col(t, "field-col-defenders", 2.6, Align::Left),
            sheet_col(t, "pub-col-p", 0.8, Align::Right),
            sheet_col(t, "pub-col-result", 3.0, Align::Left),
            sheet_col(t, "field-col-s", 1.0, Align::Right),
            sheet_col(t, "field-col-swing", 1.2, Align::Right),
        ],
        rows: view
            .lines
            .iter()
            .map(|l| {
                vec![
                    l.table.to_string(),
                    l.room.clone(),
                    with_pair(
                        format!("{} {}", l.declarers, l.declarers_name),
                        &l.declarers_seated,
                    ),
                    with_pair(
                        format!("{} {}", l.defenders, l.defenders_name),
                        &l.defenders_seated,
                    ),
                    l.p.clone(),
                    if l.provisional {
                        format!("{} ({})", l.result, t.t("pub-provisional-mark"))
                    } else {
                        l.result.clone()
                    },
                    l.s.clone(),
                    l.swing.clone(),
                ]
            })
            .collect(),
        row_height: 1.6,
        total_rows: 0,
    }
}

/// The printed traveller's frequencies: each score, its result, and in how many rooms.
fn frequency_grid(view: &TravellerView, t: &Tr) -> crate::sheets::pdf::Grid {
    use crate::sheets::pdf::{Align, Grid};
    Grid {
        groups: Vec::new(),
        columns: vec![
            sheet_col(t, "field-col-s", 1.0, Align::Right),
            sheet_col(t, "pub-col-result", 3.0, Align::Left),
            sheet_col(t, "field-col-rooms", 1.0, Align::Right),
        ],
        rows: view
            .frequencies
            .iter()
            .map(|f| vec![f.s.clone(), f.result.clone(), f.count.to_string()])
            .collect(),
        row_height: 1.5,
        total_rows: 0,
    }
}

/// `GET /t/{slug}/rounds/{n}/travellers.pdf`: every traveller of the round as the public
/// sees them, one board per page.
pub(crate) async fn travellers_pdf(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let round = path_number(&path.1)?;
    let page = travellers_page(&ctx, &snap, round)?;
    let t = ctx.t;
    let sheets: Vec<crate::sheets::pdf::SheetPage> = page
        .views
        .iter()
        .map(|v| traveller_sheet(v, &page.tour.name, &t))
        .collect();
    let title = format!(
        "{} · {}",
        page.tour.name,
        t.a("field-travellers-of", "round", round)
    );
    let language = ctx.lang.html_lang();
    let bytes = pdf(&state, move || {
        crate::sheets::pdf::render(&sheets, &title, language)
    })
    .await?;
    let name = format!("{}-round-{round}-travellers.pdf", snap.event.settings.slug);
    Ok(pdf_response(bytes, &name))
}
