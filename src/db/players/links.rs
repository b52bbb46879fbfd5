//! Team members linked to registry players (docs/rules.md §14): the checks every way of
//! linking shares (the team form, a `teams.csv` upload, an archive's `member_ids`), and the
//! director's pick of a player by id or by name.

use std::collections::BTreeSet;

use diesel::prelude::*;

use super::{IdNow, Player, PlayerRow, get, resolve};
use crate::db::DbError;
use crate::db::connection::DbConnection;
use crate::db::schema::players;
use crate::input::PlayerWhy;
use crate::rules::player_id::PlayerId;

/// Refused links: each member's position (from 0) and why.
pub type MemberFaults = Vec<(usize, PlayerWhy)>;

/// The registry player each member stands for now, by position: a merged-away id reads as
/// the kept one. Every linked member must be the player's name or second name, a player is
/// linked to one member of the team at most, and an id must be a player of the registry.
/// `ids` is empty (no member linked) or one part per member. The outer error is the
/// database's; the inner one lists every refused member (its position from 0 and why).
pub fn check_member_links(
    conn: &mut DbConnection,
    members: &[String],
    ids: &[Option<PlayerId>],
) -> Result<Result<Vec<Option<PlayerId>>, MemberFaults>, DbError> {
    let mut faults = Vec::new();
    let mut kept = Vec::with_capacity(ids.len());
    let mut seen = BTreeSet::new();
    for (i, (member, id)) in members.iter().zip(ids).enumerate() {
        let Some(id) = *id else {
            kept.push(None);
            continue;
        };
        let now = match resolve(conn, id)? {
            IdNow::Unknown => Err(PlayerWhy::NoSuchPlayer { id }),
            IdNow::Removed => Err(PlayerWhy::LinkRemoved { id }),
            IdNow::Player(now) => match get(conn, now)? {
                None => Err(PlayerWhy::NoSuchPlayer { id: now }),
                Some(p) if !p.fields.answers_to(member) => Err(PlayerWhy::LinkName {
                    member: member.clone(),
                    id: now,
                    name: p.fields.name,
                }),
                Some(_) if !seen.insert(now) => Err(PlayerWhy::LinkTwice { id: now }),
                Some(_) => Ok(now),
            },
        };
        match now {
            Ok(now) => kept.push(Some(now)),
            Err(why) => faults.push((i, why)),
        }
    }
    if !faults.is_empty() {
        return Ok(Err(faults));
    }
    if kept.iter().all(Option::is_none) {
        kept.clear();
    }
    Ok(Ok(kept))
}

/// The player a director picked for a member by typing `text`: an id (`P12`, checked by
/// [`check_member_links`] afterwards), or a name or second name that exactly one player of
/// the registry has; `None` for an empty text.
pub fn pick(
    conn: &mut DbConnection,
    text: &str,
) -> Result<Result<Option<PlayerId>, PlayerWhy>, DbError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Ok(None));
    }
    if let Ok(id) = PlayerId::parse(text) {
        return Ok(Ok(Some(id)));
    }
    let named = named(conn, &[text.to_owned()])?;
    Ok(match named.as_slice() {
        [] => Err(PlayerWhy::NoneNamed { name: text.into() }),
        [one] => Ok(Some(one.id)),
        several => Err(PlayerWhy::SeveralNamed {
            name: text.into(),
            ids: several
                .iter()
                .map(|p| p.id.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    })
}

/// The players whose name or second name is one of `names`, by id: what the team form
/// offers to pick from.
pub fn named(conn: &mut DbConnection, names: &[String]) -> Result<Vec<Player>, DbError> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    players::table
        .filter(
            players::name
                .eq_any(names)
                .or(players::second_name.eq_any(names)),
        )
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(conn)?
        .into_iter()
        .map(PlayerRow::player)
        .collect()
}
