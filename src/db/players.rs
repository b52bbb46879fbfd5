//! The installation's player registry (docs/rules.md §14): players with an id that is never
//! issued twice, found by name, second name, club, federation number or id; merged and
//! removed by administrators only; every change kept in the registry's own trail
//! (`player_audit`).
//!
//! Ids: `player_ids` holds every id ever issued. A merge keeps the lower id, renames every
//! event row (team members, line-ups) to it and records the other as merged into it, so an
//! archive naming the other reads as the kept one ([`resolve`]); a removal unlinks every
//! event row (the name as typed stays) and marks the id removed. Neither id is issued again.
//! `players.csv` is read and written in [`file`].

pub mod events;
pub mod file;
pub mod links;

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;

use super::DbError;
use super::connection::DbConnection;
use super::schema::{
    lineups, matches, player_audit, player_ids, players, rounds, table_results, team_members,
    teams, tournaments,
};
use crate::input::text::check_text_within;
use crate::input::{PlayerWhy, Why};
use crate::rules::player_id::PlayerId;

/// A player of the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub fields: PlayerFields,
}

/// What a player's row holds besides the id: checked by [`PlayerFields::check`] before it
/// is stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerFields {
    pub name: String,
    /// Pinyin or English; empty when none.
    pub second_name: String,
    pub club: String,
    /// Empty when none; one player's at most.
    pub federation_no: String,
    /// Whether the player's cross-event page is public.
    pub public: bool,
}

impl PlayerFields {
    /// Why these fields cannot be stored, by column (`name` must not be empty; every text
    /// within the name limit and without control characters).
    pub fn check(&self) -> Option<Why> {
        if self.name.trim().is_empty() {
            return Some(Why::Empty {
                column: "name".into(),
            });
        }
        [
            ("name", &self.name),
            ("second_name", &self.second_name),
            ("club", &self.club),
            ("federation_no", &self.federation_no),
        ]
        .into_iter()
        .find_map(|(column, text)| check_text_within(column, text, crate::limits::NAME))
    }

    /// The fields as the trail writes them: `王伟 | Wang Wei | 北京 | CN-1 | public`.
    pub fn text(&self) -> String {
        let public = if self.public { "public" } else { "private" };
        format!(
            "{} | {} | {} | {} | {public}",
            self.name, self.second_name, self.club, self.federation_no
        )
    }

    /// Whether `name` is this player's name or second name (how a linked member must be
    /// named, docs/rules.md §14).
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || (!self.second_name.is_empty() && self.second_name == name)
    }
}

/// Who changes the registry: their user name for the trail, and whether they are an
/// administrator (merges, removals and imports are theirs only).
#[derive(Clone, Copy, Debug)]
pub struct Actor<'a> {
    pub name: &'a str,
    pub admin: bool,
}

impl Actor<'static> {
    /// The operator at the command line (`fushi players import`): an administrator, named
    /// `operator` in the trail.
    pub fn operator() -> Actor<'static> {
        Actor {
            name: "operator",
            admin: true,
        }
    }
}

/// Why a change to the registry did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("{0}")]
    Refused(Why),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for RegistryError {
    fn from(e: diesel::result::Error) -> RegistryError {
        RegistryError::Db(DbError::from(e))
    }
}

impl From<PlayerWhy> for RegistryError {
    fn from(why: PlayerWhy) -> RegistryError {
        RegistryError::Refused(Why::Player(why))
    }
}

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = players)]
struct PlayerRow {
    id: i64,
    name: String,
    second_name: String,
    club: String,
    federation_no: String,
    public: bool,
}

impl PlayerRow {
    fn of(id: PlayerId, f: &PlayerFields) -> Result<PlayerRow, DbError> {
        Ok(PlayerRow {
            id: number(id)?,
            name: f.name.clone(),
            second_name: f.second_name.clone(),
            club: f.club.clone(),
            federation_no: f.federation_no.clone(),
            public: f.public,
        })
    }

