// The OpenSSL functions the package calls, defined here under their own names, each forwarding to the
// real one in the libssl that hollow_tls_load opened. So no program of the package links libssl or
// libcrypto: loading them (resolving thousands of symbols) cost every start of hollow-cli about 1.5 ms,
// although only https needs them. The prototypes are CHollowTLS.h's own, so building needs no OpenSSL
// headers; with HOLLOW_CHECK_OPENSSL_HEADERS (`.ci/run`) OpenSSL's headers are included as well, and the
// compiler checks that every declaration and constant of CHollowTLS.h matches OpenSSL's.
#define _GNU_SOURCE
#ifdef HOLLOW_CHECK_OPENSSL_HEADERS
// First: a constant of CHollowTLS.h that differs is then a redefinition reported in our header, not one
// silenced in a system header.
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#endif
#include "CHollowTLS.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The control codes behind the function-like macros that CHollowTLS.h turns into functions (ssl.h, tls1.h, bio.h).
#define SSL_CTRL_SET_TLSEXT_HOSTNAME 55
#define SSL_CTRL_SET_MIN_PROTO_VERSION 123
#define TLSEXT_NAMETYPE_host_name 0
#define BIO_C_SET_BUF_MEM_EOF_RETURN 130

// The libraries tried in turn: OpenSSL 3, then 1.1.1 (every function called here has the same ABI in both).
static const char *const libraries[] = {"libssl.so.3", "libssl.so.1.1"};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library;
static char load_failure[256];

static void load(void) {
  // RTLD_LOCAL: the symbols are looked up in this handle only, never in the program, which defines the
  // same names (these forwarders) and would otherwise answer with itself.
  size_t used = 0;
  for (size_t index = 0; index < sizeof libraries / sizeof libraries[0] && library == NULL; index++) {
    library = dlopen(libraries[index], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL && used < sizeof load_failure) {
      const char *reason = dlerror();
      used += (size_t)snprintf(load_failure + used, sizeof load_failure - used, "%s%s", index > 0 ? "; " : "",
                               reason != NULL ? reason : libraries[index]);
    }
  }
}

int hollow_tls_load(char *reason, size_t capacity) {
  pthread_once(&load_once, load);
  if (library != NULL) return 1;
  if (reason != NULL && capacity > 0) snprintf(reason, capacity, "%s", load_failure);
  return 0;
}

// Resolves `name` in libssl or its libcrypto; aborts with a message if it is missing (a library older than
// 1.1.1), since the caller has no way to go on.
static void *resolve(const char *name) {
  pthread_once(&load_once, load);
  void *symbol = library != NULL ? dlsym(library, name) : NULL;
  if (symbol == NULL) {
    fprintf(stderr, "hollow: OpenSSL function %s is missing (%s)\n", name,
            library != NULL ? "the loaded libssl is older than 1.1.1" : load_failure);
    abort();
  }
  return symbol;
}

