//! What every business handler shares.
use keeper_client::ResourceClient;
use keeper_common::config::Settings;
use std::sync::Arc;

use keeper_security::{DataScopeSource, PermissionGuard};
use sea_orm::DatabaseConnection;

use crate::reference::ReferenceCache;

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub guard: PermissionGuard,
    pub scopes: Arc<dyn DataScopeSource>,
    /// The tenant's departments and dictionaries, owned by the system service.
    pub reference: ReferenceCache,
    /// The attachment register, owned by the resource service: files are linked to projects only once it
    /// vouches for them.
    pub resource: ResourceClient,
    /// The public big screen's answers, per tenant, for a few minutes.
    pub screens: crate::data_analysis::cache::ScreenCache,
    /// The enterprise register's list totals, kept until the tenant's next write to the register.
    pub enterprise_totals: keeper_db::totals::Totals,
    /// Each tenant's generation of the output reports, bumped after each committed write to them.
    pub output_reports: keeper_db::totals::Generations,
    /// The months of 产值填报 as each scope sees them, kept between the tenant's writes (`kept.rs`).
    pub output_months: crate::kept::Kept<Vec<crate::output::report::month::Row>>,
    /// The pages of 产值填报 per scope, month, filter and page, kept between the tenant's writes.
    pub output_pages: crate::kept::Kept<crate::output::report::paged::MonthPage>,
    /// The completeness views per scope, month and filter, kept between the tenant's writes.
    pub output_counts: crate::kept::Kept<crate::output::report::paged::Counted>,
    /// The pieces of 产值统计 per scope and query, kept between the tenant's writes.
    pub output_pieces: crate::kept::Kept<Vec<crate::output::stats::shape::Piece>>,
}
