//! Queries of `biz_project_plan`; every function takes the tenant. Plans are read through their project,
//! whose scope the caller has been checked against.
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::project_plan as plan;

/// Every live plan of one project, latest year first.
pub async fn of_project<C: ConnectionTrait>(db: &C, tenant: &str, project: i64) -> Result<Vec<plan::Model>, AppError> {
    Ok(plan::Entity::live(tenant).filter(plan::Column::ProjectId.eq(project)).order_by_desc(plan::Column::PlanYear).all(db).await?)
}

/// The live plan of a project for a year.
pub async fn of_project_year<C: ConnectionTrait>(db: &C, tenant: &str, project: i64, year: i32) -> Result<Option<plan::Model>, AppError> {
    Ok(plan::Entity::live(tenant).filter(plan::Column::ProjectId.eq(project)).filter(plan::Column::PlanYear.eq(year)).one(db).await?)
}

/// The plans of the projects for a year, by project.
pub async fn of_projects_year<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: &[i64],
    year: i32,
) -> Result<HashMap<i64, plan::Model>, AppError> {
    if projects.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = plan::Entity::live(tenant)
        .filter(keeper_db::listed::column_in(db.get_database_backend(), plan::Column::ProjectId, projects))
        .filter(plan::Column::PlanYear.eq(year))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|p| (p.project_id, p)).collect())
}

/// The plans for a year of the projects a sub-query selects (an export's whole filter), by project.
pub async fn of_projects_year_in<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: sea_orm::sea_query::SelectStatement,
    year: i32,
) -> Result<HashMap<i64, plan::Model>, AppError> {
    let rows = plan::Entity::live(tenant)
        .filter(plan::Column::ProjectId.in_subquery(projects))
        .filter(plan::Column::PlanYear.eq(year))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|p| (p.project_id, p)).collect())
}

/// Live plans by id.
pub async fn by_ids<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<plan::Model>, AppError> {
    Ok(plan::Entity::live(tenant).filter(plan::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// Applies `changes` to one live plan of the tenant; answers whether it was there.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, id: i64, changes: plan::ActiveModel) -> Result<bool, AppError> {
    let done = plan::Entity::update_many()
        .set(changes)
        .filter(plan::Column::Id.eq(id))
        .filter(plan::Column::TenantId.eq(tenant))
        .filter(plan::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
