//! The director's teams, under `/d/{slug}/teams`: the list with an "add team" form, a
//! `teams.csv` upload (read by the archive's own reader, so the checks and messages are
//! those of an import: `upload`), editing a team, withdrawing and reinstating it.

mod upload;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::tournaments::{FieldErrors, edit_error, whole};
use crate::db::players::{self, Player};
use crate::db::{self, EditError, Roster};
use crate::input::Why;
use crate::rules::{Team, TeamNo};
use crate::web::i18n::Tr;
use crate::web::page::{Ctx, TourHead, redirect_with, render, render_status, with_db};
use crate::web::routes::{Need, Routes};
use crate::web::tour::TeamAt;
use crate::web::{AppError, AppState};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/teams", Need::Director, list)
        .post("/d/{slug}/teams", Need::Director, add)
        .post("/d/{slug}/teams/upload", Need::Director, upload::upload)
        .get("/d/{slug}/teams/{no}/edit", Need::Director, edit_form)
        .post("/d/{slug}/teams/{no}/edit", Need::Director, save)
        .get(
            "/d/{slug}/teams/{no}/withdraw",
            Need::Director,
            withdraw_form,
        )
        .post("/d/{slug}/teams/{no}/withdraw", Need::Director, withdraw)
        .post("/d/{slug}/teams/{no}/reinstate", Need::Director, reinstate);
}

/// A team has at most this many members (docs/rules.md §1: four to six players).
const MAX_MEMBERS: usize = 6;
/// The longest name or club a form accepts, in characters.
use crate::rules::settings::MAX_TEXT;

/// Members as typed: one per line, or separated by `;` (also the full-width `；`).
fn split_members(text: &str) -> Vec<String> {
    text.split(['\n', ';', '；'])
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The team form as typed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
struct TeamInput {
    #[serde(default)]
    number: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    members: String,
    /// The registry player of each member, by position: an id (`P12`) or a name; empty for
    /// a member not linked.
    #[serde(default)]
    link1: String,
    #[serde(default)]
    link2: String,
    #[serde(default)]
    link3: String,
    #[serde(default)]
    link4: String,
    #[serde(default)]
    link5: String,
    #[serde(default)]
    link6: String,
    /// Why a link changes after a result, in a rated tournament (docs/rules.md §14).
    #[serde(default)]
    reason: String,
}

impl TeamInput {
    fn of(team: &Team) -> TeamInput {
        let link = |i: usize| {
            team.member_id(i)
                .map(|id| id.to_string())
                .unwrap_or_default()
        };
        TeamInput {
            number: team.number.to_string(),
            name: team.name.clone(),
            club: team.club.clone(),
            members: team.members.join("\n"),
            link1: link(0),
            link2: link(1),
            link3: link(2),
            link4: link(3),
            link5: link(4),
            link6: link(5),
            reason: String::new(),
        }
    }

    /// The links as typed, by member position.
    fn links(&self) -> [&str; MAX_MEMBERS] {
        [
            &self.link1,
            &self.link2,
            &self.link3,
            &self.link4,
            &self.link5,
            &self.link6,
        ]
        .map(|s| s.trim())
    }

    fn parse(&self, t: &Tr) -> Result<Team, FieldErrors> {
        let mut errors = FieldErrors::default();
        let number = whole(&self.number)
            .filter(|n| (1..=99_999).contains(n))
            .map(TeamNo);
        if number.is_none() {
            errors.add("number", t.t("director-teams-error-number"));
        }
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            errors.add("name", t.t("director-teams-error-name"));
        } else if name.chars().count() > MAX_TEXT {
            errors.add("name", t.a("director-settings-error-long", "max", MAX_TEXT));
        }
        let club = self.club.trim().to_owned();
        if club.chars().count() > MAX_TEXT {
            errors.add("club", t.a("director-settings-error-long", "max", MAX_TEXT));
        }
        let members = split_members(&self.members);
        for (field, text) in [("name", &name), ("club", &club)]
            .into_iter()
            .chain(members.iter().map(|m| ("members", m)))
        {
            if text.chars().any(char::is_control) && errors.get(field).is_none() {
                errors.add(field, t.t("director-error-control-character"));
            }
        }
        if members.len() > MAX_MEMBERS {
            errors.add(
                "members",
                t.args(
                    "director-teams-error-members",
                    &[("count", members.len().into()), ("max", MAX_MEMBERS.into())],
                ),
            );
        } else if let Some(long) = members.iter().find(|m| m.chars().count() > MAX_TEXT) {
            errors.add(
                "members",
                t.args(
                    "director-teams-error-member-long",
                    &[("member", long.clone().into()), ("max", MAX_TEXT.into())],
                ),
            );
        }
        match number {
            Some(number) if errors.is_empty() => Ok(Team {
                number,
                name,
                club,
                members,
                member_ids: Vec::new(),
                withdrawn: false,
            }),
            _ => Err(errors),
        }
    }
}

