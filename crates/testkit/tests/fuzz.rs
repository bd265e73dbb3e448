//! Schemathesis against the gateway's merged API description, through the real gateway and services on
//! SQLite, signed in as a tenant's administrator: no answer may be a 5xx, fall outside the schema the
//! description gives for it, or come without the envelope. Every route of the description is covered, so
//! the endpoints of later issues are fuzzed as soon as they are served.
//!
//! `make test` installs the pinned schemathesis (crates/testkit/fuzz/requirements.txt) into a virtualenv
//! and names its binary in `KEEPER_SCHEMATHESIS`.
use std::process::Command;

use keeper_testkit::{BASIC, TestApp};
use serde_json::Value;

/// Test cases per operation and phase: enough to reach each route's validation paths, small enough for
/// the run to stay within a couple of minutes on two cores.
const EXAMPLES_PER_OPERATION: &str = "25";
/// A fixed seed makes a failure reproducible from the log alone.
const SEED: &str = "20261124";

#[actix_web::test]
async fn schemathesis_finds_no_server_error_and_no_answer_outside_the_description() {
    let schemathesis = std::env::var("KEEPER_SCHEMATHESIS").expect(
        "KEEPER_SCHEMATHESIS names the schemathesis binary (`make test-fuzz` installs it from crates/testkit/fuzz/requirements.txt)",
    );
    let app = TestApp::spawn().await;
    let platform = app.admin_login().await;
    let tenant = app.create_tenant(platform["access_token"].as_str().unwrap(), "接口模糊测试园区", "Zone#2026").await;
    let zone = app.login(&tenant, "admin", "Zone#2026").await;
    let token = zone["access_token"].as_str().unwrap();

    let report = app.data_dir().join("schemathesis");
    let out = Command::new(&schemathesis)
        .args(["--no-color", "run", &app.api("/api/openapi.json"), "--url", &app.gateway])
        .args(["--header", &format!("Authorization: {BASIC}")])
        .args(["--header", &format!("Keeper-Auth: bearer {token}")])
        .args(["--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"])
        .args(["--max-examples", EXAMPLES_PER_OPERATION, "--seed", SEED, "--workers", "2"])
        .args(["--phases", "examples,coverage,fuzzing,stateful"])
        // Signing out would end the session every later request carries.
        .args(["--exclude-path-regex", "/oauth/logout$"])
        .args(["--report", "ndjson", "--report-dir"])
        .arg(&report)
        .args(["--output-truncate", "false"])
        // Its cache of examples (.schemathesis/) belongs to the stack's throwaway directory.
        .current_dir(app.data_dir())
        .output()
        .expect("run schemathesis");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let requests: usize = std::fs::read_dir(&report)
        .expect("the ndjson report")
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .flat_map(|events| events.lines().map(str::to_owned).collect::<Vec<_>>())
        .filter_map(|line| serde_json::from_str::<Value>(&line).ok())
        .filter_map(|event| event["ScenarioFinished"]["recorder"]["interactions"].as_object().map(|i| i.len()))
        .sum();
    println!("schemathesis sent {requests} requests");
    assert!(out.status.success(), "schemathesis found failures (reproducing requests above); gateway log:\n{}", app.log("gateway"));
    assert!(requests > 1000, "only {requests} requests were sent");
}
