//! The web application's shell: the home page, languages, error pages.

use crate::common;

use actix_web::http::StatusCode;
use common::TestDb;
use common::http::browser;

#[actix_web::test]
async fn unknown_urls_get_a_real_404_page_in_the_readers_language() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    let page = b.get("/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.content_type.starts_with("text/html"));
    page.has("<html lang=\"en\">")
        .has("Page not found")
        .has("href=\"/\"");

    b.accept_language = "zh-CN,zh;q=0.9".into();
    let page = b.get("/no/such/page").await;
    page.has("<html lang=\"zh-Hans\">").has("页面不存在");
}

#[actix_web::test]
async fn the_language_switcher_remembers_the_choice() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    b.get("/")
        .await
        .has("Tournaments")
        .has("name=\"lang\" value=\"zh\"");
    let page = b.get("/lang?lang=zh&next=/").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location.as_deref(), Some("/"));
    assert_eq!(b.cookies.get("lang").map(String::as_str), Some("zh"));
    // The cookie wins over the browser's English.
    b.get("/")
        .await
        .has("赛事")
        .has("name=\"lang\" value=\"en\"");
    // Only paths on this site are followed.
    let page = b.get("/lang?lang=en&next=//evil.example").await;
    assert_eq!(page.location.as_deref(), Some("/"));
}

#[actix_web::test]
async fn the_home_page_lists_tournaments() {
    let db = TestDb::sqlite();
    let files = fushi::archive::ArchiveFiles::read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/club-night"),
    )
    .unwrap();
    fushi::transfer::import(&mut db.open(), &files).unwrap();
    let mut b = browser(&db).await;
    b.get("/")
        .await
        .has("Thursday Club Night 周四俱乐部复式赛")
        .has("href=\"/t/club-night\"");
}

#[actix_web::test]
async fn the_stylesheet_is_served_from_the_binary() {
    let db = TestDb::sqlite();
    let mut b = browser(&db).await;
    let css = b.get_ok("/static/fushi.css").await;
    assert!(css.content_type.starts_with("text/css"));
    css.has("--accent");
}

/// Every page of the layout has a favicon, a description and a skip link to its content as
/// the first thing a keyboard reaches; the icon is served.
#[actix_web::test]
async fn every_page_has_an_icon_a_description_and_a_skip_link() {
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    let mut b = common::http::anonymous(&db).await;
    for path in ["/", "/t/club-night", "/t/club-night/standings", "/login"] {
        let page = b.get_ok(path).await;
        page.has("<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\">")
            .has("<meta name=\"description\" content=\"Duplicate Shengji")
            .has("<main id=\"main\" tabindex=\"-1\">");
        let body = page.body.find("<body>").expect("a body");
        let skip = page
            .body
            .find("<a class=\"skip-link\" href=\"#main\">Skip to the content</a>")
            .expect("a skip link");
        let first_link = page.body[body..].find("<a ").expect("a link") + body;
        assert_eq!(skip, first_link, "{path}: the skip link comes first");
    }
    b.accept_language = "zh-CN".into();
    b.get_ok("/t/club-night").await.has(">跳到正文</a>");
    let icon = b.get_ok("/static/favicon.svg").await;
    assert_eq!(icon.content_type, "image/svg+xml");
    assert!(icon.body.starts_with("<svg"), "{}", icon.body);
}

/// 繁體中文: chosen from the browser's zh-TW, offered by the switcher, and used by public and
/// director pages alike, with the page's `lang` saying so.
#[actix_web::test]
async fn traditional_chinese_is_a_language_of_every_page() {
    let db = TestDb::sqlite();
    common::import_club_night(&db);
    let mut b = common::http::browser_as(&db, "ada", fushi::db::accounts::Role::Admin).await;
    b.accept_language = "zh-TW,zh;q=0.9,en;q=0.5".into();
    b.get("/")
        .await
        .has("<html lang=\"zh-Hant\">")
        .has("賽事")
        .has("name=\"lang\" value=\"zh\"")
        .has("简体中文")
        .has("name=\"lang\" value=\"en\"")
        .lacks("name=\"lang\" value=\"zh-Hant\"");
    // A public match page: the result wording in Traditional Chinese.
    b.get("/t/club-night/rounds/1/tables/2")
        .await
        .has("<html lang=\"zh-Hant\">")
        .has("閒家上台升5級")
        .lacks("闲家");
    // A director page.
    b.get("/d/club-night")
        .await
        .has("<html lang=\"zh-Hant\">")
        .has("已完成場次");
    // Simplified Chinese readers get Simplified; the switcher offers Traditional.
    b.accept_language = "zh-CN".into();
    b.get("/t/club-night/rounds/1/tables/2")
        .await
        .has("<html lang=\"zh-Hans\">")
        .has("闲家上台升5级")
        .has("name=\"lang\" value=\"zh-Hant\"")
        .has("繁體中文");
    // The choice is remembered.
    let page = b.get("/lang?lang=zh-Hant&next=/").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(b.cookies.get("lang").map(String::as_str), Some("zh-Hant"));
    b.get("/").await.has("<html lang=\"zh-Hant\">");
}
