//! Attachments of projects and monthly reports (附件, 现场照片; domain-model §2.2.1, §2.2.6): the approval
//! or filing document, the construction contract, the business licence and site photos that prove a
//! project's start (§2.2.2) and a month's progress. The files live in the resource service's register
//! (uploaded there by the web); a link here names one by its id once the resource service has vouched
//! that it is a live file of the caller's tenant which the caller uploaded, so no one links a file they
//! could not have had. Links follow their project's scope: whoever sees a project sees its files; a
//! project's files change with a project editor's button, a report's photos with the report filler's
//! while the report is still the filler's (draft or returned), so an approved month's photos stay as
//! approved.
pub mod form;
pub mod repo;
pub mod view;

use std::collections::HashSet;

use keeper_client::resource::AttachInfo;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_db::base::{self, Author};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ConnectionTrait, TransactionTrait};

use crate::entity::{attachment, project, project_report};
use crate::investment::project::repo as project_repo;
use crate::investment::project::scope::{self, ProjectScope};
use crate::investment::report::repo as report_repo;
use crate::review::Status;
use crate::state::AppState;
use form::Linking;
use repo::OwnerKind;
use view::AttachmentView;

/// Which changes the caller's buttons allow (the handler asks the permission guard).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grants {
    /// A project's own files: a project editor.
    pub project_files: bool,
    /// A monthly report's photos: the report's filler.
    pub report_photos: bool,
}

/// A project the caller may see, and one of its reports when the call is about that report's photos.
struct Owner {
    project: project::Model,
    report: Option<project_report::Model>,
}

impl Owner {
    fn key(&self) -> (OwnerKind, i64) {
        match &self.report {
            Some(r) => (OwnerKind::Report, r.id),
            None => (OwnerKind::Project, self.project.id),
        }
    }

    /// Whether `grants` allow changing this owner's files now.
    fn may_change(&self, grants: Grants) -> Result<(), AppError> {
        let status = self.report.as_ref().map(|r| Status::from_code("reportStatus", &r.report_status)).transpose()?;
        may_change(grants, status)
    }
}

/// Whether `grants` allow changing the files of a project (`report` None), or of a report in this status.
fn may_change(grants: Grants, report: Option<Status>) -> Result<(), AppError> {
    match report {
        None if grants.project_files => Ok(()),
        Some(_) if !grants.report_photos => Err(AppError::forbidden()),
        Some(status) if !status.editable() => Err(AppError::bad("月报已提交审核或已通过，现场照片不能修改")),
        Some(_) => Ok(()),
        None => Err(AppError::forbidden()),
    }
}

/// The project (and report) in the caller's scope, else 404: of another tenant, out of scope, removed,
/// or a report of another project.
async fn reach<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &ProjectScope,
    project_id: i64,
    report_id: Option<i64>,
) -> Result<Owner, AppError> {
    let project = project_repo::visible(db, tenant, scope, &[project_id]).await?.pop().ok_or_else(AppError::not_found)?;
    let report = match report_id {
        None => None,
        Some(id) => Some(
            report_repo::visible(db, tenant, scope, &[id])
                .await?
                .pop()
                .filter(|r| r.project_id == project.id)
                .ok_or_else(AppError::not_found)?,
        ),
    };
    Ok(Owner { project, report })
}

/// A project's own files, or with `report_id` one of its reports' photos.
pub async fn list(state: &AppState, me: &CurrentUser, project_id: i64, report_id: Option<i64>) -> Result<Vec<AttachmentView>, AppError> {
    let scope = scope::resolve(state, me).await?;
    let owner = reach(&state.db, &me.tenant_id, &scope, project_id, report_id).await?;
    let (kind, id) = owner.key();
    let rows = repo::of_owner(&state.db, &me.tenant_id, kind, id).await?;
    let reference = state.reference.of(&me.tenant_id).await?;
    Ok(rows.into_iter().map(|r| view::view(r, &reference)).collect())
}

/// The uploads among `ids`, each a live file of the caller's tenant that the caller uploaded: a file
/// linked to a record must be one its linker could have had. Anything else is refused naming `attachIds`.
/// `ids` are distinct (the forms make them so).
pub async fn own_uploads(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<Vec<AttachInfo>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut files = state.resource.describe_attaches(&me.tenant_id, ids).await?;
    // In the order asked, which the link rows' ids then keep: the resource service answers in its
    // database's order (PostgreSQL's differs from one call to the next).
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        match files.iter().position(|f| f.id == *id) {
            None => return Err(AppError::field("attachIds", format!("文件不存在或已删除: {id}"))),
            Some(i) if files[i].create_user != Some(me.user_id) => {
                return Err(AppError::field("attachIds", format!("只能关联自己上传的文件: {}", files[i].original_name)));
            }
            Some(i) => out.push(files.swap_remove(i)),
        }
    }
    Ok(out)
}

