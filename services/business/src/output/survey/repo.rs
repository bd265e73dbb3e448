//! Queries of `biz_output_survey`. Every function takes the tenant; those that list take the caller's
//! scope, which admits a survey as it admits an output report: by its enterprise, by the territory it was
//! filed under, or as the filer's own.
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::output_survey as survey;
use crate::output::report::scope::{self, Scope};
use crate::review::Status;

/// The surveys a scope admits, as a condition on `biz_output_survey`.
pub fn admitted(tenant: &str, s: &Scope) -> Condition {
    match s {
        Scope::All => Condition::all(),
        Scope::Some { depts, own_user, .. } => {
            let mut any = Condition::any()
                .add(survey::Column::EnterpriseId.in_subquery(scope::enterprise_ids(tenant, s)))
                .add(survey::Column::DeptId.is_in(depts.iter().copied()));
            if let Some(u) = own_user {
                any = any.add(survey::Column::CreateUser.eq(*u));
            }
            any
        }
    }
}

/// The live surveys of a year the scope admits, of one round when given, ordered by territory and
/// enterprise.
pub async fn of_year<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    s: &Scope,
    year: i32,
    round: Option<&str>,
) -> Result<Vec<survey::Model>, AppError> {
    let mut q = survey::Entity::live(tenant).filter(admitted(tenant, s)).filter(survey::Column::SurveyYear.eq(year));
    if let Some(r) = round {
        q = q.filter(survey::Column::SurveyRound.eq(r));
    }
    Ok(q.order_by_asc(survey::Column::DeptId).order_by_asc(survey::Column::EnterpriseId).all(db).await?)
}

/// The listed live surveys the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, s: &Scope, ids: &[i64]) -> Result<Vec<survey::Model>, AppError> {
    Ok(survey::Entity::live(tenant).filter(admitted(tenant, s)).filter(survey::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// The live survey of an enterprise for a year and round, if any.
pub async fn of_key<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    year: i32,
    round: &str,
    enterprise: i64,
) -> Result<Option<survey::Model>, AppError> {
    Ok(survey::Entity::live(tenant)
        .filter(survey::Column::SurveyYear.eq(year))
        .filter(survey::Column::SurveyRound.eq(round))
        .filter(survey::Column::EnterpriseId.eq(enterprise))
        .one(db)
        .await?)
}

/// The approved surveys of a year and round, whatever the scope (the committee's decomposition reads
/// them for a department it may act on).
pub async fn approved<C: ConnectionTrait>(db: &C, tenant: &str, year: i32, round: &str) -> Result<Vec<survey::Model>, AppError> {
    Ok(survey::Entity::live(tenant)
        .filter(survey::Column::SurveyYear.eq(year))
        .filter(survey::Column::SurveyRound.eq(round))
        .filter(survey::Column::ReportStatus.eq(Status::Approved.code()))
        .all(db)
        .await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: survey::ActiveModel) -> Result<(), sea_orm::DbErr> {
    survey::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies `changes` to one live survey only while its review status is still `from`: of two concurrent
/// moves of one survey, the second finds nothing to change. Answers whether it changed.
pub async fn update_if_status<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    from: Status,
    changes: survey::ActiveModel,
) -> Result<bool, AppError> {
    Ok(keeper_db::base::update_if::<survey::Entity, _>(db, tenant, id, (survey::Column::ReportStatus, from.code()), changes).await?)
}

/// Deletes the listed surveys of the tenant (never approved, so counted nowhere; their review log stays).
pub async fn delete<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<u64, AppError> {
    Ok(survey::Entity::delete_many()
        .filter(survey::Column::TenantId.eq(tenant))
        .filter(survey::Column::Id.is_in(ids.to_vec()))
        .exec(db)
        .await?
        .rows_affected)
}
