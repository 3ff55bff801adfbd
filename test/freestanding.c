/* test/freestanding.c - fastmem with nothing but the compiler's own headers
 * and no C library (see test/builds.sh, which builds it with -ffreestanding
 * -nostdinc and the compiler's include directory only).
 *
 * fs_check() runs every operation over sizes that reach every size class
 * (inline, first/last blocks, loops) and checks the bytes with loops of its
 * own, through volatile so that the checks cannot become libc calls either.
 * It returns 0 when all is well, else the number of the failed check.
 * With FS_START (x86-64 Linux only), _start calls it and exits with its
 * value through a raw system call: a program linked with -nostdlib.
 */
#include "fastmem.h"

#define FS_MAX 3000
static unsigned char fs_a[FS_MAX + 64], fs_b[FS_MAX + 64];

static int fs_all(const volatile unsigned char *p, size_t n, unsigned char v) {
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v) return 0;
  return 1;
}

static void fs_fill(volatile unsigned char *p, size_t n, unsigned seed) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (unsigned char)(seed + i * 7 + (i >> 8));
}

int fs_check(void);
int fs_check(void) {
  static const size_t sizes[] = {0,  1,   3,   7,   8,   15,  16,  31,  32,   33,   63,   64,
                                 65, 127, 129, 255, 256, 257, 511, 513, 1023, 1025, 2049, FS_MAX};
  volatile unsigned char *va = fs_a, *vb = fs_b;
  size_t k, i;
  for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    size_t n = sizes[k], off = k % 7;
    unsigned char *a = fs_a + off, *b = fs_b + 3;
    fs_fill(va, sizeof fs_a, (unsigned)k);
    if (fm_memset(b, 0x5a, n) != b || !fs_all(vb + 3, n, 0x5a)) return 1;
    if (fm_memcpy(b, a, n) != b) return 2;
    for (i = 0; i < n; i++)
      if (vb[3 + i] != va[off + i]) return 3;
    if (fm_memcmp(a, b, n) != 0 || !fm_memeq(a, b, n)) return 4;
    if (n) {
      vb[3 + n - 1] ^= 0x80;
      if ((fm_memcmp(a, b, n) < 0) != (va[off + n - 1] < vb[3 + n - 1]) || fm_memeq(a, b, n))
        return 5;
    }
    /* memmove one byte up, overlapping: the bytes shift by one */
    fs_fill(va, sizeof fs_a, (unsigned)k);
    if (fm_memmove(a + 1, a, n) != a + 1) return 6;
    fs_fill(vb, sizeof fs_b, (unsigned)k);
    for (i = 0; i < n; i++)
      if (va[off + 1 + i] != vb[off + i]) return 7;
  }
  return fm_path_name()[0] ? 0 : 8;
}

#if defined(FS_START) && defined(__x86_64__) && defined(__linux__)
void _start(void);
__attribute__((noreturn, used)) static void fs_exit(long code) {
  for (;;) __asm__ volatile("syscall" : : "a"(60L), "D"(code) : "rcx", "r11", "memory");
}
/* The stack is 16-byte aligned at _start, not as after a call: realigned. */
__attribute__((force_align_arg_pointer)) void _start(void) { fs_exit(fs_check()); }
#endif
