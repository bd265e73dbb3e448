//! Service-to-service authentication for `/internal/**` routes: a short-lived JWT with its own audience,
//! signed with the installation key, so a user token can never pass as a service token or the reverse.
use std::future::{Ready, ready};
use std::sync::Mutex;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use keeper_common::AppError;
use serde::{Deserialize, Serialize};

use crate::claims::ISSUER;
use crate::keys::JwtKeys;

pub const HEADER: &str = "x-keeper-service";
pub const AUDIENCE: &str = "keeper-internal";
const LIFETIME_SECS: i64 = 300;

#[derive(Debug, Serialize, Deserialize)]
pub struct ServiceClaims {
    pub iss: String,
    pub aud: String,
    pub sub: String,
    pub iat: i64,
    pub nbf: i64,
    pub exp: i64,
}

/// Mints (and reuses until close to expiry) this service's token.
pub struct ServiceTokens {
    keys: JwtKeys,
    service: String,
    current: Mutex<Option<(String, i64)>>,
}

impl ServiceTokens {
    pub fn new(keys: JwtKeys, service: &str) -> Self {
        ServiceTokens { keys, service: service.to_string(), current: Mutex::new(None) }
    }

    pub fn token(&self) -> String {
        let now = chrono::Utc::now().timestamp();
        let mut cur = self.current.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((t, exp)) = cur.as_ref()
            && *exp - now > 60
        {
            return t.clone();
        }
        let claims = ServiceClaims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: self.service.clone(),
            iat: now,
            nbf: now - 5,
            exp: now + LIFETIME_SECS,
        };
        let t = self.keys.sign(&claims).expect("HS256 signing cannot fail");
        *cur = Some((t.clone(), now + LIFETIME_SECS));
        t
    }
}

/// Extractor for internal handlers: the calling service, or 401.
#[derive(Debug)]
pub struct ServiceCaller(pub String);

impl FromRequest for ServiceCaller {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let keys = req.app_data::<web::Data<crate::AuthContext>>().map(|c| c.keys.clone());
        let token = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
        ready(match (keys, token) {
            (Some(keys), Some(t)) => {
                keys.verify::<ServiceClaims>(t, AUDIENCE).map(|c| ServiceCaller(c.sub)).ok_or_else(AppError::unauthorized)
            }
            _ => Err(AppError::unauthorized()),
        })
    }
}
