//! The revocation and captcha scenarios again, with sessions and captchas in Redis.
//! `make test` runs these in their own pass (test names start with `with_redis`) against the Redis
//! server on 127.0.0.1:6379, and says so when that server is absent.
use keeper_testkit::{Options, TestApp};

async fn spawn(captcha: bool) -> TestApp {
    TestApp::spawn_with(Options { redis: true, captcha, ..Default::default() }).await
}

#[actix_web::test]
async fn with_redis_logout_ends_the_session_everywhere() {
    crate::revocation::logout_scenario(&spawn(false).await).await;
}

#[actix_web::test]
async fn with_redis_a_password_change_ends_the_other_sessions() {
    crate::revocation::password_change_scenario(&spawn(false).await).await;
}

#[actix_web::test]
async fn with_redis_disabling_an_account_ends_its_sessions() {
    crate::revocation::disable_scenario(&spawn(false).await).await;
}

#[actix_web::test]
async fn with_redis_a_captcha_is_single_use_and_case_insensitive() {
    crate::auth_grants::captcha_scenario(&spawn(true).await).await;
}
