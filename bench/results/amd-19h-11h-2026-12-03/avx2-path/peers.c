/* DPDK's rte_memcpy, inlined into the same loop (built for x86-64-v3, its
   AVX2 code), and the C library's memcpy through a pointer. */
#include <string.h>
#include <rte_memcpy.h>
void via_dpdk(unsigned char *d, const unsigned char *s, size_t n, long it) {
  long i;
  for (i = 0; i < it; i++) {
    size_t m = n;
    __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));
    rte_memcpy(d, s, m);
    __asm__ volatile("" ::: "memory");
  }
}
static void *(*volatile libc_memcpy)(void *, const void *, size_t) = memcpy;
void via_libc(unsigned char *d, const unsigned char *s, size_t n, long it) {
  long i;
  for (i = 0; i < it; i++) {
    size_t m = n;
    __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));
    libc_memcpy(d, s, m);
    __asm__ volatile("" ::: "memory");
  }
}