/// Links `team`'s members to the registry players typed for them (`links`, by position:
/// an id or a name that one player has), checked as every way of linking is
/// ([`players::links::check_member_links`]); each problem under its `link…` field.
fn link_members(
    conn: &mut db::DbConnection,
    team: &mut Team,
    links: [&str; MAX_MEMBERS],
    t: &Tr,
) -> Result<Result<(), FieldErrors>, db::DbError> {
    let mut errors = FieldErrors::default();
    let mut ids = Vec::with_capacity(team.members.len());
    for (i, text) in links.iter().enumerate() {
        let field = format!("link{}", i + 1);
        if i >= team.members.len() {
            if !text.is_empty() {
                errors.add(field, t.t("director-teams-error-link-no-member"));
            }
            continue;
        }
        match players::links::pick(conn, text)? {
            Ok(id) => ids.push(id),
            Err(why) => {
                errors.add(field, Why::Player(why).text(t));
                ids.push(None);
            }
        }
    }
    if errors.is_empty() {
        match players::links::check_member_links(conn, &team.members, &ids)? {
            Ok(kept) => team.member_ids = kept,
            Err(faults) => {
                for (i, why) in faults {
                    errors.add(format!("link{}", i + 1), Why::Player(why).text(t));
                }
            }
        }
    }
    Ok(if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    })
}

/// The add or edit form of a team.
struct TeamForm {
    input: TeamInput,
    errors: FieldErrors,
    action: String,
    /// The team plays in a pairing, so its number stays.
    number_locked: bool,
    /// Focus the name field on arrival (adding team after team).
    autofocus: bool,
    /// The registry players named like the team's members, to pick from.
    candidates: Vec<Player>,
    /// The tournament is rated and has results: a changed link may need a reason.
    reason_asked: bool,
}

impl TeamForm {
    fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field)
    }

    /// Each member position's link field: (position from 1, the member's name as the form
    /// holds it, the text typed, the field's name).
    fn link_rows(&self) -> Vec<(usize, String, String, String)> {
        let members = split_members(&self.input.members);
        self.input
            .links()
            .iter()
            .enumerate()
            .map(|(i, text)| {
                (
                    i + 1,
                    members.get(i).cloned().unwrap_or_default(),
                    (*text).to_owned(),
                    format!("link{}", i + 1),
                )
            })
            .collect()
    }
}

/// One line of the team list.
struct TeamLine {
    number: TeamNo,
    name: String,
    club: String,
    members: String,
    member_count: usize,
    withdrawn: bool,
    paired: bool,
}

#[derive(Template)]
#[template(path = "director/teams_list.html")]
struct TeamsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    teams: Vec<TeamLine>,
    withdrawn: usize,
    form: TeamForm,
    /// A refused upload: every problem, `teams.csv:LINE: why`.
    upload_problems: Vec<String>,
}

fn head_of(roster: &Roster) -> TourHead {
    TourHead::new(&roster.slug, &roster.name, roster.published)
}

impl TeamsPage {
    /// The page with an empty add form (the next free number filled in).
    fn new(ctx: &Ctx, roster: &Roster) -> TeamsPage {
        let separator = ctx.t.t("list-separator");
        TeamsPage {
            ctx: ctx.clone(),
            tour: head_of(roster),
            section: "teams",
            teams: roster
                .teams
                .iter()
                .map(|t| TeamLine {
                    number: t.number,
                    name: t.name.clone(),
                    club: t.club.clone(),
                    members: t.members.join(&separator),
                    member_count: t.members.len(),
                    withdrawn: t.withdrawn,
                    paired: roster.paired.contains(&t.number),
                })
                .collect(),
            withdrawn: roster.teams.iter().filter(|t| t.withdrawn).count(),
            form: TeamForm {
                input: TeamInput {
                    number: roster.next_number().to_string(),
                    ..TeamInput::default()
                },
                errors: FieldErrors::default(),
                action: format!("/d/{}/teams", roster.slug),
                number_locked: false,
                autofocus: true,
                candidates: Vec::new(),
                reason_asked: false,
            },
            upload_problems: Vec::new(),
        }
    }
}

async fn roster(state: &AppState, slug: &str) -> Result<Roster, AppError> {
    let slug = slug.to_owned();
    with_db(state, move |conn| {
        db::load_roster(conn, &slug)?.ok_or_else(AppError::not_found)
    })
    .await
}

/// `GET /d/{slug}/teams`
async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let roster = roster(&state, &slug).await?;
    render(&ctx, &TeamsPage::new(&ctx, &roster))
}

