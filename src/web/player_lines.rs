//! A player's events as their pages show them (docs/rules.md §14): for each tournament that
//! names them, the teams, the boards they played and their Butler, read from that
//! tournament's public view (released boards only) or its directors' view.
//!
//! A player's page spans several tournaments, so it reads each one's snapshot here rather
//! than through the page cache's extractor, which serves the one tournament of a path
//! (`/t/{slug}/…`) with the validator that names its revision. The public page, the API and
//! the registry's view of a player all read it, so it stands beside them.

use crate::db::players::events::PlayerEvent;
use crate::rules::TeamNo;
use crate::rules::field::player_boards;
use crate::rules::player_id::PlayerId;
use crate::web::{AppError, AppState};

/// One event on a player's page.
#[derive(Clone, Debug)]
pub(crate) struct EventLine {
    pub slug: String,
    pub name: String,
    pub published: bool,
    /// `2026-12-05 – 2026-12-06`, or empty.
    pub dates: String,
    /// The teams whose roster names the player in this event.
    pub teams: Vec<(TeamNo, String)>,
    pub boards: u32,
    /// The exact Butler sum to 2 decimals, `–` before a board.
    pub butler: String,
    /// The Butler average per board to 2 decimals, `–` before a board.
    pub per_board: String,
}

fn figure(f: Option<crate::rules::field::Fraction>) -> String {
    f.map_or_else(
        || "–".to_owned(),
        |f| crate::figures::typographic_minus(f.two_decimals()),
    )
}

/// The lines of `events` for player `id`: each from the event's public view (`public`) or
/// the directors' (every result, live). An event that cannot be read now is left out.
pub(crate) async fn event_lines(
    state: &AppState,
    id: PlayerId,
    events: &[PlayerEvent],
    public: bool,
) -> Result<Vec<EventLine>, AppError> {
    let mut lines = Vec::with_capacity(events.len());
    for e in events {
        let snap = match state.live.snapshot(&e.slug, true).await {
            Ok(snap) => snap,
            Err(crate::web::live::SnapshotError::NotFound) => continue,
            Err(other) => return Err(other.into()),
        };
        let snap = if public { snap.public() } else { snap };
        let event = &snap.event;
        let played = player_boards(event, id);
        let teams = event
            .teams
            .iter()
            .filter(|t| t.member_ids.contains(&Some(id)))
            .map(|t| (t.number, t.name.clone()))
            .collect::<Vec<_>>();
        lines.push(EventLine {
            slug: e.slug.clone(),
            name: e.name.clone(),
            published: e.published,
            dates: event.settings.occasion.dates(),
            teams: if teams.is_empty() {
                e.teams.clone()
            } else {
                teams
            },
            boards: played.boards,
            butler: figure((played.boards > 0).then_some(played.butler)),
            per_board: figure(played.per_board()),
        });
    }
    Ok(lines)
}

/// A player's rating as their pages show it (docs/rules.md §14): the rating to 3 decimals,
/// their rated boards, whether it is provisional, and its history as a chart with its
/// figures as a table.
#[derive(Debug)]
pub(crate) struct RatingShown {
    /// `0.125`, `−0.031`.
    pub rating: String,
    pub boards: u32,
    pub provisional: bool,
    pub chart: crate::web::sheets::charts::ChartView,
}

impl RatingShown {
    /// The rating of player `id` (named `name`) as `view` gives it, in `t`'s words.
    pub(crate) fn of(
        t: &crate::web::i18n::Tr,
        (id, name): (PlayerId, &str),
        view: &crate::db::ratings::PlayerRatingView,
    ) -> RatingShown {
        use crate::charts::{LineChart, Series, Words};
        let value = |text: &str| text.parse::<f64>().unwrap_or(0.0);
        let chart = LineChart {
            words: Words {
                title: t.t("player-rating-chart"),
                x_label: t.t("player-rating-x"),
                y_label: t.t("player-rating"),
                description: t.a("player-rating-chart-desc", "player", name),
            },
            series: vec![Series {
                label: name.to_owned(),
                key: id.to_string(),
                points: view
                    .history
                    .iter()
                    .enumerate()
                    .map(|(i, step)| {
                        (
                            i32::try_from(i + 1).unwrap_or(i32::MAX),
                            value(&step.rating),
                        )
                    })
                    .collect(),
            }],
            ranks: None,
        };
        let minus = |text: &str| crate::figures::typographic_minus(text.to_owned());
        RatingShown {
            rating: minus(&crate::rules::rational::decimals(&view.rating, 3)),
            boards: view.boards,
            provisional: view.provisional,
            chart: crate::web::sheets::charts::ChartView {
                id: "chart-rating".into(),
                svg: chart.svg("chart-rating"),
                caption: chart.words.title.clone(),
                head: vec![
                    t.t("player-rating-x"),
                    t.t("player-rating"),
                    t.t("player-rated-boards"),
                ],
                rows: view
                    .history
                    .iter()
                    .enumerate()
                    .map(|(i, step)| {
                        (
                            format!("{} {} ({})", i + 1, step.name, step.ends),
                            vec![minus(&step.rating), step.boards.to_string()],
                        )
                    })
                    .collect(),
            },
        }
    }
}
