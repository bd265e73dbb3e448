//! Database plumbing shared by the services: connecting to SQLite/PostgreSQL/MySQL with the right
//! settings, running a service's migrations, and recognising constraint violations.
use std::time::Duration;

pub mod base;
pub mod listed;
pub mod totals;

use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbBackend, DbErr, SqlErr};
use sea_orm_migration::MigratorTrait;

/// Opens the database named by `url`. SQLite gets WAL, `synchronous=FULL` (an acknowledged write is
/// on disk), foreign keys and a busy timeout; the file's directory is created when missing.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut opts = ConnectOptions::new(url.to_string());
    opts.sqlx_logging(false).connect_timeout(Duration::from_secs(10)).acquire_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        if let Some(path) = sqlite_path(url)
            && let Some(dir) = std::path::Path::new(&path).parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)?;
        }
        // No ping before each use: for an embedded file there is no server to have dropped the connection,
        // and sqlx's ping is one more hand-off to the connection's thread and back per query, which with
        // the query's own made a one-query read cost ~110 us of CPU (bench/README.md).
        opts.max_connections(8).min_connections(1).test_before_acquire(false);
        opts.map_sqlx_sqlite_pool_opts(|pool| pool.after_connect(|conn, _| Box::pin(stable_plans(conn))));
        opts.map_sqlx_sqlite_opts(|o| {
            use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                .create_if_missing(true)
        });
    } else {
        opts.max_connections(32).min_connections(1);
    }
    Ok(Database::connect(opts).await?)
}

/// Turns on SQLite's query planner stability guarantee (`SQLITE_DBCONFIG_ENABLE_QPSG`) for a new connection.
///
/// Without it, a statement whose plan could depend on a bound value (`LIMIT ?` of every page, a `LIKE ?`
/// pattern) is marked to be compiled again whenever a new value is bound, so sqlx's statement cache saved
/// nothing: a paged `user/list` spent 10 % of the system service's CPU re-parsing its SQL in
/// `sqlite3Reprepare` (`perf --call-graph dwarf`). Keeper's queries are written for their indexes and no
/// `ANALYZE` statistics exist, so a plan chosen once is the plan.
async fn stable_plans(conn: &mut sea_orm::sqlx::SqliteConnection) -> Result<(), sea_orm::sqlx::Error> {
    let mut handle = conn.lock_handle().await?;
    let db = handle.as_raw_handle().as_ptr();
    let mut now: std::os::raw::c_int = 0;
    // SAFETY: `db` is the open connection held locked by `handle` for the duration of the call; the
    // variadic arguments are the (int, int*) pair this option takes.
    let rc = unsafe {
        libsqlite3_sys::sqlite3_db_config(db, libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_QPSG, 1 as std::os::raw::c_int, &mut now as *mut _)
    };
    if rc != libsqlite3_sys::SQLITE_OK || now != 1 {
        return Err(sea_orm::sqlx::Error::Configuration(format!("SQLITE_DBCONFIG_ENABLE_QPSG was not set (rc {rc})").into()));
    }
    Ok(())
}

fn sqlite_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then(|| path.to_string())
}

/// Connects and brings the schema up to date.
pub async fn connect_and_migrate<M: MigratorTrait>(url: &str) -> anyhow::Result<DatabaseConnection> {
    let db = connect(url).await?;
    M::up(&db, None).await?;
    Ok(db)
}

/// A private in-memory SQLite database with the service's real migrations applied: the fast layer of
/// service-level tests (queries, rules, transactions) without starting a process.
///
/// One connection that is never recycled, since every SQLite connection to `:memory:` is a database of
/// its own, and one that closed would take the data with it. Foreign keys on, as in [`connect`].
pub async fn test_db<M: MigratorTrait>() -> DatabaseConnection {
    let mut opts = ConnectOptions::new("sqlite::memory:".to_string());
    opts.sqlx_logging(false).max_connections(1).min_connections(1).idle_timeout(None::<Duration>).max_lifetime(None::<Duration>);
    opts.map_sqlx_sqlite_opts(|o| o.foreign_keys(true));
    let db = Database::connect(opts).await.expect("an in-memory SQLite database opens");
    M::up(&db, None).await.expect("the migrations apply to an empty database");
    db
}

