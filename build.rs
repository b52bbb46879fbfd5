//! Rebuild when files that are compiled into the binary change: migrations
//! (`embed_migrations!`), messages (`static_loader!`), templates and the stylesheet.
//! Also names the commit fushi is built from in `FUSHI_VERSION` (`fushi --version`):
//! `git` when there is a repository, else `FUSHI_COMMIT` from the environment (a
//! container build without `.git`), else the version alone.

use std::process::Command;

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
    let version = env!("CARGO_PKG_VERSION");
    let full = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => format!("{version} (commit unknown)"),
    };
    println!("cargo:rustc-env=FUSHI_VERSION={full}");
}
