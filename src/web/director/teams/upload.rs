//! A `teams.csv` upload on the director's teams page: read by the archive's own reader (so
//! the checks and messages are those of an import), its member links checked against the
//! registry, and every team added in one save.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use super::super::tournaments::edit_error;
use super::{MAX_MEMBERS, TeamsPage, roster};
use crate::archive::{self, Problem};
use crate::db::{self, players};
use crate::input::Why;
use crate::rules::Team;
use crate::web::i18n::Tr;
use crate::web::page::{Ctx, redirect_with, render_status, with_db};
use crate::web::{AppError, AppState};

/// The upload form: one file.
#[derive(MultipartForm)]
pub(super) struct TeamsUpload {
    #[multipart(limit = "2MiB")]
    file: Option<Bytes>,
}

/// Teams as a file gave them, each with its line.
type TeamLines = Vec<(u64, Team)>;

/// Reads an uploaded `teams.csv`: the teams with their lines, or every problem as
/// `teams.csv:LINE: why`. The flag says the file was GB18030, not UTF-8.
fn read_upload(t: &Tr, file: Option<&Bytes>) -> Result<(TeamLines, bool), Vec<String>> {
    let Some(file) = file.filter(|f| !f.data.is_empty()) else {
        return Err(vec![t.t("director-teams-upload-none")]);
    };
    let Some((text, gb18030)) = archive::files::decode_text(&file.data) else {
        let line = archive::files::first_bad_line(&file.data);
        return Err(vec![Problem::at("teams.csv", line, Why::NotUtf8).text(t)]);
    };
    let text = text.as_str();
    let strings = |problems: Vec<Problem>| problems.iter().map(|p| p.text(t)).collect();
    let lines = archive::parse_teams(text).map_err(strings)?;
    let too_many: Vec<Problem> = lines
        .iter()
        .filter(|(_, team)| team.members.len() > MAX_MEMBERS)
        .map(|(line, team)| {
            Problem::at(
                "teams.csv",
                *line,
                Why::TooManyMembers {
                    team: team.number,
                    members: team.members.len(),
                    max: MAX_MEMBERS,
                },
            )
        })
        .collect();
    if !too_many.is_empty() {
        return Err(strings(too_many));
    }
    Ok((lines, gb18030))
}

/// Links the members of uploaded teams as their `member_ids` say, checked against the
/// registry: every problem as `teams.csv:LINE: why`.
fn check_upload_links(
    conn: &mut db::DbConnection,
    lines: TeamLines,
    t: &Tr,
) -> Result<Result<Vec<Team>, Vec<String>>, db::DbError> {
    let mut problems = Vec::new();
    let mut teams = Vec::with_capacity(lines.len());
    for (line, mut team) in lines {
        if team.member_ids.is_empty() {
            teams.push(team);
            continue;
        }
        match players::links::check_member_links(conn, &team.members, &team.member_ids)? {
            Ok(kept) => team.member_ids = kept,
            Err(faults) => problems.extend(
                faults
                    .into_iter()
                    .map(|(_, why)| Problem::at("teams.csv", line, Why::Player(why)).text(t)),
            ),
        }
        teams.push(team);
    }
    Ok(if problems.is_empty() {
        Ok(teams)
    } else {
        Err(problems)
    })
}

/// `POST /d/{slug}/teams/upload`: adds the new numbers and updates the existing ones, all
/// or nothing.
pub(super) async fn upload(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    form: MultipartForm<TeamsUpload>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let (teams, gb18030) = match read_upload(&ctx.t, form.file.as_ref()) {
        Ok(read) => read,
        Err(problems) => {
            let roster = roster(&state, &slug).await?;
            let mut page = TeamsPage::new(&ctx, &roster);
            page.form.autofocus = false;
            page.upload_problems = problems;
            return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let target = slug.clone();
    let who = ctx.viewer.name();
    let t = ctx.t;
    let refused = with_db(&state, move |conn| {
        let teams = match check_upload_links(conn, teams, &t)? {
            Ok(teams) => teams,
            Err(problems) => return Ok(Some(problems)),
        };
        db::upsert_teams_as(conn, &target, &teams, &who).map_err(edit_error)?;
        Ok(None)
    })
    .await?;
    if let Some(problems) = refused {
        let roster = roster(&state, &slug).await?;
        let mut page = TeamsPage::new(&ctx, &roster);
        page.form.autofocus = false;
        page.upload_problems = problems;
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    Ok(redirect_with(
        &format!("/d/{slug}/teams"),
        if gb18030 {
            "director-teams-flash-uploaded-gb18030"
        } else {
            "director-teams-flash-uploaded"
        },
    ))
}
