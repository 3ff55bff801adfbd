/* far-alias.c - copies at dst - src = 4 GiB + delta and 4 MiB + delta:
   fastmem's forward and backward loops of 64, 32 and 16 bytes a block, and
   fm_memcpy; median ns per copy of 11 batches. The forward loops' 4 GiB
   aliasing on AMD Zen 4 (fm__x86_aliased, FASTMEM__MOD_4G, in fastmem_x86.h).
   From the repository's top directory:
     gcc -O2 -march=x86-64-v4 -I. bench/results/amd-19h-11h-2026-12-03/far-alias.c -o /tmp/far
     taskset -c 0 /tmp/far 65536;  taskset -c 0 /tmp/far 1048576
   The 4 GiB mapping is MAP_NORESERVE: only the touched pages are backed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "fastmem.h"
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
__attribute__((noinline)) static void fwd64(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_fwd(d, s, n, 64); }
__attribute__((noinline)) static void bwd64(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_bwd(d, s, n, 64); }
__attribute__((noinline)) static void fwd32(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_fwd(d, s, n, 32); }
__attribute__((noinline)) static void bwd32(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_bwd(d, s, n, 32); }
__attribute__((noinline)) static void fwd16(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_fwd(d, s, n, 16); }
__attribute__((noinline)) static void bwd16(fm__u8 *d, const fm__u8 *s, size_t n) { fm__copy_bwd(d, s, n, 16); }
__attribute__((noinline)) static void api(fm__u8 *d, const fm__u8 *s, size_t n) { fm_memcpy(d, s, n); }
typedef void (*fn)(fm__u8 *, const fm__u8 *, size_t);
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 0) : 65536;
  size_t span = (4ull << 30) + (4u << 20);
  fm__u8 *base = mmap(0, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  fn f[7] = {fwd64, bwd64, fwd32, bwd32, fwd16, bwd16, api};
  const char *nm[7] = {"fwd64", "bwd64", "fwd32", "bwd32", "fwd16", "bwd16", "fm_memcpy"};
  long deltas[] = {0, 1, 8, 33, 64, 200, 512, 1024, 1300, 1536, 1800, 2047, 2048, 2500, 3072, 4095, -1, -64};
  fm__u8 *s = base + 64;
  memset(s, 3, n);
  printf("n=%zu, ns per copy; rows: dst - src = 4 GiB + delta (far), 4 MiB + delta (near); path %s\n", n, fm_path_name());
  printf("%6s", "delta");
  for (int k = 0; k < 7; k++) printf(" %9s %9s", nm[k], "near");
  printf("\n");
  for (size_t j = 0; j < sizeof deltas / sizeof deltas[0]; j++) {
    fm__u8 *dfar = s + (4ull << 30) + deltas[j], *dnear = s + (4u << 20) + 4096 * 0 + deltas[j] + (deltas[j] < 0 ? 0 : 0);
    double t[7][2][11];
    int it = (int)(20000000 / (n + 1000)) + 1;
    memset(dfar - 64, 1, n + 128); memset(dnear - 64, 1, n + 128);
    for (int r = 0; r < 11; r++)
      for (int k = 0; k < 7; k++)
        for (int w = 0; w < 2; w++) {
          fm__u8 *d = w ? dnear : dfar;
          f[k](d, s, n);
          double t0 = now();
          for (int i = 0; i < it; i++) { f[k](d, s, n); __asm__ volatile("" ::: "memory"); }
          t[k][w][r] = (now() - t0) / it;
        }
    printf("%6ld", deltas[j]);
    for (int k = 0; k < 7; k++) {
      qsort(t[k][0], 11, sizeof(double), cmpd); qsort(t[k][1], 11, sizeof(double), cmpd);
      printf(" %9.0f %9.0f", t[k][0][5], t[k][1][5]);
    }
    printf("\n");
  }
  return 0;
}