/// The team list again with the add form as typed and its problems (status 422).
async fn refuse_add(
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
    input: TeamInput,
    errors: FieldErrors,
) -> Result<HttpResponse, AppError> {
    let roster = roster(state, slug).await?;
    let mut page = TeamsPage::new(ctx, &roster);
    page.form.candidates = candidates(state, &input).await?;
    page.form.input = input;
    page.form.errors = errors;
    page.form.autofocus = false;
    render_status(ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
}

/// `POST /d/{slug}/teams`: adds a team, its members linked to the players picked for them.
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    form: web::Form<TeamInput>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let slug = slug.into_inner();
    let input = form.into_inner();
    let mut team = match input.parse(&t) {
        Ok(team) => team,
        Err(errors) => return refuse_add(&ctx, &state, &slug, input, errors).await,
    };
    let target = slug.clone();
    let who = ctx.viewer.name();
    let links = input.links().map(str::to_owned);
    let added = with_db(&state, move |conn| {
        let links = links.each_ref().map(String::as_str);
        if let Err(errors) = link_members(conn, &mut team, links, &t)? {
            return Ok(Some(errors));
        }
        match db::add_team_as(conn, &target, &team, &who) {
            Ok(()) => Ok(None),
            Err(EditError::TeamNumberTaken(n)) => {
                let mut errors = FieldErrors::default();
                errors.add("number", t.a("director-teams-error-taken", "number", n));
                Ok(Some(errors))
            }
            Err(e) => Err(edit_error(e)),
        }
    })
    .await?;
    match added {
        None => Ok(redirect_with(
            &format!("/d/{slug}/teams"),
            "director-teams-flash-added",
        )),
        Some(errors) => refuse_add(&ctx, &state, &slug, input, errors).await,
    }
}

#[derive(Template)]
#[template(path = "director/teams_edit.html")]
struct EditPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    number: TeamNo,
    withdrawn: bool,
    form: TeamForm,
}

impl EditPage {
    fn new(ctx: &Ctx, roster: &Roster, number: TeamNo) -> Result<EditPage, AppError> {
        let team = roster.team(number).ok_or_else(AppError::not_found)?;
        Ok(EditPage {
            ctx: ctx.clone(),
            tour: head_of(roster),
            section: "teams",
            number,
            withdrawn: team.withdrawn,
            form: TeamForm {
                input: TeamInput::of(team),
                errors: FieldErrors::default(),
                action: format!("/d/{}/teams/{number}/edit", roster.slug),
                number_locked: roster.paired.contains(&number),
                autofocus: false,
                candidates: Vec::new(),
                reason_asked: roster.rated && !roster.paired.is_empty(),
            },
        })
    }
}

/// `GET /d/{slug}/teams/{no}/edit`
async fn edit_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TeamAt,
) -> Result<HttpResponse, AppError> {
    let roster = roster(&state, &at.tour.slug).await?;
    let mut page = EditPage::new(&ctx, &roster, at.team)?;
    page.form.candidates = candidates(&state, &page.form.input).await?;
    render(&ctx, &page)
}

