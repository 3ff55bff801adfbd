/* packet_ring.c - a receive ring as a network stack or a packet capture
 * tool keeps one: the producer copies each packet (a 4-byte length, then
 * the frame) into a byte ring, wrapping around its end; the consumer copies
 * each frame out into its own buffer. Sizes follow the classic Internet mix
 * (IMIX: 7 of 64 bytes, 4 of 576, 1 of 1500 in 12) plus a spread of others,
 * so most copies are short and their sizes unpredictable: the case the
 * inline short path is for.
 *
 * The same stream goes through the ring with memcpy and with fm_memcpy;
 * the consumer checks every frame's sequence number and length, and both
 * runs must end with the same digest of every byte received. */
#include "example.h"

#define RING (1u << 20) /* 1 MiB, a power of two */
#define PACKETS 200000
#define MAXFRAME 1514

static unsigned char ring[2][RING];
static unsigned char source[MAXFRAME + 4096];
static uint16_t sizes[PACKETS];
static uint32_t offsets[PACKETS];
static uint64_t digest[2];
static long bad_frames[2];

/* Copy n bytes into the ring at pos (mod RING), in two pieces at the wrap. */
EX_INLINE void ring_put(int fast, unsigned char *r, uint32_t pos, const void *src, uint32_t n) {
  uint32_t at = pos & (RING - 1), first = n < RING - at ? n : RING - at;
  ex_memcpy(fast, r + at, src, first);
  if (first < n) ex_memcpy(fast, r, (const unsigned char *)src + first, n - first);
}
EX_INLINE void ring_get(int fast, const unsigned char *r, uint32_t pos, void *dst, uint32_t n) {
  uint32_t at = pos & (RING - 1), first = n < RING - at ? n : RING - at;
  ex_memcpy(fast, dst, r + at, first);
  if (first < n) ex_memcpy(fast, (unsigned char *)dst + first, r, n - first);
}

/* Producer and consumer take turns: up to 64 packets in, then all out. */
EX_INLINE void workload(int fast) {
  unsigned char *r = ring[fast];
  unsigned char frame[MAXFRAME];
  uint32_t head = 0, tail = 0;
  long in = 0, out = 0, bad = 0;
  uint64_t h = 0;
  while (out < PACKETS) {
    long burst = in + 64 < PACKETS ? in + 64 : PACKETS;
    for (; in < burst; in++) {
      uint32_t len = sizes[in], hdr = (uint32_t)in << 11 | len;
      ring_put(fast, r, head, &hdr, 4);
      ring_put(fast, r, head + 4, source + offsets[in], len);
      head += 4 + len;
    }
    for (; out < in; out++) {
      uint32_t hdr, len;
      ring_get(fast, r, tail, &hdr, 4);
      len = hdr & 2047;
      if (hdr >> 11 != (uint32_t)out || len != sizes[out] || len > MAXFRAME) {
        bad++;
        break;
      }
      ring_get(fast, r, tail + 4, frame, len);
      /* the application looks at the frame: its first and last 8 bytes */
      {
        uint64_t a, b;
        memcpy(&a, frame, 8);
        memcpy(&b, frame + len - 8, 8);
        h = (h ^ a ^ (b << 1)) * 0x100000001b3ull + len;
      }
      tail += 4 + len;
    }
  }
  digest[fast] = h;
  bad_frames[fast] = bad;
}
static __attribute__((noinline)) void run_libc(void) { workload(0); }
static __attribute__((noinline)) void run_fastmem(void) { workload(1); }
static void run(int fast) {
  if (fast) run_fastmem();
  else run_libc();
}

int main(int argc, char **argv) {
  int rounds = ex_rounds(argc, argv);
  uint64_t rng = 7, want = 0;
  long i, bytes = 0;
  for (i = 0; i < (long)sizeof source; i++) source[i] = (unsigned char)ex_rand(&rng);
  for (i = 0; i < PACKETS; i++) {
    uint64_t r = ex_rand(&rng);
    unsigned k = (unsigned)(r % 16);
    /* 7/16 64 bytes, 4/16 576, 1/16 1500, 4/16 anything from 60 to 1514 */
    sizes[i] = (uint16_t)(k < 7    ? 64
                          : k < 11 ? 576
                          : k < 12 ? 1500
                                   : 60 + (r >> 8) % (MAXFRAME - 59));
    offsets[i] = (uint32_t)((r >> 32) % 4096);
    bytes += sizes[i];
  }
  /* the digest a correct ring gives, computed straight from the source */
  for (i = 0; i < PACKETS; i++) {
    uint64_t a, b;
    const unsigned char *f = source + offsets[i];
    memcpy(&a, f, 8);
    memcpy(&b, f + sizes[i] - 8, 8);
    want = (want ^ a ^ (b << 1)) * 0x100000001b3ull + sizes[i];
  }
  printf(
      "packet_ring: %d packets (IMIX-like, %.0f bytes on average) through a 1 MiB ring (path %s)\n",
      PACKETS, (double)bytes / PACKETS, fm_path_name());
  run(0);
  run(1);
  EX_CHECK(bad_frames[0] == 0 && bad_frames[1] == 0,
           "frames with a wrong header: libc %ld, fastmem %ld", bad_frames[0], bad_frames[1]);
  EX_CHECK(digest[0] == want && digest[1] == want,
           "digest: libc %016llx, fastmem %016llx, want %016llx", (unsigned long long)digest[0],
           (unsigned long long)digest[1], (unsigned long long)want);
  ex_time("packet in + out (memcpy x4 or more)", PACKETS, rounds, run);
  return ex_done("packet_ring");
}
