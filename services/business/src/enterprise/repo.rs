//! Queries of `biz_enterprise`. Every function takes the tenant, and those that read for a caller take the
//! caller's data scope, explicitly.
use std::collections::{HashMap, HashSet};

use keeper_common::page::{Page, PageRequest};
use keeper_common::scope::DataScope;
use keeper_common::{AppError, fields};
use keeper_db::base::BaseColumns;
use keeper_db::totals::Totals;
use schemars::JsonSchema;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};
use serde::Deserialize;

use crate::entity::enterprise;

/// Columns `enterprise/list` and `export` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &[
    "enterprise_name",
    "credit_code",
    "create_time",
    "update_time",
    "establish_date",
    "registered_capital",
    "employee_count",
    "last_year_output",
];

/// The filters of `enterprise/list`, already parsed.
#[derive(Debug, Default)]
pub struct Filter {
    pub enterprise_name: Option<String>,
    pub credit_code: Option<String>,
    /// The department chosen in the tree filter…
    pub dept_id: Option<i64>,
    /// …and all below it, filled in from the tenant's tree before querying.
    pub depts: Option<HashSet<i64>>,
    /// A GB/T 4754 code: the section `C` also matches its divisions `C13`…`C43`.
    pub industry_code: Option<String>,
    /// Dictionary and flag columns compared for equality.
    pub equals: Vec<(enterprise::Column, String)>,
}

/// The query of `enterprise/list` and `export` as sent: every filter optional.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    enterprise_name: Option<String>,
    credit_code: Option<String>,
    dept_id: Option<String>,
    industry_code: Option<String>,
    company_type: Option<String>,
    leading_industry: Option<String>,
    stat_category: Option<String>,
    enterprise_scale: Option<String>,
    specialized_level: Option<String>,
    operating_status: Option<String>,
    is_above_scale: Option<String>,
    is_high_tech: Option<String>,
    is_listed: Option<String>,
    need_output_report: Option<String>,
}

impl ListQuery {
    pub fn parse(self) -> Result<Filter, AppError> {
        let dept_id = match fields::bounded_filter("deptId", self.dept_id, 20)? {
            None => None,
            Some(s) => Some(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("deptId", "不是有效的ID"))?),
        };
        let mut equals = Vec::new();
        for (field, col, v) in [
            ("companyType", enterprise::Column::CompanyType, self.company_type),
            ("leadingIndustry", enterprise::Column::LeadingIndustry, self.leading_industry),
            ("statCategory", enterprise::Column::StatCategory, self.stat_category),
            ("enterpriseScale", enterprise::Column::EnterpriseScale, self.enterprise_scale),
            ("specializedLevel", enterprise::Column::SpecializedLevel, self.specialized_level),
            ("operatingStatus", enterprise::Column::OperatingStatus, self.operating_status),
        ] {
            if let Some(v) = fields::bounded_filter(field, v, 20)? {
                equals.push((col, v));
            }
        }
        for (field, col, v) in [
            ("isAboveScale", enterprise::Column::IsAboveScale, self.is_above_scale),
            ("isHighTech", enterprise::Column::IsHighTech, self.is_high_tech),
            ("isListed", enterprise::Column::IsListed, self.is_listed),
            ("needOutputReport", enterprise::Column::NeedOutputReport, self.need_output_report),
        ] {
            match fields::bounded_filter(field, v, 1)?.map(|s| s.to_ascii_uppercase()) {
                None => {}
                Some(s) if s == "Y" || s == "N" => equals.push((col, s)),
                Some(_) => return Err(AppError::field(field, "取值应为 Y 或 N")),
            }
        }
        Ok(Filter {
            enterprise_name: fields::bounded_filter("enterpriseName", self.enterprise_name, 100)?,
            credit_code: fields::bounded_filter("creditCode", self.credit_code, 18)?,
            dept_id,
            depts: None,
            industry_code: fields::bounded_filter("industryCode", self.industry_code, 10)?,
            equals,
        })
    }
}

fn scoped(tenant: &str, scope: &DataScope) -> Select<enterprise::Entity> {
    enterprise::Entity::live(tenant).filter(keeper_db::scope_condition(scope, enterprise::Column::DeptId, enterprise::Column::CreateUser))
}

