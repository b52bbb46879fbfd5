//! Paging of the API's lists: an answer holds at most one page of its list (`?limit=`,
//! [`DEFAULT_LIMIT`] by default, at most [`MAX_LIMIT`]) and, when more follow, the opaque
//! `next` cursor to ask for them with (`?cursor=`).
//!
//! A cursor names the list it belongs to and where the page before it ended: the key of its
//! last item (round, table, room, board for `results`; round and table for the matches) or,
//! in a ranked list (the index, the standings, Butler, the ranking), its place. A list whose
//! items have keys pages the same after a new revision: a result saved meanwhile on an
//! earlier board is not shown twice, and none is skipped. Clients treat the cursor as
//! opaque text; a cursor of another list, or one not made by fushi, is a 400.
//!
//! Only the pages a client following `next` from the first page asks for are kept in the
//! page cache (the default limit, a cursor that names an item of the list): other limits and
//! cursors are answered, but drawn for each request, so no query string fills the cache.

use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use fluent_templates::fluent_bundle::FluentValue;

use serde::Serialize;

use crate::web::AppError;
use crate::web::i18n::{Lang, Tr};

/// Items in a page when the request does not say.
pub(crate) const DEFAULT_LIMIT: usize = 100;

/// The most items a page may hold (`?limit=` above it is refused).
pub(crate) const MAX_LIMIT: usize = 500;

pub(crate) use crate::web::live::pages::NotKept;

/// Where an item stands in its list: up to four numbers, compared in order.
pub(crate) type Key = [i64; 4];

/// The key of the item at `place` of a ranked list.
pub fn place(place: usize) -> Key {
    [i64::try_from(place).unwrap_or(i64::MAX), 0, 0, 0]
}

/// The paging a request asks for: `?cursor=` and `?limit=` (the first of each), checked when
/// a list is paged, so that the message can name what is wrong.
#[derive(Clone, Debug, Default)]
pub(crate) struct Paging {
    cursor: Option<String>,
    limit: Option<String>,
    lang: Option<Lang>,
}

/// One page of a list: its items, the cursor of the next page (`None` on the last), and
/// whether the page may be kept in the page cache.
#[derive(Debug)]
pub(crate) struct Paged<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
    pub keep: bool,
}

impl<T> Paged<T> {
    /// The JSON answer that holds this page: `answer` makes it of the page's items and the
    /// next page's cursor. Kept in the page cache only when the page may be ([`NotKept`]
    /// otherwise), so every paged answer of the API is served the same way.
    pub(crate) fn answer<A: Serialize>(
        self,
        answer: impl FnOnce(Vec<T>, Option<String>) -> A,
    ) -> HttpResponse {
        let mut response = super::json_response(&answer(self.items, self.next));
        if !self.keep {
            response.extensions_mut().insert(NotKept);
        }
        response
    }
}

impl Paging {
    /// The paging of a query string.
    pub(crate) fn of_query(query: &str, lang: Option<Lang>) -> Paging {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
        let first = |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        Paging {
            cursor: first("cursor"),
            limit: first("limit"),
            lang,
        }
    }

    fn refused(&self, key: &str, value: &str) -> AppError {
        let t = Tr::new(self.lang.unwrap_or(Lang::EN));
        AppError::bad_request(t.args(
            key,
            &[
                ("value", FluentValue::from(value.to_owned())),
                ("max", FluentValue::from(MAX_LIMIT)),
            ],
        ))
    }

    /// The page size asked for, checked.
    fn limit(&self) -> Result<usize, AppError> {
        match &self.limit {
            None => Ok(DEFAULT_LIMIT),
            Some(text) => match text.parse::<usize>() {
                Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
                _ => Err(self.refused("api-bad-limit", clipped(text))),
            },
        }
    }

    /// The key the cursor names for `list`, checked.
    fn after(&self, list: &str) -> Result<Option<Key>, AppError> {
        let Some(text) = &self.cursor else {
            return Ok(None);
        };
        decode(list, text)
            .map(Some)
            .ok_or_else(|| self.refused("api-bad-cursor", clipped(text)))
    }

    /// The page of `list` this request asks for: the items of `source` (in the list's order,
    /// `key` increasing) after the cursor's key, at most the limit of them, each made by
    /// `make` (the items before the page are skipped without being made).
    pub(crate) fn page<S, T>(
        &self,
        list: &str,
        source: impl IntoIterator<Item = S>,
        key: impl Fn(&S) -> Key,
        mut make: impl FnMut(S) -> T,
    ) -> Result<Paged<T>, AppError> {
        let limit = self.limit()?;
        let after = self.after(list)?;
        let mut named = after.is_none();
        let mut items = Vec::new();
        let mut last = None;
        let mut more = false;
        for item in source {
            let k = key(&item);
            if let Some(a) = after
                && k <= a
            {
                named |= k == a;
                continue;
            }
            if items.len() == limit {
                more = true;
                break;
            }
            last = Some(k);
            items.push(make(item));
        }
        Ok(Paged {
            items,
            next: last.filter(|_| more).map(|k| encode(list, k)),
            keep: named && self.limit.is_none(),
        })
    }
}

/// A value as a message may quote it: at most 40 characters.
fn clipped(text: &str) -> &str {
    text.char_indices()
        .nth(40)
        .map_or(text, |(at, _)| &text[..at])
}

impl FromRequest for Paging {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Paging, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(Paging::of_query(
            req.query_string(),
            Some(crate::web::i18n::request_lang(req)),
        )))
    }
}

