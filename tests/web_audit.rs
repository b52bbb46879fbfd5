//! The audit trail and safe concurrent entry, over HTTP: two people editing one match,
//! the second refused with both versions and nothing lost; corrections, team edits and
//! settings changes in the trail with their before and after values; `audit.csv` in the
//! archive's zip and ignored on import.

mod common;

use actix_web::http::StatusCode;
use common::http::{Page, browser_as};
use common::{TestDb, backends};
use fushi::archive::ArchiveFiles;
use fushi::db::accounts::Role;

const SLUG: &str = "club-night";
const ENTRY: &str = "/d/club-night/rounds/1/tables/1";

fn import_club_night(db: &TestDb) {
    let files = ArchiveFiles::read(std::path::Path::new("examples/club-night")).unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
}

/// Every field of the entry form as the page has it: inputs with their value, selects
/// with their selected option (the CSRF token is left to the browser).
fn form_of(page: &Page) -> Vec<(String, String)> {
    let body = &page.body;
    let start = body.find("id=\"entry-form\"").expect("the entry form");
    let form = &body[start..start + body[start..].find("</form>").unwrap()];
    let attr = |tag: &str, name: &str| {
        let marker = format!("{name}=\"");
        tag.find(&marker).map(|i| {
            let v = &tag[i + marker.len()..];
            v[..v.find('"').unwrap()].to_owned()
        })
    };
    let mut fields = Vec::new();
    let mut rest = form;
    while let Some(i) = rest.find('<') {
        rest = &rest[i..];
        let end = rest.find('>').unwrap();
        let tag = &rest[..end];
        if tag.starts_with("<input") {
            let name = attr(tag, "name").unwrap();
            if name != "csrf" {
                fields.push((name, attr(tag, "value").unwrap_or_default()));
            }
        } else if tag.starts_with("<select") {
            let name = attr(tag, "name").unwrap();
            let close = rest.find("</select>").unwrap();
            let select = &rest[..close];
            let value = select
                .find(" selected>")
                .map(|at| {
                    let before = &select[..at];
                    let v = &before[before.rfind("value=\"").unwrap() + 7..];
                    v.trim_end_matches('"').to_owned()
                })
                .unwrap_or_default();
            fields.push((name, value));
            rest = &rest[close..];
            continue;
        }
        rest = &rest[end..];
    }
    fields
}

fn set(form: &mut [(String, String)], name: &str, value: &str) {
    let field = form
        .iter_mut()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no field {name}"));
    field.1 = value.to_owned();
}

fn get(form: &[(String, String)], name: &str) -> String {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no field {name}"))
}

