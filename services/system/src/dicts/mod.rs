//! Administration of the system dictionaries (global) and of a tenant's business dictionaries (api-contract
//! §4.7–4.8). A dictionary is a top row (`parentId` 0, `dictKey` -1, `dictValue` its title) with item rows
//! below it that share its code; `(code, dictKey)` is unique among live rows. The business dictionaries are
//! always confined to one tenant: another tenant's id answers 404 like a missing one.
pub mod form;
pub mod lookup;
pub mod repo;
pub mod view;

use std::cmp::Ordering;
use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use sea_orm::{DatabaseConnection, TransactionTrait};

use form::DictInput;
use keeper_common::tree::{HAS_CHILDREN, TreeNode};
pub use repo::Kind;
use repo::Row;
use view::DictView;

/// The `dictKey` of every top row.
pub const TOP_KEY: &str = "-1";
pub const KEY_TAKEN: &str = "当前字典键值已存在!";
/// Columns `parent-list` may sort by.
pub const SORTABLE: &[&str] = &["sort", "code", "dict_key", "dict_value", "id"];

/// The `LIKE` filters of the lists (case-insensitive containment).
#[derive(Debug, Default)]
pub struct Filter {
    pub code: Option<String>,
    pub dict_key: Option<String>,
    pub dict_value: Option<String>,
}

impl Filter {
    fn keeps(&self, r: &Row) -> bool {
        let ok = |f: &Option<String>, v: &str| f.as_deref().is_none_or(|f| keeper_common::fields::contains(v, f));
        ok(&self.code, &r.code) && ok(&self.dict_key, &r.dict_key) && ok(&self.dict_value, &r.dict_value)
    }
}

fn descendants(all: &[Row], root: i64) -> HashSet<i64> {
    keeper_common::tree::with_descendants([root], all.iter().map(|r| (r.id, r.parent_id)))
}

fn find(all: &[Row], id: i64) -> Result<&Row, AppError> {
    all.iter().find(|r| r.id == id).ok_or_else(AppError::not_found)
}

pub async fn detail(db: &DatabaseConnection, kind: Kind<'_>, id: i64) -> Result<DictView, AppError> {
    let all = repo::live(db, kind).await?;
    let row = find(&all, id)?;
    let mut v = view::view(row, &view::values(&all));
    v.has_children = all.iter().any(|r| r.parent_id == id);
    Ok(v)
}

/// The matching rows of every dictionary as a tree.
pub async fn list(db: &DatabaseConnection, kind: Kind<'_>, f: &Filter) -> Result<Vec<DictView>, AppError> {
    let all = repo::live(db, kind).await?;
    let chosen: Vec<&Row> = all.iter().filter(|r| f.keeps(r)).collect();
    Ok(view::view_forest(&chosen, &view::values(&all)))
}

fn compare(a: &Row, b: &Row, column: &str) -> Ordering {
    match column {
        "sort" => a.sort.cmp(&b.sort),
        "code" => a.code.cmp(&b.code),
        "dict_key" => a.dict_key.cmp(&b.dict_key),
        "dict_value" => a.dict_value.cmp(&b.dict_value),
        _ => a.id.cmp(&b.id),
    }
}

/// One page of the matching top rows (the dictionaries themselves), in `sort` order unless asked otherwise.
pub async fn parent_list(db: &DatabaseConnection, kind: Kind<'_>, f: &Filter, req: &PageRequest) -> Result<Page<DictView>, AppError> {
    let all = repo::live(db, kind).await?;
    let mut tops: Vec<&Row> = all.iter().filter(|r| r.parent_id == 0 && f.keeps(r)).collect();
    // Stable: rows equal on every asked column keep the default order (sort, then id).
    tops.sort_by(|a, b| {
        req.sort
            .iter()
            .fold(Ordering::Equal, |acc, (col, asc)| acc.then_with(|| if *asc { compare(a, b, col) } else { compare(b, a, col) }))
    });
    let total = tops.len() as u64;
    let req = &req.within(total);
    let offset = usize::try_from(req.offset()).unwrap_or(usize::MAX);
    let parents: HashSet<i64> = all.iter().map(|r| r.parent_id).collect();
    let values = view::values(&all);
    let records = tops
        .into_iter()
        .skip(offset)
        .take(req.size as usize)
        .map(|r| {
            let mut v = view::view(r, &values);
            v.has_children = parents.contains(&r.id);
            v
        })
        .collect();
    Ok(Page::new(records, total, req))
}

