/* fastmem_ppc.h - the PowerPC backend of fastmem.h (ppc64 in both byte
 * orders; 32-bit powerpc gets the scalar tier only).
 * Included by fastmem.h; not meant to be included on its own.
 *
 * Tiers, best first; each one out-of-line function per operation with its
 * own target attribute, so the build needs no -mcpu flag:
 *   power10  (FM_CPU_P10, little endian) 128-byte loop of lxvp/stxvp pairs,
 *            lxvl/stxvl remainders; compares as power9
 *   power9   (FM_CPU_P9) VSX loops with lxvl/stxvl remainders; compares find
 *            the first differing byte with vcmpneb + vclzlsbb
 *   vsx      (FM_CPU_VSX, POWER7/8) 16-byte unaligned lxvd2x/stxvd2x, 128-byte
 *            loop, overlapping last block; compares detect a difference in
 *            64 bytes with one vcmpequb. and locate it with ldbrx words
 *   scalar   (no bits) 8-byte ld/std, 32 bytes a step; compares in 8-byte
 *            big-endian words (ldbrx on little endian)
 * Size classes for copy/move:
 *   0..32    inline at the call site: fastmem.h's generic code, or with a
 *            POWER9 baseline (-mcpu=power9) lxvl/stxvl for variable sizes
 *   33..256  first and last 32/64/128 bytes, all loads before any store
 *   > 256    dst aligned to 32, 128 bytes an iteration, forward unless dst
 *            lies inside (src, src + n), then backward
 * Every vector instruction is inline asm, the same for gcc and clang; no
 * altivec.h, so no vector/bool/pixel macros reach the user's code.
 */
#ifndef FASTMEM_PPC_H
#define FASTMEM_PPC_H

#ifndef FASTMEM_H
#error "include fastmem.h, not fastmem_ppc.h"
#endif

