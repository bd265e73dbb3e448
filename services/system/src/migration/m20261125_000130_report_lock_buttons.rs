//! The month lock of the dispatch sheet (报表, issue 16) for installations seeded before it: 锁定
//! (`in_library_report_lock`) and 解锁 (`in_library_report_unlock`) under the 报表 menu, granted to the
//! roles that approve monthly reports — the committee's reviewers, who decide when a month's figures are
//! final.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_button;

pub struct Migration;

const MENU: &str = "in_library_report";
/// Each new button and the button whose holders receive it.
const BUTTONS: [(&str, &str); 2] =
    [("in_library_report_lock", "track_project_approve"), ("in_library_report_unlock", "track_project_approve")];

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000130_report_lock_buttons"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (button, holders_of) in BUTTONS {
            new_button::add(m, MENU, button, holders_of).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (button, _) in BUTTONS {
            new_button::remove(m, button).await?;
        }
        Ok(())
    }
}
