#!/bin/bash
# The Slurm scripts run locally: scripts/slurm/compare.sbatch once per task with a fake
# SLURM_ARRAY_TASK_ID (1..3 of SLURM_ARRAY_TASK_COUNT 3), then scripts/slurm/merge.sbatch; the merged
# summary.csv and rows.csv must equal those of the one-machine `gjkcheck compare` on the same arguments.
#   tests/scale/slurm_shard_loop.sh GJKCHECK SOURCE_DIR
set -euo pipefail
gjkcheck="$1"
source_dir="$2"
work="$(mktemp -d "${TMPDIR:-/tmp}/gjkcheck-slurm-loop.XXXXXX")"
trap 'rm -rf "$work"' EXIT
args="--count 9 --seed 4 --strategies naive,perp,box2d-v3.1,vdb --gallery 1"

export STUDY="$work/study" GJKCHECK="$gjkcheck" COMPARE_ARGS="$args" SLURM_ARRAY_TASK_COUNT=3
for task in 1 2 3; do
  SLURM_ARRAY_TASK_ID=$task bash "$source_dir/scripts/slurm/compare.sbatch" 2>>"$work/log"
done
# A task outside the array's 1..N is refused.
if SLURM_ARRAY_TASK_ID=4 bash "$source_dir/scripts/slurm/compare.sbatch" 2>>"$work/log"; then
  echo "FAIL: task 4 of 3 was not refused" >&2
  exit 1
fi
bash "$source_dir/scripts/slurm/merge.sbatch" 2>>"$work/log"
# shellcheck disable=SC2086
"$gjkcheck" compare $args --jobs 2 --out "$work/whole" 2>>"$work/log" || [ $? -eq 1 ]  # 1: violations found

status=0
for file in summary.csv rows.csv; do
  if ! cmp "$work/whole/$file" "$work/study/report/$file"; then
    echo "FAIL: $file of the merged shards differs from the one-machine run" >&2
    status=1
  fi
done
# Not two empty files: every case of every shard is counted (9 per family, 14 families).
if ! grep -q '^perp,all,126,' "$work/study/report/summary.csv"; then
  echo "FAIL: the merged summary does not count 126 cases for perp" >&2
  status=1
fi
[ $status -eq 0 ] && echo "slurm shard loop: 3 shards merged; summary.csv, rows.csv equal the one-machine run"
exit $status
