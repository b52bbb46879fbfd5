//! What a request needs ([`rule`], from its path and the route table) and what the guard
//! does with it ([`decide`], from the viewer and the tournament).

use actix_web::http::Method;

use crate::db::accounts::{Access, Gate, Role, User};
use crate::web::routes::{Need, RouteTable};

/// What a request needs, from its method and path alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule<'a> {
    /// Anyone: the home page, the stylesheet, login, setup.
    Open,
    /// Any signed-in user (`/d`, the list of their tournaments).
    SignedIn,
    /// Creating tournaments (`/d/new`, `/d/import`): admins and directors.
    Create,
    /// Admins only.
    Admin,
    /// A tournament's director pages; `scorer` when a scorer may reach this one.
    Manage { slug: &'a str, scorer: bool },
    /// A tournament's public pages.
    Public { slug: &'a str },
    /// A table's link (`/table/{token}`): no account; the handler checks the token, and
    /// the secret path stands in for the CSRF token.
    Table,
    /// A path no page has (escaped characters in a slug): 404.
    NoPage,
    /// A load balancer's probe ([`Need::Probe`]): passed before the session is read.
    Probe,
    /// `/metrics` ([`Need::Metrics`]): the guard checks the address or the bearer token.
    Metrics,
}

/// Classifies a request. Under `/d/{slug}/…` the [`RouteTable`] says whether the
/// tournament's scorers may reach the page; anything it does not declare is a director's
/// page, so a new route is closed until it is declared with its [`Need`].
pub(crate) fn rule<'a>(table: &RouteTable, method: &Method, path: &'a str) -> Rule<'a> {
    let guarded = ["/d", "/t/", "/admin", "/table/", "/registry", "/p/"]
        .iter()
        .any(|p| path.starts_with(p));
    if guarded && path.contains('%') {
        return Rule::NoPage;
    }
    if path == "/admin" || path.starts_with("/admin/") {
        return Rule::Admin;
    }
    // The player registry (docs/rules.md §14): every director and administrator; what
    // only an administrator may do the registry refuses itself.
    if path == "/registry" || path.starts_with("/registry/") {
        return Rule::Create;
    }
    if path == "/d" || path == "/d/" {
        return Rule::SignedIn;
    }
    if let Some(rest) = path.strip_prefix("/d/") {
        let slug = rest.split('/').next().unwrap_or(rest);
        if slug == "new" || slug == "import" {
            return Rule::Create;
        }
        let scorer = table.need(method, path) == Some(Need::Scorer);
        return Rule::Manage { slug, scorer };
    }
    if path.starts_with("/d") {
        // `/dx…`: not ours, but never open by accident.
        return Rule::NoPage;
    }
    if path.starts_with("/table/") {
        return Rule::Table;
    }
    if let Some(rest) = path.strip_prefix("/t/") {
        let slug = rest.split('/').next().unwrap_or("");
        return Rule::Public { slug };
    }
    // The read API shows what a tournament's public pages show, to whom they show it.
    if let Some(slug) = crate::web::live::http::tournament_slug(path) {
        if path.contains('%') {
            return Rule::NoPage;
        }
        return Rule::Public { slug };
    }
    match table.need(method, path) {
        Some(Need::Probe) => Rule::Probe,
        Some(Need::Metrics) => Rule::Metrics,
        _ => Rule::Open,
    }
}

/// What the guard does with a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Pass,
    /// Not signed in: to the login page.
    Login,
    /// No user exists yet: to the first-start page.
    Setup,
    Forbidden,
    NotFound,
}

/// Decides a request from its [`Rule`], the viewer, whether any user exists, and — for a
/// tournament's pages — the tournament (`None`: no such slug).
pub(crate) fn decide(
    rule: Rule,
    user: Option<&User>,
    has_users: bool,
    gate: Option<Gate>,
) -> Outcome {
    let needs_account = matches!(
        rule,
        Rule::SignedIn | Rule::Create | Rule::Admin | Rule::Manage { .. }
    );
    if needs_account && !has_users {
        return Outcome::Setup;
    }
    match rule {
        Rule::Open | Rule::Table | Rule::Probe => Outcome::Pass,
        // The guard decides `/metrics` before it comes here.
        Rule::Metrics => Outcome::Forbidden,
        Rule::NoPage => Outcome::NotFound,
        Rule::Public { .. } => match gate {
            // No such tournament: answered here, exactly as an unpublished one is (the
            // same 404 for every path under it), so that no path tells them apart.
            None => Outcome::NotFound,
            Some(g) if g.published => Outcome::Pass,
            Some(g) => match user {
                Some(u) if u.role == Role::Admin || g.access.is_some() => Outcome::Pass,
                _ => Outcome::NotFound,
            },
        },
        _ => {
            let Some(user) = user else {
                return Outcome::Login;
            };
            match rule {
                Rule::SignedIn => Outcome::Pass,
                Rule::Create => match user.role {
                    Role::Admin | Role::Director => Outcome::Pass,
                    Role::Scorer => Outcome::Forbidden,
                },
                Rule::Admin => {
                    if user.role == Role::Admin {
                        Outcome::Pass
                    } else {
                        Outcome::Forbidden
                    }
                }
                Rule::Manage { scorer, .. } => {
                    let Some(gate) = gate else {
                        return Outcome::NotFound;
                    };
                    match effective_access(user.role, gate.access) {
                        Some(Access::Director) => Outcome::Pass,
                        Some(Access::Scorer) if scorer => Outcome::Pass,
                        _ => Outcome::Forbidden,
                    }
                }
                _ => Outcome::Pass,
            }
        }
    }
}

