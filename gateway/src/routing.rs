//! Which service an `/api/**` path belongs to and the path that service sees (architecture §1).
//!
//! Services mount their `/internal/**` routes next to the public ones and trust the gateway never to
//! forward there. actix on the service side percent-decodes a path once before matching, so the check
//! here must look at the decoded path, and any spelling that a server might resolve differently from us
//! (encoded slashes or dots, backslashes, `.`/`..` segments, doubled slashes) is refused outright rather
//! than "normalised": a refused request costs a legitimate client nothing, a wrong normalisation costs
//! an internal route.
use keeper_common::config::Service;

/// Why a path is not forwarded. Every variant is answered with the same 404 so that the reply does not
/// tell a prober which rule it hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not under `/api`: the SPA's business, not a service's.
    NotApi,
    /// A spelling that could be read differently by the service than by the gateway.
    Malformed,
    /// A service-to-service route.
    Internal,
}

/// Where an `/api/**` request goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub service: Service,
    /// The path on the service, still percent-encoded exactly as the client sent it (no query).
    pub upstream_path: String,
    /// The gateway path after the `/api/api/keeper-` rewrite, decoded and without a trailing slash:
    /// what the public-path list and the rate limit are matched against.
    pub canonical: String,
}

/// The `/api/<prefix>` segments that name a service; anything else under `/api` is business.
const PREFIXES: &[(&str, Service, Option<&str>)] = &[
    ("keeper-auth", Service::Auth, None),
    ("keeper-system", Service::System, None),
    // The log endpoints live in the system service under `/log`.
    ("keeper-log", Service::System, Some("log")),
    ("keeper-resource", Service::Resource, None),
];

/// Paths that need no `Keeper-Auth` token (api-contract §3, architecture §1). Matched against
/// [`Route::canonical`] or, for the gateway's own endpoints, the request path.
const PUBLIC_EXACT: &[&str] = &[
    TOKEN_ENDPOINT,
    CAPTCHA_ENDPOINT,
    REGISTER_ENDPOINT,
    "/api/keeper-auth/oauth/logout",
    "/api/keeper-system/tenant/info",
    "/health",
    "/ready",
];
/// The public data big screen: everything below it is public.
const PUBLIC_PREFIXES: &[&str] = &["/api/dataAnalysis"];

pub const TOKEN_ENDPOINT: &str = "/api/keeper-auth/oauth/token";
pub const CAPTCHA_ENDPOINT: &str = "/api/keeper-auth/oauth/captcha";
/// Self-registration: public, and rate limited like sign-in because it creates rows.
pub const REGISTER_ENDPOINT: &str = "/api/keeper-system/user/register";

/// One path segment as sent (`raw`) and as a server will read it (`decoded`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment<'a> {
    pub raw: &'a str,
    pub decoded: String,
}

/// Splits an absolute path into segments, refusing every ambiguous spelling. A single trailing slash
/// is allowed (it yields no segment); empty segments anywhere else are not.
pub fn segments(raw_path: &str) -> Result<Vec<Segment<'_>>, Refusal> {
    let rest = raw_path.strip_prefix('/').ok_or(Refusal::Malformed)?;
    if raw_path.contains('\\') {
        return Err(Refusal::Malformed);
    }
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    if rest.is_empty() {
        return Ok(Vec::new());
    }
    rest.split('/')
        .map(|raw| {
            let decoded = percent_decode(raw).ok_or(Refusal::Malformed)?;
            let ambiguous = decoded.is_empty()
                || decoded == "."
                || decoded == ".."
                || decoded.chars().any(|c| c.is_control() || c == '/' || c == '\\')
                // An encoded dot has no honest use in a path and makes `.`/`..` checks spelling-dependent.
                || has_encoded_dot(raw);
            if ambiguous { Err(Refusal::Malformed) } else { Ok(Segment { raw, decoded }) }
        })
        .collect()
}

fn has_encoded_dot(raw: &str) -> bool {
    raw.as_bytes().windows(3).any(|w| w[0] == b'%' && w[1] == b'2' && (w[2] == b'e' || w[2] == b'E'))
}

