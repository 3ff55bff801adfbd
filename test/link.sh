# test/link.sh - one copy of the long paths per program (docs/builds.md,
# "One copy per program"). Sourced by test/run.sh (uses $out, the counters
# and the lists); not meant to be run on its own. x86-64 ELF, gcc and clang;
# Windows x86-64 with MinGW gcc.
#
#   size       a program of 32 files, each with a call site of the five
#              operations (test/link_unit.c), against the same program of one
#              file: at most LINK_MAX bytes of text per extra file, -O2 and
#              -O3, C and C++ files mixed: gcc with default flags (2 KiB);
#              clang with --gc-sections (its call sites inline the masked
#              short paths too: LINK_MAX_CLANG)
#   weak       gcc: every long path of an object is weak (has its mark)
#   one copy   clang without --gc-sections: every call site of an operation
#              calls the same address
#   kernel     one kernel-style file among default files: no function its
#              calls reach (objdump -d, followed) uses a vector register
#   two .so    two shared objects with different options, loaded by one
#              program: both correct, no long path exported
#   asan       an ASan file linked after a plain one reports its overflow
#   flags      -flto (also one partition, and LTO files mixed with others),
#              -fPIC, -static, -fvisibility=default, --gc-sections, gold and
#              lld, -pg, -fpatchable-function-entry: build and pass
#   direct     -fPIC: the call from the call site is a direct call (no PLT,
#              no GOT)
#   Windows    MinGW gcc (C) under Wine: the sizes without --gc-sections,
#              -flto, and the kernel-style file among default ones
# Each program runs test/link_main.c's checks of every unit.
LINK_MAX=2048 LINK_MAX_CLANG=2560
lk=$out/link
mkdir -p "$lk"
lk_pass=0 lk_fail=0 lk_exe= lk_run=
lk_check() {
  local name=$1; shift
  if "$@" >"$lk/$name.log" 2>&1; then pass=$((pass + 1)); lk_pass=$((lk_pass + 1))
  else fail=$((fail + 1)); lk_fail=$((lk_fail + 1)); echo "FAIL: link $name: $*"; tail -n 12 "$lk/$name.log"; fi
}
# lk_build DIR N "CC FLAGS" "CXX FLAGS" "LDFLAGS": units 1..N (odd ones in C++
# where CXX is given), the main file, linked as DIR/p; runs it.
lk_build() {
  local dir=$lk/$1 n=$2 cc=$3 cxx=$4 ld=$5 k objs=
  mkdir -p "$dir"
  for k in $(seq 1 "$n"); do
    if [ -n "$cxx" ] && [ $((k % 2)) = 1 ]; then
      $cxx -x c++ -Wall -Wextra -Werror -I. -DUNIT=unit$k -c test/link_unit.c -o "$dir/u$k.o" || return 1
    else
      $cc -Wall -Wextra -Werror -I. -DUNIT=unit$k -c test/link_unit.c -o "$dir/u$k.o" || return 1
    fi
    objs="$objs $dir/u$k.o"
  done
  ${cc%% *} -O2 -Wall -Wextra -Werror -DUNITS=$n -c test/link_main.c -o "$dir/main.o" || return 1
  ${cxx:-$cc} $ld "$dir/main.o" $objs -o "$dir/p$lk_exe" || return 1
  $lk_run "$dir/p$lk_exe" | tail -n 3
  $lk_run "$dir/p$lk_exe" | grep -q '^[1-9][0-9]* passed, 0 failed$'
}
lk_text() { size "$1$lk_exe" | awk 'NR == 2 { print $1 }'; }
# lk_size NAME "CC FLAGS" "CXX FLAGS" "LDFLAGS": text per extra file <= LINK_MAX
lk_size() {
  local name=$1 a b per max=$LINK_MAX
  case $1 in clang*) max=$LINK_MAX_CLANG ;; esac
  lk_build "$name-1" 1 "$2" "$3" "$4" && lk_build "$name-32" 32 "$2" "$3" "$4" || return 1
  a=$(lk_text "$lk/$name-1/p") b=$(lk_text "$lk/$name-32/p")
  per=$(((b - a) / 31))
  echo "$name: one file $a bytes of text, 32 files $b: $per per extra file (at most $max)"
  echo "$name $per" >>"$lk/sizes.txt"
  [ "$per" -le "$max" ]
}
# lk_one_copy DIR: every call and jump to a long path (the name without its
# tag) goes to one address
lk_one_copy() {
  objdump -d --no-show-raw-insn "$lk/$1/p" | grep -oE '(call|jmp) +[0-9a-f]+ <fm__[A-Za-z0-9_]+>' |
    awk '{ n = $3; sub(/_[0-9]+_[0-9]+_[0-9]+_.*/, "", n); if (!((n, $2) in s)) { s[n, $2] = 1; c[n]++ } }
      END { bad = 0; k = 0; for (n in c) { k++; print n, c[n], "address(es)"; if (c[n] != 1) bad = 1 }
            exit bad || k < 4 }'
}
# lk_reach BIN FUNC REGEX: no function reached from FUNC by direct calls and
# jumps has an instruction matching REGEX
lk_reach() {
  objdump -d --no-show-raw-insn "$1" | awk -v start="$2" -v re="$3" '
    /^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f); next }
    f != "" && /\t/ {
      body[f] = body[f] "\n" $0
      if (match($0, /(call|jmp|j[a-z]+) +[0-9a-f]+ <[^>+]+>/)) {
        t = substr($0, RSTART, RLENGTH); sub(/.*</, "", t); sub(/>.*/, "", t)
        if (t != f) edges[f] = edges[f] " " t
      }
    }
    END {
      n = 1; q[1] = start; seen[start] = 1; bad = 0
      for (i = 1; i <= n; i++) {
        g = q[i]
        if (!(g in body)) continue
        if (body[g] ~ re) { print "vector registers in " g; bad = 1 }
        k = split(edges[g], e, " ")
        for (j = 1; j <= k; j++) if (!(e[j] in seen)) { seen[e[j]] = 1; q[++n] = e[j] }
      }
      print n " functions reached from " start
      exit bad || n < 3
    }'
}
# the same with a vector register on purpose: the check can fail
lk_reach_fails() { ! lk_reach "$@"; }

