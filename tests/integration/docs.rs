//! The documents as a reader meets them: the README is a front door, every link of the
//! README and of docs/ leads to a file (and a heading) the repository has, every screenshot
//! of docs/images is shown somewhere, every page of the guide has its Chinese twin, and no
//! document, source or test cites a document the repository does not ship.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir` whose name ends with one of `endings`, sorted.
fn files_under(dir: &Path, endings: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if endings.iter().any(|e| path.to_string_lossy().ends_with(e)) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The README and every Markdown file under docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md")];
    docs.extend(files_under(&root().join("docs"), &[".md"]));
    docs
}

/// The text outside fenced code blocks.
fn prose(markdown: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The targets of the Markdown links `](target)` and the HTML `src="target"` of `markdown`.
fn link_targets(markdown: &str) -> Vec<String> {
    let text = prose(markdown);
    let mut targets = Vec::new();
    for (open, close) in [("](", ')'), ("src=\"", '"')] {
        let mut rest = text.as_str();
        while let Some(at) = rest.find(open) {
            rest = &rest[at + open.len()..];
            if let Some(end) = rest.find(close) {
                targets.push(rest[..end].to_owned());
            }
        }
    }
    targets
}

/// A heading's anchor as GitHub makes it: lower case, letters, digits, `-` and `_` kept,
/// spaces made `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading of `markdown`, a repeated one numbered as GitHub does.
fn anchors(markdown: &str) -> HashSet<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = HashSet::new();
    for line in prose(markdown).lines() {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = anchor(&line[hashes..]);
        let n = seen.iter().filter(|s| **s == base).count();
        out.insert(if n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        seen.push(base);
    }
    out
}

/// What is wrong with `target`, a link of the document at `from`, if anything.
fn broken(from: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap().join(path)
    };
    if !file.exists() {
        return Some(format!("{target}: no such file"));
    }
    let is_markdown = file.extension().is_some_and(|e| e == "md");
    if !fragment.is_empty() && is_markdown && !anchors(&read(&file)).contains(fragment) {
        return Some(format!("{target}: no such heading"));
    }
    None
}

#[test]
fn every_link_of_the_documents_leads_to_a_file_and_heading_the_repository_has() {
    let mut problems = Vec::new();
    for doc in documents() {
        for target in link_targets(&read(&doc)) {
            if let Some(why) = broken(&doc, &target) {
                problems.push(format!(
                    "{}: {why}",
                    doc.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_link_check_finds_a_missing_file_and_a_missing_heading() {
    let guide = root().join("docs/guide/evening.md");
    assert_eq!(broken(&guide, "table.md"), None);
    assert_eq!(broken(&guide, "../operations.md#backups-and-moving"), None);
    assert_eq!(broken(&guide, "accounts.zh.md#第一次启动"), None);
    assert!(broken(&guide, "tables.md").is_some());
    assert!(broken(&guide, "../operations.md#backups").is_some());
    assert_eq!(
        anchor("Limits: descriptors, slow clients, stale servers"),
        "limits-descriptors-slow-clients-stale-servers"
    );
    assert_eq!(
        anchor("§12 Stages: groups and knockout"),
        "12-stages-groups-and-knockout"
    );
    assert_eq!(
        anchor("What the hall's network can see"),
        "what-the-halls-network-can-see"
    );
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "the README has {lines} lines: move what is not the front door to docs/"
    );
    assert!(readme.contains("cargo run --release     # the app on http://127.0.0.1:8080"));
    assert!(readme.contains("\ncargo test  "));
    // CI runs the README's test command (locked to Cargo.lock).
    let ci = read(&root().join(".ci/run"));
    assert!(
        ci.lines().any(|l| l.trim() == "cargo test --locked"),
        "{ci}"
    );
    for doc in [
        "docs/guide/README.md",
        "docs/operations.md",
        "docs/development.md",
        "docs/rules.md",
        "docs/architecture.md",
    ] {
        assert!(
            readme.contains(&format!("]({doc})")),
            "the README links {doc}"
        );
    }
    assert!(
        readme.contains("](docs/images/"),
        "the README shows a screenshot"
    );
}

#[test]
fn every_screenshot_is_shown_by_a_document() {
    let text: String = documents().iter().map(|d| read(d)).collect();
    for image in files_under(&root().join("docs/images"), &[".png", ".svg", ".jpg"]) {
        let name = image.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            text.contains(&format!("images/{name}")),
            "docs/images/{name} is shown nowhere"
        );
    }
}

#[test]
fn every_page_of_the_guide_has_its_chinese_twin_and_each_links_the_other() {
    let dir = root().join("docs/guide");
    let index = read(&dir.join("README.md"));
    let mut pages = 0;
    for target in link_targets(&index) {
        let Some(topic) = target.strip_suffix(".zh.md") else {
            continue;
        };
        let english = read(&dir.join(format!("{topic}.md")));
        let chinese = read(&dir.join(&target));
        assert!(
            english.contains(&format!("]({target})")),
            "{topic}.md links {target}"
        );
        assert!(
            chinese.contains(&format!("]({topic}.md)")),
            "{target} links {topic}.md"
        );
        assert!(
            index.contains(&format!("]({topic}.md)")),
            "the index links {topic}.md"
        );
        pages += 1;
    }
    assert!(pages >= 9, "{pages} pages of the guide have a Chinese twin");
}

#[test]
fn nothing_cites_a_document_the_repository_does_not_ship() {
    // The project's contract is docs/rules.md; a citation of any other rules text is one a
    // reader of the repository cannot open.
    let cited = ["SP", "EC §"].concat();
    let named = ["SP", "EC.md"].concat();
    let mut files = documents();
    for dir in ["src", "tests", "benches"] {
        files.extend(files_under(&root().join(dir), &[".rs", ".md", ".py"]));
    }
    let mut found = Vec::new();
    for file in files {
        for (n, line) in read(&file).lines().enumerate() {
            if line.contains(&cited) || line.contains(&named) {
                found.push(format!(
                    "{}:{}: {line}",
                    file.strip_prefix(root()).unwrap().display(),
                    n + 1
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "cite docs/rules.md instead:\n{}",
        found.join("\n")
    );
}
