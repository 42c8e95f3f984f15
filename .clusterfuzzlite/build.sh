#!/bin/bash -eu
# Builds every fuzz target of fuzz/ for OSS-Fuzz / ClusterFuzzLite: with the toolchain's $CC $CXX
# $CFLAGS $CXXFLAGS, linked with $LIB_FUZZING_ENGINE, into $OUT with each target's seed-corpus zip,
# dictionary and options. Scratch files go to $WORK; the source is $SRC/gjkcheck (or this script's
# repository when that does not exist). .ci/run runs it on an ordinary machine with these variables set.
#
# $OUT/fuzz_distance checks the strategy named by GJK_STRATEGY, perp when unset: on OSS-Fuzz, where no
# environment can be set per target, it fuzzes perp, and every violation is reported as a crash;
# $OUT/fuzz_penetration likewise checks epa (GJK_PENETRATION_STRATEGY; none: the oracle self-check only), and
# $OUT/fuzz_cast robust-cast (GJK_CAST_STRATEGY; none: the cast oracle's self-check only), and
# $OUT/fuzz_distance3d the 3D strategy vdb3 (GJK_STRATEGY, a 3D one).
source_dir="$SRC/gjkcheck"
if [ ! -d "$source_dir" ]; then
  source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fi
build_dir="$WORK/gjkcheck-build"
targets=(fuzz_distance fuzz_oracle fuzz_cache fuzz_case_reader fuzz_penetration fuzz_cast fuzz_oracle3d fuzz_distance3d)

# GMP, MPFR and MPFI (the oracle's exact and interval arithmetic) statically, when the static libraries are
# there: the runner image has none of them.
gmp_option=()
for library in GMP:gmp MPFR:mpfr MPFI:mpfi; do
  static="$(find /usr/lib /usr/local/lib -name "lib${library#*:}.a" 2>/dev/null | head -n 1 || true)"
  if [ -n "$static" ]; then
    gmp_option+=(-D"${library%%:*}"_LIBRARY="$static")
  fi
done

cmake -S "$source_dir" -B "$build_dir" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DCMAKE_C_FLAGS_RELEASE="" -DCMAKE_CXX_FLAGS_RELEASE="" \
  -DGJK_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DGJK_BUILD_TESTS=OFF \
  "${gmp_option[@]}"
cmake --build "$build_dir" --target "${targets[@]}" fuzz_seed_inputs

# Seed corpora: the case corpus converted to fuzzer inputs (fuzz_seed_inputs: the inputs `gjkcheck convert
# --to input` writes, without building gjkcheck), and the case files themselves for the text reader.
seeds="$WORK/gjkcheck-seeds"
rm -rf "$seeds"
mkdir -p "$seeds/reader"
# The 2D targets read the 2D encoding: the 3D cases of the corpus (corpus/regressions/strategies3d) are left out.
"$build_dir/fuzz/fuzz_seed_inputs" --dimension 2 "$seeds/geometry" "$source_dir/corpus/seeds" "$source_dir/corpus/regressions"
# fuzz_oracle3d reads the 3D encoding (case/fuzz_input_3d.h): its seeds are the 3D cases of fuzz/corpus/oracle3d.
"$build_dir/fuzz/fuzz_seed_inputs" "$seeds/oracle3d" "$source_dir/fuzz/corpus/oracle3d"
# fuzz_distance3d reads the same encoding: its seeds are the 3D family cases of fuzz/corpus/distance3d and the 3D
# cases of the corpus.
"$build_dir/fuzz/fuzz_seed_inputs" --dimension 3 "$seeds/distance3d" "$source_dir/fuzz/corpus/distance3d" "$source_dir/corpus/seeds" "$source_dir/corpus/regressions"
for file in $(cd "$source_dir" && find corpus -name '*.case' | sort) $(cd "$source_dir" && find fuzz/corpus/case_reader -type f | sort); do
  cp "$source_dir/$file" "$seeds/reader/$(echo "$file" | tr '/' '-')"
done

for target in "${targets[@]}"; do
  cp "$build_dir/fuzz/$target" "$OUT/"
  cp "$build_dir/fuzz/$target.dict" "$OUT/$target.dict"
  cp "$build_dir/fuzz/$target.options" "$OUT/$target.options"
  corpus="$seeds/geometry"
  if [ "$target" = fuzz_case_reader ]; then
    corpus="$seeds/reader"
  elif [ "$target" = fuzz_oracle3d ]; then
    corpus="$seeds/oracle3d"
  elif [ "$target" = fuzz_distance3d ]; then
    corpus="$seeds/distance3d"
  fi
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$corpus" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
echo "build.sh: ${targets[*]} in $OUT"
