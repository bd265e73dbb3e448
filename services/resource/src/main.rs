//! keeper-resource: object storage, attachments and SMS.
#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = keeper_common::config::Settings::load()?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        keeper_db::connect_and_migrate::<keeper_resource::migration::Migrator>(
            settings.database_url(keeper_common::config::Service::Resource),
        )
        .await?;
        println!("resource: migrations applied");
        return Ok(());
    }
    keeper_resource::run(settings).await
}
