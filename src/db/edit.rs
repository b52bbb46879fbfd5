//! Editing a stored tournament piece by piece, as the director's pages do: creating one
//! from its settings, changing the settings, adding, editing, withdrawing and uploading
//! teams. Every function that changes several rows does so in one transaction.
//!
//! Refusals a director can mend (a taken slug or team number, settings that contradict
//! entered results) come back as [`EditError`] variants; anything else is
//! [`EditError::Db`].

use super::now;
use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel::upsert::excluded;

use super::DbError;
use super::audit::{self, Place};
use super::connection::{DbConnection, chunk_len, per_backend};
use super::schema::{matches, rounds, team_members, teams, tournaments};
use super::tournament::{
    TEAM_COLUMNS, insert_event, insert_members, insert_teams, load_event, settings_from_row,
    slug_exists, tournament_form,
};
use crate::rules::change::{self, Conflict};
use crate::rules::{Event, Settings, Team, TeamNo};

/// Why an edit was refused.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    #[error("no tournament has this slug")]
    NoTournament,
    #[error("the tournament has no team {0}")]
    NoTeam(TeamNo),
    #[error("slug \"{0}\" is taken by another tournament")]
    SlugTaken(String),
    #[error("team number {0} is taken")]
    TeamNumberTaken(TeamNo),
    #[error("team {0} plays in a pairing, so its number cannot change")]
    TeamPaired(TeamNo),
    /// The new settings contradict results already entered.
    #[error("the new settings contradict {} entered result(s)", .0.len())]
    Conflicts(Vec<Conflict>),
    /// A change of the deck count would change the cards of a round that has had a result
    /// (docs/rules.md §13): the round named.
    #[error("round {0} has had a result: its cards are fixed, so the deck count cannot change")]
    CardsFixed(i32),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for EditError {
    fn from(e: diesel::result::Error) -> Self {
        EditError::Db(DbError::from(e))
    }
}

/// The id of the tournament with this slug.
/// The tournament's id, its row locked for the rest of the (write) transaction, so that
/// team numbers are checked and taken one change at a time on both backends.
fn tournament_id(conn: &mut DbConnection, slug: &str) -> Result<i32, EditError> {
    super::rounds::lock_tournament(conn, slug)?.ok_or(EditError::NoTournament)
}

/// A tournament's settings alone, without its teams and results; `None` for an unknown slug.
pub fn load_settings(conn: &mut DbConnection, slug: &str) -> Result<Option<Settings>, DbError> {
    super::tournament::tournament_row(conn, slug)?
        .map(|row| {
            let mut settings = settings_from_row(&row)?;
            settings.occasion = super::occasion::load(conn, row.id)?;
            Ok(settings)
        })
        .transpose()
}