if [ "$(uname -m)" = x86_64 ] && command -v gcc >/dev/null && command -v objdump >/dev/null; then
  rm -f "$lk/sizes.txt"
  lk_check size-gcc-O2 lk_size gcc-O2 "gcc -O2" "" ""
  lk_check size-gcc-O3-cxx lk_size gcc-O3-cxx "gcc -O3" "g++ -O3" ""
  # gcc: every long path is weak; one without its FASTMEM__LINK_ONCE mark would stay local, and
  # its calls from a file whose copy the linker dropped would need that copy's bytes
  lk_weak() {
    nm "$lk/gcc-O2-32/u2.o" | awk '$3 ~ /^fm__/ && $2 ~ /[tTW]/ { n++; if ($2 != "W") { print; bad++ } }
      END { print n + 0 " long paths, " bad + 0 " not weak"; exit bad || n < 10 }'
  }
  lk_check weak-gcc lk_weak
  lk_one_copy_cc() { lk_build "$1" 32 "$2" "$3" "" && lk_one_copy "$1"; }
  lk_check one-copy-gcc lk_one_copy_cc gcc "gcc -O2" "g++ -O2"
  if command -v clang >/dev/null; then
    lk_check size-clang-O2 lk_size clang-O2 "clang -O2" "" "-Wl,--gc-sections"
    lk_check size-clang-O3-cxx lk_size clang-O3-cxx "clang -O3" "clang++ -O3" "-Wl,--gc-sections"
    lk_check one-copy-clang lk_one_copy_cc clang "clang -O2" "clang++ -O2"
  fi
  # kernel-style unit1 among default units, linked last (so that a wrong
  # merge would keep a default copy): what it calls reaches no vector
  KSTYLE="-O2 -mno-sse -mno-mmx -mno-sse2 -mno-red-zone"
  # lk_kernel DIR CC
  lk_kernel() {
    local k=$lk/$1 p=$lk/$1/p$lk_exe
    lk_build "$1" 4 "$2 -O2" "" "" || return 1
    $2 $KSTYLE -Wall -Wextra -Werror -I. -DUNIT=unit1 -c test/link_unit.c -o "$k/u1.o" &&
      $2 "$k/main.o" "$k"/u[2-4].o "$k/u1.o" -o "$p" && $lk_run "$p" | grep -q ' 0 failed$' &&
      lk_reach "$p" unit1 '%[xyz]mm[0-9]|%k[0-7]' && lk_reach_fails "$p" unit2 '%[xyz]mm[0-9]|%k[0-7]'
  }
  lk_check kernel-style lk_kernel kernel gcc
  # two shared objects, each of 16 units, different options, one program
  lk_two_so() {
    local d=$lk/so k objs
    mkdir -p "$d"
    for lib in a b; do
      case $lib in a) f="-O2" ;; b) f="-O2 -march=x86-64-v2 -DFASTMEM_ALL_STRATEGIES" ;; esac
      objs=
      for k in $(seq 1 16); do
        [ $lib = b ] && k=$((k + 16))
        gcc $f -fPIC -Wall -Wextra -Werror -I. -DUNIT=unit$k -c test/link_unit.c -o "$d/u$k.o" || return 1
        objs="$objs $d/u$k.o"
      done
      gcc -shared $objs -o "$d/lib$lib.so" || return 1
      if nm -D --defined-only "$d/lib$lib.so" | grep -E ' fm__(move|set|cmp|eq|probe)'; then
        echo "lib$lib.so exports a long path"; return 1
      fi
      if objdump -d "$d/lib$lib.so" | grep -E '<fm__[a-z0-9_]+@plt>'; then echo "lib$lib.so calls through the PLT"; return 1; fi
    done
    gcc -O2 -DUNITS=32 -c test/link_main.c -o "$d/main.o" && gcc "$d/main.o" -L"$d" -Wl,--no-as-needed -la -lb -Wl,-rpath,"$d" -o "$d/p" &&
      "$d/p" | tail -n 2 && "$d/p" | grep -q '^[1-9][0-9]* passed, 0 failed$'
  }
  lk_check two-shared-objects lk_two_so
  # an ASan file linked after a plain one keeps its own, instrumented copy: the overflow is seen
  lk_asan() {
    printf '#include "fastmem.h"\nvoid other(char *d, const char *s, size_t n) { fm_memcpy(d, s, n); }\n' >"$lk/o.c"
    printf '#include <stdlib.h>\n#include "fastmem.h"\nvoid other(char *, const char *, size_t);\n%s\n' \
      'int main(int c, char **v) { char *d = malloc(100), *s = calloc(1, 300); (void)v; other(s, s + 100, 100);
        fm_memcpy(d, s, 199 + (size_t)c); return d[0]; }' >"$lk/a.c"
    gcc -O2 -I. -c "$lk/o.c" -o "$lk/o.o" && gcc -O2 -fsanitize=address -I. -c "$lk/a.c" -o "$lk/a.o" &&
      gcc -fsanitize=address "$lk/o.o" "$lk/a.o" -o "$lk/asan" || return 1
    ! "$lk/asan" 2>"$lk/asan.err" && grep -q 'ERROR: AddressSanitizer' "$lk/asan.err"
  }
  lk_check asan-mixed-gcc lk_asan
  lk_check lto-gcc lk_build lto-gcc 8 "gcc -O2 -flto" "" "-flto"
  lk_check lto-gcc-one lk_build lto-gcc-one 16 "gcc -O2 -flto" "" "-flto -flto-partition=one"
  lk_check lto-gcc-mixed lk_build lto-gcc-mixed 16 "gcc -O2 -flto" "g++ -O2" "-flto"
  lk_check gold-gcc lk_build gold-gcc 8 "gcc -O2" "" "-fuse-ld=gold"
  # tables that point into every function (mcount sites, patchable entries) must not point into
  # a dropped copy: the long paths have neither
  export GMON_OUT_PREFIX=$lk/gmon # the profile, out of the checkout
  lk_check pg-gcc lk_build pg-gcc 4 "gcc -O2 -pg -mrecord-mcount" "" "-pg"
  unset GMON_OUT_PREFIX
  lk_check patchable-gold-gcc lk_build patchable-gold 4 "gcc -O2 -fpatchable-function-entry=2" "" "-fuse-ld=gold"
  lk_check patchable-lto-gcc lk_build patchable-lto 6 "gcc -O2 -flto -fpatchable-function-entry=2" "" \
    "-flto -flto-partition=one -fpatchable-function-entry=2"
  command -v ld.lld >/dev/null && lk_check lld-gcc lk_build lld-gcc 8 "gcc -O2" "" "-fuse-ld=lld"
  command -v clang >/dev/null && lk_check lto-clang lk_build lto-clang 8 "clang -O2 -flto" "" "-flto -fuse-ld=lld"
  lk_check pic lk_build pic 8 "gcc -O2 -fPIC" "g++ -O2 -fPIC" "-pie"
  lk_check static lk_build static 8 "gcc -O2" "" "-static"
  lk_check visibility-default lk_build visibility 8 "gcc -O2 -fvisibility=default" "" ""
  lk_check gc-sections-gcc lk_build gc-gcc 8 "gcc -O2 -ffunction-sections" "" "-Wl,--gc-sections"
  # -fPIC: the call site calls the long path directly (R_X86_64_PLT32 to a
  # hidden symbol: no PLT once linked, checked in the shared objects above)
  lk_direct() {
    gcc -O2 -fPIC -I. -DUNIT=unit1 -c test/link_unit.c -o "$lk/direct.o" &&
      objdump -dr "$lk/direct.o" | grep -E 'R_X86_64_PLT32[[:space:]]+fm__move_' &&
      ! objdump -dr "$lk/direct.o" | grep -E 'GOTPCREL.*fm__(move|set|cmp|eq)_|call +\*'
  }
  lk_check direct-call lk_direct
  # Windows x86-64 (MinGW gcc, C only) under Wine, with test/builds.sh's prefix: the same sizes,
  # LTO, and a kernel-style file among default ones
  if command -v x86_64-w64-mingw32-gcc >/dev/null && [ -n "${runw:-}" ]; then
    lk_exe=.exe lk_run=$runw
    lk_check size-mingw-O2 lk_size mingw-O2 "x86_64-w64-mingw32-gcc -O2" "" ""
    lk_check size-mingw-O3 lk_size mingw-O3 "x86_64-w64-mingw32-gcc -O3" "" ""
    lk_check lto-mingw lk_build lto-mingw 8 "x86_64-w64-mingw32-gcc -O2 -flto" "" "-flto"
    lk_check kernel-style-mingw lk_kernel kernel-mingw x86_64-w64-mingw32-gcc
    # every long path of an object is link-once: one that lacks FASTMEM__LINK_ONCE would stay a
    # private copy per file, unnoticed by the sizes while it is small
    lk_link_once() {
      x86_64-w64-mingw32-objdump -h "$lk/mingw-O2-32/u2.o" | awk '/\.text\$fm__/ { n++; getline; if ($0 !~ /LINK_ONCE_DISCARD/) bad++ }
        END { print n + 0 " long paths, " bad + 0 " not link-once"; exit bad || n < 10 }'
    }
    lk_check link-once-mingw lk_link_once
    lk_exe= lk_run=
  else
    skipped+=("link: Windows (no x86_64-w64-mingw32-gcc or wine64)")
  fi
  printf '  %-28s %s passed, %s failed\n' link "$lk_pass" "$lk_fail"
else
  skipped+=("link (x86-64 with gcc and objdump only)")
fi
