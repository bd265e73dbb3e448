//! `/ready`: the gateway is ready when the services it cannot work without answer their `/health`.
//! Resource is reported but not required, so that a deployment without file storage still serves.
use std::time::Duration;

use actix_web::{HttpResponse, web};
use futures_util::future::join_all;
use keeper_common::config::Service;
use serde_json::{Map, Value, json};

use crate::api::Gateway;

const PROBE_TIMEOUT: Duration = Duration::from_secs(2);
const SERVICES: [(Service, bool); 4] =
    [(Service::Auth, true), (Service::System, true), (Service::Resource, false), (Service::Business, true)];

async fn probe(client: &awc::Client, base: &str) -> bool {
    match client.get(format!("{base}/health")).timeout(PROBE_TIMEOUT).send().await {
        Ok(res) => res.status().is_success(),
        Err(_) => false,
    }
}

pub async fn ready(gw: web::Data<Gateway>, client: web::Data<awc::Client>) -> HttpResponse {
    let results = join_all(SERVICES.iter().map(|(svc, _)| probe(&client, gw.settings.url(*svc)))).await;
    let mut services = Map::new();
    let mut ready = true;
    for ((svc, required), up) in SERVICES.iter().zip(results) {
        services.insert(svc.name().to_string(), Value::from(if up { "UP" } else { "DOWN" }));
        ready &= up || !required;
    }
    let body = json!({ "status": if ready { "UP" } else { "DOWN" }, "services": services });
    if ready { HttpResponse::Ok().json(body) } else { HttpResponse::ServiceUnavailable().json(body) }
}
