//! `make demo` end to end on a fresh SQLite data directory: a never-started installation is set up, the
//! zone is loaded twice with the same counts and content, every project passes the business service's
//! form, completeness and lifecycle checks, the accounts sign in with the demo password, and the rows of
//! other tenants stay exactly as they were.
use std::collections::{BTreeMap, BTreeSet};

use keeper_business::enterprise::form::EnterpriseForm;
use keeper_business::entity::{enterprise, output_report, project, project_report, project_status_log, review_log};
use keeper_business::investment::project::form::ProjectForm;
use keeper_business::investment::project::lifecycle::{self, Facts, ProjectStatus as S};
use keeper_common::config::Settings;
use keeper_demo::{Options, Password, projects, zone::DEMO_TENANT};
use keeper_security::password::{Verdict, md5_hex, verify};
use keeper_system::entity::{dept, dict_biz, param, post, role, role_menu, tenant, user};
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Map, Value};

const OTHER: &str = "100001";

struct DataDir(std::path::PathBuf);

impl DataDir {
    fn new() -> DataDir {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        DataDir(std::env::temp_dir().join(format!("keeper-demo-test-{}-{nanos}", std::process::id())))
    }

    fn settings(&self) -> Settings {
        let env = [("KEEPER_DATA_DIR", self.0.to_string_lossy().to_string()), ("KEEPER_BCRYPT_COST", "4".into())];
        Settings::from_parts(None, env.into_iter().map(|(k, v)| (k.to_string(), v)).collect()).unwrap()
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn options(password: Option<&str>) -> Options {
    Options {
        tenants: 1,
        as_of: keeper_demo::clock::Clock::this_month(),
        password: password.map(str::to_string),
        scale: Default::default(),
    }
}

/// Rows of the tenant in every table the generator writes.
async fn counts(sys: &DatabaseConnection, biz: &DatabaseConnection, t: &str) -> BTreeMap<&'static str, u64> {
    let roles: Vec<i64> =
        role::Entity::find().filter(role::Column::TenantId.eq(t)).all(sys).await.unwrap().into_iter().map(|r| r.id).collect();
    BTreeMap::from([
        ("sys_tenant", tenant::Entity::find().filter(tenant::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("sys_user", user::Entity::find().filter(user::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("sys_role", roles.len() as u64),
        ("sys_role_menu", role_menu::Entity::find().filter(role_menu::Column::RoleId.is_in(roles)).count(sys).await.unwrap()),
        ("sys_dept", dept::Entity::find().filter(dept::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("sys_post", post::Entity::find().filter(post::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("sys_dict_biz", dict_biz::Entity::find().filter(dict_biz::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("sys_param", param::Entity::find().filter(param::Column::TenantId.eq(t)).count(sys).await.unwrap()),
        ("biz_enterprise", enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(t)).count(biz).await.unwrap()),
        ("biz_project", project::Entity::find().filter(project::Column::TenantId.eq(t)).count(biz).await.unwrap()),
        ("biz_review_log", review_log::Entity::find().filter(review_log::Column::TenantId.eq(t)).count(biz).await.unwrap()),
        (
            "biz_project_status_log",
            project_status_log::Entity::find().filter(project_status_log::Column::TenantId.eq(t)).count(biz).await.unwrap(),
        ),
        ("biz_project_report", project_report::Entity::find().filter(project_report::Column::TenantId.eq(t)).count(biz).await.unwrap()),
        ("biz_output_report", output_report::Entity::find().filter(output_report::Column::TenantId.eq(t)).count(biz).await.unwrap()),
    ])
}

/// What a load writes that must come out the same every time (ids and creation instants aside).
async fn content(biz: &DatabaseConnection) -> (Vec<(String, String)>, Vec<(String, String, String, String)>) {
    let firms = enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap();
    let projects = project::Entity::find().filter(project::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap();
    let mut f: Vec<_> = firms.into_iter().map(|e| (e.enterprise_name, e.credit_code)).collect();
    let mut p: Vec<_> = projects.into_iter().map(|p| (p.project_name, p.project_status, p.library_status, p.project_no)).collect();
    f.sort();
    p.sort();
    (f, p)
}

/// Every system and business row of tenants other than the demo zone's.
async fn others(sys: &DatabaseConnection, biz: &DatabaseConnection) -> String {
    let not_demo = |s: &str| s != DEMO_TENANT;
    let users: Vec<_> = user::Entity::find()
        .order_by_asc(user::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let roles: Vec<_> = role::Entity::find()
        .order_by_asc(role::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let role_ids: BTreeSet<i64> = roles.iter().map(|r| r.id).collect();
    let grants: Vec<_> = role_menu::Entity::find()
        .order_by_asc(role_menu::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|g| role_ids.contains(&g.role_id))
        .collect();
    let depts: Vec<_> = dept::Entity::find()
        .order_by_asc(dept::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let dicts: Vec<_> = dict_biz::Entity::find()
        .order_by_asc(dict_biz::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let params: Vec<_> = param::Entity::find()
        .order_by_asc(param::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let tenants: Vec<_> = tenant::Entity::find()
        .order_by_asc(tenant::Column::Id)
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| not_demo(&r.tenant_id))
        .collect();
    let firms = enterprise::Entity::find()
        .filter(enterprise::Column::TenantId.ne(DEMO_TENANT))
        .order_by_asc(enterprise::Column::Id)
        .all(biz)
        .await
        .unwrap();
    let projects =
        project::Entity::find().filter(project::Column::TenantId.ne(DEMO_TENANT)).order_by_asc(project::Column::Id).all(biz).await.unwrap();
    let reviews = review_log::Entity::find()
        .filter(review_log::Column::TenantId.ne(DEMO_TENANT))
        .order_by_asc(review_log::Column::Id)
        .all(biz)
        .await
        .unwrap();
    let statuses = project_status_log::Entity::find()
        .filter(project_status_log::Column::TenantId.ne(DEMO_TENANT))
        .order_by_asc(project_status_log::Column::Id)
        .all(biz)
        .await
        .unwrap();
    let outputs = output_report::Entity::find()
        .filter(output_report::Column::TenantId.ne(DEMO_TENANT))
        .order_by_asc(output_report::Column::Id)
        .all(biz)
        .await
        .unwrap();
    assert!(
        !users.is_empty()
            && !grants.is_empty()
            && !firms.is_empty()
            && !projects.is_empty()
            && !reviews.is_empty()
            && !statuses.is_empty()
            && !outputs.is_empty()
    );
    format!("{users:?}{roles:?}{grants:?}{depts:?}{dicts:?}{params:?}{tenants:?}{firms:?}{projects:?}{reviews:?}{statuses:?}{outputs:?}")
}

/// Copies some of the demo zone's business rows to another tenant, as that tenant's own data.
async fn give_another_tenant_rows(biz: &DatabaseConnection) {
    let copy_to_other = |id: &mut sea_orm::ActiveValue<i64>, t: &mut sea_orm::ActiveValue<String>| {
        *id = Set(keeper_common::id::next_id());
        *t = Set(OTHER.into());
    };
    for e in enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap().into_iter().take(5) {
        let mut row = e.into_active_model();
        copy_to_other(&mut row.id, &mut row.tenant_id);
        enterprise::Entity::insert(row).exec(biz).await.unwrap();
    }
    for p in project::Entity::find().filter(project::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap().into_iter().take(5) {
        let mut row = p.into_active_model();
        copy_to_other(&mut row.id, &mut row.tenant_id);
        project::Entity::insert(row).exec(biz).await.unwrap();
    }
    for r in review_log::Entity::find().filter(review_log::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap().into_iter().take(5) {
        let mut row = r.into_active_model();
        copy_to_other(&mut row.id, &mut row.tenant_id);
        review_log::Entity::insert(row).exec(biz).await.unwrap();
    }
    for r in project_status_log::Entity::find()
        .filter(project_status_log::Column::TenantId.eq(DEMO_TENANT))
        .all(biz)
        .await
        .unwrap()
        .into_iter()
        .take(5)
    {
        let mut row = r.into_active_model();
        copy_to_other(&mut row.id, &mut row.tenant_id);
        project_status_log::Entity::insert(row).exec(biz).await.unwrap();
    }
    for r in
        output_report::Entity::find().filter(output_report::Column::TenantId.eq(DEMO_TENANT)).all(biz).await.unwrap().into_iter().take(5)
    {
        let mut row = r.into_active_model();
        copy_to_other(&mut row.id, &mut row.tenant_id);
        output_report::Entity::insert(row).exec(biz).await.unwrap();
    }
}

/// The stored project as the form the service would read back, at the status its facts stand for: 停缓建
/// and 终止 are reached by moves, so the form holds the status before them.
fn project_form(p: &project::Model) -> ProjectForm {
    let mut body: Map<String, Value> = keeper_business::patch::over(p, Map::new()).unwrap();
    let held = match p.project_status.as_str() {
        "90" => p.suspended_from.clone(),
        "99" => (if p.full_capacity_date.is_some() {
            "80"
        } else if p.production_date.is_some() {
            "70"
        } else if p.actual_completion_date.is_some() {
            "60"
        } else if p.actual_start_date.is_some() {
            "50"
        } else if p.sign_date.is_some() {
            "30"
        } else {
            "10"
        })
        .to_string(),
        s => s.to_string(),
    };
    body.insert("projectStatus".into(), Value::String(held));
    ProjectForm::from_json(&body).unwrap()
}

#[tokio::test]
async fn the_demo_zone_loads_twice_alike_passes_the_service_checks_and_leaves_other_tenants_alone() {
    let dir = DataDir::new();
    let settings = dir.settings();

    let first = keeper_demo::load(&settings, &options(Some("demo-secret"))).await.unwrap();
    assert!(first.platform_password.is_some(), "a never-started installation gets its platform tenant");
    assert_eq!(first.password, Password::Given);
    let (sys, biz, _) = keeper_demo::connect(&settings).await.unwrap();
    let after_first = counts(&sys, &biz, DEMO_TENANT).await;
    let content_first = content(&biz).await;
    give_another_tenant_rows(&biz).await;
    let others_before = others(&sys, &biz).await;

    let second = keeper_demo::load(&settings, &options(None)).await.unwrap();
    assert_eq!(second.password, Password::Kept, "a reload without a password keeps the previous one");
    assert!(second.platform_password.is_none());
    assert_eq!(counts(&sys, &biz, DEMO_TENANT).await, after_first, "a reload replaces the zone, duplicating nothing");
    assert_eq!(content(&biz).await, content_first, "the same day gives the same zone");
    assert_eq!(others(&sys, &biz).await, others_before, "other tenants' rows are untouched");

    // The sizes of domain-model §6.1 and the accounts a newcomer tries.
    assert_eq!(after_first["biz_enterprise"], keeper_demo::enterprises::COUNT as u64);
    assert_eq!(after_first["biz_project"], projects::COUNT as u64);
    assert_eq!(after_first["sys_tenant"], 1);
    let accounts: BTreeMap<String, String> = user::Entity::find()
        .filter(user::Column::TenantId.eq(DEMO_TENANT))
        .all(&sys)
        .await
        .unwrap()
        .into_iter()
        .map(|u| (u.account, u.password))
        .collect();
    for a in ["admin", "reviewer", "park01", "park05", "bureau", "leader"] {
        let hash = accounts.get(a).unwrap_or_else(|| panic!("no account {a}"));
        assert_eq!(verify(&md5_hex("demo-secret"), hash).await.unwrap(), Verdict::Match, "{a}");
    }
    assert_eq!(verify(&md5_hex("wrong"), &accounts["admin"]).await.unwrap(), Verdict::Mismatch);

    // Every firm and project passes the real form checks against the tenant's own reference data.
    let reference = keeper_demo::system::reference(&sys, DEMO_TENANT).await.unwrap();
    for e in enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(DEMO_TENANT)).all(&biz).await.unwrap() {
        let body = keeper_business::patch::over(&e, Map::new()).unwrap();
        let checked = EnterpriseForm::from_json(&body)
            .and_then(EnterpriseForm::validate)
            .unwrap_or_else(|err| panic!("{}: {err}", e.enterprise_name));
        checked.check_references(&reference).unwrap();
    }
    let rows = project::Entity::find().filter(project::Column::TenantId.eq(DEMO_TENANT)).all(&biz).await.unwrap();
    let status_log = project_status_log::Entity::find()
        .filter(project_status_log::Column::TenantId.eq(DEMO_TENANT))
        .order_by_asc(project_status_log::Column::CreateTime)
        .all(&biz)
        .await
        .unwrap();
    let history = |id: i64| status_log.iter().filter(|r| r.project_id == id).collect::<Vec<_>>();
    for p in &rows {
        let checked = project_form(p).validate().unwrap_or_else(|err| panic!("{}: {err}", p.project_name));
        checked.check_references(&reference).unwrap();
        checked.complete().unwrap_or_else(|err| panic!("{}: {err}", p.project_name));
        let facts = Facts {
            exit_reason: p.exit_reason.clone(),
            exit_date: p.exit_date,
            reason: history(p.id).last().map(|r| r.reason.clone()).unwrap_or_default(),
            ..checked.facts()
        };
        let status = S::from_code("projectStatus", &p.project_status).unwrap();
        lifecycle::holds(status, &facts).unwrap_or_else(|err| panic!("{} at {}: {err}", p.project_name, p.project_status));
    }

    // Every status, type, source, level and sub-park; library entries with numbers and a review history.
    let seen = |f: fn(&project::Model) -> String| rows.iter().map(f).collect::<BTreeSet<_>>();
    let statuses: BTreeSet<String> = S::ALL.iter().map(|s| s.code().to_string()).collect();
    assert_eq!(seen(|p| p.project_status.clone()), statuses);
    assert_eq!(seen(|p| p.project_type.clone()), projects::TYPES.iter().map(|t| t.to_string()).collect());
    assert_eq!(seen(|p| p.project_source.clone()), ["1", "2", "3", "4"].map(String::from).into());
    assert_eq!(seen(|p| p.project_level.clone()), ["1", "2", "3", "4", "5"].map(String::from).into());
    assert_eq!(seen(|p| p.library_status.clone()), ["0", "1", "2", "3"].map(String::from).into());
    let park_ids: BTreeSet<i64> = reference_parks(&sys).await;
    let project_parks: BTreeSet<i64> = rows.iter().filter_map(|p| p.dept_id).collect();
    assert!(park_ids.iter().all(|p| project_parks.contains(p)), "every sub-park has projects");

    let approved: Vec<_> = rows.iter().filter(|p| p.library_status == "2").collect();
    let numbers: BTreeSet<&str> = approved.iter().map(|p| p.project_no.as_str()).collect();
    assert_eq!(numbers.len(), approved.len(), "numbers are unique");
    assert!(approved.iter().all(|p| p.project_no.starts_with("XM") && p.entry_date.is_some()));
    assert!(rows.iter().filter(|p| p.library_status != "2").all(|p| p.project_no.is_empty() && p.is_tracked == "N"));
    for p in &approved {
        let total = p.total_investment.unwrap();
        let rule = keeper_business::investment::project::form::Project::tracked_by_rule(Some(total), &p.is_key_project);
        assert_eq!(p.is_tracked, rule, "{}", p.project_name);
    }
    let reviews = review_log::Entity::find()
        .filter(review_log::Column::TenantId.eq(DEMO_TENANT))
        .order_by_asc(review_log::Column::CreateTime)
        .all(&biz)
        .await
        .unwrap();
    for p in rows.iter().filter(|p| p.library_status != "0") {
        let moves: Vec<_> = reviews.iter().filter(|r| r.biz_id == p.id).collect();
        assert_eq!(moves.first().map(|m| m.from_status.as_str()), Some("0"), "{}", p.project_name);
        assert_eq!(moves.last().map(|m| m.to_status.as_str()), Some(p.library_status.as_str()));
        assert!(moves.windows(2).all(|w| w[0].to_status == w[1].from_status));
    }
    assert!(rows.iter().filter(|p| p.library_status == "3").all(|p| !p.review_opinion.is_empty()), "a returned project shows why");

    // The status history of a project in the library runs unbroken to its status; a halt says why and
    // where it halted, for the resume.
    assert!(!status_log.is_empty());
    for p in &rows {
        let h = history(p.id);
        if p.library_status != "2" {
            assert!(h.is_empty(), "{}: a project changes status through the library only once it is in", p.project_name);
            continue;
        }
        assert!(h.windows(2).all(|w| w[0].to_status == w[1].from_status && w[0].create_time < w[1].create_time), "{}", p.project_name);
        if let Some(last) = h.last() {
            assert_eq!(last.to_status, p.project_status, "{}", p.project_name);
        }
        if p.project_status == "90" {
            let last = h.last().expect("a halt is a move in the library");
            assert!(!last.reason.is_empty() && last.from_status == p.suspended_from, "{}", p.project_name);
        }
    }
}

async fn reference_parks(sys: &DatabaseConnection) -> BTreeSet<i64> {
    let root = dept::Entity::find()
        .filter(dept::Column::TenantId.eq(DEMO_TENANT))
        .filter(dept::Column::ParentId.eq(0))
        .one(sys)
        .await
        .unwrap()
        .unwrap();
    dept::Entity::find()
        .filter(dept::Column::TenantId.eq(DEMO_TENANT))
        .filter(dept::Column::ParentId.eq(root.id))
        .filter(dept::Column::PowerType.eq(2))
        .all(sys)
        .await
        .unwrap()
        .into_iter()
        .map(|d| d.id)
        .collect()
}

#[tokio::test]
async fn a_tenant_with_a_demo_code_not_made_by_the_tool_is_refused_and_nothing_is_written() {
    let dir = DataDir::new();
    let settings = dir.settings();
    let (sys, biz, _) = keeper_demo::connect(&settings).await.unwrap();
    let now = chrono::Utc::now();
    tenant::Entity::insert(tenant::ActiveModel {
        id: Set(keeper_common::id::next_id()),
        tenant_id: Set(DEMO_TENANT.into()),
        tenant_name: Set("真实的开发区".into()),
        domain: Set(String::new()),
        background_url: Set(String::new()),
        linkman: Set(String::new()),
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
    .exec(&sys)
    .await
    .unwrap();
    let refused = keeper_demo::load(&settings, &options(Some("x"))).await.err().expect("refused");
    assert!(refused.to_string().contains("not made by `make demo`"), "{refused}");
    let c = counts(&sys, &biz, DEMO_TENANT).await;
    assert_eq!((c["sys_tenant"], c["sys_user"], c["biz_enterprise"]), (1, 0, 0));
}
