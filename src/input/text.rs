//! One typed value at a time: a number as a person types it, a line of text within its
//! limit, a tournament's slug. The limits themselves are [`crate::limits`] and
//! [`crate::rules::settings`]'s; this module gives their refusals as a [`Why`].

use super::why::Why;
use crate::limits::TextProblem;
use crate::rules::settings::MAX_TEXT;

/// Reads a whole number as typed: spaces trimmed, full-width digits and minus (as a
/// Chinese input method writes them) read as ASCII. `None` for an empty field.
pub(crate) fn read_number(text: &str) -> Option<Result<i32, ()>> {
    let ascii: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            '－' | '−' => '-',
            '＋' => '+',
            c => c,
        })
        .collect();
    if ascii.is_empty() {
        None
    } else {
        Some(ascii.parse::<i32>().map_err(|_| ()))
    }
}

/// What is wrong with one line of text a user gave for `column`, if anything: longer than
/// [`MAX_TEXT`] characters, or holding a control character (NUL, a tab, a line break…),
/// which no name, club or member has and PostgreSQL cannot store.
pub(crate) fn check_text(column: &str, text: &str) -> Option<Why> {
    check_text_within(column, text, MAX_TEXT)
}

/// [`check_text`] with another limit (one of [`crate::limits`]).
pub(crate) fn check_text_within(column: &str, text: &str, max: usize) -> Option<Why> {
    match crate::limits::check(text, max) {
        Ok(()) => None,
        Err(problem) => Some(text_problem(column, problem)),
    }
}

/// The reason for a [`TextProblem`] of `column`.
pub(crate) fn text_problem(column: &str, problem: TextProblem) -> Why {
    match problem {
        TextProblem::Control => Why::ControlCharacter {
            column: column.to_owned(),
        },
        TextProblem::TooLong { max } => Why::TextTooLong {
            column: column.to_owned(),
            max,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_typed() {
        assert_eq!(read_number(" 85 "), Some(Ok(85)));
        assert_eq!(read_number("８５"), Some(Ok(85)));
        assert_eq!(read_number("－１"), Some(Ok(-1)));
        assert_eq!(read_number("-2"), Some(Ok(-2)));
        assert_eq!(read_number(""), None);
        assert_eq!(read_number("  "), None);
        assert_eq!(read_number("8o"), Some(Err(())));
        assert_eq!(read_number("85.0"), Some(Err(())));
    }
}
