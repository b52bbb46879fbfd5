//! The route table of the director's pages: every route under `/d` is registered together
//! with who may reach it ([`Need`]), so a new page is added in one place and its access is
//! read where it is declared.
//!
//! ```ignore
//! routes
//!     .get("/d/{slug}/rounds", Need::Scorer, list)
//!     .post("/d/{slug}/rounds", Need::Director, add);
//! ```
//!
//! The access guard ([`super::auth::guard`]) asks the [`RouteTable`] what a request needs,
//! matching its path with actix's own [`ResourceDef`]. Deny by default: a path under
//! `/d/{slug}/…` that no declaration matches (for its method) is a director's page. The
//! other areas need no declaration per route: `/t/{slug}/…` is public once published,
//! `/admin/…` is for admins, `/table/{token}/…` checks its token.

use std::sync::LazyLock;

use actix_web::dev::ResourceDef;
use actix_web::http::Method;
use actix_web::{FromRequest, Handler, Responder, web};

/// Who may reach a route under `/d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Any signed-in user (`/d`, the list of their tournaments).
    SignedIn,
    /// Creating tournaments (`/d/new`, `/d/import`): admins and directors by account role.
    Create,
    /// A tournament's scorers too (besides its directors and the admins): the pages they
    /// need to find their table and enter it.
    Scorer,
    /// A tournament's directors and the admins.
    Director,
    /// Anyone, with no account and no database work before the handler: the probes of a
    /// load balancer (`/healthz`, `/readyz`).
    Probe,
    /// The operator's scraper: a loopback address that no proxy forwarded, or the bearer
    /// token of `FUSHI_METRICS_TOKEN` (`/metrics`).
    Metrics,
    /// The read API (`/api/…`): anyone, as the public pages; what a tournament's answers
    /// show is decided by its public snapshot, and the OpenAPI document lists these routes.
    Api,
}

impl Need {
    /// Whether a route with this need lives outside `/d` (the operator's routes and the
    /// API).
    pub(crate) fn outside_d(self) -> bool {
        matches!(self, Need::Probe | Need::Metrics | Need::Api)
    }
}

/// One declared route: its pattern, method and need.
#[derive(Clone, Debug)]
pub struct Declared {
    pub pattern: &'static str,
    pub method: Method,
    pub need: Need,
    def: ResourceDef,
}

impl Declared {
    fn new(pattern: &'static str, method: Method, need: Need) -> Declared {
        Declared {
            pattern,
            method,
            need,
            def: ResourceDef::new(pattern),
        }
    }
}

/// What every declared route needs, in the order they were registered (the order actix
/// matches them in).
#[derive(Clone, Debug, Default)]
pub struct RouteTable(Vec<Declared>);

impl RouteTable {
    /// What a request with `method` on `path` needs: the first declaration whose pattern
    /// matches the path and whose method is the request's (HEAD reads as GET); `None` when
    /// nothing is declared for it.
    pub fn need(&self, method: &Method, path: &str) -> Option<Need> {
        let method = if *method == Method::HEAD {
            &Method::GET
        } else {
            method
        };
        // `/d` paths are matched against `/d` declarations only, the others against the
        // few operator routes, so a public page pays for no director's pattern.
        let under_d = path.starts_with("/d");
        self.0
            .iter()
            .filter(|d| d.pattern.starts_with("/d") == under_d)
            .find(|d| d.method == *method && d.def.is_match(path))
            .map(|d| d.need)
    }

    /// Every declared route.
    pub fn iter(&self) -> impl Iterator<Item = &Declared> {
        self.0.iter()
    }
}

/// Registers routes with actix ([`super::configure`], for each app) or records what each
/// needs ([`table`], once per process): the same declarations do both.
pub(crate) struct Routes<'c>(Target<'c>);

/// Where [`Routes`] puts the declarations.
enum Target<'c> {
    App(&'c mut web::ServiceConfig),
    Table(&'c mut Vec<Declared>),
}

impl<'c> Routes<'c> {
    pub(super) fn new(cfg: &'c mut web::ServiceConfig) -> Routes<'c> {
        Routes(Target::App(cfg))
    }

    /// `GET pattern` (and HEAD) for `need`.
    pub(crate) fn get<F, Args>(
        &mut self,
        pattern: &'static str,
        need: Need,
        handler: F,
    ) -> &mut Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(pattern, Method::GET, need, web::get().to(handler))
    }

    /// `POST pattern` for `need`.
    pub(crate) fn post<F, Args>(
        &mut self,
        pattern: &'static str,
        need: Need,
        handler: F,
    ) -> &mut Self
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.route(pattern, Method::POST, need, web::post().to(handler))
    }

    /// A route built by hand (with a guard of its own) for `method` and `need`.
    pub(crate) fn route(
        &mut self,
        pattern: &'static str,
        method: Method,
        need: Need,
        route: actix_web::Route,
    ) -> &mut Self {
        debug_assert!(
            pattern.starts_with("/d") != need.outside_d(),
            "{pattern}: only `/d`, the operator's routes and the API are declared"
        );
        match &mut self.0 {
            Target::App(cfg) => {
                cfg.route(pattern, route);
            }
            Target::Table(declared) => declared.push(Declared::new(pattern, method, need)),
        }
        self
    }

    /// Routes of an area decided by its path alone (public pages, sign-in, admin pages).
    pub(crate) fn area(&mut self, configure: impl FnOnce(&mut web::ServiceConfig)) -> &mut Self {
        if let Target::App(cfg) = &mut self.0 {
            configure(cfg);
        }
        self
    }
}

