//! Yunpian (`POST /v2/sms/tpl_single_send.json`, or `tpl_batch_send.json` for several numbers), a form
//! authenticated by the API key alone. The template variables travel as `tpl_value`, itself a form of
//! `#name#=value` pairs. Success is `code == 0` (for a batch, for every number).
use serde_json::Value;

use super::{Account, Delivery, Failure, Message, exchange, refusal};

pub const SINGLE_PATH: &str = "/v2/sms/tpl_single_send.json";
pub const BATCH_PATH: &str = "/v2/sms/tpl_batch_send.json";

/// `urlencode("#name#")=urlencode(value)&…`, as Yunpian documents `tpl_value`.
pub fn tpl_value(msg: Message<'_>) -> String {
    let pairs: Vec<(String, &str)> = msg.params.pairs().iter().map(|(k, v)| (format!("#{k}#"), v.as_str())).collect();
    serde_urlencoded::to_string(pairs).unwrap_or_default()
}

pub fn form(account: &Account, msg: Message<'_>) -> Vec<(&'static str, String)> {
    vec![
        ("apikey", account.access_key.clone()),
        ("mobile", msg.phones.join(",")),
        ("tpl_id", account.template_id.clone()),
        ("tpl_value", tpl_value(msg)),
    ]
}

fn refused(item: &Value) -> Failure {
    let code = item["code"].as_i64().map(|c| c.to_string());
    refusal(item["detail"].as_str().or(item["msg"].as_str()), code.as_deref())
}

pub(super) async fn send(http: &reqwest::Client, account: &Account, msg: Message<'_>) -> Result<Delivery, Failure> {
    let path = if msg.phones.len() == 1 { SINGLE_PATH } else { BATCH_PATH };
    let rb = http.post(account.url(path)).header("Accept", "application/json;charset=utf-8").form(&form(account, msg));
    let (_, reply) = exchange(rb).await?;
    // A batch answers one item per number under `data`; a single send, or a refusal of the whole call, is one item.
    let items: Vec<&Value> = match reply["data"].as_array() {
        Some(items) if reply.get("code").is_none() => items.iter().collect(),
        _ => vec![&reply],
    };
    if items.is_empty() {
        return Err(Failure::Unreachable("短信服务应答无法识别".into()));
    }
    if let Some(item) = items.iter().find(|i| i["code"].as_i64() != Some(0)) {
        return Err(if item["code"].is_i64() { refused(item) } else { Failure::Unreachable("短信服务应答无法识别".into()) });
    }
    let sids: Vec<String> =
        items.iter().filter_map(|i| i["sid"].as_i64().map(|s| s.to_string()).or(i["sid"].as_str().map(str::to_string))).collect();
    Ok(Delivery { reference: sids.join(",") })
}
