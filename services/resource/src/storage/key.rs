//! Object keys. Every stored object gets a generated key `upload/<yyyyMMdd>/<uuid32>.<ext>`
//! (api-contract §8.2); a key coming back from a client is accepted only in exactly that shape, so no
//! name a user sends can reach another folder, another tenant or the file system.
use chrono::{DateTime, Utc};
use keeper_common::AppError;

pub fn generate(ext: &str, now: DateTime<Utc>) -> String {
    let day = now.with_timezone(&keeper_common::time::zone()).format("%Y%m%d");
    format!("upload/{day}/{}.{ext}", uuid::Uuid::new_v4().simple())
}

/// Checks a key sent by a client (`fileName` of remove-file, stat-file and the rest).
pub fn parse(field: &str, key: &str) -> Result<String, AppError> {
    if is_generated(key) { Ok(key.to_string()) } else { Err(AppError::field(field, "文件名无效")) }
}

fn is_generated(key: &str) -> bool {
    let mut parts = key.split('/');
    let (Some("upload"), Some(day), Some(file), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Some((stem, ext)) = file.split_once('.') else { return false };
    day.len() == 8
        && day.bytes().all(|b| b.is_ascii_digit())
        && stem.len() == 32
        && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && (1..=10).contains(&ext.len())
        && ext.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_round_trip_and_nothing_else_passes() {
        let k = generate("pdf", Utc::now());
        assert_eq!(parse("fileName", &k).unwrap(), k);
        let uuid = "0123456789abcdef0123456789abcdef";
        for bad in [
            "../etc/passwd".to_string(),
            format!("upload/20261123/../{uuid}.pdf"),
            format!("upload/20261123/{uuid}.pdf/.."),
            format!("/upload/20261123/{uuid}.pdf"),
            format!("upload//20261123/{uuid}.pdf"),
            format!("upload/2026112/{uuid}.pdf"),
            format!("upload/20261123/{uuid}"),
            format!("upload/20261123/{uuid}.PDF"),
            format!("upload/20261123/{uuid}.tar.gz"),
            format!("upload\\20261123\\{uuid}.pdf"),
            format!("upload/20261123/{uuid}.pdf%00.png"),
            format!("other/20261123/{uuid}.pdf"),
            format!("upload/20261123/{}.pdf", &uuid[..31]),
            String::new(),
        ] {
            assert!(parse("fileName", &bad).is_err(), "{bad}");
        }
    }
}
