/* The masked short paths (x86-64, a CPU plan's choice) leave zmm16 all zero
 * after a set, copy or compare: a zmm register with upper bits set can slow
 * the vector code that follows on some Intel cores, and vzeroupper does not
 * reach zmm16. Built with clang (which inlines the masks on any target) and
 * gcc for an AVX-512 target, with FASTMEM_ALL_STRATEGIES; where the CPU has
 * no AVX-512, nothing to check. */
#define FASTMEM_ALL_STRATEGIES
#include <stdio.h>
#include <string.h>
#include "fastmem.h"

static unsigned char a[64], b[64];


/* zmm16 is read right after the call: nothing in between uses it (this file
   targets no AVX-512, so the compiler never allocates it). */
static int zmm16_is_zero(void) {
  unsigned char z[64];
  int i, nz = 0;
  __asm__ volatile("vmovdqu64 %%zmm16, %0" : "=m"(z) : : "memory");
  for (i = 0; i < 64; i++) nz |= z[i];
  return nz == 0;
}
/* puts data in zmm16, so that a path that skips the clear is seen (gcc
   names zmm16 as clobbered only in a function that targets AVX-512) */
__attribute__((noinline, target("avx512f"))) static void zmm16_dirty(void) {
  __asm__ volatile("vpternlogd $0xff, %%zmm16, %%zmm16, %%zmm16" ::: "xmm16", "memory");
}

int main(void) {
  volatile size_t sizes[] = {1, 20, 32, 48, 64};
  int fails = 0, k;
#ifndef FASTMEM__X86_MASKS
  printf("zmm16_clear: this build has no masked paths\n");
  return 1;
#endif
  if (!(fm_cpu_features() & FM_CPU_AVX512)) {
    printf("zmm16_clear: no masked paths on this CPU (no AVX-512): nothing to check\n");
    return 0;
  }
  memset(a, 1, sizeof a);
  memset(b, 1, sizeof b);
  for (k = 0; k < 5; k++) {
    size_t n = sizes[k];
    zmm16_dirty();
    fm_memset(a, 0x5a, n);
    if (!zmm16_is_zero()) printf("FAIL: zmm16 set after fm_memset n=%zu\n", n), fails++;
    zmm16_dirty();
    fm_memcpy(b, a, n);
    if (n <= 32 && !zmm16_is_zero())
      printf("FAIL: zmm16 set after fm_memcpy n=%zu\n", n), fails++;
    zmm16_dirty();
    if (fm_memcmp(a, b, n) != 0) printf("FAIL: memcmp n=%zu\n", n), fails++;
    if (!zmm16_is_zero()) printf("FAIL: zmm16 set after fm_memcmp n=%zu\n", n), fails++;
    zmm16_dirty();
    if (!fm_memeq(a, b, n)) printf("FAIL: memeq n=%zu\n", n), fails++;
    if (!zmm16_is_zero()) printf("FAIL: zmm16 set after fm_memeq n=%zu\n", n), fails++;
  }
  printf("zmm16_clear: %d failures\n", fails);
  return fails != 0;
}
