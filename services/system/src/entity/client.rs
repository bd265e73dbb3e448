//! An OAuth client; the secret is stored hashed.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_client")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub client_id: String,
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
    pub create_user: Option<i64>,
    pub create_dept: Option<i64>,
    pub create_time: DateTimeUtc,
    pub update_user: Option<i64>,
    pub update_time: DateTimeUtc,
    pub status: i32,
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
