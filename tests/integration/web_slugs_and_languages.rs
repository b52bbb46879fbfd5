//! The last gaps of the web application: problems in the reader's language, reserved slugs,
//! and the links to the director's area.

use crate::common;
use fushi::rules::TeamNo;

use std::io::Write;
use std::path::Path;

use actix_web::http::StatusCode;
use common::http::browser;
use common::{TestDb, backends, club_night_dir, fushi_command, import_club_night};
use fushi::archive::ArchiveFiles;
use fushi::db;

/// The sample archive with `slug` instead of its own, as a folder.
fn sample_with_slug(slug: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "tournament.toml",
        "teams.csv",
        "boards.csv",
        "schedule.csv",
        "results.csv",
    ] {
        let mut text = std::fs::read_to_string(club_night_dir().join(name)).unwrap();
        if name == "tournament.toml" {
            assert!(text.contains("slug = \"club-night\""));
            text = text.replace("slug = \"club-night\"", &format!("slug = \"{slug}\""));
        }
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// A .zip of the folder `dir` as fushi exports one: a folder holding the files.
fn zip_of(dir: &Path) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        zip.start_file(format!("t/{name}"), options).unwrap();
        zip.write_all(&std::fs::read(&path).unwrap()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[test]
fn the_command_line_refuses_reserved_slugs_in_english() {
    let db = TestDb::sqlite();
    for slug in ["new", "import"] {
        let dir = sample_with_slug(slug);
        let out = fushi_command()
            .args(["import", dir.path().to_str().unwrap(), "--db", db.url()])
            .output()
            .expect("run fushi");
        assert!(!out.status.success());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            [format!(
                "tournament.toml:2: slug \"{slug}\" is reserved: /d/{slug} is a page of fushi; choose another"
            )]
        );
        assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
    }
    // A slug that only begins like one is fine.
    let dir = sample_with_slug("new-year");
    let files = ArchiveFiles::read(dir.path()).unwrap();
    let imported = fushi::transfer::import(&mut db.open(), &files).unwrap();
    assert_eq!(imported.slug, "new-year");
}

#[actix_web::test]
async fn reserved_slugs_are_refused_on_the_new_form_and_the_import_page() {
    for db in backends() {
        let mut b = browser(&db).await;
        for slug in ["new", "import"] {
            let page = b
                .post("/d/new", &[("name", "Spring"), ("slug", slug)])
                .await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
            page.has(&format!(
                "&#34;{slug}&#34; is the address of another page; choose another slug."
            ));
        }
        let bytes = zip_of(sample_with_slug("import").path());
        let page = b.upload("/d/import", "archive", "t.zip", &bytes, &[]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("tournament.toml:2: slug &#34;import&#34; is reserved: /d/import is a page of fushi; choose another");
        b.accept_language = "zh".into();
        let page = b.upload("/d/import", "archive", "t.zip", &bytes, &[]).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("tournament.toml:2: 标识“import”已被保留：/d/import 是 fushi 的页面，请换一个");
        assert!(db::list_tournaments(&mut db.open()).unwrap().is_empty());
    }
}

#[actix_web::test]
async fn a_teams_upload_shows_its_problems_in_chinese() {
    for db in backends() {
        import_club_night(&db);
        let mut b = browser(&db).await;
        b.accept_language = "zh-CN".into();
        let bad = "team_no,name,club,members\n\
                   7,Good,,A;B\n\
                   7,Again,,A\n\
                   x,,,\n\
                   8,Many,,A;B;C;D;E;F;G\n";
        let page = b.upload_teams(bad.as_bytes()).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("teams.csv:3: 7 号队出现了两次（第一次在第 2 行）")
            .has("teams.csv:4: team_no“x”不是整数")
            .has("teams.csv:4: name 为空")
            .lacks("is listed twice");
        // Too many members is its own check, after the file reads cleanly.
        let many = "team_no,name,club,members\n8,Many,,A;B;C;D;E;F;G\n";
        let page = b.upload_teams(many.as_bytes()).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        page.has("teams.csv:2: 8 号队有 7 名队员；每队最多 6 名");
        // The same file in English reads as the command line would print it.
        b.accept_language = "en".into();
        let page = b.upload_teams(bad.as_bytes()).await;
        page.has("teams.csv:3: team 7 is listed twice (first on line 2)")
            .has("teams.csv:4: team_no &#34;x&#34; is not a whole number");
        // Nothing was saved.
        let roster = db::load_roster(&mut db.open(), "club-night")
            .unwrap()
            .unwrap();
        assert!(roster.team(TeamNo(7)).is_none());
    }
}

#[actix_web::test]
async fn a_refused_deck_change_lists_its_conflicts_in_chinese() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    b.accept_language = "zh".into();
    // The stored settings as the form shows them, with one deck instead of two.
    let form = b.get_ok("/d/club-night/settings").await;
    let mut fields = form_fields(&form.body);
    for (k, v) in &mut fields {
        if k == "decks" {
            *v = "1".to_owned();
        }
    }
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let page = b.post("/d/club-night/settings", &fields).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.body
    );
    page.has("闲家得分 115 超出 1 副牌的范围 0–100")
        .has("1 副牌不可能出现 对子；可选：单张")
        .lacks("is out of range");
}