// A forwarder: resolves once (a racing second resolution stores the same pointer), then calls through.
#define FORWARD(result, name, parameters, arguments)                                        \
  result name parameters {                                                                  \
    static result(*volatile target) parameters;                                             \
    if (target == NULL) target = (result(*) parameters)resolve(#name);                      \
    return target arguments;                                                                \
  }
#define FORWARD_VOID(name, parameters, arguments)                                           \
  void name parameters {                                                                    \
    static void(*volatile target) parameters;                                               \
    if (target == NULL) target = (void(*) parameters)resolve(#name);                        \
    target arguments;                                                                       \
  }

// The client (HollowKit's TLSContext and TLSStream).
FORWARD(const SSL_METHOD *, TLS_client_method, (void), ())
FORWARD(SSL_CTX *, SSL_CTX_new, (const SSL_METHOD *method), (method))
FORWARD_VOID(SSL_CTX_free, (SSL_CTX *context), (context))
FORWARD(long, SSL_CTX_ctrl, (SSL_CTX *context, int command, long number, void *pointer),
        (context, command, number, pointer))
FORWARD_VOID(SSL_CTX_set_verify, (SSL_CTX *context, int mode, SSL_verify_cb callback), (context, mode, callback))
FORWARD(int, SSL_CTX_set_default_verify_paths, (SSL_CTX *context), (context))
FORWARD(X509_STORE *, SSL_CTX_get_cert_store, (const SSL_CTX *context), (context))
FORWARD(SSL *, SSL_new, (SSL_CTX *context), (context))
FORWARD_VOID(SSL_free, (SSL *ssl), (ssl))
FORWARD(long, SSL_ctrl, (SSL *ssl, int command, long number, void *pointer), (ssl, command, number, pointer))
FORWARD(int, SSL_set1_host, (SSL *ssl, const char *host), (ssl, host))
FORWARD(X509_VERIFY_PARAM *, SSL_get0_param, (SSL *ssl), (ssl))
FORWARD_VOID(SSL_set_bio, (SSL *ssl, BIO *read, BIO *write), (ssl, read, write))
FORWARD_VOID(SSL_set_connect_state, (SSL *ssl), (ssl))
FORWARD(int, SSL_do_handshake, (SSL *ssl), (ssl))
FORWARD(int, SSL_read, (SSL *ssl, void *buffer, int count), (ssl, buffer, count))
FORWARD(int, SSL_write, (SSL *ssl, const void *buffer, int count), (ssl, buffer, count))
FORWARD(int, SSL_get_error, (const SSL *ssl, int result), (ssl, result))
FORWARD(long, SSL_get_verify_result, (const SSL *ssl), (ssl))
FORWARD_VOID(X509_VERIFY_PARAM_set_hostflags, (X509_VERIFY_PARAM *parameters, unsigned int flags),
             (parameters, flags))
FORWARD(int, X509_VERIFY_PARAM_set1_ip_asc, (X509_VERIFY_PARAM *parameters, const char *address),
        (parameters, address))
FORWARD(int, X509_STORE_add_cert, (X509_STORE *store, X509 *certificate), (store, certificate))
FORWARD_VOID(X509_free, (X509 *certificate), (certificate))
FORWARD(const char *, X509_verify_cert_error_string, (long code), (code))
FORWARD(X509 *, PEM_read_bio_X509, (BIO *bio, X509 **into, pem_password_cb *callback, void *context),
        (bio, into, callback, context))
FORWARD(const BIO_METHOD *, BIO_s_mem, (void), ())
FORWARD(BIO *, BIO_new, (const BIO_METHOD *method), (method))
FORWARD(BIO *, BIO_new_mem_buf, (const void *buffer, int count), (buffer, count))
FORWARD(int, BIO_free, (BIO *bio), (bio))
FORWARD(int, BIO_read, (BIO *bio, void *buffer, int count), (bio, buffer, count))
FORWARD(int, BIO_write, (BIO *bio, const void *buffer, int count), (bio, buffer, count))
FORWARD(long, BIO_ctrl, (BIO *bio, int command, long number, void *pointer), (bio, command, number, pointer))
FORWARD(size_t, BIO_ctrl_pending, (BIO *bio), (bio))
FORWARD_VOID(ERR_clear_error, (void), ())
// TLS session resumption (HollowKit's ConnectionPool keeps one session per origin).
FORWARD(int, SSL_set_session, (SSL *ssl, SSL_SESSION *session), (ssl, session))
FORWARD(SSL_SESSION *, SSL_get1_session, (SSL *ssl), (ssl))
FORWARD_VOID(SSL_SESSION_free, (SSL_SESSION *session), (session))
FORWARD(int, SSL_SESSION_is_resumable, (const SSL_SESSION *session), (session))
FORWARD(int, SSL_session_reused, (const SSL *ssl), (ssl))
FORWARD(int, SSL_shutdown, (SSL *ssl), (ssl))

// The tests' TLS server (HollowKitTests' ServerStream), which the package's tests build on.
FORWARD(const SSL_METHOD *, TLS_server_method, (void), ())
FORWARD(int, SSL_CTX_use_certificate, (SSL_CTX *context, X509 *certificate), (context, certificate))
FORWARD(int, SSL_CTX_use_PrivateKey, (SSL_CTX *context, EVP_PKEY *key), (context, key))
FORWARD(EVP_PKEY *, PEM_read_bio_PrivateKey, (BIO *bio, EVP_PKEY **into, pem_password_cb *callback, void *context),
        (bio, into, callback, context))
FORWARD_VOID(EVP_PKEY_free, (EVP_PKEY *key), (key))
FORWARD(int, SSL_set_fd, (SSL *ssl, int descriptor), (ssl, descriptor))
FORWARD(int, SSL_accept, (SSL *ssl), (ssl))
FORWARD(int, SSL_pending, (const SSL *ssl), (ssl))

// The macros, as OpenSSL's headers define them.
int hollow_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
  return (int)SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, version, NULL);
}

int hollow_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
  return (int)SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)name);
}

void hollow_BIO_set_mem_eof_return(BIO *bio, int value) {
  (void)BIO_ctrl(bio, BIO_C_SET_BUF_MEM_EOF_RETURN, value, NULL);
}

size_t hollow_BIO_pending(BIO *bio) {
  return BIO_ctrl_pending(bio);
}
