/* Is it the address? K mappings of one buffer pair (anonymous, or one memfd
   at K addresses: SAME_PAGES=1), each timed R rounds in a row; per mapping the
   ns per call of each round. fastmem's memcpy of N bytes, src at a page
   start, dst 1 MiB + 2048 on (as bench/ab_main.c).
   gcc -O2 -I. bench/results/amd-19h-11h-2026-12-03/phases/bufplace2.c -o bufplace2 && taskset -c 0 ./bufplace2 512 */
#define _GNU_SOURCE
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static void *(*volatile libc_cpy)(void *, const void *, size_t) = memcpy;
__attribute__((noinline)) static double t_fm(char *d, const char *s, size_t n, long it) {
  double t0 = now();
  for (long i = 0; i < it; i++) { fm_memcpy(d, s, n); __asm__ volatile("" ::: "memory"); }
  return (now() - t0) / it;
}
__attribute__((noinline)) static double t_libc(char *d, const char *s, size_t n, long it) {
  double t0 = now();
  for (long i = 0; i < it; i++) { libc_cpy(d, s, n); __asm__ volatile("" ::: "memory"); }
  return (now() - t0) / it;
}
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 0) : 512, span = 4u << 20;
  enum { K = 8, R = 5 };
  char *base[K];
  int fd = -1;
  if (getenv("LIMIT")) fm_cpu_limit((unsigned)strtoul(getenv("LIMIT"), 0, 0));
  if (getenv("SAME_PAGES")) { fd = memfd_create("buf", 0); if (ftruncate(fd, span)) return 1; }
  for (int p = 0; p < K; p++) {
    base[p] = fd >= 0 ? mmap(0, span, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                      : mmap(0, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    memset(base[p], 1, span);
  }
  for (int p = 0; p < K; p++) {
    char *s = base[p] + (1u << 20), *d = s + (1u << 20) + 2048;
    printf("map %d %p: fastmem", p, (void *)s);
    for (int r = 0; r < R; r++) printf(" %5.2f", t_fm(d, s, n, 300000));
    printf("  libc");
    for (int r = 0; r < R; r++) printf(" %5.2f", t_libc(d, s, n, 300000));
    printf("\n");
  }
  return 0;
}
