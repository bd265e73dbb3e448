//! The account form of `user/submit` and its validation: every refusal names the field and the reason.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// Roles, departments and posts a user may hold at most: 50 ids of 19 digits fit the 1000-character columns.
const MAX_IDS: usize = 50;

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub account: Option<String>,
    /// md5 hex, like every password on the wire; read on create only.
    pub password: Option<String>,
    pub code: Option<String>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub user_type: Option<i32>,
    pub name: Option<String>,
    pub real_name: Option<String>,
    pub avatar: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::time::opt_local")]
    pub birthday: Option<DateTime<Utc>>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub sex: Option<i32>,
    /// Id lists arrive comma-joined (Sword) or as arrays (antd multi-selects); read leniently with field errors.
    pub role_id: Option<Value>,
    pub dept_id: Option<Value>,
    pub post_id: Option<Value>,
}

/// A checked form. `None` means "not sent": kept on update, defaulted on create.
#[derive(Debug, Default)]
pub struct UserInput {
    pub account: Option<String>,
    pub code: Option<String>,
    pub user_type: Option<i32>,
    pub name: Option<String>,
    pub real_name: Option<String>,
    pub avatar: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub birthday: Option<DateTime<Utc>>,
    pub sex: Option<i32>,
    pub role_ids: Option<Vec<i64>>,
    pub dept_ids: Option<Vec<i64>>,
    pub post_ids: Option<Vec<i64>>,
}

impl UserForm {
    /// Checks the fields; on create the account and real name are required.
    pub fn validate(self, creating: bool) -> Result<UserInput, AppError> {
        // Only sent values are read: `None` must stay "not sent" for an update to keep the current value.
        let account = self.account.map(|v| trimmed("account", Some(v), 45, false)).transpose()?;
        match account.as_deref() {
            None if creating => return Err(AppError::field("account", "不能为空")),
            Some("") => return Err(AppError::field("account", "不能为空")),
            Some(a) if !a.chars().all(|c| c.is_ascii_alphanumeric() || "_.@-".contains(c)) => {
                return Err(AppError::field("account", "只能包含字母、数字和 _ . @ -"));
            }
            _ => {}
        }
        let real_name = self.real_name.map(|v| trimmed("realName", Some(v), 20, false)).transpose()?;
        if (creating && real_name.is_none()) || real_name.as_deref() == Some("") {
            return Err(AppError::field("realName", "不能为空"));
        }
        let email = self.email.map(|v| trimmed("email", Some(v), 45, false)).transpose()?;
        if let Some(e) = email.as_deref().filter(|e| !e.is_empty()) {
            let plausible = e.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'));
            if !plausible {
                return Err(AppError::field("email", "不是有效的邮箱地址"));
            }
        }
        let phone = self.phone.map(|v| trimmed("phone", Some(v), 20, false)).transpose()?;
        if phone.as_deref().is_some_and(|p| !p.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c))) {
            return Err(AppError::field("phone", "不是有效的电话号码"));
        }
        if self.sex.is_some_and(|s| !(0..=2).contains(&s)) {
            return Err(AppError::field("sex", "取值应为 1(男) 或 2(女)"));
        }
        if let Some(b) = self.birthday {
            keeper_common::time::past_date("birthday", b.with_timezone(&keeper_common::time::zone()).date_naive())?;
        }
        if self.user_type.is_some_and(|t| !(1..=3).contains(&t)) {
            return Err(AppError::field("userType", "取值应为 1(WEB)、2(APP) 或 3(其他)"));
        }
        Ok(UserInput {
            account,
            code: self.code.map(|v| trimmed("code", Some(v), 12, false)).transpose()?,
            user_type: self.user_type,
            name: self.name.map(|v| trimmed("name", Some(v), 20, false)).transpose()?,
            real_name,
            avatar: self.avatar.map(|v| trimmed("avatar", Some(v), 500, false)).transpose()?,
            email,
            phone,
            birthday: self.birthday,
            sex: self.sex,
            role_ids: id_list("roleId", self.role_id)?,
            dept_ids: id_list("deptId", self.dept_id)?,
            post_ids: id_list("postId", self.post_id)?,
        })
    }

    /// The md5 hex password a new account needs.
    pub fn new_password(&self) -> Result<String, AppError> {
        let p = self.password.as_deref().map(str::trim).unwrap_or("").to_ascii_lowercase();
        if p.is_empty() {
            return Err(AppError::field("password", "不能为空"));
        }
        if !keeper_security::password::is_md5_hex(&p) {
            return Err(AppError::field("password", "格式不正确"));
        }
        Ok(p)
    }
}

