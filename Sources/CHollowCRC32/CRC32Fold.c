#include "CHollowCRC32.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int hollow_crc32_fold_level(void) {
  unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  // PCLMULQDQ (bit 1) for the multiplies, SSE4.1 (bit 19) for the final extract.
  if ((ecx & (1u << 1)) == 0 || (ecx & (1u << 19)) == 0) return 0;
  // The 256-bit path needs AVX (bit 28) with the system saving the YMM registers (OSXSAVE, bit 27, and
  // XCR0 bits 1-2), then AVX2 and VPCLMULQDQ from leaf 7.
  if ((ecx & (1u << 27)) == 0 || (ecx & (1u << 28)) == 0) return 1;
  unsigned int xcr0_low = 0, xcr0_high = 0;
  __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  if ((xcr0_low & 6u) != 6u) return 1;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 1;
  return (ebx & (1u << 5)) != 0 && (ecx & (1u << 10)) != 0 ? 2 : 1;
}

// Folding constants for the reflected polynomial 0x104C11DB7, after Gopal et al., "Fast CRC Computation for
// Generic Polynomials Using PCLMULQDQ Instruction" (Intel, 2009). Each k is x^n mod P, bit-reflected and
// shifted left by one; the tests check the result against the table-driven CRC at every length.
static const uint64_t fold_by_8[2] = {0x1e88ef372ULL /* x^(8*128+32) */, 0x14a7fe880ULL /* x^(8*128-32) */};
static const uint64_t fold_by_4[2] = {0x154442bd4ULL /* x^(4*128+32) */, 0x1c6e41596ULL /* x^(4*128-32) */};
static const uint64_t fold_by_1[2] = {0x1751997d0ULL /* x^(128+32) */, 0x0ccaa009eULL /* x^(128-32) */};
static const uint64_t fold_64[2] = {0x163cd6124ULL /* x^64 */, 0};
// Barrett reduction: P itself and mu = floor(x^64 / P), both reflected.
static const uint64_t barrett[2] = {0x1db710641ULL, 0x1f7011641ULL};

/// `accumulator` carried `constants`' distance forward, plus `next`.
__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i accumulator, __m128i constants, __m128i next) {
  __m128i low = _mm_clmulepi64_si128(accumulator, constants, 0x00);
  __m128i high = _mm_clmulepi64_si128(accumulator, constants, 0x11);
  return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

/// Folds the remaining 16-byte blocks into `value`, then reduces it to the 32-bit register.
__attribute__((target("pclmul,sse4.1")))
static inline uint32_t finish(__m128i value, const uint8_t *bytes, size_t count) {
  __m128i constants = _mm_loadu_si128((const __m128i *)fold_by_1);
  while (count >= 16) {
    value = fold(value, constants, _mm_loadu_si128((const __m128i *)bytes));
    bytes += 16;
    count -= 16;
  }

  // 128 bits to 96, then to 64.
  const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
  __m128i product = _mm_clmulepi64_si128(value, constants, 0x10);
  value = _mm_xor_si128(_mm_srli_si128(value, 8), product);
  __m128i upper = _mm_srli_si128(value, 4);
  value = _mm_clmulepi64_si128(_mm_and_si128(value, low32), _mm_loadl_epi64((const __m128i *)fold_64), 0x00);
  value = _mm_xor_si128(value, upper);

  // Barrett reduction to the 32-bit remainder.
  constants = _mm_loadu_si128((const __m128i *)barrett);
  __m128i quotient = _mm_clmulepi64_si128(_mm_and_si128(value, low32), constants, 0x10);
  product = _mm_clmulepi64_si128(_mm_and_si128(quotient, low32), constants, 0x00);
  value = _mm_xor_si128(value, product);
  return (uint32_t)_mm_extract_epi32(value, 1);
}

/// Four independent 128-bit lanes hide the multiply latency; each step moves them 64 bytes forward.
__attribute__((target("pclmul,sse4.1")))
static uint32_t fold_narrow(uint32_t state, const uint8_t *bytes, size_t count) {
  __m128i lane0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)bytes), _mm_cvtsi32_si128((int)state));
  __m128i lane1 = _mm_loadu_si128((const __m128i *)(bytes + 16));
  __m128i lane2 = _mm_loadu_si128((const __m128i *)(bytes + 32));
  __m128i lane3 = _mm_loadu_si128((const __m128i *)(bytes + 48));
  bytes += 64;
  count -= 64;
  const __m128i constants = _mm_loadu_si128((const __m128i *)fold_by_4);
  for (; count >= 64; bytes += 64, count -= 64) {
    lane0 = fold(lane0, constants, _mm_loadu_si128((const __m128i *)bytes));
    lane1 = fold(lane1, constants, _mm_loadu_si128((const __m128i *)(bytes + 16)));
    lane2 = fold(lane2, constants, _mm_loadu_si128((const __m128i *)(bytes + 32)));
    lane3 = fold(lane3, constants, _mm_loadu_si128((const __m128i *)(bytes + 48)));
  }
  const __m128i one = _mm_loadu_si128((const __m128i *)fold_by_1);
  __m128i value = fold(lane0, one, lane1);
  value = fold(value, one, lane2);
  value = fold(value, one, lane3);
  return finish(value, bytes, count);
}

