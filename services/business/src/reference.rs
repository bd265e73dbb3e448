//! What the system service owns and enterprises point into: the tenant's departments and business
//! dictionaries. Reads use a copy kept a few seconds per tenant; writes check against a fresh one, so a
//! department or dictionary item created a moment ago is never refused.
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use keeper_client::SystemClient;
use keeper_client::system::TenantReference;
use keeper_common::AppError;
use keeper_excel::Dict;

use crate::metrics::Schedule;

/// The parameter choosing how 时序进度 is measured (`month` or `day`).
pub const TIME_PROGRESS: &str = "business.timeProgress";

/// The business dictionaries behind enterprise and project fields.
pub const DICT_CODES: &[&str] = &[
    "company_type",
    "industry",
    "industry_chain",
    "stat_category",
    "enterprise_scale",
    "specialized_level",
    "enterprise_status",
    "project_type",
    "project_status",
    "project_source",
    "construction_nature",
    "project_level",
    "project_stage",
    "investor_origin",
    "report_status",
    "issue_level",
    "issue_type",
    "issue_status",
    "renovation_type",
    "attachment_category",
    "target_indicator",
    "split_mode",
    "data_source",
    "survey_round",
    "notice_category",
];

/// `dept_power_type` of a territorial department (属地单位: a park or an area of one).
pub const TERRITORY: i32 = 2;

/// Between the names of a department path in a file: `管委会/东区`.
pub const DEPT_PATH_SEPARATOR: &str = "/";

/// A zone's name from its top department's: `东湖经开区管委会` → `东湖经开区`.
pub fn zone_of(top: &str) -> String {
    let top = top.trim();
    ["管理委员会", "管委会"].iter().find_map(|s| top.strip_suffix(s)).filter(|z| !z.is_empty()).unwrap_or(top).to_string()
}

/// One tenant's departments and dictionaries, indexed for look-ups.
#[derive(Debug, Default)]
pub struct Reference {
    data: TenantReference,
    dept_names: HashMap<i64, String>,
}

impl Reference {
    pub fn new(data: TenantReference) -> Self {
        let dept_names = data.depts.iter().map(|d| (d.id, d.name.clone())).collect();
        Reference { data, dept_names }
    }

    pub fn has_role(&self, id: i64) -> bool {
        self.data.roles.iter().any(|r| r.id == id)
    }

    /// The role's name, empty when it is not one of the tenant's.
    pub fn role_name(&self, id: i64) -> &str {
        self.data.roles.iter().find(|r| r.id == id).map_or("", |r| r.name.as_str())
    }

