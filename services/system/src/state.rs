//! What every system handler shares, and the short-lived caches of hot reads.
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use keeper_client::AuthClient;
use keeper_common::AppError;
use keeper_common::config::Settings;
use keeper_security::{PermissionGuard, PermissionSource};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::{menu, role, role_menu};

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub auth: AuthClient,
    pub menus: MenuCache,
    pub guard: PermissionGuard,
}

/// All live menus and buttons (a few hundred rows, read by every route and button request).
/// Kept one second: a change is seen everywhere within a second without any invalidation traffic.
#[derive(Clone)]
pub struct MenuCache {
    db: DatabaseConnection,
    cache: moka::future::Cache<(), Arc<Vec<menu::Model>>>,
}

impl MenuCache {
    pub fn new(db: DatabaseConnection) -> Self {
        MenuCache { db, cache: moka::future::Cache::builder().max_capacity(1).time_to_live(Duration::from_secs(1)).build() }
    }

    pub async fn all(&self) -> Result<Arc<Vec<menu::Model>>, AppError> {
        let db = self.db.clone();
        self.cache
            .try_get_with((), async move {
                let rows = menu::Entity::find()
                    .filter(menu::Column::IsDeleted.eq(0))
                    .order_by_asc(menu::Column::Sort)
                    .order_by_asc(menu::Column::Id)
                    .all(&db)
                    .await?;
                Ok::<_, AppError>(Arc::new(rows))
            })
            .await
            .map_err(|e: Arc<AppError>| AppError::internal(e.to_string()))
    }

    pub fn invalidate(&self) {
        self.cache.invalidate_all();
    }
}

/// The given role ids that are live roles of the tenant: a token may name roles deleted or moved since.
pub async fn live_role_ids(db: &DatabaseConnection, tenant_id: &str, role_ids: &[i64]) -> Result<Vec<i64>, AppError> {
    if role_ids.is_empty() {
        return Ok(vec![]);
    }
    Ok(role::Entity::find()
        .filter(role::Column::Id.is_in(role_ids.to_vec()))
        .filter(role::Column::TenantId.eq(tenant_id))
        .filter(role::Column::IsDeleted.eq(0))
        .all(db)
        .await?
        .into_iter()
        .map(|r| r.id)
        .collect())
}

/// Menu ids granted to the roles, ignoring roles of other tenants or deleted ones.
pub async fn granted_menu_ids(db: &DatabaseConnection, tenant_id: &str, role_ids: &[i64]) -> Result<HashSet<i64>, AppError> {
    let live = live_role_ids(db, tenant_id, role_ids).await?;
    if live.is_empty() {
        return Ok(HashSet::new());
    }
    Ok(role_menu::Entity::find().filter(role_menu::Column::RoleId.is_in(live)).all(db).await?.into_iter().map(|g| g.menu_id).collect())
}

/// Permission codes straight from this service's own grant tables.
pub struct LocalPermissions {
    db: DatabaseConnection,
    menus: MenuCache,
    cache: moka::future::Cache<String, Arc<HashSet<String>>>,
}

impl LocalPermissions {
    pub fn new(db: DatabaseConnection, menus: MenuCache) -> Self {
        LocalPermissions {
            db,
            menus,
            cache: moka::future::Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build(),
        }
    }
}

#[async_trait]
impl PermissionSource for LocalPermissions {
    async fn codes_of_roles(&self, tenant_id: &str, role_ids: &[i64]) -> Result<Arc<HashSet<String>>, AppError> {
        let mut sorted = role_ids.to_vec();
        sorted.sort_unstable();
        let key = format!("{tenant_id}:{sorted:?}");
        if let Some(v) = self.cache.get(&key).await {
            return Ok(v);
        }
        let ids = granted_menu_ids(&self.db, tenant_id, &sorted).await?;
        let codes: HashSet<String> = self.menus.all().await?.iter().filter(|m| ids.contains(&m.id)).map(|m| m.code.clone()).collect();
        let codes = Arc::new(codes);
        self.cache.insert(key, codes.clone()).await;
        Ok(codes)
    }
}
