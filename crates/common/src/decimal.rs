//! Decimals on the wire: written as strings without trailing zeros (`1200.5`, not `1200.5000` as a
//! `DECIMAL(18,4)` column reads back), read from a number, a numeric string, `""` or null. Money and
//! coordinates are never f64 (ARCHITECTURE: amounts to the cent).

/// Serde adapter for optional decimals (see the module).
pub mod opt_normal {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer, Serializer};
    use serde_json::Value;

    pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(d) => s.collect_str(&d.normalize()),
            None => s.serialize_none(),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        let bad = || serde::de::Error::custom("应为数字");
        match Option::<Value>::deserialize(d)? {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad()),
            Some(Value::Number(n)) => n.to_string().parse().map(Some).map_err(|_| bad()),
            Some(_) => Err(bad()),
        }
    }
}

/// Serde adapter for a decimal that is always there (a `NOT NULL` column), written as [`opt_normal`] writes one.
pub mod normal {
    use rust_decimal::Decimal;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&v.normalize())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        super::opt_normal::deserialize(d)?.ok_or_else(|| serde::de::Error::custom("不能为空"))
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Probe {
        #[serde(default, with = "super::opt_normal")]
        v: Option<Decimal>,
    }

    #[test]
    fn decimals_are_written_without_trailing_zeros_and_read_leniently() {
        let stored = Probe { v: Some("1200.5000".parse().unwrap()) };
        assert_eq!(serde_json::to_value(&stored).unwrap(), json!({ "v": "1200.5" }));
        assert_eq!(serde_json::to_value(Probe { v: None }).unwrap(), json!({ "v": null }));
        for (sent, want) in [(json!(1200.5), Some("1200.5")), (json!(" 35.25 "), Some("35.25")), (json!(""), None), (json!(null), None)] {
            let got: Probe = serde_json::from_value(json!({ "v": sent })).unwrap();
            assert_eq!(got.v, want.map(|w| w.parse().unwrap()), "{sent}");
        }
        assert!(serde_json::from_value::<Probe>(json!({ "v": "12a" })).is_err());
        assert!(serde_json::from_value::<Probe>(json!({ "v": true })).is_err());
    }
}
