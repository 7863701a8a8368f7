// The system's OpenSSL (libssl-dev 3.x, or 1.1.1), for the tests' loopback TLS server (HollowKitTests'
// ServerStream). The package itself declares what it calls in CHollowTLS and needs no OpenSSL headers.
#ifndef HOLLOW_COPENSSL_SHIM_H
#define HOLLOW_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#endif
