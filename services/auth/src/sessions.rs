//! Server-side sessions: created at sign-in, their refresh tokens rotated on use, ended by logout,
//! password change, disabling or reuse of a rotated refresh token. Redis mirrors live sessions.
use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use keeper_common::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, ExprTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use crate::entity::{refresh_token, session};

pub struct NewSession<'a> {
    pub tenant_id: &'a str,
    pub user_id: i64,
    pub client_id: &'a str,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub lifetime_secs: i64,
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn new_refresh_token() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>())
}

pub struct Sessions<'a> {
    pub db: &'a DatabaseConnection,
    pub redis: Option<&'a deadpool_redis::Pool>,
}

/// What a presented refresh token turned out to be.
pub enum RefreshOutcome {
    Rotated {
        session: Box<session::Model>,
        refresh_token: String,
    },
    Invalid,
    /// A token that was already rotated: somebody replayed it, so the session was ended.
    Reused {
        session_id: String,
    },
}

impl Sessions<'_> {
    /// Creates a session and its first refresh token.
    pub async fn create(&self, s: NewSession<'_>, now: DateTime<Utc>) -> Result<(session::Model, String), AppError> {
        let sid = uuid::Uuid::new_v4().simple().to_string();
        let row = session::Model {
            id: sid.clone(),
            tenant_id: s.tenant_id.into(),
            user_id: s.user_id,
            client_id: s.client_id.into(),
            ip: s.ip.chars().take(64).collect(),
            user_agent: s.user_agent.chars().take(500).collect(),
            created_at: now,
            expires_at: now + Duration::seconds(s.lifetime_secs),
            revoked_at: None,
            revoke_reason: String::new(),
        };
        let refresh = new_refresh_token();
        session::Entity::insert(session::ActiveModel::from(row.clone())).exec(self.db).await?;
        self.insert_refresh(&sid, &refresh, now).await?;
        self.mirror(&sid, s.lifetime_secs).await;
        Ok((row, refresh))
    }

    async fn insert_refresh(&self, sid: &str, token: &str, now: DateTime<Utc>) -> Result<(), AppError> {
        let row = refresh_token::ActiveModel {
            token_hash: Set(hash_token(token)),
            session_id: Set(sid.into()),
            created_at: Set(now),
            used_at: Set(None),
        };
        refresh_token::Entity::insert(row).exec(self.db).await?;
        Ok(())
    }

    /// Mirrors a live session into Redis so that every replica can check it without asking auth.
    async fn mirror(&self, sid: &str, ttl_secs: i64) {
        if let Some(pool) = self.redis {
            let res: Result<(), String> = async {
                let mut c = pool.get().await.map_err(|e| e.to_string())?;
                deadpool_redis::redis::cmd("SET")
                    .arg(keeper_security::session::redis_key(sid))
                    .arg(1)
                    .arg("EX")
                    .arg(std::cmp::max(ttl_secs, 1))
                    .query_async::<()>(&mut c)
                    .await
                    .map_err(|e| e.to_string())
            }
            .await;
            if let Err(e) = res {
                tracing::error!(error = %e, "cannot mirror session to Redis");
            }
        }
    }

    async fn unmirror(&self, sids: &[String]) -> Result<(), AppError> {
        if let Some(pool) = self.redis
            && !sids.is_empty()
        {
            let mut c = pool.get().await.map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
            let keys: Vec<String> = sids.iter().map(|s| keeper_security::session::redis_key(s)).collect();
            deadpool_redis::redis::cmd("DEL")
                .arg(keys)
                .query_async::<()>(&mut c)
                .await
                .map_err(|e| AppError::Unavailable(format!("Redis 不可用: {e}")))?;
        }
        Ok(())
    }

    pub async fn is_active(&self, sid: &str, now: DateTime<Utc>) -> Result<bool, AppError> {
        Ok(session::Entity::find_by_id(sid.to_string()).one(self.db).await?.is_some_and(|s| s.revoked_at.is_none() && s.expires_at > now))
    }

    /// Exchanges a refresh token for a new one; a second use of the same token ends the session.
    pub async fn rotate(&self, token: &str, now: DateTime<Utc>) -> Result<RefreshOutcome, AppError> {
        let Some(rt) = refresh_token::Entity::find_by_id(hash_token(token)).one(self.db).await? else {
            return Ok(RefreshOutcome::Invalid);
        };
        if rt.used_at.is_some() {
            self.end(std::slice::from_ref(&rt.session_id), "refresh token reuse", now).await?;
            return Ok(RefreshOutcome::Reused { session_id: rt.session_id });
        }
        let Some(sess) = session::Entity::find_by_id(rt.session_id.clone()).one(self.db).await? else {
            return Ok(RefreshOutcome::Invalid);
        };
        if sess.revoked_at.is_some() || sess.expires_at <= now {
            return Ok(RefreshOutcome::Invalid);
        }
        // Conditional update: of two concurrent uses only one can flip `used_at`.
        let res = refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::UsedAt, Expr::value(now))
            .filter(refresh_token::Column::TokenHash.eq(rt.token_hash.clone()))
            .filter(refresh_token::Column::UsedAt.is_null())
            .exec(self.db)
            .await?;
        if res.rows_affected == 0 {
            self.end(std::slice::from_ref(&sess.id), "refresh token reuse", now).await?;
            return Ok(RefreshOutcome::Reused { session_id: sess.id });
        }
        let next = new_refresh_token();
        self.insert_refresh(&sess.id, &next, now).await?;
        Ok(RefreshOutcome::Rotated { session: Box::new(sess), refresh_token: next })
    }

    /// Ends the given sessions now.
    pub async fn end(&self, sids: &[String], reason: &str, now: DateTime<Utc>) -> Result<u64, AppError> {
        if sids.is_empty() {
            return Ok(0);
        }
        let res = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, Expr::value(now))
            .col_expr(session::Column::RevokeReason, Expr::value(reason.to_string()))
            .filter(session::Column::Id.is_in(sids.to_vec()))
            .filter(session::Column::RevokedAt.is_null())
            .exec(self.db)
            .await?;
        self.unmirror(sids).await?;
        Ok(res.rows_affected)
    }

    /// Ends every live session of a user (optionally sparing one) or of a tenant.
    pub async fn end_matching(
        &self,
        user_id: Option<i64>,
        tenant_id: Option<&str>,
        except: Option<&str>,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<u64, AppError> {
        let mut q = session::Entity::find().filter(session::Column::RevokedAt.is_null()).filter(session::Column::ExpiresAt.gt(now));
        match (user_id, tenant_id) {
            (Some(u), _) => q = q.filter(session::Column::UserId.eq(u)),
            (None, Some(t)) => q = q.filter(session::Column::TenantId.eq(t)),
            (None, None) => return Err(AppError::bad("user_id or tenant_id is required")),
        }
        let sids: Vec<String> = q.all(self.db).await?.into_iter().map(|s| s.id).filter(|id| Some(id.as_str()) != except).collect();
        self.end(&sids, reason, now).await
    }

    /// Deletes sessions that ended long ago, with their tokens, so the tables stay small.
    pub async fn prune(&self, now: DateTime<Utc>) -> Result<(), AppError> {
        let cutoff = now - Duration::days(7);
        let old: Vec<String> = session::Entity::find()
            .filter(session::Column::ExpiresAt.lt(cutoff).or(session::Column::RevokedAt.lt(cutoff)))
            .all(self.db)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect();
        for chunk in old.chunks(500) {
            refresh_token::Entity::delete_many().filter(refresh_token::Column::SessionId.is_in(chunk.to_vec())).exec(self.db).await?;
            session::Entity::delete_many().filter(session::Column::Id.is_in(chunk.to_vec())).exec(self.db).await?;
        }
        Ok(())
    }
}
