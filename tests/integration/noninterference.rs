//! Noninterference (docs/rules.md §5): everything the public can read is a function of the
//! released results alone. Each test builds two databases that differ only in results that
//! are not released — a match complete at its table whose last board is still played
//! elsewhere, a knockout tie complete at one table, a board played in one room only — and
//! reads every instance of every public route in both as an anonymous reader: every round,
//! table, board, team and file, every value of the query parameters a page reads (every page
//! of the long lists, read a few teams a page, and "find my team" for each team), pages,
//! CSV files, PDFs and the JSON API, status, headers and body. Only `Date`, the database's
//! own id and time inside ETags, and a PDF's creation time and document id are set aside.
//! The routes come from the source (`release_crawl::public_patterns`), so a page added
//! later is read without anyone remembering to add it here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common;
use common::TestDb;
use common::http::{anonymous, anonymous_paged};
use fushi::archive::ArchiveFiles;

/// The cells of one `results.csv` row: round, table, room, board.
type Place<'a> = (&'a str, &'a str, &'a str, &'a str);

/// `files` with `results.csv` rewritten row by row: `edit` gets each data row's place and
/// cells and returns the row to keep (`None` drops it).
fn with_results(
    mut files: ArchiveFiles,
    edit: impl Fn(Place<'_>, &str) -> Option<String>,
) -> ArchiveFiles {
    let text = files.get("results.csv").expect("results.csv").to_owned();
    let mut lines = text.lines();
    let mut out = vec![lines.next().expect("a header").to_owned()];
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let place = (cells[0], cells[1], cells[2], cells[3]);
        out.extend(edit(place, line));
    }
    files.insert("results.csv", out.join("\n") + "\n");
    files
}

/// A result row of `round`, `table`, `room`, `board` with trick points `t` and no bottom
/// (the declarers took the last trick), so P = t.
fn row(round: &str, table: &str, room: &str, board: &str, t: u32) -> String {
    format!("{round},{table},{room},{board},{t},,declarer,,,,,,,")
}

/// The club night (5 teams, 3 rounds of 4 boards, a bye each round) with round 3's board 4
/// not played in table 2's closed room, so board 4 is not released: table 1 has finished
/// every board (its match is complete at its table), table 2's open room has played
/// board 4. `t` gives the trick points of the three rooms that played board 4 — the only
/// thing in which the two worlds differ.
fn club_night(t: [u32; 3]) -> ArchiveFiles {
    let files = ArchiveFiles::read(&common::club_night_dir()).expect("the club night reads");
    with_results(files, |place, line| match place {
        ("3", "2", "closed", "4") => None,
        ("3", "1", "open", "4") => Some(row("3", "1", "open", "4", t[0])),
        ("3", "1", "closed", "4") => Some(row("3", "1", "closed", "4", t[1])),
        ("3", "2", "open", "4") => Some(row("3", "2", "open", "4", t[2])),
        _ => Some(line.to_owned()),
    })
}

/// The championship (a Swiss of three rounds into a knockout of eight with a play-off) with
/// its last round (7: the final at table 1, the play-off at table 2) complete at the final's
/// table but board 4 not played in the play-off's closed room: the final's total and winner
/// would give board 4 away. `t` gives the trick points of the rooms that played board 4.
fn championship(t: [u32; 3]) -> ArchiveFiles {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stages/swiss-knockout-8");
    let files = ArchiveFiles::read(&dir).expect("the championship reads");
    with_results(files, |place, line| match place {
        ("7", "2", "closed", "4") => None,
        ("7", "1", "open", "4") => Some(row("7", "1", "open", "4", t[0])),
        ("7", "1", "closed", "4") => Some(row("7", "1", "closed", "4", t[1])),
        ("7", "2", "open", "4") => Some(row("7", "2", "open", "4", t[2])),
        _ => Some(line.to_owned()),
    })
}

/// The values of each path parameter for an event: every round, table, board and team it
/// has, read from its files, and one round, table, board and team it does not have.
struct Values {
    slug: String,
    rounds: Vec<String>,
    tables: Vec<String>,
    boards: Vec<String>,
    teams: Vec<String>,
    /// What "find my team" is asked: each team's number, name and club, words several
    /// teams share, and a name no team has.
    searches: Vec<String>,
    /// How many registry players the worlds issued (`P1` …, [`linked`]), whose pages are read.
    players: usize,
}