/// True when an insert or update broke a unique key.
pub fn is_unique_violation(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// A UTC time as a statement value. On MySQL it is bound as a DATETIME: MariaDB checks a parameter typed
/// TIMESTAMP against the TIMESTAMP range (1970–2038) whatever the column, and turns a birthday in 1965 into
/// an error and a licence "until 2099" into NULL. Columns that hold such times are DATETIME on MySQL.
pub fn utc_value(backend: DbBackend, at: Option<chrono::DateTime<chrono::Utc>>) -> sea_orm::Value {
    match (backend, at) {
        (DbBackend::MySql, Some(t)) => t.naive_utc().into(),
        (_, at) => at.into(),
    }
}

/// Every row `selector` reads, converted one at a time as the driver yields it.
///
/// `Selector::all` first collects every row in the driver's own form and converts them after: on SQLite
/// sqlx copies each value into a reference-counted value of its own, about 150 bytes whatever the column,
/// so the 7,600 reports of a large zone's month (36 columns) held 40 MB before they became 8 MB of
/// models, and a page of 产值填报 raised the business service's RSS from 22 to 118 MB. Streamed, the driver
/// holds a few rows at a time (its channel is bounded) and only the models accumulate. For reads of
/// thousands of rows; a short read gains nothing.
pub async fn streamed<S, C>(selector: sea_orm::Selector<S>, db: &C) -> Result<Vec<S::Item>, DbErr>
where
    S: sea_orm::SelectorTrait + Send,
    S::Item: Send,
    C: sea_orm::ConnectionTrait + sea_orm::StreamTrait + Send + Sync,
{
    use futures_util::TryStreamExt;
    selector.stream(db).await?.try_collect().await
}

/// One page of `filtered` for every list of every service: the rows of the asked page ordered by the
/// asked columns (`column` maps the allow-listed names of `req.sort`), then by `then`: the list's default
/// order, ending with the id so that rows equal on every sorted column never move between pages.
///
/// The page is read first; a page that is not full tells the total itself (its offset plus its rows),
/// so a short list costs one statement. Only a full page, or one past the end, is followed by a count
/// (then the last page is read: `PageRequest::within`, so page 4611686018427387904 is the last page,
/// not an offset the database cannot bind). The total used to come from `COUNT(*) OVER ()` beside the
/// rows, one statement for every page; but a window over the whole filtered set makes the database
/// materialise and sort every row with all its columns before it can give the first: on a register of
/// 43,000 enterprises one row of `enterprise/list` took 380 ms on SQLite, against 8 ms for a count over
/// an index and 0.1 ms for the page (bench/README.md, output scenario).
pub async fn page<E, C, K>(
    db: &C,
    filtered: sea_orm::Select<E>,
    req: &keeper_common::page::PageRequest,
    column: impl Fn(&str) -> K,
    then: impl FnOnce(sea_orm::Select<E>) -> sea_orm::Select<E>,
) -> Result<keeper_common::page::Page<E::Model>, DbErr>
where
    E: sea_orm::EntityTrait,
    E::Model: Sync,
    C: sea_orm::ConnectionTrait,
    K: sea_orm::IntoSimpleExpr,
{
    counted_page(db, filtered, req, column, then, None).await
}

/// [`page`], the total taken from `kept` (the table's totals and the caller's tenant) when it holds one.
async fn counted_page<E, C, K>(
    db: &C,
    filtered: sea_orm::Select<E>,
    req: &keeper_common::page::PageRequest,
    column: impl Fn(&str) -> K,
    then: impl FnOnce(sea_orm::Select<E>) -> sea_orm::Select<E>,
    kept: Option<(&totals::Totals, &str)>,
) -> Result<keeper_common::page::Page<E::Model>, DbErr>
where
    E: sea_orm::EntityTrait,
    E::Model: Sync,
    C: sea_orm::ConnectionTrait,
    K: sea_orm::IntoSimpleExpr,
{
    use sea_orm::{PaginatorTrait, QuerySelect};
    let ordered = then(sorted(filtered.clone(), &req.sort, column));
    // An offset past what a signed 64-bit column binds (PostgreSQL refuses it) has no rows anyway.
    let rows =
        if i64::try_from(req.offset()).is_ok() { ordered.clone().offset(req.offset()).limit(req.size).all(db).await? } else { Vec::new() };
    let read = rows.len() as u64;
    if read < req.size && (read > 0 || req.offset() == 0) {
        return Ok(keeper_common::page::Page::new(rows, req.offset() + read, req));
    }
    let total = match kept {
        Some((totals, tenant)) => totals.count(db, tenant, filtered).await?,
        None => filtered.count(db).await?,
    };
    if read > 0 {
        return Ok(keeper_common::page::Page::new(rows, total, req));
    }
    let req = req.within(total);
    let rows = if total == 0 { Vec::new() } else { ordered.offset(req.offset()).limit(req.size).all(db).await? };
    Ok(keeper_common::page::Page::new(rows, total, &req))
}

/// How one list orders its rows: `column` maps an allow-listed sort name to its expression, and `then`
/// appends the list's own order after the asked columns (told whether any was asked), ending with a
/// unique column. A list's page and its export's slices both order through it, so an export writes
/// the rows in exactly the order the screen shows them.
pub struct Order<E: sea_orm::EntityTrait, K> {
    pub column: fn(&str) -> K,
    pub then: fn(sea_orm::Select<E>, bool) -> sea_orm::Select<E>,
}

impl<E, K> Order<E, K>
where
    E: sea_orm::EntityTrait,
    E::Model: Sync,
    K: sea_orm::IntoSimpleExpr,
{
    /// `q` in the order asked by `sort`, then the list's own.
    pub fn apply(&self, q: sea_orm::Select<E>, sort: &[(String, bool)]) -> sea_orm::Select<E> {
        (self.then)(sorted(q, sort, self.column), !sort.is_empty())
    }

    /// One page of `filtered` (see [`page`]).
    pub async fn page<C: sea_orm::ConnectionTrait>(
        &self,
        db: &C,
        filtered: sea_orm::Select<E>,
        req: &keeper_common::page::PageRequest,
    ) -> Result<keeper_common::page::Page<E::Model>, DbErr> {
        let asked = !req.sort.is_empty();
        page(db, filtered, req, self.column, |q| (self.then)(q, asked)).await
    }

    /// [`Order::page`] of a table whose totals are kept between writes (see [`totals`]).
    pub async fn kept_page<C: sea_orm::ConnectionTrait>(
        &self,
        db: &C,
        filtered: sea_orm::Select<E>,
        req: &keeper_common::page::PageRequest,
        totals: &totals::Totals,
        tenant: &str,
    ) -> Result<keeper_common::page::Page<E::Model>, DbErr> {
        let asked = !req.sort.is_empty();
        counted_page(db, filtered, req, self.column, |q| (self.then)(q, asked), Some((totals, tenant))).await
    }

    /// `limit` rows of `filtered` from `offset` on, in the asked order (an export reads in slices).
    pub async fn slice<C: sea_orm::ConnectionTrait>(
        &self,
        db: &C,
        filtered: sea_orm::Select<E>,
        sort: &[(String, bool)],
        offset: u64,
        limit: u64,
    ) -> Result<Vec<E::Model>, DbErr> {
        use sea_orm::QuerySelect;
        self.apply(filtered, sort).offset(offset).limit(limit).all(db).await
    }
}

/// `q` ordered by the asked columns, in the order asked (`column` maps an allow-listed name).
pub fn sorted<E: sea_orm::EntityTrait, K: sea_orm::IntoSimpleExpr>(
    mut q: sea_orm::Select<E>,
    sort: &[(String, bool)],
    column: impl Fn(&str) -> K,
) -> sea_orm::Select<E> {
    use sea_orm::{Order, QueryOrder};
    for (name, asc) in sort {
        q = q.order_by(column(name), if *asc { Order::Asc } else { Order::Desc });
    }
    q
}

pub fn backend_name(db: &DatabaseConnection) -> &'static str {
    match db.get_database_backend() {
        DbBackend::Sqlite => "sqlite",
        DbBackend::Postgres => "postgres",
        DbBackend::MySql => "mysql",
        _ => "other",
    }
}

