//! First-start seed: the platform tenant `000000`, its `administrator` role and `admin` account, the menu
//! tree, dictionaries, parameters and the `sword` client. Runs once: a database that has the platform
//! tenant is left alone.

use chrono::Utc;
use keeper_common::AppError;
use keeper_common::config::Settings;
use keeper_common::id::next_id;
use keeper_security::claims::{ADMINISTRATOR, PLATFORM_TENANT};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

use crate::builtin::{ButtonSeed, DictItemSeed, MENUS, MenuSeed, SYSTEM_DICTS};
use crate::entity::{client, dict, menu, param, tenant};
use crate::provision::{self, NewTenantAdmin};

/// Parameters every installation starts with (api-contract §2.5, with Keeper's defaults).
pub const PARAMS: &[(&str, &str, &str)] = &[
    ("account.failCount", "登录失败锁定次数", "5"),
    ("account.lockMinutes", "登录失败锁定时长(分钟)", "30"),
    ("account.registerUser", "是否开放用户自助注册", "false"),
    ("tenant.default.accountNumber", "新租户账号额度", "100"),
    (
        "tenant.default.menuCode",
        "新租户管理员默认菜单",
        "output_value,investment,notice,resource,role,user,dept,post,dictbiz,topmenu,enterprise,zone_setting,log_login,log_operation,log_error",
    ),
    ("log.retentionDays", "日志保留天数", "180"),
    (TIME_PROGRESS.0, TIME_PROGRESS.1, TIME_PROGRESS.2),
];

/// How the business screens measure 时序进度 (domain-model §2.2.5a): `month` N ÷ 12, or `day` the days of
/// the year elapsed ÷ its days. A tenant overrides it like any parameter.
pub const TIME_PROGRESS: (&str, &str, &str) = ("business.timeProgress", "时序进度口径(month 按月 / day 按天)", "month");

/// A platform default parameter (tenant 000000's row).
pub fn platform_param(key: &str, name: &str, value: &str) -> param::ActiveModel {
    let now = Utc::now();
    param::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(PLATFORM_TENANT.into()),
        param_name: Set(name.into()),
        param_key: Set(key.into()),
        param_value: Set(value.into()),
        remark: Set(String::new()),
        create_user: Set(None),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(None),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    }
}

pub struct SeedOutcome {
    /// The generated initial password of `admin`, when none was configured: shown once.
    pub generated_password: Option<String>,
}

pub async fn run(db: &DatabaseConnection, settings: &Settings) -> Result<Option<SeedOutcome>, AppError> {
    match seed(db, settings).await {
        // Two replicas started on an empty database: the other one seeded first (unique tenant code).
        Err(AppError::Internal(e)) if e.downcast_ref::<sea_orm::DbErr>().is_some_and(keeper_db::is_unique_violation) => {
            tracing::info!("platform tenant seeded by another replica");
            Ok(None)
        }
        other => other,
    }
}

