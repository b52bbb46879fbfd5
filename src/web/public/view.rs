//! What the public pages show: rows of text and numbers in the reader's language, built from
//! an [`Event`] and its [`Report`]. Every figure comes from the rules core; this module only
//! picks, orders and words them.

use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;

use crate::rules::{
    Board, Combination, Event, Match, MatchFigures, MatchProgress, MatchReport, MatchScoring,
    MatchStatus, MultiplierPolicy, Pair, Report, Room, RoundProgress, Rules, Score, Scorer,
    Settings, Standing, TableEntry, Team, TieBreak, Trump,
};
use crate::web::i18n::Tr;

/// How many teams the overview shows from the top of the standings.
const TOP_OF_STANDINGS: usize = 5;

// ---------------------------------------------------------------------------------------
// Numbers as the pages print them

/// A signed integer with a typographic minus and an explicit plus: `+7`, `−5`, `0`.
pub fn signed(n: i64) -> String {
    match n.signum() {
        1 => format!("+{n}"),
        -1 => format!("\u{2212}{}", n.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// A match score as the tournament's scoring prints it, with a typographic minus.
fn score_text(method: MatchScoring, score: Score) -> String {
    typographic_minus(method.format(score))
}

/// A standings total: always two decimals (as in `standings.csv`).
fn total_text(score: Score) -> String {
    typographic_minus(score.two_decimals())
}

pub(super) fn typographic_minus(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("\u{2212}{rest}"),
        None => text,
    }
}

/// The CSS class for a signed figure: a reader sees the sign too, so colour is only a help.
pub(super) fn sign_class(n: i64) -> &'static str {
    match n.signum() {
        1 => "plus",
        -1 => "minus",
        _ => "zero",
    }
}

// ---------------------------------------------------------------------------------------
// Teams

/// A team as a link: its number, name and whether it withdrew.
#[derive(Clone, Debug)]
pub struct TeamLink {
    pub number: i32,
    pub name: String,
    pub withdrawn: bool,
}

/// The teams of an event by number.
pub struct Teams<'a> {
    by_number: HashMap<i32, &'a Team>,
}