/// Column helpers for migrations, so every table spells the common columns the same way.
pub mod columns {
    use sea_orm_migration::prelude::*;

    pub fn id() -> ColumnDef {
        ColumnDef::new("id").big_integer().not_null().primary_key().take()
    }
    pub fn big(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).big_integer().not_null().take()
    }
    pub fn big_null(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).big_integer().null().take()
    }
    pub fn int(name: &'static str, default: i32) -> ColumnDef {
        ColumnDef::new(name).integer().not_null().default(default).take()
    }
    pub fn int_null(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).integer().null().take()
    }
    pub fn text(name: &'static str, len: u32) -> ColumnDef {
        ColumnDef::new(name).string_len(len).not_null().default("").take()
    }
    pub fn text_null(name: &'static str, len: u32) -> ColumnDef {
        ColumnDef::new(name).string_len(len).null().take()
    }
    pub fn long_text(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).text().null().take()
    }
    pub fn time(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).timestamp_with_time_zone().not_null().take()
    }
    pub fn time_null(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).timestamp_with_time_zone().null().take()
    }
    pub fn decimal(name: &'static str) -> ColumnDef {
        ColumnDef::new(name).decimal_len(18, 4).null().take()
    }
    /// Adds `columns` to `table`, one statement each: SQLite adds one column per `ALTER TABLE`.
    pub async fn add_all(m: &SchemaManager<'_>, table: &str, columns: Vec<ColumnDef>) -> Result<(), DbErr> {
        for c in columns {
            m.alter_table(Table::alter().table(Alias::new(table)).add_column(c).to_owned()).await?;
        }
        Ok(())
    }
    /// Drops `columns` of `table` again, the last added first.
    pub async fn drop_all(m: &SchemaManager<'_>, table: &str, columns: Vec<ColumnDef>) -> Result<(), DbErr> {
        for c in columns.iter().rev() {
            m.alter_table(Table::alter().table(Alias::new(table)).drop_column(Alias::new(c.get_column_name())).to_owned()).await?;
        }
        Ok(())
    }
    /// Tenant, audit, status and soft-delete columns of a base entity (api-contract §5.1).
    pub fn base(t: &mut TableCreateStatement, tenant: bool) {
        if tenant {
            t.col(text("tenant_id", 12));
        }
        t.col(big_null("create_user"))
            .col(big_null("create_dept"))
            .col(time("create_time"))
            .col(big_null("update_user"))
            .col(time("update_time"))
            .col(int("status", 1))
            .col(int("is_deleted", 0));
    }
}

