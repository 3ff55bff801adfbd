/* page-boundary-ops.c - one store or load a call, at offsets around a 4 KiB
 * boundary B: a 64-byte store, two 32-byte stores, a byte-masked 64-byte
 * store that writes 40 of its 64 bytes, a 64-byte load. TSC ticks per
 * operation, the least of 15 batches of 100000.
 *
 *   gcc -O2 -mavx512f -mavx512bw page-boundary-ops.c -o page-boundary-ops
 */
#include <immintrin.h>
#include <stdio.h>
#include <x86intrin.h>

static unsigned char buf[1 << 16] __attribute__((aligned(4096)));
#define KEEP(x) __asm__ volatile("" : "+r"(x))
typedef void op_loop(unsigned char *, long);

__attribute__((noinline)) static void store64(unsigned char *p, long iters) {
  __m512i v = _mm512_set1_epi8(7);
  for (long i = 0; i < iters; i++) {
    KEEP(p);
    _mm512_storeu_si512(p, v);
    __asm__ volatile("" ::: "memory");
  }
}
__attribute__((noinline)) static void store32x2(unsigned char *p, long iters) {
  __m256i v = _mm256_set1_epi8(7);
  for (long i = 0; i < iters; i++) {
    KEEP(p);
    _mm256_storeu_si256((void *)p, v);
    _mm256_storeu_si256((void *)(p + 32), v);
    __asm__ volatile("" ::: "memory");
  }
}
__attribute__((noinline)) static void store_masked40(unsigned char *p, long iters) {
  __m512i v = _mm512_set1_epi8(7);
  __mmask64 m = (1ull << 40) - 1;
  for (long i = 0; i < iters; i++) {
    KEEP(p);
    _mm512_mask_storeu_epi8(p, m, v);
    __asm__ volatile("" ::: "memory");
  }
}
__attribute__((noinline)) static void load64(unsigned char *p, long iters) {
  for (long i = 0; i < iters; i++) {
    KEEP(p);
    __m512i v = _mm512_loadu_si512(p);
    __asm__ volatile("" ::"v"(v));
  }
}
static double ticks(op_loop *f, unsigned char *p) {
  double best = 1e30;
  for (int r = 0; r < 15; r++) {
    unsigned long long t0 = __rdtsc();
    f(p, 100000);
    double t = (double)(__rdtsc() - t0) / 1e5;
    if (t < best) best = t;
  }
  return best;
}

int main(void) {
  static const struct {
    const char *name;
    op_loop *f;
  } ops[] = {{"64-byte store", store64},
             {"two 32-byte stores", store32x2},
             {"masked store, 40 of 64 bytes", store_masked40},
             {"64-byte load", load64}};
  static const int offsets[] = {-1024, -64, -60, -32, -20, -1, 0};
  unsigned char *boundary = buf + 8192;
  for (unsigned k = 0; k < 4; k++) {
    printf("%-29s", ops[k].name);
    for (unsigned o = 0; o < 7; o++)
      printf("  B%+d: %5.2f", offsets[o], ticks(ops[k].f, boundary + offsets[o]));
    printf("\n");
  }
  return 0;
}
