#!/bin/sh
# test/bench_merge.sh DIR [BENCH] - bench/merge_runs.sh (make bench RUNS=N) on runs
# with known times: each row's median time, least minimum, summed samples,
# and its ratio to fastmem from the medians; each run's core line in meta.txt.
# With BENCH (the benchmark's binary), also its summary's list of rows below
# 0.9 of the best peer, on known times. Prints what differs; exit 1 then.
set -eu
dir=$1 bench=${2:-}
rm -rf "$dir"
hdr=libc_variant,section,func,align,label,size,src_off,dst_off,dist,impl,calls_per_sample,samples,median_ns,min_ns,bytes_per_ns,ratio_vs_fastmem,spread,attempts
# run i: fastmem and libc times of a 64-byte row, and a 100-byte row
run() {
  mkdir -p "$dir/run$1"
  {
    echo "$hdr"
    echo "libc,sweep,memcpy,aligned,aligned_64,64,0,2048,0,fastmem,1000,21,$2,$3,0,1.0000,1.010,1"
    echo "libc,sweep,memcpy,aligned,aligned_64,64,0,2048,0,libc,1000,21,$4,$5,0,9.0000,1.020,2"
    echo "libc,sweep,memset,aligned,aligned_100,100,0,2048,0,fastmem,1000,21,$6,$6,0,1.0000,1.030,1"
  } >"$dir/run$1/results.csv"
  printf 'cpu:        test\ncore:       libc: %s rows\n' "$1" >"$dir/run$1/meta.txt"
}
run 1 1.0 0.9 4.0 3.9 5.0
run 2 3.0 2.9 2.0 1.5 7.0
run 3 2.0 0.8 9.0 8.0 6.0
sh bench/merge_runs.sh "$dir" "$dir/run1" "$dir/run2" "$dir/run3"
bad=0
expect() { # row prefix, wanted fields 12..18 (samples .. attempts)
  got=$(grep "^$1," "$dir/results.csv" | cut -d, -f12-18)
  [ "$got" = "$2" ] || { echo "merge: $1: got '$got', want '$2'"; bad=1; }
}
expect libc,sweep,memcpy,aligned,aligned_64,64,0,2048,0,fastmem "63,2.0000,0.8000,32.0000,1.0000,1.010,3"
expect libc,sweep,memcpy,aligned,aligned_64,64,0,2048,0,libc "63,4.0000,1.5000,16.0000,2.0000,1.020,6"
expect libc,sweep,memset,aligned,aligned_100,100,0,2048,0,fastmem "63,6.0000,5.0000,16.6667,1.0000,1.030,3"
[ "$(head -1 "$dir/results.csv")" = "$hdr" ] || { echo "merge: header changed"; bad=1; }
[ "$(grep -c . "$dir/results.csv")" = 4 ] || { echo "merge: not 3 rows"; bad=1; }
grep -q '^runs: *3 processes' "$dir/meta.txt" || { echo "merge: meta.txt has no runs line"; bad=1; }
# every run's core line once, marked with its run
got=$(grep '^core:' "$dir/meta.txt" | tr -s ' ' | tr '\n' '|')
want='core: run 1, libc: 1 rows|core: run 2, libc: 2 rows|core: run 3, libc: 3 rows|'
[ "$got" = "$want" ] || { echo "merge: core lines '$got', want '$want'"; bad=1; }
# two runs: the mean of the middle two
sh bench/merge_runs.sh "$dir/two" "$dir/run1" "$dir/run2"
got=$(grep ',libc,' "$dir/two/results.csv" | cut -d, -f13,16)
[ "$got" = "3.0000,1.5000" ] || { echo "merge of two runs: libc got '$got', want '3.0000,1.5000'"; bad=1; }
# the summary's rows below 0.9 of the best peer: of two rows the 64-byte one
# and nothing else, with its best peer's ratio and both times from the
# peer's own process (libc-norep's, where fastmem took 4 ns, not the 2 ns
# of the first process)
below() { # variant, fastmem's and libc's time of the 64-byte row, libc's ratio
  echo "$1,sweep,memcpy,aligned,aligned_64,64,0,2048,0,fastmem,1000,21,$2,$2,0,1.0000,1.010,1"
  echo "$1,sweep,memcpy,aligned,aligned_64,64,0,2048,0,libc,1000,21,$3,$3,0,$4,1.010,1"
  echo "$1,sweep,memcpy,aligned,aligned_100,100,0,2048,0,fastmem,1000,21,2.0,2.0,0,1.0000,1.010,1"
  echo "$1,sweep,memcpy,aligned,aligned_100,100,0,2048,0,libc,1000,21,3.0,3.0,0,1.5000,1.010,1"
}
if [ -n "$bench" ]; then
  mkdir -p "$dir/below"
  { echo "$hdr"; below libc 2.0 1.0 0.5000; below libc-norep 4.0 1.6 0.4000; } >"$dir/below/results.csv"
  "$bench" --out="$dir/below" --report-only="$dir/below" >/dev/null || { echo "below: no report"; bad=1; }
  grep -q '^  memcpy *aligned *64  0\.400  libc-norep  *4\.00  *1\.60$' "$dir/below/summary.txt" ||
    { echo "below: no line for the 64-byte row with libc-norep's times"; bad=1; }
  grep -q '^sweep rows below 0\.9 of the best peer: 1 of 2$' "$dir/below/summary.txt" ||
    { echo "below: the count is not 1 of 2"; bad=1; }
fi
[ $bad = 0 ] && echo "bench merge: ok"
exit $bad
