/* test/link_unit.c - one translation unit of test/link.sh's programs: a
 * call site of each of the five operations, as function UNIT (given with
 * -DUNIT=unit7). Built as C or C++, with any flags; test/link_main.c checks
 * what it did. */
#include <stddef.h>
#include "fastmem.h"

#ifdef __cplusplus
extern "C" {
#endif
int UNIT(unsigned char *d, unsigned char *m, const unsigned char *s, size_t n, int c);
#ifdef __cplusplus
}
#endif

/* d, m: n + 1 + n bytes each; s: n bytes. Copies s to d, moves m up by one
   byte, sets the n bytes after d's copy to c; returns the compare's sign
   times 2 plus memeq. */
int UNIT(unsigned char *d, unsigned char *m, const unsigned char *s, size_t n, int c) {
  int r;
  fm_memcpy(d, s, n);
  fm_memmove(m + 1, m, n);
  fm_memset(d + n, c, n);
  r = fm_memcmp(m, s, n);
  return ((r > 0) - (r < 0)) * 2 + fm_memeq(d, s, n);
}
