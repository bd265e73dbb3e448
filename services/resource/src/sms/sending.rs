//! Sending through a tenant's SMS configuration (api-contract §8.5): a message of the caller's template
//! variables, or a verification code. Every attempt lands in the send log; a provider's refusal is the
//! caller's 400 with its reason, a provider out of reach a 503 — never a 500.
use keeper_common::AppError;
use keeper_security::CurrentUser;
use sea_orm::DatabaseConnection;

use super::params::TemplateParams;
use super::providers::{self, Account, Failure, Message};
use super::{chosen, codes, log};
use crate::entity::sms;

/// Sends `params` to the numbers through `config`, logging `logged` (the params as the log may show them).
async fn deliver(
    db: &DatabaseConnection,
    http: &reqwest::Client,
    me: &CurrentUser,
    config: &sms::Model,
    phones: &[String],
    params: &TemplateParams,
    logged: &TemplateParams,
) -> Result<(), AppError> {
    let outcome = match Account::from_row(config) {
        Ok(account) => providers::send(http, &account, Message { phones, params }).await,
        Err(f) => Err(f),
    };
    log::record(db, me, config, phones, logged, &outcome).await?;
    outcome.map(|_| ()).map_err(|f| match f {
        Failure::Refused(reason) => AppError::bad(format!("短信发送失败: {reason}")),
        Failure::Unreachable(reason) => AppError::Unavailable(format!("短信服务暂不可用: {reason}")),
    })
}

/// `send-message`: the template of the configuration `code` (else the enabled one) with `params`.
pub async fn message(
    db: &DatabaseConnection,
    http: &reqwest::Client,
    me: &CurrentUser,
    code: Option<&str>,
    phones: &[String],
    params: &TemplateParams,
) -> Result<(), AppError> {
    let config = chosen(db, &me.tenant_id, code).await?;
    deliver(db, http, me, &config, phones, params, params).await
}

/// `send-validate`: a fresh code under the template variable `code`; answers the code's id (never the code).
pub async fn validation_code(
    db: &DatabaseConnection,
    http: &reqwest::Client,
    me: &CurrentUser,
    code: Option<&str>,
    phone: &str,
) -> Result<i64, AppError> {
    let config = chosen(db, &me.tenant_id, code).await?;
    let issued = codes::issue(db, &me.tenant_id, phone).await?;
    let params = TemplateParams::one(codes::VARIABLE, &issued.code);
    let phones = [phone.to_string()];
    if let Err(e) = deliver(db, http, me, &config, &phones, &params, &params.masked(codes::VARIABLE)).await {
        codes::withdraw(db, issued.id).await?;
        return Err(e);
    }
    Ok(issued.id)
}