fn filtered(tenant: &str, scope: &DataScope, f: &Filter) -> Select<enterprise::Entity> {
    let mut q = scoped(tenant, scope);
    if let Some(v) = &f.enterprise_name {
        q = q.filter(enterprise::Column::EnterpriseName.like(fields::like(v)));
    }
    if let Some(v) = &f.credit_code {
        q = q.filter(enterprise::Column::CreditCode.like(fields::like(v)));
    }
    if let Some(depts) = &f.depts {
        q = q.filter(enterprise::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(v) = &f.industry_code {
        q = q.filter(enterprise::Column::IndustryCode.like(fields::like_prefix(v)));
    }
    for (col, v) in &f.equals {
        q = q.filter(col.eq(v.as_str()));
    }
    q
}

fn sort_column(name: &str) -> enterprise::Column {
    match name {
        "enterprise_name" => enterprise::Column::EnterpriseName,
        "credit_code" => enterprise::Column::CreditCode,
        "update_time" => enterprise::Column::UpdateTime,
        "establish_date" => enterprise::Column::EstablishDate,
        "registered_capital" => enterprise::Column::RegisteredCapital,
        "employee_count" => enterprise::Column::EmployeeCount,
        "last_year_output" => enterprise::Column::LastYearOutput,
        _ => enterprise::Column::CreateTime,
    }
}

/// After the asked columns: newest first when nothing was asked; the id breaks ties, so equal sort
/// keys never move rows between pages.
fn then_default(q: Select<enterprise::Entity>, asked: bool) -> Select<enterprise::Entity> {
    if asked { q } else { q.order_by_desc(enterprise::Column::CreateTime) }.order_by_desc(enterprise::Column::Id)
}

const ORDER: keeper_db::Order<enterprise::Entity, enterprise::Column> = keeper_db::Order { column: sort_column, then: then_default };

/// One page of the live enterprises the scope admits, newest first unless sorted; the total from
/// `totals` when the same filter was counted since the tenant's last write.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    totals: &Totals,
    tenant: &str,
    scope: &DataScope,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<enterprise::Model>, AppError> {
    Ok(ORDER.kept_page(db, filtered(tenant, scope, f), req, totals, tenant).await?)
}

/// `limit` matching enterprises from `offset` on, in the given order (exports read in slices).
pub async fn slice<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &DataScope,
    f: &Filter,
    sort: &[(String, bool)],
    offset: u64,
    limit: u64,
) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(ORDER.slice(db, filtered(tenant, scope, f), sort, offset, limit).await?)
}

/// The listed live enterprises of the tenant that the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &DataScope, ids: &[i64]) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(scoped(tenant, scope).filter(enterprise::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// Every live enterprise of the tenant the scope admits, by name.
pub async fn by_name<C: ConnectionTrait>(db: &C, tenant: &str, scope: &DataScope) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(scoped(tenant, scope).order_by_asc(enterprise::Column::EnterpriseName).all(db).await?)
}

/// The names of the listed live enterprises of the tenant, whatever the scope (a project shows its
/// enterprise's name to whoever may see the project).
pub async fn names<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, String>, AppError> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let rows: Vec<(i64, String)> = enterprise::Entity::live(tenant)
            .select_only()
            .column(enterprise::Column::Id)
            .column(enterprise::Column::EnterpriseName)
            .filter(keeper_db::listed::column_in(db.get_database_backend(), enterprise::Column::Id, chunk))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// The contact phones of the listed live enterprises of the tenant (an empty one left out).
pub async fn contact_phones<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<HashMap<i64, String>, AppError> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(1000) {
        let rows: Vec<(i64, String)> = enterprise::Entity::live(tenant)
            .select_only()
            .column(enterprise::Column::Id)
            .column(enterprise::Column::ContactPhone)
            .filter(keeper_db::listed::column_in(db.get_database_backend(), enterprise::Column::Id, chunk))
            .filter(enterprise::Column::ContactPhone.ne(""))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// Live enterprises of the tenant with one of these credit codes or names, whatever the scope: uniqueness
/// is per tenant.
pub async fn holding<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    codes: &[String],
    names: &[String],
) -> Result<Vec<enterprise::Model>, AppError> {
    let mut out = Vec::new();
    for (col, values) in [(enterprise::Column::CreditCode, codes), (enterprise::Column::EnterpriseName, names)] {
        for chunk in values.chunks(1000) {
            out.extend(enterprise::Entity::live(tenant).filter(col.is_in(chunk.to_vec())).all(db).await?);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|e| seen.insert(e.id));
    Ok(out)
}

/// Queues the writers of one tenant's register (see `keeper_db::tenant_lock`).
pub async fn lock<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::lock(db, LOCK_TABLE, tenant).await?)
}

/// Creates the tenant's lock row outside any transaction, so that the lock in a transaction is an update.
pub async fn ensure_lock_row<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::ensure(db, LOCK_TABLE, tenant).await?)
}

const LOCK_TABLE: &str = "biz_tenant_lock";

