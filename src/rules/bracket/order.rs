//! The bracket order of a knockout's seeds.

/// The bracket order of `places` seeds (a power of two from 2): order(2) = [1, 2],
/// order(2n) = [x for s in order(n) for x in (s, 2n+1−s)]. Read in pairs it gives the first
/// knockout round's ties.
pub fn order(places: u32) -> Vec<u32> {
    let mut out = vec![1, 2];
    let mut n = 2;
    while n < places {
        out = out.iter().flat_map(|&s| [s, 2 * n + 1 - s]).collect();
        n *= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_order_is_the_spec_s() {
        assert_eq!(order(2), [1, 2]);
        assert_eq!(order(4), [1, 4, 2, 3]);
        assert_eq!(order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            order(16),
            [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
        assert_eq!(order(32).len(), 32);
        // Seeds 1 and 2 sit in different halves at every size.
        for n in [4, 8, 16, 32] {
            let o = order(n);
            let half = o.len() / 2;
            assert!(o[..half].contains(&1) && o[half..].contains(&2));
        }
    }
}
