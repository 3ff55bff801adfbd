/* test/user/small_objects.c - calls on objects smaller than any vector, with
 * sizes known only at run time: must build without a warning under
 * -Wall -Wextra -Werror at -O2 and -O3, for the default target and for
 * AVX-512 ones, where the short paths use masked asm whose memory operands
 * gcc's -Warray-bounds looks into (test/user.sh, small-objects-*). Run, it
 * checks the bytes too. */
#include "fastmem.h"
#include <stdio.h>
#include <string.h>

struct three {
  unsigned char c[3];
};

static int check(size_t n) {
  unsigned char a[4] = {9, 9, 9, 9}, b[4] = {1, 2, 3, 4};
  struct three x = {{5, 6, 7}}, y = {{0, 0, 0}};
  size_t k = n % 4, m = n % 3;
  fm_memcpy(a, b, k);
  fm_memset(&y, 0x33, m);
  fm_memmove(&x.c[1], &x.c[0], m > 1 ? 2 : m);
  return memcmp(a, b, k) != 0 || (k < 4 && a[k] != 9) || (m && y.c[m - 1] != 0x33) ||
         (m < 3 && y.c[m] != 0) || fm_memcmp(a, b, k) != 0 || !fm_memeq(&y, &y, m);
}

/* Every call on the same two 64-byte objects, with sizes up to 64 that the
   compiler cannot see: gcc would clone an out-of-line path for these
   arguments and warn about its loops, which only larger sizes reach. */
static unsigned char g[64], h[64];
static int check64(size_t n) {
  volatile size_t vn = n % 65;
  size_t k = vn;
  fm_memset(g, 0x44, k);
  fm_memcpy(h, g, k);
  fm_memmove(h + 1, h, k ? k - 1 : 0);
  return (k && g[0] != 0x44) || memcmp(g, h, k) != 0 || fm_memcmp(g, h, k) != 0 ||
         !fm_memeq(g, h, k);
}

/* Sizes of unknown range (an int the compiler cannot see into) on objects smaller than the short
   paths reach: a digit buffer, a float read from bytes, a short encoded sequence. gcc keeps the
   branches of larger sizes, whose blocks lie outside the object; it must not warn about them. Only
   sizes the objects hold are passed. */
static int opaque_int(int v) {
  volatile int x = v;
  return x;
}
static int check_unknown(int n) {
  char digits[21], out[21];
  float f = 0, one = 1.5f;
  unsigned char seq[5], *q = seq, back[5];
  int len = opaque_int(n % 22), fs = opaque_int(n % 5), bad = 0;
  do *q++ = (unsigned char)(n & 0x7f);
  while ((n >>= 7) != 0 && q < seq + 5);
  fm_memset(digits, '7', (size_t)len);
  fm_memcpy(out, digits, (size_t)len);
  fm_memcpy(&f, &one, (size_t)fs);
  fm_memcpy(back, seq, (size_t)(q - seq));
  bad |= fm_memcmp(out, digits, (size_t)len) != 0 || !fm_memeq(back, seq, (size_t)(q - seq));
  bad |= fs == 4 && f != one;
  return bad || (len && out[len - 1] != '7');
}

int main(int argc, char **argv) {
  size_t n;
  int bad = 0;
  (void)argv;
  for (n = (size_t)argc - 1; n < 24; n++) bad += check(n);
  for (n = (size_t)argc - 1; n <= 64; n++) bad += check64(n);
  for (n = (size_t)argc - 1; n < 300; n += 7) bad += check_unknown((int)n * 997);
  printf("small objects: %d bad\n", bad);
  return bad != 0;
}
