//! The limits on text a person can send, in one place: the forms, the uploads and the
//! archive import check against these, and docs/operations.md lists them (docs/rules.md §9 has
//! the archive's). Lengths are counted in characters (Unicode scalar values), not bytes.
//!
//! The control-character rule is the same everywhere: no text holds a control character
//! (NUL, a tab, a line break, …), which no name needs and PostgreSQL cannot store (NUL),
//! except a note, which may hold line breaks ([`check_note`]).
//!
//! This module depends on nothing else in the crate; the archive's reasons for these
//! problems are made in [`crate::input::text`].

/// A team's name, club or member, a tournament's name, a player of a line-up.
pub const NAME: usize = 200;
/// A user name (the sign-in name of a director, scorer or administrator).
pub(crate) const USER_NAME: usize = 64;
/// A password: at least [`PASSWORD_MIN`], at most this many characters (longer is refused
/// before any hashing).
pub const PASSWORD: usize = 1_000;
/// The shortest password.
pub(crate) const PASSWORD_MIN: usize = 8;
/// A tournament's slug (its address: `a-z`, `0-9` and `-`).
pub const SLUG: usize = 64;
/// A director's note to a table when refusing its entry (line breaks allowed).
pub const NOTE: usize = 500;
/// A code or token a page sends back: a team's table code, a form token, a table's
/// submission id.
pub const CODE: usize = 64;

/// What is wrong with a piece of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextProblem {
    /// Longer than the limit, in characters.
    TooLong { max: usize },
    /// A control character where none is allowed.
    Control,
}

/// One line of text: no control character, at most `max` characters. The control
/// character is reported first (it cannot be stored at any length); the length is counted
/// only up to `max + 1`, so a huge value costs no more than a short one.
pub fn check(text: &str, max: usize) -> Result<(), TextProblem> {
    if text.chars().any(char::is_control) {
        Err(TextProblem::Control)
    } else if text.chars().nth(max).is_some() {
        Err(TextProblem::TooLong { max })
    } else {
        Ok(())
    }
}

/// A note: line breaks (`\n`, `\r`) allowed, no other control character, at most
/// [`NOTE`] characters.
pub(crate) fn check_note(text: &str) -> Result<(), TextProblem> {
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r')
    {
        Err(TextProblem::Control)
    } else if text.chars().nth(NOTE).is_some() {
        Err(TextProblem::TooLong { max: NOTE })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_count_characters_and_refuse_control_characters() {
        assert_eq!(check("长城", 2), Ok(()));
        assert_eq!(check("长城队", 2), Err(TextProblem::TooLong { max: 2 }));
        assert_eq!(check("a\0b", 10), Err(TextProblem::Control));
        assert_eq!(check("a\tb", 10), Err(TextProblem::Control));
        assert_eq!(check(&"x".repeat(PASSWORD), PASSWORD), Ok(()));
        assert_eq!(
            check(&"x".repeat(PASSWORD + 1), PASSWORD),
            Err(TextProblem::TooLong { max: PASSWORD })
        );
        assert_eq!(check_note("two\r\nlines"), Ok(()));
        assert_eq!(check_note("a\0"), Err(TextProblem::Control));
        assert_eq!(
            check_note(&"n".repeat(NOTE + 1)),
            Err(TextProblem::TooLong { max: NOTE })
        );
    }
}
