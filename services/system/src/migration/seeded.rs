//! For the tests of migrations that bring something to installations seeded before it: a seeded
//! installation on a fresh SQLite file, and the way back to before a migration.
use std::collections::BTreeMap;
use std::path::PathBuf;

use keeper_common::config::Settings;
use sea_orm::DatabaseConnection;
use sea_orm_migration::MigratorTrait;

use super::Migrator;

/// A migrated and seeded system database; its folder goes with it.
pub struct Installation {
    pub db: DatabaseConnection,
    dir: PathBuf,
}

impl Drop for Installation {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub async fn installation(name: &str) -> Installation {
    let dir = std::env::temp_dir().join(format!("keeper-{name}-{}", keeper_common::id::next_id()));
    let url = format!("sqlite://{}?mode=rwc", dir.join("system.db").display());
    let env = BTreeMap::from([("KEEPER_ADMIN_PASSWORD".to_string(), "Admin#2026".to_string()), ("KEEPER_BCRYPT_COST".into(), "4".into())]);
    let settings = Settings::from_parts(None, env).unwrap();
    let db = keeper_db::connect_and_migrate::<Migrator>(&url).await.unwrap();
    crate::seed::run(&db, &settings).await.unwrap();
    Installation { db, dir }
}

/// Undoes the migration named `name` and every later one: the database as before it existed.
pub async fn undo_since(db: &DatabaseConnection, name: &str) {
    let later = Migrator::migrations().iter().rev().take_while(|m| m.name() != name).count();
    Migrator::down(db, Some(later as u32 + 1)).await.unwrap();
}
