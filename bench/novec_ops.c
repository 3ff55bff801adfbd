/* bench/novec_ops.c - fastmem built as a kernel-style program builds it (no
 * vector registers: -mgeneral-regs-only or -mno-sse), for bench/plan.c
 * --novec, which does the timing arithmetic (built apart, with the usual
 * flags; bench/tune.sh gives this object its own probe state). */
#include "fastmem.h"

void novec_copy(unsigned char *d, const unsigned char *s, size_t n) { fm_memcpy(d, s, n); }
void novec_set(unsigned char *d, int c, size_t n) { fm_memset(d, c, n); }
unsigned novec_features(void) { return fm_cpu_features(); }
void novec_limit(unsigned mask) { fm_cpu_limit(mask); }
const char *novec_path(void) { return fm_path_name(); }

/* The string instructions as fastmem runs them: the first 64 bytes in words,
   then from a 64-aligned destination. */
void novec_movsb(unsigned char *d, const unsigned char *s, size_t n) {
  size_t skip = 64 - ((size_t)d & 63);
  fm_memcpy(d, s, 64);
  d += skip, s += skip, n -= skip;
  __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}
void novec_stosb(unsigned char *d, int c, size_t n) {
  size_t skip = 64 - ((size_t)d & 63);
  fm_memset(d, c, 64);
  d += skip, n -= skip;
  __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
}
