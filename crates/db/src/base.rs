//! The base columns of every tenant-owned entity (api-contract §5.1): id, tenant, audit, status and soft
//! delete, as created by `columns::base`. One trait names them for any entity, so that "the tenant's live
//! rows", "stamp a new row" and "soft-delete" are written once instead of once per table; each service
//! implements it for its entities with [`base_columns!`](crate::base_columns).
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Select};

/// The value of `is_deleted` on a live row, and on a removed one.
pub const LIVE: i32 = 0;
pub const REMOVED: i32 = 1;
/// The default `status` of a new row (enabled, in Blade's convention).
pub const NORMAL: i32 = 1;

pub trait BaseColumns: EntityTrait {
    const ID: Self::Column;
    const TENANT: Self::Column;
    const STATUS: Self::Column;
    const IS_DELETED: Self::Column;
    const CREATE_USER: Self::Column;
    const CREATE_DEPT: Self::Column;
    const CREATE_TIME: Self::Column;
    const UPDATE_USER: Self::Column;
    const UPDATE_TIME: Self::Column;

    /// The tenant's rows that are not soft-deleted: where every read of a base entity starts.
    fn live(tenant: &str) -> Select<Self> {
        Self::find().filter(Self::TENANT.eq(tenant)).filter(Self::IS_DELETED.eq(LIVE))
    }
}

/// Who writes, and when: the audit values stamped on a row.
#[derive(Debug, Clone)]
pub struct Author<'a> {
    pub tenant: &'a str,
    pub user: i64,
    /// The author's first department, recorded as the row's creating department.
    pub dept: Option<i64>,
    pub at: DateTime<Utc>,
}

impl<'a> Author<'a> {
    /// The author writing now.
    pub fn now(tenant: &'a str, user: i64, dept: Option<i64>) -> Self {
        Author { tenant, user, dept, at: Utc::now() }
    }

    /// The signed-in caller writing now; their first department is recorded as a new row's creating
    /// department.
    pub fn of(me: &'a keeper_security::CurrentUser) -> Self {
        Author::now(&me.tenant_id, me.user_id, me.dept_ids.first().copied())
    }
}

/// Stamps a new row: its id, tenant, creator and first editor, status normal, live.
pub fn created<E: BaseColumns>(row: &mut E::ActiveModel, id: i64, who: &Author) {
    row.set(E::ID, id.into());
    row.set(E::TENANT, who.tenant.into());
    row.set(E::CREATE_USER, Some(who.user).into());
    row.set(E::CREATE_DEPT, who.dept.into());
    row.set(E::CREATE_TIME, who.at.into());
    row.set(E::STATUS, NORMAL.into());
    row.set(E::IS_DELETED, LIVE.into());
    updated::<E>(row, who);
}

/// Stamps a change: the last editor and when.
pub fn updated<E: BaseColumns>(row: &mut E::ActiveModel, who: &Author) {
    row.set(E::UPDATE_USER, Some(who.user).into());
    row.set(E::UPDATE_TIME, who.at.into());
}

/// The change that soft-deletes rows, stamped with who removed them.
pub fn removal<E: BaseColumns>(who: &Author) -> E::ActiveModel {
    let mut row = <E::ActiveModel as ActiveModelTrait>::default();
    row.set(E::IS_DELETED, REMOVED.into());
    updated::<E>(&mut row, who);
    row
}

/// Applies `changes` to one live row of the tenant only while `column` still holds `value` (a status as it
/// was read): of two concurrent moves of one row, the second finds nothing to change. Answers whether it
/// changed.
pub async fn update_if<E: BaseColumns, C: sea_orm::ConnectionTrait>(
    db: &C,
    tenant: &str,
    id: i64,
    (column, value): (E::Column, &str),
    changes: E::ActiveModel,
) -> Result<bool, sea_orm::DbErr> {
    let done = E::update_many()
        .set(changes)
        .filter(E::ID.eq(id))
        .filter(E::TENANT.eq(tenant))
        .filter(E::IS_DELETED.eq(LIVE))
        .filter(column.eq(value))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// The listed rows (`ids`, at most a few thousand) that belong to `tenant` and meet `also`: looked up by id
/// alone, the tenant checked on the rows read. Ids are unique across tenants, so another tenant's row is
/// only ever read to be dropped.
///
/// Not `tenant_id = ? AND id IN (…)`: without statistics (`stable_plans`) SQLite guesses that an index
/// equality finds ten rows, so beside more than about ten ids it walks every entry of the tenant in an
/// index that starts with `tenant_id`, testing each one's id, instead of looking the ids up — a page of
/// 20 of a zone's 220,000 output reports took 24 ms that way, against 0.3 ms by id.
pub async fn of_tenant_by_ids<E, C>(db: &C, tenant: &str, ids: &[i64], also: sea_orm::Condition) -> Result<Vec<E::Model>, sea_orm::DbErr>
where
    E: BaseColumns,
    E::Model: sea_orm::ModelTrait<Entity = E>,
    C: sea_orm::ConnectionTrait,
{
    use sea_orm::ModelTrait;
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(1000) {
        let ids = crate::listed::column_in(db.get_database_backend(), E::ID, chunk);
        let rows = E::find().filter(ids).filter(also.clone()).all(db).await?;
        out.extend(rows.into_iter().filter(|m| matches!(m.get(E::TENANT), sea_orm::Value::String(Some(t)) if t.as_str() == tenant)));
    }
    Ok(out)
}

/// Implements [`BaseColumns`] for the entity of each named module (`base_columns!(enterprise, attach)`),
/// whose table was made with `columns::base`.
#[macro_export]
macro_rules! base_columns {
    ($($m:ident),+ $(,)?) => {$(
        impl $crate::base::BaseColumns for $m::Entity {
            const ID: $m::Column = $m::Column::Id;
            const TENANT: $m::Column = $m::Column::TenantId;
            const STATUS: $m::Column = $m::Column::Status;
            const IS_DELETED: $m::Column = $m::Column::IsDeleted;
            const CREATE_USER: $m::Column = $m::Column::CreateUser;
            const CREATE_DEPT: $m::Column = $m::Column::CreateDept;
            const CREATE_TIME: $m::Column = $m::Column::CreateTime;
            const UPDATE_USER: $m::Column = $m::Column::UpdateUser;
            const UPDATE_TIME: $m::Column = $m::Column::UpdateTime;
        }
    )+};
}

/// Declares a checked record (the output of a form's validation) together with its conversion into the
/// entity's `ActiveModel`: every field is a column of the same name and type and is written (`Set`), every
/// column the record does not name stays unset. The field list is written once.
///
/// Why not SeaORM's `DeriveIntoActiveModel`: it turns an `Option<T>` field into "leave unset" when `None`,
/// so a whole record could not clear a nullable column, and its `default = "None"` escape does not
/// compile for an `Option<T>` field on an `Option<T>` column (E0283, ambiguous `From`).
///
/// ```ignore
/// keeper_db::record! {
///     /// A checked enterprise.
///     #[derive(Debug, Clone, Default, PartialEq)]
///     pub struct Enterprise => enterprise::ActiveModel {
///         pub enterprise_name: String,
///         pub dept_id: Option<i64>,
///     }
/// }
/// ```
#[macro_export]
macro_rules! record {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident => $am:path {
            $( $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty, )*
        }

        impl ::sea_orm::IntoActiveModel<$am> for $name {
            fn into_active_model(self) -> $am {
                let mut row = <$am as ::std::default::Default>::default();
                $( row.$field = ::sea_orm::ActiveValue::Set(self.$field); )*
                row
            }
        }
    };
}
