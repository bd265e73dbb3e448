//! 生成分解 (domain-model §2.3.3 and §2.3.5): a department's target shared among its enterprises in
//! proportion to a weight — last year's output for 按上年结构分解, the verified survey figure once surveys
//! propose targets — and each enterprise's share split into months by its own last year. The shares
//! are cut to the cent and add up to what is shared exactly: the cents left by the cuts go to the
//! enterprise with the largest weight, as a split's rounding goes to December.
use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::Wan;

/// `total` shared among `weights` (enterprise, weight > 0) in proportion, in their order. Empty when
/// there is nothing to weigh.
pub fn proportional(total: Wan, weights: &[(i64, Decimal)]) -> Vec<(i64, Wan)> {
    let sum: Decimal = weights.iter().map(|(_, w)| *w).sum();
    if weights.is_empty() || sum <= Decimal::ZERO {
        return Vec::new();
    }
    let mut shares: Vec<(i64, Wan)> = weights
        .iter()
        .map(|(e, w)| (*e, Wan::round((total.decimal() * *w / sum).round_dp_with_strategy(2, RoundingStrategy::ToZero))))
        .collect();
    let left = total - shares.iter().map(|(_, s)| *s).sum::<Wan>();
    // The first of the largest weights takes the cents the cuts left.
    let largest = weights.iter().enumerate().fold(0, |best, (i, (_, w))| if *w > weights[best].1 { i } else { best });
    shares[largest].1 += left;
    shares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::wan;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn shares_follow_the_weights_and_add_up_to_the_total() {
        // 12,000 over last years of 6,000, 3,000 and 1,000 (10,000 in all): 7,200, 3,600 and 1,200.
        let shares = proportional(wan("12000"), &[(1, d("6000")), (2, d("3000")), (3, d("1000"))]);
        assert_eq!(shares, vec![(1, wan("7200")), (2, wan("3600")), (3, wan("1200"))]);
    }

    #[test]
    fn the_cents_left_by_the_cuts_go_to_the_largest_weight() {
        // 1,000 over three equal weights: 333.33 each leaves 0.01, which the first of them takes.
        let shares = proportional(wan("1000"), &[(1, d("5")), (2, d("5")), (3, d("5"))]);
        assert_eq!(shares, vec![(1, wan("333.34")), (2, wan("333.33")), (3, wan("333.33"))]);
        // 100 over 1, 2 and 4 (7 in all): 14.28, 28.57 and 57.14 cut; 0.01 left to the 4: 57.15.
        let shares = proportional(wan("100"), &[(1, d("1")), (2, d("2")), (3, d("4"))]);
        assert_eq!(shares, vec![(1, wan("14.28")), (2, wan("28.57")), (3, wan("57.15"))]);
        assert_eq!(shares.iter().map(|(_, s)| *s).sum::<Wan>(), wan("100"));
    }

    #[test]
    fn nothing_to_weigh_shares_nothing() {
        assert!(proportional(wan("100"), &[]).is_empty());
        assert!(proportional(wan("100"), &[(1, Decimal::ZERO)]).is_empty());
    }
}
