//! An attachment link as the web shows it: the row, the category's name, and the report it belongs to.
use schemars::JsonSchema;
use serde::Serialize;

use super::repo::OwnerKind;
use crate::entity::attachment;
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    #[serde(flatten)]
    pub row: attachment::Model,
    pub category_name: String,
    /// The report whose photo this is; null on a project's own files.
    pub report_id: Option<String>,
}

pub fn view(row: attachment::Model, r: &Reference) -> AttachmentView {
    let report_id = (OwnerKind::of_code(&row.owner_kind) == Some(OwnerKind::Report)).then(|| row.owner_id.to_string());
    AttachmentView { category_name: r.label("attachment_category", &row.category), report_id, row }
}
