/* Counting stand-ins for the C library's memcpy, memmove, memset and memcmp,
 * linked into the drop-in test: the executable's definitions take the place
 * of libc's for every call the program makes through the symbol, so
 * fm_libc_count() tells how many calls did NOT go through fastmem.
 * Built without fastmem and with -fno-builtin (no recursion into itself). */
#include <stddef.h>

static unsigned long fm_libc_calls;

/* Read through a call: the compiler knows that memset does not write this
   variable, and may otherwise read it before the call. */
unsigned long fm_libc_count(void) { return fm_libc_calls; }

void *memcpy(void *d, const void *s, size_t n) {
  unsigned char *dp = d;
  const unsigned char *sp = s;
  fm_libc_calls++;
  while (n--) *dp++ = *sp++;
  return d;
}

void *memmove(void *d, const void *s, size_t n) {
  unsigned char *dp = d;
  const unsigned char *sp = s;
  fm_libc_calls++;
  if (dp < sp)
    while (n--) *dp++ = *sp++;
  else
    while (n--) dp[n] = sp[n];
  return d;
}

void *memset(void *d, int c, size_t n) {
  unsigned char *dp = d;
  fm_libc_calls++;
  while (n--) *dp++ = (unsigned char)c;
  return d;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  fm_libc_calls++;
  for (; n; n--, x++, y++)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

/* The addresses as a file without drop-in mode sees them. */
void *(*fm_libc_memcpy_addr(void))(void *, const void *, size_t) { return &memcpy; }

/* glibc's _FORTIFY_SOURCE wrappers call these instead. */
void *__memcpy_chk(void *d, const void *s, size_t n, size_t room) {
  (void)room;
  return memcpy(d, s, n);
}
void *__memmove_chk(void *d, const void *s, size_t n, size_t room) {
  (void)room;
  return memmove(d, s, n);
}
void *__memset_chk(void *d, int c, size_t n, size_t room) {
  (void)room;
  return memset(d, c, n);
}
