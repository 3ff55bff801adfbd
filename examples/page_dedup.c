/* page_dedup.c - merging identical 4 KiB pages, as the kernel's KSM does
 * (the case of compares by mismatch position): order the candidate pages by their contents with
 * memcmp, then merge each run of identical neighbours after a full equality
 * check. Most compares between different pages stop early: in the mismatch profile's
 * KSM measurements, 76% of them differ within the first 16 bytes, 83% within
 * 32 and 84% within 64; the rest are equal pages or differ late.
 *
 * The pages here follow that profile: a quarter are copies of a few common
 * pages (zero pages among them), the others differ from those at a byte
 * drawn from the distribution above. The same sort and merge runs with the
 * C library's memcmp and with fm_memcmp/fm_memeq; the merged page count is
 * checked against a byte-by-byte reference, and both runs must agree. */
#include "example.h"

#define PAGE 4096
#define NPAGES 4096 /* 16 MiB of candidate pages */

static unsigned char *pages;
static unsigned char *ptrs[2][NPAGES]; /* each run's order of the pages */
static size_t merged[2];
static long compares[2];

/* qsort comparators: one per implementation, each a direct call. */
static int cmp_libc(const void *a, const void *b) {
  compares[0]++;
  return ex_memcmp(0, *(unsigned char *const *)a, *(unsigned char *const *)b, PAGE);
}
static int cmp_fastmem(const void *a, const void *b) {
  compares[1]++;
  return ex_memcmp(1, *(unsigned char *const *)a, *(unsigned char *const *)b, PAGE);
}

/* Sort, then count the pages a merge would free: each page equal to the one
   before it in the sorted order. Four times, from four starting orders. */
EX_INLINE void workload(int fast) {
  size_t i, n = 0, rep;
  unsigned char **p = ptrs[fast];
  compares[fast] = 0;
  for (rep = 0; rep < 4; rep++) {
    for (i = 0; i < NPAGES; i++) p[i] = pages + (i * (2 * rep + 1) + rep * 1000) % NPAGES * PAGE;
    qsort(p, NPAGES, sizeof *p, fast ? cmp_fastmem : cmp_libc);
    n = 0;
    for (i = 1; i < NPAGES; i++) n += (size_t)ex_memeq(fast, p[i - 1], p[i], PAGE);
    compares[fast] += NPAGES - 1;
  }
  merged[fast] = n;
}
static __attribute__((noinline)) void run_libc(void) { workload(0); }
static __attribute__((noinline)) void run_fastmem(void) { workload(1); }
static void run(int fast) {
  if (fast) run_fastmem();
  else run_libc();
}

/* The byte where a page differs from its model: the mismatch profile (bench section mismatch). */
static size_t diff_pos(uint64_t r) {
  unsigned pct = (unsigned)(r % 100);
  r >>= 8;
  if (pct < 76) return r % 16;
  if (pct < 83) return 16 + r % 16;
  if (pct < 84) return 32 + r % 32;
  return 64 + r % (PAGE - 64);
}

static int ref_cmp(const unsigned char *a, const unsigned char *b) {
  size_t i;
  for (i = 0; i < PAGE; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int main(int argc, char **argv) {
  int rounds = ex_rounds(argc, argv);
  uint64_t rng = 42;
  size_t i, j, want = 0;
  pages = (unsigned char *)malloc((size_t)NPAGES * PAGE);
  if (!pages) return 2;
  /* 16 model pages: 4 zero pages' worth of zeros, the others random. */
  for (i = 0; i < NPAGES; i++) {
    unsigned char *pg = pages + i * PAGE;
    uint64_t r = ex_rand(&rng);
    size_t model = r % 16;
    for (j = 0; j < PAGE; j++)
      pg[j] = model < 4 ? 0 : (unsigned char)(model * 37 + j * 11 + (j >> 7));
    if ((r >> 8) % 4 != 0) pg[diff_pos(ex_rand(&rng))] ^= (unsigned char)(1 + (r >> 16) % 255);
  }
  printf("page_dedup: KSM-style merge of %d pages of 4 KiB (path %s)\n", NPAGES, fm_path_name());
  run(0);
  run(1);
  /* Reference: the sorted order must be sorted and the merge count must be
     what a byte-by-byte comparison finds. */
  for (i = 1; i < NPAGES; i++) {
    int c = ref_cmp(ptrs[1][i - 1], ptrs[1][i]);
    EX_CHECK(c <= 0, "fastmem order: page %zu > page %zu", i - 1, i);
    want += c == 0;
    if (c > 0) break;
  }
  EX_CHECK(merged[0] == want && merged[1] == want, "merged pages: libc %zu, fastmem %zu, want %zu",
           merged[0], merged[1], want);
  EX_CHECK(compares[0] == compares[1], "the sorts compared %ld and %ld times", compares[0],
           compares[1]);
  printf("  %zu of %d pages merge into others; %ld compares of 4 KiB pages per run\n", want, NPAGES,
         compares[1]);
  ex_time("sort by memcmp + merge by memeq, per compare", compares[1], rounds, run);
  free(pages);
  return ex_done("page_dedup");
}
