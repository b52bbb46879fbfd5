//! Figures while typing at the desk: the figures endpoint scores the grid as it stands with
//! the rules the save uses (P, result and s per row, the swing per board and the running
//! M), and says why a row cannot be scored yet; nothing is saved.

use crate::common;

use actix_web::http::StatusCode;
use common::http::browser;
use common::{backends, import_club_night};

const FIGURES: &str = "/d/club-night/rounds/1/tables/1/figures";

#[actix_web::test]
async fn the_grid_is_scored_as_typed_without_saving() {
    for db in backends() {
        import_club_night(&db);
        let before = fushi::transfer::export(&mut db.open(), "club-night").unwrap();
        let mut b = browser(&db).await;
        // Board 1 (dealer N: NS declares): open room 45 won by the declarers; closed room 70
        // and 10 in the bottom won by the defenders with a pair: 70 + 10 × 4 = 110.
        let page = b
            .get_ok(&format!(
                "{FIGURES}?o1-trick_points=45&o1-last_trick=declarer&c1-trick_points=70&c1-bottom_points=10&c1-last_trick=defenders&c1-combo=pair&o2-trick_points=63"
            ))
            .await;
        assert!(page.content_type.starts_with("application/json"));
        let json: serde_json::Value = serde_json::from_str(&page.body).unwrap();
        let row = |key: &str| &json["rows"][key];
        assert_eq!(row("open-1")["p"], "45");
        assert_eq!(row("open-1")["result"], "declarers up 1");
        assert_eq!(row("open-1")["s"], "+1");
        assert_eq!(row("closed-1")["p"], "110");
        assert_eq!(row("closed-1")["s"], "−1");
        // 63 is not a multiple of 5: no figures, and why.
        assert_eq!(row("open-2")["p"], "");
        assert!(
            row("open-2")["problem"]
                .as_str()
                .unwrap()
                .contains("multiple of 5"),
            "{json}"
        );
        // Home (team 2) declares in the open room (+1) and defends in the closed (+1).
        assert_eq!(json["swings"]["1"], "+2");
        assert_eq!(json["home_levels"], "+2");
        assert_eq!(json["compared"], 1);
        assert!(
            json["running"]
                .as_str()
                .unwrap()
                .starts_with("Swing so far: +2 for 2 "),
            "{json}"
        );
        // Nothing was saved.
        assert_eq!(
            fushi::transfer::export(&mut db.open(), "club-night").unwrap(),
            before
        );
        // Not for the public.
        let status = common::http::anonymous(&db).await.get(FIGURES).await.status;
        assert_eq!(status, StatusCode::SEE_OTHER);
    }
}

#[actix_web::test]
async fn the_table_page_is_scored_as_typed_without_saving() {
    for db in backends() {
        common::club_night_with_table_round(&db, 4, false);
        let token = common::room_token(&db, 1, fushi::rules::Room::Open);
        let mut table = common::http::anonymous(&db).await;
        let page = table
            .get_ok(&format!(
                "/table/{token}/figures?2-trick_points=70&2-bottom_points=10&2-last_trick=defenders&2-combo=pair&3-trick_points=63"
            ))
            .await;
        let json: serde_json::Value = serde_json::from_str(&page.body).unwrap();
        assert_eq!(json["boards"]["2"]["p"], "110");
        assert_eq!(json["boards"]["2"]["s"], "−1");
        assert_eq!(json["boards"]["1"]["p"], "");
        assert!(
            json["boards"]["3"]["problem"]
                .as_str()
                .unwrap()
                .contains("multiple of 5")
        );
        // Nothing was entered, and a wrong link is a 404 like the page's.
        assert_eq!(
            common::room_link(&db, 1, fushi::rules::Room::Open).state,
            fushi::db::table::EntryState::NotStarted
        );
        let wrong = table.get("/table/AAAAAAAAAAAAAAAAAAAAAA/figures").await;
        assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    }
}
