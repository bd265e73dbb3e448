//! Notices (通知公告, issue 18): the zone's managers write a notice, publish it to everyone in the tenant or
//! to some departments (each with the departments below it) and roles, and withdraw it again; every
//! addressed person sees it in the header's bell and on the home page, and opening it leaves a read
//! receipt that its managers see under 阅读情况. A draft or withdrawn notice reaches no reader; a
//! published one is changed only after withdrawing it, so what a receipt says was read is what was shown.
pub mod content;
pub mod form;
pub mod repo;
pub mod view;

use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, TransactionTrait};

use crate::entity::{attachment, notice, notice_read};
use crate::investment::attachment::repo::{self as files, OwnerKind};
use crate::investment::attachment::{self as attachments};
use crate::reference::Reference;
use crate::state::AppState;
use form::NoticeInput;
use repo::Reader;
use view::{MyNotice, NoticeDetail, NoticeFile, NoticeRow, Receipt, Unread};

/// The buttons of the 通知公告 menu: holding any lets one see every notice of the tenant.
pub const MANAGE_CODES: &[&str] =
    &["notice_add", "notice_edit", "notice_delete", "notice_view", "notice_publish", "notice_withdraw", "notice_receipt"];

/// How many unread notices the header's bell lists.
const BELL_SIZE: u64 = 5;

/// Where a notice is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeStatus {
    Draft,
    Published,
    Withdrawn,
}

impl NoticeStatus {
    pub const EDITABLE: [NoticeStatus; 2] = [NoticeStatus::Draft, NoticeStatus::Withdrawn];

    pub fn code(self) -> i32 {
        match self {
            NoticeStatus::Draft => 0,
            NoticeStatus::Published => 1,
            NoticeStatus::Withdrawn => 2,
        }
    }

    pub fn from_code(field: &str, code: i32) -> Result<NoticeStatus, AppError> {
        [NoticeStatus::Draft, NoticeStatus::Published, NoticeStatus::Withdrawn]
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| AppError::field(field, "不是有效的状态"))
    }

    /// The status a stored notice stands at; a code this build does not know reads as a draft, which
    /// nobody but its managers sees.
    pub fn of(n: &notice::Model) -> NoticeStatus {
        NoticeStatus::from_code("noticeStatus", n.notice_status).unwrap_or(NoticeStatus::Draft)
    }

    pub fn name(self) -> &'static str {
        match self {
            NoticeStatus::Draft => "草稿",
            NoticeStatus::Published => "已发布",
            NoticeStatus::Withdrawn => "已撤回",
        }
    }
}

/// The caller as a reader: their departments with those above, and their roles.
async fn reader(state: &AppState, me: &CurrentUser) -> Result<Reader, AppError> {
    let reference = state.reference.of(&me.tenant_id).await?;
    // The caller's own departments count even before the (few seconds old) copy knows a new one.
    let depts = me.dept_ids.iter().flat_map(|d| reference.with_ancestors(*d)).chain(me.dept_ids.iter().copied()).collect();
    Ok(Reader { user_id: me.user_id, depts, roles: me.role_ids.clone() })
}

/// One page of the tenant's notices, for their managers.
pub async fn list(state: &AppState, me: &CurrentUser, f: repo::Filter, req: PageRequest) -> Result<Page<NoticeRow>, AppError> {
    let page = repo::page(&state.db, &me.tenant_id, &f, &req).await?;
    let ids: Vec<i64> = page.records.iter().map(|n| n.id).collect();
    let counts = repo::read_counts(&state.db, &me.tenant_id, &ids).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    Ok(page.map(|n| view::row(&n, counts.get(&n.id).copied().unwrap_or(0), &reference)))
}

/// Checks the audience and category against the tenant's (fresh) departments, roles and dictionary.
fn check_refs(input: &NoticeInput, r: &Reference) -> Result<(), AppError> {
    if !r.has_key("notice_category", &input.category) {
        return Err(AppError::field("category", format!("不是有效的字典值: {}", input.category)));
    }
    if let Some(d) = input.dept_ids.iter().find(|d| !r.has_dept(**d)) {
        return Err(AppError::field("deptIds", format!("机构不存在: {d}")));
    }
    if let Some(id) = input.role_ids.iter().find(|id| !r.has_role(**id)) {
        return Err(AppError::field("roleIds", format!("角色不存在: {id}")));
    }
    Ok(())
}

