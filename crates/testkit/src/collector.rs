//! A minimal OTLP/HTTP trace receiver on loopback: decodes the protobuf export requests the services
//! send and keeps `(service name, trace id, span name)` for assertions.
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpResponse, HttpServer, web};
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use prost::Message;

#[derive(Debug, Clone)]
pub struct SeenSpan {
    pub service: String,
    pub trace_id: String,
    pub name: String,
}

pub struct Collector {
    pub endpoint: String,
    pub spans: Arc<Mutex<Vec<SeenSpan>>>,
    handle: actix_web::dev::ServerHandle,
}

impl Collector {
    pub async fn start() -> Collector {
        let spans: Arc<Mutex<Vec<SeenSpan>>> = Arc::default();
        let store = spans.clone();
        let server = HttpServer::new(move || {
            let store = store.clone();
            App::new().app_data(web::PayloadConfig::new(16 * 1024 * 1024)).route(
                "/v1/traces",
                web::post().to(move |body: web::Bytes| {
                    let store = store.clone();
                    async move {
                        let decoded = ExportTraceServiceRequest::decode(body.as_ref());
                        if let Err(e) = &decoded {
                            eprintln!("collector: undecodable export of {} bytes: {e}", body.len());
                        }
                        if let Ok(req) = decoded {
                            let mut out = store.lock().unwrap();
                            for rs in req.resource_spans {
                                let service = rs
                                    .resource
                                    .as_ref()
                                    .and_then(|r| r.attributes.iter().find(|a| a.key == "service.name"))
                                    .and_then(|a| a.value.as_ref())
                                    .and_then(|v| match &v.value {
                                        Some(opentelemetry_proto::tonic::common::v1::any_value::Value::StringValue(s)) => Some(s.clone()),
                                        _ => None,
                                    })
                                    .unwrap_or_default();
                                for ss in rs.scope_spans {
                                    for s in ss.spans {
                                        out.push(SeenSpan { service: service.clone(), trace_id: hex::encode(&s.trace_id), name: s.name });
                                    }
                                }
                            }
                        }
                        HttpResponse::Ok().content_type("application/x-protobuf").body(Vec::<u8>::new())
                    }
                }),
            )
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .expect("collector bind");
        let addr = server.addrs()[0];
        let running = server.run();
        let handle = running.handle();
        tokio::spawn(running);
        Collector { endpoint: format!("http://{addr}"), spans, handle }
    }

    pub fn seen(&self) -> Vec<SeenSpan> {
        self.spans.lock().unwrap().clone()
    }
}

impl Drop for Collector {
    fn drop(&mut self) {
        let h = self.handle.clone();
        tokio::spawn(async move { h.stop(false).await });
    }
}
