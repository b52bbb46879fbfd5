//! The source's layout: no file of the crate reaches, through `crate::…`, `super::…`,
//! `self::…` or a child module's name, a file that reaches it back, and no folder reaches a
//! sibling that reaches it back (docs/architecture.md, "One way"). Arrows go one way
//! (web → db → input → rules), so a module can be read, and changed, with only what is
//! below it in mind. Comments and `#[cfg(test)]` modules do not count (a test may use
//! anything), and the code after a test module does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;

/// Every file under `root` (a crate's `src`) with its module and the modules (files) it
/// reaches.
struct Crate {
    files: Vec<PathBuf>,
    modules: Vec<Vec<String>>,
    /// For each file, the files it reaches (by index).
    reaches: Vec<Vec<usize>>,
}

impl Crate {
    /// With `bare_children`, a module's own children named bare (`pages::Page` in
    /// `live/mod.rs`) count as well.
    fn read(root: &Path, bare_children: bool) -> Crate {
        let mut files = Vec::new();
        collect(root, &mut files);
        let modules: Vec<Vec<String>> = files.iter().map(|f| module_of(root, f)).collect();
        let index: BTreeMap<&[String], usize> = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.as_slice(), i))
            .collect();
        let mut reaches = Vec::new();
        for (i, file) in files.iter().enumerate() {
            let text = std::fs::read_to_string(file).expect("a source file");
            let here = &modules[i];
            // The names of this module's own child modules, which its code may name bare.
            let children: Vec<String> = modules
                .iter()
                .filter(|m| bare_children && m.len() == here.len() + 1 && m.starts_with(here))
                .map(|m| m[here.len()].clone())
                .collect();
            let mut targets = Vec::new();
            for path in paths(&code_of(&text), &children) {
                let mut target = match path.first().map(String::as_str) {
                    Some("crate") => Vec::new(),
                    Some("super") => here[..here.len().saturating_sub(1)].to_vec(),
                    _ => here.clone(),
                };
                let mut rest = path[1..].iter().peekable();
                while rest.peek().is_some_and(|p| *p == "super") {
                    target.pop();
                    rest.next();
                }
                target.extend(rest.cloned());
                // The longest prefix that is a file's module: `crate::db::edit::save` is
                // in db/edit.rs.
                while !target.is_empty() && !index.contains_key(target.as_slice()) {
                    target.pop();
                }
                if let Some(&j) = index.get(target.as_slice())
                    && j != i
                    && !targets.contains(&j)
                {
                    targets.push(j);
                }
            }
            reaches.push(targets);
        }
        Crate {
            files,
            modules,
            reaches,
        }
    }

    /// The strongly connected groups of more than one node of a graph whose nodes are
    /// named by `names` and whose edges are `edges`, each sorted, sorted.
    fn cycles(names: &[String], edges: &[(usize, usize)]) -> Vec<Vec<String>> {
        let mut graph = DiGraph::<usize, ()>::new();
        let nodes: Vec<_> = (0..names.len()).map(|i| graph.add_node(i)).collect();
        for &(a, b) in edges {
            graph.update_edge(nodes[a], nodes[b], ());
        }
        let mut cycles: Vec<Vec<String>> = tarjan_scc(&graph)
            .into_iter()
            .filter(|scc| scc.len() > 1)
            .map(|scc| {
                let mut group: Vec<String> = scc.iter().map(|n| names[graph[*n]].clone()).collect();
                group.sort();
                group
            })
            .collect();
        cycles.sort();
        cycles
    }
}

/// Every cycle among the `.rs` files under `root` (a crate's `src`), each as its files'
/// paths relative to `root`, sorted. A module's file naming its own children bare is not
/// counted here (a `mod.rs` that wires its children while they use its types is how
/// several modules of fushi are built; docs/architecture.md); it is between folders.
fn file_cycles(root: &Path) -> Vec<Vec<String>> {
    let krate = Crate::read(root, false);
    let names: Vec<String> = krate
        .files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap().display().to_string())
        .collect();
    let edges: Vec<(usize, usize)> = krate
        .reaches
        .iter()
        .enumerate()
        .flat_map(|(i, targets)| targets.iter().map(move |&j| (i, j)))
        .collect();
    Crate::cycles(&names, &edges)
}

