/* A C file of a project built in fastmem's drop-in mode through its build
 * system's glue (pkg-config's fastmem-dropin or dropin_cflags, CMake's
 * fastmem::dropin): it knows nothing of fastmem, defines _GNU_SOURCE itself
 * and includes <string.h>; its memcpy/memset/memcmp calls must be fastmem's
 * (the macros exist) and right. Exits 0 when they are. */
#define _GNU_SOURCE
#include <string.h>
#include <stdio.h>

#if !defined(memcpy) || !defined(memset) || !defined(memcmp) || !defined(FASTMEM_H)
#error "the drop-in glue did not bring fastmem in with <string.h>"
#endif

int main(int argc, char **argv) {
  char a[100] = {0}, b[100] = {0};
  size_t n = argc > 0 ? sizeof a : 1;
  int bad;
  (void)argv;
  memset(a, 'z', n);
  memcpy(b, a, n);
  bad = memcmp(a, b, n) != 0 || memmem(a, n, "zz", 2) != a;
  printf("consumer_dropin: fastmem drop-in, path %s: %s\n", fm_path_name(), bad ? "FAIL" : "ok");
  return bad;
}
