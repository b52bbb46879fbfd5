//! Simplified Chinese and English through Fluent: the messages live in `locales/<lang>/*.ftl`
//! (one file per area), compiled into the binary.

use std::borrow::Cow;
use std::collections::HashMap;

use actix_web::HttpRequest;
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Plain text for HTML and CSV: no Unicode isolation marks around placeables.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The cookie that remembers the reader's choice of language.
pub const LANG_COOKIE: &str = "lang";

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// The code in URLs and the cookie.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The `lang` attribute of the page.
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    /// The language's own name, for the switcher.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::Zh => "中文",
            Lang::En => "English",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::Zh => "zh-Hans".parse().expect("a valid language id"),
            Lang::En => "en".parse().expect("a valid language id"),
        }
    }

    /// The cookie's choice, else the first language of `Accept-Language` that fushi speaks,
    /// else Chinese.
    pub fn of_request(req: &HttpRequest) -> Lang {
        if let Some(lang) = req
            .cookie(LANG_COOKIE)
            .and_then(|c| Lang::from_code(c.value()))
        {
            return lang;
        }
        let header = req
            .headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        Lang::from_accept_language(header).unwrap_or(Lang::Zh)
    }

    /// The best of fushi's languages for an `Accept-Language` header, by quality.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut choices: Vec<(f32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.trim().split(';');
                let tag = pieces.next()?.trim().to_ascii_lowercase();
                let q = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .and_then(|q| q.parse::<f32>().ok())
                    .unwrap_or(1.0);
                let primary = tag.split('-').next().unwrap_or("");
                let lang = match primary {
                    "zh" => Lang::Zh,
                    "en" => Lang::En,
                    _ => return None,
                };
                (q > 0.0).then_some((q, i, lang))
            })
            .collect();
        choices.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        choices.first().map(|c| c.2)
    }
}

/// Looks up messages in one language: templates call `t.t("key")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tr {
    pub lang: Lang,
}

/// An argument of a message.
pub type Arg<'a> = (&'a str, FluentValue<'static>);

impl Tr {
    pub fn new(lang: Lang) -> Self {
        Tr { lang }
    }

    /// The message `key`; a missing message shows its key (and a test catches it).
    pub fn t(&self, key: &str) -> String {
        LOCALES
            .try_lookup(&self.lang.id(), key)
            .unwrap_or_else(|| missing(key))
    }

    /// The message `key` with named arguments.
    pub fn args(&self, key: &str, args: &[Arg<'_>]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue<'static>> = args
            .iter()
            .map(|(k, v)| (Cow::Owned((*k).to_owned()), v.clone()))
            .collect();
        LOCALES
            .try_lookup_with_args(&self.lang.id(), key, &map)
            .unwrap_or_else(|| missing(key))
    }

    /// The message `key` with one argument, for templates: `t.a("key", "n", n)`.
    pub fn a(&self, key: &str, name: &str, value: impl ToString) -> String {
        self.args(key, &[(name, FluentValue::from(value.to_string()))])
    }
}

fn missing(key: &str) -> String {
    tracing::warn!("missing message {key}");
    key.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Message ids defined in a locale's .ftl files.
    fn ids(lang_dir: &str) -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang_dir);
        let mut ids = BTreeSet::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for line in text.lines() {
                let first = line.chars().next();
                if first.is_some_and(|c| c.is_ascii_alphabetic())
                    && let Some((id, _)) = line.split_once('=')
                {
                    ids.insert(id.trim().to_owned());
                }
            }
        }
        ids
    }

    #[test]
    fn both_languages_define_the_same_messages() {
        let en = ids("en");
        let zh = ids("zh-Hans");
        assert!(!en.is_empty());
        let only_en: Vec<_> = en.difference(&zh).collect();
        let only_zh: Vec<_> = zh.difference(&en).collect();
        assert!(only_en.is_empty(), "missing in Chinese: {only_en:?}");
        assert!(only_zh.is_empty(), "missing in English: {only_zh:?}");
    }

    #[test]
    fn messages_resolve_in_each_language() {
        assert_eq!(Tr::new(Lang::En).t("nav-home"), "Home");
        assert_eq!(Tr::new(Lang::Zh).t("nav-home"), "首页");
        assert_eq!(Tr::new(Lang::Zh).t("no-such-message"), "no-such-message");
    }

    #[test]
    fn accept_language_picks_by_quality() {
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9"), Some(Lang::En));
        assert_eq!(
            Lang::from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"),
            Some(Lang::Zh)
        );
        assert_eq!(
            Lang::from_accept_language("fr;q=1, en;q=0.5, zh;q=0.7"),
            Some(Lang::Zh)
        );
        assert_eq!(Lang::from_accept_language("de, fr"), None);
        assert_eq!(Lang::from_accept_language(""), None);
        assert_eq!(Lang::from_accept_language("zh-TW;q=0, en"), Some(Lang::En));
    }
}
