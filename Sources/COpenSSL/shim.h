// The system's OpenSSL (libssl-dev 3.x, or 1.1.1) for HollowKit's https transport on Linux.
// Swift cannot import function-like macros: the few this package uses are wrapped here.
#ifndef HOLLOW_COPENSSL_SHIM_H
#define HOLLOW_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

static inline int hollow_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
  return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline long hollow_SSL_CTX_set_mode(SSL_CTX *context, long mode) {
  return SSL_CTX_set_mode(context, mode);
}

static inline int hollow_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
  return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// A memory BIO that reports "retry" (not end of file) while empty: more bytes may come from the socket.
static inline void hollow_BIO_set_mem_eof_return(BIO *bio, int value) {
  (void)BIO_set_mem_eof_return(bio, value);
}

static inline size_t hollow_BIO_pending(BIO *bio) {
  return BIO_ctrl_pending(bio);
}

#endif
