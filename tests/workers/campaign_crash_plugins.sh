#!/usr/bin/env bash
# Campaigns on plugins that crash, with the real libFuzzer build of fuzz_distance (docs/fuzzing.md):
# 1. triangle_abort_plugin crashes whenever shape A is a triangle: the campaign files the cause
#    `crash crash`, minimized and shrunk, its case replays (`corpus check`) and its shape A is a triangle;
# 2. abort_plugin crashes on every third query of a process: its crash cause is either filed (the case
#    happened to crash again when judged) or kept in REPORT/unreproduced/ with the case and what the engine
#    said; never only "NOT written".
# Usage: campaign_crash_plugins.sh GJKCHECK FUZZ_DISTANCE TRIANGLE_PLUGIN ABORT_PLUGIN WORK SEEDS [SECONDS]
set -euo pipefail
gjk=$1 fuzzer=$2 triangle=$(realpath "$3") abort=$(realpath "$4") work=$5 seeds=$6 seconds=${7:-30}
fail() { echo "campaign_crash_plugins: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
cd "$work"  # a campaign's fuzzer runs in its own folder: the plugins are named by absolute paths

campaign() {  # name plugin
  local status=0
  "$gjk" campaign --strategy "plugin:$2" --time "$seconds" --jobs 1 --minimize 3 --seeds "$seeds" \
    --fuzzer "$fuzzer" --work "$work/$1/work" --out "$work/$1/out" --report "$work/$1/report" \
    > "$work/$1.log" 2>&1 || status=$?
  [ "$status" -le 1 ] || { tail -20 "$work/$1.log"; fail "campaign $1 exited $status"; }
}

campaign triangle "$triangle"
report=$work/triangle/report/README.md
grep -q "crash crash | [0-9]* / [0-9]* | crash | filed" "$report" || { cat "$report"; fail "triangle: no crash case filed"; }
# Named by the plugin's file, not its folders (verdict/classify.h strategyFileName).
case="$work/triangle/out/plugin-$(basename "$triangle" .so).crash.crash.case"
[ -f "$case" ] || { ls "$work/triangle/out"; fail "triangle: no $(basename "$case") in out"; }
"$gjk" corpus check "$work/triangle/out" > /dev/null || fail "triangle: the filed cases do not replay"
[ "$(grep -c '^a\.vertex' "$case")" -eq 3 ] || fail "triangle: the crash case's shape A is no triangle: $case"
echo "triangle: filed $case"

campaign abort "$abort"
report=$work/abort/report/README.md
row=$(grep "crash crash |" "$report") || { cat "$report"; fail "abort: no crash cause in the report"; }
if ! echo "$row" | grep -q "| filed"; then
  # The report shows paths under the folder the campaign ran in relative to it (here $work).
  echo "$row" | grep -qE "kept in ($work/)?abort/report/unreproduced/crash-" || fail "abort: lost: $row"
  grep -q "## Failures that did not show again" "$report" || fail "abort: no section of unreproduced failures"
  # Other causes (perp's own answers judged between crashes) may be kept there too: read the crash's file.
  kept=$(grep -l "^cause: .* crash crash$" "$work"/abort/report/unreproduced/*.txt | head -1)
  [ -n "$kept" ] || fail "abort: no kept file of the crash cause in $work/abort/report/unreproduced"
  grep -q "abort_plugin: query" "$kept" || fail "abort: $kept lacks the plugin's stderr"
  [ -f "${kept%.txt}.case" ] && [ -f "${kept%.txt}" ] || fail "abort: the input or its case is missing beside $kept"
  "$gjk" convert "${kept%.txt}" --out "$work/abort/back.case" > /dev/null || fail "abort: the kept input does not convert"
  echo "abort: kept ${kept%.txt}"
else
  echo "abort: the crash case happened to crash again and was filed"
fi
