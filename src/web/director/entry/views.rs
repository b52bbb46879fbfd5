//! The entry page of a match as the template draws it: both rooms' sheets with the
//! computed figures, the swings, the comparison, the match's trail and, after a refused
//! stale save, both versions.

use std::collections::HashMap;

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use super::super::audit::{TrailLine, trail_lines};
use super::forms::{Misentry, ROOMS, field_name};
use crate::db::RoundSheet;
use crate::db::audit::AuditEntry;
use crate::figures::signed;
use crate::input::fields::{FieldKind, RESULT_FIELDS, ResultField};
use crate::input::sheet::{self, SheetRow};
use crate::rules::event::home_declares;
use crate::rules::{Board, Decks, Match, MatchFigures, MatchProgress, Room, Scorer};
use crate::web::AppError;
use crate::web::i18n::Tr;
use crate::web::labels::{
    Choice, choices, combo_label, match_progress_label, pair_label, seat_label, sheet_error_text,
    team_label, trump_label,
};
use crate::web::page::{Ctx, TourHead, render_status};

/// One input of a score-sheet row.
#[derive(Debug)]
struct Input {
    /// The `results.csv` field name.
    field: &'static str,
    name: String,
    label: String,
    value: String,
    error: Option<String>,
    autofocus: bool,
    /// A field most boards leave empty: out of the default tab path with the script on
    /// (one key opens a row's rare fields).
    rare: bool,
    /// `number` (0 or more), `signed` (a ruling) or `select`.
    kind: &'static str,
    choices: Vec<Choice>,
}

/// What the rules make of a saved row.
#[derive(Debug)]
struct Computed {
    p: String,
    result: String,
    ruled: bool,
    s: String,
}

#[derive(Debug)]
struct SheetLine {
    board: i32,
    dealer: String,
    level: &'static str,
    trump: String,
    /// No fixed trump: declared at the table.
    at_table: bool,
    /// The declaring team, and its pair of seats in this room (NS or EW).
    declarer: String,
    declarer_pair: String,
    inputs: Vec<Input>,
    computed: Option<Computed>,
    has_error: bool,
}

#[derive(Debug)]
struct RoomView {
    code: &'static str,
    title: String,
    seats: String,
    lines: Vec<SheetLine>,
}

#[derive(Debug)]
struct SwingLine {
    board: i32,
    open: String,
    closed: String,
    home: String,
    away: String,
}

#[derive(Debug)]
struct TeamFigures {
    name: String,
    levels: String,
    points: String,
    boards_won: String,
    score: String,
}

/// The comparison block's two lines. A match with no board compared yet has no figures:
/// "–", as on the round page and the public pages, not 0 and 10.00.
fn team_figures(
    scoring: &crate::rules::ScoringRules,
    figures: &crate::rules::MatchFigures,
    [home, away]: [String; 2],
) -> [TeamFigures; 2] {
    let dash = figures.unplayed();
    let show = |v: String| if dash { "–".to_owned() } else { v };
    [
        TeamFigures {
            name: home,
            levels: show(signed(figures.home_levels)),
            points: show(signed(figures.home_points)),
            boards_won: show(figures.home_boards_won.to_string()),
            score: show(crate::figures::typographic_minus(
                scoring.format(figures.home_score),
            )),
        },
        TeamFigures {
            name: away,
            levels: show(signed(-figures.home_levels)),
            points: show(signed(-figures.home_points)),
            boards_won: show(figures.away_boards_won.to_string()),
            score: show(
                figures
                    .away_score
                    .map(|s| crate::figures::typographic_minus(scoring.format(s)))
                    .unwrap_or_default(),
            ),
        },
    ]
}

/// A column heading: short on screen, the full words in the title and for screen readers.
#[derive(Debug)]
struct Heading {
    short: String,
    full: String,
    class: &'static str,
}