/// `POST /d/{slug}/teams/{no}/edit`
async fn save(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TeamAt,
    form: web::Form<TeamInput>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let (slug, number) = (at.tour.slug, at.team);
    let input = form.into_inner();
    let saved = match input.parse(&t) {
        Err(errors) => Err(errors),
        Ok(mut team) => {
            let target = slug.clone();
            let who = ctx.viewer.name();
            let links = input.links().map(str::to_owned);
            let reason = input.reason.trim().to_owned();
            with_db(&state, move |conn| {
                let links = links.each_ref().map(String::as_str);
                if let Err(errors) = link_members(conn, &mut team, links, &t)? {
                    return Ok(Err(errors));
                }
                let mut errors = FieldErrors::default();
                let why = (who.as_str(), reason.as_str());
                match db::update_team_why(conn, &target, number, &team, why) {
                    Ok(()) => return Ok(Ok(())),
                    Err(EditError::Db(db::DbError::Refused(
                        refusal @ db::WriteRefusal::LinkReasonNeeded { .. },
                    ))) => {
                        errors.add("reason", refusal.text(&t));
                    }
                    Err(EditError::TeamNumberTaken(n)) => {
                        errors.add("number", t.a("director-teams-error-taken", "number", n));
                    }
                    Err(EditError::TeamPaired(_)) => {
                        errors.add("number", t.t("director-teams-error-paired"));
                    }
                    Err(e) => return Err(edit_error(e)),
                }
                Ok(Err(errors))
            })
            .await?
        }
    };
    match saved {
        Ok(()) => Ok(redirect_with(
            &format!("/d/{slug}/teams"),
            "director-teams-flash-saved",
        )),
        Err(errors) => {
            let roster = roster(&state, &slug).await?;
            let mut page = EditPage::new(&ctx, &roster, number)?;
            page.form.input = input;
            page.form.errors = errors;
            page.form.candidates = candidates(&state, &page.form.input).await?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

/// The registry players named like the members typed in `input` (what the form offers).
async fn candidates(state: &AppState, input: &TeamInput) -> Result<Vec<Player>, AppError> {
    let names = split_members(&input.members);
    with_db(state, move |conn| Ok(players::links::named(conn, &names)?)).await
}

async fn mark(
    ctx: &Ctx,
    state: &AppState,
    at: TeamAt,
    withdrawn: bool,
) -> Result<HttpResponse, AppError> {
    let (slug, number) = (at.tour.slug, at.team);
    let target = slug.clone();
    let who = ctx.viewer.name();
    with_db(state, move |conn| {
        db::set_withdrawn_as(conn, &target, number, withdrawn, &who).map_err(edit_error)
    })
    .await?;
    let flash = if withdrawn {
        "director-teams-flash-withdrawn"
    } else {
        "director-teams-flash-reinstated"
    };
    Ok(redirect_with(&format!("/d/{slug}/teams"), flash))
}

#[derive(Template)]
#[template(path = "director/teams_withdraw.html")]
struct WithdrawPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    number: TeamNo,
    /// "3 长城"
    label: String,
    /// What happens to each unfinished match the team is paired in, in words.
    pending: Vec<String>,
}

/// `GET /d/{slug}/teams/{no}/withdraw`: the confirmation, with the team's matches in
/// rounds not finished yet and what happens to them.
async fn withdraw_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TeamAt,
) -> Result<HttpResponse, AppError> {
    let number = at.team;
    let snap = at.tour.snapshot(&state).await?;
    let (event, report) = (&snap.event, &snap.report);
    let team = event.team(number).ok_or_else(AppError::not_found)?;
    let t = &ctx.t;
    let name_of = |n: TeamNo| {
        event
            .team(n)
            .map(|x| format!("{n} {}", x.name))
            .unwrap_or_else(|| n.to_string())
    };
    let pending = report
        .matches
        .iter()
        .filter(|m| m.figures.status == crate::rules::MatchStatus::InProgress)
        .filter_map(|m| m.side_of(number).map(|(_, opponent)| (m, opponent)))
        .map(|(m, opponent)| {
            t.args(
                "director-teams-withdraw-pending",
                &[
                    ("round", m.round.into()),
                    ("table", m.table.into()),
                    ("opponent", opponent.map(name_of).unwrap_or_default().into()),
                ],
            )
        })
        .collect();
    let page = WithdrawPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "teams",
        number,
        label: format!("{number} {}", team.name),
        pending,
    };
    render(&ctx, &page)
}

/// `POST /d/{slug}/teams/{no}/withdraw`
async fn withdraw(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TeamAt,
) -> Result<HttpResponse, AppError> {
    mark(&ctx, &state, at, true).await
}

/// `POST /d/{slug}/teams/{no}/reinstate`
async fn reinstate(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TeamAt,
) -> Result<HttpResponse, AppError> {
    mark(&ctx, &state, at, false).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(number: &str, name: &str, members: &str) -> TeamInput {
        TeamInput {
            number: number.to_owned(),
            name: name.to_owned(),
            club: " Riverside ".to_owned(),
            members: members.to_owned(),
            ..TeamInput::default()
        }
    }

    #[test]
    fn members_come_one_per_line_or_separated_by_semicolons() {
        let t = Tr::en();
        let team = input("7", " <b>Red</b> ", "Ann\r\nBo; Cy\n\n Di ；Ed")
            .parse(&t)
            .unwrap();
        assert_eq!(team.number, TeamNo(7));
        assert_eq!(team.name, "<b>Red</b>");
        assert_eq!(team.club, "Riverside");
        assert_eq!(team.members, ["Ann", "Bo", "Cy", "Di", "Ed"]);
        assert!(input("1", "x", "").parse(&t).unwrap().members.is_empty());
    }

    #[test]
    fn problems_name_their_field() {
        let t = Tr::en();
        let fields = |i: TeamInput| -> Vec<String> {
            i.parse(&t)
                .unwrap_err()
                .all()
                .map(|(f, _)| f.to_owned())
                .collect()
        };
        assert_eq!(fields(input("0", "x", "")), ["number"]);
        assert_eq!(fields(input("two", "x", "")), ["number"]);
        assert_eq!(fields(input("2", "  ", "")), ["name"]);
        assert_eq!(fields(input("2", "x", "a;b;c;d;e;f;g")), ["members"]);
    }
}
