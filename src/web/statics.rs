//! The static files — the stylesheet, the script and the icon — as build.rs made them: each
//! joined from its parts and compressed once at build time, at the best ratio of gzip and
//! brotli, so that serving one in any coding is a copy of bytes in the binary. Each coding
//! has its own validator (the file's digest with the coding's tag, as a cached page's): a
//! cache must not answer a gzip request with brotli bytes, nor revalidate one with the other.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

use super::compress::Coding;

/// One static file in its three codings.
pub(crate) struct StaticFile {
    pub content_type: &'static str,
    pub plain: &'static [u8],
    pub gzip: &'static [u8],
    pub brotli: &'static [u8],
    /// The digest of the plain bytes (16 hex digits).
    pub(crate) digest: &'static str,
}

/// A static file as build.rs left it in `$OUT_DIR/static/`.
macro_rules! precompressed {
    ($name:literal, $content_type:literal) => {
        StaticFile {
            content_type: $content_type,
            plain: include_bytes!(concat!(env!("OUT_DIR"), "/static/", $name)),
            gzip: include_bytes!(concat!(env!("OUT_DIR"), "/static/", $name, ".gz")),
            brotli: include_bytes!(concat!(env!("OUT_DIR"), "/static/", $name, ".br")),
            digest: include_str!(concat!(env!("OUT_DIR"), "/static/", $name, ".tag")),
        }
    };
}

/// `/static/fushi.css`: one file per area of `static/css/`, served as one.
pub(crate) static STYLESHEET: StaticFile = precompressed!("fushi.css", "text/css; charset=utf-8");

/// `/static/fushi.js`: one file per area of `static/js/`, served as one.
pub(crate) static SCRIPT: StaticFile = precompressed!("fushi.js", "text/javascript; charset=utf-8");

/// `/static/favicon.svg`: the site's icon, for the browser's tab.
pub(crate) static FAVICON: StaticFile = precompressed!("favicon.svg", "image/svg+xml");

impl StaticFile {
    /// The file's bytes in `coding`.
    pub(crate) fn bytes(&self, coding: Coding) -> &'static [u8] {
        match coding {
            Coding::Identity => self.plain,
            Coding::Gzip => self.gzip,
            Coding::Brotli => self.brotli,
        }
    }

    /// The validator of the file's bytes in `coding`.
    pub(crate) fn etag(&self, coding: Coding) -> String {
        format!(
            "\"{}-{}{}\"",
            env!("CARGO_PKG_VERSION"),
            self.digest,
            coding.tag()
        )
    }

    /// The file in the reader's coding, or `304` to its validator.
    pub(crate) fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let coding = Coding::of_request(req);
        let etag = self.etag(coding);
        let not_modified = req
            .headers()
            .get_all(header::IF_NONE_MATCH)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| tag.trim() == etag || tag.trim() == "*");
        let mut response = if not_modified {
            HttpResponse::NotModified()
        } else {
            HttpResponse::Ok()
        };
        if let Ok(value) = HeaderValue::from_str(&etag) {
            response.insert_header((header::ETAG, value));
        }
        response
            .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
            .insert_header((header::VARY, "Accept-Encoding"));
        if not_modified {
            return response.finish();
        }
        response
            .insert_header((header::CONTENT_TYPE, self.content_type))
            // Marked (identity too) so that the Compress middleware leaves them as they are.
            .insert_header((header::CONTENT_ENCODING, coding.header_value()))
            .body(self.bytes(coding))
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use actix_web::test::TestRequest;

    use super::*;

    /// The parts of a file as build.rs joins them, read again from `static/`.
    fn parts(dir: &str) -> Vec<u8> {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        names.sort();
        names
            .iter()
            .flat_map(|p| std::fs::read(p).unwrap())
            .collect()
    }

    #[test]
    fn the_compressed_bytes_decode_to_the_file() {
        for file in [&STYLESHEET, &SCRIPT, &FAVICON] {
            let mut gunzipped = Vec::new();
            flate2::read::GzDecoder::new(file.gzip)
                .read_to_end(&mut gunzipped)
                .unwrap();
            assert_eq!(gunzipped, file.plain, "{}", file.content_type);
            let mut unbrotlied = Vec::new();
            brotli::Decompressor::new(file.brotli, 4096)
                .read_to_end(&mut unbrotlied)
                .unwrap();
            assert_eq!(unbrotlied, file.plain, "{}", file.content_type);
            assert!(file.brotli.len() < file.gzip.len() && file.gzip.len() < file.plain.len());
        }
        // Every part is in the file (in build.rs's order, which the test does not repeat).
        for (file, dir) in [(&STYLESHEET, "static/css"), (&SCRIPT, "static/js")] {
            assert_eq!(file.plain.len(), parts(dir).len(), "{dir}");
        }
        let icon = std::fs::read("static/favicon.svg").unwrap();
        assert_eq!(FAVICON.plain, icon);
    }

    #[test]
    fn each_coding_has_its_own_validator_and_a_304() {
        let codings = [Coding::Identity, Coding::Gzip, Coding::Brotli];
        let tags: std::collections::BTreeSet<String> =
            codings.iter().map(|&c| STYLESHEET.etag(c)).collect();
        assert_eq!(tags.len(), 3, "{tags:?}");
        assert_ne!(STYLESHEET.etag(Coding::Gzip), SCRIPT.etag(Coding::Gzip));
        for (accept, coding, bytes) in [
            ("br, gzip", "br", STYLESHEET.brotli),
            ("gzip", "gzip", STYLESHEET.gzip),
            ("identity", "identity", STYLESHEET.plain),
        ] {
            let req = TestRequest::default()
                .insert_header((header::ACCEPT_ENCODING, accept))
                .to_http_request();
            let res = STYLESHEET.respond(&req);
            assert_eq!(res.status(), 200);
            let h = |name| res.headers().get(name).unwrap().to_str().unwrap();
            assert_eq!(h(header::CONTENT_ENCODING), coding);
            assert_eq!(h(header::VARY), "Accept-Encoding");
            let etag = h(header::ETAG).to_owned();
            let body = actix_web::body::to_bytes(res.into_body());
            let body = futures_util::FutureExt::now_or_never(body)
                .unwrap()
                .unwrap();
            assert_eq!(&body[..], bytes, "{accept}");
            let again = TestRequest::default()
                .insert_header((header::ACCEPT_ENCODING, accept))
                .insert_header((header::IF_NONE_MATCH, etag.as_str()))
                .to_http_request();
            assert_eq!(STYLESHEET.respond(&again).status(), 304, "{accept}");
        }
        // Another coding's validator is no match.
        let req = TestRequest::default()
            .insert_header((header::ACCEPT_ENCODING, "gzip"))
            .insert_header((header::IF_NONE_MATCH, STYLESHEET.etag(Coding::Brotli)))
            .to_http_request();
        assert_eq!(STYLESHEET.respond(&req).status(), 200);
    }
}