#[derive(Template)]
#[template(path = "director/entry_match.html")]
struct EntryPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    round: i32,
    table: i32,
    home: String,
    away: String,
    headings: Vec<Heading>,
    rooms: Vec<RoomView>,
    swings: Vec<SwingLine>,
    status: String,
    compared: u32,
    boards: usize,
    teams: [TeamFigures; 2],
    /// (field id, what is wrong) for the list above the form.
    problems: Vec<(String, String)>,
    /// "Nothing was saved", with the count of problems.
    not_saved: String,
    failed: bool,
    previous: Option<i32>,
    next: Option<i32>,
    /// The rounds before and after this one (their overviews).
    round_previous: Option<i32>,
    round_next: Option<i32>,
    /// The match's version the page is based on (a hidden field).
    version: i32,
    /// This match's audit trail.
    lines: Vec<TrailLine>,
    trail_caption: String,
    /// A save refused because the match was saved since the page was loaded.
    conflict: Option<Conflict>,
    /// The database was too busy to take the save: nothing saved, everything typed kept.
    busy: bool,
    /// The reason field, shown once the round's correction period is over.
    reason: Option<ReasonField>,
    /// Saved results this save would delete, named for the director to confirm.
    deleting: Vec<ConflictRow>,
    /// The round after this one, when it is already paired: the deletion changes the
    /// results it was paired from.
    deleting_paired_next: Option<i32>,
    /// Line-ups and flagged results of this match.
    field: super::super::field::FieldExtras,
}

/// Both versions of a match after a refused stale save.
#[derive(Debug)]
pub(super) struct Conflict {
    pub(super) by: String,
    pub(super) rows: Vec<ConflictRow>,
}

#[derive(Debug)]
pub(super) struct ConflictRow {
    pub(super) subject: String,
    pub(super) theirs: String,
    pub(super) yours: String,
}

/// What the entry page shows besides the sheet: the version and the match's trail.
pub(super) struct MatchInfo {
    pub(super) version: i32,
    /// Line-ups and flagged results of this match.
    pub(super) field: super::super::field::FieldExtras,
    pub(super) trail: Vec<AuditEntry>,
    pub(super) conflict: Option<Conflict>,
    /// The save found the database busy past its timeout.
    pub(super) busy: bool,
    /// The round's correction period is over: a change needs the director's reason (the
    /// reason typed, and why it was refused).
    pub(super) reason: Option<ReasonField>,
    /// Saved results the posted sheet clears, waiting for the director to confirm.
    pub(super) deleting: Vec<ConflictRow>,
    /// The next round, when it is already paired (from this round's results as they
    /// stood): the confirmation says so.
    pub(super) deleting_paired_next: Option<i32>,
}

/// The reason a correction after the correction period needs.
#[derive(Clone, Debug, Default)]
pub(super) struct ReasonField {
    pub(super) value: String,
    pub(super) error: Option<String>,
}

#[derive(Template)]
#[template(path = "director/entry_bye.html")]
pub(super) struct ByePage {
    pub(super) ctx: Ctx,
    pub(super) tour: TourHead,
    pub(super) section: &'static str,
    pub(super) round: i32,
    pub(super) table: i32,
    pub(super) team: String,
}

/// The headings of a room's sheet: the board and its conditions, the declaring side, the
/// score-sheet fields, then the computed P, result and s.
fn headings(t: &Tr, fields: &[ResultField]) -> Vec<Heading> {
    let heading = |short: String, full: String, class: &'static str| Heading { short, full, class };
    let mut all = vec![
        heading(t.t("entry-short-board"), t.t("rounds-col-board"), "board"),
        heading(t.t("entry-col-dealer-short"), t.t("rounds-col-dealer"), ""),
        heading(t.t("entry-col-level-short"), t.t("rounds-col-level"), ""),
        heading(t.t("entry-col-trump-short"), t.t("rounds-col-trump"), ""),
        heading(t.t("entry-short-declarers"), t.t("entry-col-declarers"), ""),
    ];
    all.extend(fields.iter().map(|f| {
        heading(
            t.t(&format!("entry-short-{}", f.name())),
            t.t(&format!("entry-col-{}", f.name())),
            "",
        )
    }));
    for (short, full) in [
        ("entry-short-p", "entry-col-p"),
        ("entry-short-result", "entry-col-result"),
        ("entry-short-s", "entry-col-s"),
    ] {
        all.push(heading(t.t(short), t.t(full), "computed"));
    }
    all
}

