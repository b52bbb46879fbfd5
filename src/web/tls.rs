//! HTTPS served by fushi itself, from a certificate and key the operator provides
//! (`FUSHI_TLS_CERT`, `FUSHI_TLS_KEY`): for a hall whose network others share, where no
//! reverse proxy stands in front (docs/guide/evening.md).

use std::path::Path;

use openssl::ssl::{SslAcceptor, SslAcceptorBuilder, SslFiletype, SslMethod};

/// What actix-web serves HTTPS with.
pub(crate) type Acceptor = SslAcceptorBuilder;

/// An acceptor of Mozilla's "intermediate" profile (TLS 1.2 and 1.3) with the certificate
/// chain of `cert` and the private key of `key`, both PEM; refused when the key is not the
/// certificate's.
pub(crate) fn acceptor(cert: &Path, key: &Path) -> Result<Acceptor, String> {
    let mut builder =
        SslAcceptor::mozilla_intermediate_v5(SslMethod::tls_server()).map_err(|e| e.to_string())?;
    builder
        .set_certificate_chain_file(cert)
        .map_err(|e| format!("{}: {e}", cert.display()))?;
    builder
        .set_private_key_file(key, SslFiletype::PEM)
        .map_err(|e| format!("{}: {e}", key.display()))?;
    builder
        .check_private_key()
        .map_err(|e| format!("{}: {e}", key.display()))?;
    Ok(builder)
}
