/* fastmem_ppc.h - the PowerPC backend of fastmem.h; included by it, not on its own. ppc64 in both
 * byte orders gets three tiers, best first: power10 (FM_CPU_P10, little endian: lxvp/stxvp pairs),
 * power9 (FM_CPU_P9: exact remainders with lxvl/stxvl) and vsx (FM_CPU_VSX, POWER7/8: 16-byte
 * lxvd2x/stxvd2x). Each is one out-of-line function per operation with its own target attribute,
 * so the build needs no -mcpu flag. Without those bits, on 32-bit powerpc and in builds without
 * vector registers: fastmem.h's portable path (PPC-PORTABLE). Every vector instruction is inline
 * asm, the same for gcc and clang, and altivec.h is never included, so no vector/bool/pixel macro
 * reaches the user's code (PPC-NOT-TIMED). docs/powerpc.md has the details. */
#ifndef FASTMEM_PPC_H
#define FASTMEM_PPC_H

#ifndef FASTMEM_H
#error "include fastmem.h, not fastmem_ppc.h"
#endif

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

/* ---- Probe ----------------------------------------------------------------
 * getauxval bits (linux/arch/powerpc/include/uapi/asm/cputable.h), or with FASTMEM_NO_PROBE the
 * target's macros. Each bit tested on its own, POWER10 on little endian only (PPC-PROBE-BITS); no
 * non-temporal stores, so fm__nt_kib stays 0 (PPC-NO-NT). */
#define FASTMEM__PPC_HWCAP_VSX 0x00000080ul
#define FASTMEM__PPC_HWCAP2_ARCH_3_00 0x00800000ul /* POWER9 */
#define FASTMEM__PPC_HWCAP2_ARCH_3_1 0x00040000ul  /* POWER10 */
#define FASTMEM__PPC_AT_HWCAP2 26                  /* older headers lack AT_HWCAP2 */

FASTMEM__SI unsigned fm__ppc_probe(void) {
  unsigned long h1 = 0, h2 = 0;
#if !defined(FASTMEM_NO_PROBE)
  h1 = getauxval(AT_HWCAP);
  h2 = getauxval(FASTMEM__PPC_AT_HWCAP2);
#else
#ifdef __VSX__
  h1 = FASTMEM__PPC_HWCAP_VSX;
#endif
#if defined(_ARCH_PWR9) && defined(__POWER9_VECTOR__)
  h2 = FASTMEM__PPC_HWCAP2_ARCH_3_00;
#endif
#ifdef _ARCH_PWR10
  h2 |= FASTMEM__PPC_HWCAP2_ARCH_3_1;
#endif
#endif
  if (!(h1 & FASTMEM__PPC_HWCAP_VSX)) return 0;
  if (!(h2 & FASTMEM__PPC_HWCAP2_ARCH_3_00)) return FM_CPU_VSX;
  if (!(h2 & FASTMEM__PPC_HWCAP2_ARCH_3_1) || !FASTMEM__PPC_LE) return FM_CPU_VSX | FM_CPU_P9;
  return FM_CPU_VSX | FM_CPU_P9 | FM_CPU_P10;
}
FASTMEM__FEATURES(fm__ppc_probe)

/* ---- VSX primitives (macros: no vector passes through a call) -------------
 * A vector lives in an fm__ppc_v; "Z" is a register-indexed memory operand, as lxvd2x wants.
 * lxvd2x/stxvd2x swap the doublewords on little endian, which copies and equality do not see. */
typedef long long fm__ppc_v __attribute__((vector_size(16), aligned(1), may_alias));
typedef fm__u8 fm__ppc_m128[128]; /* 128 bytes of memory, for asm operands */
#define FASTMEM__PPC_LD(v, p)                                                                      \
  __asm__("lxvd2x %x0,%y1" : "=wa"(v) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, (p))))
