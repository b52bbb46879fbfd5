//! Long lists on a phone: the standings, the teams and a round's matches of a large event
//! are read a page at a time, so the first page costs the same whatever the field's size.
//!
//! - no `page`: the first page; `?page=N` (N ≥ 2) the N-th; `?page=all` the whole list,
//!   one click away. A list that fits on one page is one page, as it always was.
//! - One page, one address (and one entry in the page cache): [`canonical_pages`] sends
//!   `?page=1`, `?page=02` or a repeated `page` to the plain address with a 308, and
//!   answers a `page` that is no page number 404; a number beyond the last page is the
//!   handler's 404.
//! - The links between pages ([`Pager`]): the first and the last page, two on each side
//!   of this one, and the whole list, so the list of pages stays short at 20,000 teams.

use std::ops::Range;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse};

use crate::web::AppError;
use crate::web::live::paged_list;

/// Teams a page of a list holds by default: 64 rows of standings (some 900 elements and
/// 8 KB compressed), 32 matches of a round. An event of 64 teams or fewer has one page.
pub(crate) const TEAMS_PER_PAGE: usize = 64;

/// The most digits a page number may have: no list has a million pages.
const MAX_PAGE_DIGITS: usize = 6;

/// Which part of a list a reader asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// The N-th page, from 1.
    Page(usize),
    /// The whole list.
    All,
}

/// What the `page` parameter of a query string says, before the page is drawn.
#[derive(Debug, PartialEq, Eq)]
enum PageParameter {
    /// Absent, or written as the page writes it.
    Plain,
    /// Another spelling of a page: the query string with its one plain spelling.
    Moved(String),
    /// No page number at all.
    NoPage,
}

/// The values of `page` in a query string, decoded, in order.
fn page_values(query: &str) -> Vec<String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .filter(|(name, _)| name == "page")
        .map(|(_, value)| value)
        .collect()
}

/// The plain spelling of a `page` value: `None` for the first page (no parameter), else
/// `all` or the number without leading zeros; `Err` for what is no page at all.
fn plain_page(value: &str) -> Result<Option<String>, ()> {
    if value.eq_ignore_ascii_case("all") {
        return Ok(Some("all".to_owned()));
    }
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    match value.trim_start_matches('0') {
        "" => Err(()),
        "1" => Ok(None),
        n if n.len() > MAX_PAGE_DIGITS => Err(()),
        n => Ok(Some(n.to_owned())),
    }
}

/// Reads the `page` parameter of `query` ([`PageParameter`]).
fn page_parameter(query: &str) -> PageParameter {
    let values = page_values(query);
    let Some(first) = values.first() else {
        return PageParameter::Plain;
    };
    let Ok(plain) = plain_page(first) else {
        return PageParameter::NoPage;
    };
    if values.len() == 1 && plain.as_deref() == Some(first.as_str()) {
        return PageParameter::Plain;
    }
    // The other parameters as they came (the pages ignore them), `page` once and plain.
    let mut parts: Vec<String> = query
        .split('&')
        .filter(|part| !part.is_empty())
        .filter(|part| {
            let name = part.split('=').next().unwrap_or("");
            serde_urlencoded::from_str::<Vec<(String, String)>>(&format!("{name}="))
                .ok()
                .and_then(|pairs| pairs.into_iter().next())
                .is_none_or(|(name, _)| name != "page")
        })
        .map(str::to_owned)
        .collect();
    parts.extend(plain.map(|p| format!("page={p}")));
    PageParameter::Moved(parts.join("&"))
}

/// In front of the lists read a page at a time ([`paged_list`]): a page asked for in
/// another spelling is sent to its plain address (`308`, as a padded number in a path is),
/// and a `page` that is no page number is not there (404), before the page cache looks.
pub(crate) async fn canonical_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, actix_web::Error> {
    let reads = matches!(*req.method(), Method::GET | Method::HEAD) && paged_list(req.path());
    let parameter = if reads {
        page_parameter(req.query_string())
    } else {
        PageParameter::Plain
    };
    match parameter {
        PageParameter::Plain => Ok(next.call(req).await?.map_into_left_body()),
        PageParameter::NoPage => {
            let response = HttpResponse::from_error(AppError::not_found());
            Ok(req.into_response(response).map_into_right_body())
        }
        PageParameter::Moved(query) => {
            let location = if query.is_empty() {
                req.path().to_owned()
            } else {
                format!("{}?{query}", req.path())
            };
            let response = HttpResponse::PermanentRedirect()
                .insert_header((header::LOCATION, location))
                .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
                .finish();
            Ok(req.into_response(response).map_into_right_body())
        }
    }
}

