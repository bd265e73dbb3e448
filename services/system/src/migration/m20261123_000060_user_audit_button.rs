//! The `user_audit` button (approving self-registered accounts) for installations seeded before it
//! existed: added under the `user` menu and granted to every role that may edit accounts, which is who
//! approved registrations until then. A fresh database has no menus yet when this runs; the seed adds it.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_button;

pub struct Migration;

const MENU: &str = "user";
const BUTTON: &str = "user_audit";
/// Roles holding this button receive the new one.
const HOLDERS_OF: &str = "user_edit";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_000060_user_audit_button"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        new_button::add(m, MENU, BUTTON, HOLDERS_OF).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        new_button::remove(m, BUTTON).await
    }
}
