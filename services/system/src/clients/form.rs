//! The body of `client/submit`, checked field by field.
use keeper_common::AppError;
use serde_json::{Map, Value};

use keeper_common::fields;

/// The grants the token endpoint knows; a client lists the ones it may use.
pub const GRANT_TYPES: &[&str] = &["password", "refresh_token", "captcha", "authorization_code", "client_credentials"];

#[derive(Debug)]
pub struct ClientInput {
    pub id: Option<i64>,
    pub client_id: String,
    /// Empty on an update keeps the stored secret.
    pub client_secret: String,
    pub resource_ids: String,
    pub scope: String,
    pub authorized_grant_types: String,
    pub web_server_redirect_uri: String,
    pub authorities: String,
    pub access_token_validity: i32,
    pub refresh_token_validity: i32,
    pub additional_information: String,
    pub autoapprove: String,
}

fn validity(body: &Map<String, Value>, field: &str) -> Result<i32, AppError> {
    match fields::int(body, field)? {
        None => Err(AppError::field(field, "不能为空")),
        Some(n) if n > 0 => Ok(n),
        Some(_) => Err(AppError::field(field, "应为正整数")),
    }
}

/// A comma-joined string or an array of names, each a known grant; stored comma-joined without repeats.
fn grant_types(body: &Map<String, Value>) -> Result<String, AppError> {
    const FIELD: &str = "authorizedGrantTypes";
    let names: Vec<String> = match body.get(FIELD) {
        None | Some(Value::Null) => vec![],
        Some(Value::String(s)) => s.split(',').map(|g| g.trim().to_string()).collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(|s| s.trim().to_string()).ok_or_else(|| AppError::field(FIELD, "应为字符串列表")))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(AppError::field(FIELD, "应为字符串列表")),
    };
    let mut chosen: Vec<&str> = Vec::new();
    for name in names.iter().filter(|n| !n.is_empty()) {
        let known = GRANT_TYPES.iter().find(|g| **g == name).ok_or_else(|| AppError::field(FIELD, format!("不支持的授权类型: {name}")))?;
        if !chosen.contains(known) {
            chosen.push(known);
        }
    }
    if chosen.is_empty() {
        return Err(AppError::field(FIELD, "不能为空"));
    }
    Ok(chosen.join(","))
}

impl ClientInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<ClientInput, AppError> {
        let id = fields::id(body, "id")?;
        let client_id = fields::text(body, "clientId", 48, true)?;
        if !client_id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) {
            return Err(AppError::field("clientId", "只能包含字母、数字和 _ - ."));
        }
        // The secret is never trimmed: it must match the Basic header byte for byte.
        let client_secret = match body.get("clientSecret") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => return Err(AppError::field("clientSecret", "应为字符串")),
        };
        if client_secret.chars().count() > 128 {
            return Err(AppError::field("clientSecret", "长度不能超过128"));
        }
        if id.is_none() && client_secret.is_empty() {
            return Err(AppError::field("clientSecret", "不能为空"));
        }
        let scope = fields::text(body, "scope", 256, false)?;
        Ok(ClientInput {
            id,
            client_id,
            client_secret,
            resource_ids: fields::text(body, "resourceIds", 256, false)?,
            scope: if scope.is_empty() { "all".into() } else { scope },
            authorized_grant_types: grant_types(body)?,
            web_server_redirect_uri: fields::text(body, "webServerRedirectUri", 256, false)?,
            authorities: fields::text(body, "authorities", 256, false)?,
            access_token_validity: validity(body, "accessTokenValidity")?,
            refresh_token_validity: validity(body, "refreshTokenValidity")?,
            additional_information: fields::text(body, "additionalInformation", 2000, false)?,
            autoapprove: fields::text(body, "autoapprove", 256, false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(v: Value) -> Result<ClientInput, AppError> {
        ClientInput::from_json(v.as_object().unwrap())
    }

    fn good() -> Value {
        json!({ "clientId": "app", "clientSecret": "s3cret", "authorizedGrantTypes": "password, refresh_token,password",
                "accessTokenValidity": 60, "refreshTokenValidity": "600" })
    }

    #[test]
    fn a_good_client_is_normalised() {
        let c = parse(good()).unwrap();
        assert_eq!(
            (c.authorized_grant_types.as_str(), c.scope.as_str(), c.access_token_validity, c.refresh_token_validity),
            ("password,refresh_token", "all", 60, 600)
        );
        let mut arr = good();
        arr["authorizedGrantTypes"] = json!(["captcha", "client_credentials"]);
        assert_eq!(parse(arr).unwrap().authorized_grant_types, "captcha,client_credentials");
    }

    #[test]
    fn each_bad_field_is_named() {
        for (field, patch) in [
            ("clientId", json!({ "clientId": "" })),
            ("clientId", json!({ "clientId": "a:b" })),
            ("clientSecret", json!({ "clientSecret": "" })),
            ("authorizedGrantTypes", json!({ "authorizedGrantTypes": "password,social" })),
            ("authorizedGrantTypes", json!({ "authorizedGrantTypes": "" })),
            ("accessTokenValidity", json!({ "accessTokenValidity": 0 })),
            ("accessTokenValidity", json!({ "accessTokenValidity": "x" })),
            ("refreshTokenValidity", json!({ "refreshTokenValidity": -5 })),
            ("refreshTokenValidity", json!({ "refreshTokenValidity": null })),
        ] {
            let mut body = good();
            for (k, v) in patch.as_object().unwrap() {
                body[k] = v.clone();
            }
            let e = parse(body).unwrap_err().to_string();
            assert!(e.starts_with(&format!("{field}:")), "{field}: {e}");
        }
    }

    #[test]
    fn an_update_may_leave_the_secret_empty() {
        let mut body = good();
        body["id"] = json!("123");
        body["clientSecret"] = json!("");
        assert_eq!(parse(body).unwrap().client_secret, "");
    }
}
