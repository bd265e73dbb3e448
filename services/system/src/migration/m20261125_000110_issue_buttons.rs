//! The issue ledger's buttons of the 跟踪项目 menu for installations seeded before them: 问题交办
//! (`track_project_assign`, the committee's triage, assignment and striking off), granted to the roles that
//! review monthly reports, and 问题办理 (`track_project_handle`, a department's handling), granted to the
//! roles that edit them.
use sea_orm::DbErr;
use sea_orm_migration::{MigrationName, MigrationTrait, SchemaManager};

use super::new_button;

pub struct Migration;

const MENU: &str = "track_project";
/// Each new button and the button whose holders receive it.
const BUTTONS: [(&str, &str); 2] = [("track_project_assign", "track_project_approve"), ("track_project_handle", "track_project_edit")];

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000110_issue_buttons"
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
