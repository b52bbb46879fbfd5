//! The web application: server set-up, routes by area, view structs and the error page.

mod error;
mod home;

use actix_web::{App, HttpResponse, HttpServer, http::header, web};

pub use error::AppError;

use crate::db::{self, Pool};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub pool: Pool,
}

/// Registers every route; `main` and the tests build the app the same way.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home::index))
        .route("/static/fushi.css", web::get().to(stylesheet));
}

/// The application with its state and the 404 page, ready for `HttpServer` or a test.
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
    App::new()
        .app_data(web::Data::new(state))
        .wrap(actix_web::middleware::Logger::new("%r %s %Dms"))
        .configure(configure)
        .default_service(web::to(error::not_found))
}

/// Opens the database (creating and migrating it), then serves until stopped.
pub fn serve(database_url: &str, bind: &str) -> std::io::Result<()> {
    let pool = db::pool(database_url).map_err(std::io::Error::other)?;
    let state = AppState { pool };
    tracing::info!("fushi listening on http://{bind} (database {database_url})");
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || app(state.clone()))
            .bind(bind)?
            .run()
            .await
    })
}

async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/css; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../static/fushi.css"))
}
