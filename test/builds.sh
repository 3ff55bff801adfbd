# test/builds.sh - the build kinds other than a hosted GNU C build (README
# "Build kinds"). Sourced by test/run.sh (uses its cfg function, $out, $WARN
# and the pass/fail/broken counters and ran/skipped lists); not meant to be
# run on its own.
#
#   kernel-style   no vector register in the object (objdump), gcc and clang
#                  with kernel flags, x86-64, i386, PowerPC and aarch64; the
#                  suite run in that mode in user space (x86-64, ppc64le)
#   freestanding   -ffreestanding -nostdinc with only the compiler's own
#                  headers; no undefined symbol at all (nm -u); on x86-64
#                  linked with -nostdlib and run (test/freestanding.c)
#   plain C99      TinyCC runs the suite; gcc, clang and g++ with
#                  FASTMEM_PLAIN_C (and ASan+UBSan); no libc call (nm);
#                  clang in MSVC mode (no __GNUC__) compiles both paths
#   Windows        MinGW-w64 builds of the suite under Wine (wine64, headless,
#                  a fresh WINEPREFIX under $out), and fm_cpu_limit shared
#                  by two translation units
#   Intel syntax   x86 builds with -masm=intel give the same instructions as
#                  with -masm=att (objdump), gcc and clang, default and
#                  AVX-512 targets (the masked short paths' asm)
#   bad input      option combinations that cannot work stop at an #error
#                  naming the option

# bk_check NAME COMMAND...: one "passed" if the command succeeds, else one
# "failed" with its log.
bk_check() {
  local name=$1; shift
  if "$@" >"$out/bk-$name.log" 2>&1; then pass=$((pass + 1)); bk_pass=$((bk_pass + 1))
  else fail=$((fail + 1)); bk_fail=$((bk_fail + 1)); echo "FAIL: $name: $*"; head -n 12 "$out/bk-$name.log"; fi
}
bk_have() { command -v "$1" >/dev/null 2>&1 || { skipped+=("$2 (no $1)"); return 1; }; }
bk_line() { printf '  %-28s %s passed, %s failed\n' "$1" "$bk_pass" "$bk_fail"; bk_pass=0 bk_fail=0; }
bk_pass=0 bk_fail=0

# ---- Kernel-style: no vector register ---------------------------------------
# Vector registers in a disassembly, per target: x86 mm/xmm/ymm/zmm and the
# AVX-512 mask registers; PowerPC v/vs registers (and f, which -msoft-float
# forbids too) and the VSX/AltiVec load/store mnemonics; aarch64 SIMD/FP.
VEC_x86='%([xyz]?mm[0-9]+|k[0-7])\b'
VEC_ppc='[[:space:],](v|vs|f)[0-9]+(,|$)|[[:space:]](lxv|stxv|lvx|stvx|xx|mtvsr|mfvsr|vcmp)'
VEC_a64='(^|[[:space:],[])([qdshb][0-9]+|v[0-9]+\.[0-9]*[bhsdq])([],]|$)'
# the instructions of an object, without addresses
bk_dis() { $1 -d --no-show-raw-insn "$2" | grep -P '^\s*[0-9a-f]+:\t' | cut -f2-; }
# novec OBJDUMP REGEX CC FLAGS...: compile test/codegen.c and
# test/freestanding.c warning-free, count vector registers, want 0.
novec() {
  local od=$1 re=$2 f n; shift 2
  for f in test/codegen.c test/freestanding.c; do
    "$@" $WARN -I. -c "$f" -o "$out/novec.o" || return 1
    n=$(bk_dis $od "$out/novec.o" | grep -cE "$re")
    [ "$n" = 0 ] || { echo "$f: $n instructions with vector registers:"; bk_dis $od "$out/novec.o" | grep -E "$re" | head -n 5; return 1; }
  done
}
# has_vec: the same regex finds vectors in a default build (the check can fail)
has_vec() {
  local od=$1 re=$2; shift 2
  "$@" -I. -c test/codegen.c -o "$out/vec.o" && [ "$(bk_dis $od "$out/vec.o" | grep -cE "$re")" -gt 0 ]
}
KFLAGS="-ffreestanding -mno-sse -mno-mmx -mno-sse2 -mno-red-zone -mcmodel=kernel -fno-pic"
for cc in gcc clang; do
  bk_have $cc "kernel-style $cc" || continue
  bk_check kern-$cc-control has_vec objdump "$VEC_x86" $cc -O2
  for o in -O2 -O0 -Os; do
    bk_check kern-$cc$o          novec objdump "$VEC_x86" $cc $o $KFLAGS
    bk_check kern-$cc$o-gro      novec objdump "$VEC_x86" $cc $o -mgeneral-regs-only
  done
  bk_check kern-$cc-m32-macro    novec objdump "$VEC_x86" $cc -m32 -O2 -ffreestanding -mno-sse -mno-mmx -DFASTMEM_NO_VECTOR
