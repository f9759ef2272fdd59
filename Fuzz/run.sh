#!/usr/bin/env bash
# Runs each fuzz target for SECONDS (default 120) on a copy of its seed corpus and prints one
# line per target: `reliability: fuzz-NAME executions=… crashes=… seconds=…`.
# A crashing input is copied to Fuzz/regressions/NAME-… (then: make it a unit test).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out="${FUZZ_OUT:-.build-fuzz}"
status=0
total=0
for name in decoders gazetteer arguments; do
  work="$out/work-$name"
  rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
  cp Fuzz/corpus/"$name"/* "$work/corpus/"
  max_len=65536
  [ "$name" = decoders ] || max_len=512
  "$out/fuzz-$name" "$work/corpus" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 \
    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
    -dict=Fuzz/dictionaries/"$name".dict >"$work/log" 2>&1
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | grep -o '[0-9]*$' | tail -1)
  crashes=$(find "$work/artifacts" -type f | wc -l)
  for artifact in "$work"/artifacts/*; do
    [ -f "$artifact" ] || continue
    cp "$artifact" "Fuzz/regressions/$name-$(basename "$artifact")"
    status=1
  done
  total=$((total + ${runs:-0}))
  echo "reliability: fuzz-$name executions=${runs:-0} crashes=$crashes seconds=$seconds corpus=$(ls "$work/corpus" | wc -l)"
done
echo "reliability: fuzz-total executions=$total"
exit $status
