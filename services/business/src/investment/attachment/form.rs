//! What a person sends to link files or to list them: parsed here, with the field named on every refusal.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

/// The most files one link form names (a page of site photos).
pub const MAX_FILES: usize = 50;

/// `projectAttachment/submit`: files just uploaded (`attachId` of each upload) to link to a project, or
/// with `reportId` to one of its monthly reports, all under one category.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkForm {
    pub project_id: Option<String>,
    pub report_id: Option<String>,
    /// `attachment_category` key.
    pub category: Option<String>,
    pub attach_ids: Option<Vec<String>>,
}

/// A checked link form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linking {
    pub project_id: i64,
    pub report_id: Option<i64>,
    pub category: String,
    /// Without repeats, in the order sent.
    pub attach_ids: Vec<i64>,
}

fn required_id(field: &str, v: Option<String>) -> Result<i64, AppError> {
    optional_id(field, v)?.ok_or_else(|| AppError::field(field, "不能为空"))
}

fn optional_id(field: &str, v: Option<String>) -> Result<Option<i64>, AppError> {
    match v.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => keeper_common::id::parse(s).map(Some).ok_or_else(|| AppError::field(field, "不是有效的ID")),
    }
}

impl LinkForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<LinkForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// The form's shape; whether the category is one of the tenant's is the caller's check.
    pub fn validate(self) -> Result<Linking, AppError> {
        let project_id = required_id("projectId", self.project_id)?;
        let report_id = optional_id("reportId", self.report_id)?;
        let category = trimmed("category", self.category, 2, true)?;
        let raw = self.attach_ids.unwrap_or_default();
        let mut attach_ids = Vec::with_capacity(raw.len());
        for s in raw {
            attach_ids.push(keeper_common::id::parse(&s).ok_or_else(|| AppError::field("attachIds", format!("不是有效的ID: {s}")))?);
        }
        let attach_ids = keeper_common::id::distinct(attach_ids);
        if attach_ids.is_empty() {
            return Err(AppError::field("attachIds", "请先上传文件"));
        }
        if attach_ids.len() > MAX_FILES {
            return Err(AppError::field("attachIds", format!("一次最多关联 {MAX_FILES} 个文件")));
        }
        Ok(Linking { project_id, report_id, category, attach_ids })
    }
}

/// `projectAttachment/list?projectId=&reportId=`: a project's own files, or one of its reports' photos.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub project_id: Option<String>,
    pub report_id: Option<String>,
}

impl ListQuery {
    /// `(project, report)`.
    pub fn parse(self) -> Result<(i64, Option<i64>), AppError> {
        Ok((required_id("projectId", self.project_id)?, optional_id("reportId", self.report_id)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> Result<Linking, AppError> {
        LinkForm::from_json(v.as_object().unwrap())?.validate()
    }

    fn refused_field(v: Value) -> String {
        match form(v) {
            Err(AppError::Field { field, .. }) => field,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn a_link_form_names_the_field_it_refuses() {
        let ok = json!({ "projectId": "7", "category": "3", "attachIds": ["11", "12", "11"] });
        assert_eq!(
            form(ok.clone()).unwrap(),
            Linking { project_id: 7, report_id: None, category: "3".into(), attach_ids: vec![11, 12] },
            "repeats are dropped"
        );
        let mut with_report = ok.clone();
        with_report["reportId"] = json!("9");
        assert_eq!(form(with_report).unwrap().report_id, Some(9));
        for (patch, field) in [
            (json!({ "projectId": null }), "projectId"),
            (json!({ "projectId": "x" }), "projectId"),
            (json!({ "reportId": "r" }), "reportId"),
            (json!({ "category": " " }), "category"),
            (json!({ "category": "123" }), "category"),
            (json!({ "attachIds": [] }), "attachIds"),
            (json!({ "attachIds": ["1", "forged"] }), "attachIds"),
            (json!({ "attachIds": "1,2" }), "attachIds"),
            (json!({ "attachIds": (0..51).map(|i| i.to_string()).collect::<Vec<_>>() }), "attachIds"),
        ] {
            let mut body = ok.clone();
            body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
            assert_eq!(refused_field(body.clone()), field, "{body}");
        }
    }

    #[test]
    fn a_list_needs_its_project() {
        assert_eq!(ListQuery { project_id: Some("5".into()), report_id: Some("".into()) }.parse().unwrap(), (5, None));
        assert!(matches!(ListQuery::default().parse(), Err(AppError::Field { field, .. }) if field == "projectId"));
    }
}
