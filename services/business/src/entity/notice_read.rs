//! A read receipt: who opened a published notice, first when. The reader's name is kept as it was then,
//! so the author's 阅读情况 needs no call to the system service.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_notice_read")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub notice_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub read_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