/// The teams a crawl reads a page of a list at a time hold ([`anonymous_paged`]): a small
/// event's standings, teams and rounds have several pages.
const TEAMS_PER_PAGE: usize = 2;

/// The values of `page` a paged list is read with: every page of the largest event
/// crawled (16 teams, 8 to a round), one beyond, and the whole list.
fn page_values() -> Vec<String> {
    (2..=9)
        .map(|n| n.to_string())
        .chain(std::iter::once("all".to_owned()))
        .collect()
}

/// How many members the teams of `teams.csv` have: the registry players [`linked`] issues
/// for them (`P1` …), whose pages are read.
fn members(teams: &str) -> usize {
    let mut reader = csv::Reader::from_reader(teams.trim_start_matches('\u{feff}').as_bytes());
    let column = reader
        .headers()
        .expect("a header")
        .iter()
        .position(|h| h == "members")
        .expect("members");
    reader
        .records()
        .map(|row| row.expect("a row of teams.csv")[column].split(';').count())
        .sum()
}

/// What "find my team" is asked in an event whose `teams.csv` is `teams`.
fn searches(teams: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(teams.as_bytes());
    let mut asked: BTreeSet<String> = BTreeSet::new();
    for row in reader.records() {
        let row = row.expect("a row of teams.csv");
        asked.extend((0..3).filter_map(|i| row.get(i)).map(str::to_owned));
    }
    asked.remove("");
    asked.extend(["team", "club", "nobody at all"].map(str::to_owned));
    asked.into_iter().collect()
}

impl Values {
    fn of(files: &ArchiveFiles) -> Values {
        let column = |file: &str, index: usize| -> Vec<String> {
            let text = files.get(file).unwrap_or_default();
            let mut seen: BTreeSet<i64> = text
                .lines()
                .skip(1)
                .filter_map(|l| l.split(',').nth(index)?.trim().parse().ok())
                .collect();
            // One value beyond the event's: a page that does not exist must not exist alike.
            seen.insert(seen.last().copied().unwrap_or(0) + 1);
            seen.iter().map(i64::to_string).collect()
        };
        let toml = files.get("tournament.toml").expect("tournament.toml");
        let slug = toml
            .lines()
            .find_map(|l| l.strip_prefix("slug = \""))
            .and_then(|l| l.strip_suffix('"'))
            .expect("a slug")
            .to_owned();
        Values {
            slug,
            rounds: column("schedule.csv", 0),
            tables: column("schedule.csv", 1),
            boards: column("boards.csv", 1),
            teams: column("teams.csv", 0),
            searches: searches(files.get("teams.csv").unwrap_or_default()),
            players: members(files.get("teams.csv").unwrap_or_default()),
        }
    }

    fn of_parameter(&self, pattern: &str, name: &str) -> Vec<String> {
        match name {
            "slug" => vec![self.slug.clone()],
            "round" | "n" => self.rounds.clone(),
            "table" | "t" => self.tables.clone(),
            "team" | "no" => self.teams.clone(),
            "board" | "b" => self.boards.clone(),
            "file" => crate::release_crawl::FILES.map(str::to_owned).to_vec(),
            other => panic!("{pattern}: the two-world crawl has no values for {{{other}}}"),
        }
    }

    /// Every path of `pattern`, each parameter filled in with each of its values, and the
    /// query parameters a page reads with each of their values.
    fn paths(&self, pattern: &str) -> Vec<String> {
        let mut paths =
            crate::release_crawl::fill(pattern, |name| self.of_parameter(pattern, name));
        // The round's score sheets read `blank` and `table`; the long lists `page`; "find
        // my team" `q`.
        let paged = ["/standings", "/teams", "/rounds/{round}"]
            .iter()
            .any(|list| pattern == format!("/t/{{slug}}{list}"));
        let queries: Vec<String> =
            if pattern.ends_with("/sheets") || pattern.ends_with("/sheets.pdf") {
                std::iter::once("blank=1".to_owned())
                    .chain(self.tables.iter().map(|t| format!("table={t}")))
                    .collect()
            } else if paged {
                page_values().iter().map(|p| format!("page={p}")).collect()
            } else if pattern.ends_with("/find") {
                self.searches
                    .iter()
                    .map(|q| serde_urlencoded::to_string([("q", q)]).expect("a query"))
                    .collect()
            } else {
                Vec::new()
            };
        let with_queries: Vec<String> = paths
            .iter()
            .flat_map(|p| queries.iter().map(move |q| format!("{p}?{q}")))
            .collect();
        paths.extend(with_queries);
        paths
    }
}