/// What a user of `role` with the access row `given` may do in a tournament: admins
/// direct every tournament; a scorer account scores, whatever its row says.
pub(crate) fn effective_access(role: Role, given: Option<Access>) -> Option<Access> {
    match (role, given) {
        (Role::Admin, _) => Some(Access::Director),
        (Role::Scorer, Some(_)) => Some(Access::Scorer),
        (_, a) => a,
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: Role) -> User {
        User {
            id: 1,
            name: "u".into(),
            role,
        }
    }

    #[test]
    fn paths_are_classified() {
        let get = Method::GET;
        let post = Method::POST;
        let table = crate::web::routes::table();
        assert_eq!(rule(table, &get, "/"), Rule::Open);
        assert_eq!(rule(table, &get, "/d"), Rule::SignedIn);
        assert_eq!(rule(table, &get, "/d/new"), Rule::Create);
        assert_eq!(rule(table, &post, "/d/import"), Rule::Create);
        assert_eq!(rule(table, &get, "/admin/users"), Rule::Admin);
        assert_eq!(
            rule(table, &get, "/d/cup/rounds/2"),
            Rule::Manage {
                slug: "cup",
                scorer: true
            }
        );
        assert_eq!(
            rule(table, &post, "/d/cup/rounds/2/tables/3"),
            Rule::Manage {
                slug: "cup",
                scorer: true
            }
        );
        assert_eq!(
            rule(table, &post, "/d/cup/rounds"),
            Rule::Manage {
                slug: "cup",
                scorer: false
            }
        );
        assert_eq!(
            rule(table, &get, "/d/cup/settings"),
            Rule::Manage {
                slug: "cup",
                scorer: false
            }
        );
        assert_eq!(
            rule(table, &get, "/t/cup/standings.csv"),
            Rule::Public { slug: "cup" }
        );
        assert_eq!(rule(table, &get, "/d/c%75p/settings"), Rule::NoPage);
        assert_eq!(rule(table, &post, "/table/abc/confirm"), Rule::Table);
        assert_eq!(rule(table, &get, "/table/a%62c"), Rule::NoPage);
        assert_eq!(rule(table, &get, "/dx"), Rule::NoPage);
    }

    #[test]
    fn decisions() {
        let manage = Rule::Manage {
            slug: "cup",
            scorer: false,
        };
        let entry = Rule::Manage {
            slug: "cup",
            scorer: true,
        };
        let given = |access| {
            Some(Gate {
                tournament: 1,
                revision: 1,
                published: false,
                access,
            })
        };
        assert_eq!(decide(manage, None, false, None), Outcome::Setup);
        assert_eq!(decide(manage, None, true, given(None)), Outcome::Login);
        let admin = user(Role::Admin);
        let director = user(Role::Director);
        let scorer = user(Role::Scorer);
        assert_eq!(
            decide(manage, Some(&admin), true, given(None)),
            Outcome::Pass
        );
        assert_eq!(
            decide(manage, Some(&director), true, given(None)),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(manage, Some(&director), true, given(Some(Access::Director))),
            Outcome::Pass
        );
        assert_eq!(
            decide(manage, Some(&scorer), true, given(Some(Access::Director))),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(entry, Some(&scorer), true, given(Some(Access::Scorer))),
            Outcome::Pass
        );
        assert_eq!(
            decide(Rule::Public { slug: "cup" }, None, true, given(None)),
            Outcome::NotFound
        );
        assert_eq!(
            decide(Rule::Public { slug: "cup" }, None, true, None),
            Outcome::NotFound
        );
        assert_eq!(
            decide(
                Rule::Public { slug: "cup" },
                Some(&scorer),
                true,
                given(Some(Access::Scorer))
            ),
            Outcome::Pass
        );
        assert_eq!(
            decide(Rule::Create, Some(&scorer), true, None),
            Outcome::Forbidden
        );
        assert_eq!(
            decide(Rule::Admin, Some(&director), true, None),
            Outcome::Forbidden
        );
    }
}
