//! Files of projects and monthly reports (issue 15, domain-model §2.2.1, §2.2.6): a park clerk uploads the
//! construction contract through the resource service, links it to the project and downloads it again
//! byte for byte; only live files the linker uploaded in their own tenant can be linked; another tenant's
//! or an out-of-scope project is not found; changing needs the editor's button; an approved month's photos
//! are locked.
use keeper_testkit::TestApp;
use serde_json::{Value, json};

use crate::project_reports::{Zone, filed, in_library, report, took, zone};
use crate::projects::{dept, person, project, with};
use crate::resources::{PDF, PNG, attach as upload, fetch};
use crate::support::{Call, call_at};

const API: &str = "/api/projectAttachment";
/// 施工合同 and 现场照片 of `attachment_category`.
const CONTRACT: &str = "2";
const PHOTO: &str = "3";

/// Uploads a file as `token` through the resource service; answers its `attachId`.
async fn uploaded(app: &TestApp, token: &str, name: &str, data: &[u8]) -> String {
    let (s, reply) = upload(app, token, name, data).await;
    assert_eq!(s, 200, "{name}: {reply}");
    reply["data"]["attachId"].as_str().unwrap().to_string()
}

async fn link(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Json("/submit", body)).await
}

async fn listed(app: &TestApp, token: &str, project: &str, report: Option<&str>) -> (u16, Value) {
    let q = match report {
        Some(r) => format!("/list?projectId={project}&reportId={r}"),
        None => format!("/list?projectId={project}"),
    };
    call_at(app, API, Some(token), Call::Get(q)).await
}

/// The records of a list that must answer.
async fn files(app: &TestApp, token: &str, project: &str, report: Option<&str>) -> Vec<Value> {
    let (s, reply) = listed(app, token, project, report).await;
    assert_eq!(s, 200, "{reply}");
    reply["data"].as_array().unwrap().clone()
}

async fn remove(app: &TestApp, token: &str, ids: &str) -> (u16, Value) {
    call_at(app, API, Some(token), Call::Form("/remove", vec![("ids", ids.to_string())])).await
}

/// A project of the east park under construction, taken into the library.
async fn building(app: &TestApp, z: &Zone, name: &str) -> String {
    let body = with(project(name, &z.east), json!({ "projectStatus": "50", "actualStartDate": "2025-10-08" }));
    in_library(app, z, body).await
}

fn refused_field(reply: &Value) -> &str {
    reply["data"]["field"].as_str().unwrap_or_default()
}

#[actix_web::test]
async fn a_contract_linked_to_a_project_is_listed_and_downloads_byte_for_byte() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "附件测试园区").await;
    let p = building(&app, &z, "智能装备产业园").await;
    let contract = uploaded(&app, &z.clerk, "施工合同.pdf", PDF).await;

    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": p, "category": CONTRACT, "attachIds": [contract] })).await;
    assert_eq!(s, 200, "{reply}");
    assert_eq!(reply["data"]["ids"].as_array().unwrap().len(), 1);
    // Linking the same file again adds nothing.
    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": p, "category": CONTRACT, "attachIds": [contract] })).await;
    assert_eq!((s, reply["data"]["ids"].clone()), (200, json!([])), "{reply}");

    // The committee's reviewer sees what the park filed.
    for who in [&z.clerk, &z.checker] {
        let list = files(&app, who, &p, None).await;
        assert_eq!(list.len(), 1, "{list:?}");
        let f = &list[0];
        assert_eq!(
            (f["category"].as_str(), f["categoryName"].as_str(), f["originalName"].as_str(), f["extension"].as_str()),
            (Some(CONTRACT), Some("施工合同"), Some("施工合同.pdf"), Some("pdf"))
        );
        assert_eq!(f["attachSize"].as_i64(), Some(PDF.len() as i64));
        assert_eq!(
            (f["attachId"].as_str(), f["projectId"].as_str(), &f["reportId"]),
            (Some(contract.as_str()), Some(p.as_str()), &Value::Null)
        );
        assert_eq!(f["createUserName"], "clerk", "{f}");
        assert!(f["createTime"].as_str().is_some_and(|t| t.len() == 19), "{f}");

        let file_name = f["fileName"].as_str().unwrap();
        let r = fetch(&app, who, &format!("/api/keeper-resource/oss/endpoint/download?fileName={file_name}")).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.bytes().await.unwrap().as_ref(), PDF, "the download is the upload, byte for byte");
    }

    let id = files(&app, &z.clerk, &p, None).await[0]["id"].as_str().unwrap().to_string();
    let (s, reply) = remove(&app, &z.clerk, &id).await;
    assert_eq!((s, reply["data"]["count"].as_u64()), (200, Some(1)), "{reply}");
    assert!(files(&app, &z.clerk, &p, None).await.is_empty());
    assert_eq!(remove(&app, &z.clerk, &id).await.0, 404, "a removed link is gone");
}

