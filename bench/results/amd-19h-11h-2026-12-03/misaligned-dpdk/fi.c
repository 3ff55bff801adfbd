/* fastmem's AVX-512 tier inlined into the loop (no call site, no call):
   its size classes and tests, fm__x86_move_w with 64-byte blocks. */
#include "fastmem.h"
__attribute__((target("avx,avx2,avx512f,avx512bw,avx512vl"))) void
fi_loop(unsigned char *d, const unsigned char *s, size_t n, long it) {
  for (long i = 0; i < it; i++) {
    size_t m = n;
    __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));
    fm__x86_move_w(d, s, m, 64, 0);
    __asm__ volatile("" ::: "memory");
  }
}