/// The entry page of match `m`: from the saved results, or (after a refused save) from
/// what was typed, with `errors` beside their fields and status 422.
pub(super) fn entry_page(
    ctx: &Ctx,
    sheet: &RoundSheet,
    m: &Match,
    typed: Option<&HashMap<String, String>>,
    errors: &[Misentry],
    info: MatchInfo,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let decks = sheet.settings.decks();
    let failed = !errors.is_empty();
    let rows = SheetRows::new(t, sheet, m, typed, errors);
    let computed = !failed && info.conflict.is_none() && !info.busy;
    let mut rooms: Vec<RoomView> = ROOMS
        .into_iter()
        .map(|(room, key)| rows.room(room, key, computed))
        .collect();
    focus(&mut rooms, failed);
    let figures = rows.scorer.compare(&sheet.round.boards, m);
    let (previous, next) = neighbours(sheet, m.table);
    let clock = crate::clock::of(&sheet.settings);
    let page = EntryPage {
        ctx: ctx.clone(),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        round: sheet.round.number,
        table: m.table,
        headings: headings(t, &rows.fields),
        rooms,
        swings: swing_lines(sheet, &figures),
        status: match_progress_label(t, MatchProgress::of(&figures)),
        compared: figures.compared,
        boards: sheet.round.boards.len(),
        teams: team_figures(
            &sheet.settings.scoring,
            &figures,
            [rows.home.clone(), rows.away.clone()],
        ),
        home: rows.home,
        away: rows.away,
        not_saved: t.args("entry-not-saved", &[("count", errors.len().into())]),
        problems: problem_lines(t, errors, decks),
        failed,
        previous,
        next,
        round_previous: sheet.rounds_around().0,
        round_next: sheet.rounds_around().1,
        version: info.version,
        lines: trail_lines(t, &clock, &info.trail),
        trail_caption: format!(
            "{} · {}",
            t.t("audit-match-caption"),
            crate::clock::times_in(t, &clock)
        ),
        conflict: info.conflict,
        busy: info.busy,
        field: info.field,
        reason: info.reason,
        deleting: info.deleting,
        deleting_paired_next: info.deleting_paired_next,
    };
    respond(ctx, &page)
}

/// What every row of a match's sheet is drawn from: the words, the rules, the match's two
/// teams, the fields the tournament's decks use and what the scorer typed, with its errors.
struct SheetRows<'a> {
    t: &'a Tr,
    sheet: &'a RoundSheet,
    m: &'a Match,
    typed: Option<&'a HashMap<String, String>>,
    scorer: Scorer,
    /// The combinations the decks allow, for the combination's choices.
    kinds: Vec<&'static str>,
    /// The score-sheet fields shown (the combination's length only with tractors).
    fields: Vec<ResultField>,
    /// Each wrong field's message, by field name.
    error_texts: HashMap<&'a str, String>,
    home: String,
    away: String,
}

