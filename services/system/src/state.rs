//! What every system handler shares, and the short-lived caches of hot reads.
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use keeper_client::AuthClient;
use keeper_common::AppError;
use keeper_common::config::Settings;
use keeper_common::envelope::Rendered;
use keeper_runtime::writes::ReadCache;
use keeper_security::{PermissionGuard, PermissionSource};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};

use crate::dicts::lookup::DictItem;
use crate::entity::{menu, role, role_menu};
use crate::navigation::MenuNode;
use crate::users::repo::Names;
use crate::users::view::UserView;

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub auth: AuthClient,
    pub menus: MenuCache,
    pub guard: PermissionGuard,
    /// `user/info` answers per account, until this process's next write (`users::profile::view`).
    pub own_views: ReadCache<Rendered<UserView>>,
    /// The role, department, post and tenant names of each tenant's account views (`users::view`).
    pub user_labels: ReadCache<Arc<Names>>,
    /// `dict[-biz]/dictionary[-tree]` answers per dictionary (and tenant), until this process's next write
    /// (`dicts::lookup::answer`).
    pub dict_answers: ReadCache<Rendered<Vec<DictItem>>>,
}

/// All live menus and buttons (a few hundred rows, read by every route and button request), and the
/// permission codes derived from them and the role grants.
///
/// Both are kept one second. A change made through this process calls `invalidate`, which moves every
/// reader to a new generation at once; other replicas of the system service see it when their second is up,
/// and other services when their own code cache expires (five seconds, `keeper_client::SystemClient`).
/// No invalidation traffic crosses processes.
#[derive(Clone)]
pub struct MenuCache {
    db: DatabaseConnection,
    /// Bumped by `invalidate`: entries are keyed by generation, so a load that started before a change
    /// can never be read after it.
    generation: Arc<AtomicU64>,
    cache: moka::future::Cache<u64, Arc<Vec<menu::Model>>>,
    codes: moka::future::Cache<String, Arc<HashSet<String>>>,
    /// Serialised `menu/routes` and `menu/buttons` answers per caller shape (`navigation`).
    answers: moka::future::Cache<String, Rendered<Vec<MenuNode>>>,
}

impl MenuCache {
    pub fn new(db: DatabaseConnection) -> Self {
        MenuCache {
            db,
            generation: Arc::new(AtomicU64::new(0)),
            cache: moka::future::Cache::builder().max_capacity(2).time_to_live(Duration::from_secs(1)).build(),
            codes: moka::future::Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build(),
            answers: moka::future::Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build(),
        }
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub async fn all(&self) -> Result<Arc<Vec<menu::Model>>, AppError> {
        let db = self.db.clone();
        self.cache
            .try_get_with(self.generation(), async move {
                let rows = menu::Entity::find()
                    .filter(menu::Column::IsDeleted.eq(0))
                    .order_by_asc(menu::Column::Sort)
                    .order_by_asc(menu::Column::Id)
                    .all(&db)
                    .await?;
                Ok::<_, AppError>(Arc::new(rows))
            })
            .await
            .map_err(AppError::shared)
    }

    /// The answer cached under `key` in this generation, or `load`'s (concurrent misses of one key wait for
    /// one load; a failed load is not kept).
    pub async fn answer<F>(&self, key: String, load: F) -> Result<Rendered<Vec<MenuNode>>, AppError>
    where
        F: std::future::Future<Output = Result<Rendered<Vec<MenuNode>>, AppError>>,
    {
        let key = format!("{}:{key}", self.generation());
        self.answers.try_get_with(key, load).await.map_err(AppError::shared)
    }

    /// Forgets the menus and every permission code set: call after changing menus, grants, top menus or
    /// scope rules.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache.invalidate_all();
        self.codes.invalidate_all();
        self.answers.invalidate_all();
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

/// Permission codes straight from this service's own grant tables, cached with the menus they come from.
pub struct LocalPermissions {
    db: DatabaseConnection,
    menus: MenuCache,
}

impl LocalPermissions {
    pub fn new(db: DatabaseConnection, menus: MenuCache) -> Self {
        LocalPermissions { db, menus }
    }
}

#[async_trait]
impl PermissionSource for LocalPermissions {
    async fn codes_of_roles(&self, tenant_id: &str, role_ids: &[i64]) -> Result<Arc<HashSet<String>>, AppError> {
        let mut sorted = role_ids.to_vec();
        sorted.sort_unstable();
        let key = format!("{}:{tenant_id}:{sorted:?}", self.menus.generation());
        // Concurrent misses of one role set wait for one load.
        let load = async {
            let ids = granted_menu_ids(&self.db, tenant_id, &sorted).await?;
            let codes: HashSet<String> = self.menus.all().await?.iter().filter(|m| ids.contains(&m.id)).map(|m| m.code.clone()).collect();
            Ok::<_, AppError>(Arc::new(codes))
        };
        self.menus.codes.try_get_with(key, load).await.map_err(AppError::shared)
    }
}
