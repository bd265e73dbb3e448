//! The enterprise a row of an imported sheet names (产值填报, 年度产值分解, 摸底分解): by its unified social
//! credit code, or by its name when the code is left empty and the name is one enterprise's, among the
//! enterprises the importer sees. Another tenant's, one outside the scope and none at all read alike.
use std::collections::HashMap;
use std::sync::Arc;

use keeper_common::AppError;
use keeper_excel::{Report, Row, Sheet};
use keeper_security::CurrentUser;

use crate::entity::enterprise;
use crate::output::report::{repo, scope};
use crate::reference::Reference;
use crate::state::AppState;

/// The sheet column of the credit code.
pub const CODE: &str = "creditCode";
/// The sheet column of the enterprise's name.
pub const NAME: &str = "enterpriseName";

/// The enterprises the importer sees, by credit code and by name (a name may be several's).
pub struct Named<'e> {
    by_code: HashMap<&'e str, &'e enterprise::Model>,
    by_name: HashMap<&'e str, Vec<&'e enterprise::Model>>,
}

impl<'e> Named<'e> {
    pub fn new(seen: &'e [enterprise::Model]) -> Self {
        let mut by_name: HashMap<&str, Vec<&enterprise::Model>> = HashMap::new();
        for e in seen {
            by_name.entry(e.enterprise_name.as_str()).or_default().push(e);
        }
        Named { by_code: seen.iter().map(|e| (e.credit_code.as_str(), e)).collect(), by_name }
    }

    /// The enterprise `row` names, or the refusal under the column it is about.
    pub fn of(&self, row: &Row) -> Result<&'e enterprise::Model, AppError> {
        if let Some(code) = row.text(CODE) {
            // Codes are stored in capitals; a clerk may type them in either case.
            return self.by_code.get(code.to_ascii_uppercase().as_str()).copied().ok_or_else(|| AppError::field(CODE, "企业不存在"));
        }
        let Some(name) = row.text(NAME) else { return Err(AppError::field(CODE, "请填写统一社会信用代码")) };
        match self.by_name.get(name.as_str()).map(Vec::as_slice) {
            Some([e]) => Ok(e),
            None | Some([]) => Err(AppError::field(NAME, "企业不存在")),
            Some(_) => Err(AppError::field(NAME, "企业名称不唯一，请填写统一社会信用代码")),
        }
    }
}

/// An uploaded sheet read against its layout (`layout` of the tenant's dictionaries), with what naming
/// its enterprises needs.
pub struct Upload {
    pub reference: Arc<Reference>,
    pub sheet: Sheet,
    pub rows: Vec<Row>,
    /// The problems of the cells that did not parse; the importer adds those of its rules.
    pub report: Report,
    pub scope: scope::Scope,
    /// The live enterprises of the tenant the importer's scope admits, for [`Named`].
    pub seen: Vec<enterprise::Model>,
}

pub async fn read(state: &AppState, me: &CurrentUser, bytes: &[u8], layout: fn(&Reference) -> Sheet) -> Result<Upload, AppError> {
    let reference = state.reference.fresh(&me.tenant_id).await?;
    let sheet = layout(&reference);
    let parsed = keeper_excel::read(bytes, &sheet)?;
    let scope = scope::resolve(state, me).await?;
    let seen = repo::enterprises(&state.db, &me.tenant_id, &scope).await?;
    Ok(Upload { reference, sheet, rows: parsed.rows, report: parsed.report, scope, seen })
}
