/* Phases that depend on code placement: fm_memcmp of N bytes (equal
   buffers) in a loop aligned to 64 bytes, with PAD bytes of nops before
   the loop, over 12 buffer pairs one after another in one process (min of 21
   batches each), with the buffers' physical addresses. Run as root (for
   /proc/self/pagemap) from the repository root:
     for pad in 0 16 32 48; do gcc -O2 -I. -DPAD=$pad \
       bench/results/amd-19h-11h-2026-12-03/placement-phases.c -o /tmp/pp$pad
       for i in 1 2; do setarch -R taskset -c 0 /tmp/pp$pad 8; done; done */
#define _GNU_SOURCE
#include "fastmem.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#ifndef PAD
#define PAD 0
#endif
#define STR2(x) #x
#define STR(x) STR2(x)
#define PADS STR(PAD)
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static uint64_t phys(void *p) {
  int fd = open("/proc/self/pagemap", O_RDONLY); uint64_t e = 0;
  if (pread(fd, &e, 8, ((uintptr_t)p / 4096) * 8) != 8) e = 0; close(fd);
  return (e & ((1ull << 55) - 1)) * 4096 + ((uintptr_t)p & 4095);
}
__attribute__((noinline, aligned(64))) static long run_fm(const unsigned char *a, const unsigned char *b, size_t n, long it) {
  long acc = 0;
  __asm__ volatile(".skip " PADS ", 0x90");
  for (long i = 0; i < it; i++) { size_t m = n; __asm__ volatile("" : "+r"(m), "+r"(a), "+r"(b)); acc += fm_memcmp(a, b, m); }
  return acc;
}
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 0) : 8;
  long acc = 0;
  printf("pad %d, code phys %llx\n", PAD, (unsigned long long)phys((void *)run_fm));
  for (int k = 0; k < 12; k++) {
    unsigned char *buf = mmap(0, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    memset(buf, 5, 1 << 16);
    unsigned char *a = buf + 2048, *b = buf + 32768 + 2048;
    double bf = 1e30;
    for (int r = 0; r < 21; r++) { double t0 = now(); acc += run_fm(a, b, n, 100000); double t = (now() - t0) / 1e5; if (t < bf) bf = t; }
    printf("  pair %2d: fm %.2f  a %llx b %llx\n", k, bf, (unsigned long long)phys(a), (unsigned long long)phys(b));
  }
  return (int)acc;
}
