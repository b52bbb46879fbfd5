//! The words of fushi, every surface: the web, the printed sheets, the command line, audit
//! subjects. They live in Fluent files, `locales/<language>/*.ftl` (one file per area),
//! compiled into the binary. Nothing else holds user-facing words: a new language is a new
//! folder of `.ftl` files and one line in [`LANGUAGES`].

use std::borrow::Cow;
use std::collections::HashMap;

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

/// One language of fushi.
#[derive(Debug)]
struct Language {
    /// The code in URLs and the cookie.
    code: &'static str,
    /// The folder under `locales/`, the BCP 47 tag of `<html lang>` and of the PDFs.
    tag: &'static str,
    /// `Accept-Language` tags (lower case) that mean this language; a tag also matches its
    /// longer forms (`zh-hant` matches `zh-hant-tw`), and the longest match wins.
    accept: &'static [&'static str],
}

/// The languages fushi speaks, in the switcher's order. The one list to extend: each needs
/// `locales/<tag>/` with every message of `locales/en/` (a test checks).
const LANGUAGES: [Language; 3] = [
    Language {
        code: "zh",
        tag: "zh-Hans",
        accept: &["zh", "zh-cn", "zh-sg", "zh-hans"],
    },
    Language {
        code: "zh-Hant",
        tag: "zh-Hant",
        accept: &["zh-tw", "zh-hk", "zh-mo", "zh-hant"],
    },
    Language {
        code: "en",
        tag: "en",
        accept: &["en"],
    },
];

/// A language of fushi: an entry of [`LANGUAGES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(usize);

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

impl Lang {
    /// 简体中文, the default.
    pub const ZH_HANS: Lang = Lang(0);
    /// 繁體中文.
    pub const ZH_HANT: Lang = Lang(1);
    /// English: the command line's language without a locale, and the fallback of a
    /// missing message.
    pub const EN: Lang = Lang(2);

