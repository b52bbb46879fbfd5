//! How a signed figure reads on the pages and sheets: an explicit plus and a typographic
//! minus (U+2212), `+7`, `−5`, `0`. The CSV files keep the plain `-5` (docs/decisions.md,
//! "Web pages").

/// A whole number with its sign: `+7`, `−5`, `0`.
pub fn signed(n: i64) -> String {
    match n.signum() {
        1 => format!("+{n}"),
        -1 => format!("\u{2212}{}", n.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// A figure already written out (`-0.75`, `-2.50`) with its minus made typographic.
pub(crate) fn typographic_minus(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("\u{2212}{rest}"),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::{signed, typographic_minus};

    #[test]
    fn the_sign_is_always_written_and_the_minus_is_typographic() {
        assert_eq!(signed(7), "+7");
        assert_eq!(signed(-5), "\u{2212}5");
        assert_eq!(signed(0), "0");
        assert!(!signed(-5).contains('-'));
        assert_eq!(
            signed(i64::MIN),
            format!("\u{2212}{}", i64::MIN.unsigned_abs())
        );
        assert_eq!(typographic_minus("-0.75".into()), "\u{2212}0.75");
        assert_eq!(typographic_minus("2.50".into()), "2.50");
    }
}
