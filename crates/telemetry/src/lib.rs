//! Logging and distributed tracing for every binary: `tracing` to stderr, and OpenTelemetry spans
//! exported over OTLP/HTTP when an endpoint is configured. W3C `traceparent` is always propagated.
use opentelemetry::propagation::{Injector, TextMapPropagator};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, Layer, layer::SubscriberExt, util::SubscriberInitExt};

/// Flushes buffered spans when dropped at shutdown.
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(p) = self.provider.take() {
            let _ = p.shutdown();
        }
    }
}

/// Installs the global subscriber. `filter` is an `EnvFilter` directive (`info`, `keeper=debug,…`);
/// `RUST_LOG` wins when set.
pub fn init(service: &str, filter: &str, otlp_endpoint: Option<&str>) -> anyhow::Result<TelemetryGuard> {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    // The log filter applies to the log output only: a quiet log must not switch off the request
    // spans that traces are made of, so the OpenTelemetry layer has its own level.
    let env_filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(filter));
    let fmt = tracing_subscriber::fmt::layer().with_target(false).compact().with_writer(std::io::stderr).with_filter(env_filter);
    let registry = tracing_subscriber::registry().with(fmt);
    match otlp_endpoint {
        None => {
            registry.try_init()?;
            Ok(TelemetryGuard { provider: None })
        }
        Some(endpoint) => {
            use opentelemetry_otlp::{Protocol, WithExportConfig};
            let url = if endpoint.ends_with("/v1/traces") {
                endpoint.to_string()
            } else {
                format!("{}/v1/traces", endpoint.trim_end_matches('/'))
            };
            let exporter =
                opentelemetry_otlp::SpanExporter::builder().with_http().with_protocol(Protocol::HttpBinary).with_endpoint(url).build()?;
            let provider = SdkTracerProvider::builder()
                .with_batch_exporter(exporter)
                .with_resource(opentelemetry_sdk::Resource::builder().with_service_name(format!("keeper-{service}")).build())
                .build();
            opentelemetry::global::set_tracer_provider(provider.clone());
            let tracer = provider.tracer(format!("keeper-{service}"));
            let spans = tracing_subscriber::filter::LevelFilter::INFO;
            registry.with(tracing_opentelemetry::layer().with_tracer(tracer).with_filter(spans)).try_init()?;
            Ok(TelemetryGuard { provider: Some(provider) })
        }
    }
}

/// The `traceparent` (and `tracestate`) headers that continue the current span in another service.
pub fn trace_headers() -> Vec<(String, String)> {
    struct Collect(Vec<(String, String)>);
    impl Injector for Collect {
        fn set(&mut self, key: &str, value: String) {
            self.0.push((key.to_string(), value));
        }
    }
    let cx = tracing::Span::current().context();
    let mut c = Collect(Vec::new());
    TraceContextPropagator::new().inject_context(&cx, &mut c);
    c.0
}

/// The request-span middleware: continues an incoming `traceparent` and records method, route and status.
pub fn request_tracing() -> tracing_actix_web::TracingLogger<tracing_actix_web::DefaultRootSpanBuilder> {
    tracing_actix_web::TracingLogger::default()
}
