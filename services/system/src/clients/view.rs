//! A client as `client/list` and `client/detail` show it: everything but the secret, which is stored
//! hashed and never leaves the service (auth and the gateway get the hash, through the internal API).
use chrono::{DateTime, Utc};
use keeper_client::dto::OAuthClient;
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::client;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub client_id: String,
    pub resource_ids: String,
    pub scope: String,
    pub authorized_grant_types: String,
    pub web_server_redirect_uri: String,
    pub authorities: String,
    pub access_token_validity: i32,
    pub refresh_token_validity: i32,
    pub additional_information: String,
    pub autoapprove: String,
    pub status: i32,
    pub is_deleted: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

impl From<client::Model> for ClientView {
    fn from(c: client::Model) -> Self {
        ClientView {
            id: c.id,
            client_id: c.client_id,
            resource_ids: c.resource_ids,
            scope: c.scope,
            authorized_grant_types: c.authorized_grant_types,
            web_server_redirect_uri: c.web_server_redirect_uri,
            authorities: c.authorities,
            access_token_validity: c.access_token_validity,
            refresh_token_validity: c.refresh_token_validity,
            additional_information: c.additional_information,
            autoapprove: c.autoapprove,
            status: c.status,
            is_deleted: c.is_deleted,
            create_time: c.create_time,
            update_time: c.update_time,
        }
    }
}

/// The client as the token endpoint and the gateway read it: the hash of its secret, its grant types and
/// token lifetimes.
impl From<client::Model> for OAuthClient {
    fn from(c: client::Model) -> Self {
        OAuthClient {
            client_id: c.client_id,
            secret_hash: c.client_secret,
            grant_types: c.authorized_grant_types.split(',').map(|g| g.trim().to_string()).filter(|g| !g.is_empty()).collect(),
            access_token_validity: c.access_token_validity as i64,
            refresh_token_validity: c.refresh_token_validity as i64,
        }
    }
}
