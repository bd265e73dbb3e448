//! The body of `dept/submit`, checked field by field (every refusal names its field), and the lenient
//! readers of JSON values that `post/submit` shares: antd forms send numbers as strings and `""` for "none".
use keeper_common::AppError;
use keeper_common::fields::{self, int, opt_text};
use serde_json::{Map, Value};

/// A text that must be present and not blank.
pub fn required(field: &str, v: Option<String>) -> Result<String, AppError> {
    v.filter(|s| !s.is_empty()).ok_or_else(|| AppError::field(field, "不能为空"))
}

/// An integer field that, when given, must lie in `range`; `what` lists the allowed values for the message.
pub fn int_in(body: &Map<String, Value>, field: &str, range: std::ops::RangeInclusive<i32>, what: &str) -> Result<Option<i32>, AppError> {
    match int(body, field)? {
        Some(v) if !range.contains(&v) => Err(AppError::field(field, format!("取值应为 {what}"))),
        other => Ok(other),
    }
}

pub const CATEGORY_COMPANY: i32 = 1;
pub const CATEGORY_DEPARTMENT: i32 = 2;
/// `dept_power_type` 5, 其他(只读): no jurisdiction of its own.
pub const POWER_TYPE_READ_ONLY: i32 = 5;

/// A checked `dept/submit` body. `None` means "not sent": required on create, kept on update.
#[derive(Debug, Default, PartialEq)]
pub struct DeptInput {
    pub id: Option<i64>,
    /// `Some(0)` moves to the top level; `null` and `""` mean the top level too.
    pub parent_id: Option<i64>,
    pub dept_name: Option<String>,
    pub full_name: Option<String>,
    pub dept_category: Option<i32>,
    /// Checked against the dictionary `dept_power_type` by the caller, which reads it.
    pub power_type: Option<i32>,
    pub sort: Option<i32>,
    pub remark: Option<String>,
}

impl DeptInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<DeptInput, AppError> {
        // Absent, `null` and `""` mean "create".
        let id = fields::id(body, "id")?;
        let creating = id.is_none();
        // Absent keeps the parent; `null` and `""` move to the top level.
        let parent_id = if body.contains_key("parentId") { Some(fields::id(body, "parentId")?.unwrap_or(0)) } else { None };
        let dept_name = opt_text(body, "deptName", 45)?;
        if creating || dept_name.is_some() {
            required("deptName", dept_name.clone())?;
        }
        let mut dept_category = int_in(body, "deptCategory", 1..=3, "1(公司)、2(部门) 或 3(小组)")?;
        let mut power_type = int(body, "powerType")?;
        // A BladeX client (Sword) knows neither field on create: a top-level unit is a company and one
        // below it a department (BladeX's own org_category values), and a unit nobody gave a power type
        // has no jurisdiction: 5 其他(只读) (domain-model §5.5) until an administrator chooses one.
        if creating {
            let top = parent_id.unwrap_or(0) == 0;
            dept_category = dept_category.or(Some(if top { CATEGORY_COMPANY } else { CATEGORY_DEPARTMENT }));
            power_type = power_type.or(Some(POWER_TYPE_READ_ONLY));
        }
        Ok(DeptInput {
            id,
            parent_id,
            dept_name,
            full_name: opt_text(body, "fullName", 100)?,
            dept_category,
            power_type,
            sort: int(body, "sort")?,
            remark: opt_text(body, "remark", 255)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<DeptInput, AppError> {
        DeptInput::from_json(v.as_object().unwrap())
    }

    fn field(v: Value) -> String {
        match parse(v).unwrap_err() {
            AppError::Field { field, .. } => field,
            other => panic!("not a field error: {other}"),
        }
    }

    #[test]
    fn a_new_department_needs_a_name_and_takes_default_category_and_power_type() {
        let ok = parse(json!({ "deptName": " 办公室 ", "deptCategory": "2", "powerType": 1, "parentId": "" })).unwrap();
        assert_eq!(ok.dept_name.as_deref(), Some("办公室"));
        assert_eq!((ok.parent_id, ok.dept_category, ok.power_type), (Some(0), Some(2), Some(1)));
        assert_eq!(field(json!({ "deptCategory": 2, "powerType": 1 })), "deptName");
        assert_eq!(field(json!({ "deptName": " ", "deptCategory": 2, "powerType": 1 })), "deptName");
        // What a BladeX client sends: neither category nor power type.
        let top = parse(json!({ "deptName": "a" })).unwrap();
        assert_eq!((top.dept_category, top.power_type), (Some(1), Some(5)));
        let child = parse(json!({ "deptName": "a", "parentId": "12" })).unwrap();
        assert_eq!((child.dept_category, child.power_type), (Some(2), Some(5)));
        let kept = parse(json!({ "deptName": "a", "deptCategory": 3, "powerType": 2 })).unwrap();
        assert_eq!((kept.dept_category, kept.power_type), (Some(3), Some(2)));
    }

    #[test]
    fn bad_values_name_their_field() {
        let base = |k: &str, v: Value| {
            let mut m = json!({ "deptName": "a", "deptCategory": 1, "powerType": 1 });
            m[k] = v;
            m
        };
        assert_eq!(field(base("deptName", json!("名".repeat(46)))), "deptName");
        assert_eq!(field(base("deptCategory", json!(4))), "deptCategory");
        assert_eq!(field(base("deptCategory", json!("x"))), "deptCategory");
        assert_eq!(field(base("parentId", json!("abc"))), "parentId");
        assert_eq!(field(base("parentId", json!(-3))), "parentId");
        assert_eq!(field(base("sort", json!(1.5))), "sort");
        assert_eq!(field(base("fullName", json!(["x"]))), "fullName");
        assert_eq!(field(base("id", json!("x1"))), "id");
        assert!(parse(base("deptName", json!("名".repeat(45)))).is_ok());
    }

    #[test]
    fn an_update_keeps_what_it_does_not_send() {
        let u = parse(json!({ "id": "12", "sort": 3 })).unwrap();
        assert_eq!(u, DeptInput { id: Some(12), sort: Some(3), ..Default::default() });
        assert_eq!(field(json!({ "id": "12", "deptName": "" })), "deptName");
    }
}