done
bk_check kern-gcc-m32-softfloat  novec objdump "$VEC_x86" gcc -m32 -O2 -ffreestanding -msoft-float -mno-sse -mno-mmx
PPCK="-mno-altivec -mno-vsx -msoft-float"
for t in powerpc64le powerpc64 powerpc; do
  bk_have $t-linux-gnu-gcc "kernel-style $t" || continue
  od=$t-linux-gnu-objdump
  [ $t = powerpc ] || bk_check kern-$t-control has_vec $od "$VEC_ppc" $t-linux-gnu-gcc -O2
  for o in -O2 -O0; do bk_check kern-$t-gcc$o novec $od "$VEC_ppc" $t-linux-gnu-gcc $o -ffreestanding $PPCK; done
  [ $t = powerpc ] && continue
  # clang defines no macro for -msoft-float there: the option macro is needed
  bk_check kern-$t-clang novec $od "$VEC_ppc" clang --target=$t-linux-gnu -O2 -ffreestanding $PPCK -DFASTMEM_NO_VECTOR
done
bk_check kern-ppc64le-no-vsx novec powerpc64le-linux-gnu-objdump "$VEC_ppc" powerpc64le-linux-gnu-gcc -O2 -mno-vsx -mno-altivec
if bk_have aarch64-linux-gnu-gcc "kernel-style aarch64"; then
  bk_check kern-aarch64-control has_vec aarch64-linux-gnu-objdump "$VEC_a64" aarch64-linux-gnu-gcc -O2
  bk_check kern-aarch64-gro     novec aarch64-linux-gnu-objdump "$VEC_a64" aarch64-linux-gnu-gcc -O2 -mgeneral-regs-only
fi
bk_line kernel-style-objdump
# The suite in that mode in user space: the functions under test are the
# no-vector ones (test.c's own code may not need SSE either).
cfg gcc-novec-gro        "gcc -std=c11 -O2 -mgeneral-regs-only"           "" -q
cfg clang-novec-mno-sse  "clang -std=c11 -O2 -mno-sse -mno-mmx"           "" -q
cfg gcc-novec-macro-O0   "gcc -std=c99 -O0 -DFASTMEM_NO_VECTOR"           "" -q
cfg gcc-novec-asan-ubsan "gcc -std=c11 -O1 -g -mgeneral-regs-only -fsanitize=address,undefined -fno-sanitize-recover=all" "" -q
cfg clang-novec-asan-ubsan "clang -std=c11 -O2 -g -mno-sse -mno-mmx -fsanitize=address,undefined -fno-sanitize-recover=all" "" -q
# rep movsb / rep stosb from 64 bytes on any CPU with ERMS: their guards and
# the first-64-bytes handling under every size and offset of the suite.
cfg gcc-novec-string-ops "gcc -std=c11 -O2 -mgeneral-regs-only -DFASTMEM_ALL_STRATEGIES -DFASTMEM_MOVSB_MIN=0 -DFASTMEM_STOSB_MIN=0" "" -q
cfg ppc64le-novec        "powerpc64le-linux-gnu-gcc -std=c11 -O2 -mno-altivec -mno-vsx" "qemu-ppc64le -L /usr/powerpc64le-linux-gnu -cpu power10" -q
# (x86 CPUs whose plan has rep movsb for this mode report 0x8, portable+erms)
for n in gcc-novec-gro clang-novec-mno-sse gcc-novec-macro-O0 gcc-novec-asan-ubsan clang-novec-asan-ubsan gcc-novec-string-ops ppc64le-novec; do
  [ -f "$out/$n.log" ] || continue
  if grep -q '^fastmem test:' "$out/$n.log" && ! grep -qE '^fastmem test: features 0x[08] \((portable|scalar|portable\+erms)\)' "$out/$n.log"; then
    echo "FAILED: $n: not the no-vector path: $(grep -m1 '^fastmem test:' "$out/$n.log")"; fail=$((fail + 1))
  fi