/* ---- Scalar tier: 8-byte words (any PowerPC) ---------------------------- */
#define FASTMEM__PPC_LD4(w, p)                                                                     \
  (w##0 = fm__ld64(p), w##1 = fm__ld64((p) + 8), w##2 = fm__ld64((p) + 16),                        \
   w##3 = fm__ld64((p) + 24))
#define FASTMEM__PPC_ST4(w, p)                                                                     \
  (fm__st64(p, w##0), fm__st64((p) + 8, w##1), fm__st64((p) + 16, w##2), fm__st64((p) + 24, w##3))

/* memmove of n > 32 bytes in 8-byte words. Up to 128 bytes: first and last
   32 or 64, loads before stores; longer: 32 bytes a step to 8-aligned dst,
   first word and last 32 bytes loaded before the loop, stored after it. */
FASTMEM__AI void fm__ppc_move_scalar(fm__u8 *d, const fm__u8 *s, size_t n) {
  uint64_t a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, e0, e1, e2, e3;
  if (n <= 64) {
    FASTMEM__PPC_LD4(a, s);
    FASTMEM__PPC_LD4(b, s + n - 32);
    FASTMEM__PPC_ST4(a, d);
    FASTMEM__PPC_ST4(b, d + n - 32);
  } else if (n <= 128) {
    FASTMEM__PPC_LD4(a, s);
    FASTMEM__PPC_LD4(c, s + 32);
    FASTMEM__PPC_LD4(b, s + n - 64);
    FASTMEM__PPC_LD4(e, s + n - 32);
    FASTMEM__PPC_ST4(a, d);
    FASTMEM__PPC_ST4(c, d + 32);
    FASTMEM__PPC_ST4(b, d + n - 64);
    FASTMEM__PPC_ST4(e, d + n - 32);
  } else if (d == s) {
  } else if (fm__fwd_ok(d, s, n)) {
    uint64_t h = fm__ld64(s);
    size_t skip = 8 - ((uintptr_t)d & 7), left = n - skip;
    fm__u8 *dp = d + skip;
    const fm__u8 *sp = s + skip;
    FASTMEM__PPC_LD4(b, s + n - 32);
    while (left > 32) {
      FASTMEM__PPC_LD4(a, sp);
      FASTMEM__PPC_ST4(a, dp);
      dp += 32;
      sp += 32;
      left -= 32;
      FASTMEM__OPAQUE(dp);
    }
    FASTMEM__PPC_ST4(b, d + n - 32);
    fm__st64(d, h);
  } else {
    uint64_t t = fm__ld64(s + n - 8);
    size_t skip = (((uintptr_t)d + n - 1) & 7) + 1, left = n - skip;
    fm__u8 *dp = d + left;
    const fm__u8 *sp = s + left;
    FASTMEM__PPC_LD4(b, s);
    while (left > 32) {
      dp -= 32;
      sp -= 32;
      left -= 32;
      FASTMEM__PPC_LD4(a, sp);
      FASTMEM__PPC_ST4(a, dp);
      FASTMEM__OPAQUE(dp);
    }
    FASTMEM__PPC_ST4(b, d);
    fm__st64(d + n - 8, t);
  }
}

/* memset of n > 32 bytes in 8-byte words, the same shape. */
FASTMEM__AI void fm__ppc_set_scalar(fm__u8 *d, int c, size_t n) {
  uint64_t x = fm__splat8(c), a0 = x, a1 = x, a2 = x, a3 = x;
  if (n <= 64) {
    FASTMEM__PPC_ST4(a, d);
    FASTMEM__PPC_ST4(a, d + n - 32);
  } else {
    size_t skip = 8 - ((uintptr_t)d & 7), left = n - skip;
    fm__u8 *dp = d + skip;
    fm__st64(d, x);
    while (left > 32) {
      FASTMEM__PPC_ST4(a, dp);
      dp += 32;
      left -= 32;
      FASTMEM__OPAQUE(dp);
    }
    FASTMEM__PPC_ST4(a, d + n - 32);
  }
}

#if defined(__powerpc64__) && !defined(FASTMEM__NOVEC)
/* ---- 64-bit: VSX, POWER9 and POWER10 tiers ------------------------------ */
#if !defined(FASTMEM_NO_PROBE)
#include <sys/auxv.h>
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FASTMEM__PPC_LE 1
#else
#define FASTMEM__PPC_LE 0
#endif

/* clang spells the POWER9/10 targets arch=pwrN and needs altivec named
   with vsx on big endian; gcc spells them cpu=powerN. */
#define FASTMEM__T_VSX "altivec,vsx"
#ifdef __clang__
#define FASTMEM__T_P9 "arch=pwr9"
#define FASTMEM__T_P10 "arch=pwr10"
#else
#define FASTMEM__T_P9 "cpu=power9"
#define FASTMEM__T_P10 "cpu=power10"
#endif

/* ---- Probe ---------------------------------------------------------------- */
/* getauxval bits (linux/arch/powerpc/include/uapi/asm/cputable.h) */
#define FASTMEM__PPC_HWCAP_VSX 0x00000080ul
#define FASTMEM__PPC_HWCAP2_ARCH_3_00 0x00800000ul /* POWER9 */
#define FASTMEM__PPC_HWCAP2_ARCH_3_1 0x00040000ul  /* POWER10 */

FASTMEM__SI unsigned fm__ppc_probe(void) {
  unsigned f = 0;
#if defined(FASTMEM_NO_PROBE)
#if defined(__VSX__)
  f |= FM_CPU_VSX;
#if defined(_ARCH_PWR9) && defined(__POWER9_VECTOR__)
  f |= FM_CPU_P9;
#if defined(_ARCH_PWR10) && FASTMEM__PPC_LE
  f |= FM_CPU_P10;
#endif
#endif
#endif
#else
  /* Each bit tested on its own: under QEMU the levels are not cumulative. */
  unsigned long h1 = getauxval(AT_HWCAP);
#ifdef AT_HWCAP2
  unsigned long h2 = getauxval(AT_HWCAP2);
#else
  unsigned long h2 = getauxval(26);
#endif
  if (h1 & FASTMEM__PPC_HWCAP_VSX) {
    f |= FM_CPU_VSX;
    if (h2 & FASTMEM__PPC_HWCAP2_ARCH_3_00) {
      f |= FM_CPU_P9;
      if ((h2 & FASTMEM__PPC_HWCAP2_ARCH_3_1) && FASTMEM__PPC_LE) f |= FM_CPU_P10;
    }
  }
#endif
  return f; /* no non-temporal stores on POWER: fm__nt_kib stays 0 */
}

FASTMEM__SI const char *fm__ppc_name(unsigned f) {
  if (f & FM_CPU_P10) return "power10";
  if (f & FM_CPU_P9) return "power9";
  if (f & FM_CPU_VSX) return "vsx";
  return "scalar";
}

/* ---- VSX primitives (macros: no vector passes through a call) ------------
 * A vector lives in an fm__ppc_v; memory operands are fm__ppc_v too ("Z":
 * register-indexed, as lxvd2x wants). lxvd2x/stxvd2x swap the doublewords
 * on little endian; copies and equality do not care. */
typedef long long fm__ppc_v __attribute__((vector_size(16), aligned(1), may_alias));
typedef struct {
  fm__u8 b_[128];
} fm__ppc_m128; /* 128 bytes of memory, for asm operands */
#define FASTMEM__PPC_LD(v, p)                                                                      \
  __asm__("lxvd2x %x0,%y1" : "=wa"(v) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, (p))))
#define FASTMEM__PPC_ST(v, p)                                                                      \
  __asm__("stxvd2x %x1,%y0" : "=Z"(*FASTMEM__CAST(fm__ppc_v *, (p))) : "wa"(v))
#define FASTMEM__PPC_LD2(v, p)                                                                     \
  do {                                                                                             \
    FASTMEM__PPC_LD(v##0, p);                                                                      \
    FASTMEM__PPC_LD(v##1, (p) + 16);                                                               \
  } while (0)
#define FASTMEM__PPC_ST2(v, p)                                                                     \
  do {                                                                                             \
    FASTMEM__PPC_ST(v##0, p);                                                                      \
    FASTMEM__PPC_ST(v##1, (p) + 16);                                                               \
  } while (0)
#define FASTMEM__PPC_LDV4(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_LD2(v##a, p);                                                                     \
    FASTMEM__PPC_LD2(v##b, (p) + 32);                                                              \
  } while (0)
#define FASTMEM__PPC_STV4(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_ST2(v##a, p);                                                                     \
    FASTMEM__PPC_ST2(v##b, (p) + 32);                                                              \
  } while (0)
#define FASTMEM__PPC_LDV8(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_LDV4(v##x, p);                                                                    \
    FASTMEM__PPC_LDV4(v##y, (p) + 64);                                                             \
  } while (0)
#define FASTMEM__PPC_STV8(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_STV4(v##x, p);                                                                    \
    FASTMEM__PPC_STV4(v##y, (p) + 64);                                                             \
  } while (0)
/* Declares the vectors those macros name. */
#define FASTMEM__PPC_VARS2(v) fm__ppc_v v##0, v##1
#define FASTMEM__PPC_VARS4(v)                                                                      \
  FASTMEM__PPC_VARS2(v##a);                                                                        \
  FASTMEM__PPC_VARS2(v##b)
#define FASTMEM__PPC_VARS8(v)                                                                      \
  FASTMEM__PPC_VARS4(v##x);                                                                        \
  FASTMEM__PPC_VARS4(v##y)

/* 1 if every byte of v is zero: one vcmpequb. against zero, CR6 read back
   with mfocrf (its "all true" bit is 0x80 of the field). */
#define FASTMEM__PPC_ALLZERO(r, v)                                                                 \
  do {                                                                                             \
    fm__ppc_v t_, z_ = {0, 0};                                                                     \
    unsigned long cr_;                                                                             \
    __asm__("vcmpequb. %0,%2,%3\n\tmfocrf %1,2" : "=v"(t_), "=r"(cr_) : "v"(v), "v"(z_) : "cr6");  \
    (r) = (int)((cr_ >> 7) & 1);                                                                   \
  } while (0)

/* ---- POWER9 primitives (functions with a target; pointers in, no vector
   by value; flatten inlines them into the tiers that may use them) ------- */
/* Copy len <= 16 bytes: lxvl/stxvl, the length in the top byte of the
   register. The store is declared read-write: it leaves bytes past len. */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_copy_len(fm__u8 *d, const fm__u8 *s, size_t len) {
  fm__ppc_v v;
  __asm__("lxvl %x0,%1,%2"
          : "=wa"(v)
          : "b"(s), "r"((uint64_t)len << 56), "m"(*FASTMEM__CAST(const fm__ppc_v *, s)));
  __asm__("stxvl %x1,%2,%3"
          : "+m"(*FASTMEM__CAST(fm__ppc_v *, d))
          : "wa"(v), "b"(d), "r"((uint64_t)len << 56));
}

/* Copy r bytes, ascending: 16-byte blocks, then the last r % 16 bytes. */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_copy_up(fm__u8 *d, const fm__u8 *s, size_t r) {
  size_t i = 0;
  for (; r - i >= 16; i += 16) {
    fm__ppc_v v;
    FASTMEM__PPC_LD(v, s + i);
    FASTMEM__PPC_ST(v, d + i);
  }
  if (i < r) fm__p9_copy_len(d + i, s + i, r - i);
}

/* Copy r bytes, descending: 16-byte blocks from the top, then the first
   r % 16 bytes (for backward moves). */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_copy_down(fm__u8 *d, const fm__u8 *s, size_t r) {
  for (; r >= 16; r -= 16) {
    fm__ppc_v v;
    FASTMEM__PPC_LD(v, s + r - 16);
    FASTMEM__PPC_ST(v, d + r - 16);
  }
  if (r) fm__p9_copy_len(d, s, r);
}

/* Store r bytes of x (8 copies of the byte), 16-byte blocks then stxvl. */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_set_up(fm__u8 *d, uint64_t x, size_t r) {
  size_t i = 0;
  fm__ppc_v v;
  __asm__("mtvsrdd %x0,%1,%1" : "=wa"(v) : "b"(x)); /* "b": RA = r0 reads as 0 */
  for (; r - i >= 16; i += 16) FASTMEM__PPC_ST(v, d + i);
  if (i < r)
    __asm__("stxvl %x1,%2,%3"
            : "+m"(*FASTMEM__CAST(fm__ppc_v *, d + i))
            : "wa"(v), "b"(d + i), "r"((uint64_t)(r - i) << 56));
}

/* Index of the first differing byte of the 16 at a and b, 16 if none.
   lxvb16x loads memory order on both byte orders; vcmpneb marks the
   differing bytes, vclzlsbb counts the equal ones before the first. */
FASTMEM__TARGET(FASTMEM__T_P9) unsigned fm__p9_ne_index(const fm__u8 *a, const fm__u8 *b) {
  fm__ppc_v x, y, t;
  unsigned long k;
  __asm__("lxvb16x %x0,%y1" : "=v"(x) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, a)));
  __asm__("lxvb16x %x0,%y1" : "=v"(y) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, b)));
  __asm__("vcmpneb %1,%2,%3\n\tvclzlsbb %0,%1" : "=r"(k), "=&v"(t) : "v"(x), "v"(y));
  return (unsigned)k;
}

/* memcmp of len bytes (a multiple of 16), 16 at a time. */
FASTMEM__TARGET(FASTMEM__T_P9) int fm__p9_cmp_blk(const fm__u8 *a, const fm__u8 *b, size_t len) {
  size_t i;
  for (i = 0; i < len; i += 16) {
    unsigned k = fm__p9_ne_index(a + i, b + i);
    if (k < 16) return (int)a[i + k] - (int)b[i + k];
  }
  return 0;
}

/* ---- POWER10 primitives ----------------------------------------------------
 * lxvp/stxvp need an even/odd register pair, which no constraint names:
 * fixed registers v0..v7 (vs32..vs39), volatile in both ABIs. */
#define FASTMEM__P10_CLOBBERS "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7"

/* Copy 128 bytes: four paired loads, then four paired stores. */
FASTMEM__TARGET(FASTMEM__T_P10) void fm__p10_copy128(fm__u8 *d, const fm__u8 *s) {
  __asm__("lxvp 32,0(%1)\n\tlxvp 34,32(%1)\n\tlxvp 36,64(%1)\n\tlxvp 38,96(%1)\n\t"
          "stxvp 32,0(%0)\n\tstxvp 34,32(%0)\n\tstxvp 36,64(%0)\n\tstxvp 38,96(%0)"
          :
          : "b"(d), "b"(s), "m"(*FASTMEM__CAST(const fm__ppc_m128 *, s)),
            "m"(*FASTMEM__CAST(fm__ppc_m128 *, d))
          : "memory", FASTMEM__P10_CLOBBERS);
}

/* Store k * 128 bytes of x to d (k >= 1): four stxvp an iteration. */
FASTMEM__TARGET(FASTMEM__T_P10) void fm__p10_set128(fm__u8 *d, uint64_t x, size_t k) {
  __asm__ __volatile__(
      "mtvsrdd 32,%1,%1\n\txxlor 33,32,32\n\tmtctr %2\n"
      "1:\tstxvp 32,0(%0)\n\tstxvp 32,32(%0)\n\tstxvp 32,64(%0)\n\tstxvp 32,96(%0)\n\t"
      "addi %0,%0,128\n\tbdnz 1b"
      : "+b"(d)
      : "b"(x), "r"(k)
      : "memory", "ctr", "v0", "v1");
}

/* ---- Copy and move: tier T is 1 (VSX), 2 (POWER9) or 3 (POWER10) -------- */
/* 128 bytes, all loads before any store. */
#define FASTMEM__PPC_COPY128(dp, sp, T)                                                            \
  do {                                                                                             \
    if ((T) == 3) fm__p10_copy128(dp, sp);                                                         \
    else {                                                                                         \
      FASTMEM__PPC_VARS8(m_);                                                                      \
      FASTMEM__PPC_LDV8(m_, sp);                                                                   \
      FASTMEM__PPC_STV8(m_, dp);                                                                   \
    }                                                                                              \
  } while (0)

/* Forward, n > 256, dst not inside (src, src + n). The first 32 bytes are
   loaded before the loop and stored after it; the loop stores 32-aligned.
   VSX: the last 128 bytes likewise (an overlapping last block). POWER9/10:
   the remainder below 128 bytes is loaded after the loop (safe: a forward
   move's stores stay below it) and copied exactly with lxvl/stxvl. */
FASTMEM__AI void fm__ppc_copy_fwd(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  FASTMEM__PPC_VARS2(h);
  FASTMEM__PPC_VARS8(t);
  size_t skip = 32 - ((uintptr_t)d & 31), left = n - skip;
  fm__u8 *dp = d + skip;
  const fm__u8 *sp = s + skip;
  FASTMEM__PPC_LD2(h, s);
  if (T == 1) FASTMEM__PPC_LDV8(t, s + n - 128);
  while (T == 1 ? left > 128 : left >= 128) {
    FASTMEM__PPC_COPY128(dp, sp, T);
    dp += 128;
    sp += 128;
    left -= 128;
    FASTMEM__OPAQUE(dp);
  }
  if (T == 1) FASTMEM__PPC_STV8(t, d + n - 128);
  else fm__p9_copy_up(dp, sp, left);
  FASTMEM__PPC_ST2(h, d);
}

/* Backward, n > 256, dst inside (src, src + n): the mirror image. */
FASTMEM__AI void fm__ppc_copy_bwd(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  FASTMEM__PPC_VARS2(h);
  FASTMEM__PPC_VARS8(t);
  size_t skip = (((uintptr_t)d + n - 1) & 31) + 1, left = n - skip;
  FASTMEM__PPC_LD2(h, s + n - 32);
  if (T == 1) FASTMEM__PPC_LDV8(t, s);
  while (T == 1 ? left > 128 : left >= 128) {
    left -= 128;
    FASTMEM__PPC_COPY128(d + left, s + left, T);
    FASTMEM__OPAQUE(d);
  }
  if (T == 1) FASTMEM__PPC_STV8(t, d);
  else fm__p9_copy_down(d, s, left);
  FASTMEM__PPC_ST2(h, d + n - 32);
}

FASTMEM__AI void fm__ppc_move(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  if (n <= 64) {
    FASTMEM__PPC_VARS2(a);
    FASTMEM__PPC_VARS2(b);
    FASTMEM__PPC_LD2(a, s);
    FASTMEM__PPC_LD2(b, s + n - 32);
    FASTMEM__PPC_ST2(a, d);
    FASTMEM__PPC_ST2(b, d + n - 32);
  } else if (n <= 128) {
    FASTMEM__PPC_VARS4(a);
    FASTMEM__PPC_VARS4(b);
    FASTMEM__PPC_LDV4(a, s);
    FASTMEM__PPC_LDV4(b, s + n - 64);
    FASTMEM__PPC_STV4(a, d);
    FASTMEM__PPC_STV4(b, d + n - 64);
  } else if (n <= 256) {
    FASTMEM__PPC_VARS8(a);
    FASTMEM__PPC_VARS8(b);
    FASTMEM__PPC_LDV8(a, s);
    FASTMEM__PPC_LDV8(b, s + n - 128);
    FASTMEM__PPC_STV8(a, d);
    FASTMEM__PPC_STV8(b, d + n - 128);
  } else if (d == s) {
  } else if (fm__fwd_ok(d, s, n)) {
    fm__ppc_copy_fwd(d, s, n, T);
  } else {
    fm__ppc_copy_bwd(d, s, n, T);
  }
}

FASTMEM__TIER(FASTMEM__T_P10) void fm__move_p10(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_move(d, s, n, 3);
}
FASTMEM__TIER(FASTMEM__T_P9) void fm__move_p9(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_move(d, s, n, 2);
}
FASTMEM__TIER(FASTMEM__T_VSX) void fm__move_vsx(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_move(d, s, n, 1);
}

/* ---- Set ------------------------------------------------------------------ */
/* Four and eight stores of one vector. */
#define FASTMEM__PPC_ST4V(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_ST(v, p);                                                                         \
    FASTMEM__PPC_ST(v, (p) + 16);                                                                  \
    FASTMEM__PPC_ST(v, (p) + 32);                                                                  \
    FASTMEM__PPC_ST(v, (p) + 48);                                                                  \
  } while (0)
#define FASTMEM__PPC_ST8V(v, p)                                                                    \
  do {                                                                                             \
    FASTMEM__PPC_ST4V(v, p);                                                                       \
    FASTMEM__PPC_ST4V(v, (p) + 64);                                                                \
  } while (0)

/* Up to 256 bytes: first and last 32, 64 or 128. Longer: the first 32,
   then 128 bytes an iteration to 32-aligned dst; VSX ends with an
   overlapping last 128, POWER9/10 store the remainder exactly (stxvl). */
FASTMEM__AI void fm__ppc_set(fm__u8 *d, int c, size_t n, int T) {
  uint64_t x = fm__splat8(c);
  fm__ppc_v v = {(long long)x, (long long)x};
  if (n <= 64) {
    FASTMEM__PPC_ST(v, d);
    FASTMEM__PPC_ST(v, d + 16);
    FASTMEM__PPC_ST(v, d + n - 32);
    FASTMEM__PPC_ST(v, d + n - 16);
  } else if (n <= 128) {
    FASTMEM__PPC_ST4V(v, d);
    FASTMEM__PPC_ST4V(v, d + n - 64);
  } else if (n <= 256) {
    FASTMEM__PPC_ST8V(v, d);
    FASTMEM__PPC_ST8V(v, d + n - 128);
  } else {
    size_t skip = 32 - ((uintptr_t)d & 31), left = n - skip;
    fm__u8 *dp = d + skip;
    FASTMEM__PPC_ST(v, d);
    FASTMEM__PPC_ST(v, d + 16);
    if (T == 3) {
      fm__p10_set128(dp, x, left / 128); /* left > 224: at least one */
      dp += left & ~(size_t)127;
      left &= 127;
    } else {
      while (T == 1 ? left > 128 : left >= 128) {
        FASTMEM__PPC_ST8V(v, dp);
        dp += 128;
        left -= 128;
        FASTMEM__OPAQUE(dp);
      }
    }
    if (T == 1) FASTMEM__PPC_ST8V(v, d + n - 128);
    else fm__p9_set_up(dp, x, left);
  }
}

FASTMEM__TIER(FASTMEM__T_P10) void fm__set_p10(fm__u8 *d, int c, size_t n) {
  fm__ppc_set(d, c, n, 3);
}
FASTMEM__TIER(FASTMEM__T_P9) void fm__set_p9(fm__u8 *d, int c, size_t n) {
  fm__ppc_set(d, c, n, 2);
}
FASTMEM__TIER(FASTMEM__T_VSX) void fm__set_vsx(fm__u8 *d, int c, size_t n) {
  fm__ppc_set(d, c, n, 1);
}

/* ---- Compare: bytes [32, n), the first 32 known equal ------------------- */
/* 1 if the 64 bytes at a and b are equal: eight loads, XOR, OR, one
   record-form compare. */
FASTMEM__AI int fm__ppc_eq64(const fm__u8 *a, const fm__u8 *b) {
  FASTMEM__PPC_VARS4(x);
  FASTMEM__PPC_VARS4(y);
  fm__ppc_v v;
  int r;
  FASTMEM__PPC_LDV4(x, a);
  FASTMEM__PPC_LDV4(y, b);
  v = ((xa0 ^ ya0) | (xa1 ^ ya1)) | ((xb0 ^ yb0) | (xb1 ^ yb1));
  FASTMEM__PPC_ALLZERO(r, v);
  return r;
}

/* The first difference in len (32 or 64) bytes: POWER9 from the vector
   mismatch index, VSX from big-endian words (ldbrx). */
FASTMEM__AI int fm__ppc_find(const fm__u8 *a, const fm__u8 *b, size_t len, int T) {
  return T >= 2 ? fm__p9_cmp_blk(a, b, len) : fm__cmp_words(a, b, len);
}

/* 64 bytes a step; the last step overlaps what came before (those bytes
   compared equal, so the first difference found is the first in memory). */
FASTMEM__AI int fm__ppc_cmp(const fm__u8 *a, const fm__u8 *b, size_t n, int T) {
  size_t i = 32;
  if (n <= 64) return fm__ppc_find(a + n - 32, b + n - 32, 32, T);
  for (; n - i > 64; i += 64)
    if (!fm__ppc_eq64(a + i, b + i)) return fm__ppc_find(a + i, b + i, 64, T);
  i = n - 64;
  return fm__ppc_eq64(a + i, b + i) ? 0 : fm__ppc_find(a + i, b + i, 64, T);
}

FASTMEM__AI int fm__ppc_eq(const fm__u8 *a, const fm__u8 *b, size_t n) {
  size_t i = 32;
  if (n <= 64) return fm__eq_short(a + n - 32, b + n - 32, 32);
  for (; n - i > 64; i += 64)
    if (!fm__ppc_eq64(a + i, b + i)) return 0;
  return fm__ppc_eq64(a + n - 64, b + n - 64);
}

FASTMEM__TIER(FASTMEM__T_P9) int fm__cmp_p9(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_cmp(a, b, n, 2);
}
FASTMEM__TIER(FASTMEM__T_VSX) int fm__cmp_vsx(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_cmp(a, b, n, 1);
}
FASTMEM__TIER(FASTMEM__T_P9) int fm__eq_p9(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_eq(a, b, n);
}
FASTMEM__TIER(FASTMEM__T_VSX) int fm__eq_vsx(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_eq(a, b, n);
}

/* ---- Short copies and sets in POWER9 builds (n <= 32, at the call site) ---
 * With a POWER9 baseline every CPU the program runs on has lxvl/stxvl: up
 * to 16 bytes are one length-controlled load and store, up to 32 a full
 * vector plus one (loads before stores, so memmove-safe); no size ladder.
 * Constant sizes keep the generic code (plain loads and stores). The asm
 * names no memory operand (that would claim 16 bytes of a smaller object)
 * and clobbers "memory" instead. */
#if defined(_ARCH_PWR9) && defined(__POWER9_VECTOR__)
FASTMEM__AI void fm__p9_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_v a, b;
  if (__builtin_constant_p(n)) {
    fm__move_short(d, s, n);
  } else if (n > 16) {
    __asm__("lxv %x0,0(%2)\n\tlxvl %x1,%3,%4"
            : "=wa"(a), "=wa"(b)
            : "b"(s), "b"(s + 16), "r"((uint64_t)(n - 16) << 56)
            : "memory");
    __asm__ __volatile__("stxv %x0,0(%2)\n\tstxvl %x1,%3,%4"
                         :
                         : "wa"(a), "wa"(b), "b"(d), "b"(d + 16), "r"((uint64_t)(n - 16) << 56)
                         : "memory");
  } else if (n) {
    __asm__("lxvl %x0,%1,%2" : "=wa"(a) : "b"(s), "r"((uint64_t)n << 56) : "memory");
    __asm__ __volatile__("stxvl %x0,%1,%2" : : "wa"(a), "b"(d), "r"((uint64_t)n << 56) : "memory");
  }
}

FASTMEM__AI void fm__p9_set_short(fm__u8 *d, int c, size_t n) {
  fm__ppc_v v;
  if (__builtin_constant_p(n)) {
    fm__set_short(d, c, n);
  } else if (n > 16) {
    __asm__("mtvsrdd %x0,%1,%1" : "=wa"(v) : "b"(fm__splat8(c)));
    __asm__ __volatile__("stxv %x0,0(%1)\n\tstxvl %x0,%2,%3"
                         :
                         : "wa"(v), "b"(d), "b"(d + 16), "r"((uint64_t)(n - 16) << 56)
                         : "memory");
  } else if (n) {
    __asm__("mtvsrdd %x0,%1,%1" : "=wa"(v) : "b"(fm__splat8(c)));
    __asm__ __volatile__("stxvl %x0,%1,%2" : : "wa"(v), "b"(d), "r"((uint64_t)n << 56) : "memory");
  }
}
#endif

/* ---- The backend interface (fastmem.h, "The backend") ----------------------
 * The tier for the feature bits f; no bits: the scalar tier. Compares take
 * the first 32 bytes as four words here, where most real mismatches sit
 * (CMP-FIRST-32), and the tiers the rest; POWER10 has nothing over POWER9
 * there, and the scalar compares are the portable path's word code. */
FASTMEM__FEATURES(fm__ppc_probe)
FASTMEM__AI const char *fm__arch_name(unsigned f) { return fm__ppc_name(f); }

static FASTMEM__NOINLINE __attribute__((unused)) void fm__ppc_move_long(fm__u8 *d, const fm__u8 *s,
                                                                        size_t n) {
  unsigned f = fm__arch_features();
  if (f & FM_CPU_P10) fm__move_p10(d, s, n);
  else if (f & FM_CPU_P9) fm__move_p9(d, s, n);
  else if (f & FM_CPU_VSX) fm__move_vsx(d, s, n);
  else fm__ppc_move_scalar(d, s, n);
}

static FASTMEM__NOINLINE __attribute__((unused)) void fm__ppc_set_long(fm__u8 *d, int c, size_t n) {
  unsigned f = fm__arch_features();
  if (f & FM_CPU_P10) fm__set_p10(d, c, n);
  else if (f & FM_CPU_P9) fm__set_p9(d, c, n);
  else if (f & FM_CPU_VSX) fm__set_vsx(d, c, n);
  else fm__ppc_set_scalar(d, c, n);
}

static FASTMEM__NOINLINE __attribute__((unused)) int fm__ppc_cmp_long(const fm__u8 *a,
                                                                      const fm__u8 *b, size_t n) {
  unsigned f = fm__arch_features();
  int r = fm__cmp_words(a, b, 32);
  if (r) return r;
  return f & (FM_CPU_P9 | FM_CPU_P10) ? fm__cmp_p9(a, b, n)
         : f & FM_CPU_VSX             ? fm__cmp_vsx(a, b, n)
                                      : fm__cmp_port(a, b, n);
}

static FASTMEM__NOINLINE __attribute__((unused)) int fm__ppc_eq_long(const fm__u8 *a,
                                                                     const fm__u8 *b, size_t n) {
  unsigned f = fm__arch_features();
  if (!fm__eq_short(a, b, 32)) return 0;
  return f & (FM_CPU_P9 | FM_CPU_P10) ? fm__eq_p9(a, b, n)
         : f & FM_CPU_VSX             ? fm__eq_vsx(a, b, n)
                                      : fm__eq_port(a, b, n);
}

/* POWER9 builds: short copies and sets of sizes not known at compile time
   with lxvl/stxvl (PPC-P9-SHORT). */
#if defined(_ARCH_PWR9) && defined(__POWER9_VECTOR__)
#define FASTMEM__MOVE_SHORT fm__p9_move_short
#define FASTMEM__SET_SHORT fm__p9_set_short
#endif

#else /* 32-bit powerpc, or no vectors (FASTMEM__NOVEC): the scalar tier only, no probe */
FASTMEM__AI unsigned fm__ppc_no_probe(void) { return 0; }
FASTMEM__FEATURES(fm__ppc_no_probe)
FASTMEM__AI const char *fm__arch_name(unsigned f) { return (void)f, "scalar"; }
static FASTMEM__NOINLINE __attribute__((unused)) void fm__ppc_move_long(fm__u8 *d, const fm__u8 *s,
                                                                        size_t n) {
  fm__ppc_move_scalar(d, s, n);
}
static FASTMEM__NOINLINE __attribute__((unused)) void fm__ppc_set_long(fm__u8 *d, int c, size_t n) {
  fm__ppc_set_scalar(d, c, n);
}
#define fm__ppc_cmp_long fm__cmp_port
#define fm__ppc_eq_long fm__eq_port
#endif /* __powerpc64__ && !FASTMEM__NOVEC */

FASTMEM__AI void fm__arch_move_call(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_move_long(d, s, n);
}
FASTMEM__AI void fm__arch_set_call(fm__u8 *d, int c, size_t n) { fm__ppc_set_long(d, c, n); }
FASTMEM__AI int fm__arch_cmp_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_cmp_long(a, b, n);
}
FASTMEM__AI int fm__arch_eq_call(const fm__u8 *a, const fm__u8 *b, size_t n) {
  return fm__ppc_eq_long(a, b, n);
}

#endif /* FASTMEM_PPC_H */
