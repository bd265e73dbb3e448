//! The one TLS crypto provider of every outbound HTTPS call (SMS providers, S3-compatible storage,
//! an OTLP collector): ring, installed once per process before the first client is built. reqwest and
//! OpenDAL are built without a provider of their own, so a client built before this call panics.

/// Installs ring as the process's rustls provider; later calls (and a provider already set) are no-ops.
pub fn install_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Err means another provider is already the default: that one serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_https_client_can_be_built_after_install() {
        super::install_crypto_provider();
        super::install_crypto_provider();
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
        reqwest::Client::builder().https_only(true).build().expect("https client");
    }
}
