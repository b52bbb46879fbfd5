//! The route pattern a path matches (`/t/{slug}/rounds/{round}`), remembered per path.
//!
//! actix's `match_pattern` tries the app's patterns one by one, each a regular expression,
//! every time it is asked: the request log and metrics ask for every request, before the
//! router has matched the path itself, and that walk was an eighth of a cached page's CPU
//! (perf, club night's round page under `wrk`). The answer depends only on the path and the
//! app's routes, which never change while a server runs, so each path's answer is kept.
//! Bounded: at most [`KEPT`] paths, forgotten all at once when full; paths longer than
//! [`LONGEST`] bytes, and table links (which carry a secret), are never kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::dev::ServiceRequest;

/// The most paths kept.
pub(crate) const KEPT: usize = 4096;

/// The longest path kept, in bytes.
pub(crate) const LONGEST: usize = 160;

/// Paths and the patterns they matched (`None`: no route).
#[derive(Default)]
pub(crate) struct RouteMemo(Mutex<HashMap<Box<str>, Option<Arc<str>>>>);

impl RouteMemo {
    /// The route pattern `req`'s path matches, or `None`.
    pub(crate) fn pattern(&self, req: &ServiceRequest) -> Option<Arc<str>> {
        let path = req.path();
        let keep = path.len() <= LONGEST && !path.starts_with("/table");
        if keep
            && let Ok(kept) = self.0.lock()
            && let Some(pattern) = kept.get(path)
        {
            return pattern.clone();
        }
        let pattern: Option<Arc<str>> = req.match_pattern().map(Arc::from);
        if keep && let Ok(mut kept) = self.0.lock() {
            if kept.len() >= KEPT {
                kept.clear();
            }
            kept.insert(path.into(), pattern.clone());
        }
        pattern
    }

    /// How many paths are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.lock().map_or(0, |kept| kept.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::{App, HttpResponse, test, web};

    #[actix_web::test]
    async fn a_path_s_pattern_is_the_router_s_and_is_kept_within_bounds() {
        let memo = Arc::new(RouteMemo::default());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (m, s) = (memo.clone(), seen.clone());
        let app = test::init_service(
            App::new()
                .wrap_fn(move |req, srv| {
                    let pattern = m.pattern(&req);
                    if let Ok(mut seen) = s.lock() {
                        seen.push(pattern.map(|p| p.to_string()));
                    }
                    actix_web::dev::Service::call(srv, req)
                })
                .route("/t/{slug}/rounds/{round}", web::get().to(HttpResponse::Ok))
                .route("/table/{token}", web::get().to(HttpResponse::Ok)),
        )
        .await;
        for path in [
            "/t/cup/rounds/1",
            "/t/cup/rounds/1",
            "/t/cup/nothing",
            "/table/secret",
        ] {
            let _ = test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        }
        let long = format!("/t/{}/rounds/1", "a".repeat(LONGEST));
        let _ = test::call_service(&app, test::TestRequest::get().uri(&long).to_request()).await;
        let round = Some("/t/{slug}/rounds/{round}".to_owned());
        assert_eq!(
            *seen.lock().unwrap(),
            [
                round.clone(),
                round.clone(),
                None,
                Some("/table/{token}".to_owned()),
                round
            ]
        );
        // The round page and the unmatched path; not the table link nor the long path.
        assert_eq!(memo.len(), 2);
        for n in 0..KEPT + 1 {
            let path = format!("/t/cup/rounds/{n}");
            let _ =
                test::call_service(&app, test::TestRequest::get().uri(&path).to_request()).await;
        }
        assert!(memo.len() <= KEPT, "{}", memo.len());
    }
}
