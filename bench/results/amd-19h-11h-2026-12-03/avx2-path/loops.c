/* The timed loops, one per way into the AVX2 tier's copy: fm_memcpy (the
   call site, the call, the tier), the tier's size classes and direction
   tests inlined (fm__x86_move_w), and its forward loop alone
   (fm__copy_fwd_32). Built with the AVX2 target, against the headers given
   with -I. */
#include "fastmem.h"
#define LOOP(name, CALL)                                                                           \
  void name(unsigned char *d, const unsigned char *s, size_t n, long it) {                        \
    long i;                                                                                        \
    for (i = 0; i < it; i++) {                                                                     \
      size_t m = n;                                                                                \
      __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));                                            \
      CALL;                                                                                        \
      __asm__ volatile("" ::: "memory");                                                           \
    }                                                                                              \
  }
LOOP(via_call, fm_memcpy(d, s, m))
__attribute__((target("avx,avx2"))) LOOP(via_tests, fm__x86_move_w(d, s, m, 32, 0))
__attribute__((target("avx,avx2"))) LOOP(via_loop, fm__copy_fwd_32(d, s, m))
void limit(unsigned mask) { fm_cpu_limit(mask); }
