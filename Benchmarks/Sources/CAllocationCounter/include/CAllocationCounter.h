#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H
#include <stddef.h>

/// Bytes currently allocated by malloc, heap and mmapped blocks (glibc mallinfo2); 0 where unavailable.
size_t allocation_counter_bytes_in_use(void);

#endif