/// Creates an empty tournament (no teams, no rounds) and returns its id.
pub fn create_tournament(conn: &mut DbConnection, settings: &Settings) -> Result<i32, EditError> {
    if slug_exists(conn, &settings.slug)? {
        return Err(EditError::SlugTaken(settings.slug.clone()));
    }
    let event = Event {
        settings: settings.clone(),
        teams: Vec::new().into(),
        rounds: Vec::new(),
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    // Another request may take the slug between the check and the insert.
    insert_event(conn, &event).map_err(|e| {
        if e.is_unique_violation() {
            EditError::SlugTaken(settings.slug.clone())
        } else {
            EditError::Db(e)
        }
    })
}

/// What a change of settings does to the deals of tournament `id`: a new deck count clears
/// the cards (refused when a round with cards has had a result, docs/rules.md §13), and
/// publishing dates the commitments the public could not see before.
fn deals_follow(
    conn: &mut DbConnection,
    id: i32,
    (old, new): (&Settings, &Settings),
    who: &str,
) -> Result<(), EditError> {
    if new.decks() != old.decks()
        && let Some(round) = super::deals::clear_for_decks(conn, id, who)?
    {
        return Err(EditError::CardsFixed(round));
    }
    if new.published && !old.published {
        super::deals::publish_commitments(conn, id)?;
    }
    Ok(())
}

/// Replaces the settings of the tournament called `slug` (its slug may change too), in one
/// transaction, unless they contradict a result already entered
/// ([`EditError::Conflicts`]) or the new slug is taken ([`EditError::SlugTaken`]).
///
/// By `who`: every changed key goes in the audit trail.
pub fn update_settings_as(
    conn: &mut DbConnection,
    slug: &str,
    new: &Settings,
    who: &str,
) -> Result<(), EditError> {
    super::write_transaction(conn, |conn| {
        let event = load_event(conn, slug)?.ok_or(EditError::NoTournament)?;
        let found = change::conflicts(&event, new);
        if !found.is_empty() {
            return Err(EditError::Conflicts(found));
        }
        if new.slug != slug && slug_exists(conn, &new.slug)? {
            return Err(EditError::SlugTaken(new.slug.clone()));
        }
        let id = tournament_id(conn, slug)?;
        if !new.published && super::standing::is_rated(conn, id)? {
            return Err(DbError::Refused(super::WriteRefusal::RatedStaysPublished).into());
        }
        deals_follow(conn, id, (&event.settings, new), who)?;
        let row = tournament_form(new, now());
        let updated = diesel::update(tournaments::table.filter(tournaments::slug.eq(slug)))
            .set((
                tournaments::slug.eq(row.slug),
                tournaments::name.eq(row.name),
                tournaments::published.eq(row.published),
                tournaments::decks.eq(row.decks),
                tournaments::rules.eq(row.rules),
                tournaments::takeover_at.eq(row.takeover_at),
                tournaments::bands.eq(row.bands),
                tournaments::step.eq(row.step),
                tournaments::bottom_multiplier.eq(row.bottom_multiplier),
                tournaments::match_scoring.eq(row.match_scoring),
                tournaments::vp_blitz.eq(row.vp_blitz),
                tournaments::win_points.eq(row.win_points),
                tournaments::draw_points.eq(row.draw_points),
                tournaments::loss_points.eq(row.loss_points),
                tournaments::bye_score.eq(row.bye_score),
                tournaments::tiebreaks.eq(row.tiebreaks),
                tournaments::pairing.eq(row.pairing),
                tournaments::swiss_seed.eq(row.swiss_seed),
                tournaments::table_entry.eq(row.table_entry),
                tournaments::table_approval.eq(row.table_approval),
                tournaments::table_codes.eq(row.table_codes),
                tournaments::correction_minutes.eq(row.correction_minutes),
                tournaments::publish_draw.eq(row.publish_draw),
                tournaments::updated_at.eq(row.updated_at),
            ))
            .execute(conn);
        match updated {
            Ok(_) => {
                let changes = audit::keyed_changes(
                    &audit::settings_pairs(&event.settings),
                    &audit::settings_pairs(new),
                );
                let id = tournament_id(conn, &new.slug)?;
                super::occasion::save(conn, id, &new.occasion)?;
                super::revision::bump(conn, id)?;
                audit::record(conn, id, who, SETTINGS, &changes)?;
                Ok(())
            }
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => Err(EditError::SlugTaken(new.slug.clone())),
            Err(e) => Err(e.into()),
        }
    })
}

/// A tournament's teams, for the director's team list.
#[derive(Clone, Debug)]
pub struct Roster {
    pub slug: String,
    pub name: String,
    pub published: bool,
    /// Rated (docs/rules.md §14): a member's link changed after a result needs a reason.
    pub rated: bool,
    /// By team number, members in their order.
    pub teams: Vec<Team>,
    /// The numbers of the teams that play in a pairing (home, away or bye).
    pub paired: HashSet<TeamNo>,
}

impl Roster {
    pub fn team(&self, number: TeamNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// The number after the highest one in use.
    pub fn next_number(&self) -> TeamNo {
        let highest = self.teams.iter().map(|t| t.number.get()).max();
        TeamNo(highest.unwrap_or(0).saturating_add(1))
    }
}

/// The teams of the tournament called `slug` with their members, and which of them are
/// paired; `None` for an unknown slug. Four queries, whatever the size of the event.
pub fn load_roster(conn: &mut DbConnection, slug: &str) -> Result<Option<Roster>, DbError> {
    let Some((id, slug, name, published, rated)) = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((
            tournaments::id,
            tournaments::slug,
            tournaments::name,
            tournaments::published,
            tournaments::rated,
        ))
        .first::<(i32, String, String, bool, bool)>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let (teams, numbers) = super::teams::load_teams(conn, id)?;
    let pairings: Vec<(i32, Option<i32>)> = matches::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(id))
        .select((matches::home_team_id, matches::away_team_id))
        .load(conn)?;

    let paired = pairings
        .into_iter()
        .flat_map(|(home, away)| std::iter::once(home).chain(away))
        .filter_map(|id| numbers.get(&id).copied())
        .collect();
    Ok(Some(Roster {
        slug,
        name,
        published,
        rated,
        teams,
        paired,
    }))
}

/// The row id of team `number`, if the tournament has it.
fn team_id(conn: &mut DbConnection, tournament: i32, number: TeamNo) -> QueryResult<Option<i32>> {
    teams::table
        .filter(teams::tournament_id.eq(tournament))
        .filter(teams::team_no.eq(number.get()))
        .select(teams::id)
        .first(conn)
        .optional()
}

const TEAMS: Place<'static> = Place {
    area: "teams",
    round: None,
    table: None,
};

