//! The totals of a table's paged lists, kept between the writes to it.
//!
//! A full page must be followed by a count of everything its filter admits, and a count is a walk over
//! every matching index entry: on SQLite 0.6–1 ms for a register of 10,000 enterprises, most of the
//! CPU of a page that itself costs 0.1 ms, so counting on every request capped `enterprise/list` near
//! 1,000 requests per second on two cores (bench/README.md, "Paged list under load"). A register
//! changes a few times a day and is paged all day: a total counted once answers every page of the same
//! filter until the table is written again.
//!
//! Each tenant's totals carry a generation that the service bumps after every committed write
//! ([`Totals::changed`]); a total counted under an older generation is never used again. A write this
//! process did not make (another replica's, or a tool's straight into the database) is seen when the kept
//! total expires, a few seconds later, as grants and reference data are.
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use sea_orm::{ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryTrait, Select};

/// Each tenant's count of committed writes to a table, as this process made them: what a value derived
/// from the table is kept under, so that it is not used after the next write.
#[derive(Default)]
pub struct Generations {
    of: Mutex<HashMap<String, u64>>,
}

impl Generations {
    /// The tenant's generation now. Read before deriving a value: a write committed while it is derived
    /// leaves the value under an older generation, never used again.
    pub fn of(&self, tenant: &str) -> u64 {
        self.of.lock().unwrap_or_else(|e| e.into_inner()).get(tenant).copied().unwrap_or(0)
    }

    /// After a committed write by `tenant`: the values derived before it are not used again. Called after
    /// the commit, so that a value derived between the write and the commit cannot be kept under the new
    /// generation.
    pub fn changed(&self, tenant: &str) {
        *self.of.lock().unwrap_or_else(|e| e.into_inner()).entry(tenant.to_string()).or_default() += 1;
    }
}

pub struct Totals {
    generations: Generations,
    kept: moka::future::Cache<String, u64>,
}

impl Totals {
    /// Totals kept at most `ttl` (the staleness a write of another process can cause).
    pub fn new(ttl: Duration) -> Self {
        Totals { generations: Generations::default(), kept: moka::future::Cache::builder().max_capacity(10_000).time_to_live(ttl).build() }
    }

    /// The tenant's generation of the table: other values derived from it may be kept under it too.
    pub fn generation(&self, tenant: &str) -> u64 {
        self.generations.of(tenant)
    }

    /// After a committed write to the table by `tenant`: the totals counted before it are not used again.
    pub fn changed(&self, tenant: &str) {
        self.generations.changed(tenant);
    }

    /// The number of rows `filtered` admits, counted once per generation, filter and scope: the key is
    /// the statement itself with its values, so two filters never share a total.
    pub async fn count<E, C>(&self, db: &C, tenant: &str, filtered: Select<E>) -> Result<u64, DbErr>
    where
        E: EntityTrait,
        E::Model: Sync,
        C: ConnectionTrait,
    {
        let statement = filtered.build(db.get_database_backend()).to_string();
        let key = format!("{tenant}\u{1f}{}\u{1f}{statement}", self.generation(tenant));
        // Concurrent misses of one key wait for one count.
        self.kept.try_get_with(key, filtered.count(db)).await.map_err(|e| DbErr::Custom(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::entity::prelude::*;
    use sea_orm::{ConnectionTrait, Database};

    mod row {
        use sea_orm::entity::prelude::*;
        #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
        #[sea_orm(table_name = "t")]
        pub struct Model {
            #[sea_orm(primary_key)]
            pub id: i64,
            pub tenant_id: String,
        }
        #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
        pub enum Relation {}
        impl ActiveModelBehavior for ActiveModel {}
    }

    async fn insert(db: &DatabaseConnection, id: i64, tenant: &str) {
        db.execute_unprepared(&format!("INSERT INTO t (id, tenant_id) VALUES ({id}, '{tenant}')")).await.unwrap();
    }

    fn of(tenant: &str) -> Select<row::Entity> {
        row::Entity::find().filter(row::Column::TenantId.eq(tenant))
    }

    #[tokio::test]
    async fn a_total_is_kept_per_filter_until_its_tenant_writes_or_it_expires() {
        let db = Database::connect("sqlite::memory:").await.unwrap();
        db.execute_unprepared("CREATE TABLE t (id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL)").await.unwrap();
        for (id, tenant) in [(1, "a"), (2, "a"), (3, "b")] {
            insert(&db, id, tenant).await;
        }
        let totals = Totals::new(Duration::from_millis(300));
        assert_eq!(totals.count(&db, "a", of("a")).await.unwrap(), 2);
        assert_eq!(totals.count(&db, "b", of("b")).await.unwrap(), 1);
        // Another filter of the same tenant is its own total.
        assert_eq!(totals.count(&db, "a", of("a").filter(row::Column::Id.gt(1))).await.unwrap(), 1);

        // A write nobody announced is not seen until the kept total expires...
        insert(&db, 4, "a").await;
        assert_eq!(totals.count(&db, "a", of("a")).await.unwrap(), 2);
        // ...an announced one is seen at once, and only by its own tenant's totals.
        insert(&db, 5, "b").await;
        totals.changed("a");
        assert_eq!(totals.count(&db, "a", of("a")).await.unwrap(), 3);
        assert_eq!(totals.count(&db, "b", of("b")).await.unwrap(), 1);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(totals.count(&db, "b", of("b")).await.unwrap(), 2);
    }
}