/// What an anonymous reader gets, with only what may differ between two databases set
/// aside: the `Date` header, the database's id and time inside an ETag, and a PDF's
/// creation time and document id.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// An ETag without the database's own id and the time of its revision: `"version-db-
/// tournament-revision-time-periods-lang"` → `"version-tournament-revision-periods-lang"`.
fn etag_without_database(etag: &str) -> String {
    let inner = etag.trim_matches('"');
    let parts: Vec<&str> = inner.split('-').collect();
    if parts.len() >= 7 {
        let mut kept: Vec<&str> = vec![parts[0]];
        kept.push(parts[2]);
        kept.push(parts[3]);
        kept.extend(&parts[5..]);
        format!("\"{}\"", kept.join("-"))
    } else {
        etag.to_owned()
    }
}

/// `bytes` with every value between `start` and the next `end` after it blanked.
fn blank_between(bytes: &[u8], start: &[u8], end: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(start) {
            out.extend_from_slice(start);
            i += start.len();
            while i < bytes.len() && !bytes[i..].starts_with(end) {
                i += 1;
            }
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// A PDF's bytes without its creation and modification times and its document id.
fn pdf_without_times(bytes: &[u8]) -> Vec<u8> {
    let mut out = blank_between(bytes, b"/CreationDate", b")");
    out = blank_between(&out, b"/ModDate", b")");
    out = blank_between(&out, b"/ID", b"]");
    out = blank_between(&out, b"<xmp:CreateDate>", b"<");
    out = blank_between(&out, b"<xmp:ModifyDate>", b"<");
    out = blank_between(&out, b"<xmp:MetadataDate>", b"<");
    out = blank_between(&out, b"<xmpMM:DocumentID>", b"<");
    out = blank_between(&out, b"<xmpMM:InstanceID>", b"<");
    out
}

fn seen(page: common::http::Page) -> Seen {
    // `Date` and `X-Request-Id` (the request's own number, which two reads of one
    // database differ in too) are the request's, not the database's.
    let mut headers: Vec<(String, String)> = page
        .headers
        .iter()
        .filter(|(name, _)| name != "date" && name != "x-request-id")
        .map(|(name, value)| {
            let value = if name == "etag" {
                etag_without_database(value)
            } else {
                value.clone()
            };
            (name.clone(), value)
        })
        .collect();
    headers.sort();
    let body = if page.content_type.starts_with("application/pdf") {
        pdf_without_times(&page.bytes)
    } else {
        page.bytes
    };
    Seen {
        status: page.status.as_u16(),
        headers,
        body,
    }
}

/// Every public path of the event whose values are `values`: the site's own lists, every
/// instance of every public route pattern in the source (the event stream aside: its
/// payloads are compared by [`the_event_streams_of_two_worlds_say_the_same`]).
fn public_paths(values: &Values) -> Vec<String> {
    // The API's routes without a tournament, from the route table.
    let mut paths = vec!["/".to_owned()];
    paths.extend(
        fushi::web::routes::table()
            .iter()
            .filter(|d| d.pattern.starts_with("/api/") && !d.pattern.contains('{'))
            .map(|d| d.pattern.to_owned()),
    );
    assert!(paths.iter().any(|p| p == "/api/v1/openapi.json"));
    for pattern in crate::release_crawl::public_patterns() {
        if pattern.ends_with("/events") {
            continue;
        }
        paths.extend(values.paths(&pattern));
    }
    // The registry's players (docs/rules.md §14): every id the worlds issued and one more.
    for n in 1..=values.players + 1 {
        paths.push(format!("/p/P{n}"));
        paths.push(format!("/api/v1/players/P{n}"));
    }
    // The series the worlds' tournament is in ([`in_the_series`]), its files and its answer.
    for path in [
        "/s/{series}",
        "/s/{series}/series.csv",
        "/s/{series}/series.pdf",
        "/api/v1/series/{series}",
    ] {
        paths.push(path.replace("{series}", SERIES));
    }
    paths
}

/// The series [`in_the_series`] puts the worlds' tournaments in.
const SERIES: &str = "the-season";

/// Reads every public path of `values`' event in two databases and fails on the first that
/// answers differently; the number of paths read.
async fn compare(a: &TestDb, b: &TestDb, values: &Values) -> usize {
    let mut reader_a = anonymous_paged(a, TEAMS_PER_PAGE).await;
    let mut reader_b = anonymous_paged(b, TEAMS_PER_PAGE).await;
    let paths = public_paths(values);
    let mut answered: BTreeMap<u16, usize> = BTreeMap::new();
    let mut differ: Vec<String> = Vec::new();
    // Pages of the long lists beyond the first, and searches that found their team.
    let (mut pages_read, mut teams_found, mut players_shown) = (0, 0, 0);
    for path in &paths {
        let one = seen(reader_a.get(path).await);
        let other = seen(reader_b.get(path).await);
        *answered.entry(one.status).or_default() += 1;
        if path.contains("?page=") && one.status == 200 {
            pages_read += 1;
        }
        if path.contains("/find?") && one.status == 303 {
            teams_found += 1;
        }
        if path.starts_with("/p/") && one.status == 200 {
            players_shown += 1;
        }
        if one != other && !differ.is_empty() {
            differ.push(path.clone());
        } else if one != other {
            let text = |s: &Seen| String::from_utf8_lossy(&s.body).into_owned();
            let (x, y) = (text(&one), text(&other));
            let at = x
                .bytes()
                .zip(y.bytes())
                .position(|(c, d)| c != d)
                .unwrap_or(x.len().min(y.len()));
            let around = |s: &str| {
                let from = s.floor_char_boundary(at.saturating_sub(300));
                let to = s.ceil_char_boundary((at + 300).min(s.len()));
                s[from..to].to_owned()
            };
            differ.push(format!(
                "{path} depends on results not yet released ({}):\n\
                 status {} / {}\nheaders {:?}\n     vs {:?}\nbodies of {} and {} bytes, \
                 first difference at byte {at}:\n{}\n---\n{}",
                a.backend(),
                one.status,
                other.status,
                one.headers,
                other.headers,
                x.len(),
                y.len(),
                around(&x),
                around(&y),
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} public paths differ: {}\nand {:?}",
        differ.len(),
        paths.len(),
        differ[0],
        &differ[1..]
    );
    assert!(
        answered.get(&200).copied().unwrap_or(0) >= 40,
        "too few public pages answered: {answered:?}"
    );
    assert!(
        pages_read >= 10 && teams_found >= 10,
        "{pages_read} later pages and {teams_found} teams found"
    );
    // Every linked member but each team's first is public: their pages were read.
    assert!(
        values.players == 0 || players_shown * 2 >= values.players,
        "{players_shown} of {} player pages shown",
        values.players
    );
    paths.len()
}

/// `files` with every team member linked to a player of the registry, and that registry's
/// `players.csv`: members take ids `P{n}` in the order of `teams.csv`, the first member of
/// every team not public, the others public (docs/rules.md §14). The line-ups then name players too.
fn linked(files: &ArchiveFiles) -> (ArchiveFiles, String) {
    let teams = files.get("teams.csv").expect("teams.csv");
    let mut reader = csv::Reader::from_reader(teams.trim_start_matches('\u{feff}').as_bytes());
    let mut header = reader.headers().expect("a header").clone();
    let members = header.iter().position(|h| h == "members").expect("members");
    header.push_field("member_ids");
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(&header).expect("the header");
    let mut registry = csv::Writer::from_writer(Vec::new());
    registry
        .write_record(fushi::db::players::file::COLUMNS)
        .expect("the registry's header");
    let mut next = 0;
    for row in reader.records() {
        let mut row = row.expect("a row of teams.csv");
        let mut ids = Vec::new();
        for (i, name) in row[members].split(';').enumerate() {
            next += 1;
            let public = if i == 0 { "no" } else { "yes" };
            registry
                .write_record([&format!("P{next}"), name, "", "", "", public])
                .expect("a player");
            ids.push(format!("P{next}"));
        }
        row.push_field(&ids.join(";"));
        out.write_record(&row).expect("a team");
    }
    let mut files = files.clone();
    files.insert(
        "teams.csv",
        String::from_utf8(out.into_inner().expect("teams.csv")).expect("UTF-8"),
    );
    let registry = String::from_utf8(registry.into_inner().expect("players.csv")).expect("UTF-8");
    (files, registry)
}

/// Two databases of one backend per backend, `a` imported into one and `b` into the other,
/// each with a registry whose players the teams' members are linked to ([`linked`]).
fn two_worlds(a: &ArchiveFiles, b: &ArchiveFiles) -> Vec<(TestDb, TestDb)> {
    let mut worlds = vec![(TestDb::sqlite(), TestDb::sqlite())];
    if let (Some(x), Some(y)) = (TestDb::postgres(), TestDb::postgres()) {
        worlds.push((x, y));
    }
    let ((a, registry), (b, same)) = (linked(a), linked(b));
    assert_eq!(registry, same, "one registry in both worlds");
    for (x, y) in &worlds {
        for db in [x, y] {
            fushi::db::players::file::import(
                &mut db.open(),
                "players.csv",
                &registry,
                fushi::db::players::Actor::operator(),
            )
            .expect("the registry imports");
        }
        fushi::transfer::import(&mut x.open(), &a).expect("world A imports");
        fushi::transfer::import(&mut y.open(), &b).expect("world B imports");
        for db in [x, y] {
            let mut conn = db.open();
            for slug in fushi::db::list_tournaments(&mut conn).expect("the tournaments") {
                let event = fushi::db::load_event(&mut conn, &slug.slug)
                    .expect("the event loads")
                    .expect("the event");
                assert!(
                    event
                        .teams
                        .iter()
                        .all(|t| !t.member_ids.is_empty()
                            && t.member_ids.iter().all(Option::is_some)),
                    "{}: every member linked",
                    slug.slug
                );
            }
        }
        // The two imports ran a moment apart; two worlds that differ only in results were
        // created at the same time.
        for db in [x, y] {
            same_times(db);
        }
    }
    worlds
}

/// [`two_worlds`] in the hall: both with the same clock on their last round and the same
/// announcement, so that the hall's screen and the team pages are crawled with them.
fn two_worlds_in_the_hall(a: &ArchiveFiles, b: &ArchiveFiles) -> Vec<(TestDb, TestDb)> {
    let worlds = two_worlds(a, b);
    for (x, y) in &worlds {
        for db in [x, y] {
            same_hall(db);
            in_the_series(db);
            same_times(db);
        }
    }
    worlds
}

/// Every tournament of `db` in series [`SERIES`], whose page shows it in progress (its
/// standings count the finished ones).
fn in_the_series(db: &TestDb) {
    let mut conn = db.open();
    fushi::db::series::create(&mut conn, SERIES, "The season", Some(2)).expect("a series");
    let all = fushi::db::list_tournaments(&mut conn).expect("the tournaments");
    for t in &all {
        fushi::db::series::set_series(&mut conn, &t.slug, Some(SERIES)).expect("joins");
    }
    let members = fushi::db::series::members(&mut conn, SERIES).expect("members");
    assert_eq!(members.len(), all.len());
}

/// Every tournament of `db` with its last round's clock started at one fixed time, paused
/// at another, a table given extra time, and an announcement.
fn same_hall(db: &TestDb) {
    use diesel::prelude::*;
    use fushi::db::hall::round_clocks;
    use fushi::db::schema::{rounds, tournaments};
    use fushi::rules::round_clock::ClockEvent;
    let mut conn = db.open();
    let tours: Vec<(i32, String)> = tournaments::table
        .select((tournaments::id, tournaments::slug))
        .load(&mut conn)
        .expect("the tournaments");
    for (id, slug) in tours {
        let last: Option<i32> = rounds::table
            .filter(rounds::tournament_id.eq(id))
            .select(diesel::dsl::max(rounds::number))
            .first(&mut conn)
            .expect("the last round");
        let Some(last) = last else { continue };
        for event in [
            ClockEvent::Start { minutes: 45 },
            ClockEvent::Extra {
                table: 1,
                minutes: 5,
            },
            ClockEvent::Pause,
        ] {
            let done = fushi::db::hall::clock_event(&mut conn, &slug, last, event, "director");
            assert!(matches!(done, Ok(Some(Ok(_)))), "{done:?}");
        }
        let at = |m: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
                .and_then(|d| d.and_hms_opt(11, m, 0))
                .expect("a time")
        };
        diesel::update(round_clocks::table)
            .set((
                round_clocks::started_at.eq(at(5)),
                round_clocks::paused_at.eq(Some(at(20))),
            ))
            .execute(&mut conn)
            .expect("the clock's times are set");
        assert!(
            fushi::db::hall::announce(&mut conn, &slug, "Round 8 starts at 21:10", "director")
                .expect("announced")
        );
    }
}

/// Every tournament of `db` created and changed at one fixed time.
fn same_times(db: &TestDb) {
    use diesel::prelude::*;
    use fushi::db::schema::tournaments;
    let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
        .and_then(|d| d.and_hms_opt(11, 0, 0))
        .expect("a time");
    diesel::update(tournaments::table)
        .set((
            tournaments::created_at.eq(at),
            tournaments::updated_at.eq(at),
        ))
        .execute(&mut db.open())
        .expect("the times are set");
}

/// The two worlds differ for the director: the figures are really in the database.
async fn director_sees_the_difference(a: &TestDb, b: &TestDb, path: &str) {
    let mut x = common::http::browser(a).await;
    let mut y = common::http::browser(b).await;
    let (x, y) = (x.get_ok(path).await, y.get_ok(path).await);
    assert_ne!(
        x.body, y.body,
        "{path}: the director sees the unreleased board"
    );
}

#[actix_web::test]
async fn a_complete_match_whose_last_board_is_played_elsewhere_gives_nothing_away() {
    // World A: board 4 of round 3 played for 40, 120 and 60; world B: for 0, 160 and 15.
    let (a, b) = (club_night([40, 120, 60]), club_night([0, 160, 15]));
    let values = Values::of(&a);
    for (x, y) in two_worlds_in_the_hall(&a, &b) {
        director_sees_the_difference(&x, &y, "/d/club-night/rounds/3/tables/1").await;
        director_sees_the_difference(&x, &y, "/registry/P1").await;
        let read = compare(&x, &y, &values).await;
        assert!(read >= 150, "only {read} paths read");
    }
}

#[actix_web::test]
async fn a_knockout_tie_complete_at_one_table_gives_nothing_away() {
    // The final's board 4: world A 40 and 150, world B 150 and 40: the winner changes.
    let (a, b) = (championship([40, 150, 70]), championship([150, 40, 5]));
    let values = Values::of(&a);
    for (x, y) in two_worlds_in_the_hall(&a, &b) {
        director_sees_the_difference(&x, &y, "/d/stages-swiss-knockout-8/stages").await;
        let read = compare(&x, &y, &values).await;
        assert!(read >= 300, "only {read} paths read");
    }
}

/// `db`'s round 3, table 2 with its open room's board 4 played for `t` instead.
fn replay_board_4(db: &TestDb, t: i32) {
    let mut conn = db.open();
    let event = fushi::db::load_event(&mut conn, "club-night")
        .expect("loads")
        .expect("the club night");
    let round = event
        .rounds
        .iter()
        .find(|r| r.number == 3)
        .expect("round 3");
    let m = round
        .matches
        .iter()
        .find(|m| m.table == 2)
        .expect("table 2");
    let mut results = m.results.clone();
    for r in &mut results {
        if r.board == 4 && r.room == fushi::rules::Room::Open {
            r.entry = common::edited(&r.entry, |f| f.trick_points = Some(t));
        }
    }
    assert!(common::edits::save_match_results(&mut conn, "club-night", 3, 2, &results).unwrap());
}

#[actix_web::test]
async fn the_event_streams_of_two_worlds_say_the_same() {
    use crate::web_live::{Server, change_after, client, wait_for_revision};
    let (a, b) = (club_night([40, 120, 60]), club_night([0, 160, 15]));
    for (x, y) in two_worlds(&a, &b) {
        let (one, two) = (Server::start(x.url()).await, Server::start(y.url()).await);
        let client = client();
        let mut streams = Vec::new();
        for server in [&one, &two] {
            let events = client
                .get(server.url("/t/club-night/events"))
                .send()
                .await
                .expect("the stream opens");
            // A reader holds the current snapshot, so the watcher tells what changed.
            let page = client
                .get(server.url("/t/club-night/standings"))
                .send()
                .await;
            assert!(page.expect("standings").status().is_success());
            streams.push((events, String::new()));
        }
        // The same save in both worlds, of other figures on a board still unreleased.
        replay_board_4(&x, 35);
        replay_board_4(&y, 140);
        let mut said = Vec::new();
        for (events, seen) in &mut streams {
            assert!(wait_for_revision(events, 2, seen).await, "{seen:?}");
            let change = change_after(events, 2, seen).await;
            said.push((change, seen.clone()));
        }
        assert_eq!(said[0], said[1], "{}: the streams differ", x.backend());
        assert_eq!(said[0].0["rounds"], serde_json::json!([]), "{:?}", said[0]);
        // The pages each server now holds, made from the one before (only the saved match
        // compared again), are the same too.
        for path in [
            "/t/club-night",
            "/t/club-night/standings",
            "/t/club-night/rounds/3",
            "/t/club-night/rounds/3/tables/1",
            "/t/club-night/rounds/3/tables/2",
            "/t/club-night/rounds/3/boards/4",
            "/t/club-night/matches.csv",
            "/t/club-night/standings.csv",
            "/api/v1/tournaments/club-night/matches",
            "/api/v1/tournaments/club-night/standings",
        ] {
            let mut bodies = Vec::new();
            for server in [&one, &two] {
                let mut answer = client.get(server.url(path)).send().await.expect(path);
                assert!(answer.status().is_success(), "{path}");
                bodies.push(answer.body().await.expect(path));
            }
            assert_eq!(bodies[0], bodies[1], "{path} after the save");
        }
        one.stop().await;
        two.stop().await;
    }
}

/// The club night with a fourth round of 8 boards entered at the tables, approval on: table
/// 1's open room entered by NS with `t` trick points on every board and confirmed by EW,
/// waiting for the director's approval; no other room has played. The two worlds differ
/// only in `t`.
async fn confirmed_not_approved(db: &TestDb, t: u32) {
    use diesel::prelude::*;
    use fushi::db::schema::tournaments;
    common::club_night_with_table_round(db, 8, false);
    diesel::update(tournaments::table)
        .set(tournaments::table_approval.eq(true))
        .execute(&mut db.open())
        .expect("approval on");
    same_times(db);
    let link = format!(
        "/table/{}",
        common::room_token(db, 1, fushi::rules::Room::Open)
    );
    let (ns, ew) = (
        common::code_for(db, &link, "ns"),
        common::code_for(db, &link, "ew"),
    );
    let mut form = vec![
        ("code".to_owned(), ns),
        ("submission".to_owned(), "s1".to_owned()),
    ];
    for b in 1..=8 {
        form.push((format!("{b}-trick_points"), t.to_string()));
        form.push((format!("{b}-last_trick"), "declarer".to_owned()));
    }
    let mut entering = anonymous(db).await;
    let saved = entering.post_raw(&link, &common::refs(&form)).await;
    assert_eq!(saved.status.as_u16(), 303, "{}", saved.body);
    let mut confirming = anonymous(db).await;
    let shown = confirming
        .confirm_room(&link, &[("code", &ew), ("action", "show")])
        .await;
    assert_eq!(shown.status.as_u16(), 303, "{}", shown.body);
    let confirmed = confirming
        .confirm_room(&link, &[("action", "confirm")])
        .await;
    assert_eq!(confirmed.status.as_u16(), 303, "{}", confirmed.body);
}

#[actix_web::test]
async fn a_room_confirmed_at_its_table_and_not_approved_gives_nothing_away() {
    let mut worlds = vec![(TestDb::sqlite(), TestDb::sqlite())];
    if let (Some(x), Some(y)) = (TestDb::postgres(), TestDb::postgres()) {
        worlds.push((x, y));
    }
    let numbers = |n: i64| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
    let values = Values {
        slug: "club-night".to_owned(),
        rounds: numbers(5),
        tables: numbers(4),
        boards: numbers(9),
        teams: numbers(6),
        searches: searches(
            &std::fs::read_to_string(common::club_night_dir().join("teams.csv"))
                .expect("teams.csv"),
        ),
        players: 0,
    };
    for (x, y) in worlds {
        confirmed_not_approved(&x, 60).await;
        confirmed_not_approved(&y, 100).await;
        director_sees_the_difference(&x, &y, "/d/club-night/rounds/4/tables/1").await;
        // Both rooms are confirmed at their table and wait for the director.
        for db in [&x, &y] {
            let room = common::room_link(db, 1, fushi::rules::Room::Open);
            assert_eq!(room.state, fushi::db::table::EntryState::Confirmed);
        }
        compare(&x, &y, &values).await;
    }
}
