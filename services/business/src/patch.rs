//! A submitted body as a whole record. `submit` creates a record when the body has no `id` and updates
//! it otherwise; an update lays the body over the stored row, so what the body leaves out keeps its value
//! and what it sends as `null` or `""` is cleared. The row is read in its wire form (the entity rows
//! serialise in the wire conventions), the same form the body uses. (A typed patch of `Option<Option<T>>`
//! fields would say the same at the price of a second set of lenient readers for every field; the rules
//! that cross fields need the whole record anyway.)
use keeper_common::AppError;
use serde::Serialize;
use serde_json::{Map, Value};

/// Whether a body names an existing record (`id` present and not empty): edit rather than add.
pub fn is_update(body: &Map<String, Value>) -> bool {
    match body.get("id") {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(_) => true,
    }
}

/// The body laid over the stored row.
pub fn over<M: Serialize>(current: &M, body: Map<String, Value>) -> Result<Map<String, Value>, AppError> {
    let Ok(Value::Object(mut merged)) = serde_json::to_value(current) else {
        return Err(AppError::internal("a stored row serialises as a JSON object"));
    };
    merged.extend(body);
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_body_wins_and_what_it_leaves_out_is_kept() {
        let stored = json!({ "id": "1", "name": "甲", "phone": "123", "remark": "x" });
        let body = json!({ "id": "1", "name": "乙", "phone": null, "remark": "" });
        let merged = over(&stored, body.as_object().unwrap().clone()).unwrap();
        assert_eq!(Value::Object(merged), json!({ "id": "1", "name": "乙", "phone": null, "remark": "" }));
        let merged = over(&stored, Map::new()).unwrap();
        assert_eq!(Value::Object(merged), stored);
    }

    #[test]
    fn only_a_present_id_makes_an_update() {
        for (body, update) in [
            (json!({}), false),
            (json!({ "id": null }), false),
            (json!({ "id": " " }), false),
            (json!({ "id": "5" }), true),
            (json!({ "id": 5 }), true),
        ] {
            assert_eq!(is_update(body.as_object().unwrap()), update, "{body}");
        }
    }
}