fn refs(form: &[(String, String)]) -> Vec<(&str, &str)> {
    form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

#[actix_web::test]
async fn two_people_edit_one_match_and_the_second_is_refused_with_both_versions() {
    for db in backends() {
        import_club_night(&db);
        let mut ann = browser_as(&db, "ann", Role::Admin).await;
        let mut bob = browser_as(&db, "bob", Role::Admin).await;

        let page_a = ann.get(ENTRY).await;
        assert_eq!(page_a.status, StatusCode::OK);
        let page_b = bob.get(ENTRY).await;
        let mut form_a = form_of(&page_a);
        let mut form_b = form_of(&page_b);
        assert_eq!(get(&form_a, "version"), "0");
        assert_eq!(get(&form_a, "o1-trick_points"), "55");

        // Ann corrects open board 1 from 55 to 60 and saves first.
        set(&mut form_a, "o1-trick_points", "60");
        let saved = ann.post(ENTRY, &refs(&form_a)).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);

        // Bob, on the page he loaded before, types 70 and a bottom of 25 on board 2.
        set(&mut form_b, "o1-trick_points", "70");
        set(&mut form_b, "o2-bottom_points", "25");
        let refused = bob.post(ENTRY, &refs(&form_b)).await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
        refused
            .has("Someone else saved this match while you were typing")
            .has("ann saved it at")
            // Theirs and yours, board by board.
            .has("<code>trick_points=60 bottom_points=15 last_trick=declarer</code>")
            .has("<code>trick_points=70 bottom_points=15 last_trick=declarer</code>")
            .has("<code>trick_points=35 last_trick=declarer</code>")
            .has("<code>trick_points=35 bottom_points=25 last_trick=declarer</code>")
            .has("Keep theirs")
            .has("Save mine anyway");
        // Bob's values are kept in the form, which now carries the current version.
        let kept = form_of(&refused);
        assert_eq!(get(&kept, "o1-trick_points"), "70");
        assert_eq!(get(&kept, "o2-bottom_points"), "25");
        assert_eq!(get(&kept, "version"), "1");

        // Nothing of Bob's was saved: Ann's result is intact.
        let now = ann.get(ENTRY).await;
        let stored = form_of(&now);
        assert_eq!(get(&stored, "o1-trick_points"), "60");
        assert_eq!(get(&stored, "o2-bottom_points"), "");
        assert_eq!(get(&stored, "version"), "1");

        // Bob chooses "save mine anyway": the kept form goes again.
        let again = bob.post(ENTRY, &refs(&kept)).await;
        assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
        let after = form_of(&bob.get(ENTRY).await);
        assert_eq!(get(&after, "o1-trick_points"), "70");
        assert_eq!(get(&after, "o2-bottom_points"), "25");
        assert_eq!(get(&after, "version"), "2");

        // Ann's stale page (version 1) is now refused in turn.
        let stale = ann.post(ENTRY, &refs(&stored)).await;
        assert_eq!(stale.status, StatusCode::CONFLICT);
        stale.has("bob saved it at");

        // The trail has both changes with before and after, on the match page and the
        // tournament's page.
        for page in [bob.get(ENTRY).await, bob.get("/d/club-night/audit").await] {
            assert_eq!(page.status, StatusCode::OK);
            page.has("round 1 table 1 open board 1")
                .has("<td>ann</td>")
                .has("<td>bob</td>")
                .has("<code>trick_points=55 bottom_points=15 last_trick=declarer</code>")
                .has("<code>trick_points=60 bottom_points=15 last_trick=declarer</code>")
                .has("<code>trick_points=70 bottom_points=15 last_trick=declarer</code>")
                .has("round 1 table 1 open board 2")
                .has("<code>trick_points=35 bottom_points=25 last_trick=declarer</code>");
        }
        let _ = SLUG;
    }
}

#[actix_web::test]
async fn a_correction_shows_before_and_after_and_an_unchanged_save_leaves_no_trace() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser_as(&db, "carol", Role::Admin).await;
        let empty = b.get("/d/club-night/audit").await;
        assert_eq!(empty.status, StatusCode::OK);
        empty.has("Nothing has been changed yet.");

        // Saving the page unchanged records nothing and keeps the version.
        let form = form_of(&b.get(ENTRY).await);
        let same = b.post(ENTRY, &refs(&form)).await;
        assert_eq!(same.status, StatusCode::SEE_OTHER);
        b.get("/d/club-night/audit")
            .await
            .has("Nothing has been changed yet.");

        // A ruling on closed board 3.
        let mut form = form_of(&b.get(ENTRY).await);
        let before = get(&form, "c3-trick_points");
        set(&mut form, "c3-ruling", "-2");
        let saved = b.post(ENTRY, &refs(&form)).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let trail = b.get("/d/club-night/audit").await;
        trail
            .has("One change")
            .has("round 1 table 1 closed board 3")
            .has("<td>carol</td>")
            .has("<td>Results</td>")
            .has(&format!("trick_points={before}"))
            .has("ruling=-2</code>");
        // In Chinese too.
        b.accept_language = "zh".into();
        b.get("/d/club-night/audit").await.has("修改记录").has("成绩");
        b.get(ENTRY).await.has("本场次的修改记录");
        // An unknown slug is a 404.
        assert_eq!(
            b.get("/d/no-such/audit").await.status,
            StatusCode::NOT_FOUND
        );
    }
}
