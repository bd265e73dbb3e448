//! Accounts in Excel (api-contract §4.6): `user/export-user` writes the accounts `user/list` would show,
//! `user/export-template` the import layout, and `user/import-user` creates (or with `isCovered` updates)
//! accounts from a file. An import is all or nothing: every row passes the rules of `user/submit`
//! (`users::form`, references, privileges, data scope, the tenant's quota) or nothing is written and the
//! reply lists every bad row.
use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::{next_id, parse_list};
use keeper_common::page::PageRequest;
use keeper_db::base::{self, Author, BaseColumns};
use keeper_excel::{Column, Dict, Report, Row, RowError, Sheet, SheetWriter, Value};
use keeper_security::{CurrentUser, password};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};
use serde_json::Value as Json;

use super::form::{UserForm, UserInput};
use super::privilege::Privileges;
use super::{DEFAULT_PASSWORD, repo};
use crate::entity::{post, role, user};
use crate::state::AppState;

/// The most accounts one export writes.
pub const EXPORT_MAX: u64 = 100_000;
pub const EXPORT_FILE: &str = "用户数据.xlsx";
pub const TEMPLATE_FILE: &str = "用户导入模板.xlsx";
/// Inserts per statement when creating accounts.
const INSERT_CHUNK: usize = 200;

async fn dict(state: &AppState, code: &str) -> Result<Dict, AppError> {
    Ok(Dict::new(crate::dicts::lookup::system_labels(&state.db, code).await?))
}

/// The account sheet: the import columns of `user/submit` (references by name) and, in exports only,
/// the status and creation time.
pub async fn sheet(state: &AppState) -> Result<Sheet, AppError> {
    Ok(Sheet::new(
        "用户",
        vec![
            Column::text("account", "账号", 18.0).required().note("必填，字母、数字或 _ . @ -"),
            Column::text("realName", "姓名", 12.0).required().note("必填"),
            Column::text("name", "昵称", 12.0).note("为空时同姓名"),
            Column::text("phone", "手机号", 16.0).note("如 13800138000"),
            Column::text("email", "邮箱", 24.0).note("如 name@example.com"),
            Column::dict("sex", "性别", 8.0, dict(state, "sex").await?).note("男 或 女"),
            Column::text("roleId", "角色", 20.0).note("角色名称，多个用逗号分隔"),
            Column::text("deptId", "部门", 20.0).note("部门名称，多个用逗号分隔"),
            Column::text("postId", "岗位", 16.0).note("岗位名称，多个用逗号分隔"),
            Column::dict("status", "状态", 8.0, dict(state, "user_status").await?).export_only(),
            Column::text("createTime", "创建时间", 20.0).export_only(),
        ],
    ))
}

/// The accounts `user/list` shows for the same filter and sort, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, filter: repo::Filter, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    let req = PageRequest { current: 1, size: EXPORT_MAX, sort };
    let page = super::list(state, me, filter, req).await?;
    let sheet = sheet(state).await?;
    let mut w = SheetWriter::export(&sheet)?;
    for u in page.records {
        w.row(&[
            u.account.into(),
            u.real_name.into(),
            u.name.into(),
            u.phone.into(),
            u.email.into(),
            Value::from((u.sex > 0).then(|| u.sex.to_string())),
            u.role_name.into(),
            u.dept_name.into(),
            u.post_name.into(),
            u.status.to_string().into(),
            keeper_common::time::format(&u.create_time).into(),
        ])?;
    }
    Ok(w.finish()?)
}

pub async fn template(state: &AppState) -> Result<Vec<u8>, AppError> {
    Ok(keeper_excel::template(&sheet(state).await?)?)
}

/// How an import ended: written, or refused with the problems of every bad row.
pub enum Imported {
    Done { created: usize, updated: usize },
    Rejected(Report),
}

/// Live names of the tenant's roles, departments or posts → their ids (a name may be shared).
struct Names(HashMap<String, Vec<i64>>);

impl Names {
    fn of(pairs: impl IntoIterator<Item = (String, i64)>) -> Self {
        let mut map: HashMap<String, Vec<i64>> = HashMap::new();
        for (name, id) in pairs {
            map.entry(name).or_default().push(id);
        }
        Names(map)
    }

