/* tail-stores.c - the last part of a set of 257..512 bytes (the 64-byte
   tier's fm__set_4r: four blocks from the head, then the rest r = n - 256
   from the tail) in three forms, min ns per call of 11 passes over a table:
     four     four blocks ending at n, whatever r (FM_CPU_TAILS off)
     fewest   the fewest blocks that cover r, picked by branches on r
              (FM_CPU_TAILS on)
     masked   four stores ending at n, those past r with an all-zero byte
              mask: no branch; asks whether a store whose mask is zero
              costs less than a plain one.
   From the repository's top directory:
     gcc -O2 bench/results/amd-19h-11h-2026-12-03/tail-stores.c -o /tmp/tails
     taskset -c 0 /tmp/tails r        (sizes uniform in 257..512)
     taskset -c 0 /tmp/tails 300      (one size; any 257..512)
   Destinations at random offsets (any alignment) in an 8 KiB window. */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TIER __attribute__((target("avx512f,avx512bw"), noinline))
#define NCALLS 32768

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

TIER static void head4(char *d, __m512i v) {
  _mm512_storeu_si512(d, v);
  _mm512_storeu_si512(d + 64, v);
  _mm512_storeu_si512(d + 128, v);
  _mm512_storeu_si512(d + 192, v);
}
TIER static void set_four(char *d, int c, size_t n) {
  __m512i v = _mm512_set1_epi8((char)c);
  head4(d, v);
  head4(d + n - 256, v);
}
/* the first four blocks and the last one, which every form stores */
TIER static void head4_last(char *d, size_t n, __m512i v) {
  head4(d, v);
  _mm512_storeu_si512(d + n - 64, v);
}
TIER static void set_fewest(char *d, int c, size_t n) {
  __m512i v = _mm512_set1_epi8((char)c);
  char *e = d + n;
  size_t r = n - 256;
  head4_last(d, n, v);
  if (r > 64) {
    _mm512_storeu_si512(e - 128, v);
    if (r > 128) {
      _mm512_storeu_si512(e - 192, v);
      if (r > 192) _mm512_storeu_si512(e - 256, v);
    }
  }
}
TIER static void set_masked(char *d, int c, size_t n) {
  __m512i v = _mm512_set1_epi8((char)c);
  char *e = d + n;
  size_t r = n - 256;
  head4_last(d, n, v);
  _mm512_mask_storeu_epi8(e - 128, -(__mmask64)(r > 64), v);
  _mm512_mask_storeu_epi8(e - 192, -(__mmask64)(r > 128), v);
  _mm512_mask_storeu_epi8(e - 256, -(__mmask64)(r > 192), v);
}

typedef void (*set_fn)(char *, int, size_t);

int main(int argc, char **argv) {
  static char buf[8192 + 512] __attribute__((aligned(64)));
  static unsigned size[NCALLS], off[NCALLS];
  static const set_fn fns[] = {set_four, set_fewest, set_masked};
  static const char *const names[] = {"four", "fewest", "masked"};
  double best[3] = {1e30, 1e30, 1e30};
  int random = argc > 1 && argv[1][0] == 'r', pass, k, j, i;
  size_t fixed = argc > 1 && !random ? strtoul(argv[1], NULL, 0) : 300;
  if (!random && (fixed < 257 || fixed > 512)) {
    fprintf(stderr, "size: 257..512, or r for random sizes\n");
    return 2;
  }
  srand(1);
  for (i = 0; i < NCALLS; i++) {
    size[i] = random ? 257 + (unsigned)(rand() % 256) : (unsigned)fixed;
    off[i] = (unsigned)(rand() % 8192);
  }
  for (pass = 0; pass < 11; pass++)
    for (k = 0; k < 3; k++) {
      set_fn volatile f = fns[k];
      double t0 = now_ns(), t;
      for (j = 0; j < 4; j++)
        for (i = 0; i < NCALLS; i++) f(buf + off[i], 1, size[i]);
      t = (now_ns() - t0) / (4.0 * NCALLS);
      if (t < best[k]) best[k] = t;
    }
  for (k = 0; k < 3; k++) printf("%-8s %.2f ns\n", names[k], best[k]);
  return 0;
}
