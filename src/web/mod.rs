//! The web application: server set-up, routes by area, view structs and the error pages.
//!
//! - `/` the home page, `/lang` the language switcher, `/static/…` the stylesheet and script
//! - `/t/{slug}/…` the public pages of a tournament ([`public`])
//! - `/d/…` the director's pages ([`director`])

pub mod api;
pub mod auth;
pub mod client;
pub(crate) mod clock_view;
pub(crate) mod compress;
pub mod connections;
pub(crate) mod director;
mod error;
pub mod hall;
pub mod healthcheck;
mod home;
/// The words live at the top ([`crate::i18n`]): the sheets and the command line use them
/// too; [`i18n`] reads a request's language.
pub(crate) mod i18n;
mod labels;
pub mod live;
pub(crate) mod metrics;
pub(crate) mod ops;
pub(crate) mod page;
pub(crate) mod pairing_words;
pub(crate) mod player_lines;
pub(crate) mod public;
mod registry;
pub(crate) mod route_memo;
pub mod routes;
mod series_page;
pub mod settings;
pub(crate) mod sheets;
pub(crate) mod statics;
pub mod table;
pub(crate) mod tls;
pub(crate) mod tour;
pub(crate) mod validator;
pub(crate) mod viewer;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};

pub(crate) use error::AppError;

use crate::db::{self, Pool};

/// Why the server's state could not be made at start-up; the cause is kept.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be reached or read (the pool, the cookie key, its id).
    #[error("cannot read the server's state from the database")]
    Database(#[from] db::DbError),
    /// A setting is wrong: the words say which and why.
    #[error("{0}")]
    Setting(String),
}

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub pool: Pool,
    pub accounts: std::sync::Arc<auth::Accounts>,
    /// Snapshots, the change stream and the limits on heavy work.
    pub live: std::sync::Arc<live::Live>,
    /// Wrong table-link tokens per address.
    pub(crate) table_guesses: std::sync::Arc<table::Guesses>,
    /// The address the players' phones reach fushi by ([`hall`]).
    pub hall: std::sync::Arc<hall::Hall>,
    /// The origins that may read the API and the event streams from a browser
    /// (`FUSHI_API_ORIGINS`).
    pub api_origins: api::ApiOrigins,
    /// The API's index of the last listing of published tournaments ([`api::index`]).
    pub api_index: std::sync::Arc<api::index::IndexCache>,
    /// The bearer token that opens `/metrics` beyond loopback (`FUSHI_METRICS_TOKEN`).
    pub metrics_token: Option<std::sync::Arc<str>>,
    /// Request ids, the request metrics and the request log ([`ops::observe`]): on in every
    /// server; off only where a benchmark measures what they cost (`benches/layers.rs`).
    pub observe: bool,
    /// The database's own id, which the public pages' validators carry.
    pub database_id: std::sync::Arc<str>,
    /// How many teams a page of a public list holds ([`public::paging`]): the standings and
    /// the teams that many rows, a round half as many matches. A test lowers it to read the
    /// pages of a small event.
    pub teams_per_page: usize,
    /// The route pattern of each path seen ([`route_memo`]), for the request log and metrics.
    pub(crate) routes_seen: std::sync::Arc<route_memo::RouteMemo>,
    /// The series' standings as last worked out ([`series_page::StandingsKept`]).
    pub(crate) series_standings: std::sync::Arc<series_page::StandingsKept>,
}

impl AppState {
    /// The state over a pool with the default settings.
    pub fn new(pool: Pool) -> Result<AppState, StartError> {
        AppState::configured(pool, &settings::Settings::default())
    }

    /// The state over a pool: the cookie key comes from the settings or the database.
    pub fn configured(pool: Pool, settings: &settings::Settings) -> Result<AppState, StartError> {
        let mut conn = pool.get().map_err(db::DbError::from)?;
        let accounts = auth::Accounts::load(&mut conn, settings)?;
        let database_id = crate::db::revision::database_id(&mut conn)?;
        Ok(AppState {
            database_id: database_id.into(),
            live: live::Live::new(pool.clone(), settings.live_limits()),
            api_origins: settings.api_origins.clone(),
            api_index: Default::default(),
            metrics_token: settings
                .metrics_token
                .as_ref()
                .map(|t| std::sync::Arc::from(t.0.as_str())),
            pool,
            accounts: std::sync::Arc::new(accounts),
            table_guesses: Default::default(),
            hall: Default::default(),
            observe: true,
            teams_per_page: public::paging::TEAMS_PER_PAGE,
            routes_seen: Default::default(),
            series_standings: Default::default(),
        })
    }
}