done

# ---- Freestanding: only the compiler's headers, no libc symbol -------------
# fs_obj CC [FLAGS...]: compile test/freestanding.c with -nostdinc and the
# compiler's own include directory; nm -u must print nothing.
fs_obj() {
  local cc=$1 inc; shift
  inc=$($cc -print-file-name=include)
  case $cc in clang*) inc=$($cc -print-resource-dir)/include ;; esac
  $cc "$@" -ffreestanding -nostdinc -isystem "$inc" -DFASTMEM_NO_PROBE $WARN -I. -c test/freestanding.c -o "$out/fs.o" || return 1
  # (.TOC.: ppc64's table of contents, which the linker provides)
  if [ -n "$(nm -u "$out/fs.o" | grep -v ' \.TOC\.$')" ]; then echo "undefined symbols:"; nm -u "$out/fs.o"; return 1; fi
}
# fs_run CC [FLAGS...]: the same with a _start, linked with -nostdlib, run
fs_run() {
  local cc=$1; shift
  fs_obj "$cc" "$@" -DFS_START && $cc "$@" -nostdlib -static -o "$out/fs" "$out/fs.o" && "$out/fs"
}
for cc in gcc clang; do
  bk_have $cc "freestanding $cc" || continue
  for o in -O0 -O2; do
    bk_check fs-$cc$o          fs_run $cc $o
    bk_check fs-$cc$o-kernel   fs_run $cc $o -mno-sse -mno-mmx -mno-sse2 -mno-red-zone
    bk_check fs-$cc$o-plain    fs_run $cc $o -DFASTMEM_PLAIN_C
  done
  bk_check fs-$cc-march-native fs_run $cc -O2 -march=native
done
if bk_have powerpc64le-linux-gnu-gcc "freestanding ppc64le"; then
  for o in -O0 -O2; do
    bk_check fs-ppc64le$o        fs_obj powerpc64le-linux-gnu-gcc $o
    bk_check fs-ppc64le$o-p9     fs_obj powerpc64le-linux-gnu-gcc $o -mcpu=power9
    bk_check fs-ppc64le$o-kernel fs_obj powerpc64le-linux-gnu-gcc $o $PPCK
  done
fi
bk_line freestanding

# ---- Plain C99: other compilers ---------------------------------------------
# TinyCC runs the whole suite (it has no GNU C: the plain path).
cfg tcc                  "tcc -Wall -Werror"                               ""
cfg gcc-plain-c99        "gcc -std=c99 -O2 -DFASTMEM_PLAIN_C"              ""
cfg clang-plain-O0       "clang -std=c99 -O0 -DFASTMEM_PLAIN_C"            "" -q
cfg g++-plain            "g++ -x c++ -std=c++11 -O2 -DFASTMEM_PLAIN_C"     "" -q
cfg gcc-plain-asan-ubsan "gcc -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -DFASTMEM_PLAIN_C" "" -q
cfg gcc-m32-plain        "gcc -m32 -std=c99 -O2 -DFASTMEM_PLAIN_C"         "${runner32:-}" -q
for n in tcc gcc-plain-c99; do
  [ -f "$out/$n.log" ] && ! grep -q '^fastmem test: features 0x0 (plain)' "$out/$n.log" && { echo "FAILED: $n: not the plain path"; fail=$((fail + 1)); }
done
# fastmem.h alone in these modes, warning-free (not clang with the plain
# path: it warns about unused static inline functions of a main file, which
# the plain path cannot mark unused without an attribute)
for hc in "gcc -x c -std=c99" "g++ -x c++ -std=c++11" "clang -x c -std=c11" "clang++ -x c++ -std=c++11"; do
  command -v "${hc%% *}" >/dev/null 2>&1 || continue
  for hd in -DFASTMEM_PLAIN_C -DFASTMEM_NO_VECTOR "-mgeneral-regs-only" "-m32 -msoft-float"; do
    case "$hc$hd" in clang*PLAIN*|clang*soft*) continue ;; esac
    bk_check "header-$(echo "$hc$hd" | tr -c 'a-zA-Z0-9' _)" $hc $hd $WARN -fsyntax-only fastmem.h
  done
