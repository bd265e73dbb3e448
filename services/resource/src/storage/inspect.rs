//! What may be uploaded: a short list of document, image and archive types, each checked by its extension
//! and by its first bytes (magic numbers), so a renamed executable or an HTML page posing as a picture is
//! refused. Nothing that a browser would run (HTML, SVG, scripts) is on the list.
use keeper_common::AppError;

/// Bytes the checks need from the start of a file.
pub const SNIFF: usize = 512;

struct Kind {
    exts: &'static [&'static str],
    content_type: &'static str,
    /// Shown inline by the preview (images and PDF); everything else is always a download.
    inline: bool,
    magic: fn(&[u8]) -> bool,
}

const ZIP: &[u8] = b"PK\x03\x04";
const EMPTY_ZIP: &[u8] = b"PK\x05\x06";
const OLE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

fn zip(b: &[u8]) -> bool {
    b.starts_with(ZIP) || b.starts_with(EMPTY_ZIP)
}

/// Plain text: no NUL bytes and no markup at the start (an HTML or SVG document renamed to .txt).
fn text(b: &[u8]) -> bool {
    let body = b.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(b);
    let start = body.iter().position(|c| !c.is_ascii_whitespace()).map_or(&[][..], |i| &body[i..]);
    !b.contains(&0) && !start.starts_with(b"<")
}

const KINDS: &[Kind] = &[
    Kind { exts: &["jpg", "jpeg"], content_type: "image/jpeg", inline: true, magic: |b| b.starts_with(&[0xFF, 0xD8, 0xFF]) },
    Kind { exts: &["png"], content_type: "image/png", inline: true, magic: |b| b.starts_with(b"\x89PNG\r\n\x1a\n") },
    Kind { exts: &["gif"], content_type: "image/gif", inline: true, magic: |b| b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") },
    Kind {
        exts: &["webp"],
        content_type: "image/webp",
        inline: true,
        magic: |b| b.len() >= 12 && b.starts_with(b"RIFF") && &b[8..12] == b"WEBP",
    },
    Kind { exts: &["bmp"], content_type: "image/bmp", inline: true, magic: |b| b.starts_with(b"BM") },
    Kind { exts: &["pdf"], content_type: "application/pdf", inline: true, magic: |b| b.starts_with(b"%PDF-") },
    Kind {
        exts: &["docx"],
        content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        inline: false,
        magic: zip,
    },
    Kind { exts: &["xlsx"], content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", inline: false, magic: zip },
    Kind {
        exts: &["pptx"],
        content_type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        inline: false,
        magic: zip,
    },
    Kind { exts: &["doc"], content_type: "application/msword", inline: false, magic: |b| b.starts_with(OLE) },
    Kind { exts: &["xls"], content_type: "application/vnd.ms-excel", inline: false, magic: |b| b.starts_with(OLE) },
    Kind { exts: &["ppt"], content_type: "application/vnd.ms-powerpoint", inline: false, magic: |b| b.starts_with(OLE) },
    Kind { exts: &["zip"], content_type: "application/zip", inline: false, magic: zip },
    Kind { exts: &["rar"], content_type: "application/vnd.rar", inline: false, magic: |b| b.starts_with(b"Rar!\x1a\x07") },
    Kind {
        exts: &["7z"],
        content_type: "application/x-7z-compressed",
        inline: false,
        magic: |b| b.starts_with(&[0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),
    },
    Kind { exts: &["txt"], content_type: "text/plain; charset=utf-8", inline: false, magic: text },
    Kind { exts: &["csv"], content_type: "text/csv; charset=utf-8", inline: false, magic: text },
];

/// Extensions a user may upload, for messages and the front end.
pub fn allowed_extensions() -> Vec<&'static str> {
    KINDS.iter().flat_map(|k| k.exts.iter().copied()).collect()
}

fn kind(ext: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.exts.contains(&ext))
}

/// The lower-case extension of a file name, checked against the list.
pub fn extension_of(field: &str, file_name: &str) -> Result<String, AppError> {
    let ext = file_name.rsplit_once('.').map(|(_, e)| e.trim().to_ascii_lowercase()).unwrap_or_default();
    if ext.is_empty() {
        return Err(AppError::field(field, "文件没有扩展名"));
    }
    if kind(&ext).is_none() {
        return Err(AppError::field(field, format!("不允许上传 .{ext} 文件，允许的类型: {}", allowed_extensions().join(", "))));
    }
    Ok(ext)
}

/// Refuses content whose first bytes are not what its extension promises.
pub fn check_content(field: &str, ext: &str, head: &[u8]) -> Result<(), AppError> {
    if head.is_empty() {
        return Err(AppError::field(field, "文件为空"));
    }
    if is_executable(head) {
        return Err(AppError::field(field, "不允许上传可执行文件"));
    }
    match kind(ext) {
        Some(k) if (k.magic)(head) => Ok(()),
        _ => Err(AppError::field(field, format!("文件内容与扩展名 .{ext} 不符"))),
    }
}

fn is_executable(b: &[u8]) -> bool {
    b.starts_with(b"MZ")
        || b.starts_with(b"\x7fELF")
        || b.starts_with(b"#!")
        || [
            [0xFE, 0xED, 0xFA, 0xCE],
            [0xFE, 0xED, 0xFA, 0xCF],
            [0xCE, 0xFA, 0xED, 0xFE],
            [0xCF, 0xFA, 0xED, 0xFE],
            [0xCA, 0xFE, 0xBA, 0xBE],
        ]
        .iter()
        .any(|m| b.starts_with(m))
}

/// The type a download is sent with: the listed type of its extension, else plain bytes.
pub fn content_type(ext: &str) -> &'static str {
    kind(ext).map_or("application/octet-stream", |k| k.content_type)
}

