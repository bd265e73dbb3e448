//! Writing operation and error events: from other services through `POST /internal/log/batch`, and from
//! this service itself through [`LocalSink`], without a call to itself. Sign-in attempts come from auth
//! through `POST /internal/login-log`. Events carry their ids, so a batch delivered again after a lost
//! answer is stored once.
use async_trait::async_trait;
use chrono::Utc;
use keeper_client::dto::{ApiLogEntry, ErrorLogEntry, LogEvent, LoginLogEntry};
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_runtime::oplog::LogSink;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DatabaseConnection, EntityTrait};

use crate::entity::{api_log, error_log, login_log};

/// Long texts are cut here too: the emitters already keep them near 4,000 characters.
const LONG_TEXT: usize = 8000;

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn long(s: &str) -> Option<String> {
    Some(cut(s, LONG_TEXT))
}

fn api_row(e: &ApiLogEntry, now: chrono::DateTime<Utc>) -> api_log::ActiveModel {
    api_log::ActiveModel {
        id: Set(e.id),
        tenant_id: Set(cut(&e.tenant_id, 12)),
        service_id: Set(cut(&e.service_id, 32)),
        title: Set(cut(&e.title, 255)),
        method: Set(cut(&e.method, 10)),
        request_uri: Set(cut(&e.request_uri, 500)),
        params: Set(long(&e.params)),
        status: Set(e.status.into()),
        success: Set(e.success as i32),
        elapsed_ms: Set(e.elapsed_ms.max(0)),
        remote_ip: Set(cut(&e.remote_ip, 64)),
        user_agent: Set(cut(&e.user_agent, 500)),
        request_id: Set(cut(&e.request_id, 64)),
        user_id: Set(e.user_id),
        account: Set(cut(&e.account, 45)),
        create_time: Set(e.time.min(now)),
        server_host: Set(cut(&e.origin.server_host, 255)),
        server_ip: Set(cut(&e.origin.server_ip, 64)),
        env: Set(cut(&e.origin.env, 32)),
        method_class: Set(cut(&e.origin.method_class, 255)),
        method_name: Set(cut(&e.origin.method_name, 255)),
    }
}

fn error_row(e: &ErrorLogEntry, now: chrono::DateTime<Utc>) -> error_log::ActiveModel {
    error_log::ActiveModel {
        id: Set(e.id),
        tenant_id: Set(cut(&e.tenant_id, 12)),
        service_id: Set(cut(&e.service_id, 32)),
        request_id: Set(cut(&e.request_id, 64)),
        method: Set(cut(&e.method, 10)),
        request_uri: Set(cut(&e.request_uri, 500)),
        params: Set(long(&e.params)),
        exception_name: Set(cut(&e.exception_name, 255)),
        message: Set(long(&e.message)),
        remote_ip: Set(cut(&e.remote_ip, 64)),
        user_agent: Set(cut(&e.user_agent, 500)),
        user_id: Set(e.user_id),
        account: Set(cut(&e.account, 45)),
        create_time: Set(e.time.min(now)),
        server_host: Set(cut(&e.origin.server_host, 255)),
        server_ip: Set(cut(&e.origin.server_ip, 64)),
        env: Set(cut(&e.origin.env, 32)),
        method_class: Set(cut(&e.origin.method_class, 255)),
        method_name: Set(cut(&e.origin.method_name, 255)),
    }
}

/// Stores a batch; events already stored (same id) are skipped.
pub async fn store<C: ConnectionTrait>(db: &C, events: &[LogEvent]) -> Result<(), AppError> {
    let now = Utc::now();
    let (mut apis, mut errors) = (Vec::new(), Vec::new());
    for e in events {
        match e {
            LogEvent::Api(a) => apis.push(api_row(a, now)),
            LogEvent::Error(x) => errors.push(error_row(x, now)),
        }
    }
    if !apis.is_empty() {
        api_log::Entity::insert_many(apis).on_conflict_do_nothing().exec_without_returning(db).await?;
    }
    if !errors.is_empty() {
        error_log::Entity::insert_many(errors).on_conflict_do_nothing().exec_without_returning(db).await?;
    }
    Ok(())
}

/// One sign-in attempt reported by auth. A time ahead of this host's clock is stored as now, so a skewed
/// clock cannot place attempts in the future.
pub async fn store_login<C: ConnectionTrait>(db: &C, e: &LoginLogEntry) -> Result<(), AppError> {
    login_log::Entity::insert(login_log::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(cut(&e.tenant_id, 12)),
        account: Set(cut(&e.account, 45)),
        user_id: Set(e.user_id),
        success: Set(e.success as i32),
        message: Set(cut(&e.message, 255)),
        grant_type: Set(cut(&e.grant_type, 32)),
        client_id: Set(cut(&e.client_id, 48)),
        ip: Set(cut(&e.ip, 64)),
        user_agent: Set(cut(&e.user_agent, 500)),
        create_time: Set(e.time.min(Utc::now())),
    })
    .exec(db)
    .await?;
    Ok(())
}

/// The system service's own events go straight to its tables.
pub struct LocalSink {
    db: DatabaseConnection,
}

impl LocalSink {
    pub fn new(db: DatabaseConnection) -> Self {
        LocalSink { db }
    }
}

#[async_trait]
impl LogSink for LocalSink {
    async fn store(&self, events: &[LogEvent]) -> Result<(), AppError> {
        store(&self.db, events).await
    }
}
