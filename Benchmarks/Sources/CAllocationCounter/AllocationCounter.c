#include "CAllocationCounter.h"
#if defined(__linux__)
#include <malloc.h>
#endif

size_t allocation_counter_bytes_in_use(void) {
#if defined(__GLIBC__)
  struct mallinfo2 info = mallinfo2();
  // Large blocks are mmapped and counted in hblkhd, not uordblks: count both.
  return info.uordblks + info.hblkhd;
#else
  return 0;
#endif
}

#if defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>

// The benchmark executable defines the allocator's entry points, so the dynamic linker binds every
// library's calls (Swift's runtime included) to these; each counts, then calls glibc's own.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic unsigned long long allocations;

static inline void count_one(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  if (pointer == NULL) count_one();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

unsigned long long allocation_counter_allocations(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}
#else
unsigned long long allocation_counter_allocations(void) { return 0; }
#endif