impl<'a> SheetRows<'a> {
    /// The sheet of match `m`, as saved or as `typed` with `errors`.
    fn new(
        t: &'a Tr,
        sheet: &'a RoundSheet,
        m: &'a Match,
        typed: Option<&'a HashMap<String, String>>,
        errors: &'a [Misentry],
    ) -> SheetRows<'a> {
        let decks = sheet.settings.decks();
        let kinds = sheet::combination_kinds(decks);
        let with_length = kinds.contains(&"tractor");
        let fields = RESULT_FIELDS
            .iter()
            .map(|r| r.field)
            .filter(|f| with_length || *f != ResultField::ComboLength)
            .collect();
        let error_texts = errors
            .iter()
            .map(|(name, _, _, e)| (name.as_str(), sheet_error_text(t, e, decks)))
            .collect();
        SheetRows {
            t,
            sheet,
            m,
            typed,
            scorer: Scorer::new(&sheet.settings),
            kinds,
            fields,
            error_texts,
            home: team_label(sheet, m.home),
            away: m.away.map(|a| team_label(sheet, a)).unwrap_or_default(),
        }
    }

    /// One room's sheet (`key` starts its field names): its title, who sits where, and a
    /// line per board, with the saved rows' figures when `computed`.
    fn room(&self, room: Room, key: &str, computed: bool) -> RoomView {
        let t = self.t;
        let title = t.t(&format!("entry-room-{}", room.code()));
        let (ns, ew) = match room {
            Room::Open => (&self.home, &self.away),
            Room::Closed => (&self.away, &self.home),
        };
        let lines = self
            .sheet
            .round
            .boards
            .iter()
            .map(|board| self.line(room, key, &title, board, computed))
            .collect();
        RoomView {
            code: room.code(),
            seats: t.args(
                "entry-room-seats",
                &[("ns", ns.clone().into()), ("ew", ew.clone().into())],
            ),
            title,
            lines,
        }
    }

    /// A board's line in one room: its conditions, the declaring team, the inputs as typed
    /// or saved, and what the rules make of the row shown when `computed`.
    fn line(
        &self,
        room: Room,
        key: &str,
        room_name: &str,
        board: &Board,
        computed: bool,
    ) -> SheetLine {
        let t = self.t;
        let saved = self.m.result(room, board.number);
        let row = match self.typed {
            Some(form) => SheetRow::from_fields(|f| {
                form.get(&field_name(key, board.number, f))
                    .map(String::as_str)
            }),
            None => saved.map(SheetRow::from_entry).unwrap_or_default(),
        };
        let inputs: Vec<Input> = self
            .fields
            .iter()
            .map(|&field| self.input(field, key, room_name, board.number, &row))
            .collect();
        // The figures beside a row are the row's as shown: what was typed when the page
        // comes back with it (a correction refused for its reason), else what is saved.
        let typed_entry = self.typed.and_then(|_| {
            row.parse(self.sheet.settings.decks(), &self.scorer.bands)
                .ok()
                .flatten()
        });
        let shown = match self.typed {
            Some(_) => typed_entry.as_ref(),
            None => saved,
        };
        let computed = shown
            .filter(|_| computed)
            .and_then(|e| self.scorer.table(e))
            .map(|o| Computed {
                p: o.defender_total
                    .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                result: crate::sheets::result(t, &o),
                ruled: o.ruled,
                s: signed(o.table_score.into()),
            });
        let declarer = if home_declares(board, room) {
            &self.home
        } else {
            &self.away
        };
        let declarer_pair = pair_label(t, board.dealer.pair());
        SheetLine {
            board: board.number,
            dealer: seat_label(t, board.dealer),
            level: board.level.code(),
            trump: trump_label(t, board.trump),
            at_table: board.trump.is_none(),
            declarer: declarer.clone(),
            declarer_pair,
            has_error: inputs.iter().any(|i| i.error.is_some()),
            inputs,
            computed,
        }
    }

    /// The input of `field` on a board's row: its name, label, value and error, and how
    /// it is typed (a number, a signed ruling or a choice).
    fn input(
        &self,
        field: ResultField,
        key: &str,
        room_name: &str,
        board: i32,
        row: &SheetRow,
    ) -> Input {
        let t = self.t;
        let (row_of_field, field) = (field.row(), field.name());
        let name = field_name(key, board, field);
        let value = row.field(field).to_owned();
        let (kind, choices) = match row_of_field.kind {
            FieldKind::Choice => ("select", self.choices(field, &value)),
            FieldKind::Signed => ("signed", Vec::new()),
            FieldKind::Number => ("number", Vec::new()),
        };
        Input {
            field,
            label: t.args(
                "entry-field-label",
                &[
                    ("room", room_name.to_owned().into()),
                    ("board", board.to_string().into()),
                    ("field", t.t(&format!("entry-col-{field}")).into()),
                ],
            ),
            error: self.error_texts.get(name.as_str()).cloned(),
            name,
            value,
            autofocus: false,
            rare: row_of_field.rare,
            kind,
            choices,
        }
    }

    /// The choices of a select field, `value` selected: who won the last trick, or the
    /// combinations the decks allow, each after the choice of none ("—": an option is never
    /// empty).
    fn choices(&self, field: &str, value: &str) -> Vec<Choice> {
        let t = self.t;
        let options = if field == "last_trick" {
            ["", "declarer", "defenders"]
                .iter()
                .map(|c| {
                    let label = if c.is_empty() {
                        t.t("entry-choice-none")
                    } else {
                        t.t(&format!("entry-last-short-{c}"))
                    };
                    ((*c).to_owned(), label)
                })
                .collect()
        } else {
            std::iter::once((String::new(), t.t("entry-choice-none")))
                .chain(
                    self.kinds
                        .iter()
                        .map(|k| ((*k).to_owned(), combo_label(t, k))),
                )
                .collect()
        };
        choices(options, value)
    }
}