/// Decodes `%XX` escapes once, as actix does. A `%` not followed by two hex digits is refused.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// Maps a request path (raw, without query) to its service and upstream path.
pub fn resolve(raw_path: &str) -> Result<Route, Refusal> {
    let segs = segments(raw_path)?;
    if segs.first().map(|s| s.decoded.as_str()) != Some("api") {
        return Err(Refusal::NotApi);
    }
    let mut segs = &segs[1..];
    // Some clients are configured with an `/api` base *and* `/api/keeper-…` paths.
    if segs.len() >= 2 && segs[0].decoded == "api" && segs[1].decoded.starts_with("keeper-") {
        segs = &segs[1..];
    }
    let canonical = std::iter::once("/api").chain(segs.iter().map(|s| s.decoded.as_str())).collect::<Vec<_>>().join("/");

    let prefix = segs.first().and_then(|first| PREFIXES.iter().find(|(p, _, _)| first.decoded == *p));
    let (service, replacement, rest) = match prefix {
        Some((_, svc, replacement)) => (*svc, *replacement, &segs[1..]),
        None => (Service::Business, None, segs),
    };
    if rest.first().is_some_and(|s| s.decoded.eq_ignore_ascii_case("internal")) {
        return Err(Refusal::Internal);
    }
    let mut upstream_path = String::with_capacity(raw_path.len());
    for raw in replacement.into_iter().chain(rest.iter().map(|s| s.raw)) {
        upstream_path.push('/');
        upstream_path.push_str(raw);
    }
    // The service root, or a trailing slash the client sent: keep it, services may route on it.
    if upstream_path.is_empty() || raw_path.ends_with('/') {
        upstream_path.push('/');
    }
    Ok(Route { service, upstream_path, canonical })
}

/// The gateway path of a service's route, the inverse of [`resolve`]: `/log/api/list` of the system
/// service is `/api/keeper-log/api/list`, `/enterprise/list` of the business service `/api/enterprise/list`.
pub fn public_path(service: Service, path: &str) -> String {
    // A prefix that rewrites to a sub-path of its service wins over the service's plain prefix.
    for (prefix, svc, replacement) in PREFIXES {
        if let Some(replacement) = replacement
            && *svc == service
            && let Some(rest) =
                path.strip_prefix('/').and_then(|p| p.strip_prefix(replacement)).filter(|r| r.is_empty() || r.starts_with('/'))
        {
            return format!("/api/{prefix}{rest}");
        }
    }
    match PREFIXES.iter().find(|(_, svc, replacement)| *svc == service && replacement.is_none()) {
        Some((prefix, _, _)) => format!("/api/{prefix}{path}"),
        None => format!("/api{path}"),
    }
}

