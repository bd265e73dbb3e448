//! Object storage and attachments through the gateway: storage configurations per tenant (secrets never
//! answered, one enabled), uploads streamed into the local disk and into a real S3-protocol server on
//! loopback (s3s-fs, which checks every request's SigV4 signature), preview and download, and the upload
//! attacks: wrong or dangerous types, disguised content, oversized files, path traversal.
use std::time::Duration;

use futures_util::StreamExt;
use keeper_testkit::{Options, TestApp};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::support::resource::{RES, form, get, post};
use crate::support::*;

pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xff\x89\x99=\x1d\0\0\0\0IEND\xaeB`\x82";
pub(crate) const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/// A multipart body with one file part (and optional fields before it), streamed from `chunks`.
fn multipart(
    fields: &[(&str, &str)],
    file_name: &str,
    chunks: impl futures_util::Stream<Item = Vec<u8>> + Send + 'static,
) -> (String, reqwest::Body) {
    let boundary = format!("keeper{}", uuid::Uuid::new_v4().simple());
    let mut head = String::new();
    for (k, v) in fields {
        head.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"));
    }
    head.push_str(&format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    ));
    let tail = format!("\r\n--{boundary}--\r\n");
    let body = futures_util::stream::once(async move { head.into_bytes() })
        .chain(chunks)
        .chain(futures_util::stream::once(async move { tail.into_bytes() }))
        .map(Ok::<_, std::io::Error>);
    (format!("multipart/form-data; boundary={boundary}"), reqwest::Body::wrap_stream(body))
}

async fn upload_with(app: &TestApp, token: &str, path: &str, fields: &[(&str, &str)], name: &str, data: &[u8]) -> (u16, Value) {
    let data = data.to_vec();
    let (ct, body) = multipart(fields, name, futures_util::stream::once(async move { data }));
    let r = app
        .http
        .post(app.api(&format!("{RES}{path}")))
        .header("Keeper-Auth", format!("bearer {token}"))
        .header("Content-Type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn attach(app: &TestApp, token: &str, name: &str, data: &[u8]) -> (u16, Value) {
    upload_with(app, token, "/oss/endpoint/put-file-attach", &[], name, data).await
}

/// A raw GET with the token in the `keeper-auth` query parameter, as a browser link sends it.
pub(crate) async fn fetch(app: &TestApp, token: &str, path_and_query: &str) -> reqwest::Response {
    let sep = if path_and_query.contains('?') { '&' } else { '?' };
    app.http.get(app.api(&format!("{path_and_query}{sep}keeper-auth=bearer%20{token}"))).send().await.unwrap()
}

/// Files under the built-in storage of the stack (all tenants).
fn stored_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() { walk(&p, out) } else { out.push(p) }
        }
    }
    let mut out = vec![];
    walk(&app.data_dir().join("files"), &mut out);
    out
}

/// Two new tenants (whose administrators hold the storage and attachment codes) and a clerk of A without them.
struct World {
    a: String,
    a_admin: String,
    b_admin: String,
    clerk: String,
}

async fn world(app: &TestApp) -> World {
    let platform = platform_token(app).await;
    let a = app.create_tenant(&platform, "甲园区", "Zone#1").await;
    let b = app.create_tenant(&platform, "乙园区", "Zone#1").await;
    let clerk = member(app, &a, "clerk", &["user"]).await;
    past_caches().await;
    World { a_admin: token(app, &a, "admin").await, b_admin: token(app, &b, "admin").await, a, clerk }
}

#[tokio::test]
async fn storage_configurations_are_per_tenant_one_enabled_and_never_show_their_secret() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let s3 = json!({ "ossCode": "minio", "category": 2, "endpoint": "http://127.0.0.1:9", "accessKey": "AK1",
        "secretKey": "TOPSECRET-1", "bucketName": "keeper", "region": "us-east-1" });
    let (s, body) = post(&app, &w.a_admin, "/oss/submit", s3.clone()).await;
    assert_eq!(s, 200, "{body}");
    let minio = body["data"]["id"].as_str().unwrap().to_string();
    let (s, body) = post(&app, &w.a_admin, "/oss/submit", json!({ "ossCode": "disk", "category": 1, "bucketName": "docs" })).await;
    assert_eq!(s, 200, "{body}");
    let disk = body["data"]["id"].as_str().unwrap().to_string();

    // Codes are unique within a tenant, not across tenants.
    let (s, body) = post(&app, &w.a_admin, "/oss/submit", s3.clone()).await;
    assert_eq!((s, body["msg"].as_str().unwrap()), (400, "ossCode: 当前资源编号已存在!"));
    assert_eq!(post(&app, &w.b_admin, "/oss/submit", s3.clone()).await.0, 200);

    // Bad input names the field.
    for (field, bad) in [
        ("category", json!({ "ossCode": "x", "category": 7 })),
        (
            "endpoint",
            json!({ "ossCode": "x", "category": 2, "endpoint": "file:///etc", "accessKey": "a", "secretKey": "s", "bucketName": "bkt" }),
        ),
        ("bucketName", json!({ "ossCode": "x", "category": 1, "bucketName": "../../b" })),
        (
            "secretKey",
            json!({ "ossCode": "x", "category": 3, "endpoint": "https://oss-cn-hangzhou.aliyuncs.com", "accessKey": "a", "bucketName": "bkt" }),
        ),
    ] {
        let (s, body) = post(&app, &w.a_admin, "/oss/submit", bad).await;
        assert_eq!(s, 400, "{field}: {body}");
        assert!(body["msg"].as_str().unwrap().starts_with(&format!("{field}:")), "{field}: {body}");
    }

    // No answer ever carries the secret; an update without one keeps it.
    let (_, list) = get(&app, &w.a_admin, "/oss/list?current=1&size=10").await;
    assert_eq!(list["data"]["total"], 2, "{list}");
    let (_, detail) = get(&app, &w.a_admin, &format!("/oss/detail?id={minio}")).await;
    for v in [&list, &detail] {
        assert!(!v.to_string().contains("TOPSECRET"), "{v}");
        assert!(v.to_string().contains("\"hasSecret\":true"), "{v}");
    }
    let mut edit = s3.clone();
    edit["id"] = json!(minio);
    edit["secretKey"] = json!("");
    edit["remark"] = json!("renamed");
    assert_eq!(post(&app, &w.a_admin, "/oss/submit", edit).await.0, 200);
    let kept = app.db("resource").await;
    use sea_orm::{ConnectionTrait, Statement};
    let backend = kept.get_database_backend();
    let row = kept
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            placeholders(backend, "SELECT secret_key FROM res_oss WHERE id = ?"),
            vec![minio.parse::<i64>().unwrap().into()],
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.try_get_by_index::<String>(0).unwrap(), "TOPSECRET-1");

    // Exactly one enabled.
    for id in [&minio, &disk] {
        assert_eq!(form(&app, &w.a_admin, "/oss/enable", &[("id", id)]).await.0, 200);
        let (_, list) = get(&app, &w.a_admin, "/oss/list?current=1&size=10").await;
        let enabled: Vec<&str> =
            list["data"]["records"].as_array().unwrap().iter().filter(|r| r["status"] == 2).map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(enabled, vec![id.as_str()]);
    }

    // Another tenant's configuration does not exist for B; a clerk without the codes is refused.
    for (path, data) in
        [("/oss/enable", ("id", minio.as_str())), ("/oss/remove", ("ids", minio.as_str())), ("/oss/test", ("id", minio.as_str()))]
    {
        assert_eq!(form(&app, &w.b_admin, path, &[data]).await.0, 404, "{path}");
    }
    assert_eq!(get(&app, &w.b_admin, &format!("/oss/detail?id={minio}")).await.0, 404);
    assert_eq!(get(&app, &w.clerk, "/oss/list?current=1&size=10").await.0, 403);
    assert_eq!(post(&app, &w.clerk, "/oss/submit", json!({ "ossCode": "c", "category": 1 })).await.0, 403);
    assert_eq!(form(&app, &w.clerk, "/oss/enable", &[("id", &disk)]).await.0, 403);

    // Testing a storage that does not answer explains itself as a 400, without the secret.
    let (s, body) = form(&app, &w.a_admin, "/oss/test", &[("id", &minio)]).await;
    assert_eq!(s, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().starts_with("连接失败"), "{body}");
    assert!(!body.to_string().contains("TOPSECRET"));
    let (s, body) = form(&app, &w.a_admin, "/oss/test", &[("id", &disk)]).await;
    assert_eq!((s, body["msg"].as_str().unwrap()), (200, "连接成功"));
}

#[tokio::test]
async fn attachments_are_uploaded_previewed_downloaded_and_deleted_inside_their_tenant() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let (s, png) = attach(&app, &w.a_admin, "../../现场照片.png", PNG).await;
    assert_eq!(s, 200, "{png}");
    let (s, pdf) = attach(&app, &w.a_admin, "批复文件.pdf", PDF).await;
    assert_eq!(s, 200, "{pdf}");
    let name = png["data"]["name"].as_str().unwrap();
    assert!(name.starts_with("upload/") && name.ends_with(".png"), "generated key: {name}");
    assert_eq!(png["data"]["originalName"], "现场照片.png", "the path the client sent is dropped");
    let png_id = png["data"]["attachId"].as_str().unwrap().to_string();
    let pdf_id = pdf["data"]["attachId"].as_str().unwrap().to_string();
    assert_eq!(png["data"]["link"], format!("/api/keeper-resource/attach/download?id={png_id}"));
    // The object is on disk under the tenant's folder, under its generated name.
    let files = stored_files(&app);
    assert!(files.iter().any(|f| f.ends_with(name) && f.to_string_lossy().contains(&format!("/files/{}/", w.a))), "{files:?}");

    let (_, list) = get(&app, &w.a_admin, "/attach/list?current=1&size=10").await;
    assert_eq!(list["data"]["total"], 2, "{list}");
    let row = list["data"]["records"].as_array().unwrap().iter().find(|r| r["id"] == png_id.as_str()).unwrap().clone();
    assert_eq!(row["attachSize"], PNG.len());
    assert_eq!(row["extension"], "png");
    assert_eq!(row["createUserName"], "管理员", "{row}");
    let (_, filtered) = get(&app, &w.a_admin, "/attach/list?current=1&size=10&originalName=批复").await;
    assert_eq!(filtered["data"]["total"], 1);
    assert_eq!(get(&app, &w.a_admin, "/attach/list?current=1&size=10&descs=bogus").await.0, 400);

    // Preview: images and PDF inline, framable by the SPA only, with a type the browser will not sniff.
    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/preview?id={png_id}")).await;
    assert_eq!(r.status(), 200);
    let h = r.headers().clone();
    assert_eq!(h["content-type"], "image/png");
    assert!(h["content-disposition"].to_str().unwrap().starts_with("inline;"));
    assert_eq!(h["x-frame-options"], "SAMEORIGIN");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(r.bytes().await.unwrap().as_ref(), PNG);
    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/preview?id={pdf_id}")).await;
    assert_eq!(r.headers()["content-type"], "application/pdf");

    // Download: an attachment under its original name, byte for byte, never framable.
    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/download?id={pdf_id}")).await;
    assert_eq!(r.status(), 200);
    let d = r.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(d.starts_with("attachment;") && d.contains("filename*=UTF-8''%E6%89%B9%E5%A4%8D%E6%96%87%E4%BB%B6.pdf"), "{d}");
    assert_eq!(r.headers()["x-frame-options"], "DENY");
    assert_eq!(r.bytes().await.unwrap().as_ref(), PDF);
    // The plain object link works too.
    let r = fetch(&app, &w.a_admin, &format!("{RES}/oss/endpoint/download?fileName={name}")).await;
    assert_eq!(r.bytes().await.unwrap().as_ref(), PNG);
    let (s, stat) = get(&app, &w.a_admin, &format!("/oss/endpoint/stat-file?fileName={name}")).await;
    assert_eq!((s, stat["data"]["length"].as_u64()), (200, Some(PNG.len() as u64)), "{stat}");

    // Every stored file is registered, whichever endpoint stored it; removing it by name removes its row.
    let (s, plain) = upload_with(&app, &w.a_admin, "/oss/endpoint/put-file", &[], "通知.txt", "园区通知".as_bytes()).await;
    assert_eq!(s, 200, "{plain}");
    assert!(plain["data"]["attachId"].is_null(), "{plain}");
    let plain_name = plain["data"]["name"].as_str().unwrap().to_string();
    let (s, copy) = form(&app, &w.a_admin, "/oss/endpoint/copy-file", &[("fileName", &plain_name)]).await;
    assert_eq!(s, 200, "{copy}");
    assert_eq!(copy["data"]["originalName"], "通知.txt");
    let (_, notes) = get(&app, &w.a_admin, "/attach/list?current=1&size=10&originalName=通知").await;
    assert_eq!(notes["data"]["total"], 2, "{notes}");
    for n in [plain_name.as_str(), copy["data"]["name"].as_str().unwrap()] {
        assert_eq!(form(&app, &w.a_admin, "/oss/endpoint/remove-file", &[("fileName", n)]).await.0, 200);
    }
    let (_, notes) = get(&app, &w.a_admin, "/attach/list?current=1&size=10&originalName=通知").await;
    assert_eq!(notes["data"]["total"], 0, "{notes}");

    // Another tenant sees none of it; no token, no file.
    for path in [format!("/attach/detail?id={png_id}"), format!("/attach/preview?id={png_id}"), format!("/attach/download?id={png_id}")] {
        assert_eq!(get(&app, &w.b_admin, &path).await.0, 404, "{path}");
    }
    assert_eq!(fetch(&app, &w.b_admin, &format!("{RES}/oss/endpoint/download?fileName={name}")).await.status(), 404);
    assert_eq!(app.http.get(app.api(&format!("{RES}/attach/download?id={png_id}"))).send().await.unwrap().status(), 401);
    assert_eq!(form(&app, &w.b_admin, "/attach/remove", &[("ids", &png_id)]).await.0, 404);
    let (_, b_list) = get(&app, &w.b_admin, "/attach/list?current=1&size=10").await;
    assert_eq!(b_list["data"]["total"], 0);
    // A clerk without the attachment codes may upload (every module stores files) but not list, download or delete.
    assert_eq!(attach(&app, &w.clerk, "a.png", PNG).await.0, 200);
    assert_eq!(get(&app, &w.clerk, "/attach/list?current=1&size=10").await.0, 403);
    assert_eq!(get(&app, &w.clerk, &format!("/attach/download?id={png_id}")).await.0, 403);
    assert_eq!(form(&app, &w.clerk, "/attach/remove", &[("ids", &png_id)]).await.0, 403);
    assert_eq!(form(&app, &w.clerk, "/oss/endpoint/remove-file", &[("fileName", name)]).await.0, 403);

    // Delete: the row and the object go.
    assert_eq!(form(&app, &w.a_admin, "/attach/remove", &[("ids", &png_id)]).await.0, 200);
    assert_eq!(get(&app, &w.a_admin, &format!("/attach/download?id={png_id}")).await.0, 404);
    assert_eq!(fetch(&app, &w.a_admin, &format!("{RES}/oss/endpoint/download?fileName={name}")).await.status(), 404);
    assert!(!stored_files(&app).iter().any(|f| f.ends_with(name)));
    let (_, list) = get(&app, &w.a_admin, "/attach/list?current=1&size=10").await;
    assert_eq!(list["data"]["total"], 2, "the PDF and the clerk's upload remain: {list}");
}

#[tokio::test]
async fn dangerous_or_disguised_uploads_and_path_tricks_are_refused_and_leave_nothing_behind() {
    let app = TestApp::spawn_with(Options { upload_max_bytes: 64 * 1024, ..Options::default() }).await;
    let w = world(&app).await;
    let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("page.html", b"<html><script>alert(1)</script></html>".to_vec(), "不允许上传 .html"),
        ("logo.svg", b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".to_vec(), "不允许上传 .svg"),
        ("run.exe", b"MZ\x90\0\x03\0\0\0".to_vec(), "不允许上传 .exe"),
        ("tool.js", b"alert(1)".to_vec(), "不允许上传 .js"),
        ("noext", b"hello".to_vec(), "文件没有扩展名"),
        ("invoice.pdf", b"MZ\x90\0\x03\0\0\0 this is a windows program".to_vec(), "不允许上传可执行文件"),
        ("photo.png", elf, "不允许上传可执行文件"),
        ("photo.jpg", b"<html><body onload=alert(1)>".to_vec(), "文件内容与扩展名 .jpg 不符"),
        ("notes.txt", b"\xef\xbb\xbf  <!DOCTYPE html><script>x</script>".to_vec(), "文件内容与扩展名 .txt 不符"),
        ("empty.pdf", vec![], "文件为空"),
        ("big.pdf", [b"%PDF-1.4\n".to_vec(), vec![b'a'; 70 * 1024]].concat(), "文件大小不能超过"),
    ];
    for (name, data, reason) in cases {
        let (s, body) = attach(&app, &w.a_admin, name, &data).await;
        assert_eq!(s, 400, "{name}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(msg.starts_with("file:") && msg.contains(reason), "{name}: {msg}");
    }
    assert!(stored_files(&app).is_empty(), "{:?}", stored_files(&app));
    let (_, list) = get(&app, &w.a_admin, "/attach/list?current=1&size=10").await;
    assert_eq!(list["data"]["total"], 0);

    // A name given with the by-name variant is only a display name: the key is still generated.
    let (s, body) =
        upload_with(&app, &w.a_admin, "/oss/endpoint/put-file-by-name", &[("fileName", "../../../../tmp/evil.txt")], "x.txt", b"plain")
            .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["data"]["originalName"], "evil.txt");
    assert!(body["data"]["name"].as_str().unwrap().starts_with("upload/"));
    assert!(!std::path::Path::new("/tmp/evil.txt").exists());

    // Keys sent back by a client must be generated keys: traversal in any spelling is a 400.
    for bad in [
        "../../system.db",
        "/etc/passwd",
        "upload/20260101/../../../system.db",
        "upload%2F..%2F..%2Fsystem.db",
        "upload/20260101/0123456789abcdef0123456789abcdef.png/../../x",
        "..\\..\\system.db",
    ] {
        let (s, body) = form(&app, &w.a_admin, "/oss/endpoint/remove-file", &[("fileName", bad)]).await;
        assert_eq!((s, body["msg"].as_str().unwrap_or_default()), (400, "fileName: 文件名无效"), "{bad}");
        let q = format!("/oss/endpoint/stat-file?fileName={}", urlencode(bad));
        assert_eq!(get(&app, &w.a_admin, &q).await.0, 400, "{bad}");
        let r = fetch(&app, &w.a_admin, &format!("{RES}/oss/endpoint/download?fileName={}", urlencode(bad))).await;
        assert_eq!(r.status(), 400, "{bad}");
    }
    // Not a multipart body at all.
    let (s, _) = post(&app, &w.a_admin, "/oss/endpoint/put-file", json!({ "file": "x" })).await;
    assert_eq!(s, 400);
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// An S3-protocol server on loopback over a temporary folder, checking SigV4 signatures with one key pair.
async fn s3_server(root: &std::path::Path, access: &str, secret: &str) -> String {
    use hyper_util::rt::{TokioExecutor, TokioIo};
    let fs = s3s_fs::FileSystem::new(root).unwrap();
    let mut b = s3s::service::S3ServiceBuilder::new(fs);
    b.set_auth(s3s::auth::SimpleAuth::from_single(access, secret));
    let service = b.build();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else { return };
            let service = service.clone();
            tokio::spawn(async move {
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn an_s3_compatible_storage_takes_the_tenants_files_when_enabled() {
    let app = TestApp::spawn().await;
    let w = world(&app).await;
    let root = app.data_dir().join("s3-root");
    std::fs::create_dir_all(root.join("keeper-docs")).unwrap();
    let endpoint = s3_server(&root, "KEEPERTESTKEY", "keeper-test-secret-0123456789").await;
    let config = |secret: &str| json!({ "ossCode": "minio", "category": 2, "endpoint": endpoint, "accessKey": "KEEPERTESTKEY", "secretKey": secret, "bucketName": "keeper-docs" });
    let (_, body) = post(&app, &w.a_admin, "/oss/submit", config("wrong-secret")).await;
    let id = body["data"]["id"].as_str().unwrap().to_string();
    let (s, body) = form(&app, &w.a_admin, "/oss/test", &[("id", &id)]).await;
    assert_eq!(s, 400, "a wrong secret fails the signature check: {body}");
    let mut fixed = config("keeper-test-secret-0123456789");
    fixed["id"] = json!(id);
    assert_eq!(post(&app, &w.a_admin, "/oss/submit", fixed).await.0, 200);
    let (s, body) = form(&app, &w.a_admin, "/oss/test", &[("id", &id)]).await;
    assert_eq!((s, body["msg"].as_str().unwrap()), (200, "连接成功"), "{body}");
    assert_eq!(form(&app, &w.a_admin, "/oss/enable", &[("id", &id)]).await.0, 200);

    let (s, up) = attach(&app, &w.a_admin, "季度报表.pdf", PDF).await;
    assert_eq!(s, 200, "{up}");
    let name = up["data"]["name"].as_str().unwrap().to_string();
    let attach_id = up["data"]["attachId"].as_str().unwrap().to_string();
    assert_eq!(std::fs::read(root.join("keeper-docs").join(&name)).unwrap(), PDF, "the object is in the bucket");
    assert!(stored_files(&app).iter().all(|f| !f.ends_with(&name)), "nothing on the local disk");
    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/download?id={attach_id}")).await;
    assert_eq!(r.bytes().await.unwrap().as_ref(), PDF);

    // Disabling the storage later does not lose the files written to it.
    let (_, disk) = post(&app, &w.a_admin, "/oss/submit", json!({ "ossCode": "disk", "category": 1 })).await;
    assert_eq!(form(&app, &w.a_admin, "/oss/enable", &[("id", disk["data"]["id"].as_str().unwrap())]).await.0, 200);
    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/download?id={attach_id}")).await;
    assert_eq!(r.bytes().await.unwrap().as_ref(), PDF);
    assert_eq!(form(&app, &w.a_admin, "/attach/remove", &[("ids", &attach_id)]).await.0, 200);
    assert!(!root.join("keeper-docs").join(&name).exists(), "deleted from the bucket");
}

/// Peak resident memory of a process (VmHWM), in bytes.
fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

#[tokio::test]
async fn uploads_and_downloads_larger_than_memory_budgets_are_streamed_end_to_end() {
    const SIZE: usize = 256 * 1024 * 1024;
    let app = TestApp::spawn_with(Options { upload_max_bytes: 512 * 1024 * 1024, ..Options::default() }).await;
    let w = world(&app).await;
    let before = [peak_rss(app.pid("resource")), peak_rss(app.pid("gateway"))];
    // Deterministic content: a PDF header, then 1 MiB blocks each stamped with its index.
    let block = |i: usize| -> Vec<u8> {
        let mut b = vec![(i % 251) as u8; 1024 * 1024];
        b[..8].copy_from_slice(&(i as u64).to_le_bytes());
        if i == 0 {
            b[..9].copy_from_slice(b"%PDF-1.7\n");
        }
        b
    };
    let mut expected = Sha256::new();
    for i in 0..SIZE / (1024 * 1024) {
        expected.update(block(i));
    }
    let expected = hex::encode(expected.finalize());
    let (ct, body) = multipart(&[], "大文件.pdf", futures_util::stream::iter(0..SIZE / (1024 * 1024)).map(block));
    let r = app
        .http
        .post(app.api(&format!("{RES}/oss/endpoint/put-file-attach")))
        .header("Keeper-Auth", format!("bearer {}", w.a_admin))
        .header("Content-Type", ct)
        .timeout(Duration::from_secs(600))
        .body(body)
        .send()
        .await
        .unwrap();
    let up: Value = r.json().await.unwrap();
    assert_eq!(up["code"], 200, "{up}");
    let id = up["data"]["attachId"].as_str().unwrap().to_string();

    let r = fetch(&app, &w.a_admin, &format!("{RES}/attach/download?id={id}")).await;
    assert_eq!(r.headers()["content-length"], SIZE.to_string().as_str());
    let mut got = Sha256::new();
    let mut n = 0usize;
    let mut stream = r.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.unwrap();
        n += chunk.len();
        got.update(&chunk);
    }
    assert_eq!((n, hex::encode(got.finalize())), (SIZE, expected));
    let after = [peak_rss(app.pid("resource")), peak_rss(app.pid("gateway"))];
    for (i, who) in ["resource", "gateway"].iter().enumerate() {
        let growth = after[i].saturating_sub(before[i]);
        assert!(growth < 64 * 1024 * 1024, "{who} grew by {} MiB moving a {} MiB file", growth >> 20, SIZE >> 20);
    }
}
