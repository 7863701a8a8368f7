// Carry-less-multiply folding for CRC-32 (IEEE 802.3, reflected), used by HollowCache's CRC32 when the
// processor has the instructions. Plain C with compiler intrinsics: no library, no dependency.
#ifndef CHOLLOW_CRC32_H
#define CHOLLOW_CRC32_H

#include <stddef.h>
#include <stdint.h>

/// How this processor can fold: 0 not at all, 1 with 128-bit carry-less multiplies (x86 PCLMULQDQ, or
/// the ARMv8 CRC-32 instructions), 2 with 256-bit ones as well (x86 VPCLMULQDQ with AVX2). Asks the
/// processor each time (cpuid traps to the hypervisor in a virtual machine): callers cache the answer.
int hollow_crc32_fold_level(void);

/// Advances the raw CRC-32 register `state` (not inverted) over `count` bytes at `bytes`, using the
/// instructions of `level`, which must not exceed `hollow_crc32_fold_level()` and must be at least 1.
/// `count` must be at least 64 and a multiple of 16.
uint32_t hollow_crc32_fold(int level, uint32_t state, const uint8_t *bytes, size_t count);

#endif
