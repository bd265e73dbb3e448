//! keeper-business: enterprises, projects, targets, output value and the public big-screen data.
#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = keeper_common::config::Settings::load()?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        keeper_db::connect_and_migrate::<keeper_business::migration::Migrator>(
            settings.database_url(keeper_common::config::Service::Business),
        )
        .await?;
        println!("business: migrations applied");
        return Ok(());
    }
    keeper_business::run(settings).await
}