/// Whether a canonical path needs no token.
pub fn is_public(canonical: &str) -> bool {
    PUBLIC_EXACT.contains(&canonical)
        || PUBLIC_PREFIXES.iter().any(|p| canonical.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

impl Route {
    pub fn is_public(&self) -> bool {
        is_public(&self.canonical)
    }

    /// The token endpoint, where a client credential is required rather than merely checked.
    pub fn is_token_endpoint(&self) -> bool {
        self.canonical == TOKEN_ENDPOINT
    }

    /// The name of the rate-limit bucket, for the endpoints that guess-and-retry attacks go for.
    pub fn rate_limit_bucket(&self) -> Option<&'static str> {
        match self.canonical.as_str() {
            TOKEN_ENDPOINT => Some("token"),
            CAPTCHA_ENDPOINT => Some("captcha"),
            REGISTER_ENDPOINT => Some("register"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_path_is_served_at_the_public_path_that_resolves_back_to_it() {
        let cases: &[(Service, &str, &str)] = &[
            (Service::Auth, "/oauth/token", "/api/keeper-auth/oauth/token"),
            (Service::System, "/user/list", "/api/keeper-system/user/list"),
            (Service::System, "/log/api/list", "/api/keeper-log/api/list"),
            (Service::System, "/logx/list", "/api/keeper-system/logx/list"),
            (Service::Resource, "/attach/list", "/api/keeper-resource/attach/list"),
            (Service::Business, "/enterprise/list", "/api/enterprise/list"),
        ];
        for (service, path, public) in cases {
            assert_eq!(public_path(*service, path), *public);
            let route = resolve(public).unwrap();
            assert_eq!((route.service, route.upstream_path.as_str()), (*service, *path), "{public}");
        }
    }

    #[test]
    fn paths_are_rewritten_to_their_service() {
        let cases: &[(&str, Service, &str)] = &[
            ("/api/keeper-auth/oauth/token", Service::Auth, "/oauth/token"),
            ("/api/keeper-system/menu/routes", Service::System, "/menu/routes"),
            ("/api/keeper-system/user/list/", Service::System, "/user/list/"),
            ("/api/keeper-log/usual/list", Service::System, "/log/usual/list"),
            ("/api/keeper-log", Service::System, "/log"),
            ("/api/keeper-resource/oss/endpoint/put-file", Service::Resource, "/oss/endpoint/put-file"),
            ("/api/parkCompany/page", Service::Business, "/parkCompany/page"),
            ("/api/dataAnalysis/overview", Service::Business, "/dataAnalysis/overview"),
            ("/api/keeper-systemx/a", Service::Business, "/keeper-systemx/a"),
            ("/api/api/keeper-system/dict/tree", Service::System, "/dict/tree"),
            ("/api/api/keeper-auth/oauth/captcha", Service::Auth, "/oauth/captcha"),
            ("/api/api/other", Service::Business, "/api/other"),
            ("/api/keeper-system", Service::System, "/"),
            ("/api", Service::Business, "/"),
            ("/api/", Service::Business, "/"),
            // Escapes other than dots and slashes pass through exactly as sent.
            ("/api/keeper-resource/oss/%E4%B8%AD%20x.xlsx", Service::Resource, "/oss/%E4%B8%AD%20x.xlsx"),
        ];
        for (path, service, upstream) in cases {
            let r = resolve(path).unwrap_or_else(|e| panic!("{path}: {e:?}"));
            assert_eq!((r.service, r.upstream_path.as_str()), (*service, *upstream), "{path}");
        }
    }

    #[test]
    fn internal_routes_are_never_reachable_in_any_spelling() {
        let cases: &[(&str, Refusal)] = &[
            ("/api/keeper-system/internal/clients", Refusal::Internal),
            ("/api/keeper-auth/internal/sessions/state", Refusal::Internal),
            ("/api/keeper-resource/internal", Refusal::Internal),
            ("/api/internal/x", Refusal::Internal),
            ("/api/api/keeper-system/internal/x", Refusal::Internal),
            ("/api/keeper-system/Internal/x", Refusal::Internal),
            ("/api/keeper-system/%69nternal/x", Refusal::Internal),
            ("/api/keeper-system/%2e%2e/internal/x", Refusal::Malformed),
            ("/api/keeper-system/%2E%2E/internal/x", Refusal::Malformed),
            ("/api/keeper-system/..%2finternal/x", Refusal::Malformed),
            ("/api/keeper-system/x%2F..%2Finternal", Refusal::Malformed),
            ("/api/keeper-system//internal/x", Refusal::Malformed),
            ("/api/keeper-system/./internal/..", Refusal::Malformed),
            ("/api/keeper-system/user/../internal/x", Refusal::Malformed),
            ("/api/keeper-system/.%2e/internal", Refusal::Malformed),
            ("/api/keeper-system\\..\\internal", Refusal::Malformed),
            ("/api/keeper-system/%5c..%5cinternal", Refusal::Malformed),
            ("/api/keeper-system/internal%00/x", Refusal::Malformed),
            ("/api/keeper-system/bad%zzescape", Refusal::Malformed),
            ("/api/keeper-system/%", Refusal::Malformed),
            ("//api/keeper-system/internal/x", Refusal::Malformed),
            ("api/keeper-system/internal/x", Refusal::Malformed),
            ("/index.html", Refusal::NotApi),
            ("/apix/internal", Refusal::NotApi),
        ];
        for (path, refusal) in cases {
            assert_eq!(resolve(path), Err(*refusal), "{path}");
        }
    }

    #[test]
    fn public_paths_are_matched_after_the_api_api_rewrite_and_decoding() {
        let public = |p: &str| resolve(p).map(|r| r.is_public()).unwrap_or(false);
        for p in [
            "/api/keeper-auth/oauth/token",
            "/api/keeper-auth/oauth/captcha",
            "/api/keeper-auth/oauth/logout",
            "/api/keeper-system/tenant/info",
            "/api/keeper-system/user/register",
            "/api/api/keeper-auth/oauth/token",
            "/api/keeper-auth/oauth/%74oken",
            "/api/dataAnalysis",
            "/api/dataAnalysis/overview/year",
        ] {
            assert!(public(p), "{p} should be public");
        }
        for p in [
            "/api/keeper-auth/oauth/user-info",
            "/api/keeper-system/tenant/list",
            "/api/keeper-system/tenant/info/x",
            "/api/dataAnalysisX",
            "/api/keeper-system/dataAnalysis/x",
            "/api/api/dataAnalysis/x",
            "/api/dataAnalysis/../keeper-system/user/list",
        ] {
            assert!(!public(p), "{p} should need a token");
        }
        assert!(is_public("/health") && is_public("/ready"));
    }

    #[test]
    fn only_sign_in_captcha_and_registration_are_rate_limited() {
        let bucket = |p: &str| resolve(p).unwrap().rate_limit_bucket();
        assert_eq!(bucket("/api/keeper-auth/oauth/token"), Some("token"));
        assert_eq!(bucket("/api/api/keeper-auth/oauth/captcha"), Some("captcha"));
        assert_eq!(bucket("/api/keeper-system/user/register"), Some("register"));
        assert_eq!(bucket("/api/keeper-auth/oauth/logout"), None);
        assert!(resolve("/api/keeper-auth/oauth/token/").unwrap().is_token_endpoint());
    }
}
