//! The one source of chance in a demo zone: a seeded generator, so that the same zone, date and scale
//! always give the same data. Each part of a zone draws from its own stream (`Rng::stream`), so that adding
//! a module or changing how many numbers one part draws leaves the others' data as it was.
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};

/// The seed of the first demo zone; zone `n` of a scaled run mixes `n` into it.
pub const SEED: u64 = 0x4b45_4550_4552_2026;

pub struct Rng(StdRng);

impl Rng {
    /// The stream named `part` of zone `zone`: independent of every other part's stream.
    pub fn stream(zone: u32, part: &str) -> Rng {
        // FNV-1a over the part's name: stable across Rust releases, unlike `DefaultHasher`.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in part.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(StdRng::seed_from_u64(SEED ^ h ^ u64::from(zone).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
    }

    /// A whole number in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.random_range(lo..=hi)
    }

    /// An index below `n` (`n` > 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.0.random_bool(p.clamp(0.0, 1.0))
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// An item of a list of owned values.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// An item chosen with the given weights (pairs of weight and item).
    pub fn weighted<T: Copy>(&mut self, items: &[(u32, T)]) -> T {
        let total: u32 = items.iter().map(|(w, _)| w).sum();
        let mut at = self.0.random_range(0..total);
        for &(w, item) in items {
            if at < w {
                return item;
            }
            at -= w;
        }
        items[items.len() - 1].1
    }

    /// A number between `lo` and `hi` spread evenly over orders of magnitude: money and sizes of firms are
    /// many small and few large.
    pub fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let (a, b) = (lo.ln(), hi.ln());
        (a + (b - a) * self.0.random::<f64>()).exp()
    }

    /// Puts `items` in a random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.index(i + 1));
        }
    }

    /// A fraction in `lo..hi`.
    pub fn fraction(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.0.random::<f64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_repeats_itself_and_differs_from_other_streams() {
        let draw = |zone, part| {
            let mut r = Rng::stream(zone, part);
            (0..8).map(|_| r.int(0, 1_000_000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(0, "projects"), draw(0, "projects"));
        assert_ne!(draw(0, "projects"), draw(0, "enterprises"));
        assert_ne!(draw(0, "projects"), draw(1, "projects"));
    }

    #[test]
    fn weights_and_ranges_are_respected() {
        let mut r = Rng::stream(0, "test");
        for _ in 0..1000 {
            assert_eq!(r.weighted(&[(0, 'a'), (3, 'b'), (0, 'c')]), 'b');
            let x = r.log_uniform(10.0, 1000.0);
            assert!((10.0..=1000.0).contains(&x), "{x}");
            assert!((5..=7).contains(&r.int(5, 7)));
        }
    }
}