/// Every cycle among sibling modules (`web/live` and `web/page.rs`, children of `web`),
/// each file counting for the child of each module that holds it: a folder that reaches a
/// sibling which reaches it back. Each as the siblings' module paths (`web::live`), sorted.
fn folder_cycles(root: &Path) -> Vec<Vec<String>> {
    let krate = Crate::read(root, true);
    let mut names: Vec<String> = Vec::new();
    let mut edges = Vec::new();
    let node = |module: &[String], names: &mut Vec<String>| {
        let name = module.join("::");
        match names.iter().position(|n| *n == name) {
            Some(at) => at,
            None => {
                names.push(name);
                names.len() - 1
            }
        }
    };
    for (i, targets) in krate.reaches.iter().enumerate() {
        let from = &krate.modules[i];
        for &j in targets {
            let to = &krate.modules[j];
            // Where the two part: the siblings under their deepest common module.
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                let a = node(&from[..=common], &mut names);
                let b = node(&to[..=common], &mut names);
                edges.push((a, b));
            }
        }
    }
    Crate::cycles(&names, &edges)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs")
            // A module of tests in a file of its own (`mod tests;` under `#[cfg(test)]`).
            && path.file_stem().is_none_or(|stem| stem != "tests")
        {
            files.push(path);
        }
    }
}

/// The module a file is: `db/edit.rs` and `db/edit/mod.rs` are `[db, edit]`, `lib.rs` is
/// the crate itself.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(root)
        .unwrap()
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The text without comments and without a `#[cfg(test)]` module and what follows it (test
/// modules close their files).
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(['/', '"']) {
        code.push_str(&rest[..start]);
        let tail = &rest[start..];
        if let Some(after) = tail.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = tail.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if let Some((hashes, after)) = raw_string(&code, tail) {
            // A raw string (`r"…"`, `r#"…"#`) ends at its quote and as many hashes.
            let close = format!("\"{}", "#".repeat(hashes));
            code.truncate(code.len() - 1 - hashes);
            code.push_str("\"\"");
            rest = after
                .find(&close)
                .map_or("", |end| &after[end + close.len()..]);
        } else if code.ends_with('\'') && tail.starts_with("\"'") {
            // The character literal '"' starts no string.
            code.push('"');
            rest = &tail[1..];
        } else if let Some(after) = tail.strip_prefix('"') {
            // A string's text is not code (an escaped quote ends nothing).
            let mut end = 0;
            let bytes = after.as_bytes();
            while end < bytes.len() && bytes[end] != b'"' {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            code.push_str("\"\"");
            rest = after.get(end + 1..).unwrap_or("");
        } else {
            code.push('/');
            rest = &tail[1..];
        }
    }
    code.push_str(rest);
    without_test_modules(&code)
}

/// `code` without its `#[cfg(test)]` inline modules, each to its closing brace.
fn without_test_modules(code: &str) -> String {
    let tests = code
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| {
            let after = code[at + "#[cfg(test)]".len()..].trim_start();
            let after = after
                .strip_prefix("pub(crate) ")
                .or_else(|| after.strip_prefix("pub "))
                .unwrap_or(after);
            // An inline module (`mod tests {`), not a declaration (`mod tests;`).
            after.starts_with("mod ")
                && after
                    .find('{')
                    .is_some_and(|brace| after.find(';').is_none_or(|semi| brace < semi))
        });
    let Some(at) = tests else {
        return code.to_owned();
    };
    // Strings and comments are gone: braces balance.
    let open = at + code[at..].find('{').expect("a test module's brace");
    let mut depth = 0;
    let mut close = code.len();
    for (offset, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = open + offset + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    format!("{}{}", &code[..at], without_test_modules(&code[close..]))
}

/// At a `"` (`tail`) that opens a raw string, given the code before it: how many `#` it
/// has, and the text after its opening quote.
fn raw_string<'a>(before: &str, tail: &'a str) -> Option<(usize, &'a str)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let hashes = before.len() - before.trim_end_matches('#').len();
    let ahead = before[..before.len() - hashes].strip_suffix('r')?;
    // `r"`, or the byte string `br"`, not the end of a name such as `for"`.
    let ahead = ahead.strip_suffix('b').unwrap_or(ahead);
    (!ahead.chars().next_back().is_some_and(ident)).then(|| (hashes, &tail[1..]))
}

