//! 催报 (`output_report_remind`, issue 17) of the 产值填报 menu for installations seeded before it: reminding
//! the enterprises that have not reported is the reviewers' chase, so the roles that approve monthly output
//! reports receive it.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_button;

pub struct Migration;

const MENU: &str = "output_report";
const BUTTON: &str = "output_report_remind";
const HOLDERS_OF: &str = "output_report_approve";

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261129_000160_remind_button"
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
