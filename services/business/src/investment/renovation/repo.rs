//! Queries of `biz_tech_renovation` and the sums of the 技术改造 screen. Every function takes the tenant;
//! the projects a sum covers come as a subquery of project ids that already holds the caller's scope
//! (`project::repo::ids_query`).
use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author, BaseColumns};
use rust_decimal::Decimal;
use sea_orm::sea_query::SelectStatement;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, QuerySelect};

use super::form::Renovation;
use crate::entity::{project, tech_renovation as renovation};

/// The renovation facts of one project, if it has any.
pub async fn of_project<C: ConnectionTrait>(db: &C, tenant: &str, project_id: i64) -> Result<Option<renovation::Model>, AppError> {
    Ok(renovation::Entity::live(tenant).filter(renovation::Column::ProjectId.eq(project_id)).one(db).await?)
}

/// The renovation facts of the listed projects, by project.
pub async fn of_projects<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, renovation::Model>, AppError> {
    let rows = renovation::Entity::live(tenant).filter(renovation::Column::ProjectId.is_in(ids.to_vec())).all(db).await?;
    Ok(rows.into_iter().map(|r| (r.project_id, r)).collect())
}

/// The renovation facts of the projects of a subquery, by project (an export reads them all at once).
pub async fn of_projects_in<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
) -> Result<HashMap<i64, renovation::Model>, AppError> {
    let rows = renovation::Entity::live(tenant).filter(renovation::Column::ProjectId.in_subquery(projects)).all(db).await?;
    Ok(rows.into_iter().map(|r| (r.project_id, r)).collect())
}

/// Writes a project's renovation facts: changes its row, or adds one when it has none. Call in the
/// transaction that writes the project, after the project: its row lock orders two saves of one project,
/// so the second finds the row the first added.
pub async fn save<C: ConnectionTrait>(db: &C, author: &Author<'_>, project_id: i64, r: Renovation) -> Result<(), AppError> {
    let mut row = r.into_active_model();
    match of_project(db, author.tenant, project_id).await? {
        Some(stored) => {
            base::updated::<renovation::Entity>(&mut row, author);
            renovation::Entity::update_many()
                .set(row)
                .filter(renovation::Column::Id.eq(stored.id))
                .filter(renovation::Column::TenantId.eq(author.tenant))
                .exec(db)
                .await?;
        }
        None => {
            base::created::<renovation::Entity>(&mut row, next_id(), author);
            row.project_id = sea_orm::ActiveValue::Set(project_id);
            renovation::Entity::insert(row).exec_without_returning(db).await?;
        }
    }
    Ok(())
}

/// `(how many, Σ equipment investment, Σ planned total investment)` of the projects of a subquery (万元).
pub async fn investment_sums<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    projects: SelectStatement,
) -> Result<(u64, Decimal, Decimal), AppError> {
    let equipment: Option<Option<Decimal>> = renovation::Entity::live(tenant)
        .select_only()
        .column_as(renovation::Column::EquipmentInvestment.sum(), "s")
        .filter(renovation::Column::ProjectId.in_subquery(projects.clone()))
        .into_tuple()
        .one(db)
        .await?;
    let listed = project::Entity::live(tenant).filter(project::Column::Id.in_subquery(projects));
    let count = listed.clone().count(db).await?;
    let total: Option<Option<Decimal>> =
        listed.select_only().column_as(project::Column::TotalInvestment.sum(), "s").into_tuple().one(db).await?;
    Ok((count, equipment.flatten().unwrap_or_default(), total.flatten().unwrap_or_default()))
}
