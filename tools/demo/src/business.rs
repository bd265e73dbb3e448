//! A demo zone in the business service's tables: the generated firms, projects (the finished ones with their
//! completions), review and status history, monthly reports, annual plans, issues, department targets with
//! their earlier versions and the official figures, investment forecasts, the firms' monthly output
//! reports, their output targets and surveys, and the committee's notices, written in one
//! transaction under the tenant's business lock after the tenant's previous rows are removed; the reports'
//! figures are then recomputed by the service in that transaction. Each later module of the generator adds
//! its table to [`clear`] and its rows to [`write`].
use keeper_business::entity::{
    dept_target, dept_target_version, enterprise, investment_forecast, month_lock, notice, notice_read, official_indicator, output_report,
    output_survey, output_target, output_year_sum, project, project_issue, project_issue_log, project_plan, project_report,
    project_status_log, review_log,
};
use keeper_business::reference::Reference;
use keeper_db::base::Author;
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, EntityName, EntityTrait, QueryFilter, TransactionTrait};

use crate::clock::Clock;
use crate::zone::{RoleKind, Zone};
use crate::{
    completions, enterprises, forecasts, issues, notices, output, output_surveys, output_targets, plans, projects, reports, targets,
};

/// What one zone holds in the business tables.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub enterprises: usize,
    pub projects: usize,
    pub in_library: usize,
    pub review_log: usize,
    pub status_log: usize,
    /// Finished projects (竣工, 投产, 达产) with their completion recorded.
    pub completions: usize,
    /// Monthly progress reports, and of them the approved ones.
    pub reports: usize,
    pub approved_reports: usize,
    /// Annual plans of tracked projects (last year's and this year's).
    pub plans: usize,
    /// Issues of tracked projects, and of them the open ones (not struck off or closed).
    pub issues: usize,
    pub open_issues: usize,
    /// Department targets (the zone's and the parks', last year's and this year's), their kept earlier
    /// versions, and the official figures typed in for the unmeasured indicators (固定资产投资,
    /// 规上工业总产值).
    pub targets: usize,
    pub target_versions: usize,
    pub official_figures: usize,
    /// Investment forecasts of the latest closed month and the one before, and of them the approved ones.
    pub forecasts: usize,
    pub approved_forecasts: usize,
    /// The firms' monthly output reports (last year's and this year's), and of them the approved ones.
    pub output_reports: usize,
    pub approved_output_reports: usize,
    /// The firms' annual output targets (年度产值分解) of last year and this year.
    pub output_targets: usize,
    /// The firms' output surveys (摸底) of this year and, from mid-October, of next year.
    pub output_surveys: usize,
    /// Notices (a draft and a withdrawn one among them), of them the published ones, and their read receipts.
    pub notices: usize,
    pub published_notices: usize,
    pub notice_reads: usize,
}