/// Every `crate::…`, `super::…`, `self::…` path in `code`, and every path that starts
/// with one of `children` (the module's own child modules, named bare), as its segments
/// (`crate`/`super`/`self` first; `self` then the child for a bare child); a group
/// `crate::a::{b, c::d}` gives one path per member.
fn paths(code: &str, children: &[String]) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut heads: Vec<(String, Vec<String>)> = ["crate", "super", "self"]
        .iter()
        .map(|h| (format!("{h}::"), vec![h.to_string()]))
        .collect();
    for child in children {
        heads.push((format!("{child}::"), vec!["self".into(), child.clone()]));
    }
    for (head, start) in &heads {
        for (at, _) in code.match_indices(head.as_str()) {
            let before = code[..at].trim_end();
            // Not the end of a longer name, nor a segment of a longer path (`a::child::`).
            if code[..at].chars().next_back().is_some_and(ident) || before.ends_with("::") {
                continue;
            }
            let mut segments = start.clone();
            let mut rest = &code[at + head.len()..];
            loop {
                let len = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
                if len == 0 {
                    break;
                }
                segments.push(rest[..len].to_owned());
                match rest[len..].strip_prefix("::") {
                    Some(next) => rest = next,
                    None => {
                        rest = "";
                        break;
                    }
                }
            }
            match rest.strip_prefix('{') {
                Some(group) => {
                    let group = group.split('}').next().unwrap_or("");
                    for member in group.split(',') {
                        let first = member.trim().split(['{', ':', ' ']).next().unwrap_or("");
                        if !first.is_empty() && first != "self" {
                            let mut path = segments.clone();
                            path.push(first.to_owned());
                            found.push(path);
                        }
                    }
                    found.push(segments);
                }
                None => found.push(segments),
            }
        }
    }
    found
}

#[test]
fn no_file_of_the_crate_imports_a_file_that_imports_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cycles = file_cycles(&src);
    assert!(cycles.is_empty(), "file cycles: {cycles:#?}");
}

/// No folder reaches a sibling that reaches it back: `web::live` and `web::page`, say, are
/// read in one order.
#[test]
fn no_folder_of_the_crate_reaches_a_sibling_that_reaches_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cycles = folder_cycles(&src);
    assert!(cycles.is_empty(), "folder cycles: {cycles:#?}");
}

/// A module's own children named bare, `self::` paths and the code after a test module
/// count; a folder's cycle is found through any of its files.
#[test]
fn the_cycle_checks_see_children_self_and_code_after_tests() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let src = dir.path();
    let write = |name: &str, text: &str| {
        let path = src.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod a;\npub mod b;\n");
    write(
        "a/mod.rs",
        "pub mod one;\npub mod two;\npub use one::One;\n",
    );
    write("a/one.rs", "pub struct One;\n");
    write("a/two.rs", "pub struct Two;\n");
    write("b/mod.rs", "pub mod three;\n");
    write("b/three.rs", "pub fn f() { crate::a::two::Two; }\n");
    assert_eq!(file_cycles(src), Vec::<Vec<String>>::new());
    assert_eq!(folder_cycles(src), Vec::<Vec<String>>::new());
    // A child reaching back to its parent, which names it bare: between files, only
    // through a path the parent spells out.
    write(
        "a/one.rs",
        "pub struct One;\nfn g() { super::two::Two; crate::a::One; }\n",
    );
    assert_eq!(file_cycles(src), Vec::<Vec<String>>::new());
    write(
        "a/mod.rs",
        "pub mod one;\npub mod two;\npub use self::one::One;\n",
    );
    assert_eq!(file_cycles(src), vec![vec!["a/mod.rs", "a/one.rs"]]);
    write("a/one.rs", "pub struct One;\n");
    // Code after a test module, through `self::`, from one folder to another and back.
    write(
        "a/two.rs",
        "#[cfg(test)]\nmod tests {\n    fn t() {}\n}\nfn h() { self::x(); crate::b::three::f(); }\nfn x() {}\n",
    );
    assert_eq!(folder_cycles(src), vec![vec!["a", "b"]]);
    assert_eq!(file_cycles(src), vec![vec!["a/two.rs", "b/three.rs"]]);
}