    fn player(self) -> Result<Player, DbError> {
        Ok(Player {
            id: stored_id(self.id, "players")?,
            fields: PlayerFields {
                name: self.name,
                second_name: self.second_name,
                club: self.club,
                federation_no: self.federation_no,
                public: self.public,
            },
        })
    }
}

/// An id's number as the database keeps it (a signed 64-bit integer).
pub(crate) fn number(id: PlayerId) -> Result<i64, DbError> {
    i64::try_from(id.number()).map_err(|_| DbError::Corrupt(format!("player id {id} too large")))
}

pub(crate) fn stored_id(n: i64, table: &str) -> Result<PlayerId, DbError> {
    u64::try_from(n)
        .ok()
        .and_then(PlayerId::from_number)
        .ok_or_else(|| DbError::Corrupt(format!("{table}: player id {n} is not an id")))
}

/// The largest id the database can keep (ids above it are refused as too large).
pub(crate) const MAX_ID: u64 = i64::MAX as u64;

/// The player `id`, if the registry has them.
pub fn get(conn: &mut DbConnection, id: PlayerId) -> Result<Option<Player>, DbError> {
    let Ok(n) = number(id) else { return Ok(None) };
    players::table
        .find(n)
        .select(PlayerRow::as_select())
        .first(conn)
        .optional()?
        .map(PlayerRow::player)
        .transpose()
}

/// Every player, by id.
pub fn all(conn: &mut DbConnection) -> Result<Vec<Player>, DbError> {
    players::table
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(conn)?
        .into_iter()
        .map(PlayerRow::player)
        .collect()
}

/// Every player whose cross-event page is public, by id.
pub fn public_players(conn: &mut DbConnection) -> Result<Vec<Player>, DbError> {
    players::table
        .filter(players::public.eq(true))
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(conn)?
        .into_iter()
        .map(PlayerRow::player)
        .collect()
}

/// Every player's current name, by id (what `ratings.csv` and `series.csv` write).
pub fn names(conn: &mut DbConnection) -> Result<BTreeMap<PlayerId, String>, DbError> {
    players::table
        .select((players::id, players::name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .map(|(n, name)| Ok((stored_id(n, "players")?, name)))
        .collect()
}

/// The names of those of `ids` whose cross-event page is public, by id (the others, and
/// ids not in the registry, are left out).
pub fn public_names_of(
    conn: &mut DbConnection,
    ids: &[PlayerId],
) -> Result<BTreeMap<PlayerId, String>, DbError> {
    let numbers = ids
        .iter()
        .map(|&id| number(id))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = BTreeMap::new();
    for chunk in numbers.chunks(500) {
        let rows: Vec<(i64, String)> = players::table
            .filter(players::id.eq_any(chunk))
            .filter(players::public.eq(true))
            .select((players::id, players::name))
            .load(conn)?;
        for (n, name) in rows {
            out.insert(stored_id(n, "players")?, name);
        }
    }
    Ok(out)
}

/// What an id issued by this registry stands for now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdNow {
    /// Never issued here.
    Unknown,
    /// A player of the registry: this id itself, or the one it was merged into.
    Player(PlayerId),
    /// Issued to a player since removed.
    Removed,
}

/// What `id` stands for now: an archive naming a merged-away id reads as the kept one.
pub fn resolve(conn: &mut DbConnection, id: PlayerId) -> Result<IdNow, DbError> {
    let Ok(n) = number(id) else {
        return Ok(IdNow::Unknown);
    };
    let row: Option<(Option<i64>, bool)> = player_ids::table
        .find(n)
        .select((player_ids::merged_into, player_ids::removed))
        .first(conn)
        .optional()?;
    Ok(match row {
        None => IdNow::Unknown,
        Some((_, true)) => IdNow::Removed,
        Some((None, false)) => IdNow::Player(id),
        Some((Some(kept), false)) => IdNow::Player(stored_id(kept, "player_ids")?),
    })
}

/// The players whose name, second name, club or federation number holds `text` (letters
/// in any case), or whose id it is; by id, at most `limit`.
pub fn find(conn: &mut DbConnection, text: &str, limit: i64) -> Result<Vec<Player>, DbError> {
    diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);
    let text = text.trim();
    let by_id = PlayerId::parse(text).ok().and_then(|id| number(id).ok());
    let mut escaped = String::new();
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    let pattern = format!("%{escaped}%");
    players::table
        .filter(
            lower(players::name)
                .like(&pattern)
                .escape('\\')
                .or(lower(players::second_name).like(&pattern).escape('\\'))
                .or(lower(players::club).like(&pattern).escape('\\'))
                .or(lower(players::federation_no).like(&pattern).escape('\\'))
                .or(players::id.eq(by_id.unwrap_or(0))),
        )
        .order(players::id)
        .limit(limit)
        .select(PlayerRow::as_select())
        .load(conn)?
        .into_iter()
        .map(PlayerRow::player)
        .collect()
}

