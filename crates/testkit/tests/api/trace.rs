//! One trace spans gateway → auth → system for a sign-in.
use keeper_testkit::collector::Collector;
use keeper_testkit::{Options, TestApp};

#[actix_web::test]
async fn a_login_is_one_trace_across_gateway_auth_and_system() {
    let collector = Collector::start().await;
    keeper_client::tls::install_crypto_provider();
    let probe = reqwest::Client::new().post(format!("{}/v1/traces", collector.endpoint)).body(Vec::<u8>::new()).send().await;
    assert!(probe.is_ok_and(|r| r.status().is_success()), "the test collector answers");
    let app = TestApp::spawn_with(Options { otlp_endpoint: Some(collector.endpoint.clone()), ..Default::default() }).await;
    app.admin_login().await;
    let mut services = Vec::new();
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let spans = collector.seen();
        // The trace of the token request is the one whose gateway span names the token route.
        let Some(trace) = spans.iter().find(|s| s.service == "keeper-auth" && s.name.contains("/oauth/token")).map(|s| s.trace_id.clone())
        else {
            continue;
        };
        services = spans.iter().filter(|s| s.trace_id == trace).map(|s| s.service.clone()).collect();
        services.sort();
        services.dedup();
        if services.len() >= 3 {
            break;
        }
    }
    assert_eq!(services, vec!["keeper-auth", "keeper-gateway", "keeper-system"], "spans seen: {:?}", collector.seen());
}
