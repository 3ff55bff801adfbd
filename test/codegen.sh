#!/bin/sh
# Checks fastmem's generated code (x86-64; prints "ok"/"not ok" lines):
# - fm_memcpy(d, s, 16) is one load and one store;
# - every constant-size call of <= 32 bytes (copies, sets and equality up to
#   64, which x86-64 keeps at the call site) is straight-line: no call, no jump;
# - no build, at any optimisation level and with or without the backends,
#   calls memcpy, memmove, memset, memcmp or bcmp (what fastmem stands in for).
cd "$(dirname "$0")/.."
out=${BUILD:-build}/test; mkdir -p "$out"
status=0
ok() { echo "ok $*"; }
bad() { echo "not ok $*"; status=1; }
body() { objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '$2 == f {on=1; next} on && /^$/ {exit} on {print}'; }
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  [ "$(uname -m)" = x86_64 ] || continue
  for o in -O2 -O3 -Os; do
    $cc $o -I. -c test/codegen.c -o "$out/cg.o" || { bad "$cc $o: compile"; continue; }
    n=$(body "$out/cg.o" cg_copy16 | grep -vcE '\s(ret|nop[a-z]*)\s|\s(ret|nop[a-z]*)$')
    if [ "$n" = 2 ]; then ok "$cc $o: fm_memcpy(d, s, 16) is one load and one store"
    else bad "$cc $o: fm_memcpy(d, s, 16) is $n instructions"; body "$out/cg.o" cg_copy16; fi
    for f in cg_copy16 cg_copy7 cg_move3 cg_copy32 cg_move24 cg_set32 cg_set13 cg_eq16 cg_eq32 cg_cmp4 \
             cg_copy48 cg_set64 cg_eq48; do
      if body "$out/cg.o" $f | grep -qE '\s(call|j[a-z]+)\s'; then bad "$cc $o: $f branches or calls"; body "$out/cg.o" $f
      else ok "$cc $o: $f is straight-line"; fi
    done
  done
  for o in -O0 -O1 -O2 -O3 -Os; do
    for d in "" -DFASTMEM_PORTABLE -DFASTMEM_NO_PROBE; do
      $cc $o $d -I. -c test/codegen.c -o "$out/cg.o" || { bad "$cc $o $d: compile"; continue; }
      calls=$(nm -u "$out/cg.o" | grep -wE 'memcpy|memmove|memset|memcmp|bcmp|__memcpy_chk|__memset_chk')
      if [ -z "$calls" ]; then ok "$cc $o $d: no libc mem* call"; else bad "$cc $o $d: calls $calls"; fi
    done
  done
done
exit $status
