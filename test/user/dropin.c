/* Drop-in mode test: this file calls memcpy, memmove, memset and memcmp by
 * their C names with FASTMEM_REPLACE_LIBC, and checks that
 *   - every result is right (against byte-at-a-time references),
 *   - none of the calls reached the C library (libc_count.c counts those),
 *   - &memcpy and (memcpy)(...) still are the C library's function,
 *   - arguments are evaluated once, compound literals work as arguments,
 *   - under _FORTIFY_SOURCE, an overflow of a known-size buffer aborts
 *     (run with the argument "overflow": the process must die).
 * How fastmem.h comes in (build flags):
 *   default               #define FASTMEM_REPLACE_LIBC, #include "fastmem.h", then <string.h>
 *   -DSTRING_H_FIRST      <string.h> first, then fastmem.h
 *   -DCMDLINE             nothing here: the build line brings fastmem, with
 *                         -Idropin (fastmem where <string.h> is included) or
 *                         -include fastmem.h -DFASTMEM_REPLACE_LIBC
 *   -DAPI_FIRST           with -Idropin: #include "fastmem.h" for its API
 *                         first, drop-in mode comes later with <string.h>
 *   -DCALLS_ONLY          leave out the deliberate libc uses (for the nm -u check)
 * Prints "N passed, M failed". */
#ifdef STRING_H_FIRST
#include <string.h>
#endif
#ifdef API_FIRST
#include "fastmem.h"
#elif !defined(CMDLINE)
#define FASTMEM_REPLACE_LIBC
#include "fastmem.h"
#endif
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#if !defined(memcpy) || !defined(memmove) || !defined(memset) || !defined(memcmp)
#error "drop-in mode did not define the memcpy/memmove/memset/memcmp macros"
#endif

unsigned long fm_libc_count(void);
void *(*fm_libc_memcpy_addr(void))(void *, const void *, size_t);

