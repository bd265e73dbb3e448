//! `column IN (…)` over a list of ids read from data: a chunk of a month's reports, the enterprises of a
//! page, the firms without a base.
//!
//! SQLite compiles an `IN` list into the statement's program, a few operations per value, and sqlx keeps
//! each connection's prepared statements (up to 100) for reuse. Lists of every length — the batches of a
//! year's export, the chunks of 1,000 enterprises — were each a new statement of up to a megabyte that
//! stayed cached: exporting a 43,000-firm zone's year three times raised the business service from 26 to
//! 178 MB, 15 MB of it at a time in such programs (heaptrack: `sqlite3CodeRhsOfIN` under `growOp3`).
//! On SQLite the list is bound as one JSON array instead, read by `json_each`: one statement text and
//! program whatever the length, and the database still looks each id up by its index. PostgreSQL and
//! MySQL prepare on the server and keep the plain list.
use std::fmt::Write;

use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, DbBackend};

/// `expr IN (ids)` for `backend`.
pub fn ids_in(backend: DbBackend, expr: Expr, ids: &[i64]) -> Expr {
    if backend != DbBackend::Sqlite {
        return expr.is_in(ids.iter().copied());
    }
    let mut json = String::with_capacity(ids.len() * 8 + 2);
    json.push('[');
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        let _ = write!(json, "{id}");
    }
    json.push(']');
    Expr::cust_with_exprs("? IN (SELECT value FROM json_each(?))", [expr, Expr::val(json)])
}

/// `column IN (ids)` for `backend`, the column qualified by its table.
pub fn column_in<C: ColumnTrait>(backend: DbBackend, column: C, ids: &[i64]) -> Expr {
    ids_in(backend, Expr::col(column.as_column_ref()), ids)
}

#[cfg(test)]
mod tests {
    use sea_orm::sqlx::Connection;
    use sea_orm::{ConnectionTrait, DbBackend, Statement};

    use super::*;

    #[test]
    fn sqlite_binds_one_array_and_the_others_a_list() {
        use sea_orm::sea_query::{Alias, PostgresQueryBuilder, Query, SqliteQueryBuilder};
        let q = |b| {
            let mut q = Query::select();
            q.expr(Expr::col(Alias::new("id"))).from(Alias::new("t")).and_where(ids_in(b, Expr::col(Alias::new("id")), &[3, -1, 20]));
            q
        };
        let (sql, values) = q(DbBackend::Sqlite).build(SqliteQueryBuilder);
        assert_eq!(sql, r#"SELECT "id" FROM "t" WHERE "id" IN (SELECT value FROM json_each(?))"#);
        assert_eq!(values.0, vec!["[3,-1,20]".into()]);
        let (sql, values) = q(DbBackend::Postgres).build(PostgresQueryBuilder);
        assert_eq!(sql, r#"SELECT "id" FROM "t" WHERE "id" IN ($1, $2, $3)"#);
        assert_eq!(values.0.len(), 3);
    }

    #[tokio::test]
    async fn sqlite_finds_exactly_the_listed_ids_whatever_their_number() {
        use sea_orm::sea_query::{Alias, Query};
        // One connection: each SQLite connection to `:memory:` is a database of its own.
        let mut opts = sea_orm::ConnectOptions::new("sqlite::memory:");
        opts.max_connections(1).min_connections(1).sqlx_logging(false);
        let db = sea_orm::Database::connect(opts).await.unwrap();
        db.execute_unprepared("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)").await.unwrap();
        db.execute_unprepared(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO t SELECT i, 'n' || i FROM n",
        )
        .await
        .unwrap();
        let cached = async || db.get_sqlite_connection_pool().acquire().await.unwrap().cached_statements_size();
        let before = cached().await;
        for ids in [vec![], vec![7], vec![5, 2999, 4000, 5], (1..=2500).step_by(2).collect::<Vec<i64>>()] {
            let mut q = Query::select();
            q.expr(Expr::col(Alias::new("id"))).from(Alias::new("t")).and_where(ids_in(
                DbBackend::Sqlite,
                Expr::col(Alias::new("id")),
                &ids,
            ));
            let mut found: Vec<i64> = db.query_all(&q).await.unwrap().iter().map(|r| r.try_get_by_index(0).unwrap()).collect();
            found.sort_unstable();
            let mut expected: Vec<i64> = ids.iter().copied().filter(|i| (1..=3000).contains(i)).collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(found, expected);
        }
        // Four lists of four lengths, one prepared statement kept.
        assert_eq!(cached().await - before, 1);
        // The index is used: a lookup per id, not a scan of the table.
        let plan = db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                "EXPLAIN QUERY PLAN SELECT id FROM t WHERE id IN (SELECT value FROM json_each('[1,2]'))",
            ))
            .await
            .unwrap();
        let plan: Vec<String> = plan.iter().map(|r| r.try_get_by_index::<String>(3).unwrap()).collect();
        assert!(plan.iter().any(|l| l.contains("USING INTEGER PRIMARY KEY")), "{plan:?}");
    }
}
