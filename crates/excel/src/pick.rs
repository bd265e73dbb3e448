//! A record's export row straight from its serialisation: the fields the sheet shows are picked as the
//! record serialises them, each turned into its cell as [`Column::value_of`] would from the record's JSON.
//!
//! Serialising the whole record into a JSON map first (every field, its key as a new string, nested lists
//! such as the review steps) and then looking the columns up cost 20 µs a row: two of the five seconds of
//! a year of output reports (100,000 rows, bench/README.md). Picking only the shown fields gives the same
//! cells; a record that serialises as neither a struct nor a map falls back to the JSON route.
use std::collections::HashMap;

use serde::Serialize;
use serde::ser::{self, Impossible, SerializeMap, SerializeStruct};
use serde_json::Value as Json;

use crate::{Column, Sheet, Value};

/// Where each key a sheet exports goes: the columns (by index) reading it.
#[derive(Debug, Clone)]
pub struct Picks {
    by_key: HashMap<&'static str, Vec<usize>>,
    columns: Vec<Column>,
}

impl Picks {
    pub fn of(sheet: &Sheet) -> Picks {
        let mut by_key: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, c) in sheet.columns.iter().enumerate() {
            by_key.entry(c.source.unwrap_or(c.field)).or_default().push(i);
        }
        Picks { by_key, columns: sheet.columns.clone() }
    }

    /// The row of `record`: the same cells as `Sheet::values_of` of its JSON object. `None` when the record
    /// does not serialise as a struct or a map.
    pub fn row<V: Serialize>(&self, record: &V) -> Option<Vec<Value>> {
        let mut picker = Picker { picks: self, found: vec![None; self.columns.len()], key: None };
        record.serialize(&mut picker).ok()?;
        Some(self.columns.iter().zip(picker.found).map(|(c, json)| c.value_of_json(json.as_ref())).collect())
    }
}

struct Picker<'p> {
    picks: &'p Picks,
    found: Vec<Option<Json>>,
    /// The key of a map entry whose value comes next.
    key: Option<String>,
}

impl Picker<'_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Unsupported> {
        if let Some(columns) = self.picks.by_key.get(key) {
            let json = serde_json::to_value(value).map_err(|_| Unsupported)?;
            for &i in columns {
                self.found[i] = Some(json.clone());
            }
        }
        Ok(())
    }
}

/// The record is not a struct or a map (or a value would not serialise): the caller takes the JSON route.
#[derive(Debug)]
struct Unsupported;

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a record")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

macro_rules! unsupported {
    ($($name:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $name(self, $(_: $arg),*) -> Result<Self::Ok, Self::Error> { Err(Unsupported) })*
    };
}

impl<'a, 'p> ser::Serializer for &'a mut Picker<'p> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Impossible<(), Unsupported>;
    type SerializeTuple = Impossible<(), Unsupported>;
    type SerializeTupleStruct = Impossible<(), Unsupported>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    unsupported!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, _: &T) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Unsupported> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}

impl SerializeStruct for &mut Picker<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Unsupported> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

/// A map: what `#[serde(flatten)]` makes of a view that embeds its stored row.
impl SerializeMap for &mut Picker<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        match serde_json::to_value(key) {
            Ok(Json::String(k)) => {
                self.key = Some(k);
                Ok(())
            }
            _ => Err(Unsupported),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let key = self.key.take().ok_or(Unsupported)?;
        self.field(&key, value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}