#define FASTMEM__PPC_ST(v, p)                                                                      \
  __asm__("stxvd2x %x1,%y0" : "=Z"(*FASTMEM__CAST(fm__ppc_v *, (p))) : "wa"(v))
/* OP (LD or ST) on K = 2, 4 or 8 consecutive vectors from p up, declared by
   FASTMEM__PPC_VARS##K(v) (named v0 v1, va0 .. vb1, vxa0 .. vyb1). */
#define FASTMEM__PPC_2(OP, v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_##OP(v##0, p);                                                                    \
    FASTMEM__PPC_##OP(v##1, (p) + 16);                                                             \
  } while (0)
#define FASTMEM__PPC_4(OP, v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_2(OP, v##a, p);                                                                   \
    FASTMEM__PPC_2(OP, v##b, (p) + 32);                                                            \
  } while (0)
#define FASTMEM__PPC_8(OP, v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_4(OP, v##x, p);                                                                   \
    FASTMEM__PPC_4(OP, v##y, (p) + 64);                                                            \
  } while (0)
#define FASTMEM__PPC_VARS2(v) fm__ppc_v v##0, v##1
#define FASTMEM__PPC_VARS4(v) fm__ppc_v v##a0, v##a1, v##b0, v##b1
#define FASTMEM__PPC_VARS8(v)                                                                      \
  FASTMEM__PPC_VARS4(v##x);                                                                        \
  FASTMEM__PPC_VARS4(v##y)
/* The one vector v stored 2, 4 or 8 times from p up. */
#define FASTMEM__PPC_FILL2(v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_ST(v, p);                                                                         \
    FASTMEM__PPC_ST(v, (p) + 16);                                                                  \
  } while (0)
#define FASTMEM__PPC_FILL4(v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_FILL2(v, p);                                                                      \
    FASTMEM__PPC_FILL2(v, (p) + 32);                                                               \
  } while (0)
#define FASTMEM__PPC_FILL8(v, p)                                                                   \
  do {                                                                                             \
    FASTMEM__PPC_FILL4(v, p);                                                                      \
    FASTMEM__PPC_FILL4(v, (p) + 64);                                                               \
  } while (0)

/* ---- POWER9 primitives ----------------------------------------------------
 * lxvl/stxvl move the first len <= 16 bytes at p, the length in the top byte of a register
 * ("b": RA = r0 would read as 0). They name no memory operand, which would claim 16 bytes past a
 * smaller object, and clobber memory instead (PPC-P9-SHORT). mtvsrdd: x in both doublewords. */
#define FASTMEM__P9_LEN(len) ((uint64_t)(len) << 56)
#define FASTMEM__P9_LDL(v, p, len)                                                                 \
  __asm__("lxvl %x0,%1,%2" : "=wa"(v) : "b"(p), "r"(FASTMEM__P9_LEN(len)) : "memory")
#define FASTMEM__P9_STL(v, p, len)                                                                 \
  __asm__ volatile("stxvl %x0,%1,%2" : : "wa"(v), "b"(p), "r"(FASTMEM__P9_LEN(len)) : "memory")
#define FASTMEM__P9_SPLAT(v, x) __asm__("mtvsrdd %x0,%1,%1" : "=wa"(v) : "b"(x))

/* Copy r bytes, ascending: 16-byte blocks, then the last r % 16 bytes. */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_copy_up(fm__u8 *d, const fm__u8 *s, size_t r) {
  fm__ppc_v v;
  size_t i = 0;
  for (; r - i >= 16; i += 16) {
    FASTMEM__PPC_LD(v, s + i);
    FASTMEM__PPC_ST(v, d + i);
  }
  if (i < r) {
    FASTMEM__P9_LDL(v, s + i, r - i);
    FASTMEM__P9_STL(v, d + i, r - i);
  }
}

