//! keeper-auth: tokens, captcha, logout and sessions.
#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = keeper_common::config::Settings::load()?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        keeper_db::connect_and_migrate::<keeper_auth::migration::Migrator>(settings.database_url(keeper_common::config::Service::Auth))
            .await?;
        println!("auth: migrations applied");
        return Ok(());
    }
    keeper_auth::run(settings).await
}
