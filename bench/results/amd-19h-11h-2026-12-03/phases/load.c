/* the other vCPU's work for contention.sh: sets of a 32 MiB buffer (LOAD=stream,
   default) or 512-byte copies in L1 (LOAD=l1), until killed */
#include <stdlib.h>
#include <string.h>
static void *(*volatile cpy)(void *, const void *, size_t) = memcpy;
static void *(*volatile set)(void *, int, size_t) = memset;
int main(void) {
  size_t big = 32u << 20;
  char *b = malloc(big + 4096);
  int l1 = getenv("LOAD") && !strcmp(getenv("LOAD"), "l1");
  memset(b, 1, big);
  for (int c = 0;; c++) {
    if (l1) cpy(b + (1 << 20) + 2048, b, 512);
    else set(b, c, big);
  }
}
