//! Snowflake ids (64-bit, time-ordered) and their string form on the wire (api-contract §1.3).
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// 2020-01-01T00:00:00Z in milliseconds: keeps ids 19 digits long for decades.
const EPOCH_MS: u64 = 1_577_836_800_000;

struct State {
    last_ms: u64,
    seq: u64,
}

static STATE: Mutex<State> = Mutex::new(State { last_ms: 0, seq: 0 });
static WORKER: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Worker bits are random per process so that replicas never collide without coordination.
fn worker() -> u64 {
    *WORKER.get_or_init(|| rand::random::<u64>() & 0x3ff)
}

/// A new unique id.
pub fn next_id() -> i64 {
    let mut st = STATE.lock().unwrap_or_else(|p| p.into_inner());
    let mut now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0);
    if now <= st.last_ms {
        now = st.last_ms;
        st.seq = (st.seq + 1) & 0xfff;
        if st.seq == 0 {
            now += 1; // sequence exhausted within this millisecond: borrow the next one
        }
    } else {
        st.seq = 0;
    }
    st.last_ms = now;
    (((now - EPOCH_MS) << 22) | (worker() << 12) | st.seq) as i64
}

/// Parses an id sent by a client, as a JSON string or number.
pub fn parse(s: &str) -> Option<i64> {
    s.trim().parse::<i64>().ok()
}

/// Parses a comma-joined id list (`ids=1,2,3`); empty items are skipped, a malformed one is an error.
pub fn parse_list(s: &str) -> Result<Vec<i64>, String> {
    s.split(',').map(str::trim).filter(|p| !p.is_empty()).map(|p| p.parse::<i64>().map_err(|_| format!("不是有效的ID: {p}"))).collect()
}

/// The comma-joined form of ids, as list columns (`role_id`, `dept_id`) and `ids=` parameters hold them.
pub fn join(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// The ids without repeats, in the order they first came.
pub fn distinct(ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let mut seen = std::collections::HashSet::new();
    ids.into_iter().filter(|id| seen.insert(*id)).collect()
}

/// Serde adapter: `i64` ids written as strings and read from strings or numbers.
pub mod as_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            S(String),
            N(i64),
        }
        match Either::deserialize(d)? {
            Either::N(n) => Ok(n),
            Either::S(s) => s.trim().parse().map_err(serde::de::Error::custom),
        }
    }
}

/// Serde adapter for optional ids: `""`, `null` and absence all mean none.
pub mod opt_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.collect_str(v),
            None => s.serialize_str(""),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            S(String),
            N(i64),
        }
        match Option::<Either>::deserialize(d)? {
            None => Ok(None),
            Some(Either::N(n)) => Ok(Some(n)),
            Some(Either::S(s)) if s.trim().is_empty() => Ok(None),
            Some(Either::S(s)) => s.trim().parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_join_with_commas_and_repeats_drop_keeping_the_first_order() {
        assert_eq!(super::join(&[3, 1, 2]), "3,1,2");
        assert_eq!(super::join(&[]), "");
        assert_eq!(super::distinct([3, 1, 3, 2, 1]), vec![3, 1, 2]);
    }

    use super::*;

    #[test]
    fn ids_are_unique_and_increasing() {
        let mut last = 0;
        for _ in 0..10_000 {
            let id = next_id();
            assert!(id > last, "{id} after {last}");
            last = id;
        }
        assert_eq!(last.to_string().len(), 18.max(last.to_string().len()));
    }

    #[test]
    fn id_lists_reject_garbage() {
        assert_eq!(parse_list("1, 2,,3").unwrap(), vec![1, 2, 3]);
        assert!(parse_list("1,x").is_err());
    }
}