/// Generates the zone's business data (checked by the service's own rules before anything is written),
/// then replaces the tenant's rows with it.
pub async fn write(db: &DatabaseConnection, zone: &Zone, reference: &Reference, clock: &Clock) -> anyhow::Result<Counts> {
    let tenant = zone.tenant();
    let (firms, mut firm_rows) = enterprises::generate(zone, reference, clock)?;
    let mut generated = projects::generate(zone, &firms, reference, clock)?;
    let completions = completions::record(zone, &mut generated, clock)?;
    let mut reports = reports::generate(zone, &mut generated, reference, clock)?;
    let plans = plans::generate(zone, &generated, &reports, clock)?;
    // Issues raised with a month's report mark it (`has_issue`), so they come before the reports are written.
    let issues = issues::generate(zone, &generated, &mut reports, reference, clock)?;
    let output = output::generate(zone, &firms, &firm_rows, reference, clock)?;
    // 上年工业总产值 is the output module's, never the form's.
    for row in &mut firm_rows {
        if let Some(made) = output.last_year.get(row.id.as_ref()) {
            row.last_year_output = Set(Some(*made));
        }
    }
    let targets = targets::generate(zone, &generated, &reports, &output, reference, clock)?;
    let forecasts = forecasts::generate(zone, &generated, &reports, &plans, clock)?;
    let output_targets = output_targets::generate(zone, &firm_rows, &targets.targets, &output.rows, reference, clock)?;
    let surveys = output_surveys::generate(zone, &firm_rows, &output.rows, clock)?;
    let notices = notices::generate(zone, clock)?;
    let counts = Counts {
        enterprises: firm_rows.len(),
        projects: generated.rows.len(),
        in_library: generated.rows.iter().filter(|r| !r.project_no.as_ref().is_empty()).count(),
        review_log: generated.reviews.len()
            + reports.reviews.len()
            + forecasts.reviews.len()
            + output.reviews.len()
            + surveys.reviews.len(),
        status_log: generated.status_log.len(),
        completions,
        reports: reports.rows.len(),
        approved_reports: reports.approved,
        plans: plans.len(),
        issues: issues.rows.len(),
        open_issues: issues.open,
        targets: targets.targets.len(),
        target_versions: targets.versions.len(),
        official_figures: targets.official.len(),
        forecasts: forecasts.rows.len(),
        approved_forecasts: forecasts.approved,
        output_reports: output.rows.len(),
        approved_output_reports: output.approved,
        output_targets: output_targets.len(),
        output_surveys: surveys.rows.len(),
        notices: notices.rows.len(),
        published_notices: notices.published,
        notice_reads: notices.reads.len(),
    };
    keeper_business::enterprise::repo::ensure_lock_row(db, tenant).await?;
    let txn = db.begin().await?;
    // The service's writers of this tenant wait for the whole replacement, and see all of it or none.
    keeper_business::enterprise::repo::lock(&txn, tenant).await?;
    clear(&txn, tenant).await?;
    keeper_business::enterprise::repo::insert_many(&txn, firm_rows).await?;
    // A project row binds about 90 values: 50 rows stay far below every engine's limit on parameters.
    for chunk in generated.rows.chunks(50) {
        project::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in generated.reviews.chunks(200) {
        review_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in generated.status_log.chunks(200) {
        project_status_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in reports.rows.chunks(100) {
        project_report::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in reports.reviews.chunks(200) {
        review_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in plans.chunks(100) {
        project_plan::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in issues.rows.chunks(100) {
        project_issue::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in issues.log.chunks(200) {
        project_issue_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in targets.targets.chunks(50) {
        dept_target::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in targets.versions.chunks(100) {
        dept_target_version::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in targets.official.chunks(200) {
        official_indicator::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in forecasts.rows.chunks(100) {
        investment_forecast::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in forecasts.reviews.chunks(200) {
        review_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in output.rows.chunks(100) {
        output_report::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in output.reviews.chunks(200) {
        review_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    // The approved months summed per enterprise and year, as each approval would have rewritten them.
    keeper_business::output::year_sum::rewrite_tenant(&txn, tenant).await?;
    for chunk in output_targets.chunks(50) {
        output_target::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in surveys.rows.chunks(50) {
        output_survey::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    for chunk in surveys.reviews.chunks(200) {
        review_log::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    notice::Entity::insert_many(notices.rows).exec_without_returning(&txn).await?;
    for chunk in notices.reads.chunks(200) {
        notice_read::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    // Year-to-date and cumulative figures, the projects' cumulative investment and key node: the
    // service's own computation, as the reviewer's approval runs it.
    let reviewer = zone.account(RoleKind::Reviewer);
    for &(project_id, at) in &reports.recompute {
        let author = Author { tenant, user: reviewer.id, dept: Some(zone.dept_id(reviewer.dept)), at };
        keeper_business::investment::report::recompute(&txn, &author, project_id).await?;
    }
    txn.commit().await?;
    analyze(db).await?;
    Ok(counts)
}

/// Gives PostgreSQL's planner the statistics and visibility map of the tables just filled. Until
/// autovacuum gets to them (a minute later at best, never where it is off, as on test servers) the
/// planner takes a bulk-loaded table for empty and joins the zone's projects by nested loops that
/// re-read one side per row: the department statistics of a 600-project zone took over a second
/// (bench/results/2026-11-25.md). SQLite keeps no statistics unless asked and MySQL refreshes its own,
/// so only PostgreSQL is analysed.
async fn analyze(db: &DatabaseConnection) -> anyhow::Result<()> {
    if db.get_database_backend() != DbBackend::Postgres {
        return Ok(());
    }
    let tables = [
        enterprise::Entity.table_name(),
        project::Entity.table_name(),
        review_log::Entity.table_name(),
        project_status_log::Entity.table_name(),
        project_report::Entity.table_name(),
        project_plan::Entity.table_name(),
        project_issue::Entity.table_name(),
        project_issue_log::Entity.table_name(),
        dept_target::Entity.table_name(),
        dept_target_version::Entity.table_name(),
        official_indicator::Entity.table_name(),
        investment_forecast::Entity.table_name(),
        output_report::Entity.table_name(),
        output_year_sum::Entity.table_name(),
        output_target::Entity.table_name(),
    ];
    // VACUUM as well: it sets the visibility map, without which the planner will not answer from an index
    // alone (the output sums read covering indexes) and scans the table in parallel instead, as it would
    // until autovacuum visits a table loaded at once.
    db.execute_unprepared(&format!("VACUUM ANALYZE {}", tables.join(", "))).await?;
    Ok(())
}

/// Removes the tenant's rows from every table the generator fills (the lock row stays: the services
/// make it on demand and it holds nothing).
async fn clear<C: ConnectionTrait>(db: &C, tenant: &str) -> anyhow::Result<()> {
    // Every review step of the tenant, whatever it reviewed: library entries, monthly reports, forecasts and
    // output reports alike (and the locking of output months).
    review_log::Entity::delete_many().filter(review_log::Column::TenantId.eq(tenant)).exec(db).await?;
    output_report::Entity::delete_many().filter(output_report::Column::TenantId.eq(tenant)).exec(db).await?;
    output_target::Entity::delete_many().filter(output_target::Column::TenantId.eq(tenant)).exec(db).await?;
    output_survey::Entity::delete_many().filter(output_survey::Column::TenantId.eq(tenant)).exec(db).await?;
    notice_read::Entity::delete_many().filter(notice_read::Column::TenantId.eq(tenant)).exec(db).await?;
    notice::Entity::delete_many().filter(notice::Column::TenantId.eq(tenant)).exec(db).await?;
    // A month of output locked over the previous zone's reports would refuse the new ones' review.
    month_lock::Entity::delete_many()
        .filter(month_lock::Column::TenantId.eq(tenant))
        .filter(month_lock::Column::Pillar.eq(keeper_business::output::report::lock::PILLAR))
        .exec(db)
        .await?;
    investment_forecast::Entity::delete_many().filter(investment_forecast::Column::TenantId.eq(tenant)).exec(db).await?;
    dept_target_version::Entity::delete_many().filter(dept_target_version::Column::TenantId.eq(tenant)).exec(db).await?;
    dept_target::Entity::delete_many().filter(dept_target::Column::TenantId.eq(tenant)).exec(db).await?;
    official_indicator::Entity::delete_many().filter(official_indicator::Column::TenantId.eq(tenant)).exec(db).await?;
    project_issue_log::Entity::delete_many().filter(project_issue_log::Column::TenantId.eq(tenant)).exec(db).await?;
    project_issue::Entity::delete_many().filter(project_issue::Column::TenantId.eq(tenant)).exec(db).await?;
    project_plan::Entity::delete_many().filter(project_plan::Column::TenantId.eq(tenant)).exec(db).await?;
    project_status_log::Entity::delete_many().filter(project_status_log::Column::TenantId.eq(tenant)).exec(db).await?;
    project_report::Entity::delete_many().filter(project_report::Column::TenantId.eq(tenant)).exec(db).await?;
    project::Entity::delete_many().filter(project::Column::TenantId.eq(tenant)).exec(db).await?;
    enterprise::Entity::delete_many().filter(enterprise::Column::TenantId.eq(tenant)).exec(db).await?;
    Ok(())
}
