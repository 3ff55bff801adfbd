// A C++ file of a project built with fastmem's drop-in directory first on
// its include path: <cstring> and <string.h> reach dropin/string.h, which
// gives C++ the C library's header only (std::memcpy cannot be a macro), so
// this builds and runs as without fastmem. fm_* are not declared here.
#include <cstring>
#include <string.h>
#include <cstdio>

int main() {
  char a[64], b[64];
  std::memset(a, 'q', sizeof a);
  std::memcpy(b, a, sizeof b);
  memmove(b + 1, b, 10);
#if defined(memcpy) || defined(FASTMEM_H)
  std::puts("dropin_cxx: fastmem reached a C++ file");
  return 1;
#else
  std::printf("dropin_cxx: the C library's functions: %s\n",
              std::memcmp(a, b, sizeof a) == 0 ? "ok" : "FAIL");
  return std::memcmp(a, b, sizeof a) != 0;
#endif
}