/* Copy r bytes, descending: 16-byte blocks from the top, then the first
   r % 16 bytes (for backward moves). */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_copy_down(fm__u8 *d, const fm__u8 *s, size_t r) {
  fm__ppc_v v;
  for (; r >= 16; r -= 16) {
    FASTMEM__PPC_LD(v, s + r - 16);
    FASTMEM__PPC_ST(v, d + r - 16);
  }
  if (r) {
    FASTMEM__P9_LDL(v, s, r);
    FASTMEM__P9_STL(v, d, r);
  }
}

/* Store r bytes of x (8 copies of the byte): 16-byte blocks, then stxvl. */
FASTMEM__TARGET(FASTMEM__T_P9) void fm__p9_set_up(fm__u8 *d, uint64_t x, size_t r) {
  fm__ppc_v v;
  size_t i = 0;
  FASTMEM__P9_SPLAT(v, x);
  for (; r - i >= 16; i += 16) FASTMEM__PPC_ST(v, d + i);
  if (i < r) FASTMEM__P9_STL(v, d + i, r - i);
}

/* memcmp of len bytes (a multiple of 16), 16 at a time: lxvb16x loads memory order in both byte
   orders, vcmpneb marks differing bytes, vclzlsbb counts equal ones before the first (16: none). */
FASTMEM__TARGET(FASTMEM__T_P9) int fm__p9_cmp_blk(const fm__u8 *a, const fm__u8 *b, size_t len) {
  size_t i;
  for (i = 0; i < len; i += 16) {
    fm__ppc_v x, y, t;
    unsigned long k;
    __asm__("lxvb16x %x0,%y1" : "=v"(x) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, a + i)));
    __asm__("lxvb16x %x0,%y1" : "=v"(y) : "Z"(*FASTMEM__CAST(const fm__ppc_v *, b + i)));
    __asm__("vcmpneb %1,%2,%3\n\tvclzlsbb %0,%1" : "=r"(k), "=&v"(t) : "v"(x), "v"(y));
    if (k < 16) return (int)a[i + k] - (int)b[i + k];
  }
  return 0;
}

/* ---- POWER10 primitives ---------------------------------------------------
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

/* ---- Copy and set: tier T is 1 (VSX), 2 (POWER9) or 3 (POWER10) ----------
 * Up to 256 bytes the first and last 32, 64 or 128, all loads before any store. Longer: the first
 * 32 bytes apart, 128 bytes a step to 32-aligned stores, then VSX an overlapping last 128 bytes,
 * POWER9/10 the remainder exactly (lxvl/stxvl). */
/* The first and last K vectors of n bytes (16K <= n <= 32K), loads first. */
#define FASTMEM__PPC_ENDS(K, d, s, n)                                                              \
  do {                                                                                             \
    FASTMEM__PPC_VARS##K(h_);                                                                      \
    FASTMEM__PPC_VARS##K(t_);                                                                      \
    FASTMEM__PPC_##K(LD, h_, s);                                                                   \
    FASTMEM__PPC_##K(LD, t_, (s) + (n)-16 * K);                                                    \
    FASTMEM__PPC_##K(ST, h_, d);                                                                   \
    FASTMEM__PPC_##K(ST, t_, (d) + (n)-16 * K);                                                    \
  } while (0)

/* 128 bytes, all loads before any store. */
FASTMEM__AI void fm__ppc_copy128(fm__u8 *d, const fm__u8 *s, int T) {
  FASTMEM__PPC_VARS8(m);
  if (T == 3) {
    fm__p10_copy128(d, s);
    return;
  }
  FASTMEM__PPC_8(LD, m, s);
  FASTMEM__PPC_8(ST, m, d);
}

/* Forward, dst not inside (src, src + n). VSX loads the last 128 bytes before the loop; POWER9/10
   load the remainder after it, above every store of the loop. */
