//! The big screen's answers, built once per tenant and kept a few minutes (domain-model §4: "responses
//! should be cached for 5–10 minutes and refreshed by polling every 60 s"). A wall of screens polling
//! every minute then costs the database one build per tenant per five minutes, and each poll is a copy of
//! bytes already serialised. Concurrent misses of one tenant wait for one build. "Not open" is not kept
//! (it is an error, which the cache does not hold): it costs a look at the tenant's cached reference. Saving
//! 园区设置 drops the tenant's copy on the instance that saved it (`forget`): the screen opens, narrows or
//! closes at once there, and on other replicas within their reference's few seconds (a copy built for
//! other widgets is not served); new figures reach them within this copy's minutes. Each instance keeps its own copies: replicas build at most once each per period.
use std::sync::Arc;
use std::time::Duration;

use actix_web::web::Bytes;
use keeper_common::{AppError, R};

use super::setting::{self, WIDGETS_PARAM, Widget};
use crate::state::AppState;

/// How long a built screen is served.
pub const FRESH: Duration = Duration::from_secs(300);
/// Tenants kept (a province's zones, with room).
const CAPACITY: u64 = 2_000;

/// A tenant's answer: the envelope's bytes, and the widgets it was built for.
#[derive(Clone)]
struct Built {
    widgets: Vec<Widget>,
    body: Bytes,
}

pub struct ScreenCache {
    answers: moka::future::Cache<String, Built>,
}

impl Default for ScreenCache {
    fn default() -> Self {
        ScreenCache { answers: moka::future::Cache::builder().max_capacity(CAPACITY).time_to_live(FRESH).build() }
    }
}

impl ScreenCache {
    /// The serialised answer of `tenant`'s screen; 404 when the tenant has not opened it (or does not
    /// exist: the two are not told apart, so the screen does not reveal which tenants exist). The widgets
    /// public now are asked on every call (the tenant's reference, a few seconds old at most): a copy built
    /// for others — a widget since withdrawn — is never served.
    pub async fn screen(&self, state: &AppState, tenant: &str) -> Result<Bytes, AppError> {
        let r = state.reference.of(tenant).await?;
        let widgets = setting::public_widgets(r.param(WIDGETS_PARAM));
        if widgets.is_empty() {
            return Err(AppError::NotFound("该园区未开放数据大屏".into()));
        }
        if let Some(built) = self.answers.get(tenant).await {
            if built.widgets == widgets {
                return Ok(built.body);
            }
            self.answers.invalidate(tenant).await;
        }
        let build = async {
            let screen = super::read(state, tenant, &r, widgets.clone()).await?;
            let body = serde_json::to_vec(&R::data(screen)).map_err(|e| AppError::Internal(e.into()))?;
            Ok(Built { widgets: widgets.clone(), body: Bytes::from(body) })
        };
        let built = self.answers.try_get_with_by_ref(tenant, build).await.map_err(|e: Arc<AppError>| AppError::shared(e))?;
        Ok(built.body)
    }

    /// Drops the tenant's built screen (its settings changed): the next visit builds it anew.
    pub async fn forget(&self, tenant: &str) {
        self.answers.invalidate(tenant).await;
    }
}