    /// The ids of the tenant's departments.
    pub fn dept_ids(&self) -> impl Iterator<Item = i64> + '_ {
        self.data.depts.iter().map(|d| d.id)
    }

    pub fn has_dept(&self, id: i64) -> bool {
        self.dept_names.contains_key(&id)
    }

    /// Whether the department is one of the tenant's and its power type is one of `power_types`.
    pub fn dept_fits(&self, id: i64, power_types: &[i32]) -> bool {
        self.data.depts.iter().any(|d| d.id == id && power_types.contains(&d.power_type))
    }

    /// The department's `dept_power_type` (1 管委会 … 5 其他), if it is one of the tenant's.
    pub fn power_type(&self, id: i64) -> Option<i32> {
        self.data.depts.iter().find(|d| d.id == id).map(|d| d.power_type)
    }

    /// The tenant's department tree for a roll-up (siblings in the order the system service lists them).
    pub fn rollup_depts(&self) -> Vec<crate::rollup::Dept> {
        let sort = |i: usize| i32::try_from(i).unwrap_or(i32::MAX);
        self.data.depts.iter().enumerate().map(|(i, d)| crate::rollup::Dept { id: d.id, parent_id: d.parent_id, sort: sort(i) }).collect()
    }

    /// The zone as titles name it: the top department (the first without a parent among the tenant's),
    /// without the 管委会 that runs it.
    pub fn zone_name(&self) -> String {
        let ids: HashSet<i64> = self.data.depts.iter().map(|d| d.id).collect();
        zone_of(self.data.depts.iter().find(|d| !ids.contains(&d.parent_id)).map(|d| d.name.as_str()).unwrap_or_default())
    }

    pub fn dept_name(&self, id: Option<i64>) -> String {
        self.dept_label(id).to_string()
    }

    /// [`Reference::dept_name`] borrowed, for comparing rows by department without a copy per comparison.
    pub fn dept_label(&self, id: Option<i64>) -> &str {
        id.and_then(|id| self.dept_names.get(&id)).map_or("", String::as_str)
    }

    /// A department and all below it; empty when it is not one of the tenant's.
    pub fn subtree(&self, root: i64) -> HashSet<i64> {
        if !self.has_dept(root) {
            return HashSet::new();
        }
        keeper_common::tree::with_descendants([root], self.data.depts.iter().map(|d| (d.id, d.parent_id)))
    }

    /// The park a territory lies in: the topmost department of the unbroken chain of territorial
    /// departments above `dept` (`dept` itself when its parent is not territorial).
    pub fn park_of(&self, dept: i64) -> i64 {
        let mut at = dept;
        // Bounded by the number of departments, so a parent cycle in bad data cannot loop forever.
        for _ in 0..self.data.depts.len() {
            match self.data.depts.iter().find(|d| d.id == at).map(|d| d.parent_id) {
                Some(parent) if self.power_type(parent) == Some(TERRITORY) => at = parent,
                _ => break,
            }
        }
        at
    }

    /// A department and all above it, up to the root; empty when it is not one of the tenant's.
    pub fn with_ancestors(&self, id: i64) -> HashSet<i64> {
        let mut out = HashSet::new();
        let mut at = Some(id);
        // Bounded by the number of departments, so a parent cycle in bad data cannot loop forever.
        while let Some(d) = at.and_then(|id| self.data.depts.iter().find(|d| d.id == id)) {
            if !out.insert(d.id) {
                break;
            }
            at = Some(d.parent_id);
        }
        out
    }

    /// The department of a name, which must name exactly one.
    pub fn dept_by_name(&self, name: &str) -> Result<i64, String> {
        let mut ids = self.data.depts.iter().filter(|d| d.name == name).map(|d| d.id);
        match (ids.next(), ids.next()) {
            (Some(id), None) => Ok(id),
            (None, _) => Err(format!("机构不存在: {name}")),
            (Some(_), Some(_)) => Err(format!("机构名称「{name}」不唯一，请先修改名称")),
        }
    }

    /// A department as a file names it: its name, or its path from the top of the tree
    /// (`管委会/东区`) when another department has the same name, so that the file reads back.
    pub fn dept_file_name(&self, id: i64) -> String {
        let name = self.dept_name(Some(id));
        if self.data.depts.iter().filter(|d| d.name == name).nth(1).is_none() {
            return name;
        }
        let mut path = Vec::new();
        let mut at = self.data.depts.iter().find(|d| d.id == id);
        // Bounded by the number of departments, so a parent cycle in bad data cannot loop forever.
        while let Some(d) = at.filter(|_| path.len() <= self.data.depts.len()) {
            path.push(d.name.as_str());
            at = self.data.depts.iter().find(|p| p.id == d.parent_id);
        }
        path.reverse();
        path.join(DEPT_PATH_SEPARATOR)
    }

    /// The department a file names (see [`Reference::dept_file_name`]): a name that names exactly one,
    /// or a path ending at it, from the top of the tree or from any department above it (`东区/一园`).
    pub fn dept_by_file_name(&self, text: &str) -> Result<i64, String> {
        let text = text.trim();
        let parts: Vec<&str> = text.split(DEPT_PATH_SEPARATOR).map(str::trim).collect();
        if parts.len() == 1 || self.data.depts.iter().any(|d| d.name == text) {
            return self.dept_by_name(text).map_err(|e| match e.contains("不唯一") {
                true => format!("机构名称「{text}」不唯一，请填写上级机构路径，如 上级机构{DEPT_PATH_SEPARATOR}{text}"),
                false => e,
            });
        }
        let parent = |id: i64| self.data.depts.iter().find(|d| d.id == id);
        let found: Vec<i64> = self
            .data
            .depts
            .iter()
            .filter(|d| {
                // Each part above the last is the name of the department's next ancestor.
                let mut at = Some(*d);
                parts.iter().rev().all(|part| match at {
                    Some(dept) if dept.name == *part => {
                        at = parent(dept.parent_id);
                        true
                    }
                    _ => false,
                })
            })
            .map(|d| d.id)
            .collect();
        match found.as_slice() {
            [id] => Ok(*id),
            [] => Err(format!("机构不存在: {text}")),
            _ => Err(format!("机构路径「{text}」不唯一")),
        }
    }

    fn entries(&self, code: &str) -> &[keeper_client::system::DictEntry] {
        self.data.dicts.get(code).map(Vec::as_slice).unwrap_or_default()
    }

    pub fn has_key(&self, code: &str, key: &str) -> bool {
        self.entries(code).iter().any(|e| e.key == key)
    }

    pub fn label(&self, code: &str, key: &str) -> String {
        self.entries(code).iter().find(|e| e.key == key).map(|e| e.label.clone()).unwrap_or_default()
    }

    /// The business parameter `key` (`business.*`) as it applies to the tenant.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.data.params.get(key).map(String::as_str)
    }

    /// How the tenant measures 时序进度 (`business.timeProgress`), as of today in the zone.
    pub fn schedule(&self) -> Schedule {
        Schedule::of_param(self.param(TIME_PROGRESS), keeper_common::time::today())
    }

    /// The dictionary as an Excel column's labels.
    pub fn dict(&self, code: &str) -> Dict {
        Dict::new(self.entries(code).iter().map(|e| (e.key.clone(), e.label.clone())))
    }
}