/// `"1,2"`, `["1","2"]`, `[1,2]`, `""` and `null` are all accepted; anything else is a field error.
pub fn id_list(field: &str, v: Option<Value>) -> Result<Option<Vec<i64>>, AppError> {
    let parsed = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => keeper_common::id::parse_list(&s).map_err(|r| AppError::field(field, r))?,
        Some(Value::Number(n)) => vec![n.as_i64().ok_or_else(|| AppError::field(field, "不是有效的ID"))?],
        Some(Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    Value::String(s) => out.extend(keeper_common::id::parse_list(&s).map_err(|r| AppError::field(field, r))?),
                    Value::Number(n) => out.push(n.as_i64().ok_or_else(|| AppError::field(field, "不是有效的ID"))?),
                    _ => return Err(AppError::field(field, "不是有效的ID")),
                }
            }
            out
        }
        Some(_) => return Err(AppError::field(field, "应为逗号分隔的ID")),
    };
    // Repeats are dropped (first order kept) before the bound, which is what the column can hold.
    let ids = keeper_common::id::distinct(parsed);
    if ids.len() > MAX_IDS {
        return Err(AppError::field(field, format!("最多 {MAX_IDS} 项")));
    }
    Ok(Some(ids))
}

/// A comma-joined list of ids an account is to hold (`user/grant`, `user/audit`), read like the lists of
/// `user/submit`, so that it fits the account's column just the same.
pub fn held_ids(field: &str, raw: &str) -> Result<Vec<i64>, AppError> {
    Ok(id_list(field, Some(Value::String(raw.to_string())))?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use keeper_common::form::from_json;
    use serde_json::json;

    fn form(v: Value) -> UserForm {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn accounts_are_required_on_create_and_limited_to_a_safe_alphabet() {
        let e = form(json!({ "realName": "张三" })).validate(true).unwrap_err();
        assert_eq!(e.to_string(), "account: 不能为空");
        let e = form(json!({ "account": "zhang san", "realName": "张三" })).validate(true).unwrap_err();
        assert!(e.to_string().starts_with("account:"), "{e}");
        let e = form(json!({ "account": "a".repeat(46), "realName": "张三" })).validate(true).unwrap_err();
        assert!(e.to_string().starts_with("account:"), "{e}");
        assert!(form(json!({ "account": "zhang.san@zone-1_a", "realName": "张三" })).validate(true).is_ok());
        // On update an absent account keeps the current one.
        assert!(form(json!({ "id": "1" })).validate(false).unwrap().account.is_none());
    }

    #[test]
    fn id_lists_are_read_in_every_client_shape() {
        assert_eq!(id_list("roleId", Some(json!("2,1,2"))).unwrap(), Some(vec![2, 1]));
        assert_eq!(id_list("roleId", Some(json!(["3", 4]))).unwrap(), Some(vec![3, 4]));
        assert_eq!(id_list("roleId", Some(json!(""))).unwrap(), Some(vec![]));
        assert_eq!(id_list("roleId", None).unwrap(), None);
        assert_eq!(id_list("roleId", Some(json!("1,x"))).unwrap_err().code(), 400);
        assert!(id_list("roleId", Some(json!({}))).is_err());
        let many: Vec<String> = (1..=51).map(|i| i.to_string()).collect();
        assert!(id_list("roleId", Some(json!(many.join(",")))).is_err());
        // `user/grant` and `user/audit` read their comma-joined lists the same way.
        assert_eq!(held_ids("roleIds", "2,1,2").unwrap(), vec![2, 1]);
        assert_eq!(held_ids("roleIds", "").unwrap(), Vec::<i64>::new());
        assert!(held_ids("roleIds", &many.join(",")).unwrap_err().to_string().starts_with("roleIds:"));
    }

    #[test]
    fn a_wrongly_typed_value_names_its_field() {
        let body = |v: Value| v.as_object().unwrap().clone();
        let e = from_json::<UserForm>(&body(json!({ "account": "a", "sex": "x" }))).unwrap_err();
        assert!(e.to_string().starts_with("sex: "), "{e}");
        let e = from_json::<UserForm>(&body(json!({ "id": "abc", "realName": "张三" }))).unwrap_err();
        assert!(e.to_string().starts_with("id: "), "{e}");
        let e = from_json::<UserForm>(&body(json!({ "birthday": "02/01/2026" }))).unwrap_err();
        assert!(e.to_string().starts_with("birthday: "), "{e}");
        assert!(from_json::<UserForm>(&body(json!({ "account": "a", "unknown": 1 }))).is_ok());
    }

    #[test]
    fn a_new_password_must_be_md5_hex() {
        assert!(form(json!({})).new_password().is_err());
        assert!(form(json!({ "password": "123456" })).new_password().is_err());
        let md5 = keeper_security::password::md5_hex("123456").to_uppercase();
        assert_eq!(form(json!({ "password": md5 })).new_password().unwrap(), md5.to_lowercase());
    }
}
