/* test/link_main.c - the main file of test/link.sh's programs: calls
 * unit1 .. unitN (test/link_unit.c, N = -DUNITS, at most 32) at sizes from
 * 0 to 600 bytes, each through every size class of the long paths, and
 * checks each result against plain loops. Prints "N passed, M failed". */
#include <stdio.h>
#include <stdlib.h>

#ifndef UNITS
#define UNITS 32
#endif
/* weak: a program of fewer units links the same main */
#define UNIT_DECL(k)                                                                               \
  __attribute__((weak)) int unit##k(unsigned char *, unsigned char *, const unsigned char *,       \
                                    size_t, int);
#define UNIT_PTR(k) unit##k,
/* unit1 .. unit32; the program has the first UNITS */
#define LIST(X)                                                                                    \
  X(1)                                                                                             \
  X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18)    \
      X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32)
LIST(UNIT_DECL)
typedef int unit_fn(unsigned char *, unsigned char *, const unsigned char *, size_t, int);

int main(void) {
  static unit_fn *const units[32] = {LIST(UNIT_PTR)};
  enum { MAX = 600 };
  static unsigned char d[2 * MAX + 1], m[2 * MAX + 1], s[MAX + 1], want_m[2 * MAX + 1];
  long pass = 0, fail = 0;
  size_t n, i;
  int k;
  for (k = 0; k < UNITS; k++) {
    if (!units[k]) return printf("unit%d missing\n", k + 1), 1;
    for (n = 0; n <= MAX; n += n < 80 ? 1 : 37) {
      int c = 0x40 + k, r, want, bad = 0;
      for (i = 0; i <= MAX; i++) s[i] = (unsigned char)(i * 7 + k);
      for (i = 0; i <= 2 * MAX; i++) d[i] = 0, m[i] = want_m[i] = (unsigned char)(i * 7 + k);
      if (n && k % 2) m[n / 2] ^= 1, want_m[n / 2] ^= 1; /* a difference for memcmp */
      for (i = n; i > 0; i--) want_m[i] = want_m[i - 1];
      r = units[k](d, m, s, n, c);
      /* memcmp(m, s, n) after the move: m[i] = s[i - 1] style data */
      want = 0;
      for (i = 0; i < n && !want; i++)
        if (want_m[i] != s[i]) want = want_m[i] < s[i] ? -2 : 2;
      want += 1; /* memeq(d, s, n): d holds the copy */
      for (i = 0; i < n; i++) bad |= d[i] != s[i] || d[n + i] != (unsigned char)c;
      for (i = 0; i <= 2 * MAX; i++) bad |= (m[i] != want_m[i]) << 1;
      if (r == want && !bad) pass++;
      else if (fail++ < 5)
        printf("FAIL: unit%d, n %zu: %d (want %d), bytes %d\n", k + 1, n, r, want, bad);
    }
  }
  printf("%ld passed, %ld failed\n", pass, fail);
  return fail != 0;
}
