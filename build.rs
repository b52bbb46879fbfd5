//! Rebuild when a migration changes: `diesel_migrations::embed_migrations!` reads them at
//! compile time.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
