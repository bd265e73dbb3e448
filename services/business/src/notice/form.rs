//! `noticeManager/submit`: a new notice (no `id`) or an edit of a draft or withdrawn one. Each refusal
//! names the field and the reason; whether the departments, roles, category and files are the tenant's is
//! `mod.rs`'s check.
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

/// The longest title.
pub const MAX_TITLE: usize = 100;
/// Departments and roles of one audience, at most each (what the stored lists hold).
pub const MAX_AUDIENCE: usize = 100;
/// Files of one notice, at most.
pub const MAX_FILES: usize = 20;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeForm {
    pub id: Option<String>,
    pub title: Option<String>,
    /// `notice_category` key.
    pub category: Option<String>,
    /// HTML from the rich-text editor.
    pub content: Option<String>,
    /// Departments addressed (each with those below it); with `roleIds` empty too, everyone.
    pub dept_ids: Option<Vec<String>>,
    pub role_ids: Option<Vec<String>>,
    /// Uploaded files (`attachId` of each upload) the notice carries.
    pub attach_ids: Option<Vec<String>>,
}

/// A checked notice form.
#[derive(Debug, Clone, PartialEq)]
pub struct NoticeInput {
    pub id: Option<i64>,
    pub title: String,
    pub category: String,
    /// Sanitised.
    pub content: String,
    pub dept_ids: Vec<i64>,
    pub role_ids: Vec<i64>,
    pub attach_ids: Vec<i64>,
}

/// The ids of a list field, without repeats, in the order sent.
fn ids(field: &str, raw: Option<Vec<String>>, max: usize) -> Result<Vec<i64>, AppError> {
    let mut out = Vec::new();
    for s in raw.unwrap_or_default().iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        out.push(keeper_common::id::parse(s).ok_or_else(|| AppError::field(field, format!("不是有效的ID: {s}")))?);
    }
    let out = keeper_common::id::distinct(out);
    if out.len() > max {
        return Err(AppError::field(field, format!("最多{max}项")));
    }
    Ok(out)
}

impl NoticeForm {
    pub fn from_json(body: &Map<String, Value>) -> Result<NoticeForm, AppError> {
        keeper_common::form::from_json(body)
    }

    pub fn validate(self) -> Result<NoticeInput, AppError> {
        let id = match self.id.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(s) => Some(keeper_common::id::parse(s).ok_or_else(|| AppError::field("id", "不是有效的ID"))?),
        };
        Ok(NoticeInput {
            id,
            title: trimmed("title", self.title, MAX_TITLE, true)?,
            category: trimmed("category", self.category, 2, true)?,
            content: super::content::sanitise("content", self.content.as_deref().unwrap_or_default())?,
            dept_ids: ids("deptIds", self.dept_ids, MAX_AUDIENCE)?,
            role_ids: ids("roleIds", self.role_ids, MAX_AUDIENCE)?,
            attach_ids: ids("attachIds", self.attach_ids, MAX_FILES)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(v: Value) -> Result<NoticeInput, AppError> {
        NoticeForm::from_json(v.as_object().unwrap())?.validate()
    }

    fn refused(v: Value) -> (String, String) {
        match form(v) {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_notice_form_is_checked_field_by_field() {
        let ok = serde_json::json!({
            "title": " 停电通知 ", "category": "1", "content": "<p>周六停电</p>",
            "deptIds": ["12", "12", "13"], "roleIds": [], "attachIds": ["7"]
        });
        let input = form(ok.clone()).unwrap();
        assert_eq!(input.title, "停电通知");
        assert_eq!(input.dept_ids, vec![12, 13], "repeats dropped, order kept");
        assert!(input.role_ids.is_empty() && input.id.is_none());
        let with = |k: &str, v: Value| {
            let mut o = ok.clone();
            o[k] = v;
            o
        };
        assert_eq!(refused(with("title", "".into())).0, "title");
        assert_eq!(refused(with("title", "字".repeat(MAX_TITLE + 1).into())).0, "title");
        assert_eq!(refused(with("category", Value::Null)).0, "category");
        assert_eq!(refused(with("content", "<script>x</script>".into())).0, "content");
        assert_eq!(refused(with("deptIds", serde_json::json!(["x"]))).0, "deptIds");
        assert_eq!(refused(with("roleIds", "12".into())).0, "roleIds", "not a list");
        assert_eq!(refused(with("id", "abc".into())).0, "id");
        let many: Vec<String> = (1..=MAX_FILES as i64 + 1).map(|i| i.to_string()).collect();
        assert_eq!(refused(with("attachIds", serde_json::json!(many))).0, "attachIds");
    }
}
