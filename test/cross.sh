# test/cross.sh - fastmem on other targets, cross-compiled and run under QEMU
# user mode. Sourced by test/run.sh (uses its cfg function, $out, $WARN and
# the pass/fail/skipped counters); not meant to be run on its own.
#
# Each run uses the quick mode (-q), which still tests every subset of the
# feature bits the probe reports on that CPU: one binary built for POWER8
# exercises the portable path and the VSX, POWER9 and POWER10 tiers on -cpu power10.
# Missing cross compilers or qemu are listed as SKIPPED by name.

# ---- PowerPC 64-bit, little endian (Debian default: POWER8) ---------------
qle="qemu-ppc64le -L /usr/powerpc64le-linux-gnu"
for c in power8 power9 power10; do
  cfg ppc64le-gcc-run-$c      "powerpc64le-linux-gnu-gcc -std=c11 -O2"          "$qle -cpu $c" -q
done
cfg ppc64le-gcc-mcpu9         "powerpc64le-linux-gnu-gcc -std=c11 -O2 -mcpu=power9"  "$qle -cpu power9" -q
cfg ppc64le-gcc-mcpu10        "powerpc64le-linux-gnu-gcc -std=c11 -O2 -mcpu=power10" "$qle -cpu power10" -q
cfg ppc64le-gcc-O0            "powerpc64le-linux-gnu-gcc -std=c99 -O0"          "$qle -cpu power10" -q
cfg ppc64le-gcc-O0-mcpu9      "powerpc64le-linux-gnu-gcc -std=c99 -O0 -mcpu=power9" "$qle -cpu power10" -q
cfg ppc64le-gcc-no-probe-p9   "powerpc64le-linux-gnu-gcc -std=c11 -O2 -mcpu=power9 -DFASTMEM_NO_PROBE" "$qle -cpu power9" -q
cfg ppc64le-clang-run-power10 "clang --target=powerpc64le-linux-gnu -std=c11 -O2" "$qle -cpu power10" -q
cfg ppc64le-clang-mcpu9       "clang --target=powerpc64le-linux-gnu -std=c11 -O2 -mcpu=pwr9" "$qle -cpu power9" -q

# ---- PowerPC 64-bit, big endian (Debian default: no AltiVec) --------------
qbe="qemu-ppc64 -L /usr/powerpc64-linux-gnu"
cfg ppc64-gcc-run-power7      "powerpc64-linux-gnu-gcc -std=c11 -O2"            "$qbe -cpu power7" -q
cfg ppc64-gcc-run-power9      "powerpc64-linux-gnu-gcc -std=c11 -O2"            "$qbe -cpu power9" -q
cfg ppc64-gcc-no-probe        "powerpc64-linux-gnu-gcc -std=c11 -O2 -DFASTMEM_NO_PROBE" "$qbe -cpu power7" -q
cfg ppc64-gcc-mcpu7           "powerpc64-linux-gnu-gcc -std=c11 -O2 -mcpu=power7" "$qbe -cpu power7" -q
cfg ppc64-gcc-mcpu8           "powerpc64-linux-gnu-gcc -std=c11 -O2 -mcpu=power8" "$qbe -cpu power8" -q
cfg ppc64-gcc-mcpu9           "powerpc64-linux-gnu-gcc -std=c11 -O2 -mcpu=power9" "$qbe -cpu power9" -q
cfg ppc64-clang-run-power8    "clang --target=powerpc64-linux-gnu -std=c11 -O2" "$qbe -cpu power8" -q

# ---- 32-bit PowerPC and aarch64 (portable path) ---------------------------
cfg ppc32-gcc                 "powerpc-linux-gnu-gcc -std=c11 -O2"              "qemu-ppc -L /usr/powerpc-linux-gnu" -q
cfg aarch64-gcc-portable      "aarch64-linux-gnu-gcc -std=c11 -O2"              "qemu-aarch64 -L /usr/aarch64-linux-gnu" -q

# ---- Compile-only checks on PowerPC ---------------------------------------
# cross_check NAME COMMAND...: one "passed" if the command succeeds.
cross_check() {
  local name=$1; shift
  if "$@" >"$out/$name.log" 2>&1; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL: $name: $*"; head -n 10 "$out/$name.log"; fi
}

# The user's namespace: altivec.h's vector/bool/pixel macros must not leak.
cat >"$out/ppc_names.c" <<'EOF'
#include "fastmem.h"
#ifndef __cplusplus
#include <stdbool.h>
#endif
int vector = 1, pixel = 2;
bool flag = true;
int use(void *d, const void *s, size_t n) {
  int bool_ = vector + pixel + flag;
  fm_memcpy(d, s, n);
  return bool_ + fm_memcmp(d, s, n);
}
EOF
for cc in powerpc64le-linux-gnu-gcc powerpc64-linux-gnu-gcc powerpc-linux-gnu-gcc clang; do
  command -v $cc >/dev/null 2>&1 || { skipped+=("ppc compile checks with $cc (no $cc)"); continue; }
  case $cc in
    clang) targets="--target=powerpc64le-linux-gnu --target=powerpc64-linux-gnu" ;;
    *) targets="-std=c11" ;;
  esac
  for t in $targets; do
    for m in "" -mcpu=power9; do
      [ "$cc" = powerpc-linux-gnu-gcc ] && [ -n "$m" ] && continue
      [ "$cc" = clang ] && [ -n "$m" ] && m=-mcpu=pwr9
      tag=$(echo "$cc$t$m" | tr -c 'a-zA-Z0-9' _)
      cross_check "names-c-$tag" $cc $t $m -std=c11 $WARN -I. -c "$out/ppc_names.c" -o "$out/names.o"
      # no libc mem* call, with the backends and with the portable path alone
      for o in -O0 -O2 "-O0 -DFASTMEM_PORTABLE" "-O2 -DFASTMEM_PORTABLE"; do
        cross_check "nolibc-$tag$(echo $o | tr -c 'a-zA-Z0-9' _)" sh -c "$cc $t $m $o -I. -c test/codegen.c -o '$out/cg-ppc.o' && ! nm -u '$out/cg-ppc.o' | grep -wE 'memcpy|memmove|memset|memcmp|bcmp'"
      done
      [ -n "$m" ] && continue
      # with AltiVec keywords on (GNU mode) the names must still be the user's
      cross_check "names-altivec-$tag" $cc $t -std=gnu11 -maltivec -Wall -Wextra -Werror -I. -c "$out/ppc_names.c" -o "$out/names.o"
    done
  done
done
# C++ (clang++ only: Debian has no g++ cross package installed by default)
if command -v clang++ >/dev/null 2>&1; then
  for t in powerpc64le-linux-gnu powerpc64-linux-gnu; do
    cross_check "names-c++-$t" clang++ --target=$t -x c++ -std=c++11 $WARN -I. -c "$out/ppc_names.c" -o "$out/names.o"
  done
fi