pub struct ReferenceCache {
    system: Arc<SystemClient>,
    cache: moka::future::Cache<String, Arc<Reference>>,
}

impl ReferenceCache {
    pub fn new(system: Arc<SystemClient>) -> Self {
        ReferenceCache { system, cache: moka::future::Cache::builder().max_capacity(1000).time_to_live(Duration::from_secs(5)).build() }
    }

    /// For reads: possibly a few seconds old.
    pub async fn of(&self, tenant: &str) -> Result<Arc<Reference>, AppError> {
        // Concurrent misses of one tenant wait for one load.
        let load = async { Ok::<_, AppError>(Arc::new(Reference::new(self.system.tenant_reference(tenant, DICT_CODES).await?))) };
        self.cache.try_get_with_by_ref(tenant, load).await.map_err(AppError::shared)
    }

    /// For a filter on a department: the cached copy unless the department is newer than it.
    pub async fn with_dept(&self, tenant: &str, dept: Option<i64>) -> Result<Arc<Reference>, AppError> {
        self.with_depts(tenant, dept.as_slice()).await
    }

    /// For decisions on departments (a person's, a filter's): the cached copy unless one of them is newer
    /// than it. A person of a department created a moment ago must not fall back to a wider rule.
    pub async fn with_depts(&self, tenant: &str, depts: &[i64]) -> Result<Arc<Reference>, AppError> {
        let r = self.of(tenant).await?;
        if depts.iter().all(|d| r.has_dept(*d)) { Ok(r) } else { self.fresh(tenant).await }
    }

    /// Sets the tenant's own business parameters (园区设置) in the system service, and reads the tenant
    /// again at once: this instance's next read sees them.
    pub async fn set_business_params(&self, req: &keeper_client::system::BusinessParams) -> Result<Arc<Reference>, AppError> {
        self.system.set_business_params(req).await?;
        self.fresh(&req.tenant_id).await
    }

    /// For writes: read now.
    pub async fn fresh(&self, tenant: &str) -> Result<Arc<Reference>, AppError> {
        let r = Arc::new(Reference::new(self.system.tenant_reference(tenant, DICT_CODES).await?));
        self.cache.insert(tenant.to_string(), r.clone()).await;
        Ok(r)
    }
}
