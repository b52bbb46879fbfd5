//! Rebuild when files that are compiled into the binary change: migrations
//! (`embed_migrations!`), messages (`static_loader!`), templates and the stylesheet.
//! Also names the commit fushi is built from in `FUSHI_VERSION` (`fushi --version`):
//! `git` when there is a repository, else `FUSHI_COMMIT` from the environment (a
//! container build without `.git`), else the version alone. Only an optimised build (the
//! `release` and `bench` profiles, what an operator runs) names its commit and is rebuilt
//! when HEAD moves: every crate target reads the variable, so following HEAD in the
//! development build would recompile the library and every test binary at each commit.
//! The development build says `development build` instead.
//!
//! The static files (the stylesheet and the script, each one file per area joined into one,
//! and the icon) are joined and compressed here, once per build, at the best ratio gzip and
//! brotli have (9 and 11, too slow to pay at every start), with each file's digest for its
//! validators: `$OUT_DIR/static/<name>`, `<name>.gz`, `<name>.br` and `<name>.tag`, which
//! `src/web/statics.rs` compiles in.

use std::io::Write;
use std::path::Path;
use std::process::Command;

/// The static files served, each the files it is joined from, in order.
const STATIC_FILES: [(&str, &[&str]); 3] = [
    (
        "fushi.css",
        &[
            "static/css/base.css",
            "static/css/auth.css",
            "static/css/public.css",
            "static/css/director.css",
            "static/css/entry.css",
            "static/css/schedule.css",
            "static/css/charts.css",
            "static/css/audit.css",
            "static/css/print.css",
            "static/css/field.css",
            "static/css/table.css",
            "static/css/stages.css",
            "static/css/deals.css",
            "static/css/hall.css",
            "static/css/screen.css",
            "static/css/registry.css",
        ],
    ),
    (
        "fushi.js",
        &[
            "static/js/live.js",
            "static/js/entry.js",
            "static/js/figures.js",
            "static/js/settings.js",
            "static/js/print.js",
            "static/js/table.js",
            "static/js/hall.js",
        ],
    ),
    ("favicon.svg", &["static/favicon.svg"]),
];

/// Joins, compresses and digests the static files into `$OUT_DIR/static`.
fn precompress(out: &Path) -> std::io::Result<()> {
    use sha2::Digest;
    let dir = out.join("static");
    std::fs::create_dir_all(&dir)?;
    for (name, parts) in STATIC_FILES {
        let mut plain = Vec::new();
        for part in parts {
            plain.extend(std::fs::read(part)?);
        }
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(&plain)?;
        let gzip = gzip.finish()?;
        let mut brotli = Vec::new();
        {
            let mut writer = brotli::CompressorWriter::new(&mut brotli, 64 * 1024, 11, 22);
            writer.write_all(&plain)?;
        }
        let digest = sha2::Sha256::digest(&plain);
        let tag: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        std::fs::write(dir.join(name), &plain)?;
        std::fs::write(dir.join(format!("{name}.gz")), gzip)?;
        std::fs::write(dir.join(format!("{name}.br")), brotli)?;
        std::fs::write(dir.join(format!("{name}.tag")), tag)?;
    }
    Ok(())
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn main() {
    for dir in ["migrations", "locales", "templates", "static"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    println!("cargo:rerun-if-env-changed=FUSHI_COMMIT");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    if let Err(e) = precompress(Path::new(&out)) {
        panic!("the static files could not be compressed: {e}");
    }
    let version = env!("CARGO_PKG_VERSION");
    if std::env::var("PROFILE").as_deref() != Ok("release") {
        println!("cargo:rustc-env=FUSHI_VERSION={version} (development build)");
        return;
    }
    // A new commit or a checkout moves HEAD or the branch it names.
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(p) = git(&["rev-parse", "--git-path", &head])
    {
        println!("cargo:rerun-if-changed={p}");
    }
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).or_else(|| {
        std::env::var("FUSHI_COMMIT")
            .ok()
            .filter(|c| !c.trim().is_empty())
    });
    let full = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => format!("{version} (commit unknown)"),
    };
    println!("cargo:rustc-env=FUSHI_VERSION={full}");
}
