/* A C file as many code bases write them: it selects the C library's GNU
 * extensions itself, before its first #include, and uses them (mremap,
 * MREMAP_MAYMOVE, memmem, mempcpy). With fastmem's drop-in directory first
 * on the include path (-Idropin) it must build warning-free and its
 * memcpy/memmove/memset/memcmp calls must go to fastmem (test/user.sh checks
 * with nm -u). With -include fastmem.h -DFASTMEM_REPLACE_LIBC it fails
 * ('mremap' undeclared): fastmem.h, read first, fixed the C library's feature
 * selection before this file's #define; test/user.sh checks that too, so the
 * README's warning about that form stays true. */
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include <stdio.h>

static char a[300], b[300];

int main(int argc, char **argv) {
  size_t n = (size_t)argc * 100, page = 4096;
  char *p, *q, *end;
  int bad = 0;
  (void)argv;
  memset(a, 'x', n);
  memcpy(b, a, n);
  memmove(b + 1, b, n - 1);
  end = mempcpy(b, "needle", 6);
  bad |= end != b + 6 || memmem(b, n, "needle", 6) != b || memcmp(a + 6, b + 6, n - 6) != 0;
  p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return 2;
  memset(p, 7, page);
  q = mremap(p, page, 2 * page, MREMAP_MAYMOVE);
  if (q == MAP_FAILED) return 2;
  bad |= q[page - 1] != 7;
  munmap(q, 2 * page);
  printf("features: _GNU_SOURCE functions with fastmem's drop-in: %s\n", bad ? "FAIL" : "ok");
  return bad;
}
