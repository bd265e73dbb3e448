//! keeper-system: users, roles, departments, posts, menus, dictionaries, parameters, clients, tenants, logs.
#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = keeper_common::config::Settings::load()?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        keeper_db::connect_and_migrate::<keeper_system::migration::Migrator>(settings.database_url(keeper_common::config::Service::System))
            .await?;
        println!("system: migrations applied");
        return Ok(());
    }
    keeper_system::run(settings).await
}
