//! The container and cluster files cannot be run here (no Docker engine, no cluster), so this suite keeps
//! them honest by reading them: docker-compose.yml runs every binary with the settings a container needs,
//! and no `KEEPER_*` name in docker-compose.yml, deploy/Dockerfile or deploy/k8s/*.yaml is a typo that the
//! binaries would silently ignore. The README's configuration table is held to the same list.
//!
//! Plain string parsing on purpose: the files are laid out by hand and a YAML dependency would be the
//! only reason to pull one in.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use keeper_common::config::KEYS;

/// Variables read outside `Settings`' key list, each with the source file that reads it. The test checks
/// that the source still names it, so the allowance cannot outlive the code.
const EXTRA_VARIABLES: &[(&str, &str)] = &[("KEEPER_CONFIG", "crates/common/src/config.rs")];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    let path = repo().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn compose() -> String {
    read("docker-compose.yml")
}

fn env_name(key: &str) -> String {
    format!("KEEPER_{}", key.to_ascii_uppercase())
}

fn key(k: &str) -> &'static str {
    KEYS.iter().copied().find(|x| *x == k).unwrap_or_else(|| panic!("`{k}` is no longer in keeper_common::config::KEYS"))
}

/// Every name a deployment may set: `KEEPER_` + each key, and the few variables read elsewhere.
fn real_variables() -> BTreeSet<String> {
    KEYS.iter().map(|k| env_name(k)).chain(EXTRA_VARIABLES.iter().map(|(v, _)| v.to_string())).collect()
}

/// Each `KEEPER_[A-Z0-9_]*` token of `text` with its line number; a token glued to a longer identifier
/// (`XKEEPER_A`) is not one.
fn keeper_tokens(text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        let mut from = 0;
        while let Some(at) = line[from..].find("KEEPER_").map(|i| i + from) {
            let glued = at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
            let mut end = at + "KEEPER_".len();
            while end < bytes.len() && (bytes[end].is_ascii_uppercase() || bytes[end].is_ascii_digit() || bytes[end] == b'_') {
                end += 1;
            }
            if !glued {
                found.push((line[at..end].to_string(), n + 1));
            }
            from = end;
        }
    }
    found
}

/// The binaries of the workspace, from the `[[bin]]` sections of gateway/ and services/*/ manifests.
fn binaries() -> Vec<String> {
    let mut manifests = vec![repo().join("gateway/Cargo.toml")];
    for entry in std::fs::read_dir(repo().join("services")).expect("services/") {
        let path = entry.expect("services/ entry").path().join("Cargo.toml");
        if path.is_file() {
            manifests.push(path);
        }
    }
    let mut bins = Vec::new();
    for manifest in manifests {
        let text = std::fs::read_to_string(&manifest).expect("manifest");
        let mut in_bin = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                in_bin = line == "[[bin]]";
            } else if in_bin && let Some(value) = line.strip_prefix("name").map(str::trim).and_then(|r| r.strip_prefix('=')) {
                bins.push(value.trim().trim_matches('"').to_string());
            }
        }
    }
    bins.sort();
    bins
}

/// `keeper-system` → `system`: the compose service and Kubernetes manifest of that binary.
fn service_of(bin: &str) -> &str {
    bin.strip_prefix("keeper-").unwrap_or_else(|| panic!("binary `{bin}` is not named keeper-*"))
}

/// The lines of one entry under the top-level `services:` of docker-compose.yml (two-space indent).
fn compose_service(compose: &str, name: &str) -> Option<String> {
    let mut in_services = false;
    let mut body: Option<Vec<&str>> = None;
    for line in compose.lines() {
        let indent = line.len() - line.trim_start().len();
        let blank = line.trim().is_empty() || line.trim_start().starts_with('#');
        if !blank && indent == 0 {
            if body.is_some() {
                break;
            }
            in_services = line.trim_end() == "services:";
            continue;
        }
        if !in_services || blank {
            if let Some(b) = body.as_mut() {
                b.push(line);
            }
            continue;
        }
        if indent == 2 {
            if body.is_some() {
                break;
            }
            if line.trim_end() == format!("  {name}:") {
                body = Some(Vec::new());
            }
        } else if let Some(b) = body.as_mut() {
            b.push(line);
        }
    }
    body.map(|b| b.join("\n"))
}