    /// Every language, in the switcher's order.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).map(Lang)
    }

    fn entry(self) -> &'static Language {
        &LANGUAGES[self.0]
    }

    /// The code in URLs and the cookie.
    pub fn code(self) -> &'static str {
        self.entry().code
    }

    /// The BCP 47 tag: the `lang` attribute of the page, the language of a PDF.
    pub fn tag(self) -> &'static str {
        self.entry().tag
    }

    /// The `lang` attribute of the page.
    pub(crate) fn html_lang(self) -> &'static str {
        self.tag()
    }

    /// The language's own name, for the switcher (`language-name` in its own files).
    pub(crate) fn own_name(self) -> String {
        Tr::new(self).t("language-name")
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::all().find(|l| l.code() == code)
    }

    fn id(self) -> LanguageIdentifier {
        self.tag().parse().expect("a valid language id")
    }

    /// The language of one `Accept-Language` tag: the longest of [`Language::accept`] that is
    /// the tag or a prefix of it up to a `-`.
    fn of_tag(tag: &str) -> Option<Lang> {
        let tag = tag.to_ascii_lowercase();
        Lang::all()
            .flat_map(|l| l.entry().accept.iter().map(move |a| (a, l)))
            .filter(|(a, _)| {
                tag.strip_prefix(**a)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
            })
            .max_by_key(|(a, _)| a.len())
            .map(|(_, l)| l)
    }

    /// The language of a POSIX locale name (`zh_CN.UTF-8`, `zh_TW.Big5`, `en_GB@euro`): its
    /// language and territory read as a language tag, so `zh_TW` and `zh_HK` are
    /// Traditional and `zh_CN` and `zh_SG` Simplified. `None` for `C`, `POSIX` and the
    /// languages fushi does not speak.
    pub(crate) fn from_locale(name: &str) -> Option<Lang> {
        let name = name.split(['.', '@']).next().unwrap_or_default();
        Lang::of_tag(&name.replace('_', "-"))
    }

    /// The command line's language: the locale that names the language of messages, looked
    /// up by `var` in the order POSIX gives (`LC_ALL`, `LC_MESSAGES`, `LANG`; the first
    /// one set and not empty), and English when it names no language of fushi.
    pub(crate) fn of_locale_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|value| !value.is_empty()))
            .and_then(|locale| Lang::from_locale(&locale))
            .unwrap_or(Lang::EN)
    }

    /// [`Lang::of_locale_vars`] of this process's environment.
    pub fn of_environment() -> Lang {
        Lang::of_locale_vars(|name| std::env::var(name).ok())
    }

    /// The best of fushi's languages for an `Accept-Language` header, by quality.
    ///
    /// Not `fluent_langneg::parse_accepted_languages`, though it is in the tree: it keeps
    /// the header's order and ignores `q=` weights (its documentation says so), so
    /// `fr;q=1, en;q=0.5, zh;q=0.7` would pick English and `zh-TW;q=0` ("not Chinese")
    /// would pick Traditional Chinese. The tags themselves are matched by [`Lang::of_tag`].
    pub(crate) fn from_accept_language(header: &str) -> Option<Lang> {
        let mut choices: Vec<(f32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.trim().split(';');
                let tag = pieces.next()?.trim();
                let q = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .and_then(|q| q.parse::<f32>().ok())
                    .unwrap_or(1.0);
                let lang = Lang::of_tag(tag)?;
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
pub(crate) type Arg<'a> = (&'a str, FluentValue<'static>);

impl Tr {
    pub fn new(lang: Lang) -> Self {
        Tr { lang }
    }

    /// English: the `Display` of typed reasons, and the command line's words without a locale.
    pub fn en() -> Self {
        Tr::new(Lang::EN)
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

    /// The message `key` with one number argument (so that plurals choose by it), for
    /// templates: `t.n("key", "count", n)`.
    pub fn n(&self, key: &str, name: &str, value: impl std::borrow::Borrow<usize>) -> String {
        self.args(key, &[(name, FluentValue::from(*value.borrow()))])
    }

    /// Items joined as a list in this language (`、` in Chinese, `, ` in English).
    pub fn list<S: AsRef<str>>(&self, items: &[S]) -> String {
        let sep = self.t("list-separator");
        items
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<_>>()
            .join(&sep)
    }
}

fn missing(key: &str) -> String {
    tracing::warn!("missing message {key}");
    key.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Message ids defined in a locale's .ftl files, each with the variables (`$name`) it uses.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.tag());
        let mut messages = BTreeMap::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let mut current: Option<String> = None;
            for line in text.lines() {
                let first = line.chars().next();
                if first.is_some_and(|c| c.is_ascii_alphabetic())
                    && let Some((id, _)) = line.split_once('=')
                {
                    let id = id.trim().to_owned();
                    assert!(
                        messages.insert(id.clone(), BTreeSet::new()).is_none(),
                        "{id} twice in {}",
                        lang.tag()
                    );
                    current = Some(id);
                } else if first == Some('#') {
                    current = None;
                }
                if let Some(id) = &current {
                    let vars = messages.get_mut(id).unwrap();
                    for (i, _) in line.match_indices('$') {
                        let name: String = line[i + 1..]
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                            .collect();
                        vars.insert(name);
                    }
                }
            }
        }
        messages
    }

    #[test]
    fn every_language_defines_the_same_messages_with_the_same_variables() {
        let en = messages(Lang::EN);
        assert!(en.len() > 1000, "{}", en.len());
        for lang in Lang::all() {
            let other = messages(lang);
            let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(missing.is_empty(), "missing in {lang:?}: {missing:?}");
            assert!(extra.is_empty(), "only in {lang:?}: {extra:?}");
            for (id, vars) in &en {
                assert_eq!(&other[id], vars, "the variables of {id} in {lang:?}");
            }
        }
    }

    #[test]
    fn messages_resolve_in_each_language() {
        assert_eq!(Tr::new(Lang::EN).t("nav-home"), "Home");
        assert_eq!(Tr::new(Lang::ZH_HANS).t("nav-home"), "首页");
        assert_eq!(Tr::new(Lang::ZH_HANT).t("nav-home"), "首頁");
        assert_eq!(
            Tr::new(Lang::ZH_HANS).t("no-such-message"),
            "no-such-message"
        );
        let names: Vec<String> = Lang::all().map(Lang::own_name).collect();
        assert_eq!(names, ["简体中文", "繁體中文", "English"]);
        assert_eq!(Tr::new(Lang::EN).list(&["a", "b"]), "a, b");
        assert_eq!(Tr::new(Lang::ZH_HANT).list(&["甲", "乙"]), "甲、乙");
    }

    #[test]
    fn every_language_has_its_folder_and_a_unique_code() {
        let codes: BTreeSet<&str> = Lang::all().map(Lang::code).collect();
        assert_eq!(codes.len(), LANGUAGES.len());
        for lang in Lang::all() {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("locales")
                .join(lang.tag());
            assert!(dir.is_dir(), "{dir:?}");
        }
    }

    #[test]
    fn a_locale_names_the_command_lines_language() {
        for (locale, lang) in [
            ("zh_CN.UTF-8", Some(Lang::ZH_HANS)),
            ("zh_SG", Some(Lang::ZH_HANS)),
            ("zh_CN.GB18030", Some(Lang::ZH_HANS)),
            ("zh_TW.UTF-8", Some(Lang::ZH_HANT)),
            ("zh_HK.Big5-HKSCS", Some(Lang::ZH_HANT)),
            ("en_GB.UTF-8@euro", Some(Lang::EN)),
            ("en", Some(Lang::EN)),
            ("C.UTF-8", None),
            ("POSIX", None),
            ("de_DE.UTF-8", None),
            ("", None),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale}");
        }
        let vars = |set: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                set.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(Lang::of_locale_vars(vars(&[])), Lang::EN);
        assert_eq!(
            Lang::of_locale_vars(vars(&[("LANG", "zh_TW.UTF-8")])),
            Lang::ZH_HANT
        );
        // LC_ALL before LC_MESSAGES before LANG; an empty one is not set.
        assert_eq!(
            Lang::of_locale_vars(vars(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")])),
            Lang::EN
        );
        assert_eq!(
            Lang::of_locale_vars(vars(&[
                ("LANG", "en_US.UTF-8"),
                ("LC_MESSAGES", "zh_CN.UTF-8"),
                ("LC_ALL", "")
            ])),
            Lang::ZH_HANS
        );
        assert_eq!(
            Lang::of_locale_vars(vars(&[("LANG", "fr_FR.UTF-8")])),
            Lang::EN
        );
    }

    #[test]
    fn accept_language_picks_by_quality() {
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9"), Some(Lang::EN));
        assert_eq!(
            Lang::from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"),
            Some(Lang::ZH_HANS)
        );
        assert_eq!(
            Lang::from_accept_language("fr;q=1, en;q=0.5, zh;q=0.7"),
            Some(Lang::ZH_HANS)
        );
        assert_eq!(Lang::from_accept_language("de, fr"), None);
        assert_eq!(Lang::from_accept_language(""), None);
        assert_eq!(Lang::from_accept_language("zh-TW;q=0, en"), Some(Lang::EN));
        assert_eq!(Lang::from_accept_language("english"), None);
    }

    #[test]
    fn chinese_tags_map_to_their_script() {
        for tag in ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-hant-TW", "ZH-tw"] {
            assert_eq!(
                Lang::from_accept_language(tag),
                Some(Lang::ZH_HANT),
                "{tag}"
            );
        }
        for tag in ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-HK", "zh-cn"] {
            assert_eq!(
                Lang::from_accept_language(tag),
                Some(Lang::ZH_HANS),
                "{tag}"
            );
        }
        assert_eq!(
            Lang::from_accept_language("en;q=0.5, zh-HK;q=0.8"),
            Some(Lang::ZH_HANT)
        );
    }
}
