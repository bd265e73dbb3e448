//! `biz_review_log`: every move of a filing through the workflow, written in the caller's transaction
//! together with the status change, and read back as the filing's history (the review timeline).
//!
//! [`take`] is the only way a filing changes status: it checks the move against the table, writes the
//! audit row and answers the new status, so no status can change without its row.
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::{Status, Step};
use crate::entity::review_log;

/// Checks `step` from `from` (with its opinion, see [`super::check`]) for the filing `kind`/`biz_id` and
/// writes its audit row; answers the status the filing moves to. Call it in the transaction that
/// updates the filing, after reading the filing's current status in that transaction.
pub async fn take<C: ConnectionTrait>(
    db: &C,
    me: &CurrentUser,
    kind: &str,
    biz_id: i64,
    from: Status,
    step: Step,
    opinion: &str,
) -> Result<Status, AppError> {
    let to = super::check(from, step, opinion)?;
    review_log::Entity::insert(review_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(me.tenant_id.clone()),
        biz_type: Set(kind.to_string()),
        biz_id: Set(biz_id),
        step: Set(step.code().to_string()),
        from_status: Set(from.code().to_string()),
        to_status: Set(to.code().to_string()),
        opinion: Set(opinion.trim().to_string()),
        operator_id: Set(me.user_id),
        operator_name: Set(me.real_name.chars().take(50).collect()),
        create_time: Set(Utc::now()),
    })
    .exec_without_returning(db)
    .await?;
    Ok(to)
}

/// One row of a filing's history, as the review timeline shows it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub step: String,
    pub step_name: String,
    pub from_status: String,
    pub from_status_name: String,
    pub to_status: String,
    pub to_status_name: String,
    pub opinion: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub operator_id: i64,
    pub operator_name: String,
    /// Local `yyyy-MM-dd HH:mm:ss`.
    pub create_time: String,
}

/// The history of one filing of the tenant, oldest first (the order of the moves: ids break ties of the
/// same second).
pub async fn history<C: ConnectionTrait>(db: &C, tenant: &str, kind: &str, biz_id: i64) -> Result<Vec<Entry>, AppError> {
    let rows = review_log::Entity::find()
        .filter(review_log::Column::TenantId.eq(tenant))
        .filter(review_log::Column::BizType.eq(kind))
        .filter(review_log::Column::BizId.eq(biz_id))
        .order_by_asc(review_log::Column::CreateTime)
        .order_by_asc(review_log::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(entry).collect())
}

fn entry(r: review_log::Model) -> Entry {
    let status_name = |code: &str| Status::from_code("status", code).map(Status::label).unwrap_or_default().to_string();
    Entry {
        step_name: Step::from_code(&r.step).map(Step::label).unwrap_or_default().to_string(),
        from_status_name: status_name(&r.from_status),
        to_status_name: status_name(&r.to_status),
        create_time: keeper_common::time::format(&r.create_time),
        id: r.id,
        step: r.step,
        from_status: r.from_status,
        to_status: r.to_status,
        opinion: r.opinion,
        operator_id: r.operator_id,
        operator_name: r.operator_name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migration::Migrator;
    use sea_orm::TransactionTrait;

    fn clerk(tenant: &str, id: i64, name: &str) -> CurrentUser {
        CurrentUser::from_claims(keeper_security::claims::Claims {
            tenant_id: tenant.into(),
            user_id: id.to_string(),
            nick_name: name.into(),
            ..Default::default()
        })
    }

    #[tokio::test]
    async fn each_move_leaves_one_row_and_the_history_reads_them_in_order_within_the_tenant() {
        let db = keeper_db::test_db::<Migrator>().await;
        let (filler, reviewer) = (clerk("000001", 11, "王填报"), clerk("000001", 12, "李审核"));
        let txn = db.begin().await.unwrap();
        let mut at = Status::Draft;
        for (who, step, opinion) in [
            (&filler, Step::Submit, ""),
            (&reviewer, Step::Return, " 数据与上月不符 "),
            (&filler, Step::Resubmit, ""),
            (&reviewer, Step::Approve, "同意"),
        ] {
            at = take(&txn, who, "output_report", 7, at, step, opinion).await.unwrap();
        }
        txn.commit().await.unwrap();
        assert_eq!(at, Status::Approved);
        // Another filing and another tenant do not show up.
        take(&db, &filler, "output_report", 8, Status::Draft, Step::Submit, "").await.unwrap();
        take(&db, &clerk("000002", 21, "外区"), "output_report", 7, Status::Draft, Step::Submit, "").await.unwrap();

        let got = history(&db, "000001", "output_report", 7).await.unwrap();
        let moves: Vec<_> = got.iter().map(|e| (e.step_name.as_str(), e.from_status_name.as_str(), e.to_status_name.as_str())).collect();
        assert_eq!(
            moves,
            [("提交", "草稿", "待审核"), ("退回", "待审核", "已退回"), ("重新提交", "已退回", "待审核"), ("审核通过", "待审核", "已通过")]
        );
        assert_eq!((got[1].opinion.as_str(), got[1].operator_name.as_str()), ("数据与上月不符", "李审核"));
        assert_eq!((got[0].step.as_str(), got[0].from_status.as_str(), got[0].to_status.as_str()), ("submit", "0", "1"));
    }

    #[tokio::test]
    async fn a_refused_move_writes_nothing() {
        let db = keeper_db::test_db::<Migrator>().await;
        let me = clerk("000001", 11, "王填报");
        let refused = take(&db, &me, "output_report", 7, Status::Approved, Step::Submit, "").await;
        assert!(refused.is_err());
        let no_opinion = take(&db, &me, "output_report", 7, Status::Submitted, Step::Return, "  ").await.unwrap_err();
        assert!(matches!(no_opinion, AppError::Field { ref field, .. } if field == "opinion"), "{no_opinion:?}");
        assert!(history(&db, "000001", "output_report", 7).await.unwrap().is_empty());
    }
}