pub async fn insert_many<C: ConnectionTrait>(db: &C, rows: Vec<enterprise::ActiveModel>) -> Result<(), AppError> {
    for chunk in rows.chunks(100) {
        enterprise::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    Ok(())
}

/// Applies the set columns of `changes` to the listed live enterprises of the tenant; answers how many.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: enterprise::ActiveModel) -> Result<u64, AppError> {
    let done = enterprise::Entity::update_many()
        .set(changes)
        .filter(enterprise::Column::Id.is_in(ids.to_vec()))
        .filter(enterprise::Column::TenantId.eq(tenant))
        .filter(enterprise::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

#[cfg(test)]
mod tests {
    //! The register's queries and the derived write shape, on the real schema in memory.
    use super::*;
    use crate::enterprise::form::Enterprise;
    use crate::enterprise::{changes, new_row};
    use crate::migration::Migrator;
    use keeper_db::base::Author;
    use keeper_security::CurrentUser;
    use keeper_security::claims::Claims;
    use rust_decimal::Decimal;

    fn clerk(tenant: &str) -> CurrentUser {
        CurrentUser::from_claims(Claims { tenant_id: tenant.into(), user_id: "11".into(), dept_id: "7".into(), ..Default::default() })
    }

    fn firm(name: &str, code: &str, dept: i64) -> Enterprise {
        Enterprise {
            enterprise_name: name.into(),
            credit_code: code.into(),
            dept_id: Some(dept),
            industry_dept_id: Some(40),
            registered_capital: Some(Decimal::new(12005, 1)),
            ..Default::default()
        }
    }

    #[tokio::test]
    async fn lists_keep_to_the_tenant_the_scope_and_the_live_rows() {
        let db = keeper_db::test_db::<Migrator>().await;
        let (ours, theirs) = (clerk("000001"), clerk("000002"));
        let rows = vec![
            new_row(firm("甲精密", "A1", 7), &ours),
            new_row(firm("乙材料", "B2", 8), &ours),
            new_row(firm("丙外区", "C3", 7), &theirs),
        ];
        insert_many(&db, rows).await.unwrap();
        let all = by_name(&db, "000001", &DataScope::All).await.unwrap();
        assert_eq!(all.iter().map(|e| e.enterprise_name.as_str()).collect::<Vec<_>>(), ["乙材料", "甲精密"]);
        let park = DataScope::Restricted { dept_ids: vec![7], own_user: None };
        let seen = by_name(&db, "000001", &park).await.unwrap();
        assert_eq!(seen.iter().map(|e| e.credit_code.as_str()).collect::<Vec<_>>(), ["A1"]);

        let gone = all.iter().find(|e| e.credit_code == "B2").unwrap().id;
        let removed = keeper_db::base::removal::<enterprise::Entity>(&Author::of(&ours));
        assert_eq!(update(&db, "000001", &[gone], removed).await.unwrap(), 1);
        let req = PageRequest { current: 1, size: 10, sort: vec![] };
        let page = page(&db, &super::super::totals(), "000001", &DataScope::All, &Filter::default(), &req).await.unwrap();
        assert_eq!((page.total, page.records.len()), (1, 1), "a removed enterprise is not listed");
        assert_eq!(holding(&db, "000001", &["C3".into()], &[]).await.unwrap().len(), 0, "another tenant's code is free");
    }

    #[tokio::test]
    async fn an_update_writes_every_column_of_the_record_and_clears_what_it_leaves_empty() {
        let db = keeper_db::test_db::<Migrator>().await;
        let me = clerk("000001");
        let row = new_row(firm("甲精密", "A1", 7), &me);
        let id = *row.id.as_ref();
        insert_many(&db, vec![row]).await.unwrap();
        let stored = visible(&db, "000001", &DataScope::All, &[id]).await.unwrap().pop().unwrap();
        assert_eq!((stored.industry_dept_id, stored.registered_capital), (Some(40), Some(Decimal::new(12005, 1))));
        assert_eq!((stored.status, stored.is_deleted, stored.create_user), (1, 0, Some(11)));

        let cleared =
            Enterprise { industry_dept_id: None, registered_capital: None, short_name: "甲".into(), ..firm("甲精密", "A1", 7) };
        assert_eq!(update(&db, "000001", &[id], changes(cleared, &me)).await.unwrap(), 1);
        let after = visible(&db, "000001", &DataScope::All, &[id]).await.unwrap().pop().unwrap();
        assert_eq!((after.industry_dept_id, after.registered_capital, after.short_name.as_str()), (None, None, "甲"));
        assert_eq!((after.create_user, after.create_time, after.tenant_id.as_str()), (Some(11), stored.create_time, "000001"));
    }
}