/// The named inputs and selects of a form as a browser would post them (text inputs, the
/// selected option of each select, checked checkboxes).
fn form_fields(html: &str) -> Vec<(String, String)> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!(" {name}=\"");
        let start = tag.find(&key)? + key.len();
        let end = start + tag[start..].find('"')?;
        Some(tag[start..end].replace("&#34;", "\"").replace("&#38;", "&"))
    };
    let mut fields = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open..];
        let end = rest.find('>').unwrap_or(rest.len() - 1);
        let tag = &rest[..=end];
        if tag.starts_with("<input ") {
            let kind = attr(tag, "type").unwrap_or_else(|| "text".to_owned());
            if let Some(name) = attr(tag, "name") {
                match kind.as_str() {
                    "checkbox" | "radio" => {
                        if tag.contains(" checked") {
                            fields.push((name, attr(tag, "value").unwrap_or("on".into())));
                        }
                    }
                    "submit" | "button" | "file" => {}
                    _ => fields.push((name, attr(tag, "value").unwrap_or_default())),
                }
            }
        } else if tag.starts_with("<select ")
            && let Some(name) = attr(tag, "name")
        {
            let close = rest.find("</select>").unwrap_or(rest.len());
            let options = &rest[..close];
            let chosen = options
                .split("<option ")
                .skip(1)
                .find(|o| o.contains(" selected"))
                .or_else(|| options.split("<option ").nth(1))
                .and_then(|o| attr(&format!(" {o}"), "value"))
                .unwrap_or_default();
            fields.push((name, chosen));
        } else if tag.starts_with("<textarea ")
            && let Some(name) = attr(tag, "name")
        {
            let close = rest.find("</textarea>").unwrap_or(rest.len());
            fields.push((name, rest[end + 1..close].to_owned()));
        }
        rest = &rest[end + 1..];
    }
    fields
}

#[actix_web::test]
async fn the_home_page_and_every_header_link_the_directors_area_and_the_import() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    let home = b.get("/").await;
    home.has("<a href=\"/d\">Director&#39;s area</a>")
        .has("<a href=\"/d/import\">Import a tournament</a>");
    for path in [
        "/",
        "/t/club-night",
        "/d",
        "/d/club-night/rounds/1/tables/1",
        "/nowhere",
    ] {
        let page = b.get(path).await;
        page.has("<nav class=\"site-nav\"")
            .has("<a href=\"/d\">Director&#39;s area</a> <a href=\"/d/import\">Import</a>");
    }
    // The links lead somewhere.
    assert_eq!(b.get("/d").await.status, StatusCode::OK);
    assert_eq!(b.get("/d/import").await.status, StatusCode::OK);
    b.accept_language = "zh".into();
    b.get("/")
        .await
        .has("<a href=\"/d\">裁判长区</a>")
        .has("<a href=\"/d/import\">导入赛事</a>")
        .has("<a href=\"/d/import\">导入</a>");
}

/// A path's `{slug}` is parsed once, at the edge, by the one rule (`rules::slug::Slug`):
/// upper case, an underscore, a reserved word or a slug too long names no tournament on a
/// public page, a file, the API or the director's area, while the same tournament's own
/// slug does.
#[actix_web::test]
async fn a_path_whose_slug_breaks_the_rule_names_no_tournament() {
    let db = TestDb::sqlite();
    import_club_night(&db);
    let mut b = browser(&db).await;
    for path in [
        "/t/club-night/standings",
        "/t/club-night/",
        "/t/club-night/results.csv",
        "/api/v1/tournaments/club-night",
        "/d/club-night/rounds",
    ] {
        let page = b.get(path).await;
        assert!(
            page.status.is_success() || page.status.is_redirection(),
            "{path}: {}",
            page.status
        );
    }
    let long = "a".repeat(65);
    for slug in ["Club-Night", "club_night", "new", long.as_str()] {
        for path in [
            format!("/t/{slug}/standings"),
            format!("/t/{slug}/"),
            format!("/t/{slug}/results.csv"),
            format!("/api/v1/tournaments/{slug}"),
            format!("/d/{slug}/rounds"),
        ] {
            assert_eq!(b.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
        }
    }
}