/// Creates a draft (no id) or changes a draft or withdrawn notice; answers its id. The files sent are the
/// notice's files afterwards: new ones must be live uploads of the caller, dropped ones are unlinked.
pub async fn submit(state: &AppState, me: &CurrentUser, input: NoticeInput) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    check_refs(&input, &*state.reference.fresh(tenant).await?)?;
    let author = Author::of(me);
    let linked: Vec<attachment::Model> = match input.id {
        Some(id) => files::of_owner(&state.db, tenant, OwnerKind::Notice, id).await?,
        None => Vec::new(),
    };
    let held: HashSet<i64> = linked.iter().map(|l| l.attach_id).collect();
    let new: Vec<i64> = input.attach_ids.iter().copied().filter(|a| !held.contains(a)).collect();
    // Asked before the transaction: the answer comes over the network.
    let uploads = attachments::own_uploads(state, me, &new).await?;
    let mut row = notice::ActiveModel {
        title: Set(input.title),
        category: Set(input.category),
        content: Set(input.content),
        audience_all: Set(i32::from(input.dept_ids.is_empty() && input.role_ids.is_empty())),
        dept_ids: Set(repo::wrap(&input.dept_ids)),
        role_ids: Set(repo::wrap(&input.role_ids)),
        ..Default::default()
    };
    let txn = state.db.begin().await?;
    let id = match input.id {
        None => {
            let id = next_id();
            row.notice_status = Set(NoticeStatus::Draft.code());
            row.release_time = Set(None);
            row.create_user_name = Set(attachments::name_of(me));
            base::created::<notice::Entity>(&mut row, id, &author);
            repo::insert(&txn, row).await?;
            id
        }
        Some(id) => {
            base::updated::<notice::Entity>(&mut row, &author);
            if repo::update_in(&txn, tenant, &[id], &NoticeStatus::EDITABLE, row).await? == 0 {
                return Err(match repo::find(&txn, tenant, id).await? {
                    None => AppError::not_found(),
                    Some(_) => AppError::bad("已发布的通知不能修改，请先撤回"),
                });
            }
            id
        }
    };
    let dropped: Vec<i64> = linked.iter().filter(|l| !input.attach_ids.contains(&l.attach_id)).map(|l| l.id).collect();
    if !dropped.is_empty() {
        files::update(&txn, tenant, &dropped, base::removal::<attachment::Entity>(&author)).await?;
    }
    let uploader = attachments::name_of(me);
    // A notice belongs to no project.
    let rows =
        uploads.into_iter().map(|f| attachments::link_row(next_id(), (OwnerKind::Notice, id), 0, "", f, &uploader, &author)).collect();
    files::insert(&txn, rows).await?;
    txn.commit().await?;
    Ok(id)
}

/// Writes and publishes at once a notice the service composes for `me` (a reminder) to the departments
/// `depts`; `html` is sanitised like a manager's. Answers its id.
pub async fn publish_now<C: sea_orm::ConnectionTrait>(
    db: &C,
    me: &CurrentUser,
    title: &str,
    category: &str,
    html: &str,
    depts: &[i64],
) -> Result<i64, AppError> {
    let id = next_id();
    let author = Author::of(me);
    let mut row = notice::ActiveModel {
        title: Set(title.chars().take(form::MAX_TITLE).collect()),
        category: Set(category.to_string()),
        content: Set(content::sanitise("content", html)?),
        notice_status: Set(NoticeStatus::Published.code()),
        release_time: Set(Some(author.at)),
        audience_all: Set(i32::from(depts.is_empty())),
        dept_ids: Set(repo::wrap(depts)),
        role_ids: Set(String::new()),
        create_user_name: Set(attachments::name_of(me)),
        ..Default::default()
    };
    base::created::<notice::Entity>(&mut row, id, &author);
    repo::insert(db, row).await?;
    Ok(id)
}

/// Moves every listed notice from one of `from` on (all or none); `refusal` says why one in another status
/// cannot take the step.
async fn step(
    state: &AppState,
    me: &CurrentUser,
    ids: &[i64],
    from: &[NoticeStatus],
    mut changes: notice::ActiveModel,
    refusal: &str,
) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    base::updated::<notice::Entity>(&mut changes, &Author::of(me));
    let txn = state.db.begin().await?;
    let found = repo::live(&txn, tenant, ids).await?;
    if found.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if let Some(n) = found.iter().find(|n| !from.contains(&NoticeStatus::of(n))) {
        return Err(AppError::bad(format!("「{}」{}，{refusal}", n.title, NoticeStatus::of(n).name())));
    }
    // Conditional on the status still being one of `from`: a step taken meanwhile by another manager
    // makes this one fail whole rather than apply twice.
    if repo::update_in(&txn, tenant, ids, from, changes).await? != ids.len() as u64 {
        return Err(AppError::bad("通知状态已变化，请刷新后重试"));
    }
    txn.commit().await?;
    Ok(ids.len())
}

