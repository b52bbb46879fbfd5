//! The reader's language, read from the request. The words themselves are
//! [`crate::i18n`]'s, shared by every layer (the archive, the sheets, the command line);
//! only the web knows what a request, a cookie or `Accept-Language` is.

use actix_web::HttpRequest;
use actix_web::http::header;

pub(crate) use crate::i18n::{Lang, Tr};

/// The cookie that remembers the reader's choice of language.
pub(crate) const LANG_COOKIE: &str = "lang";

/// The language a request is answered in: the address's `?lang=`, else the cookie's
/// choice, else the first language of `Accept-Language` that fushi speaks, else Simplified
/// Chinese.
pub(crate) fn request_lang(req: &HttpRequest) -> Lang {
    let cookie = req.cookie(LANG_COOKIE);
    let accept = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    chosen_lang(
        req.query_string(),
        cookie.as_ref().map(|c| c.value()),
        accept,
    )
}

/// [`request_lang`] of a query string, the cookie's value and the `Accept-Language`
/// header.
fn chosen_lang(query: &str, cookie: Option<&str>, accept_language: &str) -> Lang {
    // `?lang=en` on any page's address: a link that names its language is read in it.
    let asked = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == "lang")
        .and_then(|(_, code)| {
            Lang::from_code(code).or_else(|| Lang::all().find(|l| l.tag() == code))
        });
    asked
        .or_else(|| cookie.and_then(Lang::from_code))
        .or_else(|| Lang::from_accept_language(accept_language))
        .unwrap_or(Lang::ZH_HANS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_then_the_cookie_then_the_header_choose() {
        assert_eq!(chosen_lang("lang=en", Some("zh-hant"), "zh"), Lang::EN);
        assert_eq!(chosen_lang("x=1&lang=zh-Hant", None, "en"), Lang::ZH_HANT);
        assert_eq!(chosen_lang("lang=fr", Some("en"), "zh"), Lang::EN);
        assert_eq!(chosen_lang("", Some("nope"), "en-GB"), Lang::EN);
        assert_eq!(chosen_lang("", None, "de"), Lang::ZH_HANS);
    }

    #[test]
    fn a_request_is_read_the_same_way() {
        let req = actix_web::test::TestRequest::with_uri("/t/cup?lang=en")
            .insert_header((header::ACCEPT_LANGUAGE, "zh-TW"))
            .to_http_request();
        assert_eq!(request_lang(&req), Lang::EN);
        let req = actix_web::test::TestRequest::with_uri("/t/cup")
            .insert_header((header::ACCEPT_LANGUAGE, "zh-TW"))
            .to_http_request();
        assert_eq!(request_lang(&req), Lang::ZH_HANT);
    }
}