/// The name a record keeps of the person who wrote it (its column holds 50 characters).
pub fn name_of(me: &CurrentUser) -> String {
    me.display_name().chars().take(50).collect()
}

/// The link row `id` of the upload `f` to `owner` (of the project `project_id`; 0 for an owner outside
/// any project).
pub fn link_row(
    id: i64,
    owner: (OwnerKind, i64),
    project_id: i64,
    category: &str,
    f: AttachInfo,
    uploader: &str,
    author: &Author,
) -> attachment::ActiveModel {
    let mut row = attachment::ActiveModel {
        owner_kind: Set(owner.0.code().into()),
        owner_id: Set(owner.1),
        project_id: Set(project_id),
        category: Set(category.to_string()),
        attach_id: Set(f.id),
        object_name: Set(f.name),
        oss_code: Set(f.oss_code),
        original_name: Set(f.original_name.chars().take(255).collect()),
        extension: Set(f.extension.chars().take(32).collect()),
        attach_size: Set(f.attach_size),
        create_user_name: Set(uploader.to_string()),
        ..Default::default()
    };
    base::created::<attachment::Entity>(&mut row, id, author);
    row
}

/// Links uploaded files to a project or a report; a file linked there already is not linked twice.
/// Answers the ids of the new links.
pub async fn link(state: &AppState, me: &CurrentUser, grants: Grants, linking: Linking) -> Result<Vec<i64>, AppError> {
    let tenant = me.tenant_id.as_str();
    if !state.reference.fresh(tenant).await?.has_key("attachment_category", &linking.category) {
        return Err(AppError::field("category", format!("不是有效的字典值: {}", linking.category)));
    }
    let scope = scope::resolve(state, me).await?;
    // Asked before the lock is taken: the answer comes over the network.
    let files = own_uploads(state, me, &linking.attach_ids).await?;
    let author = Author::of(me);
    let uploader = name_of(me);
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    // Under the tenant's lock, as the report's review: a report submitted meanwhile takes no more photos.
    project_repo::lock(&txn, tenant).await?;
    let owner = reach(&txn, tenant, &scope, linking.project_id, linking.report_id).await?;
    owner.may_change(grants)?;
    let (kind, owner_id) = owner.key();
    let linked: HashSet<i64> = repo::of_owner(&txn, tenant, kind, owner_id).await?.into_iter().map(|r| r.attach_id).collect();
    let mut ids = Vec::new();
    let mut rows = Vec::new();
    for f in files.into_iter().filter(|f| !linked.contains(&f.id)) {
        let id = next_id();
        ids.push(id);
        rows.push(link_row(id, (kind, owner_id), owner.project.id, &linking.category, f, &uploader, &author));
    }
    repo::insert(&txn, rows).await?;
    txn.commit().await?;
    Ok(ids)
}

/// Unlinks files, all or none: each must be a live link of a project the caller may see (else 404) that
/// the caller may change now. The file itself stays in the register.
pub async fn remove(state: &AppState, me: &CurrentUser, grants: Grants, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let scope = scope::resolve(state, me).await?;
    project_repo::ensure_lock_row(&state.db, tenant).await?;
    let txn = state.db.begin().await?;
    project_repo::lock(&txn, tenant).await?;
    let rows = repo::live(&txn, tenant, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let mut checked = HashSet::new();
    for r in &rows {
        let kind = OwnerKind::of_code(&r.owner_kind).ok_or_else(AppError::not_found)?;
        if checked.insert((kind, r.owner_id)) {
            let report = (kind == OwnerKind::Report).then_some(r.owner_id);
            reach(&txn, tenant, &scope, r.project_id, report).await?.may_change(grants)?;
        }
    }
    repo::update(&txn, tenant, ids, base::removal::<attachment::Entity>(&Author::of(me))).await?;
    txn.commit().await?;
    Ok(ids.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_owner_takes_its_own_button_and_a_report_only_while_its_filler_holds_it() {
        let both = Grants { project_files: true, report_photos: true };
        let project_only = Grants { project_files: true, report_photos: false };
        let report_only = Grants { project_files: false, report_photos: true };
        let forbidden = |r: Result<(), AppError>| matches!(r, Err(AppError::Forbidden(_)));
        assert!(may_change(project_only, None).is_ok());
        assert!(forbidden(may_change(report_only, None)), "a report filler does not keep the project's documents");
        for (status, open) in [(Status::Draft, true), (Status::Returned, true), (Status::Submitted, false), (Status::Approved, false)] {
            match may_change(both, Some(status)) {
                Ok(()) => assert!(open, "{status:?} must be locked"),
                Err(AppError::BadRequest(m)) => assert!(!open && m.contains("现场照片不能修改"), "{status:?}: {m}"),
                Err(e) => panic!("{status:?}: {e:?}"),
            }
            assert!(forbidden(may_change(project_only, Some(status))), "{status:?}: a project editor does not file reports");
        }
    }
}