FASTMEM__AI void fm__ppc_copy_fwd(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  FASTMEM__PPC_VARS2(h);
  FASTMEM__PPC_VARS8(t);
  size_t skip = 32 - ((uintptr_t)d & 31), left = n - skip;
  fm__u8 *dp = d + skip;
  const fm__u8 *sp = s + skip;
  FASTMEM__PPC_2(LD, h, s);
  if (T == 1) FASTMEM__PPC_8(LD, t, s + n - 128);
  while (T == 1 ? left > 128 : left >= 128) {
    fm__ppc_copy128(dp, sp, T);
    dp += 128;
    sp += 128;
    left -= 128;
    FASTMEM__OPAQUE(dp);
  }
  if (T == 1) FASTMEM__PPC_8(ST, t, d + n - 128);
  else fm__p9_copy_up(dp, sp, left);
  FASTMEM__PPC_2(ST, h, d);
}

/* Backward, dst inside (src, src + n): the mirror image. */
FASTMEM__AI void fm__ppc_copy_bwd(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  FASTMEM__PPC_VARS2(h);
  FASTMEM__PPC_VARS8(t);
  size_t skip = (((uintptr_t)d + n - 1) & 31) + 1, left = n - skip;
  FASTMEM__PPC_2(LD, h, s + n - 32);
  if (T == 1) FASTMEM__PPC_8(LD, t, s);
  while (T == 1 ? left > 128 : left >= 128) {
    left -= 128;
    fm__ppc_copy128(d + left, s + left, T);
    FASTMEM__OPAQUE(d);
  }
  if (T == 1) FASTMEM__PPC_8(ST, t, d);
  else fm__p9_copy_down(d, s, left);
  FASTMEM__PPC_2(ST, h, d + n - 32);
}

FASTMEM__AI void fm__ppc_move(fm__u8 *d, const fm__u8 *s, size_t n, int T) {
  if (n <= 64) FASTMEM__PPC_ENDS(2, d, s, n);
  else if (n <= 128) FASTMEM__PPC_ENDS(4, d, s, n);
  else if (n <= 256) FASTMEM__PPC_ENDS(8, d, s, n);
  else if (fm__fwd_ok(d, s, n)) fm__ppc_copy_fwd(d, s, n, T);
  else if (d != s) fm__ppc_copy_bwd(d, s, n, T);
}

FASTMEM__AI void fm__ppc_set(fm__u8 *d, int c, size_t n, int T) {
  uint64_t x = fm__splat8(c);
  fm__ppc_v v = {(long long)x, (long long)x};
  if (n <= 64) {
    FASTMEM__PPC_FILL2(v, d);
    FASTMEM__PPC_FILL2(v, d + n - 32);
  } else if (n <= 128) {
    FASTMEM__PPC_FILL4(v, d);
    FASTMEM__PPC_FILL4(v, d + n - 64);
  } else if (n <= 256) {
    FASTMEM__PPC_FILL8(v, d);
    FASTMEM__PPC_FILL8(v, d + n - 128);
  } else {
    size_t skip = 32 - ((uintptr_t)d & 31), left = n - skip;
    fm__u8 *dp = d + skip;
    FASTMEM__PPC_FILL2(v, d);
    if (T == 3) {
      fm__p10_set128(dp, x, left / 128); /* left > 224: at least one */
      dp += left & ~(size_t)127;
      left &= 127;
    }
    for (; T == 1 ? left > 128 : left >= 128; left -= 128) {
      FASTMEM__PPC_FILL8(v, dp);
      dp += 128;
      FASTMEM__OPAQUE(dp);
    }
    if (T == 1) FASTMEM__PPC_FILL8(v, d + n - 128);
    else fm__p9_set_up(dp, x, left);
  }
}

/* ---- Compare: bytes [32, n), the first 32 known equal (PPC-CMP) ----------
 * 1 if the 64 bytes at a and b are equal: XOR, OR and one vcmpequb. against
 * zero, CR6 read back with mfocrf (its "all true" bit is 0x80 of the field). */
