/* test/ref.h - the byte-at-a-time references fastmem's test programs share. */
#ifndef FASTMEM_TEST_REF_H
#define FASTMEM_TEST_REF_H
#include <stddef.h>

typedef unsigned char u8;

/* memcmp as the C standard defines it: -1, 0 or 1. */
static int ref_cmp(const u8 *a, const u8 *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

static int sign(int x) { return (x > 0) - (x < 0); }
#endif
