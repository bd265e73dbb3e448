//! For the tests of migrations that bring something to installations seeded before it: a seeded
//! installation on a fresh SQLite file, and the way back to before a migration.
use std::collections::BTreeMap;
use std::path::PathBuf;

use keeper_common::config::Settings;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};
use sea_orm_migration::MigratorTrait;

use super::Migrator;
use crate::entity::{menu, param, role_menu};

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

/// `(code, roles holding it, sorted)` of the menus and buttons whose code starts with `prefix`, in code order.
pub async fn granted(db: &DatabaseConnection, prefix: &str) -> Vec<(String, Vec<i64>)> {
    let mut out = Vec::new();
    for m in menu::Entity::find().filter(menu::Column::Code.starts_with(prefix)).all(db).await.unwrap() {
        out.push((m.code.clone(), holders(db, &m.code).await));
    }
    out.sort();
    out
}

/// The roles holding the menu `code`, sorted.
pub async fn holders(db: &DatabaseConnection, code: &str) -> Vec<i64> {
    let m = menu::Entity::find().filter(menu::Column::Code.eq(code)).one(db).await.unwrap().unwrap();
    let mut roles: Vec<i64> =
        role_menu::Entity::find().filter(role_menu::Column::MenuId.eq(m.id)).all(db).await.unwrap().iter().map(|r| r.role_id).collect();
    roles.sort();
    roles
}

/// The platform's `tenant.default.menuCode`: the menus a new tenant's administrator receives.
pub async fn menu_codes(db: &DatabaseConnection) -> String {
    param::Entity::find().filter(param::Column::ParamKey.eq("tenant.default.menuCode")).one(db).await.unwrap().unwrap().param_value
}
