#include <rte_memcpy.h>
void dp_loop(unsigned char *d, const unsigned char *s, size_t n, long it) {
  for (long i = 0; i < it; i++) { size_t m = n; __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s)); rte_memcpy(d, s, m); __asm__ volatile("" ::: "memory"); }
}
