//! The files of ratings and series (docs/rules.md §14): `ratings.csv`, `rating_boards.csv`
//! and `series.csv`, written from the figures of `rules::rating` and `rules::series`.
//! Figures are exact until here: ratings, `butler`, `expected` and `change` get 3 decimals,
//! points and Butler totals 2, half away from zero, and a figure that rounds to zero has no
//! sign.

use super::neutralise;
use crate::rules::PlayerId;
use crate::rules::rating::{RatingBoard, Ratings};
use crate::rules::rational::decimals;
use crate::rules::series::SeriesLine;

/// `ratings.csv`: one row per player with a rated board, by id.
pub const RATINGS: &str = "ratings.csv";
/// `rating_boards.csv`: one row per scored room, in processing order.
pub const RATING_BOARDS: &str = "rating_boards.csv";
/// `series.csv`: one row per player who played a counted tournament of the series, by rank.
pub const SERIES: &str = "series.csv";

/// A CSV file: the header, then the rows, lines ending in `\n`, quoted only where needed.
fn csv_text(header: &[&str], rows: Vec<Vec<String>>) -> String {
    csv_lines(std::iter::once(header.iter().map(|h| h.to_string()).collect()).chain(rows))
}

/// CSV lines, each ending in `\n`, quoted only where needed.
fn csv_lines(rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let mut out = Ok(());
    for row in rows {
        out = out.and_then(|()| w.write_record(&row));
    }
    // Writing to memory fails only on a bug in csv; the text so far is still the file's.
    debug_assert!(out.is_ok(), "writing CSV to memory");
    let bytes = w.into_inner().map(|v| v.to_vec()).unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn yes_no(v: bool) -> String {
    if v { "yes" } else { "no" }.to_owned()
}

/// `ratings.csv`: `player_id,name,rating,boards,provisional`, `name` the registry's current
/// name as `name` gives it.
pub fn ratings_csv(ratings: &Ratings, name: &dyn Fn(PlayerId) -> String) -> String {
    let rows = ratings
        .players
        .iter()
        .filter(|(_, p)| p.boards > 0)
        .map(|(&id, p)| {
            vec![
                id.to_string(),
                neutralise(&name(id)),
                decimals(&p.rating, 3),
                p.boards.to_string(),
                yes_no(p.provisional()),
            ]
        })
        .collect();
    csv_text(
        &["player_id", "name", "rating", "boards", "provisional"],
        rows,
    )
}

/// `rating_boards.csv`'s header.
const RATING_BOARDS_HEADER: &str =
    "tournament,round,board,table,room,ns_players,ew_players,butler,expected,change\n";

/// `rating_boards.csv`: `tournament,round,board,table,room,ns_players,ew_players,butler,
/// expected,change`, the NS pair's figures, each pair's ids by number joined by `;`.
pub fn rating_boards_csv(ratings: &Ratings) -> String {
    rating_boards_csv_of_lines([rating_boards_lines(&ratings.boards).as_str()])
}

/// The lines of `rating_boards.csv` for `boards`, in their order, without the header.
pub fn rating_boards_lines(boards: &[RatingBoard]) -> String {
    let pair = |p: [PlayerId; 2]| format!("{};{}", p[0], p[1]);
    csv_lines(boards.iter().map(|b| {
        vec![
            b.tournament.clone(),
            b.round.to_string(),
            b.board.to_string(),
            b.table.to_string(),
            b.room.code().to_owned(),
            pair(b.ns),
            pair(b.ew),
            decimals(&b.butler, 3),
            decimals(&b.expected, 3),
            decimals(&b.change, 3),
        ]
    }))
}

/// `rating_boards.csv` from its lines already written ([`rating_boards_lines`], as the
/// database keeps them a tournament at a time), in order.
pub fn rating_boards_csv_of_lines<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = RATING_BOARDS_HEADER.to_owned();
    for part in parts {
        text.push_str(part);
    }
    text
}

