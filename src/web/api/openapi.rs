//! The API's OpenAPI 3.1 document, `GET /api/v1/openapi.json`, made from the answers' own
//! types and the handlers' declarations (utoipa): what a field is called and what it holds
//! is said once, where the answer is built. A test holds it to the route table: every
//! `/api/` route is in the document and the document has no other.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use utoipa::OpenApi;

use super::{field, index, players, series, stages};
use crate::web::compress::Coding;
use crate::web::live::http::PUBLIC_CACHE_CONTROL;

/// The API's description.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "fushi read API",
        version = "1",
        description = "What fushi's public pages show, as JSON: published tournaments and \
            public players only, results of released boards only. Lists are paged \
            (`limit`, `cursor`, `next`); errors are `{\"error\": kind, \"message\": text}`. See docs/api.md."
    ),
    paths(
        document,
        index::index,
        super::tournament,
        super::standings,
        super::round,
        field::matches,
        field::results,
        field::traveller,
        field::butler_ranking,
        field::deals,
        stages::stages,
        stages::bracket,
        stages::tie,
        stages::ranking,
        players::list,
        players::player,
        players::ratings,
        series::list,
        series::series,
    )
)]
pub(crate) struct ApiDoc;

/// The document's bytes, made once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"internal\", \"message\": \"{e}\"}}"))
});

/// This document: the OpenAPI 3.1 description of every API route.
#[utoipa::path(get, path = "/api/v1/openapi.json",
    responses(
        (status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"),
        (status = 304, description = "Not modified (If-None-Match)"),
    ))]
pub(crate) async fn document(req: HttpRequest) -> HttpResponse {
    // The document changes only with fushi's version.
    let etag = format!(
        "\"{}-openapi{}\"",
        env!("CARGO_PKG_VERSION"),
        Coding::of_request(&req).tag()
    );
    let mut response = if index::matches(&req, &etag) {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag.as_str()))
        .insert_header((header::CACHE_CONTROL, PUBLIC_CACHE_CONTROL))
        .insert_header((header::VARY, "Accept-Encoding"));
    if index::matches(&req, &etag) {
        return response.finish();
    }
    response
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .body(DOCUMENT.as_str())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every `/api/` route of the route table (method and pattern) is in the document, and
    /// the document describes no route the app does not have.
    #[test]
    fn the_document_describes_every_api_route_and_no_other() {
        let document: serde_json::Value = serde_json::from_str(&DOCUMENT).unwrap();
        assert_eq!(document["openapi"], "3.1.0");
        let mut described = BTreeSet::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                if method != "parameters" {
                    described.insert((method.to_uppercase(), path.clone()));
                }
            }
        }
        let routed: BTreeSet<(String, String)> = crate::web::routes::table()
            .iter()
            .filter(|d| d.pattern.starts_with("/api/"))
            .map(|d| (d.method.to_string(), d.pattern.to_owned()))
            .collect();
        assert!(routed.len() >= 14, "{routed:?}");
        assert_eq!(
            described, routed,
            "the OpenAPI document (left) and the route table (right) differ"
        );
    }

    /// Every answer named in the document is described there, fields and all.
    #[test]
    fn every_answer_is_a_described_schema() {
        let document: serde_json::Value = serde_json::from_str(&DOCUMENT).unwrap();
        let schemas = document["components"]["schemas"].as_object().unwrap();
        for name in [
            "IndexAnswer",
            "TournamentAnswer",
            "ResultsAnswer",
            "MatchesAnswer",
            "ApiError",
        ] {
            assert!(schemas.contains_key(name), "{name} is not described");
        }
        let results = &schemas["ResultsAnswer"]["properties"];
        assert!(results["next"].is_object() && results["results"].is_object());
        let text = DOCUMENT.as_str();
        // Every reference points at a described schema.
        for piece in text.split("\"#/components/schemas/").skip(1) {
            let name = piece.split('"').next().unwrap();
            assert!(
                schemas.contains_key(name),
                "{name} is referenced, not described"
            );
        }
    }
}
