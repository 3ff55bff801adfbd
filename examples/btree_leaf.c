/* btree_leaf.c - a B-tree leaf laid out as btrfs lays out its leaves (the
 * case of overlapping moves): item headers grow up from the front of the block, the
 * items' data grows down from its end.
 *
 *   [item 0][item 1] ... [item n-1]    free    [data n-1] ... [data 1][data 0]
 *                                   ^items_end ^data_end                     ^LEAF
 *
 * Inserting at slot i moves the headers of items i..n-1 one slot up and their
 * data down by the new item's size; deleting moves both back. Both are
 * memmove over overlapping ranges of a few bytes to a few KiB, the pattern
 * that made file deletion slow on btrfs with the old byte-wise memmove.
 *
 * The workload fills a 16 KiB leaf with random keys, then deletes random
 * items down to a quarter, and again, with the C library's memmove and with
 * fastmem's. It checks every leaf it ends with (keys sorted, data where the
 * headers say, each item's data intact) and that both runs end identical. */
#include "example.h"

#define LEAF 16384 /* btrfs's default node size */

/* A btrfs item header: the key (objectid, type, offset), then where the
   data is and how long: 25 bytes, packed, so most moves are unaligned. */
struct item {
  uint64_t objectid;
  uint8_t type;
  uint64_t offset;
  uint32_t data_offset, data_size;
} __attribute__((packed));

/* The block seen as bytes (data, moves) or as item headers (its front). */
struct leaf {
  uint32_t nritems;
  union {
    unsigned char block[LEAF];
    struct item items[LEAF / sizeof(struct item)];
  } u;
};

#define ITEM(l, i) (&(l)->u.items[i])

static unsigned char pool[256 + 1024]; /* the data of key k is pool + k % 256 */
static struct leaf leaves[2];          /* the libc run's and the fastmem run's */
static long stat_ops, stat_moved;

EX_INLINE uint32_t data_end(const struct leaf *l) {
  return l->nritems ? ITEM(l, l->nritems - 1)->data_offset : LEAF;
}
/* where the data of slot i ends: the start of slot i-1's */
EX_INLINE uint32_t slot_end(const struct leaf *l, uint32_t i) {
  return i ? ITEM(l, i - 1)->data_offset : LEAF;
}

EX_INLINE int key_cmp(const struct item *it, uint64_t objectid, uint8_t type, uint64_t offset) {
  if (it->objectid != objectid) return it->objectid < objectid ? -1 : 1;
  if (it->type != type) return it->type < type ? -1 : 1;
  if (it->offset != offset) return it->offset < offset ? -1 : 1;
  return 0;
}