done
# no mem* call from the plain path at any optimisation level
bk_nolibc() { "$@" -I. -c test/codegen.c -o "$out/pl.o" && ! nm -u "$out/pl.o" | grep -wE 'memcpy|memmove|memset|memcmp|bcmp'; }
for cc in gcc clang; do
  command -v $cc >/dev/null 2>&1 || continue
  for o in -O1 -O2 -O3 -Os; do bk_check plain-nolibc-$cc$o bk_nolibc $cc $o -DFASTMEM_PLAIN_C; done
done
bk_have tcc "plain tcc nm" && bk_check plain-nolibc-tcc bk_nolibc tcc
# clang in MSVC mode defines no __GNUC__, but it is clang: it takes the GNU C
# path (x86 backend, probe, tiers); FASTMEM_PLAIN_C gives the plain one.
# Both compile warning-free, as C and C++, and call no mem* function.
bk_msvc() {
  clang --target=x86_64-pc-windows-msvc -fms-compatibility -ffreestanding -dM -E -x c /dev/null | grep -q '__GNUC__' && { echo "__GNUC__ is defined"; return 1; }
  "$@" -I. -c test/freestanding.c -o "$out/msvc.o" &&
    ! llvm-nm-14 -u "$out/msvc.o" | grep -wE 'memcpy|memmove|memset|memcmp|bcmp'
}
if bk_have clang "clang MSVC mode" && bk_have llvm-nm-14 "clang MSVC mode"; then
  MS="clang --target=x86_64-pc-windows-msvc -fms-compatibility -ffreestanding -Wall -Wextra -Werror"
  for d in "" -DFASTMEM_NO_PROBE -DFASTMEM_PLAIN_C -DFASTMEM_PORTABLE; do
    for o in -O0 -O2; do
      bk_check "msvc$d$o"     bk_msvc $MS $o $d
      bk_check "msvc-c++$d$o" bk_msvc $MS -x c++ -std=c++14 $o $d
    done
  done
  bk_check msvc-i686 bk_msvc clang --target=i686-pc-windows-msvc -fms-compatibility -ffreestanding -Wall -Wextra -Werror -O2
fi
bk_line plain-c99-and-msvc

