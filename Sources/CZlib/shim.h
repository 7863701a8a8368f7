// The system zlib (inflate and crc32), for hollow-cli's PNG decoder.
#include <zlib.h>
