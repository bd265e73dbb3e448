//! The body of `post/submit`, checked field by field: every refusal names its field.
use keeper_common::AppError;
use keeper_common::fields::{self, int, opt_text};
use serde_json::{Map, Value};

use crate::depts::form::{int_in, required};

/// A checked `post/submit` body. `None` means "not sent": required on create, kept on update.
#[derive(Debug, Default, PartialEq)]
pub struct PostInput {
    pub id: Option<i64>,
    pub post_code: Option<String>,
    pub post_name: Option<String>,
    pub category: Option<i32>,
    pub sort: Option<i32>,
    pub remark: Option<String>,
}

impl PostInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<PostInput, AppError> {
        let id = fields::id(body, "id")?;
        let creating = id.is_none();
        let post_code = opt_text(body, "postCode", 12)?;
        if creating || post_code.is_some() {
            required("postCode", post_code.clone())?;
        }
        let post_name = opt_text(body, "postName", 64)?;
        if creating || post_name.is_some() {
            required("postName", post_name.clone())?;
        }
        let category = int_in(body, "category", 1..=4, "1(高层)、2(中层)、3(基层) 或 4(其他)")?;
        if creating && category.is_none() {
            return Err(AppError::field("category", "不能为空"));
        }
        Ok(PostInput { id, post_code, post_name, category, sort: int(body, "sort")?, remark: opt_text(body, "remark", 255)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(v: Value) -> String {
        match PostInput::from_json(v.as_object().unwrap()).unwrap_err() {
            AppError::Field { field, .. } => field,
            other => panic!("not a field error: {other}"),
        }
    }

    #[test]
    fn a_new_post_needs_a_code_a_name_and_a_category() {
        let ok = PostInput::from_json(json!({ "postCode": " hr ", "postName": "人事", "category": "3", "sort": "2" }).as_object().unwrap())
            .unwrap();
        assert_eq!(
            ok,
            PostInput {
                post_code: Some("hr".into()),
                post_name: Some("人事".into()),
                category: Some(3),
                sort: Some(2),
                ..Default::default()
            }
        );
        assert_eq!(field(json!({ "postName": "人事", "category": 1 })), "postCode");
        assert_eq!(field(json!({ "postCode": "hr", "category": 1 })), "postName");
        assert_eq!(field(json!({ "postCode": "hr", "postName": "人事" })), "category");
        assert_eq!(field(json!({ "postCode": "hr", "postName": "人事", "category": 5 })), "category");
        assert_eq!(field(json!({ "postCode": "a".repeat(13), "postName": "人事", "category": 1 })), "postCode");
        assert_eq!(field(json!({ "postCode": "hr", "postName": "名".repeat(65), "category": 1 })), "postName");
    }

    #[test]
    fn an_update_keeps_what_it_does_not_send_but_never_blanks_the_name() {
        let u = PostInput::from_json(json!({ "id": 5, "remark": "x" }).as_object().unwrap()).unwrap();
        assert_eq!(u, PostInput { id: Some(5), remark: Some("x".into()), ..Default::default() });
        assert_eq!(field(json!({ "id": "5", "postName": " " })), "postName");
    }
}