/// `series.csv`: `rank,player_id,name,events,points,butler_total`, in rank order.
pub fn series_csv(lines: &[SeriesLine], name: &dyn Fn(PlayerId) -> String) -> String {
    series_csv_shown(lines, &|p| Some(name(p)))
}

/// [`series_csv`] where `name` gives `None` for a player not to be shown: their line keeps
/// its rank and figures, with the id and name empty (the public page's file).
pub fn series_csv_shown(lines: &[SeriesLine], name: &dyn Fn(PlayerId) -> Option<String>) -> String {
    let rows = lines
        .iter()
        .map(|l| {
            let (id, name) = match name(l.player) {
                Some(n) => (l.player.to_string(), neutralise(&n)),
                None => (String::new(), String::new()),
            };
            vec![
                l.rank.to_string(),
                id,
                name,
                l.events.to_string(),
                decimals(&l.points, 2),
                decimals(&l.butler_total, 2),
            ]
        })
        .collect();
    csv_text(
        &[
            "rank",
            "player_id",
            "name",
            "events",
            "points",
            "butler_total",
        ],
        rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Room;
    use crate::rules::rating::{PlayerRating, RatingBoard};
    use crate::rules::rational::{ratio, whole};

    fn p(n: u64) -> PlayerId {
        PlayerId::from_number(n).unwrap()
    }

    fn names(id: PlayerId) -> String {
        match id.number() {
            1 => "张伟".into(),
            2 => "=Li, Na".into(),
            _ => format!("Player {}", id.number()),
        }
    }

    fn ratings() -> Ratings {
        let mut r = Ratings::default();
        for (id, rating, boards) in [
            (10, ratio(-1, 2000), 3),
            (2, ratio(1, 2000), 100),
            (1, ratio(-2, 3), 99),
            (3, whole(0), 0),
        ] {
            r.players.insert(p(id), PlayerRating { rating, boards });
        }
        r.boards.push(RatingBoard {
            tournament: "spring-night".into(),
            round: 2,
            board: 11,
            table: 3,
            room: Room::Closed,
            ns: [p(2), p(10)],
            ew: [p(1), p(3)],
            butler: ratio(-7, 4),
            expected: ratio(-1, 3000),
            change: ratio(-21, 256),
        });
        r
    }

    #[test]
    fn ratings_csv_lists_rated_players_by_id_number_with_three_decimals() {
        // ±1/2000 is half a thousandth: rounded away from zero. P3 has no rated board.
        let want = "player_id,name,rating,boards,provisional\n\
                    P1,张伟,-0.667,99,yes\n\
                    P2,\"'=Li, Na\",0.001,100,no\n\
                    P10,Player 10,-0.001,3,yes\n";
        assert_eq!(ratings_csv(&ratings(), &names), want);
    }

    #[test]
    fn rating_boards_csv_writes_the_ns_pairs_figures() {
        // −21/256 = −0.08203… → −0.082; −1/3000 rounds to zero: no sign.
        let want = "tournament,round,board,table,room,ns_players,ew_players,butler,expected,change\n\
                    spring-night,2,11,3,closed,P2;P10,P1;P3,-1.750,0.000,-0.082\n";
        assert_eq!(rating_boards_csv(&ratings()), want);
    }

    #[test]
    fn series_csv_writes_points_and_butler_totals_with_two_decimals() {
        let lines = [
            SeriesLine {
                rank: 1,
                player: p(2),
                events: 3,
                points: ratio(500, 3),
                butler_total: ratio(-1, 201),
            },
            SeriesLine {
                rank: 2,
                player: p(1),
                events: 1,
                points: ratio(125, 2),
                butler_total: ratio(-1, 8),
            },
        ];
        let want = "rank,player_id,name,events,points,butler_total\n\
                    1,P2,\"'=Li, Na\",3,166.67,0.00\n\
                    2,P1,张伟,1,62.50,-0.13\n";
        assert_eq!(series_csv(&lines, &names), want);
    }
}