pub fn previewable(ext: &str) -> bool {
    kind(ext).is_some_and(|k| k.inline)
}

/// The name to show and download a file under: the last path segment the client sent, without control
/// characters, at most 200 characters; the stored key never comes from it.
pub fn display_name(raw: &str, ext: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let clean: String = last.chars().filter(|c| !c.is_control()).collect::<String>().trim().chars().take(200).collect();
    if clean.is_empty() || clean.chars().all(|c| c == '.') { format!("file.{ext}") } else { clean }
}

/// `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987).
pub fn disposition(inline: bool, name: &str) -> String {
    let ascii: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || "._- ".contains(c) { c } else { '_' }).collect();
    let mut encoded = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("{}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}", if inline { "inline" } else { "attachment" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_extensions_pass() {
        assert_eq!(extension_of("file", "报告.PDF").unwrap(), "pdf");
        for bad in ["a.html", "a.htm", "a.svg", "a.exe", "a.js", "a.sh", "a", "a.", "a.php", "a.pdf.exe"] {
            assert!(extension_of("file", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn content_must_match_the_extension() {
        assert!(check_content("file", "pdf", b"%PDF-1.7\n").is_ok());
        assert!(check_content("file", "png", b"\x89PNG\r\n\x1a\n....").is_ok());
        assert!(check_content("file", "xlsx", b"PK\x03\x04rest").is_ok());
        assert!(check_content("file", "txt", "第一行\nsecond".as_bytes()).is_ok());
        assert!(check_content("file", "png", b"<html><script>alert(1)</script>").is_err());
        assert!(check_content("file", "txt", b"  <svg onload=alert(1)>").is_err());
        assert!(check_content("file", "txt", b"\xEF\xBB\xBF<!doctype html>").is_err());
        assert!(check_content("file", "pdf", b"MZ\x90\x00").unwrap_err().to_string().contains("可执行"));
        assert!(check_content("file", "txt", b"#!/bin/sh\nrm -rf /").is_err());
        assert!(check_content("file", "txt", b"a\0b").is_err());
        assert!(check_content("file", "pdf", b"").is_err());
    }

    #[test]
    fn names_lose_their_paths_and_downloads_name_the_file_safely() {
        assert_eq!(display_name("../../etc/passwd.txt", "txt"), "passwd.txt");
        assert_eq!(display_name("C:\\Users\\a\\报告.pdf", "pdf"), "报告.pdf");
        assert_eq!(display_name("..", "pdf"), "file.pdf");
        assert_eq!(display_name("a\r\nb.pdf", "pdf"), "ab.pdf");
        let d = disposition(false, "报告 \"x\".pdf");
        assert!(d.starts_with("attachment; filename=\"__ _x_.pdf\"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%22x%22.pdf"), "{d}");
        assert!(disposition(true, "a.png").starts_with("inline;"));
    }
}
