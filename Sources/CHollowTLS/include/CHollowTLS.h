// Loads the system's OpenSSL on first use instead of at every start of the program.
#ifndef HOLLOW_CHOLLOWTLS_H
#define HOLLOW_CHOLLOWTLS_H

#include <stddef.h>

/// Loads libssl (and with it libcrypto) once, on the first call; later calls answer the same. Answers 1 when
/// OpenSSL is there; otherwise 0, with the loader's reason in `reason` (at most `capacity` bytes, ended by 0).
/// Every OpenSSL function this package calls goes through it: call it before any of them.
int hollow_tls_load(char *reason, size_t capacity);

#endif
