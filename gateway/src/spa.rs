//! The built single-page app at `/`, with history fallback: any unknown non-API path answers
//! `index.html` so that deep links work, while a missing asset stays a 404 (an HTML page served as
//! JavaScript only hides the error). Hashed assets never change and are cached for a year; the index
//! is revalidated on every load so that a deploy is picked up at once. Until the SPA is built, a small
//! bilingual page says so.
use std::path::{Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

use crate::reply;
use crate::routing::segments;

const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";
const CACHE_REVALIDATE: &str = "no-cache";

/// Extensions of files the build emits: a request for a missing one is a 404, not the index.
const ASSET_EXTENSIONS: &[&str] = &[
    "js", "mjs", "css", "map", "json", "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "avif", "woff", "woff2", "ttf", "eot", "otf",
    "txt", "xml", "wasm", "mp4", "webm", "pdf", "xlsx",
];

const PLACEHOLDER: &str = r#"<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keeper 经济调度平台</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2329;line-height:1.6}code{background:#f2f3f5;padding:.1rem .3rem;border-radius:3px}section+section{margin-top:2rem;border-top:1px solid #e5e6eb;padding-top:1rem}</style>
</head>
<body>
<section lang="zh-CN">
<h1>Keeper 经济调度平台</h1>
<p>Keeper 的 Web 界面正在构建中。</p>
<p>API 位于 <code>/api</code>,健康检查位于 <code>/health</code>。</p>
</section>
<section lang="en-US">
<h1>Keeper economic dispatch platform</h1>
<p>The Keeper web interface is being built.</p>
<p>The API is at <code>/api</code>; health is at <code>/health</code>.</p>
</section>
</body>
</html>
"#;

/// Where the built SPA lives, if it has been built.
pub struct Spa {
    root: Option<PathBuf>,
}

impl Spa {
    /// Uses `web_dir` when it holds an `index.html`; otherwise the placeholder page is served.
    pub fn new(web_dir: &Path) -> Self {
        let root = web_dir.join("index.html").is_file().then(|| web_dir.to_path_buf());
        match &root {
            Some(dir) => tracing::info!(web_dir = %dir.display(), "serving the SPA"),
            None => tracing::info!(web_dir = %web_dir.display(), "no index.html: serving the placeholder page at /"),
        }
        Spa { root }
    }

    pub async fn serve(&self, req: &HttpRequest) -> HttpResponse {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return reply::not_found();
        }
        let Ok(segs) = segments(req.path()) else { return reply::not_found() };
        // Dot files (`.env`, `.git`) are never part of a build and never served.
        if segs.iter().any(|s| s.decoded.starts_with('.')) {
            return reply::not_found();
        }
        let last = segs.last().map(|s| s.decoded.as_str()).unwrap_or("");
        let Some(root) = &self.root else {
            return if is_asset(last) { reply::not_found() } else { placeholder() };
        };
        if !segs.is_empty() {
            let file = segs.iter().fold(root.clone(), |p, s| p.join(&s.decoded));
            if file.is_file() {
                return self.file(req, &file, last).await;
            }
            if is_asset(last) {
                return reply::not_found();
            }
        }
        self.file(req, &root.join("index.html"), "index.html").await
    }

    async fn file(&self, req: &HttpRequest, path: &Path, name: &str) -> HttpResponse {
        match NamedFile::open_async(path).await {
            Ok(f) => {
                let mut res = f.disable_content_disposition().into_response(req);
                let cache = if is_hashed(name) { CACHE_IMMUTABLE } else { CACHE_REVALIDATE };
                res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
                res
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "cannot open a SPA file");
                reply::not_found()
            }
        }
    }
}

fn placeholder() -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").insert_header((header::CACHE_CONTROL, CACHE_REVALIDATE)).body(PLACEHOLDER)
}

fn is_asset(name: &str) -> bool {
    name.rsplit_once('.').is_some_and(|(_, ext)| ASSET_EXTENSIONS.iter().any(|e| ext.eq_ignore_ascii_case(e)))
}

/// `umi.3f2a1b4c.js`, `p__User__index.8d9e0f1a.async.js`: a hex content hash between the name and the
/// extension means the file's content can never change under that name.
fn is_hashed(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3 && parts[1..parts.len() - 1].iter().any(|p| (8..=32).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn content_hashes_are_recognised() {
        for hashed in [
            "umi.3f2a1b4c.js",
            "p__User__index.8d9e0f1a.async.js",
            "7315.f8c5f1a9.async.js",
            "logo.0123456789abcdef.svg",
            "umi.3f2a1b4c.css",
        ] {
            assert!(is_hashed(hashed), "{hashed}");
        }
        for plain in ["index.html", "favicon.ico", "logo.svg", "app.config.js", "umi.js", "a.1234567.js", "x.ghijklmn.js"] {
            assert!(!is_hashed(plain), "{plain}");
        }
    }

    fn temp_spa() -> (PathBuf, Spa) {
        let dir = std::env::temp_dir().join(format!("keeper-spa-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("static")).unwrap();
        std::fs::write(dir.join("index.html"), "<!DOCTYPE html><title>Keeper</title>").unwrap();
        std::fs::write(dir.join("umi.3f2a1b4c.js"), "console.log(1)").unwrap();
        std::fs::write(dir.join("static/logo.svg"), "<svg/>").unwrap();
        std::fs::write(dir.join(".env"), "SECRET=1").unwrap();
        let spa = Spa::new(&dir);
        (dir, spa)
    }

    async fn get(spa: &Spa, path: &str) -> (u16, String, String) {
        let req = TestRequest::get().uri(path).to_http_request();
        let res = spa.serve(&req).await;
        let status = res.status().as_u16();
        let cache = res.headers().get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        let body = actix_web::body::to_bytes(res.into_body()).await.unwrap();
        (status, cache, String::from_utf8_lossy(&body).into_owned())
    }

    #[actix_web::test]
    async fn files_are_served_with_history_fallback_and_cache_rules() {
        let (dir, spa) = temp_spa();
        let (s, cache, body) = get(&spa, "/").await;
        assert_eq!((s, cache.as_str()), (200, CACHE_REVALIDATE));
        assert!(body.contains("<title>Keeper</title>"));
        let (s, cache, _) = get(&spa, "/umi.3f2a1b4c.js").await;
        assert_eq!((s, cache.as_str()), (200, CACHE_IMMUTABLE));
        let (s, cache, _) = get(&spa, "/static/logo.svg").await;
        assert_eq!((s, cache.as_str()), (200, CACHE_REVALIDATE));
        let (s, _, body) = get(&spa, "/system/user/detail").await;
        assert_eq!(s, 200);
        assert!(body.contains("<title>Keeper</title>"), "deep links get the index");
        assert_eq!(get(&spa, "/umi.deadbeef.js").await.0, 404, "a missing asset is not the index");
        assert_eq!(get(&spa, "/.env").await.0, 404);
        assert_eq!(get(&spa, "/static/%2e%2e/.env").await.0, 404);
        assert_eq!(get(&spa, "/static/../.env").await.0, 404);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[actix_web::test]
    async fn without_a_build_the_placeholder_page_is_served() {
        let spa = Spa::new(Path::new("/nonexistent/keeper/web"));
        let (s, _, body) = get(&spa, "/").await;
        assert_eq!(s, 200);
        assert!(body.contains("/api") && body.contains("正在构建") && body.contains("being built"));
        assert_eq!(get(&spa, "/umi.js").await.0, 404);
    }
}
