//! The enterprise register's list read from one index: the order of its pages (newest first, then the
//! id) followed by the columns its filters test, so that SQLite tests a filter on the index entry and
//! reads a table row only for the rows it shows. With the order alone (`idx_biz_enterprise_live`), a
//! filter walked the newest-first index and read every row it passed over: `isAboveScale=Y` over the
//! 10,000 firms of the screen zone read 7,000 rows for a page of 10 (4.3 ms at one connection, 360
//! requests per second at 50), and each count read the whole register. The columns are those of the
//! list's search form and the data scope, at most 16 as MySQL allows; a filter on another column
//! (specialized level, listed, reporting) still works, reading the rows the others admit.
use sea_orm_migration::prelude::*;

pub struct Migration;

const LIST: &str = "idx_biz_enterprise_list";
const LIST_COLUMNS: &[&str] = &[
    "tenant_id",
    "is_deleted",
    "create_time",
    "id",
    "dept_id",
    "create_user",
    "enterprise_name",
    "credit_code",
    "industry_code",
    "operating_status",
    "company_type",
    "stat_category",
    "is_above_scale",
    "leading_industry",
    "enterprise_scale",
    "is_high_tech",
];
const REPLACED: &str = "idx_biz_enterprise_live";
const REPLACED_COLUMNS: &[&str] = &["tenant_id", "is_deleted", "create_time", "id"];

fn index(name: &'static str, columns: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table("biz_enterprise");
    for c in columns {
        index.col(*c);
    }
    index.to_owned()
}

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261130_000130_register_list"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(index(LIST, LIST_COLUMNS)).await?;
        m.drop_index(Index::drop().name(REPLACED).table("biz_enterprise").to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(index(REPLACED, REPLACED_COLUMNS)).await?;
        m.drop_index(Index::drop().name(LIST).table("biz_enterprise").to_owned()).await
    }
}