/// Registers every route (the access guard reads what each needs from [`routes::table`],
/// made by the same [`declare`]); `main` and the tests build the app the same way.
pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    declare(&mut routes::Routes::new(cfg));
}

/// Every route of the app, in the order actix matches them.
fn declare(routes: &mut routes::Routes) {
    routes.area(|cfg| {
        cfg.route("/", web::get().to(home::index))
            .configure(auth::configure)
            .route("/lang", web::get().to(page::choose_language))
            .route("/static/fushi.css", web::get().to(stylesheet))
            .route("/static/fushi.js", web::get().to(script))
            .route("/static/favicon.svg", web::get().to(favicon))
            .route("/t/{slug}/events", web::get().to(live::events::events))
            .route("/s/{slug}", web::get().to(series_page::series))
            .route(
                "/s/{slug}/series.csv",
                web::get().to(series_page::series_csv),
            )
            .route(
                "/s/{slug}/series.pdf",
                web::get().to(series_page::series_pdf),
            );
    });
    ops::configure(routes);
    api::declare(routes);
    public::configure(routes);
    routes.area(sheets::configure);
    director::configure(routes);
    routes.area(registry::configure);
    routes.area(table::configure);
}

/// The largest request body fushi accepts (an archive .zip or a CSV upload).
pub(crate) const MAX_UPLOAD: usize = 16 * 1024 * 1024;

/// The largest urlencoded form (the biggest, a 64-board entry grid, is some 50 kB).
pub(crate) const MAX_FORM: usize = 1024 * 1024;

/// The application with its state, error pages and the 404 page, ready for `HttpServer`
/// or a test.
pub fn app(
    state: AppState,
) -> App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let session = auth::session_middleware(&state.accounts);
    let observe = state.observe;
    App::new()
        .app_data(web::Data::new(state))
        .app_data(web::FormConfig::default().limit(MAX_FORM))
        .app_data(web::PayloadConfig::new(MAX_UPLOAD))
        .app_data(auth::multipart_config())
        .wrap(actix_web::middleware::from_fn(live::http::public_pages))
        .wrap(actix_web::middleware::from_fn(
            public::paging::canonical_pages,
        ))
        .wrap(actix_web::middleware::from_fn(auth::guard))
        .wrap(error::error_pages())
        // Outside the error pages, so that an error of the API carries its CORS headers
        // too; a preflight is answered before the session is read.
        .wrap(actix_web::middleware::from_fn(api::cors))
        .wrap(session)
        .wrap(actix_web::middleware::from_fn(auth::secure_over_https))
        .wrap(actix_web::middleware::from_fn(page::canonical_numbers))
        .wrap(actix_web::middleware::from_fn(connections::body_deadline))
        .wrap(auth::security_headers())
        // Every answer not compressed already (a cached public page is) in the reader's
        // coding; PDFs and the event stream say `identity` and pass as they are.
        .wrap(actix_web::middleware::Compress::default())
        .wrap(actix_web::middleware::from_fn(live::http::head_as_get))
        .wrap(actix_web::middleware::Condition::new(
            observe,
            actix_web::middleware::from_fn(ops::observe),
        ))
        .configure(configure)
        .default_service(web::to(error::not_found))
}

/// Every address of `bind` (`host:port`), bound but not yet listened on.
pub struct Bound(Vec<socket2::Socket>);

