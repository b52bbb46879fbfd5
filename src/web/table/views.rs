//! The room page at the table: each board's conditions, the fields as typed or saved with
//! their errors, and the computed figures once saved.

use std::collections::HashMap;

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use super::forms::{combo_value, typed_row};
use super::{AtTable, room_now, seats};
use crate::db::table::{self as tables, Closed, EntryState, Pending, Side};
use crate::figures::signed;
use crate::input::sheet::{self, SheetError, SheetRow};
use crate::rules::room_state::offer;
use crate::rules::{Decks, Lineup, Pair, Room, Scorer, TeamNo};
use crate::web::clock_view::{ClockView, hall_parts};
use crate::web::labels::{
    Choice, choices, combo_label, seat_label, sheet_error_text, team_label, trump_label,
};
use crate::web::page::{Ctx, render_status};
use crate::web::{AppError, AppState};

/// One board at the table.
#[derive(Debug)]
struct BoardView {
    number: i32,
    dealer: String,
    level: &'static str,
    trump: String,
    /// "North-South (3 Name)".
    declarers: String,
    trick_points: String,
    bottom_points: String,
    last_trick: String,
    combos: Vec<Choice>,
    declarer_penalty: String,
    defender_penalty: String,
    /// (field, message)
    errors: Vec<(&'static str, String)>,
    computed: Option<Computed>,
    /// The figures of what was typed when a save was refused for something else (a seat,
    /// a code): the board keeps its P, result and s.
    typed: Option<Computed>,
    flagged: bool,
}

impl BoardView {
    fn error(&self, field: &str) -> Option<&String> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m)
    }
}

#[derive(Debug)]
struct Computed {
    p: String,
    result: String,
    s: String,
}

/// One pair a team may sit with: a tap on it says who sits.
#[derive(Debug)]
struct SeatChoice {
    value: String,
    label: String,
    selected: bool,
}

/// Who sits for one side: the team and its pairs, the chosen one checked.
#[derive(Debug)]
struct SeatView {
    side: &'static str,
    legend: String,
    choices: Vec<SeatChoice>,
    /// The pair chosen already ("Alice Chen & Ben Wu"): the question shows it folded.
    chosen: String,
    /// Why the side's pair was refused, shown beside its choices.
    problem: Option<String>,
}