const SETTINGS: Place<'static> = Place {
    area: "settings",
    round: None,
    table: None,
};

/// The tournament's teams by number, for the audit trail's "before".
fn teams_now(conn: &mut DbConnection, slug: &str) -> Result<HashMap<TeamNo, Team>, EditError> {
    let roster = load_roster(conn, slug)?.ok_or(EditError::NoTournament)?;
    Ok(roster.teams.into_iter().map(|t| (t.number, t)).collect())
}

/// Adds one team with its members, refusing a number that is taken.
///
/// By `who`, in the audit trail.
pub fn add_team_as(
    conn: &mut DbConnection,
    slug: &str,
    team: &Team,
    who: &str,
) -> Result<(), EditError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        let tournament = tournament_id(conn, slug)?;
        super::revision::bump(conn, tournament)?;
        if team_id(conn, tournament, team.number)?.is_some() {
            return Err(EditError::TeamNumberTaken(team.number));
        }
        insert_teams(conn, tournament, std::slice::from_ref(team), max_binds)?;
        let changes: Vec<_> = audit::team_change(team.number, None, Some(team))
            .into_iter()
            .collect();
        audit::record(conn, tournament, who, TEAMS, &changes)?;
        Ok(())
    })
}

/// Replaces team `number`'s number, name, club and members (its withdrawn mark stays). The
/// number may change only while the team is in no pairing, and not to one that is taken.
///
/// By `who`, in the audit trail (a new number as `team 3 → 5`).
pub fn update_team_as(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    team: &Team,
    who: &str,
) -> Result<(), EditError> {
    update_team_why(conn, slug, number, team, (who, ""))
}

/// [`update_team_as`] for `reason`: in a rated tournament a member's link changes without
/// one only while the member has not sat in a room with a result (docs/rules.md §14); the
/// audit trail keeps the reason.
pub fn update_team_why(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    team: &Team,
    (who, reason): (&str, &str),
) -> Result<(), EditError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        let tournament = tournament_id(conn, slug)?;
        super::revision::bump(conn, tournament)?;
        let id = team_id(conn, tournament, number)?.ok_or(EditError::NoTeam(number))?;
        let before = teams_now(conn, slug)?;
        if team.number != number {
            let paired: bool = diesel::select(diesel::dsl::exists(
                matches::table.filter(
                    matches::home_team_id
                        .eq(id)
                        .or(matches::away_team_id.eq(id)),
                ),
            ))
            .get_result(conn)?;
            if paired {
                return Err(EditError::TeamPaired(number));
            }
            if team_id(conn, tournament, team.number)?.is_some() {
                return Err(EditError::TeamNumberTaken(team.number));
            }
        }
        if let Some(old) = before.get(&number) {
            super::standing::check_link_reason(conn, (tournament, id), old, team, reason)?;
        }
        diesel::update(teams::table.find(id))
            .set((
                teams::team_no.eq(team.number.get()),
                teams::name.eq(&team.name),
                teams::club.eq(&team.club),
            ))
            .execute(conn)?;
        diesel::delete(team_members::table.filter(team_members::team_id.eq(id))).execute(conn)?;
        let ids = HashMap::from([(team.number, id)]);
        insert_members(conn, &ids, std::slice::from_ref(team), max_binds)?;
        super::lineups::relink_lineups(conn, super::lineups::LinkScope::Team(id))?;
        if let Some(old) = before.get(&number) {
            let after = Team {
                withdrawn: old.withdrawn,
                ..team.clone()
            };
            let changes: Vec<_> = audit::team_change(number, Some(old), Some(&after))
                .map(|c| audit::Change {
                    subject: if team.number == number {
                        c.subject
                    } else {
                        audit::Subject::Renumbered {
                            from: number,
                            to: team.number,
                        }
                    },
                    ..c
                })
                .into_iter()
                .collect();
            audit::record_why(conn, tournament, (who, reason), TEAMS, &changes)?;
        }
        Ok(())
    })
}

/// Marks team `number` withdrawn (it keeps its results and is paired no more) or back in.
///
/// By `who`, in the audit trail.
pub fn set_withdrawn_as(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    withdrawn: bool,
    who: &str,
) -> Result<(), EditError> {
    super::write_transaction(conn, |conn| {
        set_withdrawn_in(conn, slug, number, withdrawn, who)
    })
}