/// Pairs of players who may be one person: the same name (or one's name the other's second
/// name) and the same club, lower id first. Only suggested: a merge needs an administrator's
/// click.
pub fn likely_duplicates(conn: &mut DbConnection) -> Result<Vec<(Player, Player)>, DbError> {
    let everyone = all(conn)?;
    let mut by_key: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, p) in everyone.iter().enumerate() {
        let club = p.fields.club.trim().to_lowercase();
        for name in [&p.fields.name, &p.fields.second_name] {
            let name = name.trim().to_lowercase();
            if !name.is_empty() {
                by_key.entry((name, club.clone())).or_default().push(i);
            }
        }
    }
    let mut pairs = BTreeSet::new();
    for group in by_key.values() {
        for (k, &a) in group.iter().enumerate() {
            for &b in &group[k + 1..] {
                if a != b {
                    pairs.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    Ok(pairs
        .into_iter()
        .map(|(a, b)| (everyone[a].clone(), everyone[b].clone()))
        .collect())
}

fn next_id(conn: &mut DbConnection) -> Result<i64, DbError> {
    let max: Option<i64> = player_ids::table
        .select(diesel::dsl::max(player_ids::id))
        .first(conn)?;
    Ok(max.unwrap_or(0) + 1)
}

fn federation_holder(conn: &mut DbConnection, number: &str) -> Result<Option<PlayerId>, DbError> {
    if number.is_empty() {
        return Ok(None);
    }
    players::table
        .filter(players::federation_no.eq(number))
        .select(players::id)
        .first::<i64>(conn)
        .optional()?
        .map(|n| stored_id(n, "players"))
        .transpose()
}

/// Refuses a federation number another player than `me` holds.
fn check_federation(
    conn: &mut DbConnection,
    number: &str,
    me: Option<PlayerId>,
) -> Result<(), RegistryError> {
    match federation_holder(conn, number)? {
        Some(holder) if Some(holder) != me => Err(PlayerWhy::FederationTaken {
            number: number.to_owned(),
            holder,
        }
        .into()),
        _ => Ok(()),
    }
}

/// Adds a player under the next id never issued.
pub fn add(
    conn: &mut DbConnection,
    fields: &PlayerFields,
    by: Actor<'_>,
) -> Result<PlayerId, RegistryError> {
    if let Some(why) = fields.check() {
        return Err(RegistryError::Refused(why));
    }
    super::write_transaction(conn, |conn| {
        check_federation(conn, &fields.federation_no, None)?;
        let n = next_id(conn)?;
        let id = stored_id(n, "player_ids")?;
        insert(conn, id, fields)?;
        record(conn, by, "add", &id.to_string(), "", &fields.text())?;
        Ok(id)
    })
}

/// Stores a new player under `id` (issued here and now).
fn insert(conn: &mut DbConnection, id: PlayerId, fields: &PlayerFields) -> Result<(), DbError> {
    let n = number(id)?;
    diesel::insert_into(player_ids::table)
        .values((player_ids::id.eq(n), player_ids::removed.eq(false)))
        .execute(conn)?;
    diesel::insert_into(players::table)
        .values(PlayerRow::of(id, fields)?)
        .execute(conn)?;
    Ok(())
}

/// Changes a player's fields.
pub fn edit(
    conn: &mut DbConnection,
    id: PlayerId,
    fields: &PlayerFields,
    by: Actor<'_>,
) -> Result<(), RegistryError> {
    if let Some(why) = fields.check() {
        return Err(RegistryError::Refused(why));
    }
    super::write_transaction(conn, |conn| {
        let before = get(conn, id)?.ok_or(PlayerWhy::NoSuchPlayer { id })?;
        check_federation(conn, &fields.federation_no, Some(id))?;
        update(conn, id, &before.fields, fields, by, "edit")
    })
}

/// Stores `after` over `before` for player `id`, with a trail row when they differ.
fn update(
    conn: &mut DbConnection,
    id: PlayerId,
    before: &PlayerFields,
    after: &PlayerFields,
    by: Actor<'_>,
    action: &str,
) -> Result<(), RegistryError> {
    if before == after {
        return Ok(());
    }
    diesel::update(players::table.find(number(id)?))
        .set(PlayerRow::of(id, after)?)
        .execute(conn)?;
    if before.public != after.public {
        // The team pages of their events link a public player's page, and only theirs.
        for tournament in linked_tournaments(conn, number(id)?)? {
            super::revision::bump(conn, tournament)?;
        }
    }
    record(
        conn,
        by,
        action,
        &id.to_string(),
        &before.text(),
        &after.text(),
    )?;
    Ok(())
}

/// One row of the registry's trail.
fn record(
    conn: &mut DbConnection,
    by: Actor<'_>,
    action: &str,
    subject: &str,
    before: &str,
    after: &str,
) -> Result<(), DbError> {
    diesel::insert_into(player_audit::table)
        .values((
            player_audit::at.eq(super::now()),
            player_audit::user_name.eq(by.name),
            player_audit::action.eq(action),
            player_audit::subject.eq(subject),
            player_audit::before.eq(before),
            player_audit::after.eq(after),
        ))
        .execute(conn)?;
    Ok(())
}

/// One change to the registry, as its trail keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Queryable)]
pub struct RegistryEntry {
    pub at: chrono::NaiveDateTime,
    pub user_name: String,
    /// `add`, `edit`, `merge`, `remove` or `import`.
    pub action: String,
    /// `P12`, or `P12 → P3` for a merge.
    pub subject: String,
    pub before: String,
    pub after: String,
}

/// The registry's trail, oldest first.
pub fn trail(conn: &mut DbConnection) -> Result<Vec<RegistryEntry>, DbError> {
    Ok(player_audit::table
        .order((player_audit::at, player_audit::id))
        .select((
            player_audit::at,
            player_audit::user_name,
            player_audit::action,
            player_audit::subject,
            player_audit::before,
            player_audit::after,
        ))
        .load(conn)?)
}

/// The tournaments (id, slug) a player played: a line-up naming them in a room with at
/// least one result.
pub fn played(conn: &mut DbConnection, id: PlayerId) -> Result<Vec<(i32, String)>, DbError> {
    let n = number(id)?;
    let rooms: Vec<(i32, String, i32)> = lineups::table
        .inner_join(matches::table.inner_join(rounds::table))
        .filter(lineups::player1_id.eq(n).or(lineups::player2_id.eq(n)))
        .select((lineups::match_id, lineups::room, rounds::tournament_id))
        .load(conn)?;
    let match_ids: BTreeSet<i32> = rooms.iter().map(|r| r.0).collect();
    let with_results = rooms_with_results(conn, match_ids)?;
    let ids: BTreeSet<i32> = rooms
        .into_iter()
        .filter(|(m, room, _)| with_results.contains(&(*m, room.clone())))
        .map(|r| r.2)
        .collect();
    Ok(tournaments::table
        .filter(tournaments::id.eq_any(ids))
        .order(tournaments::id)
        .select((tournaments::id, tournaments::slug))
        .load(conn)?)
}

/// The tournaments whose rosters or line-ups link player number `n`.
fn linked_tournaments(conn: &mut DbConnection, n: i64) -> Result<BTreeSet<i32>, DbError> {
    let mut ids: BTreeSet<i32> = team_members::table
        .inner_join(teams::table)
        .filter(team_members::player_id.eq(n))
        .select(teams::tournament_id)
        .load::<i32>(conn)?
        .into_iter()
        .collect();
    ids.extend(
        lineups::table
            .inner_join(matches::table.inner_join(rounds::table))
            .filter(lineups::player1_id.eq(n).or(lineups::player2_id.eq(n)))
            .select(rounds::tournament_id)
            .load::<i32>(conn)?,
    );
    Ok(ids)
}

/// Points every event row linking `from` at `to` (`None`: unlinks them, the names as typed
/// stay), and marks each tournament touched as changed.
fn relink(conn: &mut DbConnection, from: i64, to: Option<i64>) -> Result<(), DbError> {
    for tournament in linked_tournaments(conn, from)? {
        super::revision::bump(conn, tournament)?;
    }
    diesel::update(team_members::table.filter(team_members::player_id.eq(from)))
        .set(team_members::player_id.eq(to))
        .execute(conn)?;
    diesel::update(lineups::table.filter(lineups::player1_id.eq(from)))
        .set(lineups::player1_id.eq(to))
        .execute(conn)?;
    diesel::update(lineups::table.filter(lineups::player2_id.eq(from)))
        .set(lineups::player2_id.eq(to))
        .execute(conn)?;
    Ok(())
}

/// Merges two ids of one person (administrators only): the lower id stays, every event row
/// names it, the other reads as it from now on, and the kept player's empty second name,
/// club and federation number take the other's. Refused when both played one tournament.
/// Returns the kept id.
pub fn merge(
    conn: &mut DbConnection,
    a: PlayerId,
    b: PlayerId,
    by: Actor<'_>,
) -> Result<PlayerId, RegistryError> {
    if !by.admin {
        return Err(PlayerWhy::AdminsOnly.into());
    }
    if a == b {
        return Err(PlayerWhy::MergeSame { id: a }.into());
    }
    let (kept, other) = (a.min(b), a.max(b));
    super::write_transaction(conn, |conn| {
        let k = get(conn, kept)?.ok_or(PlayerWhy::NoSuchPlayer { id: kept })?;
        let o = get(conn, other)?.ok_or(PlayerWhy::NoSuchPlayer { id: other })?;
        let kept_played: BTreeMap<i32, String> = played(conn, kept)?.into_iter().collect();
        if let Some((_, slug)) = played(conn, other)?
            .into_iter()
            .find(|(t, _)| kept_played.contains_key(t))
        {
            return Err(PlayerWhy::BothPlayed { kept, other, slug }.into());
        }
        let (kn, on) = (number(kept)?, number(other)?);
        relink(conn, on, Some(kn))?;
        diesel::delete(players::table.find(on)).execute(conn)?;
        diesel::update(
            player_ids::table.filter(player_ids::id.eq(on).or(player_ids::merged_into.eq(on))),
        )
        .set(player_ids::merged_into.eq(kn))
        .execute(conn)?;
        let mut fields = k.fields.clone();
        for (mine, theirs) in [
            (&mut fields.second_name, &o.fields.second_name),
            (&mut fields.club, &o.fields.club),
            (&mut fields.federation_no, &o.fields.federation_no),
        ] {
            if mine.is_empty() {
                mine.clone_from(theirs);
            }
        }
        diesel::update(players::table.find(kn))
            .set(PlayerRow::of(kept, &fields)?)
            .execute(conn)?;
        let subject = format!("{other} → {kept}");
        record(
            conn,
            by,
            "merge",
            &subject,
            &o.fields.text(),
            &fields.text(),
        )?;
        Ok(kept)
    })
}

/// Removes a player (administrators only): their event rows keep the names as typed and
/// lose the link, their id (and every id merged into it) is never issued again, and the
/// trail records the removal.
pub fn remove(conn: &mut DbConnection, id: PlayerId, by: Actor<'_>) -> Result<(), RegistryError> {
    if !by.admin {
        return Err(PlayerWhy::AdminsOnly.into());
    }
    super::write_transaction(conn, |conn| {
        let player = get(conn, id)?.ok_or(PlayerWhy::NoSuchPlayer { id })?;
        let n = number(id)?;
        relink(conn, n, None)?;
        diesel::delete(players::table.find(n)).execute(conn)?;
        diesel::update(
            player_ids::table.filter(player_ids::id.eq(n).or(player_ids::merged_into.eq(n))),
        )
        .set(player_ids::removed.eq(true))
        .execute(conn)?;
        record(
            conn,
            by,
            "remove",
            &id.to_string(),
            &player.fields.text(),
            "",
        )?;
        Ok(())
    })
}

/// One team's line-up in one room of a tournament, with the registry players it names
/// (docs/rules.md §14): what ratings and series read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLineup {
    pub round: i32,
    pub table: i32,
    /// `open` or `closed`.
    pub room: String,
    pub team_no: i32,
    /// North or East, then South or West; `None` for a player not linked.
    pub players: [Option<PlayerId>; 2],
    /// Whether the room has at least one result (its players then *played* the
    /// tournament).
    pub has_result: bool,
}

/// Every line-up of tournament `slug` with its players' links, by round, table, room
/// (open first) and team; `None` for an unknown slug. Every line-up stored so far counts as
/// given before its room's first result (an imported archive's do, docs/rules.md §14).
pub fn room_lineups(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<Vec<RoomLineup>>, DbError> {
    let Some(tournament) = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    type Row = (i32, i32, String, i32, i32, Option<i64>, Option<i64>);
    let rows: Vec<Row> = lineups::table
        .inner_join(matches::table.inner_join(rounds::table))
        .inner_join(teams::table)
        .filter(rounds::tournament_id.eq(tournament))
        .select((
            rounds::number,
            matches::table_no,
            lineups::room,
            teams::team_no,
            lineups::match_id,
            lineups::player1_id,
            lineups::player2_id,
        ))
        .load(conn)?;
    let match_ids: BTreeSet<i32> = rows.iter().map(|r| r.4).collect();
    let with_results = rooms_with_results(conn, match_ids)?;
    let link = |n: Option<i64>| n.map(|n| stored_id(n, "lineups")).transpose();
    let mut out = rows
        .into_iter()
        .map(|(round, table, room, team_no, match_id, p1, p2)| {
            Ok(RoomLineup {
                has_result: with_results.contains(&(match_id, room.clone())),
                players: [link(p1)?, link(p2)?],
                round,
                table,
                room,
                team_no,
            })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    out.sort_by(|a, b| {
        (a.round, a.table, a.room != "open", a.team_no).cmp(&(
            b.round,
            b.table,
            b.room != "open",
            b.team_no,
        ))
    });
    Ok(Some(out))
}

/// The rooms (match id, room) of `match_ids` that hold at least one result, read 500
/// matches a query.
fn rooms_with_results(
    conn: &mut DbConnection,
    match_ids: BTreeSet<i32>,
) -> Result<BTreeSet<(i32, String)>, DbError> {
    let mut with_results = BTreeSet::new();
    for chunk in match_ids.into_iter().collect::<Vec<_>>().chunks(500) {
        with_results.extend(
            table_results::table
                .filter(table_results::match_id.eq_any(chunk))
                .select((table_results::match_id, table_results::room))
                .distinct()
                .load::<(i32, String)>(conn)?,
        );
    }
    Ok(with_results)
}