/// The check finds a cycle through `use`, `super::` and an inline path, and leaves out
/// comments, strings and test modules.
#[test]
fn the_cycle_check_sees_paths_and_ignores_comments_strings_and_tests() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let src = dir.path();
    let write = |name: &str, text: &str| {
        let path = src.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    write("a.rs", "use crate::b::{One, two::Two};\n");
    write("b/mod.rs", "pub mod two;\npub fn f() { super::c::g(); }\n");
    write("b/two.rs", "pub struct Two;\n");
    write(
        "c.rs",
        "// use crate::a::X;\nconst S: &str = \"crate::a::X\";\n\
         #[cfg(test)]\nmod tests {\n    use crate::a::X;\n}\n",
    );
    assert_eq!(file_cycles(src), Vec::<Vec<String>>::new());
    write("c.rs", "pub fn g() { crate::a::h() }\n");
    assert_eq!(file_cycles(src), vec![vec!["a.rs", "b/mod.rs", "c.rs"]]);
    // A child's file reaching back to its parent module through `super::` counts too.
    write("c.rs", "pub fn g() {}\n");
    write("b/two.rs", "pub struct Two;\nuse super::f;\n");
    write(
        "b/mod.rs",
        "pub mod two;\npub fn f() { two::Two; crate::b::two::Two; }\n",
    );
    assert_eq!(file_cycles(src), vec![vec!["b/mod.rs", "b/two.rs"]]);
}

/// No `javascript:` URL anywhere: the pages' Content-Security-Policy (`script-src 'self'`)
/// blocks them, so such a link would do nothing. Print buttons use `data-print`.
#[test]
fn no_page_or_script_carries_a_javascript_url() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if let Ok(text) = std::fs::read_to_string(&path)
                && text.to_lowercase().contains("javascript:")
            {
                found.push(path.display().to_string());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["templates", "static"] {
        walk(&root.join(dir), &mut found);
    }
    assert!(found.is_empty(), "javascript: URLs in {found:?}");
}

/// The public pages and the printed sheets take their words from `web::labels` and
/// `web::pairing_words`, never from the director's area: what the public sees must not
/// depend on a director's page (docs/architecture.md).
#[test]
fn no_public_page_or_sheet_reaches_into_the_directors_area() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for area in [
        "web/public",
        "web/sheets",
        "web/labels.rs",
        "web/pairing_words.rs",
    ] {
        let path = src.join(area);
        if path.is_dir() {
            collect(&path, &mut files);
        } else {
            files.push(path);
        }
    }
    assert!(files.len() > 4, "the public area's files: {files:?}");
    let reaching: Vec<String> = files
        .iter()
        .filter(|f| {
            let code = code_of(&std::fs::read_to_string(f).expect("a source file"));
            paths(&code, &[])
                .iter()
                .any(|p| p.iter().any(|part| part == "director"))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        reaching.is_empty(),
        "these reach into web::director: {reaching:#?}"
    );
}

/// Only the web layer speaks HTTP: no file outside `src/web/` names actix, the words
/// (`i18n.rs`, read by the archive, the input, the sheets and the command line) included.
/// A request's language is read in `web/i18n.rs`.
#[test]
fn only_the_web_layer_names_actix() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    assert!(files.iter().any(|f| f.ends_with("i18n.rs")));
    let web = src.join("web");
    let naming: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&web))
        .filter(|f| code_of(&std::fs::read_to_string(f).expect("a source file")).contains("actix"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(naming.is_empty(), "these name actix: {naming:#?}");
}

/// The public pages, files, sheets and API answers get a tournament's snapshot one way:
/// the `PageSnapshot` extractor (`web/page.rs`), which takes the one the page cache chose
/// for the request, so a page and its validator agree. None of their files loads one by
/// another road.
#[test]
fn public_handlers_take_their_snapshot_from_the_extractor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for area in ["web/public", "web/sheets", "web/api"] {
        collect(&src.join(area), &mut files);
    }
    assert!(files.len() > 10, "the public area's files: {files:?}");
    let roads = [
        "page_snapshot",
        "snapshot_at",
        "load_event",
        "load_public",
        ".snapshot(",
    ];
    let other: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let code = code_of(&std::fs::read_to_string(f).expect("a source file"));
            let used: Vec<&str> = roads.into_iter().filter(|r| code.contains(r)).collect();
            (!used.is_empty()).then(|| format!("{}: {used:?}", f.display()))
        })
        .collect();
    assert!(
        other.is_empty(),
        "these get a snapshot other than by the extractor: {other:#?}"
    );
    let page = std::fs::read_to_string(src.join("web/page.rs")).expect("web/page.rs");
    assert!(page.contains("impl FromRequest for PageSnapshot"));
}