impl<'a> Teams<'a> {
    pub fn of(event: &'a Event) -> Teams<'a> {
        Teams {
            by_number: event.teams.iter().map(|t| (t.number, t)).collect(),
        }
    }

    pub fn link(&self, number: i32) -> TeamLink {
        match self.by_number.get(&number) {
            Some(t) => TeamLink {
                number,
                name: t.name.clone(),
                withdrawn: t.withdrawn,
            },
            None => TeamLink {
                number,
                name: format!("#{number}"),
                withdrawn: false,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------
// Stage of matches and rounds

/// Where a match or a round stands, as a reader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// No result yet.
    NotStarted,
    InProgress,
    Complete,
    Bye,
}

impl Stage {
    /// A match: a bye, complete, or in progress from its first result on.
    pub fn of_match(figures: &MatchFigures) -> Stage {
        match MatchProgress::of(figures) {
            MatchProgress::Bye => Stage::Bye,
            MatchProgress::NotStarted => Stage::NotStarted,
            MatchProgress::InProgress => Stage::InProgress,
            MatchProgress::Complete => Stage::Complete,
        }
    }

    /// A round, as [`Report::round_progress`] sees it.
    pub fn of_round(report: &Report, round: i32) -> Stage {
        match report.round_progress(round) {
            RoundProgress::NotStarted => Stage::NotStarted,
            RoundProgress::InProgress => Stage::InProgress,
            RoundProgress::Complete => Stage::Complete,
        }
    }

    /// The CSS class and the end of the message id.
    pub fn code(self) -> &'static str {
        match self {
            Stage::NotStarted => "not-started",
            Stage::InProgress => "in-progress",
            Stage::Complete => "complete",
            Stage::Bye => "bye",
        }
    }
}

/// A state in words, with its class for the badge.
#[derive(Clone, Debug)]
pub struct StatusView {
    pub stage: Stage,
    pub label: String,
}

impl StatusView {
    /// A match's state: "no result yet", "in progress", "complete" or "bye".
    pub fn of_match(t: &Tr, stage: Stage) -> StatusView {
        StatusView {
            stage,
            label: t.t(&format!("pub-status-{}", stage.code())),
        }
    }

    /// A round's state: "not started", "in progress" or "complete".
    pub fn of_round(t: &Tr, stage: Stage) -> StatusView {
        StatusView {
            stage,
            label: t.t(&format!("pub-round-{}", stage.code())),
        }
    }

    pub fn code(&self) -> &'static str {
        self.stage.code()
    }
}

/// The progress of every round of an event, by round number.
pub struct RoundStages(HashMap<i32, Stage>);

impl RoundStages {
    pub fn of(event: &Event, report: &Report) -> RoundStages {
        RoundStages(
            event
                .rounds
                .iter()
                .map(|r| (r.number, Stage::of_round(report, r.number)))
                .collect(),
        )
    }

    pub fn get(&self, round: i32) -> Stage {
        self.0.get(&round).copied().unwrap_or(Stage::NotStarted)
    }

    /// Whether a match at this stage in this round still waits for results that are coming
    /// in: its round is in progress and it is not finished.
    pub fn awaits(&self, round: i32, stage: Stage) -> bool {
        self.get(round) == Stage::InProgress
            && matches!(stage, Stage::NotStarted | Stage::InProgress)
    }

    /// The rounds in progress, in order: results are coming in.
    pub fn in_progress(&self) -> Vec<i32> {
        let mut rounds: Vec<i32> = self
            .0
            .iter()
            .filter(|(_, p)| **p == Stage::InProgress)
            .map(|(r, _)| *r)
            .collect();
        rounds.sort_unstable();
        rounds
    }
}

// ---------------------------------------------------------------------------------------
// Rules in words

/// A tournament's rules in a few lines.
#[derive(Clone, Debug)]
pub struct RulesSummary {
    pub decks: String,
    /// The band table's name and where the defenders take over.
    pub band_text: String,
    pub bands: Vec<BandLine>,
    pub beyond: String,
    pub multiplier: String,
    pub scoring: String,
    pub bye: String,
}

/// One band of the band table: a range of P and its table score.
#[derive(Clone, Debug)]
pub struct BandLine {
    pub points: String,
    pub score: String,
    pub wording: String,
}

impl RulesSummary {
    pub fn of(settings: &Settings, t: &Tr) -> RulesSummary {
        let decks = settings.decks;
        let table = settings.band_table();
        let bands = table.bands();
        let band_lines = bands
            .iter()
            .enumerate()
            .map(|(i, &(min, s))| {
                let points = match bands.get(i + 1) {
                    Some(&(next, _)) if next - 5 > min => format!("{min}–{}", next - 5),
                    Some(_) => min.to_string(),
                    None => t.a("pub-band-from", "p", min),
                };
                // The wording of a table with exactly this P, from the rules core.
                let outcome = TableEntry {
                    defender_total: Some(min),
                    ..TableEntry::default()
                }
                .outcome(settings.bottom_multiplier, &table);
                BandLine {
                    points,
                    score: signed(s.into()),
                    wording: outcome.map(|o| wording(t, &o)).unwrap_or_default(),
                }
            })
            .collect();
        let band_name = match &settings.rules {
            Rules::Preset(p) => t.t(&format!("pub-preset-{}", p.code())),
            Rules::Custom(_) => t.t("pub-preset-custom"),
        };
        let scoring = &settings.scoring;
        let scoring_text = match scoring.method {
            MatchScoring::Vp20 => t.a("pub-scoring-vp20", "c", format!("{:?}", scoring.vp_blitz)),
            MatchScoring::Wdl => {
                let [w, d, l] = scoring.win_draw_loss.map(|s| typographic_minus(s.plain()));
                t.args(
                    "pub-scoring-wdl",
                    &[
                        ("w", FluentValue::from(w)),
                        ("d", FluentValue::from(d)),
                        ("l", FluentValue::from(l)),
                    ],
                )
            }
            MatchScoring::Levels => t.t("pub-scoring-levels"),
        };
        RulesSummary {
            decks: t.args(
                "pub-rules-decks",
                &[
                    ("n", FluentValue::from(decks.count())),
                    (
                        "points",
                        FluentValue::from(decks.total_points().to_string()),
                    ),
                    (
                        "bottom",
                        FluentValue::from(decks.bottom_cards().to_string()),
                    ),
                ],
            ),
            band_text: t.args(
                "pub-rules-bands-text",
                &[
                    ("name", FluentValue::from(band_name)),
                    ("p", FluentValue::from(table.takeover_at().to_string())),
                ],
            ),
            bands: band_lines,
            beyond: t.a("pub-band-step", "step", table.step()),
            multiplier: multiplier_text(settings, t),
            scoring: scoring_text,
            bye: t.a(
                "pub-rules-bye",
                "score",
                score_text(scoring.method, scoring.bye_score),
            ),
        }
    }
}

/// "exponential: single ×2, pair ×4, …" for the combinations the deck count allows.
fn multiplier_text(settings: &Settings, t: &Tr) -> String {
    let policy = settings.bottom_multiplier;
    let decks = settings.decks;
    let combos = [
        Combination::Single,
        Combination::Pair,
        Combination::Tractor(2),
        Combination::Tractor(3),
        Combination::Triple,
        Combination::Titanic(2),
        Combination::Titanic(3),
    ];
    let items: Vec<String> = combos
        .into_iter()
        .filter(|c| decks.allows(*c))
        .map(|c| format!("{} ×{}", combination(t, c), policy.multiplier(c)))
        .collect();
    let name = match policy {
        MultiplierPolicy::Exponential => t.t("pub-multiplier-exponential"),
        MultiplierPolicy::Doubling => t.t("pub-multiplier-doubling"),
    };
    t.args(
        "pub-multiplier-line",
        &[
            ("name", FluentValue::from(name)),
            (
                "items",
                FluentValue::from(items.join(&t.t("pub-list-separator"))),
            ),
        ],
    )
}

fn combination(t: &Tr, c: Combination) -> String {
    match c {
        Combination::Single => t.t("pub-combo-single"),
        Combination::Pair => t.t("pub-combo-pair"),
        Combination::Tractor(n) => t.a("pub-combo-tractor", "n", n),
        Combination::Triple => t.t("pub-combo-triple"),
        Combination::Titanic(n) => t.a("pub-combo-titanic", "n", n),
    }
}

/// The tie-break order in words, criterion by criterion.
pub fn tiebreaks(settings: &Settings, t: &Tr) -> Vec<String> {
    settings
        .tiebreaks
        .iter()
        .map(|tb: &TieBreak| t.t(&format!("pub-tiebreak-{}", tb.code().replace('_', "-"))))
        .collect()
}

/// The name of the score column: VP, points or levels.
pub fn score_label(settings: &Settings, t: &Tr) -> String {
    t.t(&format!("pub-col-score-{}", settings.scoring.method.code()))
}

// ---------------------------------------------------------------------------------------
// Standings

/// One line of the standings.
#[derive(Clone, Debug)]
pub struct StandingRow {
    pub rank: String,
    pub team: TeamLink,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub score: String,
    pub level_diff: String,
    pub quotient: String,
    pub point_diff: String,
    pub boards_won: u32,
}

impl StandingRow {
    fn of(s: &Standing, teams: &Teams<'_>) -> StandingRow {
        StandingRow {
            rank: s.rank_label(),
            team: teams.link(s.team),
            played: s.played,
            won: s.won,
            drawn: s.drawn,
            lost: s.lost,
            score: total_text(s.score),
            level_diff: signed(s.level_diff),
            quotient: if s.quotient.is_infinite() {
                "∞".to_owned()
            } else {
                s.quotient.three_decimals()
            },
            point_diff: signed(s.point_diff),
            boards_won: s.boards_won,
        }
    }
}

/// Every line of the standings, in rank order.
pub fn standings(event: &Event, report: &Report) -> Vec<StandingRow> {
    let teams = Teams::of(event);
    report
        .standings
        .iter()
        .map(|s| StandingRow::of(s, &teams))
        .collect()
}

/// The first lines of the standings, for the overview.
pub fn top_of_standings(event: &Event, report: &Report) -> Vec<StandingRow> {
    let mut rows = standings(event, report);
    rows.truncate(TOP_OF_STANDINGS);
    rows
}

// ---------------------------------------------------------------------------------------
// Rounds

/// A round in the list of rounds.
#[derive(Clone, Debug)]
pub struct RoundLine {
    pub number: i32,
    pub status: StatusView,
    pub boards: usize,
    /// "2 of 3 matches complete": matches other than byes.
    pub summary: String,
    pub byes: Vec<TeamLink>,
}

pub fn round_lines(event: &Event, report: &Report, stages: &RoundStages, t: &Tr) -> Vec<RoundLine> {
    let teams = Teams::of(event);
    event
        .rounds
        .iter()
        .map(|r| {
            let in_round: Vec<&MatchReport> = report
                .matches
                .iter()
                .filter(|m| m.round == r.number)
                .collect();
            let played: Vec<&&MatchReport> = in_round.iter().filter(|m| m.away.is_some()).collect();
            let complete = played
                .iter()
                .filter(|m| m.figures.status == MatchStatus::Complete)
                .count();
            RoundLine {
                number: r.number,
                status: StatusView::of_round(t, stages.get(r.number)),
                boards: r.boards.len(),
                summary: t.args(
                    "pub-round-count",
                    &[
                        ("done", FluentValue::from(complete.to_string())),
                        ("n", FluentValue::from(played.len().to_string())),
                    ],
                ),
                byes: in_round
                    .iter()
                    .filter(|m| m.away.is_none())
                    .map(|m| teams.link(m.home))
                    .collect(),
            }
        })
        .collect()
}

/// A board's conditions as printed.
#[derive(Clone, Debug)]
pub struct BoardLine {
    pub number: i32,
    pub dealer: String,
    pub level: &'static str,
    pub trump: String,
    /// `suit-h`, `suit-nt`, `at-table` …: red suits are red, but the symbol says it all.
    pub trump_class: &'static str,
}

impl BoardLine {
    pub fn of(board: &Board, t: &Tr) -> BoardLine {
        let suit = |s: Trump, class| (s.symbol().to_owned(), class);
        let (trump, trump_class) = match board.trump {
            None => (t.t("pub-trump-at-table"), "at-table"),
            Some(Trump::NoTrump) => (t.t("pub-trump-nt"), "suit-nt"),
            Some(s @ Trump::Spades) => suit(s, "suit-s"),
            Some(s @ Trump::Hearts) => suit(s, "suit-h"),
            Some(s @ Trump::Diamonds) => suit(s, "suit-d"),
            Some(s @ Trump::Clubs) => suit(s, "suit-c"),
        };
        BoardLine {
            number: board.number,
            dealer: t.t(&format!("pub-seat-{}", board.dealer.code().to_lowercase())),
            level: board.level.code(),
            trump,
            trump_class,
        }
    }
}

/// A match in a round's list.
#[derive(Clone, Debug)]
pub struct MatchLine {
    pub table: i32,
    pub home: TeamLink,
    pub away: Option<TeamLink>,
    pub compared: u32,
    pub home_levels: String,
    pub away_levels: String,
    /// No board compared yet: "–" instead of the figures.
    pub unplayed: bool,
    pub home_score: String,
    pub away_score: String,
    pub status: StatusView,
}

pub fn match_lines(event: &Event, report: &Report, round: i32, t: &Tr) -> Vec<MatchLine> {
    let teams = Teams::of(event);
    let method = event.settings.scoring.method;
    report
        .matches
        .iter()
        .filter(|m| m.round == round)
        .map(|m| {
            let f = &m.figures;
            let bye = m.away.is_none();
            MatchLine {
                table: m.table,
                home: teams.link(m.home),
                away: m.away.map(|a| teams.link(a)),
                compared: f.compared,
                unplayed: f.unplayed(),
                home_levels: if bye {
                    String::new()
                } else {
                    signed(f.home_levels.into())
                },
                away_levels: if bye {
                    String::new()
                } else {
                    signed((-f.home_levels).into())
                },
                home_score: score_text(method, f.home_score),
                away_score: f
                    .away_score
                    .map(|s| score_text(method, s))
                    .unwrap_or_default(),
                status: StatusView::of_match(t, Stage::of_match(f)),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// One match in detail

/// One room of one board: who declared, P, the result and s.
#[derive(Clone, Debug)]
pub struct RoomCell {
    /// The message id of the room's name.
    pub room: &'static str,
    pub played: bool,
    pub declarer: String,
    /// NS or EW, in the reader's language.
    pub pair: String,
    pub p: String,
    /// How P came about, when it is more than the trick points.
    pub calc: String,
    pub result: String,
    pub ruled: bool,
    pub s: String,
    pub s_class: &'static str,
}

/// One board of a match: its conditions, both rooms and the home team's swing.
#[derive(Clone, Debug)]
pub struct BoardDetail {
    pub board: BoardLine,
    /// The open room, then the closed room.
    pub rooms: [RoomCell; 2],
    pub swing: String,
    pub swing_class: &'static str,
}

/// A side's totals in a match.
#[derive(Clone, Debug)]
pub struct SideTotal {
    pub levels: String,
    pub levels_class: &'static str,
    pub points: String,
    pub boards_won: u32,
    pub score: String,
}

/// A match with both rooms board by board and its totals.
#[derive(Clone, Debug)]
pub struct MatchDetail {
    pub round: i32,
    pub table: i32,
    pub home: TeamLink,
    pub away: Option<TeamLink>,
    pub stage: Stage,
    pub status: StatusView,
    pub boards: Vec<BoardDetail>,
    /// "4 of 4 boards compared", or for a bye what it scores.
    pub summary: String,
    pub home_total: SideTotal,
    pub away_total: Option<SideTotal>,
}

impl MatchDetail {
    pub fn of(
        event: &Event,
        boards: &[Board],
        m: &Match,
        report: &MatchReport,
        t: &Tr,
    ) -> MatchDetail {
        let teams = Teams::of(event);
        let scorer = Scorer::new(&event.settings);
        let method = event.settings.scoring.method;
        let f = &report.figures;
        let home = teams.link(m.home);
        let away = m.away.map(|a| teams.link(a));
        let board_details = match &away {
            None => Vec::new(),
            Some(away) => boards
                .iter()
                .map(|b| {
                    let room = |r: Room| room_cell(&scorer, b, m, r, &home, away, t);
                    let swing = f
                        .boards
                        .iter()
                        .find(|s| s.board == b.number)
                        .and_then(|s| s.swing);
                    BoardDetail {
                        board: BoardLine::of(b, t),
                        rooms: [room(Room::Open), room(Room::Closed)],
                        swing: swing.map(|d| signed(d.into())).unwrap_or_default(),
                        swing_class: sign_class(swing.unwrap_or(0).into()),
                    }
                })
                .collect(),
        };
        let side = |levels: i32, points: i32, boards_won: u32, score: Score| SideTotal {
            levels: signed(levels.into()),
            levels_class: sign_class(levels.into()),
            points: signed(points.into()),
            boards_won,
            score: score_text(method, score),
        };
        let stage = Stage::of_match(f);
        let summary = if away.is_some() {
            t.args(
                "pub-compared-of",
                &[
                    ("n", FluentValue::from(f.compared.to_string())),
                    ("total", FluentValue::from(boards.len().to_string())),
                ],
            )
        } else {
            t.args(
                "pub-bye-text",
                &[
                    ("team", FluentValue::from(home.name.clone())),
                    ("score", FluentValue::from(score_text(method, f.home_score))),
                ],
            )
        };
        MatchDetail {
            round: report.round,
            table: m.table,
            home,
            away,
            stage,
            status: StatusView::of_match(t, stage),
            boards: board_details,
            summary,
            home_total: side(
                f.home_levels,
                f.home_points,
                f.home_boards_won,
                f.home_score,
            ),
            away_total: f
                .away_score
                .map(|s| side(-f.home_levels, -f.home_points, f.away_boards_won, s)),
        }
    }
}

fn room_cell(
    scorer: &Scorer,
    board: &Board,
    m: &Match,
    room: Room,
    home: &TeamLink,
    away: &TeamLink,
    t: &Tr,
) -> RoomCell {
    let declaring_pair = board.dealer.pair();
    let declarer = if declaring_pair == room.home_pair() {
        home
    } else {
        away
    };
    let pair = t.t(match declaring_pair {
        Pair::NorthSouth => "pub-pair-ns",
        Pair::EastWest => "pub-pair-ew",
    });
    let entry = m.result(room, board.number);
    let Some((entry, outcome)) = entry.and_then(|e| Some((e, scorer.table(e)?))) else {
        return RoomCell {
            room: room_name(room),
            played: false,
            declarer: declarer.name.clone(),
            pair,
            p: String::new(),
            calc: String::new(),
            result: String::new(),
            ruled: false,
            s: String::new(),
            s_class: "zero",
        };
    };
    RoomCell {
        room: room_name(room),
        played: true,
        declarer: declarer.name.clone(),
        pair,
        p: outcome
            .defender_total
            .map_or_else(|| "—".to_owned(), |p| p.to_string()),
        calc: p_calculation(entry, scorer.policy, t),
        result: wording(t, &outcome),
        ruled: outcome.ruled,
        s: signed(outcome.table_score.into()),
        s_class: sign_class(outcome.table_score.into()),
    }
}

pub(super) fn room_name(room: Room) -> &'static str {
    match room {
        Room::Open => "pub-room-open",
        Room::Closed => "pub-room-closed",
    }
}

pub(super) fn wording(t: &Tr, outcome: &crate::rules::TableOutcome) -> String {
    crate::sheets::result(t, outcome)
}

/// How the defenders' total came about: `50 + 25×8 bottom`, `45 − 10 defenders' penalty`;
/// empty when P is just the trick points.
fn p_calculation(entry: &TableEntry, policy: MultiplierPolicy, t: &Tr) -> String {
    let Some(tricks) = entry.trick_points else {
        return if entry.defender_total.is_some() {
            t.t("pub-calc-total-only")
        } else {
            String::new()
        };
    };
    let mut text = tricks.to_string();
    let mut more = false;
    if entry.last_trick == Some(crate::rules::LastTrick::Defenders)
        && let Some(combo) = entry.combo
    {
        let bottom = t.args(
            "pub-calc-bottom",
            &[
                (
                    "k",
                    FluentValue::from(entry.bottom_points.unwrap_or(0).to_string()),
                ),
                ("m", FluentValue::from(policy.multiplier(combo).to_string())),
            ],
        );
        text.push_str(&format!(" + {bottom}"));
        more = true;
    }
    if let Some(n) = entry.declarer_penalty.filter(|n| *n > 0) {
        text.push_str(&format!(" + {}", t.a("pub-calc-declarer-penalty", "n", n)));
        more = true;
    }
    if let Some(n) = entry.defender_penalty.filter(|n| *n > 0) {
        text.push_str(&format!(
            " \u{2212} {}",
            t.a("pub-calc-defender-penalty", "n", n)
        ));
        more = true;
    }
    if more { text } else { String::new() }
}

// ---------------------------------------------------------------------------------------
// One team

/// A team's match in its list, from the team's side.
#[derive(Clone, Debug)]
pub struct TeamMatch {
    pub round: i32,
    pub table: i32,
    pub opponent: Option<TeamLink>,
    /// Home, away or bye, in words.
    pub side: String,
    pub levels: String,
    pub levels_class: &'static str,
    pub points: String,
    pub score: String,
    pub status: StatusView,
    /// Whether the score counts in the standings yet (complete matches and byes).
    pub counted: bool,
    /// The team's total over its counted matches up to and including this one.
    pub total: String,
}

/// Every match of a team, round by round, with the running total of its score.
pub fn team_matches(event: &Event, report: &Report, team: i32, t: &Tr) -> Vec<TeamMatch> {
    let teams = Teams::of(event);
    let method = event.settings.scoring.method;
    let mut total = Score::ZERO;
    report
        .matches
        .iter()
        .filter(|m| m.home == team || m.away == Some(team))
        .map(|m| {
            let f = &m.figures;
            let stage = Stage::of_match(f);
            let home = m.home == team;
            let (opponent, levels, points, score) = if home {
                (m.away, f.home_levels, f.home_points, f.home_score)
            } else {
                (
                    Some(m.home),
                    -f.home_levels,
                    -f.home_points,
                    f.away_score.unwrap_or_default(),
                )
            };
            // Only complete matches and byes count in the standings (docs/rules.md §5, §6).
            let counted = matches!(stage, Stage::Complete | Stage::Bye);
            if counted {
                total += score;
            }
            let side = match (stage, home) {
                (Stage::Bye, _) => "pub-side-bye",
                (_, true) => "pub-side-home",
                (_, false) => "pub-side-away",
            };
            let bye = stage == Stage::Bye;
            let show = |n: i32| {
                if bye {
                    String::new()
                } else if f.unplayed() {
                    "–".to_owned()
                } else {
                    signed(n.into())
                }
            };
            TeamMatch {
                round: m.round,
                table: m.table,
                opponent: opponent.map(|o| teams.link(o)),
                side: t.t(side),
                levels: show(levels),
                levels_class: sign_class(levels.into()),
                points: show(points),
                score: if f.unplayed() {
                    "–".to_owned()
                } else {
                    score_text(method, score)
                },
                status: StatusView::of_match(t, stage),
                counted,
                total: total_text(total),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BandTable, BoardSwing, Decks, Preset, ScoringRules, Seat};
    use crate::web::i18n::Lang;

    fn settings(decks: Decks, rules: Rules, scoring: MatchScoring) -> Settings {
        let win_draw_loss = [3, 1, 0].map(Score::from_whole);
        Settings {
            name: "Test".into(),
            slug: "test".into(),
            published: true,
            decks,
            rules,
            bottom_multiplier: MultiplierPolicy::Doubling,
            scoring: ScoringRules {
                method: scoring,
                vp_blitz: 5.0,
                win_draw_loss,
                bye_score: ScoringRules::default_bye(scoring, win_draw_loss),
            },
            tiebreaks: vec![TieBreak::PointDiff, TieBreak::HeadToHead],
            pairing: crate::rules::PairingMethod::Manual,
            swiss_seed: None,
            table: Default::default(),
        }
    }

    fn figures(status: MatchStatus, boards: usize) -> MatchFigures {
        MatchFigures {
            status,
            boards: (1..=boards as i32)
                .map(|board| BoardSwing {
                    board,
                    open: Some(1),
                    closed: None,
                    swing: None,
                    home_points: None,
                })
                .collect(),
            compared: 0,
            home_levels: 0,
            home_points: 0,
            home_boards_won: 0,
            away_boards_won: 0,
            home_gained: 0,
            home_lost: 0,
            home_score: Score::ZERO,
            away_score: None,
        }
    }

    #[test]
    fn every_message_the_pages_pick_by_code_exists() {
        let mut ids: Vec<String> = Vec::new();
        for stage in [
            Stage::NotStarted,
            Stage::InProgress,
            Stage::Complete,
            Stage::Bye,
        ] {
            ids.push(format!("pub-status-{}", stage.code()));
            ids.push(format!("pub-round-{}", stage.code()));
        }
        ids.extend(Preset::ALL.map(|p| format!("pub-preset-{}", p.code())));
        ids.extend(
            TieBreak::DEFAULT.map(|tb| format!("pub-tiebreak-{}", tb.code().replace('_', "-"))),
        );
        ids.extend(Seat::ALL.map(|s| format!("pub-seat-{}", s.code().to_lowercase())));
        ids.extend(
            [MatchScoring::Vp20, MatchScoring::Wdl, MatchScoring::Levels]
                .map(|m| format!("pub-col-score-{}", m.code())),
        );
        ids.extend(super::super::DOWNLOADS.map(|f| format!("pub-csv-{f}")));
        for lang in Lang::all() {
            let t = Tr::new(lang);
            for id in &ids {
                assert_ne!(t.t(id), *id, "{id} is missing in {lang:?}");
            }
        }
    }

    #[test]
    fn rules_in_words() {
        let t = Tr::en();
        let one = RulesSummary::of(
            &settings(
                Decks::One,
                Rules::Preset(Preset::Bands20),
                MatchScoring::Wdl,
            ),
            &t,
        );
        assert_eq!(one.decks, "1 deck: 100 card points, 6 cards in the bottom");
        assert_eq!(one.multiplier, "doubling: single ×2");
        assert_eq!(one.scoring, "win 3, draw 1, loss 0");
        assert_eq!(one.bye, "A bye scores 3.");
        assert_eq!(
            one.band_text,
            "20-point bands; the defenders take over from P = 40."
        );
        let bands: Vec<(&str, &str, &str)> = one
            .bands
            .iter()
            .map(|b| (b.points.as_str(), b.score.as_str(), b.wording.as_str()))
            .collect();
        assert_eq!(
            bands,
            [
                ("0", "+3", "declarers up 3"),
                ("5–15", "+2", "declarers up 2"),
                ("20–35", "+1", "declarers up 1"),
                ("40–55", "0", "defenders take over"),
                ("60–75", "\u{2212}1", "defenders take over, up 1"),
                ("80 or more", "\u{2212}2", "defenders take over, up 2"),
            ]
        );

        let custom = BandTable::new(100, vec![(0, 1), (50, 0), (100, -1)], 50).unwrap();
        let three = RulesSummary::of(
            &settings(Decks::Three, Rules::Custom(custom), MatchScoring::Levels),
            &Tr::new(Lang::ZH_HANS),
        );
        assert_eq!(three.decks, "3副牌：共300分，底牌6张");
        assert_eq!(three.band_text, "本赛事自定；闲家总分达到100分即上台。");
        assert_eq!(three.bands[1].wording, "不升级");
        assert_eq!(three.scoring, "以本场级差M计分");
        assert_eq!(three.bye, "轮空得0分。");
        assert_eq!(
            three.multiplier,
            "翻倍：单张 ×2、对子 ×4、2连对拖拉机 ×4、3连对拖拉机 ×4、三张 ×4、2连三张 ×4、3连三张 ×4"
        );

        let order = tiebreaks(
            &settings(
                Decks::Two,
                Rules::Preset(Preset::Standard),
                MatchScoring::Vp20,
            ),
            &t,
        );
        assert_eq!(
            order,
            [
                "point difference",
                "head-to-head: the score in the matches between the tied teams"
            ]
        );
    }

    #[test]
    fn signs_are_typographic() {
        assert_eq!(signed(7), "+7");
        assert_eq!(signed(-5), "\u{2212}5");
        assert_eq!(signed(0), "0");
        assert_eq!(
            score_text(MatchScoring::Levels, Score::from_whole(-3)),
            "\u{2212}3"
        );
        assert_eq!(total_text(Score(3398)), "33.98");
    }

    #[test]
    fn progress_of_matches_and_rounds() {
        use MatchStatus::*;
        let none = figures(InProgress, 0);
        let some = figures(InProgress, 2);
        let done = figures(Complete, 4);
        let bye = figures(Bye, 0);
        assert_eq!(Stage::of_match(&none), Stage::NotStarted);
        assert_eq!(Stage::of_match(&some), Stage::InProgress);
        assert_eq!(Stage::of_match(&done), Stage::Complete);
        assert_eq!(Stage::of_match(&bye), Stage::Bye);
    }
}
