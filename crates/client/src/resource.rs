//! Client of the resource service's internal API: what another service needs to know of the files a
//! person uploaded, so that it can link them to its own records without reading the resource tables.
use keeper_common::AppError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::http::Internal;

#[derive(Clone)]
pub struct ResourceClient {
    base: String,
    http: Internal,
}

/// Which attachments of a tenant to describe.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachQuery {
    pub tenant_id: String,
    pub ids: Vec<i64>,
}

/// One live attachment of a tenant: its register row as the owner of a link to it needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachInfo {
    pub id: i64,
    /// The stored object key (`upload/<day>/<uuid>.<ext>`): with `oss_code`, what the signed-in download
    /// endpoint (`/oss/endpoint/download?fileName=&code=`) reads.
    pub name: String,
    /// The code of the storage configuration the object lives in; empty for the built-in storage.
    pub oss_code: String,
    pub original_name: String,
    /// Without the dot, lower case.
    pub extension: String,
    /// Bytes.
    pub attach_size: i64,
    pub create_user: Option<i64>,
}

/// A message a service sends for a signed-in person through the tenant's enabled SMS configuration (its
/// template with these variables); the send log names the person.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsRequest {
    pub tenant_id: String,
    pub user_id: i64,
    /// Mainland mobile numbers, at most 100.
    pub phones: Vec<String>,
    /// The template's variables, in its order.
    pub params: Vec<(String, String)>,
}

impl ResourceClient {
    pub fn new(base: &str, http: Internal) -> Self {
        ResourceClient { base: base.trim_end_matches('/').to_string(), http }
    }

    /// The live attachments among `ids` in `tenant`; an id that is not one (removed, of another tenant,
    /// never issued) is simply absent from the answer.
    pub async fn describe_attaches(&self, tenant_id: &str, ids: &[i64]) -> Result<Vec<AttachInfo>, AppError> {
        let q = AttachQuery { tenant_id: tenant_id.into(), ids: ids.to_vec() };
        self.http.post(&format!("{}/internal/attach/describe", self.base), &q).await
    }

    /// Sends a message (see [`SmsRequest`]); a provider's refusal or a tenant without an SMS configuration
    /// is a 400 with the reason, a provider out of reach a 503.
    pub async fn send_sms(&self, req: &SmsRequest) -> Result<(), AppError> {
        let _: serde_json::Value = self.http.post(&format!("{}/internal/sms/send", self.base), req).await?;
        Ok(())
    }
}
