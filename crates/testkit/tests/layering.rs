//! The module layering of every service, read from the sources (code-shape.md, item 1): imports go
//! `api → concept → repo → entity` and never back. Nothing outside `api/` names `crate::api`, and no two
//! top-level modules of a service reach each other through any chain of `crate::` paths (an import circle
//! makes a module impossible to understand, test or move on its own).
//!
//! `lib.rs`, `main.rs` and `state.rs` are the composition root: they wire the modules together (the state
//! holds the caches that modules own), so their outgoing paths do not count; paths into them do.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const SERVICES: &[&str] = &["auth", "system", "resource", "business"];
const ROOT: &[&str] = &["lib", "main", "state"];

/// Top-level module → (module it names → files that name it).
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn src(service: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../services").join(service).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The first segment of every `crate::` path in `text`, including those inside `crate::{a, b::c}` groups.
fn named_modules(text: &str) -> BTreeSet<String> {
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level items of the group: split on commas at brace depth 0.
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.insert(ident(group[start..i].trim()));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(group[start..i].trim()));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.retain(|m| !m.is_empty() && m != "self");
    out
}

fn graph(service: &str) -> Graph {
    let root = src(service);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut g = Graph::new();
    for file in files {
        let rel = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let top = rel.split('/').next().unwrap().trim_end_matches(".rs").to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        for target in named_modules(&text) {
            if target != top {
                g.entry(top.clone()).or_default().entry(target).or_default().insert(rel.clone());
            }
        }
    }
    g
}

/// The import circles: strongly connected sets of more than one module (Tarjan), outside the root.
fn circles(g: &Graph) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.g.get(v).into_iter().flat_map(|m| m.keys()) {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    self.low.entry(v).and_modify(|l| *l = (*l).min(lw));
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    self.low.entry(v).and_modify(|l| *l = (*l).min(iw));
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    set.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    self.out.push(set);
                }
            }
        }
    }
    let mut g = g.clone();
    g.retain(|m, _| !ROOT.contains(&m.as_str()));
    let mut walk = Walk { g: &g, index: BTreeMap::new(), low: BTreeMap::new(), stack: vec![], out: vec![] };
    for v in g.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn nothing_outside_api_imports_the_http_layer() {
    let mut offenders = Vec::new();
    for service in SERVICES {
        for (module, targets) in graph(service) {
            if module != "api"
                && let Some(files) = targets.get("api")
            {
                offenders.push(format!("{service}: {files:?} import crate::api"));
            }
        }
    }
    assert!(offenders.is_empty(), "domain modules must not import api/:\n{}", offenders.join("\n"));
}

#[test]
fn no_service_has_an_import_circle_between_its_modules() {
    let mut found = Vec::new();
    for service in SERVICES {
        let g = graph(service);
        for set in circles(&g) {
            let edges: Vec<String> = set
                .iter()
                .flat_map(|a| g[a].iter().filter(|(b, _)| set.contains(*b)).map(move |(b, files)| format!("  {a} → {b} in {files:?}")))
                .collect();
            found.push(format!("{service}: {set:?}\n{}", edges.join("\n")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_paths_in_groups_and_finds_a_circle_through_three_modules() {
    assert_eq!(
        named_modules("use crate::{a::{x, y}, b, self};\nlet _ = crate::c::f();"),
        ["a", "b", "c"].into_iter().map(String::from).collect()
    );
    let mut g = Graph::new();
    for (a, b) in [("x", "y"), ("y", "z"), ("z", "x"), ("api", "x"), ("state", "x"), ("x", "state")] {
        g.entry(a.into()).or_default().entry(b.into()).or_default().insert(format!("{a}.rs"));
    }
    // The root (`state`) is exempt; the three-module chain is one circle.
    assert_eq!(circles(&g), vec![["x", "y", "z"].into_iter().map(String::from).collect::<BTreeSet<_>>()]);
}
