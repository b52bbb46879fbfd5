//! A player's id in the installation's registry (docs/rules.md §14): `P` and a decimal number
//! without leading zeros, unique and never reused. Ids compare by their number (merges keep
//! the lower id; sorting and the last tie-break of a series go by it), so `P9 < P10`.

use std::fmt;

/// A registry player's id: only [`PlayerId::parse`] and [`PlayerId::from_number`] make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(u64);

/// Why a text is no player id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerIdFault {
    /// Not `P` followed by digits.
    Shape,
    /// A number written with a leading zero (`P07`), or `P0`.
    LeadingZero,
    /// A number too large to be an id.
    TooLarge,
}

impl PlayerId {
    /// The id `text` is (`P12`), or why it is none. Surrounding spaces are not trimmed here:
    /// a file's reader trims its fields where it reads them.
    pub fn parse(text: &str) -> Result<PlayerId, PlayerIdFault> {
        let digits = text.strip_prefix('P').ok_or(PlayerIdFault::Shape)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PlayerIdFault::Shape);
        }
        if digits.starts_with('0') {
            return Err(PlayerIdFault::LeadingZero);
        }
        digits
            .parse::<u64>()
            .map(PlayerId)
            .map_err(|_| PlayerIdFault::TooLarge)
    }

    /// The id numbered `number` (≥ 1), as the registry hands out new ids.
    pub fn from_number(number: u64) -> Option<PlayerId> {
        (number >= 1).then_some(PlayerId(number))
    }

    /// The id's number: what ids are compared by.
    pub fn number(self) -> u64 {
        self.0
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_p_and_a_number_without_leading_zeros() {
        for (text, number) in [("P1", 1), ("P12", 12), ("P18446744073709551615", u64::MAX)] {
            let id = PlayerId::parse(text).unwrap();
            assert_eq!(id.number(), number);
            assert_eq!(id.to_string(), text);
        }
        for bad in [
            "", "P", "12", "p12", "P-1", "P1.5", " P1", "P1 ", "PP1", "P１",
        ] {
            assert_eq!(PlayerId::parse(bad), Err(PlayerIdFault::Shape), "{bad:?}");
        }
        for bad in ["P0", "P07", "P00"] {
            assert_eq!(
                PlayerId::parse(bad),
                Err(PlayerIdFault::LeadingZero),
                "{bad:?}"
            );
        }
        assert_eq!(
            PlayerId::parse("P18446744073709551616"),
            Err(PlayerIdFault::TooLarge)
        );
        assert_eq!(PlayerId::from_number(0), None);
    }

    #[test]
    fn ids_compare_by_their_number_not_their_text() {
        let nine = PlayerId::parse("P9").unwrap();
        let ten = PlayerId::parse("P10").unwrap();
        assert!(nine < ten);
        let mut ids = [ten, nine, PlayerId::from_number(100).unwrap()];
        ids.sort();
        assert_eq!(
            ids.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["P9", "P10", "P100"]
        );
    }
}
