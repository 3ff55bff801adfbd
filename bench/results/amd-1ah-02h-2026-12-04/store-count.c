/* store-count.c - what a 64-byte store costs AMD Zen 5 in a short copy:
 * copies of 257-512 bytes as fastmem's AVX-512 tier does them (four blocks
 * from each end: eight stores) against the fewest blocks that cover the
 * size (four from the start, then ceil((n - 256) / 64) from the end), with
 * dst at three offsets in its cache line. Times in TSC ticks per copy, the
 * least of 15 batches of 100000 copies of the same size.
 *
 *   gcc -O2 -mavx512f store-count.c -o store-count && taskset -c 0 ./store-count
 */
#include <immintrin.h>
#include <stdio.h>
#include <x86intrin.h>

static unsigned char dst_buf[1 << 16] __attribute__((aligned(4096)));
static unsigned char src_buf[1 << 16] __attribute__((aligned(4096)));

#define LD(p) _mm512_loadu_si512(p)
#define ST(p, v) _mm512_storeu_si512(p, v)
#define KEEP(x) __asm__ volatile("" : "+r"(x))

__attribute__((noinline)) static void four_each_end(unsigned char *d, const unsigned char *s,
                                                    size_t n, long iters) {
  for (long i = 0; i < iters; i++) {
    KEEP(d);
    KEEP(s);
    KEEP(n);
    __m512i h0 = LD(s), h1 = LD(s + 64), h2 = LD(s + 128), h3 = LD(s + 192);
    __m512i t0 = LD(s + n - 256), t1 = LD(s + n - 192), t2 = LD(s + n - 128), t3 = LD(s + n - 64);
    ST(d, h0), ST(d + 64, h1), ST(d + 128, h2), ST(d + 192, h3);
    ST(d + n - 256, t0), ST(d + n - 192, t1), ST(d + n - 128, t2), ST(d + n - 64, t3);
    __asm__ volatile("" ::: "memory");
  }
}

/* the tail's block count is a constant per size here (no branch in the
   loop): what the fewest stores cost, without the size test */
#define FEWEST(k)                                                                                  \
  __attribute__((noinline)) static void fewest_##k(unsigned char *d, const unsigned char *s,      \
                                                   size_t n, long iters) {                        \
    for (long i = 0; i < iters; i++) {                                                             \
      KEEP(d);                                                                                     \
      KEEP(s);                                                                                     \
      KEEP(n);                                                                                     \
      const unsigned char *st = s + n - 64 * k;                                                    \
      unsigned char *dt = d + n - 64 * k;                                                          \
      __m512i h0 = LD(s), h1 = LD(s + 64), h2 = LD(s + 128), h3 = LD(s + 192);                     \
      __m512i t0 = LD(st), t1 = t0, t2 = t0, t3 = t0;                                              \
      if (k >= 2) t1 = LD(st + 64);                                                                \
      if (k >= 3) t2 = LD(st + 128);                                                               \
      if (k >= 4) t3 = LD(st + 192);                                                               \
      ST(d, h0), ST(d + 64, h1), ST(d + 128, h2), ST(d + 192, h3);                                 \
      ST(dt, t0);                                                                                  \
      if (k >= 2) ST(dt + 64, t1);                                                                 \
      if (k >= 3) ST(dt + 128, t2);                                                                \
      if (k >= 4) ST(dt + 192, t3);                                                                \
      __asm__ volatile("" ::: "memory");                                                           \
    }                                                                                              \
  }
FEWEST(1)
FEWEST(2)
FEWEST(3)
FEWEST(4)

typedef void copy_fn(unsigned char *, const unsigned char *, size_t, long);

static double ticks(copy_fn *f, unsigned char *d, const unsigned char *s, size_t n) {
  double best = 1e30;
  for (int r = 0; r < 15; r++) {
    unsigned long long t0 = __rdtsc();
    f(d, s, n, 100000);
    double t = (double)(__rdtsc() - t0) / 1e5;
    if (t < best) best = t;
  }
  return best;
}

int main(void) {
  static const size_t sizes[] = {260, 300, 320, 384, 448, 512};
  static copy_fn *const fewest[4] = {fewest_1, fewest_2, fewest_3, fewest_4};
  static const int offsets[] = {0, 14, 32};
  ticks(four_each_end, dst_buf + 2048, src_buf, 512); /* warm up, clock up */
  printf("%5s %7s %7s | %14s %14s %6s\n", "size", "dst%64", "src%64", "4+4 stores", "fewest", "ratio");
  for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
    for (int so = 0; so <= 3; so += 3)
      for (unsigned o = 0; o < 3; o++) {
        size_t n = sizes[z], k = (n - 256 + 63) / 64;
        unsigned char *d = dst_buf + 2048 + offsets[o];
        const unsigned char *s = src_buf + so;
        double a = ticks(four_each_end, d, s, n), b = ticks(fewest[k - 1], d, s, n);
        printf("%5zu %7d %7d | %5.2f (8 st) %5.2f (%zu st) %6.2f\n", n, offsets[o], so, a, b, 4 + k,
               a / b);
      }
  return 0;
}
