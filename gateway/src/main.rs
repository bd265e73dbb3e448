//! keeper-gateway: the single entry point of browsers and integrators.
#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = keeper_common::config::Settings::load()?;
    keeper_gateway::run(settings).await
}