/// The route table the app declares, built without an app once per process: its patterns
/// are compiled once, not again for every app (actix builds one per worker, the tests one
/// per test).
pub fn table() -> &'static RouteTable {
    static TABLE: LazyLock<RouteTable> = LazyLock::new(|| {
        let mut declared = Vec::new();
        super::declare(&mut Routes(Target::Table(&mut declared)));
        RouteTable(declared)
    });
    &TABLE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_needs_what_its_first_match_declares() {
        let table = table();
        let need = |m: Method, p: &str| table.need(&m, p);
        assert_eq!(need(Method::GET, "/d/cup/rounds"), Some(Need::Scorer));
        assert_eq!(need(Method::HEAD, "/d/cup/rounds/2"), Some(Need::Scorer));
        assert_eq!(need(Method::POST, "/d/cup/rounds"), Some(Need::Director));
        assert_eq!(
            need(Method::POST, "/d/cup/rounds/2/tables/3"),
            Some(Need::Scorer)
        );
        assert_eq!(
            need(Method::GET, "/d/cup/rounds/2/boards/4"),
            Some(Need::Scorer)
        );
        assert_eq!(need(Method::GET, "/d/cup/settings"), Some(Need::Director));
        assert_eq!(need(Method::GET, "/d/import"), Some(Need::Create));
        // Nothing declared: the guard treats it as a director's page.
        assert_eq!(need(Method::GET, "/d/cup/nothing-here"), None);
        assert_eq!(need(Method::DELETE, "/d/cup/rounds"), None);
        // The operator's routes, declared like the rest.
        assert_eq!(need(Method::GET, "/healthz"), Some(Need::Probe));
        assert_eq!(need(Method::HEAD, "/readyz"), Some(Need::Probe));
        assert_eq!(need(Method::GET, "/metrics"), Some(Need::Metrics));
        assert_eq!(need(Method::POST, "/metrics"), None);
        assert_eq!(need(Method::GET, "/t/cup/standings"), None);
        // The API, declared for the OpenAPI document's test.
        assert_eq!(need(Method::GET, "/api/v1/tournaments"), Some(Need::Api));
        assert_eq!(
            need(Method::HEAD, "/api/v1/tournaments/cup/results"),
            Some(Need::Api)
        );
        assert_eq!(need(Method::POST, "/api/v1/tournaments"), None);
    }

    /// The source of the web layer, file by file.
    fn sources() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).expect("src/web is readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    out.push((path.display().to_string(), text));
                }
            }
        }
        let mut out = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
        walk(&root, &mut out);
        out
    }

    /// Every pattern under `/d` given to actix by hand (to `.route` or `web::resource`)
    /// must be declared: deny by default keeps an undeclared page
    /// closed to scorers, but this says where to declare it.
    #[test]
    fn every_route_under_d_is_declared() {
        let table = table();
        let mut undeclared = Vec::new();
        for (file, text) in sources() {
            for opener in ["route(", "resource("] {
                for (at, _) in text.match_indices(opener) {
                    let rest = text[at + opener.len()..].trim_start();
                    let Some(literal) = rest.strip_prefix('"') else {
                        continue;
                    };
                    let pattern = literal.split('"').next().unwrap_or("");
                    let under_d = pattern == "/d" || pattern.starts_with("/d/");
                    let api = pattern.starts_with("/api/");
                    if (under_d || api) && !table.iter().any(|d| d.pattern == pattern) {
                        undeclared.push(format!("{file}: {pattern}"));
                    }
                }
            }
        }
        assert!(
            undeclared.is_empty(),
            "declare these with `Routes` and a `Need` (src/web/routes.rs): {undeclared:#?}"
        );
        // And the table names nothing outside `/d` but the operator's routes and the API.
        assert!(
            table
                .iter()
                .all(|d| d.pattern.starts_with("/d") != d.need.outside_d())
        );
        assert!(table.iter().count() > 30);
    }
}