/// The SQL form of a data scope over a table's department and creator columns.
pub fn scope_condition<C: sea_orm::ColumnTrait>(scope: &keeper_common::scope::DataScope, dept: C, creator: C) -> sea_orm::Condition {
    use keeper_common::scope::DataScope;
    use sea_orm::Condition;
    match scope {
        DataScope::All => Condition::all(),
        DataScope::Restricted { dept_ids, own_user } => {
            // An empty IN list renders as a false predicate, so a scope that admits nothing returns nothing.
            let mut any = Condition::any().add(dept.is_in(dept_ids.clone()));
            if let Some(u) = own_user {
                any = any.add(creator.eq(*u));
            }
            any
        }
    }
}

/// Per-tenant write locks: a table of `(tenant_id PK, version)` rows. Bumping a tenant's row first in a
/// transaction makes writers of one tenant queue there, so rules over live rows that no portable index
/// expresses (unique among undeleted rows, exactly one enabled) hold under concurrency.
pub mod tenant_lock {
    use sea_orm::sea_query::{Alias, Expr, InsertStatement, Query};
    use sea_orm::{ConnectionTrait, DbErr, ExprTrait};

    fn first_row(table: &str, tenant: &str) -> InsertStatement {
        Query::insert()
            .into_table(Alias::new(table))
            .columns([Alias::new("tenant_id"), Alias::new("version")])
            .values_panic([tenant.into(), 0i64.into()])
            .to_owned()
    }

    /// Creates the tenant's row outside any transaction, so that [`lock`] inside one is an update.
    pub async fn ensure<C: ConnectionTrait>(db: &C, table: &str, tenant: &str) -> Result<(), DbErr> {
        match db.execute(&first_row(table, tenant)).await {
            Ok(_) => Ok(()),
            Err(e) if super::is_unique_violation(&e) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Takes the tenant's lock for the rest of the transaction `db`; call [`ensure`] before the transaction
    /// (a concurrent first insert inside two transactions would fail one of them).
    pub async fn lock<C: ConnectionTrait>(db: &C, table: &str, tenant: &str) -> Result<(), DbErr> {
        let bump = Query::update()
            .table(Alias::new(table))
            .value(Alias::new("version"), Expr::col(Alias::new("version")).add(1))
            .and_where(Expr::col(Alias::new("tenant_id")).eq(tenant))
            .to_owned();
        if db.execute(&bump).await?.rows_affected() == 0 {
            db.execute(&first_row(table, tenant)).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn every_sqlite_connection_keeps_its_plans_whatever_value_is_bound() {
        let db = super::connect("sqlite::memory:").await.unwrap();
        let mut conn = db.get_sqlite_connection_pool().acquire().await.unwrap();
        let mut handle = conn.lock_handle().await.unwrap();
        let mut now: std::os::raw::c_int = 0;
        // -1 leaves the setting as it is and reports it.
        let rc = unsafe {
            libsqlite3_sys::sqlite3_db_config(
                handle.as_raw_handle().as_ptr(),
                libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_QPSG,
                -1 as std::os::raw::c_int,
                &mut now as *mut _,
            )
        };
        assert_eq!((rc, now), (libsqlite3_sys::SQLITE_OK, 1));
    }
}