/// Binds every address of `bind` before anything else is done, so that a port another
/// program holds stops fushi before it creates or migrates a database. Nothing is accepted
/// until [`serve`] listens, once the database is ready: a client that connects earlier is
/// refused rather than kept waiting.
pub fn bind(bind: &str) -> std::io::Result<Bound> {
    use socket2::{Domain, Socket, Type};
    use std::net::ToSocketAddrs;
    let mut sockets = Vec::new();
    for addr in bind.to_socket_addrs()? {
        let socket = Socket::new(Domain::for_address(addr), Type::STREAM, None)?;
        // As the standard library's listener: a restart binds while old connections linger.
        #[cfg(unix)]
        socket.set_reuse_address(true)?;
        socket.bind(&addr.into())?;
        sockets.push(socket);
    }
    if sockets.is_empty() {
        return Err(std::io::Error::other("no address"));
    }
    Ok(Bound(sockets))
}

impl Bound {
    /// Listens on every address: from now on connections are accepted.
    fn listen(self) -> std::io::Result<Vec<std::net::TcpListener>> {
        self.0
            .into_iter()
            .map(|socket| {
                socket.listen(1024)?;
                Ok(socket.into())
            })
            .collect()
    }
}

/// Opens the database (creating and migrating it), then listens on `bound` (taken by
/// [`bind`]) and serves until stopped (Ctrl+C or SIGTERM): the event streams end cleanly, requests
/// under way finish. With a certificate in the settings, HTTPS. With no account yet it prints
/// the one-time set-up code (in `t`'s words) on standard output, never in the log.
pub fn serve(
    database_url: &str,
    settings: &settings::Settings,
    bound: Bound,
    hall: hall::Hall,
    t: &crate::i18n::Tr,
) -> std::io::Result<()> {
    // Checked here too, so that a certificate unreadable since the settings were read
    // stops the start before the database is opened.
    let https = settings.tls().map_err(std::io::Error::other)?.is_some();
    connections::raise_descriptor_limit();
    let caps = settings.caps();
    let pool = db::pool(database_url).map_err(std::io::Error::other)?;
    let mut state = AppState::configured(pool, settings).map_err(std::io::Error::other)?;
    state.hall = std::sync::Arc::new(hall);
    let mut conn = state.pool.get().map_err(std::io::Error::other)?;
    if !db::accounts::has_users(&mut conn).map_err(std::io::Error::other)?
        && let Some(code) = state.accounts.setup_code()
    {
        println!("{}", t.a("cli-setup-code", "code", code));
    }
    drop(conn);
    let listeners = bound.listen()?;
    let settings = settings.clone();
    let per_address = connections::PerAddress::new(
        caps.connections_per_address,
        settings.trusted_proxies.clone(),
    );
    actix_web::rt::System::new().block_on(async move {
        let live = state.live.clone();
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let mut server = HttpServer::new(move || app(state.clone()))
            .workers(workers)
            .max_connections((caps.connections / workers).max(1))
            .on_connect(move |connection, data| per_address.on_connect(connection, data));
        let scheme = if https { "https" } else { "http" };
        for listener in listeners {
            // OpenSSL's builder is consumed by each listener: one built per listener.
            server = match settings.tls().map_err(std::io::Error::other)? {
                Some(acceptor) => server.listen_openssl(listener, acceptor)?,
                None => server.listen(listener)?,
            };
        }
        for addr in server.addrs() {
            tracing::info!(
                version = crate::VERSION,
                descriptors = caps.descriptors,
                streams = caps.streams,
                streams_per_address = caps.streams_per_address,
                connections_per_address = caps.connections_per_address,
                "fushi listening on {scheme}://{addr}"
            );
        }
        live::watch::spawn(live.clone());
        let server = server.disable_signals().shutdown_timeout(10).run();
        let handle = server.handle();
        actix_web::rt::spawn(async move {
            stop_signal().await;
            tracing::info!("fushi stopping");
            live.stop();
            handle.stop(true).await;
        });
        server.await
    })
}

/// Ctrl+C, or SIGTERM where there is one.
async fn stop_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn stylesheet(req: HttpRequest) -> HttpResponse {
    statics::STYLESHEET.respond(&req)
}

/// The site's icon, for the browser's tab (a page without one asks for `/favicon.ico`).
async fn favicon(req: HttpRequest) -> HttpResponse {
    statics::FAVICON.respond(&req)
}

async fn script(req: HttpRequest) -> HttpResponse {
    statics::SCRIPT.respond(&req)
}
