//! "Find my team" on the long lists (`/t/{slug}/standings/find?q=…`, `…/teams/find`,
//! `…/rounds/{round}/find`): a plain form, answered on the server, so it works without
//! a script.
//!
//! - One team found: `303 See Other` to the page of the list that holds it, at its row
//!   (`/t/cup/standings?page=7#team-412`), where the page cache already answers.
//! - Several: a short list of links to their rows. None: a page that says so (404).
//!
//! Neither answer is kept, by the page cache or a browser (`no-store`): it depends on a
//! query anyone can make up, and one entry per query would let a reader fill the cache
//! with pages nobody else asks for. The page it leads to is the cached one.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::paging::{Asked, Paging, page_href};
use crate::rules::{Team, TeamNo};
use crate::web::live::Snapshot;
use crate::web::page::{Ctx, PageSnapshot, TourHead, path_number, render_status};
use crate::web::{AppError, AppState};

/// The most teams a search lists; beyond, it asks for more of the name.
const MOST_FOUND: usize = 20;

/// `text` as a search compares it: full-width letters and digits (a Chinese keyboard's)
/// as ASCII, lower case, spaces around and doubled taken away.
fn folded(text: &str) -> String {
    let wide = |c: char| match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        c => c,
    };
    let text: String = text.chars().map(wide).collect::<String>().to_lowercase();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The teams `asked` names: the team of that number (`12`, `#12`), else the one whose
/// name is exactly that, else every team whose name, club or a member's name contains it.
/// In the order of their numbers.
pub(super) fn matching<'a>(teams: &'a [Team], asked: &str) -> Vec<&'a Team> {
    let asked = folded(asked);
    if asked.is_empty() {
        return Vec::new();
    }
    let number = asked.strip_prefix('#').unwrap_or(&asked);
    if let Ok(n) = number.parse::<i32>()
        && let Some(team) = teams.iter().find(|t| t.number == TeamNo(n))
    {
        return vec![team];
    }
    let exact: Vec<&Team> = teams.iter().filter(|t| folded(&t.name) == asked).collect();
    if exact.len() == 1 {
        return exact;
    }
    let mut found: Vec<&Team> = teams
        .iter()
        .filter(|t| {
            folded(&t.name).contains(&asked)
                || folded(&t.club).contains(&asked)
                || t.members.iter().any(|m| folded(m).contains(&asked))
        })
        .collect();
    found.sort_by_key(|t| t.number);
    found
}

/// Which list a search looks in.
#[derive(Clone, Copy)]
enum List {
    Standings,
    Teams,
    Round(i32),
}

/// Where a team stands in a list: its row (from 0) and the row's anchor.
struct Place {
    team: TeamNo,
    row: usize,
    anchor: String,
}

impl List {
    fn base(self, slug: &str) -> String {
        match self {
            List::Standings => format!("/t/{slug}/standings"),
            List::Teams => format!("/t/{slug}/teams"),
            List::Round(n) => format!("/t/{slug}/rounds/{n}"),
        }
    }

    /// The list in words, as the page's navigation names it.
    fn heading(self, t: &crate::web::i18n::Tr) -> String {
        match self {
            List::Standings => t.t("nav-standings"),
            List::Teams => t.t("nav-teams"),
            List::Round(n) => t.a("pub-round-n", "n", n),
        }
    }

    fn section(self) -> &'static str {
        match self {
            List::Standings => "standings",
            List::Teams => "teams",
            List::Round(_) => "rounds",
        }
    }

    /// Rows a page of this list holds.
    fn per_page(self, teams_per_page: usize) -> usize {
        match self {
            List::Round(_) => super::matches_per_page(teams_per_page),
            _ => teams_per_page,
        }
    }

    /// Where each team stands in the list as the reader sees it, in the list's order;
    /// 404 for a round that is not there.
    fn places(self, snap: &crate::web::live::Snapshot) -> Result<Vec<Place>, AppError> {
        let (event, report) = (&snap.event, &snap.report);
        let team_row = |(row, team): (usize, TeamNo)| Place {
            team,
            row,
            anchor: format!("team-{team}"),
        };
        Ok(match self {
            List::Standings => report
                .standings
                .iter()
                .map(|s| s.team)
                .enumerate()
                .map(team_row)
                .collect(),
            List::Teams => event
                .teams
                .iter()
                .map(|t| t.number)
                .enumerate()
                .map(team_row)
                .collect(),
            List::Round(n) => {
                if !event.rounds.iter().any(|r| r.number == n) {
                    return Err(AppError::not_found());
                }
                // The round's page lists its matches in this order (`match_lines`).
                report
                    .matches
                    .iter()
                    .filter(|m| m.round == n)
                    .enumerate()
                    .flat_map(|(row, m)| {
                        let anchor = format!("table-{}", m.table);
                        std::iter::once(m.home)
                            .chain(m.away)
                            .map(move |team| Place {
                                team,
                                row,
                                anchor: anchor.clone(),
                            })
                    })
                    .collect()
            }
        })
    }
}

/// A team found, as the list of several links it.
struct FoundLine {
    href: String,
    text: String,
}

#[derive(Template)]
#[template(path = "public/find.html")]
struct FindPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    live: Option<u32>,
    /// The list searched, in words ("Standings", "Round 3").
    heading: String,
    /// Where the form sends the next search.
    action: String,
    asked: String,
    /// What was found, in a sentence.
    message: String,
    found: Vec<FoundLine>,
    /// "… and 12 more": when more matched than are listed.
    more: Option<String>,
    /// The list itself.
    back: String,
}

/// `?q=…`: the first value, as typed.
fn asked(req: &HttpRequest) -> String {
    serde_urlencoded::from_str::<Vec<(String, String)>>(req.query_string())
        .unwrap_or_default()
        .into_iter()
        .find(|(name, _)| name == "q")
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default()
}