/// Publishes drafts and withdrawn notices: from now on they reach their audience.
pub async fn publish(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let changes = notice::ActiveModel {
        notice_status: Set(NoticeStatus::Published.code()),
        release_time: Set(Some(keeper_common::time::now())),
        ..Default::default()
    };
    step(state, me, ids, &NoticeStatus::EDITABLE, changes, "不能发布").await
}

/// Withdraws published notices: they leave every reader's lists; their receipts stay.
pub async fn withdraw(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let changes = notice::ActiveModel { notice_status: Set(NoticeStatus::Withdrawn.code()), ..Default::default() };
    step(state, me, ids, &[NoticeStatus::Published], changes, "不能撤回").await
}

/// Removes drafts and withdrawn notices (a published one is withdrawn first).
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    step(state, me, ids, &NoticeStatus::EDITABLE, base::removal::<notice::Entity>(&Author::of(me)), "请先撤回再删除").await
}

/// One notice in full. A published notice addressed to the caller is answered and its reading recorded; a
/// manager (`manager`: holding a button of the menu) may read any notice of the tenant without a receipt;
/// anything else is 404, as if it did not exist.
pub async fn detail(state: &AppState, me: &CurrentUser, id: i64, manager: bool) -> Result<NoticeDetail, AppError> {
    let tenant = me.tenant_id.as_str();
    let n = repo::find(&state.db, tenant, id).await?.ok_or_else(AppError::not_found)?;
    let addressed = NoticeStatus::of(&n) == NoticeStatus::Published && reader(state, me).await?.addressed_by(&n);
    if !addressed && !manager {
        return Err(AppError::not_found());
    }
    if addressed {
        let receipt = notice_read::ActiveModel {
            id: Set(next_id()),
            tenant_id: Set(tenant.to_string()),
            notice_id: Set(id),
            user_id: Set(me.user_id),
            user_name: Set(attachments::name_of(me)),
            read_time: Set(keeper_common::time::now()),
        };
        repo::record_read(&state.db, receipt).await?;
    }
    let read = repo::read_by(&state.db, tenant, me.user_id, &[id]).await?.contains(&id);
    let count = repo::read_counts(&state.db, tenant, &[id]).await?.get(&id).copied().unwrap_or(0);
    let attachments = files::of_owner(&state.db, tenant, OwnerKind::Notice, id)
        .await?
        .into_iter()
        .map(|f| NoticeFile {
            attach_id: f.attach_id,
            original_name: f.original_name,
            file_name: f.object_name,
            oss_code: f.oss_code,
            attach_size: f.attach_size,
            extension: f.extension,
        })
        .collect();
    let reference = state.reference.of(tenant).await?;
    let content = n.content.clone();
    Ok(NoticeDetail { row: view::row(&n, count, &reference), content, read, attachments })
}

/// One page of the notices published to the caller, newest first, only the unread ones with `unread`.
pub async fn mine(state: &AppState, me: &CurrentUser, unread: bool, req: PageRequest) -> Result<Page<MyNotice>, AppError> {
    let reader = reader(state, me).await?;
    let page = repo::page_for(&state.db, &me.tenant_id, &reader, unread, &req).await?;
    let ids: Vec<i64> = page.records.iter().map(|n| n.id).collect();
    let read = repo::read_by(&state.db, &me.tenant_id, me.user_id, &ids).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    Ok(page.map(|n| {
        let seen = read.contains(&n.id);
        view::mine(n, seen, &reference)
    }))
}

/// The header's bell.
pub async fn unread(state: &AppState, me: &CurrentUser) -> Result<Unread, AppError> {
    let reader = reader(state, me).await?;
    let (count, newest) = repo::unread(&state.db, &me.tenant_id, &reader, BELL_SIZE).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    Ok(Unread { count, list: newest.into_iter().map(|n| view::mine(n, false, &reference)).collect() })
}

/// Who has read a notice of the tenant, the latest first.
pub async fn receipts(state: &AppState, me: &CurrentUser, id: i64, req: PageRequest) -> Result<Page<Receipt>, AppError> {
    repo::find(&state.db, &me.tenant_id, id).await?.ok_or_else(AppError::not_found)?;
    Ok(repo::receipts(&state.db, &me.tenant_id, id, &req).await?.map(view::receipt))
}
