//! A notice's rich text, sanitised on the way in: the editor sends HTML, and what is stored is what every
//! reader's browser will render, so only an allow-list of formatting tags and attributes is kept (no script,
//! style, iframe or form; no `on*` handler; links only to http, https and mailto, opened without the
//! opener). Sanitising on write rather than on read keeps the read path, called by every reader, plain.
use std::collections::HashSet;

use keeper_common::AppError;

/// The longest content, in characters, after sanitising.
pub const MAX_CONTENT: usize = 200_000;

/// The sanitised HTML of `html`; `field` names it in a refusal (empty, or too long).
pub fn sanitise(field: &str, html: &str) -> Result<String, AppError> {
    let clean = ammonia::Builder::default()
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer"))
        .clean(html)
        .to_string();
    if clean.chars().count() > MAX_CONTENT {
        return Err(AppError::field(field, format!("不能超过{MAX_CONTENT}个字符")));
    }
    if text_of(&clean).trim().is_empty() && !clean.contains("<img") {
        return Err(AppError::field(field, "不能为空"));
    }
    Ok(clean)
}

/// `text` as HTML text: what a service writes into a notice of its own (an enterprise's name) cannot
/// become markup.
pub fn escaped(text: &str) -> String {
    ammonia::clean_text(text)
}

/// The text of sanitised HTML, without tags (for the emptiness check).
fn text_of(html: &str) -> String {
    let text = ammonia::Builder::empty().clean(html).to_string();
    text.replace("&nbsp;", " ").replace('\u{a0}', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatting_stays_and_what_could_run_in_a_readers_browser_goes() {
        let cases = [
            ("<p><b>停电</b>通知</p>", "<p><b>停电</b>通知</p>"),
            ("<p>a<script>alert(1)</script></p>", "<p>a</p>"),
            ("<p onclick=\"steal()\">b</p>", "<p>b</p>"),
            ("<a href=\"javascript:alert(1)\">c</a>", "<a rel=\"noopener noreferrer\">c</a>"),
            ("<a href=\"https://gov.cn/x\">d</a>", "<a href=\"https://gov.cn/x\" rel=\"noopener noreferrer\">d</a>"),
            ("<img src=x onerror=alert(1)>e", "<img src=\"x\">e"),
            ("<iframe src=\"https://evil\"></iframe><style>p{}</style>f", "f"),
            ("<ol><li>一</li></ol><h3>二</h3><u>三</u>", "<ol><li>一</li></ol><h3>二</h3><u>三</u>"),
        ];
        for (html, want) in cases {
            assert_eq!(sanitise("content", html).unwrap(), want, "{html}");
        }
    }

    #[test]
    fn content_that_says_nothing_or_too_much_is_refused_naming_the_field() {
        for html in ["", "   ", "<p><br></p>", "<p>&nbsp;</p>", "<script>alert(1)</script>"] {
            match sanitise("content", html) {
                Err(AppError::Field { field, reason }) => assert_eq!((field.as_str(), reason.as_str()), ("content", "不能为空"), "{html}"),
                other => panic!("{html}: {other:?}"),
            }
        }
        let long = format!("<p>{}</p>", "字".repeat(MAX_CONTENT));
        assert!(matches!(sanitise("content", &long), Err(AppError::Field { .. })));
        assert!(sanitise("content", "<p><img src=\"https://x/a.png\"></p>").is_ok(), "a picture alone says something");
    }
}
