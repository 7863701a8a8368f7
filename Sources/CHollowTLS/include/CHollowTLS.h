// The part of OpenSSL's API that HollowKit's https transport calls, declared here rather than taken from
// OpenSSL's headers: building the package needs no libssl-dev. Every type is opaque (OpenSSL 1.1 and 3 never
// show their structs), every prototype and constant is copied from OpenSSL 3's headers and unchanged since
// 1.1.1, and OpenSSLForwarders.c defines each function, forwarding to the libssl it loads on first use.
// `.ci/run` compiles that file once more with OpenSSL's own headers included (HOLLOW_CHECK_OPENSSL_HEADERS):
// a declaration or constant that differs from OpenSSL's is then a compile error.
#ifndef HOLLOW_CHOLLOWTLS_H
#define HOLLOW_CHOLLOWTLS_H

#include <stddef.h>

/// Loads libssl (and with it libcrypto) once, on the first call; later calls answer the same. Answers 1 when
/// OpenSSL is there; otherwise 0, with the loader's reason in `reason` (at most `capacity` bytes, ended by 0).
/// Every OpenSSL function this package calls goes through it: call it before any of them.
int hollow_tls_load(char *reason, size_t capacity);

// Opaque types (openssl/types.h, ssl.h, bio.h).
typedef struct ssl_st SSL;
typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_method_st SSL_METHOD;
typedef struct ssl_session_st SSL_SESSION;
typedef struct bio_st BIO;
typedef struct bio_method_st BIO_METHOD;
typedef struct x509_st X509;
typedef struct x509_store_st X509_STORE;
typedef struct x509_store_ctx_st X509_STORE_CTX;
typedef struct X509_VERIFY_PARAM_st X509_VERIFY_PARAM;
typedef struct evp_pkey_st EVP_PKEY;
typedef int pem_password_cb(char *buf, int size, int rwflag, void *userdata);
typedef int (*SSL_verify_cb)(int preverify_ok, X509_STORE_CTX *x509_ctx);

// Constants (spelled as OpenSSL spells them, so that a redefinition next to its headers is identical).
#define TLS1_2_VERSION 0x0303
#define SSL_VERIFY_PEER 0x01
#define SSL_ERROR_WANT_READ 2
#define SSL_ERROR_WANT_WRITE 3
#define SSL_ERROR_ZERO_RETURN 6
#define X509_V_OK 0
#define X509_V_ERR_HOSTNAME_MISMATCH 62
#define X509_V_ERR_IP_ADDRESS_MISMATCH 64
#define X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS 0x4
#define X509_CHECK_FLAG_NEVER_CHECK_SUBJECT 0x20

// The client (HollowKit's TLSContext and TLSStream).
const SSL_METHOD *TLS_client_method(void);
SSL_CTX *SSL_CTX_new(const SSL_METHOD *meth);
void SSL_CTX_free(SSL_CTX *);
long SSL_CTX_ctrl(SSL_CTX *ctx, int cmd, long larg, void *parg);
void SSL_CTX_set_verify(SSL_CTX *ctx, int mode, SSL_verify_cb callback);
int SSL_CTX_set_default_verify_paths(SSL_CTX *ctx);
X509_STORE *SSL_CTX_get_cert_store(const SSL_CTX *);
SSL *SSL_new(SSL_CTX *ctx);
void SSL_free(SSL *ssl);
long SSL_ctrl(SSL *s, int cmd, long larg, void *parg);
int SSL_set1_host(SSL *s, const char *hostname);
X509_VERIFY_PARAM *SSL_get0_param(SSL *ssl);
void SSL_set_bio(SSL *s, BIO *rbio, BIO *wbio);
void SSL_set_connect_state(SSL *s);
int SSL_do_handshake(SSL *s);
int SSL_read(SSL *ssl, void *buf, int num);
int SSL_write(SSL *ssl, const void *buf, int num);
int SSL_get_error(const SSL *s, int ret_code);
long SSL_get_verify_result(const SSL *ssl);
void X509_VERIFY_PARAM_set_hostflags(X509_VERIFY_PARAM *param, unsigned int flags);
int X509_VERIFY_PARAM_set1_ip_asc(X509_VERIFY_PARAM *param, const char *ipasc);
int X509_STORE_add_cert(X509_STORE *xs, X509 *x);
void X509_free(X509 *a);
const char *X509_verify_cert_error_string(long n);
X509 *PEM_read_bio_X509(BIO *out, X509 **x, pem_password_cb *cb, void *u);
const BIO_METHOD *BIO_s_mem(void);
BIO *BIO_new(const BIO_METHOD *type);
BIO *BIO_new_mem_buf(const void *buf, int len);
int BIO_free(BIO *a);
int BIO_read(BIO *b, void *data, int dlen);
int BIO_write(BIO *b, const void *data, int dlen);
long BIO_ctrl(BIO *bp, int cmd, long larg, void *parg);
size_t BIO_ctrl_pending(BIO *b);
void ERR_clear_error(void);

// TLS sessions, resumed one per origin.
int SSL_set_session(SSL *to, SSL_SESSION *session);
SSL_SESSION *SSL_get1_session(SSL *ssl);
void SSL_SESSION_free(SSL_SESSION *ses);
int SSL_SESSION_is_resumable(const SSL_SESSION *s);
int SSL_session_reused(const SSL *s);
int SSL_shutdown(SSL *s);

// The tests' loopback TLS server (HollowKitTests' ServerStream), which the package's tests build on.
const SSL_METHOD *TLS_server_method(void);
int SSL_CTX_use_certificate(SSL_CTX *ctx, X509 *x);
int SSL_CTX_use_PrivateKey(SSL_CTX *ctx, EVP_PKEY *pkey);
EVP_PKEY *PEM_read_bio_PrivateKey(BIO *out, EVP_PKEY **x, pem_password_cb *cb, void *u);
void EVP_PKEY_free(EVP_PKEY *pkey);
int SSL_set_fd(SSL *s, int fd);
int SSL_accept(SSL *ssl);
int SSL_pending(const SSL *s);

// OpenSSL's function-like macros the client uses, which Swift cannot import, as functions.
int hollow_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version);
int hollow_SSL_set_tlsext_host_name(SSL *ssl, const char *name);
/// A memory BIO that reports "retry" (not end of file) while empty: more bytes may come from the socket.
void hollow_BIO_set_mem_eof_return(BIO *bio, int value);
size_t hollow_BIO_pending(BIO *bio);

#endif
