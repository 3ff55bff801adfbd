/* pagecross.c - short calls whose range ends at the end of a page, the
   next page mapped or PROT_NONE, against the same call mid-page: the cost
   of an AVX-512 byte-masked access whose 64-byte window reaches into the
   next page (fm__x86_masked in fastmem_x86.h). From the repository's top
   directory, in a clang build (masked paths inline; FASTMEM_MASKED_ANY_CPU
   turns them on where the CPU's plan does not):
     clang -O2 -I. [-DFASTMEM_MASKED_ANY_CPU] bench/results/amd-19h-11h-2026-12-03/pagecross.c -o /tmp/pc
     taskset -c 0 /tmp/pc
   test/cliff.c (run_mapping_ends) holds fastmem to it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "fastmem.h"
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static volatile int sink;
__attribute__((noinline)) static double run(int op, unsigned char *d, unsigned char *s, size_t n) {
  double t[15];
  int acc = 0;
  for (int r = 0; r < 15; r++) {
    double t0 = now();
    for (int i = 0; i < 20000; i++) {
      size_t m = n;
      __asm__ volatile("" : "+r"(m), "+r"(d), "+r"(s));
      if (op == 0) fm_memcpy(d, s, m);
      else if (op == 1) fm_memset(d, i, m);
      else if (op == 2) acc += fm_memcmp(d, s, m);
      else acc += fm_memeq(d, s, m);
    }
    t[r] = (now() - t0) / 20000;
  }
  sink = acc;
  qsort(t, 15, sizeof(double), cmpd);
  return t[7];
}
int main(void) {
  const char *name[] = {"memcpy", "memset", "memcmp", "memeq"};
  size_t pg = 4096;
  /* A: [src page][src page 2] ... ; dst region: page, next page mapped or not */
  unsigned char *m1 = mmap(0, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  unsigned char *m2 = mmap(0, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(m1, 1, 4 * pg); memset(m2, 1, 4 * pg);
  mprotect(m2 + 2 * pg, pg, PROT_NONE); /* m2: page 1 ends at a PROT_NONE page */
  printf("path %s, features 0x%x; ns per call, median of 15 x 20000\n", fm_path_name(), fm_cpu_features());
  printf("%-7s %4s %10s %12s %14s\n", "op", "n", "mid-page", "next mapped", "next PROT_NONE");
  for (int op = 0; op < 4; op++) {
    size_t sizes[] = {8, 24, 40};
    for (int k = 0; k < 3; k++) {
      size_t n = sizes[k];
      if (op == 0 && n > 32) continue;
      /* dst (and for compares both operands) end 1 byte... n bytes before the boundary */
      unsigned char *src_mid = m1 + 3 * pg + 100;
      double mid = run(op, m1 + pg + 1000, src_mid, n);
      double map = run(op, m1 + 2 * pg - n, op >= 2 ? m1 + 2 * pg - n - 4096 + 0 : src_mid, n);
      double none = run(op, m2 + 2 * pg - n, op >= 2 ? m2 + 2 * pg - n - 4096 : src_mid, n);
      printf("%-7s %4zu %10.2f %12.2f %14.2f\n", name[op], n, mid, map, none);
    }
  }
  return 0;
}
