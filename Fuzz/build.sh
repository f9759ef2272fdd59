#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets against the package's own sources (not a SwiftPM
# target: `-sanitize=fuzzer` needs its own build). Output: $FUZZ_OUT (default .build-fuzz).
#
#   Fuzz/build.sh                       build fuzz-decoders, fuzz-gazetteer, fuzz-arguments
#   Fuzz/run.sh [seconds]               run each for that long (default 120) and print figures
set -euo pipefail
cd "$(dirname "$0")/.."
out="${FUZZ_OUT:-.build-fuzz}"
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name Cloudy -I "$out")

# The gazetteer's data: C23 #embed of places.tsv, and a module map for Swift.
clang -std=c2x -O1 -c Sources/CloudyGazetteerData/places.c \
  -I Sources/CloudyGazetteerData/include -o "$out/places.o"
# printf's fixed-point formatting for CloudyModels (DecimalText).
clang -std=c2x -O1 -c Sources/CNumberFormat/number_format.c \
  -I Sources/CNumberFormat/include -o "$out/number_format.o"
cat >"$out/module.modulemap" <<MAP
module CloudyGazetteerData {
  header "$PWD/Sources/CloudyGazetteerData/include/CloudyGazetteerData.h"
  export *
}
module CNumberFormat {
  header "$PWD/Sources/CNumberFormat/include/CNumberFormat.h"
  export *
}
MAP

module() {  # name, sources…
  local name=$1
  shift
  swiftc "${flags[@]}" -wmo -c -module-name "$name" -emit-module-path "$out/$name.swiftmodule" \
    -Xcc -fmodule-map-file="$out/module.modulemap" "$@" -o "$out/$name.o"
}
module CloudyModels $(find Sources/CloudyModels -name '*.swift' | sort)
module CloudyPlatform $(find Sources/CloudyPlatform -name '*.swift' | sort)
module CloudyServices $(find Sources/CloudyServices -name '*.swift' | sort)
module CloudyGazetteer $(find Sources/CloudyGazetteer -name '*.swift' | sort)
module CloudyDecoding $(find Sources/CloudyDecoding -name '*.swift' | sort)

for target in Decoders Gazetteer Arguments; do
  name="fuzz-$(echo "$target" | tr '[:upper:]' '[:lower:]')"
  swiftc "${flags[@]}" -Xcc -fmodule-map-file="$out/module.modulemap" \
    "Fuzz/Targets/Fuzz$target.swift" "$out"/Cloudy*.o "$out/places.o" "$out/number_format.o" -o "$out/$name"
  echo "built $out/$name"
done