static unsigned long passed, failed;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (cond) passed++;                                                                            \
    else {                                                                                         \
      failed++;                                                                                    \
      printf("FAIL line %d: ", __LINE__);                                                          \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

#define BUF 8192
static unsigned char a[BUF], b[BUF], ref[BUF];

static void fill(unsigned char *p, size_t n, unsigned seed) {
  size_t i;
  for (i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (unsigned char)(seed >> 16);
  }
}
static int same(const unsigned char *x, const unsigned char *y, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (x[i] != y[i]) return 0;
  return 1;
}
/* The references below are byte loops with an empty asm inside, so that the
   compiler cannot turn them into calls of memcpy or memset. */
#define BARRIER() __asm__ volatile("" ::: "memory")
static void ref_copy(unsigned char *d, const unsigned char *s, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    d[i] = s[i];
    BARRIER();
  }
}
static int sign(int x) { return (x > 0) - (x < 0); }
static int ref_cmp(const unsigned char *x, const unsigned char *y, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/* Sizes: every one up to 300, then a spread up to 6000. volatile, so that
   the compiler sees run-time sizes (a constant one could be folded). */
static volatile size_t size_step = 1;

static void test_calls(void) {
  size_t n, i;
  unsigned long before = fm_libc_count();
  for (n = 0; n < 6000; n += (n < 300 ? size_step : 97)) {
    size_t off = n % 13, off2 = n % 7;
    /* memcpy */
    fill(a, BUF, (unsigned)n);
    fill(b, BUF, (unsigned)n + 1);
    ref_copy(ref, b, BUF);
    ref_copy(ref + off2, a + off, n);
    CHECK(memcpy(b + off2, a + off, n) == b + off2 && same(b, ref, BUF), "memcpy n=%zu", n);
    /* memmove, both directions */
    fill(a, BUF, (unsigned)n + 2);
    ref_copy(ref, a, BUF);
    for (i = n; i-- > 0;) {
      ref[off + 5 + i] = ref[off + i];
      BARRIER();
    }
    CHECK(memmove(a + off + 5, a + off, n) == a + off + 5 && same(a, ref, BUF), "memmove up n=%zu",
          n);
    fill(a, BUF, (unsigned)n + 3);
    ref_copy(ref, a, BUF);
    ref_copy(ref + off, ref + off + 40, n);
    CHECK(memmove(a + off, a + off + 40, n) == a + off && same(a, ref, BUF), "memmove down n=%zu",
          n);
    /* memset */
    ref_copy(ref, a, BUF);
    for (i = 0; i < n; i++) {
      ref[off + i] = 0xc3;
      BARRIER();
    }
    CHECK(memset(a + off, 0x1c3, n) == a + off && same(a, ref, BUF), "memset n=%zu", n);
    /* memcmp: equal, then a difference at the end and in the middle */
    fill(a, BUF, (unsigned)n + 4);
    ref_copy(b, a, BUF);
    CHECK(memcmp(a + off, b + off2 + (off - off2), n) == 0, "memcmp equal n=%zu", n);
    if (n) {
      b[off + n - 1] ^= 0x80;
      CHECK(sign(memcmp(a + off, b + off, n)) == ref_cmp(a + off, b + off, n), "memcmp last n=%zu",
            n);
      b[off + n / 2] ^= 0x01;
      CHECK(sign(memcmp(b + off, a + off, n)) == ref_cmp(b + off, a + off, n),
            "memcmp middle n=%zu", n);
    }
  }
  CHECK(fm_libc_count() == before, "%lu of the calls went to the C library",
        fm_libc_count() - before);
}

/* Arguments are evaluated once; compound literals pass through the macros. */
static void test_macro_hygiene(void) {
  unsigned char buf[16], *p = buf;
  const unsigned char *q = (const unsigned char *)"abcdef";
  int k = 0;
  unsigned long before = fm_libc_count();
  memset(buf, 0, sizeof buf); /* (an initializer could become a libc call at -O0) */
  memcpy(p++, q++, (size_t)(k++, 2));
  CHECK(p == buf + 1 && q == (const unsigned char *)"abcdef" + 1 && k == 1,
        "memcpy arguments evaluated more than once");
  memset(p++, 'x', 1);
  memmove(p++, (unsigned char[]){'y', 'z'}, 2);
  CHECK(buf[0] == 'a' && buf[1] == 'x' && buf[2] == 'y' && buf[3] == 'z' && p == buf + 3,
        "memset/memmove hygiene");
  CHECK(memcmp(buf, (unsigned char[]){'a', 'x', 'y', 'z'}, 4) == 0,
        "memcmp with a compound literal");
  CHECK(fm_libc_count() == before, "hygiene calls went to the C library");
}

#ifndef CALLS_ONLY
/* A name not followed by "(" is the C library's function. */
static void test_libc_still_there(void) {
  /* volatile: the compiler must not see through them to the builtins */
  void *(*volatile f)(void *, const void *, size_t) = &memcpy;
  int (*volatile g)(const void *, const void *, size_t) = memcmp;
  volatile size_t n = 100;
  unsigned long before = fm_libc_count();
  CHECK(f == fm_libc_memcpy_addr(), "&memcpy is not the C library's memcpy");
  fill(a, BUF, 9);
  f(b, a, n);
  CHECK(fm_libc_count() == before + 1 && same(a, b, n), "call through &memcpy");
  /* (memset)(...) is the C library's memset, which the compiler may expand
     inline itself (gcc -Os: rep stosb): only its result is checked. */
  (memset)(b, 0, n);
  CHECK(b[n - 1] == 0 && b[0] == 0, "(memset)(...)");
  before = fm_libc_count();
  CHECK(g(a, a, n) == 0 && fm_libc_count() == before + 1, "call through memcmp as a pointer");
}
#endif

#if defined(__USE_FORTIFY_LEVEL) && __USE_FORTIFY_LEVEL > 0
#define FORTIFIED ", _FORTIFY_SOURCE"
/* A fortified build must die here: 16 bytes into an 8-byte array. */
static void overflow(void) {
  char small[8];
  volatile size_t n = 16;
  memset(small, 'x', n);
  printf("no overflow detected (%c)\n", small[0]);
}
#else
#define FORTIFIED ""
static void overflow(void) { printf("not a fortified build\n"); }
#endif

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "overflow")) {
    overflow();
    return 0;
  }
  printf("fastmem drop-in test: path %s%s\n", fm_path_name(), FORTIFIED);
  test_calls();
  test_macro_hygiene();
#ifndef CALLS_ONLY
  test_libc_still_there();
#endif
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed != 0;
}