FASTMEM__AI int fm__ppc_eq64(const fm__u8 *a, const fm__u8 *b) {
  FASTMEM__PPC_VARS4(x);
  FASTMEM__PPC_VARS4(y);
  fm__ppc_v v, t, z = {0, 0};
  unsigned long cr;
  FASTMEM__PPC_4(LD, x, a);
  FASTMEM__PPC_4(LD, y, b);
  v = ((xa0 ^ ya0) | (xa1 ^ ya1)) | ((xb0 ^ yb0) | (xb1 ^ yb1));
  __asm__("vcmpequb. %0,%2,%3\n\tmfocrf %1,2" : "=v"(t), "=r"(cr) : "v"(v), "v"(z) : "cr6");
  return (int)((cr >> 7) & 1);
}

/* The first difference in len (32 or 64) bytes: POWER9 from the vector
   mismatch index, VSX from big-endian words (ldbrx). */
FASTMEM__AI int fm__ppc_find(const fm__u8 *a, const fm__u8 *b, size_t len, int T) {
  return T >= 2 ? fm__p9_cmp_blk(a, b, len) : fm__cmp_words(a, b, len);
}

/* 64 bytes a step; the last step overlaps bytes already equal, so the first
   difference found is the first in memory. */
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

/* ---- The tiers --------------------------------------------------------------
 * A tier's copy and set. POWER10 compares as POWER9 (PPC-CMP), every tier's memeq is VSX's
 * (PPC-EQ-VSX). */
#define FASTMEM__PPC_TIER(name, tgt, T)                                                            \
  FASTMEM__TIER(void, fm__move_##name, (fm__u8 * d, const fm__u8 *s, size_t n), tgt) {             \
    fm__ppc_move(d, s, n, T);                                                                      \
  }                                                                                                \
  FASTMEM__TIER(void, fm__set_##name, (fm__u8 * d, int c, size_t n), tgt) {                        \
    fm__ppc_set(d, c, n, T);                                                                       \
  }
FASTMEM__PPC_TIER(p10, FASTMEM__T_P10, 3)
FASTMEM__PPC_TIER(p9, FASTMEM__T_P9, 2)
FASTMEM__PPC_TIER(vsx, FASTMEM__T_VSX, 1)
FASTMEM__TIER(int, fm__cmp_p9, (const fm__u8 *a, const fm__u8 *b, size_t n), FASTMEM__T_P9) {
  return fm__ppc_cmp(a, b, n, 2);
}
FASTMEM__TIER(int, fm__cmp_vsx, (const fm__u8 *a, const fm__u8 *b, size_t n), FASTMEM__T_VSX) {
  return fm__ppc_cmp(a, b, n, 1);
}
FASTMEM__TIER(int, fm__eq_vsx, (const fm__u8 *a, const fm__u8 *b, size_t n), FASTMEM__T_VSX) {
  return fm__ppc_eq(a, b, n);
}
#define fm__cmp_p10 fm__cmp_p9
#define fm__eq_p10 fm__eq_vsx
#define fm__eq_p9 fm__eq_vsx

/* The call a call site makes: the tier for the state's bits, else the
   portable path. Compares test the first 32 bytes first (CMP-FIRST-32). */