/// What the page says back after a refused request, each message where it belongs: at the
/// top, beside the code field of the form that was sent, or beside a side's line-up.
#[derive(Debug, Default)]
pub(super) struct Said {
    pub top: Option<String>,
    /// (the form: `enter`, `open` or `confirm`; the message)
    pub code: Option<(&'static str, String)>,
    /// (the side's code, `ns` or `ew`; the message)
    pub seats: Vec<(&'static str, String)>,
}

impl Said {
    pub(super) fn top(message: String) -> Said {
        Said {
            top: Some(message),
            ..Said::default()
        }
    }

    /// Each message where the page shows it: a code's beside the code field of its form
    /// when that form is `shown`, else at the top.
    fn place(self, shown: impl Fn(&str) -> bool) -> Placed {
        let Said {
            mut top,
            code,
            seats,
        } = self;
        let (mut code_form, mut code_error) = ("", None);
        if let Some((form, message)) = code {
            if shown(form) {
                (code_form, code_error) = (form, Some(message));
            } else {
                top = Some(message);
            }
        }
        Placed {
            top,
            code_form,
            code_error,
            seats,
        }
    }
}

/// [`Said`] placed on the page drawn.
struct Placed {
    top: Option<String>,
    code_form: &'static str,
    code_error: Option<String>,
    seats: Vec<(&'static str, String)>,
}

impl Placed {
    /// 422 when the page shows a refusal (a board's figures, a code, a seat, a word at
    /// the top), else 200.
    fn status(&self, errors: &[(i32, SheetError)]) -> StatusCode {
        let refused = !errors.is_empty()
            || self.top.is_some()
            || self.code_error.is_some()
            || !self.seats.is_empty();
        if refused {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        }
    }
}

/// The teams sitting North-South and East-West in the room, as labelled.
fn side_teams(at: &AtTable) -> (String, String) {
    let (sheet, m) = (&at.sheet, at.game());
    let home = team_label(sheet, m.home);
    let away = m.away.map(|a| team_label(sheet, a)).unwrap_or_default();
    match at.room.room {
        Room::Open => (home, away),
        Room::Closed => (away, home),
    }
}

/// "Table 3, open room".
fn room_title(ctx: &Ctx, table: i32, room: Room) -> String {
    ctx.t.args(
        "table-title",
        &[
            ("table", table.into()),
            (
                "room",
                ctx.t.t(&format!("entry-room-{}", room.code())).into(),
            ),
        ],
    )
}

#[derive(Template)]
#[template(path = "table/room.html")]
struct RoomPage {
    ctx: Ctx,
    tour_name: String,
    title: String,
    not_saved: String,
    token: String,
    round: i32,
    ns: String,
    ew: String,
    ns_members: String,
    ew_members: String,
    /// Who sits for each side, asked before the first board.
    seats: Vec<SeatView>,
    /// The largest trick points and bottom points a board can have: the page moves on to
    /// the next field once no further digit can be typed.
    max_trick_points: i32,
    max_bottom_points: i32,
    state: &'static str,
    state_label: String,
    note: String,
    /// Why the room takes no entries now.
    closed: Option<String>,
    boards: Vec<BoardView>,
    entered_by: String,
    /// The entry form shows (a room not entered yet, or a device bound to its entry).
    can_enter: bool,
    /// The entry form asks for the team code (the device is not bound to the entry).
    needs_code: bool,
    /// The room has an entry this device may not see: it may give its team's code to.
    can_open: bool,
    can_confirm: bool,
    /// The confirmation asks for the opponents' code (on the phone that entered).
    confirm_needs_code: bool,
    code_digits: usize,
    submission: String,
    /// The room's own link: a form posted through a session link names it.
    link_id: i32,
    /// Shown through the table's link for the whole session.
    session: bool,
    slug: String,
    /// The round's clock at this table, and the director's announcement.
    clock: Option<ClockView>,
    announcement: Option<String>,
    problems: Vec<String>,
    confirm_error: Option<String>,
    /// A refused code's message, shown beside the code field of the form `code_form`.
    code_error: Option<String>,
    code_form: &'static str,
    entered: usize,
}

fn side_label(ctx: &Ctx, side: Side) -> String {
    crate::web::labels::side_label(&ctx.t, side)
}

/// The combination choices for `decks`: tractors and titanics with their lengths.
fn combo_choices(ctx: &Ctx, decks: Decks, current: &str) -> Vec<Choice> {
    let mut options = vec![(String::new(), ctx.t.t("table-combo-none"))];
    for kind in sheet::combination_kinds(decks) {
        let label = combo_label(&ctx.t, kind);
        match kind {
            "tractor" | "titanic" => {
                for l in 2..=4 {
                    options.push((
                        format!("{kind}:{l}"),
                        ctx.t.args(
                            "table-combo-length",
                            &[("kind", label.clone().into()), ("length", l.into())],
                        ),
                    ));
                }
            }
            _ => options.push((kind.to_owned(), label)),
        }
    }
    choices(options, current)
}

#[allow(clippy::too_many_arguments)]
pub(super) async fn room_page(
    ctx: &Ctx,
    state: &AppState,
    at: &AtTable,
    typed: Option<&HashMap<String, String>>,
    errors: &[(i32, SheetError)],
    said: Said,
) -> Result<HttpResponse, AppError> {
    let (token, room, sheet, m) = (&at.token, &at.room, &at.sheet, at.game());
    let (pending, (stored, gate), lineups) = room_now(state, room).await?;
    let pending = pending.as_ref();
    let t = &ctx.t;
    let decks = sheet.settings.decks();
    let (ns, ew) = side_teams(at);
    let seated = |side| tables::seated(m, room.room, side);
    let members = |side| seated_members(at, &lineups, seated(side));
    // What the device is offered and whether it sees the figures is the machine's answer:
    // only the devices bound to the entry see them (docs/rules.md §5).
    let entry = pending.filter(|p| p.entered());
    let offered = offer(&stored, gate, entry.and_then(|p| p.bound_as(&at.device)));
    let boards = board_views(ctx, at, typed, entry, offered.sees, errors, [&ns, &ew]);
    let (round, table) = (Some(sheet.round.number), Some(m.table));
    let (_, clock, announcement) = hall_parts(ctx, state, &sheet.settings, round, table).await?;
    let state = stored.shown(gate.has_results);
    let entered_by = entry.map(|p| p.entered_by);
    // A code's message goes beside the form's field; a form not shown now: at the top.
    let placed = said.place(|form| match form {
        "enter" => offered.enter,
        "open" => offered.open,
        _ => offered.confirm,
    });
    let status = placed.status(errors);
    let page = RoomPage {
        link_id: room.link_id,
        session: at.session,
        slug: room.slug.clone(),
        clock,
        announcement,
        ctx: ctx.clone(),
        tour_name: sheet.settings.name.clone(),
        title: room_title(ctx, m.table, room.room),
        not_saved: t.args("table-not-saved", &[("count", errors.len().into())]),
        token: token.to_owned(),
        round: sheet.round.number,
        ns_members: members(Side::NorthSouth),
        ew_members: members(Side::EastWest),
        seats: seat_views(ctx, at, typed, &lineups, &placed.seats),
        max_trick_points: decks.total_points(),
        max_bottom_points: decks.max_bottom_points(),
        ns,
        ew,
        state: state.code(),
        state_label: state_text(ctx, state, room.approval),
        note: pending.map(|p| p.note.clone()).unwrap_or_default(),
        closed: offered.closed.map(|c| closed_text(ctx, c)),
        entered: boards.iter().filter(|b| !b.trick_points.is_empty()).count(),
        boards,
        entered_by: entered_by.map(|s| side_label(ctx, s)).unwrap_or_default(),
        can_enter: offered.enter,
        needs_code: offered.enter_needs_code,
        can_open: offered.open,
        can_confirm: offered.confirm,
        confirm_needs_code: offered.confirm_needs_code,
        code_digits: tables::CODE_DIGITS,
        submission: tables::new_token(),
        problems: problem_lines(ctx, errors, decks),
        confirm_error: placed.top,
        code_error: placed.code_error,
        code_form: placed.code_form,
    };
    render_status(ctx, status, &page).map(no_store)
}

/// `res` marked `no-store`: what a table page shows depends on the device (docs/rules.md
/// §5), so no cache may keep it for another.
fn no_store(mut res: HttpResponse) -> HttpResponse {
    res.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    res
}

/// Who sits for team `number` in this room, once the table has said it; else every
/// member of the team.
fn seated_members(at: &AtTable, lineups: &[Lineup], number: TeamNo) -> String {
    let here = (at.sheet.round.number, at.room.table, at.room.room);
    let stored = lineups
        .iter()
        .find(|l| (l.round, l.table, l.room) == here && l.team == number);
    match stored {
        Some(l) => l.players.join(" & "),
        None => at
            .sheet
            .team(number)
            .map(|t| t.members.join(" · "))
            .unwrap_or_default(),
    }
}

/// The question of who sits for each side (none for a bye), each side's pair as typed,
/// else as stored or as the team sat last time. Only pairs that can sit are offered: none
/// with a player the team has seated in the match's other room.
fn seat_views(
    ctx: &Ctx,
    at: &AtTable,
    typed: Option<&HashMap<String, String>>,
    lineups: &[Lineup],
    problems: &[(&'static str, String)],
) -> Vec<SeatView> {
    let (sheet, m, room) = (&at.sheet, at.game(), at.room.room);
    let here = (sheet.round.number, m.table, room);
    [Side::NorthSouth, Side::EastWest]
        .into_iter()
        .filter(|_| m.away.is_some())
        .filter_map(|side| {
            let number = tables::seated(m, room, side);
            let list = &sheet.team(number)?.members;
            let chosen = match typed.and_then(|f| seats::posted(f, side.code())) {
                Some(text) => seats::read_pair(list, &text),
                None => seats::default_pair(lineups, here, number, list),
            };
            let value = chosen.as_ref().and_then(|p| seats::pair_value(list, p));
            let choices: Vec<SeatChoice> = seats::pairs(list)
                .into_iter()
                .filter(|(_, pair)| seats::in_other_room(lineups, here, number, pair).is_none())
                .map(|(v, pair)| SeatChoice {
                    selected: value.as_deref() == Some(v.as_str()),
                    value: v,
                    label: pair.join(" & "),
                })
                .collect();
            let shown = choices
                .iter()
                .find(|c| c.selected)
                .map(|c| c.label.clone())
                .unwrap_or_default();
            let problem = problems
                .iter()
                .find(|(s, _)| *s == side.code())
                .map(|(_, m)| m.clone());
            (!choices.is_empty()).then(|| SeatView {
                chosen: shown,
                problem,
                side: side.code(),
                legend: ctx.t.args(
                    "table-seat-legend",
                    &[
                        ("side", side_label(ctx, side).into()),
                        ("team", team_label(sheet, number).into()),
                    ],
                ),
                choices,
            })
        })
        .collect()
}

/// The room's boards: each one's conditions and declarers (`[ns, ew]` name the sides'
/// teams), its fields as typed, saved or entered at the table, its errors, and its figures
/// when nothing was typed.
fn board_views(
    ctx: &Ctx,
    at: &AtTable,
    typed: Option<&HashMap<String, String>>,
    pending: Option<&Pending>,
    sees: bool,
    errors: &[(i32, SheetError)],
    [ns, ew]: [&String; 2],
) -> Vec<BoardView> {
    let (t, sheet, room) = (&ctx.t, &at.sheet, at.room.room);
    let decks = sheet.settings.decks();
    let scorer = Scorer::new(&sheet.settings);
    let stored: Vec<_> = at
        .game()
        .results
        .iter()
        .filter(|r| r.room == room && sees)
        .collect();
    let pending = pending.filter(|_| sees);
    let failed = !errors.is_empty();
    let mut boards = Vec::new();
    for board in &sheet.round.boards {
        let row = match typed {
            Some(form) => typed_row(form, board.number),
            None => match stored.iter().find(|r| r.board == board.number) {
                Some(r) => SheetRow::from_entry(&r.entry),
                None => pending
                    .and_then(|p| p.row(board.number))
                    .cloned()
                    .unwrap_or_default(),
            },
        };
        let figures = || {
            row.parse(decks, &scorer.bands)
                .ok()
                .flatten()
                .and_then(|e| scorer.table(&e))
                .map(|o| Computed {
                    p: o.defender_total
                        .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                    result: crate::sheets::result(&ctx.t, &o),
                    s: signed(o.table_score.into()),
                })
        };
        let mistaken = errors.iter().any(|(b, _)| *b == board.number);
        let (computed, typed_figures) = if typed.is_some() {
            (None, if mistaken { None } else { figures() })
        } else if failed {
            (None, None)
        } else {
            (figures(), None)
        };
        let declaring = match board.dealer.pair() {
            Pair::NorthSouth => (Side::NorthSouth, ns),
            Pair::EastWest => (Side::EastWest, ew),
        };
        boards.push(BoardView {
            number: board.number,
            dealer: seat_label(t, board.dealer),
            level: board.level.code(),
            trump: trump_label(t, board.trump),
            declarers: format!("{} ({})", side_label(ctx, declaring.0), declaring.1),
            combos: combo_choices(ctx, decks, &combo_value(&row)),
            trick_points: row.trick_points,
            bottom_points: row.bottom_points,
            last_trick: row.last_trick,
            declarer_penalty: row.declarer_penalty,
            defender_penalty: row.defender_penalty,
            errors: board_errors(ctx, errors, board.number, decks),
            computed,
            typed: typed_figures,
            flagged: pending.is_some_and(|p| p.flagged.contains(&board.number)),
        });
    }
    boards
}

/// The errors of board `board`, each by the field it shows beside (a combination's
/// length beside the combination).
fn board_errors(
    ctx: &Ctx,
    errors: &[(i32, SheetError)],
    board: i32,
    decks: Decks,
) -> Vec<(&'static str, String)> {
    errors
        .iter()
        .filter(|(b, _)| *b == board)
        .map(|(_, e)| {
            let field = if e.field == "combo_length" {
                "combo"
            } else {
                e.field
            };
            (field, sheet_error_text(&ctx.t, e, decks))
        })
        .collect()
}

/// The list of problems above the form after a refused save: board, field and why.
fn problem_lines(ctx: &Ctx, errors: &[(i32, SheetError)], decks: Decks) -> Vec<String> {
    let t = &ctx.t;
    errors
        .iter()
        .map(|(board, e)| {
            t.args(
                "table-problem",
                &[
                    ("board", (*board).into()),
                    ("field", t.t(&format!("entry-col-{}", e.field)).into()),
                    ("why", sheet_error_text(t, e, decks).into()),
                ],
            )
        })
        .collect()
}

/// The room's state in the table's words: a confirmed room that waits for the director's
/// approval (`approval`) is provisional.
fn state_text(ctx: &Ctx, state: EntryState, approval: bool) -> String {
    crate::web::labels::room_state_label(&ctx.t, state, approval)
}

/// Why the room takes no entries now, in the table's words.
fn closed_text(ctx: &Ctx, closed: Closed) -> String {
    ctx.t.t(match closed {
        Closed::Off => "table-closed-off",
        Closed::Locked => "table-closed-locked",
        Closed::Done => "table-closed-done",
        Closed::Disputed => "table-closed-disputed",
        Closed::Codes => "table-closed-codes",
    })
}

#[derive(Template)]
#[template(path = "table/waiting.html")]
struct WaitingPage {
    ctx: Ctx,
    tour_name: String,
    slug: String,
    title: String,
    /// "No match sits at this table in round 4."
    text: String,
    clock: Option<ClockView>,
    announcement: Option<String>,
}

/// The page of a session link whose table holds no match in the current round: the
/// table, the round, the clock and the announcement.
pub(super) async fn waiting_page(
    ctx: &Ctx,
    state: &AppState,
    settings: &crate::rules::Settings,
    empty: &crate::db::hall::SessionAt,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let round = (empty.round > 0).then_some(empty.round);
    let (_, clock, announcement) =
        hall_parts(ctx, state, settings, round, Some(empty.table)).await?;
    let page = WaitingPage {
        tour_name: settings.name.clone(),
        slug: settings.slug.clone(),
        title: room_title(ctx, empty.table, empty.room),
        text: match round {
            Some(r) => t.a("table-session-no-match", "round", r),
            None => t.t("table-session-no-round"),
        },
        clock,
        announcement,
        ctx: ctx.clone(),
    };
    render_status(ctx, StatusCode::OK, &page).map(no_store)
}