/// A room's state and a side of a room are worded in one place, `web/labels.rs`
/// (`room_state_label`, `side_label`): the table's page, the director's room page, the hall
/// and the audit trail say them the same way, and a new state is worded once.
#[test]
fn room_states_and_sides_are_worded_in_labels_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    let labels = src.join("web/labels.rs");
    let words = ["\"table-state-", "\"entry-pair-"];
    let text = |f: &PathBuf| std::fs::read_to_string(f).expect("a source file");
    assert!(words.iter().all(|w| text(&labels).contains(w)));
    let elsewhere: Vec<String> = files
        .iter()
        .filter(|f| **f != labels)
        .filter(|f| {
            words
                .iter()
                .any(|w| without_test_modules(&text(f)).contains(w))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        elsewhere.is_empty(),
        "these word a room's state or a side themselves: {elsewhere:#?}"
    );
}

/// Every `fn` of `code` (as [`code_of`] leaves it) with a body, and how many lines it spans
/// from its `fn` line to its closing brace.
fn function_lengths(code: &str) -> Vec<(String, usize)> {
    // A brace in a character literal is not a block.
    let code = code.replace("'{'", "' '").replace("'}'", "' '");
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if code[..at].chars().next_back().is_some_and(ident) {
            continue;
        }
        let rest = &code[at + 3..];
        let name: String = rest.chars().take_while(|&c| ident(c)).collect();
        if name.is_empty() {
            continue;
        }
        let (Some(open), semi) = (rest.find('{'), rest.find(';')) else {
            continue;
        };
        if semi.is_some_and(|semi| semi < open) {
            continue;
        }
        let mut depth = 0usize;
        let mut end = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        if let Some(end) = end {
            found.push((name, rest[..end].matches('\n').count() + 1));
        }
    }
    found
}

/// No function of the web and database layers passes 80 lines: a longer one is split into
/// named steps (by row, by field, by phase), each read on its own.
#[test]
fn no_function_of_the_web_or_database_layer_is_longer_than_80_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&src.join("web"), &mut files);
    collect(&src.join("db"), &mut files);
    let mut long = Vec::new();
    for file in &files {
        let code = code_of(&std::fs::read_to_string(file).expect("a source file"));
        let path = file
            .strip_prefix(&src)
            .expect("under src")
            .display()
            .to_string();
        for (name, lines) in function_lengths(&code) {
            if lines > 80 {
                long.push(format!("{path}: {name} has {lines} lines (at most 80)"));
            }
        }
    }
    assert!(long.is_empty(), "{long:#?}");
}

/// The length check counts a body from its `fn` line to its brace, skips declarations
/// without a body and braces in strings, comments and character literals.
#[test]
fn the_length_check_counts_bodies_only() {
    let code = code_of(
        "trait T { fn declared(&self); }\n\
         fn short() { let s = \"{{{\"; let c = '{'; // {\n}\n\
         pub fn long(\n    a: i32,\n) -> i32 {\n    if a > 0 {\n        a\n    } else {\n        0\n    }\n}\n",
    );
    let lengths = function_lengths(&code);
    assert_eq!(
        lengths,
        [("short".to_owned(), 2), ("long".to_owned(), 9)],
        "{code}"
    );
    // A raw string's quotes and braces, and the character '"', hide no function.
    let code = code_of(
        "fn drawn() -> String {\n    format!(r#\"<a href=\"{x}\">{{\"#) + r\"}\"\n}\n\
         fn quote() -> char { '\"' }\n\
         fn after() {\n}\n",
    );
    assert_eq!(
        function_lengths(&code),
        [
            ("drawn".to_owned(), 3),
            ("quote".to_owned(), 1),
            ("after".to_owned(), 2)
        ],
        "{code}"
    );
}
