/* callsite-load.c - what one load at a copy's call site costs, by the kind
 * of load (twentieth session, AMD family 1Ah model 02h).
 *
 *   gcc -O2 -march=x86-64-v4 -mno-vzeroupper callsite-load.c -o cl
 *   taskset -c 0 ./cl SIZE SRC%64 DST%64
 *
 * Every variant copies SIZE bytes from src to dst (1 MiB + 2048 bytes apart,
 * plus the offsets) over and over. The copy is one fixed AVX-512 routine
 * (a 64-byte head, 512-byte steps, then 128-byte steps and the last block),
 * either inlined into the loop or called; before a call, a variant reads a
 * word of memory as fastmem's call site reads its probe state:
 *   int+call     an integer load, tested, a branch, then the call (fastmem)
 *   vec+call     the word loaded into a vector register, added up there
 *   ucomiss+call the word read as a float by ucomiss, a branch on its flags
 *   call         no load: the call alone
 *   inline       no load, no call
 * Prints the median ns per copy of 21 interleaved batches. */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

typedef unsigned char u8;
#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
#define LOOP(...)                                                                                  \
  for (long i = 0; i < it; i++) {                                                                  \
    OPAQUE(d);                                                                                     \
    OPAQUE(s);                                                                                     \
    OPAQUE(n);                                                                                     \
    { __VA_ARGS__; }                                                                               \
    __asm__ volatile("" ::: "memory");                                                             \
  }
#define LD(p) _mm512_loadu_si512((const void *)(p))
#define ST(p, v) _mm512_storeu_si512((void *)(p), v)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

volatile unsigned state = 4;
volatile float key = 3.0f;
static __m128i vsink;

/* n > 64 */
static inline __attribute__((always_inline)) void copy(u8 *d, const u8 *s, size_t n) {
  size_t o = (uintptr_t)d & 63;
  if (o) {
    o = 64 - o;
    n -= o;
    ST(d, LD(s));
    s += o;
    d += o;
  }
  while (n >= 512) {
    __m512i a0 = LD(s), a1 = LD(s + 64), a2 = LD(s + 128), a3 = LD(s + 192), a4 = LD(s + 256),
            a5 = LD(s + 320), a6 = LD(s + 384), a7 = LD(s + 448);
    n -= 512;
    s += 512;
    ST(d, a0), ST(d + 64, a1), ST(d + 128, a2), ST(d + 192, a3);
    ST(d + 256, a4), ST(d + 320, a5), ST(d + 384, a6), ST(d + 448, a7);
    d += 512;
  }
  while (n >= 128) {
    __m512i a0 = LD(s), a1 = LD(s + 64);
    n -= 128;
    s += 128;
    ST(d, a0), ST(d + 64, a1);
    d += 128;
  }
  if (n > 64) ST(d, LD(s));
  if (n) ST(d - 64 + n, LD(s - 64 + n));
}
__attribute__((noinline)) void copy_call(u8 *d, const u8 *s, size_t n) { copy(d, s, n); }

__attribute__((noinline)) void v_int(u8 *d, const u8 *s, long n, long it) {
  LOOP(if (state & 4) copy_call(d, s, n); else __builtin_trap())
}
__attribute__((noinline)) void v_vec(u8 *d, const u8 *s, long n, long it) {
  __m128i a = _mm_setzero_si128();
  LOOP(__m128i v; __asm__ volatile("vmovd %1, %0"
                                   : "=x"(v)
                                   : "m"(state));
       a = _mm_add_epi32(a, v); copy_call(d, s, n))
  vsink = a;
}
__attribute__((noinline)) void v_ucomiss(u8 *d, const u8 *s, long n, long it) {
  LOOP(int eq; __m128 k = _mm_set_ss(3.0f); __asm__ volatile("ucomiss %1, %2"
                                                             : "=@ccz"(eq)
                                                             : "m"(key), "x"(k));
       if (eq) copy_call(d, s, n); else __builtin_trap())
}
__attribute__((noinline)) void v_call(u8 *d, const u8 *s, long n, long it) {
  LOOP(copy_call(d, s, n))
}
__attribute__((noinline)) void v_inline(u8 *d, const u8 *s, long n, long it) { LOOP(copy(d, s, n)) }

typedef void (*fn)(u8 *, const u8 *, long, long);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096, so = argc > 2 ? atol(argv[2]) : 0,
       dof = argc > 3 ? atol(argv[3]) : 14;
  u8 *b = mmap(0, 64 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  u8 *s, *d;
  fn f[] = {v_int, v_vec, v_ucomiss, v_call, v_inline};
  const char *name[] = {"int+call", "vec+call", "ucomiss+call", "call", "inline"};
  enum { R = 21, K = 5 };
  double t[K][R];
  long it = n < 1024 ? 200000 : 100000000 / n;
  if (b == MAP_FAILED || n <= 64 || n > (1 << 20)) return 2;
  memset(b, 1, 64 << 20);
  s = b + (16 << 20) + so;
  d = b + (16 << 20) + (1 << 20) + 2048 + dof;
  for (int k = 0; k < K; k++) f[k](d, s, n, it);
  for (int r = 0; r < R; r++)
    for (int k = 0; k < K; k++) {
      int q = (k + r) % K;
      double t0 = now();
      f[q](d, s, n, it);
      t[q][r] = (now() - t0) / it;
    }
  printf("n=%5ld src%%64=%2ld dst%%64=%2ld:", n, so, dof);
  for (int k = 0; k < K; k++) {
    for (int i = 0; i < R; i++)
      for (int j = i + 1; j < R; j++)
        if (t[k][j] < t[k][i]) {
          double x = t[k][i];
          t[k][i] = t[k][j];
          t[k][j] = x;
        }
    printf("  %s %.2f", name[k], t[k][R / 2]);
  }
  printf("\n");
  if (memcmp(d, s, n)) return printf("copy wrong\n"), 1;
  return 0;
}
