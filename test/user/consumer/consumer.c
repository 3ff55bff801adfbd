/* A program that uses fastmem the way a user's would, built by
 * test/user.sh through pkg-config, CMake's find_package and CMake's
 * add_subdirectory. Prints its version and path; exits 0 when its copies,
 * sets and compares are right. */
#include <fastmem.h>
#include <stdio.h>

int main(void) {
  char a[100], b[100];
  int i, bad = 0;
  for (i = 0; i < 100; i++) a[i] = (char)i;
  fm_memcpy(b, a, 100);
  fm_memmove(b + 1, b, 64);
  fm_memset(a, 7, 50);
  bad |= b[0] != 0 || b[1] != 0 || b[64] != 63 || b[99] != 99;
  bad |= a[49] != 7 || a[50] != 50;
  bad |= fm_memcmp(a, b, 100) <= 0 || !fm_memeq(a + 50, b + 51, 14);
  printf("consumer: fastmem %d.%d.%d, path %s: %s\n", FASTMEM_VERSION_MAJOR, FASTMEM_VERSION_MINOR,
         FASTMEM_VERSION_PATCH, fm_path_name(), bad ? "FAIL" : "ok");
  return bad;
}
