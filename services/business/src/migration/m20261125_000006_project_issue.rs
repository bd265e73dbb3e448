//! Issues of projects (问题, domain-model §2.2.7): raised by a park or from a monthly report, triaged by the
//! committee into a level and assigned to a responsible department with a deadline, handled, and struck
//! off; and the log, which holds both every move (who, when, from, to, why) and the progress notes.
use keeper_db::columns::*;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000006_project_issue"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut t = Table::create().table("biz_project_issue").col(id()).to_owned();
        t.col(text("issue_no", 30))
            .col(big("project_id"))
            .col(big_null("report_id"))
            .col(big_null("dept_id"))
            .col(big_null("raised_by_dept_id"))
            .col(text("raised_period", 7))
            .col(text("issue_level", 1))
            .col(text("issue_type", 2))
            .col(ColumnDef::new("description").text().not_null())
            .col(ColumnDef::new("suggestion").text().not_null())
            .col(big_null("responsible_dept_id"))
            .col(text("co_dept_ids", 500))
            .col(text("responsible_leader", 50))
            .col(ColumnDef::new("deadline").date().null())
            .col(text("issue_status", 2))
            .col(ColumnDef::new("resolution").text().not_null())
            .col(ColumnDef::new("resolved_date").date().null())
            .col(big_null("closed_by"))
            .col(text("closed_by_name", 50))
            .col(ColumnDef::new("closed_date").date().null())
            .col(text("meeting_ref", 100))
            .col(text("raised_by_name", 50));
        base(&mut t, true);
        m.create_table(t).await?;
        m.create_index(
            Index::create()
                .name("idx_biz_project_issue_project")
                .table("biz_project_issue")
                .col("tenant_id")
                .col("project_id")
                .col("issue_status")
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_biz_project_issue_responsible")
                .table("biz_project_issue")
                .col("tenant_id")
                .col("responsible_dept_id")
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("biz_project_issue_log")
                .col(id())
                .col(text("tenant_id", 12))
                .col(big("issue_id"))
                .col(text("action", 20))
                .col(text("from_status", 2))
                .col(text("to_status", 2))
                .col(text("from_level", 1))
                .col(text("to_level", 1))
                .col(ColumnDef::new("content").text().not_null())
                .col(big("operator_id"))
                .col(text("operator_name", 50))
                .col(time("create_time"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_biz_project_issue_log_issue")
                .table("biz_project_issue_log")
                .col("tenant_id")
                .col("issue_id")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("biz_project_issue_log").to_owned()).await?;
        m.drop_table(Table::drop().table("biz_project_issue").to_owned()).await
    }
}