/// No cache of any kind keeps a search's answer.
fn unkept(mut response: HttpResponse) -> HttpResponse {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

fn see_other(location: &str) -> HttpResponse {
    unkept(crate::web::page::redirect(location))
}

/// `GET /t/{slug}/standings/find?q=…`.
pub(crate) async fn in_standings(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    req: HttpRequest,
) -> Result<HttpResponse, AppError> {
    find(ctx, &state, &snap, List::Standings, &req)
}

/// `GET /t/{slug}/teams/find?q=…`.
pub(crate) async fn in_teams(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    req: HttpRequest,
) -> Result<HttpResponse, AppError> {
    find(ctx, &state, &snap, List::Teams, &req)
}

/// `GET /t/{slug}/rounds/{round}/find?q=…`.
pub(crate) async fn in_round(
    ctx: Ctx,
    state: web::Data<AppState>,
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
    req: HttpRequest,
) -> Result<HttpResponse, AppError> {
    let round = path_number(&path.1)?;
    find(ctx, &state, &snap, List::Round(round), &req)
}

/// Finds the teams `?q=` names in `list` and answers: the row of the one, the list of
/// several, or that there is none.
fn find(
    ctx: Ctx,
    state: &AppState,
    snap: &Snapshot,
    list: List,
    req: &HttpRequest,
) -> Result<HttpResponse, AppError> {
    let base = list.base(&snap.event.settings.slug);
    let places = list.places(snap)?;
    let asked = asked(req);
    if asked.is_empty() {
        return Ok(see_other(&base));
    }
    let per_page = list.per_page(state.teams_per_page);
    let paging = Paging::new(Asked::All, places.len(), per_page)?;
    let href = |p: &Place| {
        format!(
            "{}#{}",
            page_href(&base, Some(paging.page_of(p.row))),
            p.anchor
        )
    };
    let matched = matching(&snap.event.teams, &asked);
    let found: Vec<(&Team, &Place)> = matched
        .iter()
        .filter_map(|team| Some((*team, places.iter().find(|p| p.team == team.number)?)))
        .collect();
    if let [(_, place)] = found.as_slice() {
        return Ok(see_other(&href(place)));
    }
    let t = &ctx.t;
    let message = message(t, found.len(), &matched, list, &asked);
    let lines: Vec<FoundLine> = found
        .iter()
        .take(MOST_FOUND)
        .map(|(team, place)| FoundLine {
            href: href(place),
            text: found_text(t, team),
        })
        .collect();
    let page = FindPage {
        tour: TourHead::of(&snap.event),
        section: list.section(),
        live: None,
        heading: list.heading(t),
        action: format!("{base}/find"),
        more: (found.len() > MOST_FOUND)
            .then(|| t.args("pub-find-more", &[("n", (found.len() - MOST_FOUND).into())])),
        asked,
        message,
        found: lines,
        back: base,
        ctx: ctx.clone(),
    };
    let status = if found.is_empty() {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::OK
    };
    Ok(unkept(render_status(&ctx, status, &page)?))
}

/// What a search that found no one team says: that no team matches, that the one team
/// has no match in the round, or how many match.
fn message(
    t: &crate::web::i18n::Tr,
    found: usize,
    matched: &[&Team],
    list: List,
    asked: &str,
) -> String {
    match (found, matched, list) {
        (0, [team], List::Round(n)) => t.args(
            "pub-find-not-in-round",
            &[
                ("team", team.name.clone().into()),
                ("round", n.to_string().into()),
            ],
        ),
        (0, _, _) => t.a("pub-find-none", "asked", asked),
        (n, _, _) => t.args(
            "pub-find-several",
            &[("n", n.into()), ("asked", asked.to_owned().into())],
        ),
    }
}

/// "Team 12 · No. 12 · Club 5": a team in the list of several.
fn found_text(t: &crate::web::i18n::Tr, team: &Team) -> String {
    let mut text = format!(
        "{} · {}",
        team.name,
        t.a("pub-find-number", "number", team.number)
    );
    if !team.club.is_empty() {
        text.push_str(" · ");
        text.push_str(&team.club);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(n: i32, name: &str, club: &str, members: &[&str]) -> Team {
        Team {
            member_ids: Vec::new(),
            number: TeamNo(n),
            name: name.to_owned(),
            club: club.to_owned(),
            members: members.iter().map(|m| (*m).to_owned()).collect(),
            withdrawn: false,
        }
    }

    #[test]
    fn a_search_finds_by_number_name_club_or_member() {
        let teams = vec![
            team(1, "Red Dragons", "Harbour Club", &["Li Wei"]),
            team(2, "Red", "Hill Club", &["Ann Park"]),
            team(3, "Blue Cranes", "Harbour Club", &["Zhang San"]),
            team(12, "Team 1", "", &[]),
        ];
        let numbers = |asked: &str| -> Vec<i32> {
            matching(&teams, asked).iter().map(|t| t.number.0).collect()
        };
        assert_eq!(numbers("12"), [12]);
        assert_eq!(numbers("#3"), [3]);
        // Full-width digits, as a Chinese keyboard types them.
        assert_eq!(numbers("１２"), [12]);
        assert_eq!(numbers("  red  "), [2], "the exact name wins");
        assert_eq!(numbers("RED DRAG"), [1]);
        assert_eq!(numbers("harbour"), [1, 3]);
        assert_eq!(numbers("zhang"), [3]);
        assert_eq!(numbers("nobody"), Vec::<i32>::new());
        assert_eq!(numbers("   "), Vec::<i32>::new());
        // A number no team has is read as text.
        assert_eq!(numbers("1 "), [1]);
        assert_eq!(numbers("99"), Vec::<i32>::new());
    }
}
