//! The tenant form of `tenant/submit` and the fields of `tenant/setting`: every refusal names the field.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields::{self, opt_text};
use serde_json::{Map, Value};

/// What a form says about the expiry. `Keep` when the field is absent, so a partial update leaves it alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expiry {
    Keep,
    Never,
    At(DateTime<Utc>),
}

/// A checked form. `None` means "not sent": kept on update, defaulted on create.
#[derive(Debug)]
pub struct TenantInput {
    pub id: Option<i64>,
    pub tenant_id: Option<String>,
    pub tenant_name: Option<String>,
    pub domain: Option<String>,
    pub background_url: Option<String>,
    pub linkman: Option<String>,
    pub contact_number: Option<String>,
    pub address: Option<String>,
    pub account_number: Option<i32>,
    pub expire_time: Expiry,
    pub admin_account: Option<String>,
    pub admin_password: Option<String>,
}

/// A quota is −1 (unlimited) or a count of accounts.
pub fn check_quota(key: &str, n: Option<i32>) -> Result<Option<i32>, AppError> {
    match n {
        Some(n) if n < -1 => Err(AppError::field(key, "应为 -1(不限) 或不小于 0 的整数")),
        other => Ok(other),
    }
}

/// `yyyy-MM-dd HH:mm:ss` local time; empty or null means "never expires".
pub fn expiry(key: &str, v: Option<&Value>) -> Result<Expiry, AppError> {
    match v {
        None => Ok(Expiry::Keep),
        Some(Value::Null) => Ok(Expiry::Never),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Expiry::Never),
        Some(Value::String(s)) => {
            keeper_common::time::parse_local(s).map(Expiry::At).ok_or_else(|| AppError::field(key, "时间格式应为 yyyy-MM-dd HH:mm:ss"))
        }
        Some(_) => Err(AppError::field(key, "时间格式应为 yyyy-MM-dd HH:mm:ss")),
    }
}

fn no_blank(key: &str, v: &Option<String>) -> Result<(), AppError> {
    if v.as_deref().is_some_and(|s| s.chars().any(char::is_whitespace)) {
        return Err(AppError::field(key, "不能包含空白字符"));
    }
    Ok(())
}

impl TenantInput {
    /// Reads and checks a `tenant/submit` body; on create the name and the administrator's password are required.
    pub fn from_json(body: &Map<String, Value>) -> Result<TenantInput, AppError> {
        let id = match body.get("id") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(keeper_common::id::parse(s.trim()).ok_or_else(|| AppError::field("id", "不是有效的ID"))?),
            Some(Value::Number(n)) => Some(n.as_i64().filter(|n| *n > 0).ok_or_else(|| AppError::field("id", "不是有效的ID"))?),
            Some(_) => return Err(AppError::field("id", "不是有效的ID")),
        };
        let creating = id.is_none();
        let tenant_name = opt_text(body, "tenantName", 50)?;
        if (creating && tenant_name.is_none()) || tenant_name.as_deref() == Some("") {
            return Err(AppError::field("tenantName", "不能为空"));
        }
        let domain = opt_text(body, "domain", 255)?;
        no_blank("domain", &domain)?;
        let background_url = opt_text(body, "backgroundUrl", 1000)?;
        no_blank("backgroundUrl", &background_url)?;
        let contact_number = opt_text(body, "contactNumber", 20)?;
        if contact_number.as_deref().is_some_and(|p| !p.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c))) {
            return Err(AppError::field("contactNumber", "不是有效的电话号码"));
        }
        let admin_account = opt_text(body, "adminAccount", 45)?;
        if admin_account.as_deref().is_some_and(|a| !a.chars().all(|c| c.is_ascii_alphanumeric() || "_.@-".contains(c))) {
            return Err(AppError::field("adminAccount", "只能包含字母、数字和 _ . @ -"));
        }
        let admin_password = match opt_text(body, "adminPassword", 64)? {
            Some(p) if creating => {
                let p = p.to_ascii_lowercase();
                if !keeper_security::password::is_md5_hex(&p) {
                    return Err(AppError::field("adminPassword", "请设置管理员密码"));
                }
                Some(p)
            }
            None if creating => return Err(AppError::field("adminPassword", "请设置管理员密码")),
            _ => None,
        };
        Ok(TenantInput {
            id,
            tenant_id: opt_text(body, "tenantId", 12)?,
            tenant_name,
            domain,
            background_url,
            linkman: opt_text(body, "linkman", 20)?,
            contact_number,
            address: opt_text(body, "address", 255)?,
            account_number: check_quota("accountNumber", fields::int(body, "accountNumber")?)?,
            expire_time: expiry("expireTime", body.get("expireTime"))?,
            admin_account,
            admin_password,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value) -> Result<TenantInput, AppError> {
        TenantInput::from_json(v.as_object().unwrap())
    }

    fn field_of(v: Value) -> String {
        match read(v).unwrap_err() {
            AppError::Field { field, .. } => field,
            other => panic!("not a field error: {other}"),
        }
    }

    #[test]
    fn a_new_tenant_needs_a_name_and_an_md5_administrator_password() {
        let md5 = keeper_security::password::md5_hex("Zone#1");
        assert_eq!(field_of(json!({ "adminPassword": md5 })), "tenantName");
        assert_eq!(field_of(json!({ "tenantName": "园区" })), "adminPassword");
        assert_eq!(field_of(json!({ "tenantName": "园区", "adminPassword": "Zone#1" })), "adminPassword");
        let ok = read(json!({ "tenantName": " 园区 ", "adminPassword": md5.to_uppercase() })).unwrap();
        assert_eq!((ok.tenant_name.as_deref(), ok.admin_password), (Some("园区"), Some(md5)));
        assert_eq!(ok.expire_time, Expiry::Keep);
    }

    #[test]
    fn an_update_keeps_what_it_does_not_send_and_clears_the_expiry_only_when_asked() {
        let keep = read(json!({ "id": "12" })).unwrap();
        assert_eq!((keep.id, keep.tenant_name, keep.expire_time), (Some(12), None, Expiry::Keep));
        assert_eq!(read(json!({ "id": "12", "expireTime": "" })).unwrap().expire_time, Expiry::Never);
        let at = read(json!({ "id": 12, "expireTime": "2030-01-02 08:00:00" })).unwrap().expire_time;
        assert_eq!(at, Expiry::At("2030-01-02T00:00:00Z".parse().unwrap()));
        assert_eq!(field_of(json!({ "id": "12", "tenantName": "" })), "tenantName");
    }

    #[test]
    fn bad_values_name_their_field() {
        for (body, field) in [
            (json!({ "id": "x" }), "id"),
            (json!({ "id": "1", "accountNumber": -2 }), "accountNumber"),
            (json!({ "id": "1", "accountNumber": "many" }), "accountNumber"),
            (json!({ "id": "1", "expireTime": "2030/01/02" }), "expireTime"),
            (json!({ "id": "1", "tenantName": "名".repeat(51) }), "tenantName"),
            (json!({ "id": "1", "domain": "http://a b" }), "domain"),
            (json!({ "id": "1", "contactNumber": "call me" }), "contactNumber"),
            (json!({ "id": "1", "linkman": ["x"] }), "linkman"),
        ] {
            assert_eq!(field_of(body), field);
        }
        assert_eq!(read(json!({ "id": "1", "accountNumber": "-1" })).unwrap().account_number, Some(-1));
        assert_eq!(read(json!({ "id": "1", "accountNumber": 0 })).unwrap().account_number, Some(0));
    }
}