/// Eight 128-bit lanes in four 256-bit registers, 128 bytes per step: twice the bytes per multiply
/// instruction of the narrow path, whose speed the multiplies' throughput bounds.
__attribute__((target("avx2,vpclmulqdq,pclmul,sse4.1")))
static uint32_t fold_wide(uint32_t state, const uint8_t *bytes, size_t count) {
  const __m256i seed = _mm256_inserti128_si256(_mm256_setzero_si256(), _mm_cvtsi32_si128((int)state), 0);
  __m256i lane0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)bytes), seed);
  __m256i lane1 = _mm256_loadu_si256((const __m256i *)(bytes + 32));
  __m256i lane2 = _mm256_loadu_si256((const __m256i *)(bytes + 64));
  __m256i lane3 = _mm256_loadu_si256((const __m256i *)(bytes + 96));
  bytes += 128;
  count -= 128;
  const __m256i constants = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)fold_by_8));
#define HOLLOW_FOLD_WIDE(lane, offset)                                                                        \
  lane = _mm256_xor_si256(                                                                                    \
    _mm256_xor_si256(_mm256_clmulepi64_epi128(lane, constants, 0x00), _mm256_clmulepi64_epi128(lane, constants, 0x11)), \
    _mm256_loadu_si256((const __m256i *)(bytes + offset)))
  for (; count >= 128; bytes += 128, count -= 128) {
    HOLLOW_FOLD_WIDE(lane0, 0);
    HOLLOW_FOLD_WIDE(lane1, 32);
    HOLLOW_FOLD_WIDE(lane2, 64);
    HOLLOW_FOLD_WIDE(lane3, 96);
  }
#undef HOLLOW_FOLD_WIDE
  // The eight lanes in byte order, folded one 128-bit step at a time.
  const __m128i one = _mm_loadu_si128((const __m128i *)fold_by_1);
  __m128i value = fold(_mm256_castsi256_si128(lane0), one, _mm256_extracti128_si256(lane0, 1));
  value = fold(value, one, _mm256_castsi256_si128(lane1));
  value = fold(value, one, _mm256_extracti128_si256(lane1, 1));
  value = fold(value, one, _mm256_castsi256_si128(lane2));
  value = fold(value, one, _mm256_extracti128_si256(lane2, 1));
  value = fold(value, one, _mm256_castsi256_si128(lane3));
  value = fold(value, one, _mm256_extracti128_si256(lane3, 1));
  return finish(value, bytes, count);
}

uint32_t hollow_crc32_fold(int level, uint32_t state, const uint8_t *bytes, size_t count) {
  // Below 256 bytes the wide path's setup and eight-lane reduction outweigh its faster steps.
  if (level >= 2 && count >= 256) return fold_wide(state, bytes, count);
  return fold_narrow(state, bytes, count);
}

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>
#include <string.h>

// Every ARMv8.1 processor (all Apple silicon) has the CRC-32 instructions; the compiler only defines
// __ARM_FEATURE_CRC32 when the target guarantees them.
int hollow_crc32_fold_level(void) { return 1; }

uint32_t hollow_crc32_fold(int level, uint32_t state, const uint8_t *bytes, size_t count) {
  (void)level;
  for (; count >= 8; bytes += 8, count -= 8) {
    uint64_t word;
    memcpy(&word, bytes, sizeof word);
    state = __crc32d(state, word);
  }
  return state;
}

#else

int hollow_crc32_fold_level(void) { return 0; }

uint32_t hollow_crc32_fold(int level, uint32_t state, const uint8_t *bytes, size_t count) {
  (void)level;
  (void)bytes;
  (void)count;
  return state;
}

#endif