# ---- Windows: MinGW-w64 under Wine ------------------------------------------
wine=/usr/lib/wine/wine64
# (Wine's console output ends lines with CR LF; a fresh prefix adds two notes)
bk_wine() { "$wine" "$@" 2>&1 | tr -d '\r' | grep -vE '^wine: (failed to open .*syswow64|configuration in .* has been updated)'; }
command -v wine64 >/dev/null 2>&1 && wine=$(command -v wine64)
if bk_have x86_64-w64-mingw32-gcc "Windows builds"; then
  runw=""
  if [ -x "$wine" ]; then
    case $out in /*) WINEPREFIX=$out/wineprefix ;; *) WINEPREFIX=$PWD/$out/wineprefix ;; esac
    export WINEPREFIX WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    mkdir -p "$WINEPREFIX"
    runw=bk_wine
  else skipped+=("Windows runs (no wine64: built only)"); fi
  mw="x86_64-w64-mingw32-gcc"
  if [ -n "$runw" ]; then
    cfg mingw-O2.exe         "$mw -std=c11 -O2"                     "$runw" -q
    cfg mingw-no-probe.exe   "$mw -std=c11 -O2 -DFASTMEM_NO_PROBE"  "$runw" -q
    cfg mingw-plain.exe      "$mw -std=c99 -O2 -DFASTMEM_PLAIN_C"   "$runw" -q
    cfg mingw-O0.exe         "$mw -std=c99 -O0"                     "$runw" -q

  else
    bk_check mingw-build $mw -std=c11 -O2 $WARN -I. test/test.c -o "$out/mingw-build.exe"
  fi
  # fm_cpu_limit in one translation unit, fm_cpu_features in another
  cat >"$out/tu1.c" <<'EOF'
#include "fastmem.h"
void limit_elsewhere(unsigned mask) { fm_cpu_limit(mask); }
EOF
  cat >"$out/tu2.c" <<'EOF'
#include <stdio.h>
#include "fastmem.h"
void limit_elsewhere(unsigned mask);
int main(void) {
  unsigned all = fm_cpu_features();
  limit_elsewhere(0);
  printf("features 0x%x, after fm_cpu_limit(0) in another file 0x%x (%s)\n", all, fm_cpu_features(), fm_path_name());
  return fm_cpu_features() != 0;
}
EOF
  bk_shared() { "$@" $WARN -I. "$out/tu1.c" "$out/tu2.c" -o "$out/shared.exe" && { [ -z "$runw" ] || $runw "$out/shared.exe"; }; }
  bk_check mingw-shared-state   bk_shared $mw -std=c11 -O2
  bk_check mingw-shared-state-O0 bk_shared $mw -std=c11 -O0
  # clang compiles (it has no MinGW libgcc of its own here), gcc links
  bk_clang_shared() {
    clang --target=x86_64-w64-mingw32 -std=c11 -O2 $WARN -I. -c "$out/tu1.c" -o "$out/tu1.obj" &&
      clang --target=x86_64-w64-mingw32 -std=c11 -O2 $WARN -I. -c "$out/tu2.c" -o "$out/tu2.obj" &&
      $mw "$out/tu1.obj" "$out/tu2.obj" -o "$out/shared.exe" && { [ -z "$runw" ] || $runw "$out/shared.exe"; }
  }
  bk_check mingw-clang-shared-state bk_clang_shared
  bk_line windows
fi

# ---- Intel syntax: the inline asm holds both dialects -------------------------
# bk_dialects CC FLAGS...: test/codegen.c built with -masm=att and -masm=intel, the same
# instructions. clang with FASTMEM_NO_PROBE: clang 14's own <cpuid.h> is AT&T only.
bk_dialects() {
  "$@" -masm=att -I. -c test/codegen.c -o "$out/att.o" && "$@" -masm=intel -I. -c test/codegen.c -o "$out/intel.o" &&
    bk_dis objdump "$out/att.o" >"$out/att.dis" && bk_dis objdump "$out/intel.o" >"$out/intel.dis" &&
    grep -q 'movntdq' "$out/att.dis" && cmp "$out/att.dis" "$out/intel.dis"
}
if [ "$(uname -m)" = x86_64 ]; then
  for m in -O2 "-O2 -march=x86-64-v4"; do
    bk_check "masm-intel-gcc${m#-O2}" bk_dialects gcc $m
    command -v clang >/dev/null && bk_check "masm-intel-clang${m#-O2}" bk_dialects clang $m -DFASTMEM_NO_PROBE
  done
  bk_line intel-syntax
fi

# ---- Bad input: each of these must stop at an #error naming the option -----
# bk_error OPTION FLAGS...: the build fails, and its message names OPTION.
bk_error() {
  local opt=$1; shift
  echo '#include "fastmem.h"' >"$out/bad.c"
  if "$@" -I. -c "$out/bad.c" -o "$out/bad.o" 2>"$out/bad.log"; then echo "compiled: $*"; return 1; fi
  grep -q "#error.*$opt\|error: .*$opt" "$out/bad.log" || { echo "no #error naming $opt:"; cat "$out/bad.log"; return 1; }
}
bk_check bad-novec0-gro     bk_error FASTMEM_NO_VECTOR=0 gcc -O2 -mgeneral-regs-only -DFASTMEM_NO_VECTOR=0
bk_check bad-novec0-mno-sse bk_error FASTMEM_NO_VECTOR=0 clang -O2 -mno-sse -DFASTMEM_NO_VECTOR=0
command -v powerpc64le-linux-gnu-gcc >/dev/null 2>&1 &&
  bk_check bad-novec0-ppc   bk_error FASTMEM_NO_VECTOR=0 powerpc64le-linux-gnu-gcc -O2 $PPCK -DFASTMEM_NO_VECTOR=0
bk_check bad-misspelt       bk_error FASTMEM_NO_VECTOR gcc -O2 -DFASTMEM_NO_VECTORS
bk_line bad-input
