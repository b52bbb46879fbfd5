//! A tournament's slug: its name in URLs and files, `[a-z0-9-]{1,64}` and not one of
//! [`RESERVED_SLUGS`]. The rule is written here once; a slug is parsed where it enters (a
//! path's `{slug}`, the settings form, `tournament.toml`) and carried as a [`Slug`] from
//! there.

use std::fmt;

/// The longest slug, in characters of `[a-z0-9-]`.
pub(crate) const MAX_SLUG: usize = 64;

/// Slugs that name pages under `/d` (`/d/new`, `/d/import`), so no tournament can have them.
pub(crate) const RESERVED_SLUGS: [&str; 2] = ["new", "import"];

/// Why a text is no slug.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlugFault {
    Empty,
    /// Too long, or a character outside `[a-z0-9-]`.
    Invalid,
    Reserved,
}

/// A slug that keeps the rule: only [`Slug::parse`] makes one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slug(String);

impl Slug {
    /// The slug `text` is, or why it is none.
    pub fn parse(text: &str) -> Result<Slug, SlugFault> {
        let ok_chars = text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if text.is_empty() {
            Err(SlugFault::Empty)
        } else if text.len() > MAX_SLUG || !ok_chars {
            Err(SlugFault::Invalid)
        } else if RESERVED_SLUGS.contains(&text) {
            Err(SlugFault::Reserved)
        } else {
            Ok(Slug(text.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Slug {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Slug {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for Slug {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Slug {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl From<Slug> for String {
    fn from(slug: Slug) -> String {
        slug.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slug_keeps_the_rule() {
        for good in ["spring-2026", "a", "0", &"a".repeat(MAX_SLUG), "new-year"] {
            assert_eq!(Slug::parse(good).map(String::from).as_deref(), Ok(good));
        }
        assert_eq!(Slug::parse(""), Err(SlugFault::Empty));
        for bad in [
            "Spring",
            "spring_2026",
            "春季",
            "a/b",
            "a b",
            &"a".repeat(MAX_SLUG + 1),
        ] {
            assert_eq!(Slug::parse(bad), Err(SlugFault::Invalid), "{bad}");
        }
        for reserved in RESERVED_SLUGS {
            assert_eq!(Slug::parse(reserved), Err(SlugFault::Reserved));
        }
    }
}