/// Puts the cursor on the first wrong field after a refused save, else on the first
/// board without a result.
fn focus(rooms: &mut [RoomView], failed: bool) {
    let first = rooms
        .iter_mut()
        .flat_map(|r| r.lines.iter_mut())
        .flat_map(|l| {
            let blank = l.inputs.iter().all(|i| i.value.trim().is_empty());
            l.inputs
                .iter_mut()
                .enumerate()
                .map(move |(i, input)| (blank && i == 0, input))
        })
        .find(|(blank, input)| {
            if failed {
                input.error.is_some()
            } else {
                *blank
            }
        });
    if let Some((_, input)) = first {
        input.autofocus = true;
    }
}

/// Each board's swing line: both rooms' scores and what the board gives each team.
fn swing_lines(sheet: &RoundSheet, figures: &MatchFigures) -> Vec<SwingLine> {
    sheet
        .round
        .boards
        .iter()
        .map(|b| {
            let swing = figures.boards.iter().find(|s| s.board == b.number);
            let show = |v: Option<i32>| v.map(|v| signed(v.into())).unwrap_or_default();
            SwingLine {
                board: b.number,
                open: show(swing.and_then(|s| s.open)),
                closed: show(swing.and_then(|s| s.closed)),
                home: show(swing.and_then(|s| s.swing)),
                away: show(swing.and_then(|s| s.swing).map(|d| -d)),
            }
        })
        .collect()
}

/// The matches before and after table `table` in the round (byes left out): the page's
/// "previous" and "next" links.
fn neighbours(sheet: &RoundSheet, table: i32) -> (Option<i32>, Option<i32>) {
    let playing: Vec<i32> = sheet
        .round
        .matches
        .iter()
        .filter(|x| !x.is_bye())
        .map(|x| x.table)
        .collect();
    let position = playing.iter().position(|x| *x == table);
    (
        position
            .and_then(|p| p.checked_sub(1))
            .and_then(|p| playing.get(p).copied()),
        position.and_then(|p| playing.get(p + 1).copied()),
    )
}

/// The list above the form after a refused save: each problem's field id and what is
/// wrong there, in the room, board and field's words.
fn problem_lines(t: &Tr, errors: &[Misentry], decks: Decks) -> Vec<(String, String)> {
    errors
        .iter()
        .map(|(name, room, board, e)| {
            let what = t.args(
                "entry-problem",
                &[
                    ("room", t.t(&format!("entry-room-{}", room.code())).into()),
                    ("board", board.to_string().into()),
                    ("field", t.t(&format!("entry-col-{}", e.field)).into()),
                    ("why", sheet_error_text(t, e, decks).into()),
                ],
            );
            (name.clone(), what)
        })
        .collect()
}

/// The page with its status: 422 for a refused sheet or reason, 409 for a stale save,
/// 503 (and when to try again) when the database was too busy, else 200.
fn respond(ctx: &Ctx, page: &EntryPage) -> Result<HttpResponse, AppError> {
    let status = if page.failed || page.reason.as_ref().is_some_and(|r| r.error.is_some()) {
        StatusCode::UNPROCESSABLE_ENTITY
    } else if page.conflict.is_some() {
        StatusCode::CONFLICT
    } else if page.busy {
        StatusCode::SERVICE_UNAVAILABLE
    } else {
        StatusCode::OK
    };
    let mut response = render_status(ctx, status, page)?;
    if page.busy {
        response.headers_mut().insert(
            actix_web::http::header::RETRY_AFTER,
            actix_web::http::header::HeaderValue::from_static("2"),
        );
    }
    Ok(response)
}
