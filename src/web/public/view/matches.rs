//! A round's matches, one match board by board with both rooms, and a team's matches.

use fluent_templates::fluent_bundle::FluentValue;

use crate::rules::{
    Board, Event, Match, MatchFigures, MatchReport, MultiplierPolicy, Pair, Report, Room, Score,
    Scorer, ScoringRules, TableEntry, TeamNo, Trump,
};
use crate::web::i18n::Tr;

use super::{Stage, StatusView, TeamLink, Teams, score_text, sign_class, signed, total_text};

/// A board's conditions as printed.
#[derive(Clone, Debug)]
pub(crate) struct BoardLine {
    pub number: i32,
    pub dealer: String,
    pub level: &'static str,
    pub trump: String,
    /// `suit-h`, `suit-nt`, `at-table` …: red suits are red, but the symbol says it all.
    pub(crate) trump_class: &'static str,
}

impl BoardLine {
    pub(crate) fn of(board: &Board, t: &Tr) -> BoardLine {
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
pub(crate) struct MatchLine {
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

pub(crate) fn match_lines(event: &Event, report: &Report, round: i32, t: &Tr) -> Vec<MatchLine> {
    let teams = Teams::of(event);
    let scoring = &event.settings.scoring;
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
                    signed(f.home_levels)
                },
                away_levels: if bye {
                    String::new()
                } else {
                    signed(-f.home_levels)
                },
                home_score: if f.scored() {
                    score_text(scoring, f.home_score)
                } else {
                    "–".to_owned()
                },
                away_score: match f.away_score {
                    Some(s) if f.scored() => score_text(scoring, s),
                    Some(_) => "–".to_owned(),
                    None => String::new(),
                },
                status: StatusView::of_match(t, Stage::of_match(f)),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// One match in detail

/// One room of one board: who declared, P, the result and s.
#[derive(Clone, Debug)]
pub(crate) struct RoomCell {
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
    pub(crate) s_class: &'static str,
    /// Confirmed at the table, waiting for the director's approval (docs/rules.md §5).
    pub provisional: bool,
}

/// One board of a match: its conditions, both rooms and the home team's swing.
#[derive(Clone, Debug)]
pub(crate) struct BoardDetail {
    pub board: BoardLine,
    /// The open room, then the closed room.
    pub rooms: [RoomCell; 2],
    pub swing: String,
    pub(crate) swing_class: &'static str,
}

/// A side's totals in a match.
#[derive(Clone, Debug)]
pub(crate) struct SideTotal {
    pub levels: String,
    pub(crate) levels_class: &'static str,
    pub points: String,
    pub boards_won: u32,
    pub score: String,
}

/// A match with both rooms board by board and its totals.
#[derive(Clone, Debug)]
pub(crate) struct MatchDetail {
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
    pub(crate) away_total: Option<SideTotal>,
    /// Who sat for the home and the away team, in the open then the closed room:
    /// "Alice Chen & Ben Wu", empty where the event has no line-up.
    pub seated: [[String; 2]; 2],
}

impl MatchDetail {
    pub(crate) fn of(
        event: &Event,
        boards: &[Board],
        m: &Match,
        report: &MatchReport,
        awaits_approval: impl Fn(Room) -> bool,
        t: &Tr,
    ) -> MatchDetail {
        let teams = Teams::of(event);
        let scorer = Scorer::new(&event.settings);
        let scoring = &event.settings.scoring;
        let f = &report.figures;
        let home = teams.link(m.home);
        let away = m.away.map(|a| teams.link(a));
        let board_details = match &away {
            None => Vec::new(),
            Some(away) => boards
                .iter()
                .map(|b| {
                    let room = |r: Room| RoomCell {
                        provisional: awaits_approval(r),
                        ..room_cell(&scorer, b, m, r, &home, away, t)
                    };
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
        let side = |levels: i64, points: i64, boards_won: u32, score: Score| SideTotal {
            levels: signed(levels),
            levels_class: sign_class(levels),
            points: signed(points),
            boards_won,
            score: match_score(scoring, f, score),
        };
        let stage = Stage::of_match(f);
        let summary = match_summary(t, scoring, f, boards.len(), &home, away.is_some());
        let pair = |room: Room, team: Option<crate::rules::TeamNo>| {
            team.and_then(|t| event.lineup(report.round, m.table, room, t))
                .map(|l| l.players.join(" & "))
                .unwrap_or_default()
        };
        let seated = Room::BOTH.map(|room| [pair(room, Some(m.home)), pair(room, m.away)]);
        MatchDetail {
            seated,
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

/// A side's score in a match's totals: "–" while the match is in progress, which has no
/// score yet (docs/rules.md §5).
fn match_score(scoring: &ScoringRules, f: &MatchFigures, score: Score) -> String {
    if f.scored() {
        score_text(scoring, score)
    } else {
        "–".to_owned()
    }
}

/// The line under a match's boards: how many of the `boards` are compared, or for a bye
/// what the home team scores.
fn match_summary(
    t: &Tr,
    scoring: &ScoringRules,
    f: &MatchFigures,
    boards: usize,
    home: &TeamLink,
    has_away: bool,
) -> String {
    if has_away {
        t.args(
            "pub-compared-of",
            &[
                ("n", FluentValue::from(f.compared.to_string())),
                ("total", FluentValue::from(boards.to_string())),
            ],
        )
    } else {
        t.args(
            "pub-bye-text",
            &[
                ("team", FluentValue::from(home.name.clone())),
                (
                    "score",
                    FluentValue::from(score_text(scoring, f.home_score)),
                ),
            ],
        )
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
            provisional: false,
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
        provisional: false,
    }
}

pub(in crate::web::public) fn room_name(room: Room) -> &'static str {
    match room {
        Room::Open => "pub-room-open",
        Room::Closed => "pub-room-closed",
    }
}

pub(in crate::web::public) fn wording(t: &Tr, outcome: &crate::rules::TableOutcome) -> String {
    crate::sheets::result(t, outcome)
}

/// How the defenders' total came about: `50 + 25×8 bottom`, `45 − 10 defenders' penalty`;
/// empty when P is just the trick points.
fn p_calculation(entry: &TableEntry, policy: MultiplierPolicy, t: &Tr) -> String {
    let Some(tricks) = entry.trick_points() else {
        return if entry.defender_total().is_some() {
            t.t("pub-calc-total-only")
        } else {
            String::new()
        };
    };
    let mut text = tricks.to_string();
    let mut more = false;
    if entry.last_trick() == Some(crate::rules::LastTrick::Defenders)
        && let Some(combo) = entry.combo()
    {
        let bottom = t.args(
            "pub-calc-bottom",
            &[
                (
                    "k",
                    FluentValue::from(entry.bottom_points().unwrap_or(0).to_string()),
                ),
                ("m", FluentValue::from(policy.multiplier(combo).to_string())),
            ],
        );
        text.push_str(&format!(" + {bottom}"));
        more = true;
    }
    if let Some(n) = entry.declarer_penalty().filter(|n| *n > 0) {
        text.push_str(&format!(" + {}", t.a("pub-calc-declarer-penalty", "n", n)));
        more = true;
    }
    if let Some(n) = entry.defender_penalty().filter(|n| *n > 0) {
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
pub(crate) struct TeamMatch {
    pub round: i32,
    pub table: i32,
    pub opponent: Option<TeamLink>,
    /// Home, away or bye, in words.
    pub side: String,
    pub levels: String,
    pub(crate) levels_class: &'static str,
    pub points: String,
    pub score: String,
    pub status: StatusView,
    /// Whether the score counts in the standings yet (complete matches and byes).
    pub counted: bool,
    /// The team's total over its counted matches up to and including this one.
    pub total: String,
    /// Whether the score may still change (docs/rules.md §5); the page sets it from play.
    pub provisional: bool,
}

/// Every match of a team, round by round, with the running total of its score.
pub(crate) fn team_matches(event: &Event, report: &Report, team: TeamNo, t: &Tr) -> Vec<TeamMatch> {
    let teams = Teams::of(event);
    let scoring = &event.settings.scoring;
    let mut total = Score::ZERO;
    report
        .matches
        .iter()
        .filter_map(|m| m.side_of(team).map(|(side, opponent)| (m, side, opponent)))
        .map(|(m, side, opponent)| {
            let f = &m.figures;
            let stage = Stage::of_match(f);
            let home = side.home;
            let (levels, points) = (side.levels, side.points);
            let score = side.score.unwrap_or_default();
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
            let show = |n: i64| {
                if bye {
                    String::new()
                } else if f.unplayed() {
                    "–".to_owned()
                } else {
                    signed(n)
                }
            };
            TeamMatch {
                round: m.round,
                table: m.table,
                opponent: opponent.map(|o| teams.link(o)),
                side: t.t(side),
                levels: show(levels),
                levels_class: sign_class(levels),
                points: show(points),
                score: if !f.scored() {
                    "–".to_owned()
                } else {
                    score_text(scoring, score)
                },
                status: StatusView::of_match(t, stage),
                counted,
                total: total_text(total),
                provisional: false,
            }
        })
        .collect()
}
