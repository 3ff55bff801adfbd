#!/bin/sh
# bench/merge_runs.sh - one results.csv and meta.txt from several runs of the
# benchmark (each in its own process), for `make bench RUNS=N`.
#
#   sh bench/merge_runs.sh OUT RUN1 RUN2 ...
#
# Each row (the same section, operation, size, offsets and implementation)
# gets the median of its runs' median times, the least of their minimum
# times, the median spread and the sum of samples and attempts; its bytes
# per ns and its ratio to fastmem are computed again from those medians.
# Why: on a shared machine one process can run a whole section's short calls
# 1.5-2x slower than the next process does, one implementation more than
# another, while rows within a process agree (make bench twice on AMD family
# 1Ah: fastmem's memmove of 17 bytes 1.39 ns in one run and 0.57 in another,
# same binary): the host shared our core with other work for a while. Rows
# wait that out where they can (bench/core_share.c); a median over processes
# keeps a run that could not from deciding a row. meta.txt gets each run's
# `core:` line, which says how it went.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OUT RUN1 [RUN2 ...]" >&2; exit 2; }
out=$1; shift
mkdir -p "$out"
for r in "$@"; do
  [ -f "$r/results.csv" ] || { echo "$0: no $r/results.csv" >&2; exit 1; }
done
first=$1 nruns=$#
# each run's lines about its core (bench/core_share.c), marked with the run
cores=$(k=0; for r in "$@"; do
  k=$((k + 1))
  sed -n "s/^core: */core:       run $k, /p" "$r/meta.txt" 2>/dev/null || true
done)
for r in "$@"; do set -- "$@" "$r/results.csv"; shift; done # each run's results.csv
awk -F, -v OFS=, '
function med(list, a, n, i, j, t) {
  n = split(list, a, " ")
  for (i = 2; i <= n; i++)
    for (j = i; j > 1 && a[j] + 0 < a[j - 1] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
FNR == 1 { if (NR == 1) header = $0; next }
{
  row = $1; for (i = 2; i <= 9; i++) row = row OFS $i   # the row without the implementation
  key = row OFS $10
  if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key; rowof[key] = row; first[key] = $0 }
  t[key] = t[key] " " $13; sp[key] = sp[key] " " $17
  if (!(key in mn) || $14 + 0 < mn[key]) mn[key] = $14 + 0
  smp[key] += $12; att[key] += $18; ratio[key] = ratio[key] " " $16
}
END {
  print header
  for (k = 1; k <= nkeys; k++) { key = order[k]; m[key] = med(t[key]) }
  for (k = 1; k <= nkeys; k++) {
    key = order[k]; split(first[key], f, ",")
    fm = rowof[key] OFS "fastmem"
    r = (fm in m && m[fm] > 0) ? m[key] / m[fm] : med(ratio[key])
    bpns = m[key] > 0 ? f[6] / m[key] : 0
    printf "%s,%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%d\n", rowof[key], f[10], f[11], smp[key], m[key],
           mn[key], bpns, r, med(sp[key]), att[key]
  }
}' "$@" >"$out/results.csv.tmp"
mv "$out/results.csv.tmp" "$out/results.csv"
{
  grep -v '^core:' "$first/meta.txt" || true
  echo "runs:       $nruns processes; each row: the median of their median times (bench/merge_runs.sh)"
  [ -z "$cores" ] || printf '%s\n' "$cores"
} >"$out/meta.txt"
[ -f "$first/run_name" ] && cp "$first/run_name" "$out/run_name"
exit 0
