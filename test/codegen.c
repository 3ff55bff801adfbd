/* Functions whose generated code test/codegen.sh inspects. */
#include "fastmem.h"

/* Constant sizes: straight-line code, no call, no branch. */
void cg_copy16(void *d, const void *s) { fm_memcpy(d, s, 16); }
void cg_copy7(void *d, const void *s) { fm_memcpy(d, s, 7); }
void cg_move3(void *d, const void *s) { fm_memmove(d, s, 3); }
void cg_copy32(void *d, const void *s) { fm_memcpy(d, s, 32); }
void cg_move24(void *d, const void *s) { fm_memmove(d, s, 24); }
void cg_set32(void *d, int c) { fm_memset(d, c, 32); }
void cg_set13(void *d) { fm_memset(d, 0, 13); }
int cg_eq16(const void *a, const void *b) { return fm_memeq(a, b, 16); }
int cg_eq32(const void *a, const void *b) { return fm_memeq(a, b, 32); }
int cg_cmp4(const void *a, const void *b) { return fm_memcmp(a, b, 4); }
/* x86-64 keeps 33..64 bytes at the call site too */
void cg_copy48(void *d, const void *s) { fm_memcpy(d, s, 48); }
void cg_set64(void *d, int c) { fm_memset(d, c, 64); }
int cg_eq48(const void *a, const void *b) { return fm_memeq(a, b, 48); }

/* Every operation with a variable size: may call fastmem's own long paths,
   never the C library's. */
int cg_all(void *d, const void *s, size_t n) {
  fm_memcpy(d, s, n);
  fm_memmove(d, s, n);
  fm_memset(d, 1, n);
  return fm_memcmp(d, s, n) + fm_memeq(d, s, n);
}
