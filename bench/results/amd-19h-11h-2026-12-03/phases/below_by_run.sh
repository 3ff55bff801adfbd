#!/bin/sh
# below_by_run.sh SNAPDIR RUNDIR: for each sweep row below 0.9 of its best
# peer in SNAPDIR/summary.txt (the medians of the runs), in how many of the
# runs RUNDIR/run1..N it was below 0.9 too: each run's ratio (peer / fastmem
# in the same process, the least over the peers), and the two times behind
# it: fastmem's and that peer's, in ns, from the peer's process.
snap=$1 runs=$2
awk -F, '
FNR == 1 { if (FILENAME ~ /summary/) mode = 0; else { mode = 1; run++ } next }
mode == 0 && /^  mem/ { split($0, f, " "); key = f[1] " " f[2] " " f[3]; below[key] = $0; order[++nb] = key; next }
mode == 1 && $2 == "sweep" && $10 != "fastmem" {
  k = $3 " " $4 " " size($6); r = $16 + 0
  if (!((run, k) in best) || r < best[run, k]) { best[run, k] = r; peer[run, k] = $13 }
}
function size(s) {
  s += 0
  if (s >= 1048576 && s % 1048576 == 0) return (s / 1048576) "M"
  if (s >= 1024 && s % 1024 == 0) return (s / 1024) "K"
  return s
}
END {
  for (i = 1; i <= nb; i++) {
    k = order[i]; n = 0; list = ""
    for (r = 1; r <= run; r++) {
      if ((r, k) in best && best[r, k] < 0.9) n++
      list = list sprintf(" %.3f (%.2f/%.2f)", best[r, k], peer[r, k] / best[r, k], peer[r, k])
    }
    printf "%s\n      below 0.9 in %d of %d runs:%s\n", below[k], n, run, list
    cnt[n]++
  }
  for (n = 0; n <= run; n++) printf "rows below 0.9 in %d of %d runs: %d\n", n, run, cnt[n] + 0
}' "$snap/summary.txt" "$runs"/run[0-9]*/results.csv