impl Asked {
    /// The part of the list a request asks for (its `page`, plain by now: see
    /// [`canonical_pages`]); 404 for anything else.
    pub(crate) fn of(req: &HttpRequest) -> Result<Asked, AppError> {
        match page_values(req.query_string())
            .first()
            .map(|v| plain_page(v))
        {
            None => Ok(Asked::Page(1)),
            Some(Ok(None)) => Ok(Asked::Page(1)),
            Some(Ok(Some(plain))) if plain == "all" => Ok(Asked::All),
            Some(Ok(Some(plain))) => plain
                .parse()
                .map(Asked::Page)
                .map_err(|_| AppError::NotFound),
            Some(Err(())) => Err(AppError::not_found()),
        }
    }
}

/// One list cut into pages: which part is shown, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Paging {
    pub asked: Asked,
    /// Rows of the whole list.
    pub len: usize,
    /// Rows a page holds (at least 1).
    pub(crate) per_page: usize,
}

impl Paging {
    /// The part `asked` of a list of `len` rows, `per_page` a page; 404 for a page beyond
    /// the last (an empty list has one page, empty).
    pub(crate) fn new(asked: Asked, len: usize, per_page: usize) -> Result<Paging, AppError> {
        let paging = Paging {
            asked,
            len,
            per_page: per_page.max(1),
        };
        match asked {
            Asked::Page(n) if n == 0 || n > paging.count() => Err(AppError::not_found()),
            _ => Ok(paging),
        }
    }

    /// How many pages the list has.
    pub(crate) fn count(&self) -> usize {
        self.len.div_ceil(self.per_page).max(1)
    }

    /// The rows of page `n` (from 1).
    fn rows_of(&self, n: usize) -> Range<usize> {
        let start = ((n - 1) * self.per_page).min(self.len);
        start..(start + self.per_page).min(self.len)
    }

    /// The rows shown.
    pub(crate) fn rows(&self) -> Range<usize> {
        match self.asked {
            Asked::Page(n) => self.rows_of(n),
            Asked::All => 0..self.len,
        }
    }

    /// The page (from 1) that holds row `index` (from 0).
    pub(crate) fn page_of(&self, index: usize) -> usize {
        index / self.per_page + 1
    }
}

/// The address of page `n` of the list at `base` (`?page=all` for `None`).
pub(crate) fn page_href(base: &str, page: Option<usize>) -> String {
    match page {
        Some(1) => base.to_owned(),
        Some(n) => format!("{base}?page={n}"),
        None => format!("{base}?page=all"),
    }
}

/// A link in the list of pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PageLink {
    pub href: String,
    /// The rows it holds: `65–128`, or the words of the whole list.
    pub text: String,
    /// The page shown.
    pub current: bool,
    /// Pages left out between two links ("…"): no link.
    pub(crate) gap: bool,
}

/// The links between the pages of a list, when it has more than one.
#[derive(Clone, Debug)]
pub(crate) struct Pager {
    /// What the pages are of, for the navigation's name.
    pub label: String,
    /// "Ranks 65–128 of 2,048".
    pub(crate) showing: String,
    pub links: Vec<PageLink>,
    /// The whole list.
    pub whole: PageLink,
    /// Where "find my team" asks (`{base}/find`).
    pub find: String,
}

/// How many pages on each side of the current one the list of pages links.
const NEIGHBOURS: usize = 2;

impl Pager {
    /// The links of `paging` at `base`, each page named by `name(rows)` (its first and last
    /// row, from 1, as the list numbers them); `label` names the navigation, `showing(from,
    /// to, of)` says which rows are shown, `whole` names the whole list. `None` for a list
    /// of one page.
    pub(crate) fn of(
        paging: &Paging,
        base: &str,
        name: impl Fn(Range<usize>) -> String,
        label: String,
        showing: impl Fn(usize, usize, usize) -> String,
        whole: String,
    ) -> Option<Pager> {
        let count = paging.count();
        if count <= 1 {
            return None;
        }
        let current = match paging.asked {
            Asked::Page(n) => Some(n),
            Asked::All => None,
        };
        let near =
            |n: usize| n == 1 || n == count || current.is_some_and(|c| n.abs_diff(c) <= NEIGHBOURS);
        let mut links = Vec::new();
        for n in 1..=count {
            if near(n) {
                links.push(PageLink {
                    href: page_href(base, Some(n)),
                    text: name(paging.rows_of(n)),
                    current: current == Some(n),
                    gap: false,
                });
            } else if links.last().is_none_or(|l: &PageLink| !l.gap) {
                links.push(PageLink {
                    href: String::new(),
                    text: "…".to_owned(),
                    current: false,
                    gap: true,
                });
            }
        }
        let rows = paging.rows();
        Some(Pager {
            label,
            showing: showing(rows.start + 1, rows.end, paging.len),
            links,
            whole: PageLink {
                href: page_href(base, None),
                text: whole,
                current: current.is_none(),
                gap: false,
            },
            find: format!("{base}/find"),
        })
    }
}