    /// `"a,b"` (also `，` and `、`) → ids; an unknown or ambiguous name is the reason of a row error.
    fn resolve(&self, what: &str, text: Option<&str>) -> Result<Vec<i64>, String> {
        let mut ids = Vec::new();
        for name in text.unwrap_or_default().split([',', '，', '、']).map(str::trim).filter(|n| !n.is_empty()) {
            match self.0.get(name).map(Vec::as_slice) {
                None | Some([]) => return Err(format!("{what}不存在: {name}")),
                Some([id]) => ids.push(*id),
                Some(_) => return Err(format!("{what}名称「{name}」不唯一，请先修改名称")),
            }
        }
        Ok(ids)
    }
}

/// One row that passed every check, ready to be written.
struct Ready {
    line: usize,
    input: UserInput,
    /// The live account it overwrites (`isCovered`), if any.
    current: Option<user::Model>,
}

fn form_of(row: &Row, roles: Vec<i64>, depts: Vec<i64>, posts: Vec<i64>) -> Result<UserForm, AppError> {
    let sex = match row.text("sex") {
        Some(s) => s.parse::<i32>().map_err(|_| AppError::field("sex", "取值应为 男 或 女"))?,
        None => 0,
    };
    // A file row is the whole account: an empty cell clears the value instead of keeping it.
    let text = |f: &str| Some(row.text(f).unwrap_or_default());
    Ok(UserForm {
        account: row.text("account"),
        real_name: row.text("realName"),
        name: text("name"),
        phone: text("phone"),
        email: text("email"),
        sex: Some(sex),
        role_id: Some(Json::String(keeper_common::id::join(&roles))),
        dept_id: Some(Json::String(keeper_common::id::join(&depts))),
        post_id: Some(Json::String(keeper_common::id::join(&posts))),
        ..Default::default()
    })
}

fn id_set(s: &str) -> HashSet<i64> {
    parse_list(s).unwrap_or_default().into_iter().collect()
}

fn sorted(ids: &[i64]) -> Vec<i64> {
    let mut v = ids.to_vec();
    v.sort_unstable();
    v
}

