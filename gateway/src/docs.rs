//! The API description for integrators, outside the `prod` profile: `/api/openapi.json` merges the
//! services' own descriptions under the paths the gateway serves them at, and `/api/docs` is Swagger UI
//! over it (bundled from npm into the web app's `api-docs/`, no CDN).
use std::time::Duration;

use actix_web::{HttpResponse, web};
use futures_util::future::join_all;
use keeper_common::config::Service;
use keeper_common::openapi::rename_schema_refs;
use serde_json::{Map, Value, json};

use crate::api::Gateway;
use crate::reply;
use crate::routing::public_path;

const FETCH_TIMEOUT: Duration = Duration::from_secs(5);
const SERVICES: [Service; 4] = [Service::Auth, Service::System, Service::Resource, Service::Business];

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/openapi.json", web::get().to(openapi)).route("/api/docs", web::get().to(page));
}

async fn fetch(client: &awc::Client, base: &str) -> Option<Value> {
    let mut res = client.get(format!("{base}/openapi.json")).timeout(FETCH_TIMEOUT).send().await.ok()?;
    if !res.status().is_success() {
        return None;
    }
    res.json::<Value>().limit(16 * 1024 * 1024).await.ok()
}

async fn openapi(gw: web::Data<Gateway>, client: web::Data<awc::Client>) -> HttpResponse {
    let docs = join_all(SERVICES.iter().map(|svc| fetch(&client, gw.settings.url(*svc)))).await;
    let mut parts = Vec::new();
    for (svc, doc) in SERVICES.iter().zip(docs) {
        match doc {
            Some(doc) => parts.push((*svc, doc)),
            None => return reply::envelope(503, &format!("keeper-{} 暂不可用，无法合并接口描述", svc.name())),
        }
    }
    HttpResponse::Ok().insert_header(("cache-control", "no-store")).json(merge(parts))
}

/// One document: each service's paths under their gateway path, its schemas named `<service>.<name>`
/// (two services may each have a `ListQuery`).
pub fn merge(parts: Vec<(Service, Value)>) -> Value {
    let mut paths = Map::new();
    let mut schemas = Map::new();
    let mut security_schemes = Value::Null;
    for (svc, mut doc) in parts {
        rename_schema_refs(&mut doc, &|name| Some(format!("{}.{name}", svc.name())));
        if let Some(own) = doc["components"]["schemas"].as_object() {
            for (name, schema) in own {
                schemas.insert(format!("{}.{name}", svc.name()), schema.clone());
            }
        }
        if security_schemes.is_null() {
            security_schemes = doc["components"]["securitySchemes"].take();
        }
        if let Some(own) = doc["paths"].as_object_mut() {
            for (path, item) in own.iter_mut() {
                let public = public_path(svc, path);
                if let Some(ops) = item.as_object_mut() {
                    for (method, op) in ops.iter_mut() {
                        op["operationId"] = json!(format!("{} {public}", method.to_ascii_uppercase()));
                        op["tags"] = json!([format!("keeper-{}", svc.name())]);
                    }
                }
                paths.insert(public, item.take());
            }
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Keeper",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Keeper's HTTP API through the gateway. Every call carries the OAuth client \
                (`Authorization: Basic`); signed-in calls carry `Keeper-Auth: bearer <access token>` from \
                `/api/keeper-auth/oauth/token`. Answers are the envelope `{code, success, msg, data}`, and an \
                error answers with the HTTP status of its `code`."
        },
        "paths": paths,
        "components": { "schemas": schemas, "securitySchemes": security_schemes }
    })
}

const PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keeper API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script>
<script src="/api-docs/keeper-docs.js"></script>
</body>
</html>
"#;

async fn page() -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").insert_header(("cache-control", "no-cache")).body(PAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn services_are_merged_under_their_gateway_paths_with_their_own_schema_names() {
        let doc = |path: &str| {
            json!({
                "paths": { path: { "get": { "operationId": "x", "responses": { "200": { "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/ListQuery" } } } } } } } },
                "components": { "schemas": { "ListQuery": { "type": "object" } }, "securitySchemes": { "client": {} } }
            })
        };
        let merged = merge(vec![
            (Service::System, doc("/log/api/list")),
            (Service::Resource, doc("/attach/list")),
            (Service::Business, doc("/enterprise/list")),
        ]);
        let paths = merged["paths"].as_object().unwrap();
        let names: Vec<&str> = paths.keys().map(String::as_str).collect();
        assert_eq!(names, ["/api/enterprise/list", "/api/keeper-log/api/list", "/api/keeper-resource/attach/list"]);
        let op = &merged["paths"]["/api/keeper-resource/attach/list"]["get"];
        assert_eq!(op["operationId"], "GET /api/keeper-resource/attach/list");
        assert_eq!(op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/resource.ListQuery");
        assert!(merged["components"]["schemas"]["system.ListQuery"].is_object());
        assert!(merged["components"]["schemas"]["business.ListQuery"].is_object());
    }
}
