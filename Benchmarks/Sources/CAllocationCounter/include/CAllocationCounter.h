#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H
#include <stddef.h>

/// Bytes currently allocated by malloc, heap and mmapped blocks (glibc mallinfo2); 0 where unavailable.
size_t allocation_counter_bytes_in_use(void);

/// Heap allocations made so far by the whole process (malloc, calloc, realloc of NULL, the aligned
/// allocators), counted by this target's wrappers of glibc's allocator; 0 where unavailable.
unsigned long long allocation_counter_allocations(void);

#endif