/// `false` for a refusal (reported on the row), the error itself for anything else.
fn allowed(check: Result<(), AppError>) -> Result<bool, AppError> {
    match check {
        Ok(()) => Ok(true),
        Err(AppError::Forbidden(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Reads, checks and (when every row is good) writes an uploaded account file.
pub async fn import(state: &AppState, me: &CurrentUser, bytes: &[u8], covered: bool) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let sheet = sheet(state).await?;
    let parsed = keeper_excel::read(bytes, &sheet)?;
    let mut report = parsed.report;
    let all_roles =
        role::Entity::find().filter(role::Column::TenantId.eq(tenant)).filter(role::Column::IsDeleted.eq(0)).all(&state.db).await?;
    let role_names = Names::of(all_roles.iter().map(|r| (r.role_name.clone(), r.id)));
    let dept_names = Names::of(crate::depts::repo::live(&state.db, tenant).await?.into_iter().map(|d| (d.dept_name, d.id)));
    let posts = post::Entity::live(tenant).all(&state.db).await?;
    let post_names = Names::of(posts.into_iter().map(|p| (p.post_name, p.id)));

    // Each row on its own: names resolved, then the field rules of user/submit.
    let mut checked: Vec<(usize, UserInput)> = Vec::new();
    for row in &parsed.rows {
        let resolved = (
            role_names.resolve("角色", row.text("roleId").as_deref()),
            dept_names.resolve("机构", row.text("deptId").as_deref()),
            post_names.resolve("岗位", row.text("postId").as_deref()),
        );
        let (r, d, p) = match resolved {
            (Ok(r), Ok(d), Ok(p)) => (r, d, p),
            (r, d, p) => {
                for (field, res) in [("roleId", r), ("deptId", d), ("postId", p)] {
                    if let Err(reason) = res {
                        report.field(&sheet, row.line, field, reason);
                    }
                }
                continue;
            }
        };
        match form_of(row, r, d, p).and_then(|f| f.validate(true)) {
            Ok(input) => checked.push((row.line, input)),
            Err(AppError::Field { field, reason }) => report.field(&sheet, row.line, &field, reason),
            Err(other) => report.push(RowError::new(row.line, "", other.to_string())),
        }
    }

    // Across rows and against the accounts already there.
    let mut first_line: HashMap<String, usize> = HashMap::new();
    let accounts: Vec<String> = checked.iter().filter_map(|(_, i)| i.account.clone()).collect();
    let existing: HashMap<String, user::Model> = if accounts.is_empty() {
        HashMap::new()
    } else {
        user::Entity::live(tenant)
            .filter(user::Column::Account.is_in(accounts))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|u| (u.account.clone(), u))
            .collect()
    };
    let scope = super::scope_of(state, me).await?;
    let privileges = Privileges::of(state, me).await?;
    let may_grant = allowed(state.guard.require(me, "user_role").await)?;
    let mut manageable: HashMap<String, bool> = HashMap::new();
    let mut grantable: HashMap<Vec<i64>, bool> = HashMap::new();
    let mut ready = Vec::with_capacity(checked.len());
    for (line, input) in checked {
        let account = input.account.clone().unwrap_or_default();
        if let Some(first) = first_line.insert(account.clone(), line) {
            report.field(&sheet, line, "account", format!("账号 [{account}] 与第{first}行重复"));
            continue;
        }
        let current = existing.get(&account).cloned();
        let role_ids = input.role_ids.clone().unwrap_or_default();
        let depts = keeper_common::id::join(input.dept_ids.as_deref().unwrap_or_default());
        let grants_roles = match &current {
            None => true,
            Some(_) if !covered => {
                report.field(&sheet, line, "account", format!("当前用户 [{account}] 已存在!"));
                continue;
            }
            Some(u) => {
                if !repo::admits(&scope, &u.dept_id, u.create_user) {
                    report.field(&sheet, line, "account", "超出本人的数据权限范围");
                    continue;
                }
                let ok = match manageable.get(&u.role_id) {
                    Some(ok) => *ok,
                    None => {
                        let ok = allowed(privileges.check_manageable(state, tenant, std::slice::from_ref(u)).await)?;
                        *manageable.entry(u.role_id.clone()).or_insert(ok)
                    }
                };
                if !ok {
                    report.field(&sheet, line, "account", super::privilege::TARGET_TOO_STRONG);
                    continue;
                }
                let changed = id_set(&u.role_id) != role_ids.iter().copied().collect::<HashSet<_>>();
                if changed && u.id == me.user_id {
                    report.field(&sheet, line, "roleId", "不能修改本账号的角色!");
                    continue;
                }
                if changed && !may_grant {
                    report.field(&sheet, line, "roleId", "无权修改账号的角色");
                    continue;
                }
                changed
            }
        };
        if grants_roles {
            let key = sorted(&role_ids);
            let ok = match grantable.get(&key) {
                Some(ok) => *ok,
                None => {
                    let models: Vec<role::Model> = all_roles.iter().filter(|r| key.contains(&r.id)).cloned().collect();
                    let ok = allowed(privileges.check_grantable(state, tenant, &models).await)?;
                    *grantable.entry(key).or_insert(ok)
                }
            };
            if !ok {
                report.field(&sheet, line, "roleId", super::privilege::GRANT_TOO_WIDE);
                continue;
            }
        }
        let creator = current.as_ref().map_or(Some(me.user_id), |u| u.create_user);
        if !repo::admits(&scope, &depts, creator) {
            report.field(&sheet, line, "deptId", "超出本人的数据权限范围");
            continue;
        }
        ready.push(Ready { line, input, current });
    }
    if !report.is_empty() {
        return Ok(Imported::Rejected(report));
    }
    write(state, me, ready).await
}

fn changes_of(input: &UserInput, who: &Author) -> user::ActiveModel {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let real_name = text(&input.real_name);
    let name = input.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| real_name.clone());
    let mut row = user::ActiveModel {
        real_name: Set(real_name),
        name: Set(name),
        phone: Set(text(&input.phone)),
        email: Set(text(&input.email)),
        sex: Set(input.sex.unwrap_or(0)),
        role_id: Set(keeper_common::id::join(input.role_ids.as_deref().unwrap_or_default())),
        dept_id: Set(keeper_common::id::join(input.dept_ids.as_deref().unwrap_or_default())),
        post_id: Set(keeper_common::id::join(input.post_ids.as_deref().unwrap_or_default())),
        ..Default::default()
    };
    base::updated::<user::Entity>(&mut row, who);
    row
}

/// Writes the checked rows in one transaction: the tenant's quota counts the whole file, new accounts get
/// the initial password (`account.initPassword`, else `123456`), covered ones keep theirs. As with
/// `user/submit`, accounts whose roles narrowed or whose departments moved lose their sessions.
async fn write(state: &AppState, me: &CurrentUser, ready: Vec<Ready>) -> Result<Imported, AppError> {
    let tenant = me.tenant_id.as_str();
    let (new, covered): (Vec<Ready>, Vec<Ready>) = ready.into_iter().partition(|r| r.current.is_none());
    let hash = if new.is_empty() {
        String::new()
    } else {
        let initial = crate::params::effective(&state.db, tenant, "account.initPassword").await?.filter(|p| !p.trim().is_empty());
        let md5 = password::md5_hex(initial.as_deref().map(str::trim).unwrap_or(DEFAULT_PASSWORD));
        // One hash for all: they share a well-known password anyway, and bcrypt is deliberately slow.
        password::hash(&md5, state.settings.bcrypt_cost).await?
    };
    // One author and one moment for the whole file.
    let who = Author::of(me);
    let txn = state.db.begin().await?;
    let t = repo::lock_tenant(&txn, tenant).await?.ok_or_else(|| AppError::internal(format!("tenant {tenant} has no live row")))?;
    // −1 and 0 mean unlimited (api-contract §6.4).
    if t.account_number > 0 && repo::count_live(&txn, tenant).await? + new.len() as u64 > t.account_number as u64 {
        return Err(AppError::bad("当前租户已到最大账号额度!"));
    }
    // An account created by someone else since the checks is caught here, under the tenant's lock.
    let accounts: Vec<String> = new.iter().filter_map(|r| r.input.account.clone()).collect();
    for chunk in accounts.chunks(1000) {
        let taken = user::Entity::live(tenant).filter(user::Column::Account.is_in(chunk.to_vec())).one(&txn).await?;
        if let Some(u) = taken {
            return Err(super::duplicate(&u.account));
        }
    }
    let rows: Vec<user::ActiveModel> = new
        .iter()
        .map(|r| {
            let mut row = changes_of(&r.input, &who);
            // `created` stamps the status of a new row, `base::NORMAL`: an imported account is active.
            base::created::<user::Entity>(&mut row, next_id(), &who);
            row.code = Set(String::new());
            row.user_type = Set(1);
            row.account = Set(r.input.account.clone().unwrap_or_default());
            row.password = Set(hash.clone());
            row.avatar = Set(String::new());
            row.birthday = Set(None);
            row
        })
        .collect();
    for chunk in rows.chunks(INSERT_CHUNK) {
        user::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
    }
    let mut narrowed = Vec::new();
    for r in &covered {
        let current = r.current.as_ref().expect("covered rows hold their account");
        let new_roles: HashSet<i64> = r.input.role_ids.iter().flatten().copied().collect();
        let new_depts: HashSet<i64> = r.input.dept_ids.iter().flatten().copied().collect();
        if !id_set(&current.role_id).is_subset(&new_roles) || id_set(&current.dept_id) != new_depts {
            narrowed.push(current.id);
        }
        if repo::update(&txn, tenant, &[current.id], changes_of(&r.input, &who)).await? == 0 {
            return Err(AppError::bad(format!("第{}行: 账号已被删除，请重新导入", r.line)));
        }
    }
    super::end_sessions(state, &narrowed, "account roles or departments changed").await?;
    txn.commit().await?;
    super::sweep_sessions(state, &narrowed, "account roles or departments changed").await;
    Ok(Imported::Done { created: new.len(), updated: covered.len() })
}