#[actix_web::test]
async fn only_the_linkers_own_live_files_are_linked_and_only_to_projects_in_their_tenant_and_scope() {
    let app = TestApp::spawn().await;
    let a = zone(&app, "甲园区").await;
    let b = zone(&app, "乙园区").await;
    let projects = [building(&app, &a, "甲项目").await, building(&app, &b, "乙项目").await];
    let files_of = [uploaded(&app, &a.clerk, "甲合同.pdf", PDF).await, uploaded(&app, &b.clerk, "乙合同.pdf", PDF).await];
    let zones = [&a, &b];
    for (me, other) in [(0, 1), (1, 0)] {
        let (z, mine, theirs) = (zones[me], &projects[me], &projects[other]);
        let tag = &z.tenant;
        let body = |project: &str, attach: &str| json!({ "projectId": project, "category": CONTRACT, "attachIds": [attach] });
        // Forged ids and the other tenant's file are refused by name.
        for forged in ["123456789", files_of[other].as_str()] {
            let (s, reply) = link(&app, &z.clerk, body(mine, forged)).await;
            assert_eq!((s, refused_field(&reply)), (400, "attachIds"), "{tag} {forged}: {reply}");
        }
        // The other tenant's project does not exist for this clerk, whatever the file.
        let (s, reply) = link(&app, &z.clerk, body(theirs, &files_of[me])).await;
        assert_eq!(s, 404, "{tag}: {reply}");
        assert_eq!(listed(&app, &z.clerk, theirs, None).await.0, 404, "{tag}");
        assert_eq!(listed(&app, &z.admin, theirs, None).await.0, 404, "{tag}: a tenant administrator stays in the tenant");
        assert!(files(&app, &z.clerk, mine, None).await.is_empty(), "{tag}: nothing was linked");
    }

    // A colleague's upload is not the reviewer's to link; an unknown category is named.
    let (s, reply) = link(&app, &a.checker, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": [files_of[0]] })).await;
    assert_eq!((s, refused_field(&reply)), (400, "attachIds"), "{reply}");
    let (s, reply) = link(&app, &a.clerk, json!({ "projectId": projects[0], "category": "9", "attachIds": [files_of[0]] })).await;
    assert_eq!((s, refused_field(&reply)), (400, "category"), "{reply}");
    let (s, reply) = link(&app, &a.clerk, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": "1,2" })).await;
    assert_eq!((s, refused_field(&reply)), (400, "attachIds"), "{reply}");

    // A file removed from the register can no longer be linked.
    let (s, _) =
        call_at(&app, "/api/keeper-resource", Some(&a.admin), Call::Form("/attach/remove", vec![("ids", files_of[0].clone())])).await;
    assert_eq!(s, 200);
    let (s, reply) = link(&app, &a.clerk, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": [files_of[0]] })).await;
    assert_eq!((s, refused_field(&reply)), (400, "attachIds"), "{reply}");

    // The west park's clerk does not see the east's project; a reader without an editor's button lists
    // but does not change.
    let west = dept(&app, &a.tenant, &a.top, "西区", 2).await;
    let west_clerk = person(&app, &a.tenant, "west", &west, &[crate::projects::CLERK, &["track_project_add"]].concat()).await;
    let own = uploaded(&app, &west_clerk, "西区合同.pdf", PDF).await;
    let (s, reply) = link(&app, &west_clerk, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": [own] })).await;
    assert_eq!(s, 404, "{reply}");
    assert_eq!(listed(&app, &west_clerk, &projects[0], None).await.0, 404);

    let reader = person(&app, &a.tenant, "reader", &a.east, &["project_warehousing", "project_warehousing_view"]).await;
    let theirs = uploaded(&app, &reader, "读者.pdf", PDF).await;
    let (s, reply) = link(&app, &reader, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": [theirs] })).await;
    assert_eq!(s, 403, "{reply}");
    let fresh = uploaded(&app, &a.clerk, "合同.pdf", PDF).await;
    let (s, reply) = link(&app, &a.clerk, json!({ "projectId": projects[0], "category": CONTRACT, "attachIds": [fresh] })).await;
    assert_eq!(s, 200, "{reply}");
    let linked = files(&app, &reader, &projects[0], None).await;
    assert_eq!(linked.len(), 1);
    let id = linked[0]["id"].as_str().unwrap();
    assert_eq!(remove(&app, &reader, id).await.0, 403);
    // Someone of the other tenant cannot remove it either: it does not exist for them.
    assert_eq!(remove(&app, &b.clerk, id).await.0, 404);
    assert_eq!(files(&app, &a.clerk, &projects[0], None).await.len(), 1);
}

#[actix_web::test]
async fn a_reports_photos_change_only_while_its_filler_holds_the_report() {
    let app = TestApp::spawn().await;
    let z = zone(&app, "照片测试园区").await;
    let p = building(&app, &z, "新材料项目").await;
    let other = building(&app, &z, "另一项目").await;
    let june = filed(&app, &z.clerk, &report(&p, "2026-06", "500")).await;
    let photo = uploaded(&app, &z.clerk, "工地.png", PNG).await;

    // A report of another project is not found under this one.
    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": other, "reportId": june, "category": PHOTO, "attachIds": [photo] })).await;
    assert_eq!(s, 404, "{reply}");
    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": p, "reportId": june, "category": PHOTO, "attachIds": [photo] })).await;
    assert_eq!(s, 200, "{reply}");
    let photos = files(&app, &z.clerk, &p, Some(&june)).await;
    assert_eq!(photos.len(), 1);
    assert_eq!((photos[0]["reportId"].as_str(), photos[0]["categoryName"].as_str()), (Some(june.as_str()), Some("现场照片")));
    assert!(files(&app, &z.clerk, &p, None).await.is_empty(), "a report's photos are not the project's documents");

    // The committee's reviewer edits projects but does not file reports.
    let theirs = uploaded(&app, &z.checker, "检查.png", PNG).await;
    let (s, reply) = link(&app, &z.checker, json!({ "projectId": p, "reportId": june, "category": PHOTO, "attachIds": [theirs] })).await;
    assert_eq!(s, 403, "{reply}");
    assert_eq!(remove(&app, &z.checker, photos[0]["id"].as_str().unwrap()).await.0, 403);

    took(&app, &z.clerk, &[&june], "submit", "").await;
    took(&app, &z.checker, &[&june], "approve", "同意").await;
    let more = uploaded(&app, &z.clerk, "工地2.png", PNG).await;
    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": p, "reportId": june, "category": PHOTO, "attachIds": [more] })).await;
    assert_eq!(s, 400, "{reply}");
    assert!(reply["msg"].as_str().unwrap().contains("现场照片不能修改"), "{reply}");
    let (s, reply) = remove(&app, &z.clerk, photos[0]["id"].as_str().unwrap()).await;
    assert_eq!(s, 400, "{reply}");
    assert_eq!(files(&app, &z.checker, &p, Some(&june)).await.len(), 1, "the approved month keeps its photos");

    // Un-approved it waits for review again, still locked; returned, it is the filler's again.
    took(&app, &z.checker, &[&june], "unapprove", "照片不清").await;
    assert_eq!(remove(&app, &z.clerk, photos[0]["id"].as_str().unwrap()).await.0, 400);
    took(&app, &z.checker, &[&june], "return", "请换一张清楚的照片").await;
    let (s, reply) = remove(&app, &z.clerk, photos[0]["id"].as_str().unwrap()).await;
    assert_eq!(s, 200, "{reply}");
    let (s, reply) = link(&app, &z.clerk, json!({ "projectId": p, "reportId": june, "category": PHOTO, "attachIds": [more] })).await;
    assert_eq!(s, 200, "{reply}");
    let names: Vec<_> =
        files(&app, &z.clerk, &p, Some(&june)).await.iter().map(|f| f["originalName"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["工地2.png"]);
}