/// Everything below `parent_id` (a dictionary's items when it is a top row) that matches, as a tree.
pub async fn child_list(db: &DatabaseConnection, kind: Kind<'_>, parent_id: i64, f: &Filter) -> Result<Vec<DictView>, AppError> {
    let all = repo::live(db, kind).await?;
    find(&all, parent_id)?;
    let below = descendants(&all, parent_id);
    let chosen: Vec<&Row> = all.iter().filter(|r| r.id != parent_id && below.contains(&r.id) && f.keeps(r)).collect();
    Ok(view::view_forest(&chosen, &view::values(&all)))
}

/// Every live row as a picker tree (`title` = `dictValue`).
pub async fn tree(db: &DatabaseConnection, kind: Kind<'_>) -> Result<Vec<TreeNode>, AppError> {
    let all = repo::live(db, kind).await?;
    Ok(view::node_forest(&all.iter().collect::<Vec<_>>()))
}

/// The dictionaries (top rows) as a flat picker list.
pub async fn parent_tree(db: &DatabaseConnection, kind: Kind<'_>) -> Result<Vec<TreeNode>, AppError> {
    let all = repo::live(db, kind).await?;
    Ok(view::node_forest(&all.iter().filter(|r| r.parent_id == 0).collect::<Vec<_>>()))
}

/// Creates a row when the input has no id, updates it otherwise; answers its id. An item takes its parent's
/// code; renaming a dictionary's code renames all its items.
pub async fn submit(db: &DatabaseConnection, kind: Kind<'_>, input: DictInput) -> Result<i64, AppError> {
    let txn = db.begin().await?;
    repo::lock(&txn, kind).await?;
    let all = repo::live(&txn, kind).await?;
    let current = input.id.map(|id| find(&all, id).cloned()).transpose()?;
    let code = if input.parent_id == 0 {
        if current.as_ref().is_some_and(|c| c.parent_id != 0) {
            return Err(AppError::field("parentId", "字典项不能改为顶级字典"));
        }
        input.code
    } else {
        let parent = all.iter().find(|r| r.id == input.parent_id).ok_or_else(|| AppError::field("parentId", "上级字典不存在"))?;
        if let Some(c) = &current {
            if c.parent_id == 0 {
                return Err(AppError::field("parentId", "顶级字典不能设置上级"));
            }
            if descendants(&all, c.id).contains(&parent.id) {
                return Err(AppError::field("parentId", "上级不能是自己或下级"));
            }
            if parent.code != c.code {
                return Err(AppError::field("parentId", "不能移动到其他字典"));
            }
        }
        parent.code.clone()
    };
    // The rows that move with this one: a renamed dictionary's items leave their old code behind.
    let subtree = current.as_ref().map(|c| descendants(&all, c.id)).unwrap_or_default();
    if input.parent_id == 0 {
        if all.iter().any(|r| r.code == code && !subtree.contains(&r.id)) {
            return Err(AppError::field("code", KEY_TAKEN));
        }
    } else if all.iter().any(|r| r.code == code && r.dict_key == input.dict_key && Some(r.id) != input.id) {
        return Err(AppError::field("dictKey", KEY_TAKEN));
    }
    let row = Row {
        id: input.id.unwrap_or_else(next_id),
        tenant_id: None,
        parent_id: input.parent_id,
        code,
        dict_key: input.dict_key,
        dict_value: input.dict_value,
        sort: input.sort,
        remark: input.remark,
        is_sealed: input.is_sealed,
    };
    match &current {
        None => repo::insert(&txn, kind, &row).await?,
        Some(c) => {
            repo::update(&txn, kind, &row).await?;
            if c.code != row.code {
                let items: Vec<i64> = subtree.into_iter().filter(|id| *id != c.id).collect();
                repo::set_code(&txn, kind, &items, &row.code).await?;
            }
        }
    }
    txn.commit().await?;
    Ok(row.id)
}

/// Soft-deletes the rows; refuses while a live row outside the list still hangs below one of them.
pub async fn remove(db: &DatabaseConnection, kind: Kind<'_>, ids: &[i64]) -> Result<usize, AppError> {
    let ids: HashSet<i64> = ids.iter().copied().collect();
    let txn = db.begin().await?;
    repo::lock(&txn, kind).await?;
    let all = repo::live(&txn, kind).await?;
    for id in &ids {
        find(&all, *id)?;
    }
    if all.iter().any(|r| ids.contains(&r.parent_id) && !ids.contains(&r.id)) {
        return Err(AppError::bad(HAS_CHILDREN));
    }
    repo::soft_delete(&txn, kind, &ids.iter().copied().collect::<Vec<_>>()).await?;
    txn.commit().await?;
    Ok(ids.len())
}