async fn seed(db: &DatabaseConnection, settings: &Settings) -> Result<Option<SeedOutcome>, AppError> {
    let exists = tenant::Entity::find().filter(tenant::Column::TenantId.eq(PLATFORM_TENANT)).one(db).await?.is_some();
    if exists {
        return Ok(None);
    }
    let (password, generated) = match &settings.admin_password {
        Some(p) => (p.clone(), None),
        None => {
            let p = random_password();
            (p.clone(), Some(p))
        }
    };
    let hash = keeper_security::password::hash(&keeper_security::password::md5_hex(&password), settings.bcrypt_cost).await?;
    let txn = db.begin().await?;
    let now = Utc::now();
    for m in MENUS {
        insert_menu(&txn, m, 0).await?;
    }
    for d in SYSTEM_DICTS {
        let top = next_id();
        insert_dict(&txn, top, 0, d.code, "-1", d.name, 0).await?;
        insert_dict_items(&txn, top, d.code, d.items).await?;
    }
    for (key, name, value) in PARAMS {
        param::Entity::insert(platform_param(key, name, value)).exec(&txn).await?;
    }
    client::Entity::insert(client::ActiveModel {
        id: Set(next_id()),
        client_id: Set("sword".into()),
        client_secret: Set(keeper_security::password::hash_client_secret("sword_secret")),
        resource_ids: Set(String::new()),
        scope: Set("all".into()),
        authorized_grant_types: Set("password,captcha,refresh_token".into()),
        web_server_redirect_uri: Set(String::new()),
        authorities: Set(String::new()),
        access_token_validity: Set(settings.access_token_ttl as i32),
        refresh_token_validity: Set(settings.refresh_token_ttl as i32),
        additional_information: Set(String::new()),
        autoapprove: Set(String::new()),
        create_user: Set(None),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(None),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(&txn)
    .await?;
    tenant::Entity::insert(tenant::ActiveModel {
        id: Set(next_id()),
        tenant_id: Set(PLATFORM_TENANT.into()),
        tenant_name: Set("平台管理".into()),
        domain: Set(String::new()),
        background_url: Set(String::new()),
        linkman: Set("admin".into()),
        contact_number: Set(String::new()),
        address: Set(String::new()),
        account_number: Set(-1),
        expire_time: Set(None),
        package_id: Set(None),
        create_user: Set(None),
        create_dept: Set(None),
        create_time: Set(now),
        update_user: Set(None),
        update_time: Set(now),
        status: Set(1),
        is_deleted: Set(0),
    })
    .exec(&txn)
    .await?;
    provision::tenant_admin(
        &txn,
        NewTenantAdmin {
            tenant_id: PLATFORM_TENANT,
            tenant_name: "平台管理",
            role_name: "超级管理员",
            role_alias: ADMINISTRATOR,
            menu_codes: None,
            account: "admin",
            real_name: "管理员",
            password_hash: &hash,
            created_by: None,
        },
    )
    .await?;
    provision::business_dicts(&txn, PLATFORM_TENANT).await?;
    txn.commit().await?;
    Ok(Some(SeedOutcome { generated_password: generated }))
}

fn random_password() -> String {
    use rand::Rng;
    const CHARS: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..16).map(|_| CHARS[rng.random_range(0..CHARS.len())] as char).collect()
}

pub(crate) fn insert_menu<'a, C: ConnectionTrait + Sync>(
    db: &'a C,
    m: &'a MenuSeed,
    parent: i64,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), AppError>> + Send + 'a>> {
    Box::pin(async move {
        let id = next_id();
        menu::Entity::insert(menu_row(id, parent, m.code, m.name, "menu", m.path, m.source, m.sort, 1, 0)).exec(db).await?;
        for b in m.buttons {
            menu::Entity::insert(button_row(next_id(), id, b)).exec(db).await?;
        }
        for c in m.children {
            insert_menu(db, c, id).await?;
        }
        Ok(())
    })
}

/// The `sys_menu` row of a seeded button under the menu `parent`.
pub(crate) fn button_row(id: i64, parent: i64, b: &ButtonSeed) -> menu::ActiveModel {
    menu_row(id, parent, b.code, b.name, b.alias, b.path, b.source, b.sort, 2, b.action)
}

/// A `sys_menu` row of a menu (category 1) or a button (category 2).
#[allow(clippy::too_many_arguments)]
pub(crate) fn menu_row(
    id: i64,
    parent: i64,
    code: &str,
    name: &str,
    alias: &str,
    path: &str,
    source: &str,
    sort: i32,
    category: i32,
    action: i32,
) -> menu::ActiveModel {
    menu::ActiveModel {
        id: Set(id),
        parent_id: Set(parent),
        code: Set(code.into()),
        name: Set(name.into()),
        alias: Set(alias.into()),
        path: Set(path.into()),
        source: Set(source.into()),
        sort: Set(sort),
        category: Set(category),
        action: Set(action),
        is_open: Set(1),
        remark: Set(String::new()),
        is_deleted: Set(0),
    }
}

async fn insert_dict<C: ConnectionTrait>(
    db: &C,
    id: i64,
    parent: i64,
    code: &str,
    key: &str,
    value: &str,
    sort: i32,
) -> Result<(), AppError> {
    dict::Entity::insert(dict::ActiveModel {
        id: Set(id),
        parent_id: Set(parent),
        code: Set(code.into()),
        dict_key: Set(key.into()),
        dict_value: Set(value.into()),
        sort: Set(sort),
        remark: Set(String::new()),
        is_sealed: Set(0),
        is_deleted: Set(0),
    })
    .exec(db)
    .await?;
    Ok(())
}

fn insert_dict_items<'a, C: ConnectionTrait + Sync>(
    db: &'a C,
    parent: i64,
    code: &'a str,
    items: &'a [DictItemSeed],
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), AppError>> + Send + 'a>> {
    Box::pin(async move {
        for (i, item) in items.iter().enumerate() {
            let id = next_id();
            insert_dict(db, id, parent, code, item.key, item.value, i as i32 + 1).await?;
            insert_dict_items(db, id, code, item.children).await?;
        }
        Ok(())
    })
}
