//! Rebuild when files that are compiled into the binary change: migrations
//! (`embed_migrations!`), messages (`static_loader!`), templates and the stylesheet.

fn main() {
    for dir in ["migrations", "locales", "templates", "static"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