/// `1–64`: the first and last row of a page, from 1.
pub(crate) fn row_numbers(rows: Range<usize>) -> String {
    format!("{}–{}", rows.start + 1, rows.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_has_one_spelling() {
        let moved = |q: &str| PageParameter::Moved(q.to_owned());
        assert_eq!(page_parameter(""), PageParameter::Plain);
        assert_eq!(page_parameter("page=2"), PageParameter::Plain);
        assert_eq!(page_parameter("page=all"), PageParameter::Plain);
        assert_eq!(page_parameter("v=3&page=12"), PageParameter::Plain);
        assert_eq!(page_parameter("page=1"), moved(""));
        assert_eq!(page_parameter("page=01"), moved(""));
        assert_eq!(page_parameter("page=0002"), moved("page=2"));
        assert_eq!(page_parameter("page=ALL"), moved("page=all"));
        assert_eq!(page_parameter("page=2&page=3"), moved("page=2"));
        assert_eq!(page_parameter("x=1&page=03&y=2"), moved("x=1&y=2&page=3"));
        assert_eq!(page_parameter("%70age=03"), moved("page=3"));
        let many = format!("page={}", "0".repeat(40) + "7");
        assert_eq!(page_parameter(&many), moved("page=7"));
        for bad in [
            "page=",
            "page=0",
            "page=00",
            "page=x",
            "page=-1",
            "page=+2",
            "page=1234567",
        ] {
            assert_eq!(page_parameter(bad), PageParameter::NoPage, "{bad}");
        }
    }

    #[test]
    fn pages_cut_a_list_and_a_page_beyond_the_last_is_not_there() {
        let paging = Paging::new(Asked::Page(3), 130, 64).unwrap();
        assert_eq!(paging.count(), 3);
        assert_eq!(paging.rows(), 128..130);
        assert_eq!(paging.page_of(127), 2);
        assert_eq!(paging.page_of(128), 3);
        assert!(Paging::new(Asked::Page(4), 130, 64).is_err());
        assert_eq!(Paging::new(Asked::All, 130, 64).unwrap().rows(), 0..130);
        // An empty list is one empty page.
        assert_eq!(Paging::new(Asked::Page(1), 0, 64).unwrap().rows(), 0..0);
        assert!(Paging::new(Asked::Page(2), 0, 64).is_err());
    }

    #[test]
    fn the_list_of_pages_stays_short_whatever_the_field() {
        let pager = |asked, len| {
            let paging = Paging::new(asked, len, 64).unwrap();
            let showing = |a, b, n| format!("{a}-{b}/{n}");
            Pager::of(
                &paging,
                "/t/a/standings",
                row_numbers,
                "pages".into(),
                showing,
                "all".into(),
            )
        };
        assert!(pager(Asked::Page(1), 64).is_none());
        let p = pager(Asked::Page(6), 20_000).unwrap();
        let texts: Vec<&str> = p.links.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "1–64",
                "…",
                "193–256",
                "257–320",
                "321–384",
                "385–448",
                "449–512",
                "…",
                "19969–20000"
            ]
        );
        assert_eq!(p.links[4].href, "/t/a/standings?page=6");
        assert!(p.links[4].current);
        assert_eq!(p.links[0].href, "/t/a/standings");
        assert_eq!(p.whole.href, "/t/a/standings?page=all");
        assert!(!p.whole.current);
        assert_eq!(p.find, "/t/a/standings/find");
        assert_eq!(p.showing, "321-384/20000");
        let all = pager(Asked::All, 20_000).unwrap();
        assert!(all.whole.current);
        assert_eq!(all.links.len(), 3);
    }
}
