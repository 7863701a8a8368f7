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