fn deploy_texts() -> Vec<(String, String)> {
    let mut files = vec![("docker-compose.yml".to_string(), compose()), ("deploy/Dockerfile".to_string(), read("deploy/Dockerfile"))];
    let mut k8s: Vec<PathBuf> = std::fs::read_dir(repo().join("deploy/k8s"))
        .expect("deploy/k8s/")
        .map(|e| e.expect("deploy/k8s entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    k8s.sort();
    assert!(!k8s.is_empty(), "deploy/k8s holds no manifests");
    for path in k8s {
        let rel = format!("deploy/k8s/{}", path.file_name().unwrap().to_string_lossy());
        files.push((rel, std::fs::read_to_string(&path).expect("manifest")));
    }
    files
}

#[test]
fn the_workspace_still_has_the_five_binaries_these_files_were_written_for() {
    let bins = binaries();
    for b in ["keeper-gateway", "keeper-auth", "keeper-system", "keeper-resource", "keeper-business"] {
        assert!(bins.iter().any(|x| x == b), "{b} not found among the workspace binaries {bins:?}");
    }
}

#[test]
fn every_binary_runs_as_a_compose_service_with_a_health_check() {
    let compose = compose();
    for bin in binaries() {
        let svc = service_of(&bin);
        let body = compose_service(&compose, svc).unwrap_or_else(|| panic!("docker-compose.yml has no service `{svc}` for {bin}"));
        assert!(body.contains(&format!("[\"{bin}\"]")), "service `{svc}` does not run {bin} as its command");
        assert!(body.contains("healthcheck:") && body.contains("\"/health\""), "service `{svc}` has no healthcheck on /health");
        assert!(body.contains("depends_on:"), "service `{svc}` starts without waiting for what it needs");
    }
}

#[test]
fn every_service_listens_on_all_interfaces_at_its_port_and_reaches_the_database() {
    let compose = compose();
    for (svc, port) in [("gateway", 8080), ("auth", 8101), ("system", 8102), ("resource", 8103), ("business", 8104)] {
        let body = compose_service(&compose, svc).unwrap_or_else(|| panic!("no service `{svc}`"));
        let listen = env_name(key(&format!("{svc}_listen")));
        assert!(body.contains(&format!("{listen}: 0.0.0.0:{port}")), "`{svc}` must set {listen}: 0.0.0.0:{port}");
        if svc != "gateway" {
            let db = env_name(key(&format!("{svc}_database_url")));
            assert!(body.contains(&format!("{db}: *database-url")), "`{svc}` must set {db} to the shared database");
        }
    }
    assert!(compose.contains("&database-url postgres://keeper:keeper@postgres:5432/keeper"), "the shared database URL changed");
}

#[test]
fn the_compose_file_sets_every_setting_a_container_needs() {
    let compose = compose();
    let mut needed: Vec<&str> = vec!["profile", "redis_url", "otlp_endpoint", "jwt_secret", "admin_password", "web_dir", "gateway_listen"];
    for svc in ["auth", "system", "resource", "business"] {
        needed.extend([key(&format!("{svc}_listen")), key(&format!("{svc}_url")), key(&format!("{svc}_database_url"))]);
    }
    let missing: Vec<String> = needed.iter().map(|k| env_name(key(k))).filter(|v| !compose.contains(&format!("{v}:"))).collect();
    assert!(missing.is_empty(), "docker-compose.yml does not set {missing:?}");
    assert!(compose.contains("KEEPER_PROFILE: prod"), "containers must run the prod profile");
    assert!(compose.contains("${KEEPER_JWT_SECRET:?"), "the JWT secret must be required from the caller, never defaulted");
    assert!(compose.contains("${KEEPER_ADMIN_PASSWORD:?"), "the admin password must be required from the caller");
    let gateway = compose_service(&compose, "gateway").expect("gateway");
    assert!(gateway.contains("KEEPER_WEB_DIR: /app/web"), "the gateway must serve the web app the image holds");
}

#[test]
fn every_keeper_variable_in_the_deploy_files_is_a_real_setting() {
    let real = real_variables();
    let mut unknown = Vec::new();
    for (file, text) in deploy_texts() {
        for (name, line) in keeper_tokens(&text) {
            if !real.contains(&name) {
                unknown.push(format!("{file}:{line}: {name}"));
            }
        }
    }
    assert!(unknown.is_empty(), "not a setting any binary reads (typo?):\n{}", unknown.join("\n"));
}

#[test]
fn the_extra_variables_are_still_read_by_the_code_that_names_them() {
    for (var, source) in EXTRA_VARIABLES {
        assert!(read(source).contains(&format!("\"{var}\"")), "{source} no longer reads {var}: drop it from EXTRA_VARIABLES");
    }
}

#[test]
fn every_binary_has_a_kubernetes_deployment_and_service() {
    for bin in binaries() {
        let svc = service_of(&bin);
        let text = read(&format!("deploy/k8s/{svc}.yaml"));
        assert!(
            text.contains("kind: Deployment") && text.contains("kind: Service\n"),
            "deploy/k8s/{svc}.yaml needs a Deployment and a Service"
        );
        assert!(text.contains(&format!("args: [\"{bin}\"]")), "deploy/k8s/{svc}.yaml does not run {bin}");
        assert!(text.contains("path: /ready") && text.contains("path: /health"), "deploy/k8s/{svc}.yaml needs /ready and /health probes");
        assert!(
            text.contains(&format!("{}\n", env_name(key(&format!("{svc}_listen"))))),
            "deploy/k8s/{svc}.yaml does not set its listen address"
        );
    }
}

/// `101m` → bytes (nginx's k/m/g suffixes are powers of 1024).
fn nginx_size(v: &str) -> u64 {
    let v = v.trim().trim_matches('"').to_ascii_lowercase();
    let (num, unit) = match v.chars().last() {
        Some('k') => (&v[..v.len() - 1], 1024),
        Some('m') => (&v[..v.len() - 1], 1024 * 1024),
        Some('g') => (&v[..v.len() - 1], 1024 * 1024 * 1024),
        _ => (v.as_str(), 1),
    };
    num.parse::<u64>().unwrap_or_else(|_| panic!("not an nginx size: {v}")) * unit
}

#[test]
fn the_resource_service_keeps_its_local_files_and_the_proxies_accept_its_largest_upload() {
    let compose = compose();
    let resource = compose_service(&compose, "resource").expect("resource");
    assert!(
        resource.contains("volumes:") && resource.contains("-data:/data"),
        "the resource service must keep /data (its local files) in a volume"
    );
    let k8s = read("deploy/k8s/resource.yaml");
    assert!(
        k8s.contains("kind: PersistentVolumeClaim") && k8s.contains("claimName:"),
        "deploy/k8s/resource.yaml must keep /data on a volume claim"
    );

    let upload = keeper_common::config::Settings::from_parts(None, Default::default()).expect("default settings").upload_max_bytes;
    let nginx = read("deploy/nginx/keeper.conf");
    let location = nginx.split("keeper-resource/ {").nth(1).expect("deploy/nginx/keeper.conf has a location for /api/keeper-resource/");
    let location = location.split('}').next().unwrap_or_default();
    assert!(location.contains("proxy_request_buffering off;"), "uploads must be streamed, not buffered by nginx");
    let limit = location
        .split("client_max_body_size")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .expect("client_max_body_size in the resource location");
    assert!(nginx_size(limit) > upload, "nginx refuses uploads the resource service accepts ({limit} <= {upload} bytes)");
    let ingress = read("deploy/k8s/ingress.yaml");
    let body = ingress.split("proxy-body-size:").nth(1).and_then(|r| r.lines().next()).expect("ingress proxy-body-size");
    assert!(nginx_size(body) > upload, "the Ingress refuses uploads the resource service accepts ({body} <= {upload} bytes)");
}

#[test]
fn the_image_build_context_leaves_out_build_output_and_data() {
    let ignore = read("deploy/Dockerfile.dockerignore");
    let lines: BTreeSet<&str> = ignore.lines().map(str::trim).collect();
    for excluded in ["target", "data", "**/node_modules"] {
        assert!(lines.contains(excluded), "deploy/Dockerfile.dockerignore must exclude {excluded}");
    }
    let dockerfile = read("deploy/Dockerfile");
    assert!(dockerfile.contains("cargo build --profile production --bins"), "the image must build every binary");
}

#[test]
fn the_readme_configuration_table_documents_every_setting() {
    let readme = read("README.md");
    let section = readme.split("\n## Configuration").nth(1).expect("README.md has a Configuration section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let documented: BTreeSet<String> = section
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(1))
        .flat_map(|cell| keeper_tokens(cell).into_iter().map(|(name, _)| name))
        .collect();
    let missing: Vec<String> = KEYS.iter().map(|k| env_name(k)).filter(|v| !documented.contains(v)).collect();
    assert!(missing.is_empty(), "README.md's configuration table does not document {missing:?}");
    let real = real_variables();
    let unknown: Vec<&String> = documented.iter().filter(|v| !real.contains(*v)).collect();
    assert!(unknown.is_empty(), "README.md's configuration table documents variables nothing reads: {unknown:?}");
}

#[test]
fn the_token_scanner_finds_names_and_skips_glued_identifiers() {
    let found = keeper_tokens("a: KEEPER_REDIS_URL\n  XKEEPER_NOPE ${KEEPER_JWT_SECRET:?x} KEEPER_\n");
    let names: Vec<(&str, usize)> = found.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    assert_eq!(names, vec![("KEEPER_REDIS_URL", 1), ("KEEPER_JWT_SECRET", 2), ("KEEPER_", 2)]);
}

/// Every `.rs` file under `dir`, with its path relative to the repository.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A service serves only what its description lists: `keeper_common::openapi::Api` registers and
/// describes each route in one call, so no service code may reach actix's route table another way
/// (tests that stand up fake providers excepted).
#[test]
fn services_register_routes_only_through_the_described_api() {
    let mut files = Vec::new();
    for service in ["auth", "system", "resource", "business"] {
        rust_files(&repo().join("services").join(service).join("src"), &mut files);
    }
    let mut offenders = Vec::new();
    for path in files {
        if path.components().any(|c| c.as_os_str() == "tests") || path.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            if ["ServiceConfig", "App::new", ".configure(", "web::scope("].iter().any(|p| line.contains(p)) {
                offenders.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "routes registered around keeper_common::openapi::Api:\n{}", offenders.join("\n"));
}