#define FASTMEM__PPC_PICK(f, op, ...)                                                              \
  ((f)&FM_CPU_P10   ? FASTMEM__CALL(op##_p10, __VA_ARGS__)                                         \
   : (f)&FM_CPU_P9  ? FASTMEM__CALL(op##_p9, __VA_ARGS__)                                          \
   : (f)&FM_CPU_VSX ? FASTMEM__CALL(op##_vsx, __VA_ARGS__)                                         \
                    : FASTMEM__CALL(op##_port, __VA_ARGS__))
FASTMEM__LONG(void, fm__ppc_move_long, (fm__u8 * d, const fm__u8 *s, size_t n), ) {
  unsigned f = fm__arch_features();
  FASTMEM__PPC_PICK(f, fm__move, d, s, n);
}
FASTMEM__LONG(void, fm__ppc_set_long, (fm__u8 * d, int c, size_t n), ) {
  unsigned f = fm__arch_features();
  FASTMEM__PPC_PICK(f, fm__set, d, c, n);
}
FASTMEM__LONG(int, fm__ppc_cmp_long, (const fm__u8 *a, const fm__u8 *b, size_t n), ) {
  unsigned f = fm__arch_features();
  int r = fm__cmp_words(a, b, 32);
  return r ? r : FASTMEM__PPC_PICK(f, fm__cmp, a, b, n);
}
FASTMEM__LONG(int, fm__ppc_eq_long, (const fm__u8 *a, const fm__u8 *b, size_t n), ) {
  unsigned f = fm__arch_features();
  return fm__eq_short(a, b, 32) && FASTMEM__PPC_PICK(f, fm__eq, a, b, n);
}

/* ---- POWER9 builds: short copies and sets at the call site ---------------
 * Every CPU such a program runs on has lxvl/stxvl: a variable size up to 16 bytes is one
 * length-controlled load and store, up to 32 a full vector plus one, loads before stores; constant
 * sizes keep fastmem.h's code (PPC-P9-SHORT). */
#if defined(_ARCH_PWR9) && defined(__POWER9_VECTOR__)
FASTMEM__AI void fm__p9_move_short(fm__u8 *d, const fm__u8 *s, size_t n) {
  fm__ppc_v a, b;
  if (__builtin_constant_p(n)) {
    fm__move_short(d, s, n);
  } else if (n > 16) {
    __asm__("lxv %x0,0(%2)\n\tlxvl %x1,%3,%4"
            : "=wa"(a), "=wa"(b)
            : "b"(s), "b"(s + 16), "r"(FASTMEM__P9_LEN(n - 16))
            : "memory");
    __asm__ __volatile__("stxv %x0,0(%2)\n\tstxvl %x1,%3,%4"
                         :
                         : "wa"(a), "wa"(b), "b"(d), "b"(d + 16), "r"(FASTMEM__P9_LEN(n - 16))
                         : "memory");
  } else if (n) {
    FASTMEM__P9_LDL(a, s, n);
    FASTMEM__P9_STL(a, d, n);
  }
}

FASTMEM__AI void fm__p9_set_short(fm__u8 *d, int c, size_t n) {
  fm__ppc_v v;
  if (__builtin_constant_p(n)) {
    fm__set_short(d, c, n);
  } else if (n > 16) {
    FASTMEM__P9_SPLAT(v, fm__splat8(c));
    __asm__ __volatile__("stxv %x0,0(%1)\n\tstxvl %x0,%2,%3"
                         :
                         : "wa"(v), "b"(d), "b"(d + 16), "r"(FASTMEM__P9_LEN(n - 16))
                         : "memory");
  } else if (n) {
    FASTMEM__P9_SPLAT(v, fm__splat8(c));
    FASTMEM__P9_STL(v, d, n);
  }
}
#define FASTMEM__MOVE_SHORT fm__p9_move_short
#define FASTMEM__SET_SHORT fm__p9_set_short
#endif

/* ---- The backend interface (fastmem.h, "The backend") ---------------------- */
FASTMEM__AI const char *fm__arch_name(unsigned f) {
  return f & FM_CPU_P10 ? "power10" : f & FM_CPU_P9 ? "power9" : f & FM_CPU_VSX ? "vsx" : "";
}
#define fm__arch_move_call(...) FASTMEM__CALL(fm__ppc_move_long, __VA_ARGS__)
#define fm__arch_set_call(...) FASTMEM__CALL(fm__ppc_set_long, __VA_ARGS__)
#define fm__arch_cmp_call(...) FASTMEM__CALL(fm__ppc_cmp_long, __VA_ARGS__)
#define fm__arch_eq_call(...) FASTMEM__CALL(fm__ppc_eq_long, __VA_ARGS__)

#endif /* FASTMEM_PPC_H */