fn set_withdrawn_in(
    conn: &mut DbConnection,
    slug: &str,
    number: TeamNo,
    withdrawn: bool,
    who: &str,
) -> Result<(), EditError> {
    let tournament = tournament_id(conn, slug)?;
    super::revision::bump(conn, tournament)?;
    let before = teams_now(conn, slug)?;
    let changed = diesel::update(
        teams::table
            .filter(teams::tournament_id.eq(tournament))
            .filter(teams::team_no.eq(number.get())),
    )
    .set(teams::withdrawn.eq(withdrawn))
    .execute(conn)?;
    if changed == 0 {
        return Err(EditError::NoTeam(number));
    }
    if let Some(old) = before.get(&number) {
        let after = Team {
            withdrawn,
            ..old.clone()
        };
        let changes: Vec<_> = audit::team_change(number, Some(old), Some(&after))
            .into_iter()
            .collect();
        audit::record(conn, tournament, who, TEAMS, &changes)?;
    }
    Ok(())
}

/// What [`upsert_teams`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Upserted {
    pub added: usize,
    pub updated: usize,
}

/// Adds the teams whose numbers are new and replaces the name, club and members of those
/// that exist (their withdrawn mark stays), all in one transaction. Teams not in the list
/// are left alone. The numbers in `list` must be distinct.
///
/// By `who`: every added or changed team goes in the audit trail.
pub fn upsert_teams_as(
    conn: &mut DbConnection,
    slug: &str,
    list: &[Team],
    who: &str,
) -> Result<Upserted, EditError> {
    let max_binds = conn.backend().max_binds();
    super::write_transaction(conn, |conn| {
        let tournament = tournament_id(conn, slug)?;
        super::revision::bump(conn, tournament)?;
        let before = teams_now(conn, slug)?;
        let existing: HashSet<TeamNo> = teams::table
            .filter(teams::tournament_id.eq(tournament))
            .select(teams::team_no)
            .load::<i32>(conn)?
            .into_iter()
            .map(TeamNo)
            .collect();
        for t in list {
            if let Some(old) = before.get(&t.number)
                && let Some(id) = team_id(conn, tournament, t.number)?
            {
                super::standing::check_link_reason(conn, (tournament, id), old, t, "")?;
            }
        }
        let forms: Vec<super::models::NewTeam> = list
            .iter()
            .map(|t| super::models::NewTeam {
                tournament_id: tournament,
                team_no: t.number.get(),
                name: &t.name,
                club: &t.club,
                withdrawn: false,
            })
            .collect();
        let mut ids: HashMap<TeamNo, i32> = HashMap::with_capacity(forms.len());
        for chunk in forms.chunks(chunk_len(max_binds, TEAM_COLUMNS)) {
            let rows: Vec<(i32, i32)> =
                per_backend!(&mut *conn, |c| diesel::insert_into(teams::table)
                    .values(chunk)
                    .on_conflict((teams::tournament_id, teams::team_no))
                    .do_update()
                    .set((
                        teams::name.eq(excluded(teams::name)),
                        teams::club.eq(excluded(teams::club)),
                    ))
                    .returning((teams::team_no, teams::id))
                    .get_results(c))?;
            ids.extend(rows.into_iter().map(|(number, id)| (TeamNo(number), id)));
        }
        let updated: Vec<i32> = list
            .iter()
            .filter(|t| existing.contains(&t.number))
            .map(|t| ids[&t.number])
            .collect();
        for chunk in updated.chunks(max_binds.saturating_sub(1).max(1)) {
            diesel::delete(team_members::table.filter(team_members::team_id.eq_any(chunk)))
                .execute(conn)?;
        }
        insert_members(conn, &ids, list, max_binds)?;
        super::lineups::relink_lineups(conn, super::lineups::LinkScope::Tournament(tournament))?;
        let changes: Vec<_> = list
            .iter()
            .filter_map(|t| {
                let old = before.get(&t.number);
                let after = Team {
                    withdrawn: old.is_some_and(|o| o.withdrawn),
                    ..t.clone()
                };
                audit::team_change(t.number, old, Some(&after))
            })
            .collect();
        audit::record(conn, tournament, who, TEAMS, &changes)?;
        Ok(Upserted {
            added: list.len() - updated.len(),
            updated: updated.len(),
        })
    })
}

/// Replaces the stages of the tournament `slug` in one write transaction and raises its
/// revision, each changed key of each stage in the audit trail by `who`; `false` for an
/// unknown slug.
pub(crate) fn save_stages(
    conn: &mut DbConnection,
    slug: &str,
    list: &[crate::rules::stages::Stage],
    who: &str,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        let Some(id) = super::rounds::lock_tournament(conn, slug)? else {
            return Ok(false);
        };
        let before = super::stages::load_stages(conn, id)?;
        super::stages::replace_stages(conn, id, list)?;
        let place = Place {
            area: "stages",
            round: None,
            table: None,
        };
        audit::record(conn, id, who, place, &audit::stage_changes(&before, list))?;
        super::revision::bump(conn, id)?;
        Ok(true)
    })
}