/* First slot whose key is >= the given one. */
EX_INLINE uint32_t find_slot(const struct leaf *l, uint64_t objectid, uint8_t type, uint64_t offset,
                             int *found) {
  uint32_t lo = 0, hi = l->nritems;
  *found = 0;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    int c = key_cmp(ITEM(l, mid), objectid, type, offset);
    if (c == 0) {
      *found = 1;
      return mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Returns 0 when the leaf is full (or the key exists). */
EX_INLINE int leaf_insert(int fast, struct leaf *l, uint64_t objectid, uint8_t type,
                          uint64_t offset, uint32_t size) {
  int found;
  uint32_t n = l->nritems, slot = find_slot(l, objectid, type, offset, &found), i;
  uint32_t dend = data_end(l), end = slot_end(l, slot);
  struct item it;
  if (found || (n + 1) * sizeof(struct item) + size > dend) return 0;
  /* data of slots slot..n-1 down by size, their headers up by one */
  ex_memmove(fast, l->u.block + dend - size, l->u.block + dend, end - dend);
  for (i = slot; i < n; i++) ITEM(l, i)->data_offset -= size;
  ex_memmove(fast, ITEM(l, slot + 1), ITEM(l, slot), (n - slot) * sizeof(struct item));
  stat_moved += (long)(end - dend + (n - slot) * sizeof(struct item));
  it.objectid = objectid;
  it.type = type;
  it.offset = offset;
  it.data_offset = end - size;
  it.data_size = size;
  ex_memcpy(fast, ITEM(l, slot), &it, sizeof it);
  ex_memcpy(fast, l->u.block + end - size, pool + objectid % 256, size);
  l->nritems = n + 1;
  return 1;
}

EX_INLINE void leaf_delete(int fast, struct leaf *l, uint32_t slot) {
  uint32_t n = l->nritems, dend = data_end(l), i;
  uint32_t size = ITEM(l, slot)->data_size, start = ITEM(l, slot)->data_offset;
  /* data of slots slot+1..n-1 up by size, their headers down by one */
  ex_memmove(fast, l->u.block + dend + size, l->u.block + dend, start - dend);
  for (i = slot + 1; i < n; i++) ITEM(l, i)->data_offset += size;
  ex_memmove(fast, ITEM(l, slot), ITEM(l, slot + 1), (n - slot - 1) * sizeof(struct item));
  stat_moved += (long)(start - dend + (n - slot - 1) * sizeof(struct item));
  l->nritems = n - 1;
}

/* 400 rounds of: fill the leaf, then delete down to a quarter. */
EX_INLINE void workload(int fast) {
  struct leaf *l = &leaves[fast];
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  int cycle;
  l->nritems = 0;
  stat_ops = stat_moved = 0;
  for (cycle = 0; cycle < 400; cycle++) {
    int misses = 0;
    while (misses < 8) { /* full after 8 failed inserts in a row */
      uint64_t r = ex_rand(&rng);
      uint32_t size =
          8 + (uint32_t)(r >> 40) % 120 + ((r & 7) == 0 ? (uint32_t)(r >> 20) % 800 : 0);
      if (leaf_insert(fast, l, (r >> 8) % 100000, (uint8_t)(r & 3), r % 7, size)) misses = 0;
      else misses++;
      stat_ops++;
    }
    while (l->nritems > 1 + l->nritems / 4 && l->nritems > 8) {
      leaf_delete(fast, l, (uint32_t)(ex_rand(&rng) % l->nritems));
      stat_ops++;
    }
  }
}

static __attribute__((noinline)) void run_libc(void) { workload(0); }
static __attribute__((noinline)) void run_fastmem(void) { workload(1); }
static void run(int fast) {
  if (fast) run_fastmem();
  else run_libc();
}

/* Keys ascending, data packed where the headers say, each item's data is
   the pool bytes of its key. */
static void check_leaf(const struct leaf *l, const char *who) {
  uint32_t i, end = LEAF;
  for (i = 0; i < l->nritems; i++) {
    const struct item *it = ITEM(l, i);
    if (i)
      EX_CHECK(key_cmp(ITEM(l, i - 1), it->objectid, it->type, it->offset) < 0,
               "%s: keys out of order at slot %u", who, i);
    EX_CHECK(it->data_offset + it->data_size == end, "%s: data of slot %u not packed", who, i);
    EX_CHECK(memcmp(l->u.block + it->data_offset, pool + it->objectid % 256, it->data_size) == 0,
             "%s: data of slot %u damaged", who, i);
    end = it->data_offset;
  }
  EX_CHECK((size_t)l->nritems * sizeof(struct item) <= end, "%s: headers overlap data", who);
}

int main(int argc, char **argv) {
  int rounds = ex_rounds(argc, argv);
  size_t i;
  for (i = 0; i < sizeof pool; i++) pool[i] = (unsigned char)(i * 7 + 3);
  printf("btree_leaf: btrfs-style 16 KiB leaf, insert/delete by memmove (path %s)\n",
         fm_path_name());
  run(0);
  run(1);
  check_leaf(&leaves[0], "libc");
  check_leaf(&leaves[1], "fastmem");
  EX_CHECK(leaves[0].nritems == leaves[1].nritems &&
               memcmp(leaves[0].u.block, leaves[1].u.block, LEAF) == 0,
           "the libc and fastmem runs ended with different leaves");
  printf("  %ld inserts/deletes, %.0f bytes moved per operation on average\n", stat_ops,
         (double)stat_moved / (double)stat_ops);
  ex_time("insert/delete (memmove x2, memcpy x2 each)", stat_ops, rounds, run);
  return ex_done("btree_leaf");
}
