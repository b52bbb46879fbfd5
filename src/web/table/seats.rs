//! Who sits at the table: before the first board the page asks which two members of each
//! team sit in this room, one tap on a pair, the pair of the team's previous match in the
//! same room already chosen. A pair travels in the form as the members' places in the
//! team's list (`seat-ns=0-1`), so no name has to survive a form field unchanged.

use std::collections::HashMap;

use crate::rules::{Lineup, Room, TeamNo};

/// The pair a form field names, `i-j` with two different places in `members`.
pub(super) fn read_pair(members: &[String], text: &str) -> Option<[String; 2]> {
    let (a, b) = text.trim().split_once('-')?;
    let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
    (a != b && a < members.len() && b < members.len())
        .then(|| [members[a].clone(), members[b].clone()])
}

/// The form value of `pair` among `members`, in list order whichever seat each took;
/// `None` when either is not a member.
pub(super) fn pair_value(members: &[String], pair: &[String; 2]) -> Option<String> {
    let place = |name: &String| members.iter().position(|m| m == name);
    let (a, b) = (place(&pair[0])?, place(&pair[1])?);
    Some(format!("{}-{}", a.min(b), a.max(b)))
}

/// Every pair of `members` in list order: (form value, "Alice Chen & Ben Wu").
pub(super) fn pairs(members: &[String]) -> Vec<(String, [String; 2])> {
    let mut out = Vec::new();
    for (i, a) in members.iter().enumerate() {
        for (j, b) in members.iter().enumerate().skip(i + 1) {
            out.push((format!("{i}-{j}"), [a.clone(), b.clone()]));
        }
    }
    out
}

/// The pair `team` sits with in `room` at `table` of `round`: the one stored for it, else
/// the one it sat with in the same room of its latest earlier match (who played the open
/// room last time plays it again), else its only pair for a team of two, else none.
/// Members who have left the team do not count.
pub(super) fn default_pair(
    lineups: &[Lineup],
    (round, table, room): (i32, i32, Room),
    team: TeamNo,
    members: &[String],
) -> Option<[String; 2]> {
    let member = |l: &&Lineup| l.players.iter().all(|p| members.contains(p));
    if let Some(l) = lineups
        .iter()
        .find(|l| l.round == round && l.table == table && l.room == room && l.team == team)
    {
        return Some(l.players.clone());
    }
    lineups
        .iter()
        .filter(|l| l.team == team && l.room == room && l.round < round)
        .filter(member)
        .max_by_key(|l| l.round)
        .map(|l| l.players.clone())
        // A team of two has no choice to make.
        .or_else(|| match members {
            [a, b] => Some([a.clone(), b.clone()]),
            _ => None,
        })
}

/// A player of `pair` already in the line-up of the match's other room for the same team.
pub(super) fn in_other_room<'a>(
    lineups: &'a [Lineup],
    (round, table, room): (i32, i32, Room),
    team: TeamNo,
    pair: &[String; 2],
) -> Option<&'a String> {
    lineups
        .iter()
        .filter(|l| l.round == round && l.table == table && l.room != room && l.team == team)
        .flat_map(|l| l.players.iter())
        .find(|p| pair.contains(p))
}

/// The posted pair of each side, by the side's code (`ns`, `ew`).
pub(super) fn posted(form: &HashMap<String, String>, side: &str) -> Option<String> {
    form.get(&format!("seat-{side}"))
        .filter(|v| !v.trim().is_empty())
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    fn seat(round: i32, table: i32, room: Room, team: i32, a: &str, b: &str) -> Lineup {
        Lineup {
            player_ids: [None, None],
            round,
            table,
            room,
            team: TeamNo(team),
            players: [a.to_owned(), b.to_owned()],
        }
    }

    #[test]
    fn a_pair_goes_through_the_form_as_places_in_the_list() {
        let team = names(&["Alice", "Ben", "Carol", "David"]);
        let all = pairs(&team);
        assert_eq!(all.len(), 6);
        assert_eq!(all[0].0, "0-1");
        assert_eq!(
            all[5],
            ("2-3".to_owned(), [team[2].clone(), team[3].clone()])
        );
        for (value, pair) in &all {
            assert_eq!(read_pair(&team, value).as_ref(), Some(pair));
            assert_eq!(pair_value(&team, pair).as_deref(), Some(value.as_str()));
        }
        for wrong in ["", "1", "1-1", "0-4", "a-b", "-1-2"] {
            assert_eq!(read_pair(&team, wrong), None, "{wrong}");
        }
        let turned = [team[3].clone(), team[1].clone()];
        assert_eq!(pair_value(&team, &turned).as_deref(), Some("1-3"));
        let gone = ["Zoe".to_owned(), "Ben".to_owned()];
        assert_eq!(pair_value(&team, &gone), None);
    }

    #[test]
    fn the_default_is_the_stored_pair_else_the_same_room_of_the_previous_match() {
        let team = names(&["Alice", "Ben", "Carol", "David"]);
        let lineups = vec![
            seat(1, 2, Room::Open, 2, "Alice", "Ben"),
            seat(1, 2, Room::Closed, 2, "Carol", "David"),
            seat(2, 1, Room::Open, 2, "Carol", "Ben"),
            seat(2, 1, Room::Closed, 2, "Alice", "David"),
            seat(2, 1, Room::Open, 5, "Ivy", "Jack"),
        ];
        let here = (3, 4, Room::Closed);
        let pair = default_pair(&lineups, here, TeamNo(2), &team).unwrap();
        assert_eq!(pair, ["Alice".to_owned(), "David".to_owned()]);
        // No earlier match: nothing is chosen for the table.
        assert_eq!(
            default_pair(&lineups, (1, 2, Room::Open), TeamNo(3), &team),
            None
        );
        // A pair stored for this room wins over the previous match.
        let mut stored = lineups.clone();
        stored.push(seat(3, 4, Room::Closed, 2, "Ben", "Carol"));
        let pair = default_pair(&stored, here, TeamNo(2), &team).unwrap();
        assert_eq!(pair, ["Ben".to_owned(), "Carol".to_owned()]);
        // A member who left: the round before is taken.
        let left = names(&["Alice", "Ben", "Carol"]);
        let pair = default_pair(&lineups, here, TeamNo(2), &left);
        assert_eq!(pair, None, "round 1's closed pair had David too");
        let pair = default_pair(&lineups, (3, 4, Room::Open), TeamNo(2), &left).unwrap();
        assert_eq!(pair, ["Carol".to_owned(), "Ben".to_owned()]);
        // A team of two sits as it is, even with no earlier line-up.
        let two = names(&["Mia", "Noah"]);
        let pair = default_pair(&lineups, (1, 1, Room::Open), TeamNo(9), &two).unwrap();
        assert_eq!(pair, ["Mia".to_owned(), "Noah".to_owned()]);
    }

    #[test]
    fn a_player_in_the_other_room_is_named() {
        let lineups = vec![seat(4, 1, Room::Closed, 2, "Carol", "David")];
        let pair = ["Alice".to_owned(), "David".to_owned()];
        assert_eq!(
            in_other_room(&lineups, (4, 1, Room::Open), TeamNo(2), &pair).map(String::as_str),
            Some("David")
        );
        assert_eq!(
            in_other_room(&lineups, (4, 1, Room::Closed), TeamNo(2), &pair),
            None
        );
        assert_eq!(
            in_other_room(&lineups, (4, 1, Room::Open), TeamNo(5), &pair),
            None
        );
    }
}
