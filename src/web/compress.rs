//! Compressed answers without a proxy: every text answer goes out in gzip or brotli when the
//! reader accepts it. A cached public page keeps its compressed bytes beside its own, made
//! once per revision and encoding ([`Encoded`]), so serving it compressed costs what serving
//! it plain does; every other answer passes through actix-web's `Compress` middleware. PDFs
//! (compressed inside already) and the event stream (each event must leave at once) are
//! sent as they are.

use std::io::Write;
use std::sync::OnceLock;

use actix_web::HttpRequest;
use actix_web::http::header::{self, ContentEncoding, Header};
use actix_web::web::Bytes;

/// How an answer's bytes travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coding {
    Identity,
    Gzip,
    Brotli,
}

impl Coding {
    /// The best coding the request accepts: brotli, then gzip, else the bytes as they are.
    pub(crate) fn of_request(req: &HttpRequest) -> Coding {
        // No header: the reader did not ask for any coding (HTTP would allow any).
        if req.headers().get(header::ACCEPT_ENCODING).is_none() {
            return Coding::Identity;
        }
        let Ok(accepted) = header::AcceptEncoding::parse(req) else {
            return Coding::Identity;
        };
        let supported = [
            header::Encoding::brotli(),
            header::Encoding::gzip(),
            header::Encoding::identity(),
        ];
        match accepted.negotiate(supported.iter()) {
            Some(e) if e == header::Encoding::brotli() => Coding::Brotli,
            Some(e) if e == header::Encoding::gzip() => Coding::Gzip,
            _ => Coding::Identity,
        }
    }

    /// What an ETag of this coding ends in, so that each encoding of a page has its own
    /// validator (a cache must not answer a gzip request with brotli bytes).
    pub fn tag(self) -> &'static str {
        match self {
            Coding::Identity => "",
            Coding::Gzip => "-gzip",
            Coding::Brotli => "-br",
        }
    }

    /// The `Content-Encoding` header's value.
    pub(crate) fn header_value(self) -> ContentEncoding {
        match self {
            Coding::Identity => ContentEncoding::Identity,
            Coding::Gzip => ContentEncoding::Gzip,
            Coding::Brotli => ContentEncoding::Brotli,
        }
    }

    /// `bytes` in this coding.
    pub fn encode(self, bytes: &[u8]) -> Bytes {
        match self {
            Coding::Identity => Bytes::copy_from_slice(bytes),
            Coding::Gzip => gzip(bytes),
            Coding::Brotli => brotli(bytes),
        }
    }
}

/// Whether an answer of this content type is worth compressing: text, JSON, CSV and SVG,
/// not a PDF (its streams are compressed already) or an image.
pub(crate) fn compressible(content_type: &str) -> bool {
    let kind = content_type.split(';').next().unwrap_or("").trim();
    (kind.starts_with("text/") && kind != "text/event-stream")
        || matches!(
            kind,
            "application/json" | "image/svg+xml" | "application/xml"
        )
}

fn gzip(bytes: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        flate2::Compression::default(),
    );
    // Writing to a Vec cannot fail.
    match encoder.write_all(bytes).and_then(|()| encoder.finish()) {
        Ok(out) => Bytes::from(out),
        Err(_) => Bytes::new(),
    }
}

/// Brotli at quality 8: each page is compressed once per revision, so a better ratio than
/// the middleware's is worth its time, and 8 stays near gzip's speed on pages of megabytes.
fn brotli(bytes: &[u8]) -> Bytes {
    const QUALITY: u32 = 8;
    const WINDOW: u32 = 22;
    let mut out = Vec::with_capacity(bytes.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 64 * 1024, QUALITY, WINDOW);
        if writer.write_all(bytes).is_err() {
            return Bytes::new();
        }
    }
    Bytes::from(out)
}

/// The compressed bytes of one page, made on first use and kept with the page.
#[derive(Debug, Default)]
pub(crate) struct Encoded {
    gzip: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
}

impl Encoded {
    /// `body` in `coding`, compressed once; the second value is how many bytes this call
    /// added to what the page keeps (0 when it was made before).
    pub(crate) fn get(&self, coding: Coding, body: &Bytes) -> (Bytes, usize) {
        let cell = match coding {
            Coding::Identity => return (body.clone(), 0),
            Coding::Gzip => &self.gzip,
            Coding::Brotli => &self.brotli,
        };
        let mut added = 0;
        let bytes = cell.get_or_init(|| {
            let made = coding.encode(body);
            added = made.len();
            made
        });
        (bytes.clone(), added)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read;

    fn coding(accept: &str) -> Coding {
        let req = TestRequest::default()
            .insert_header((header::ACCEPT_ENCODING, accept))
            .to_http_request();
        Coding::of_request(&req)
    }

    #[test]
    fn the_best_accepted_coding_is_chosen() {
        assert_eq!(coding("gzip, deflate, br"), Coding::Brotli);
        assert_eq!(coding("gzip, deflate"), Coding::Gzip);
        assert_eq!(coding("br;q=0.1, gzip;q=0.9"), Coding::Gzip);
        assert_eq!(coding("deflate"), Coding::Identity);
        assert_eq!(coding("identity"), Coding::Identity);
        assert_eq!(coding("gzip;q=0"), Coding::Identity);
        let none = TestRequest::default().to_http_request();
        assert_eq!(Coding::of_request(&none), Coding::Identity);
    }

    #[test]
    fn compressed_bytes_come_back_whole_and_are_made_once() {
        let page = Bytes::from("<p>东城拖拉机 − 4</p>\n".repeat(2_000));
        let encoded = Encoded::default();
        let (gz, added) = encoded.get(Coding::Gzip, &page);
        assert!(added > 0 && gz.len() < page.len() / 10, "{}", gz.len());
        assert_eq!(encoded.get(Coding::Gzip, &page).1, 0, "made once");
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, page);
        let (br, _) = encoded.get(Coding::Brotli, &page);
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, page);
        assert_eq!(encoded.get(Coding::Identity, &page), (page.clone(), 0));
    }

    #[test]
    fn pdfs_and_the_event_stream_are_sent_as_they_are() {
        assert!(compressible("text/html; charset=utf-8"));
        assert!(compressible("text/csv; charset=utf-8"));
        assert!(compressible("application/json"));
        assert!(compressible("image/svg+xml"));
        assert!(!compressible("application/pdf"));
        assert!(!compressible("text/event-stream"));
        assert!(!compressible("image/png"));
    }
}