/// The cursor after the item with `key` in `list`.
pub fn encode(list: &str, key: Key) -> String {
    let numbers: Vec<String> = key.iter().map(i64::to_string).collect();
    URL_SAFE_NO_PAD.encode(format!("{list}:{}", numbers.join(".")))
}

/// The key a cursor of `list` names; `None` for anything else.
pub fn decode(list: &str, cursor: &str) -> Option<Key> {
    if cursor.len() > 128 {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor).ok()?;
    let text = std::str::from_utf8(&bytes).ok()?;
    let numbers = text.strip_prefix(list)?.strip_prefix(':')?;
    let mut key = [0; 4];
    let mut parts = numbers.split('.');
    for slot in &mut key {
        *slot = parts.next()?.parse().ok()?;
    }
    parts.next().is_none().then_some(key)
}

/// The query parameters an API answer reads, as its page-cache key
/// ([`crate::web::live::known_query`] of an API path).
pub(crate) fn known_query(query: &str) -> String {
    crate::web::live::known_query("/api/v1/", query)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paging(query: &str) -> Paging {
        Paging::of_query(query, None)
    }

    fn numbers(p: &Paging, list: &str, n: i64) -> Result<Paged<i64>, AppError> {
        p.page(list, 1..=n, |i| [*i, 0, 0, 0], |i| i)
    }

    #[test]
    fn a_cursor_names_its_list_and_key() {
        let c = encode("results", [3, 12, 1, 4]);
        assert_eq!(decode("results", &c), Some([3, 12, 1, 4]));
        assert_eq!(decode("matches", &c), None);
        assert_eq!(decode("results", "not a cursor"), None);
        assert_eq!(
            decode("results", &URL_SAFE_NO_PAD.encode("results:1.2")),
            None
        );
        assert_eq!(
            decode("results", &URL_SAFE_NO_PAD.encode("results:1.2.3.4.5")),
            None
        );
    }

    #[test]
    fn pages_follow_one_another_without_gap_or_repeat() {
        let mut seen = Vec::new();
        let mut query = "limit=7".to_owned();
        loop {
            let page = numbers(&paging(&query), "n", 30).unwrap();
            assert!(page.items.len() <= 7);
            seen.extend(page.items);
            match page.next {
                Some(next) => query = format!("limit=7&cursor={next}"),
                None => break,
            }
        }
        assert_eq!(seen, (1..=30).collect::<Vec<_>>());
        // The default page, and the last page says so.
        let first = numbers(&paging(""), "n", 250).unwrap();
        assert_eq!(first.items.len(), DEFAULT_LIMIT);
        assert!(first.keep);
        let exact = numbers(&paging(""), "n", 100).unwrap();
        assert_eq!(exact.next, None);
    }

    /// A key gone from the list (or never in it) still pages from where it would be, but
    /// only pages a client following `next` reaches are kept.
    #[test]
    fn only_pages_reached_from_the_first_are_kept() {
        let next = numbers(&paging(""), "n", 250).unwrap().next.unwrap();
        assert!(
            numbers(&paging(&format!("cursor={next}")), "n", 250)
                .unwrap()
                .keep
        );
        let odd = encode("n", [150, 0, 0, 0]);
        let page = numbers(&paging(&format!("cursor={odd}")), "n", 120).unwrap();
        assert!(page.items.is_empty() && !page.keep);
        assert!(!numbers(&paging("limit=5"), "n", 10).unwrap().keep);
    }

    #[test]
    fn bad_limits_and_cursors_are_refused() {
        for query in ["limit=0", "limit=501", "limit=x", "limit=-1", "cursor=%%%"] {
            assert!(
                matches!(
                    numbers(&paging(query), "n", 3),
                    Err(AppError::BadRequest(_))
                ),
                "{query}"
            );
        }
        let other = encode("m", [1, 0, 0, 0]);
        assert!(numbers(&paging(&format!("cursor={other}")), "n", 3).is_err());
        assert!(numbers(&paging("limit=500"), "n", 3).is_ok());
    }

    /// A paged answer is the JSON its maker makes of the page, and a page no client reaches
    /// from the first is marked not to be kept.
    #[test]
    fn a_page_answers_as_json_kept_only_when_reached_from_the_first() {
        #[derive(Serialize)]
        struct Numbers {
            numbers: Vec<i64>,
            next: Option<String>,
        }
        let make = |numbers, next| Numbers { numbers, next };
        let first = numbers(&paging("limit=2"), "n", 3).unwrap();
        let next = first.next.clone().unwrap();
        let response = first.answer(make);
        assert!(response.extensions().get::<NotKept>().is_some());
        let body = actix_web::body::to_bytes(response.into_body());
        let body = futures_util::FutureExt::now_or_never(body)
            .unwrap()
            .unwrap();
        assert_eq!(
            std::str::from_utf8(&body).unwrap(),
            format!("{{\"numbers\":[1,2],\"next\":\"{next}\"}}")
        );
        let kept = numbers(&paging(""), "n", 3).unwrap().answer(make);
        assert!(kept.extensions().get::<NotKept>().is_none());
    }

    #[test]
    fn the_cache_key_reads_cursor_and_limit_only() {
        assert_eq!(known_query("x=1&limit=5&cursor=abc"), "cursor=abc&limit=5");
        assert_eq!(known_query("limit=5&limit=6"), "limit=5");
        assert_eq!(known_query("v=2"), "");
    }
}
