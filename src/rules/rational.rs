//! Exact fractions of unbounded size, for ratings and series (docs/rules.md §14).
//!
//! Placing points and Butler totals are exact; a rating's change is worked out exactly and
//! rounded to 18 decimals before it applies (`rules::rating`, docs/rules.md §14).
//! [`Rational`] is `num-rational` over `num-bigint`; written figures are rounded only where
//! they are written ([`decimals`]).

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::field::Fraction;

/// An exact fraction of any size, always in lowest terms.
pub type Rational = num_rational::BigRational;

/// The whole number `n` as a [`Rational`].
pub fn whole(n: i64) -> Rational {
    Rational::from_integer(BigInt::from(n))
}

/// `num / den` as a [`Rational`]; `den` must not be 0.
pub fn ratio(num: i64, den: i64) -> Rational {
    Rational::new(BigInt::from(num), BigInt::from(den))
}

/// A board's exact figure ([`Fraction`], e.g. a datum or a Butler score) as a [`Rational`].
pub fn of_fraction(f: Fraction) -> Rational {
    Rational::new(BigInt::from(f.numerator()), BigInt::from(f.denominator()))
}

/// `value` written with `places` decimals, rounded half away from zero; a figure that rounds
/// to zero is written without a sign (`0.000`, never `-0.000`).
pub fn decimals(value: &Rational, places: u32) -> String {
    let scale = BigInt::from(10u32).pow(places);
    let num = value.numer().abs() * &scale * 2u32 + value.denom();
    let rounded: BigInt = num / (value.denom() * 2u32);
    let sign = if value.is_negative() && !rounded.is_zero() {
        "-"
    } else {
        ""
    };
    let digits = rounded.to_string();
    let width = places as usize + 1;
    let digits = format!("{digits:0>width$}");
    let (int, frac) = digits.split_at(digits.len() - places as usize);
    if places == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// The number of bits of `value`'s denominator: what exact arithmetic costs.
pub fn denominator_bits(value: &Rational) -> u64 {
    value.denom().bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_half_away_from_zero_only_when_written() {
        assert_eq!(decimals(&ratio(1, 8), 2), "0.13");
        assert_eq!(decimals(&ratio(-1, 8), 2), "-0.13");
        assert_eq!(decimals(&ratio(1, 16), 3), "0.063");
        assert_eq!(decimals(&ratio(-1, 16), 3), "-0.063");
        assert_eq!(decimals(&ratio(-1, 2000), 3), "-0.001");
        assert_eq!(decimals(&ratio(2, 3), 3), "0.667");
        assert_eq!(decimals(&ratio(-2, 3), 2), "-0.67");
        assert_eq!(decimals(&ratio(250, 3), 2), "83.33");
        assert_eq!(decimals(&whole(100), 2), "100.00");
        assert_eq!(decimals(&whole(-7), 3), "-7.000");
        assert_eq!(decimals(&ratio(12345, 1000), 0), "12");
    }

    #[test]
    fn a_figure_that_rounds_to_zero_has_no_sign() {
        assert_eq!(decimals(&ratio(-1, 3000), 3), "0.000");
        assert_eq!(decimals(&ratio(-1, 201), 2), "0.00");
        assert_eq!(decimals(&Rational::zero(), 3), "0.000");
        assert_eq!(decimals(&ratio(1, 3000), 3), "0.000");
    }

    #[test]
    fn sixty_four_boards_of_sixty_fourths_outgrow_every_fixed_width() {
        // A denominator multiplied by 64 on each of 30 boards has 181 bits: beyond i128,
        // where the event's own Fraction lives; the sum stays exact.
        let mut r = Rational::zero();
        let mut step = whole(1);
        for _ in 0..30 {
            step /= whole(64);
            r += &step;
        }
        assert_eq!(denominator_bits(&r), 181);
        // 1/64 + 1/64² + … + 1/64³⁰ = (1 − 64⁻³⁰) / 63.
        let tail = Rational::new(BigInt::from(1), BigInt::from(64).pow(30u32));
        assert_eq!(r, (whole(1) - tail) / whole(63));
        assert_eq!(decimals(&r, 3), "0.016");
        assert_eq!(of_fraction(Fraction::new(-3, 4)), ratio(-3, 4));
    }
}
