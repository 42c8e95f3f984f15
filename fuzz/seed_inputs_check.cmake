# ctest fuzz_seed_inputs_match_convert: fuzz_seed_inputs (the seed corpora of .clusterfuzzlite/build.sh) and
# `gjkcheck convert --to input` turn corpus/seeds and corpus/regressions into the same fuzzer inputs: the same
# file names and the same bytes (the 2D cases: convert leaves the 3D ones out, fuzz_seed_inputs --dimension 2
# too). Variables: GJKCHECK, SEED_INPUTS, SOURCE, OUT.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${SEED_INPUTS} --dimension 2 ${OUT}/seed-inputs ${SOURCE}/corpus/seeds ${SOURCE}/corpus/regressions
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "fuzz_seed_inputs failed (${status}): ${out}${err}")
endif()
execute_process(COMMAND ${GJKCHECK} convert --to input --out ${OUT}/convert ${SOURCE}/corpus/seeds ${SOURCE}/corpus/regressions
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gjkcheck convert failed (${status}): ${out}${err}")
endif()
file(GLOB_RECURSE ours RELATIVE ${OUT}/seed-inputs ${OUT}/seed-inputs/*)
file(GLOB_RECURSE theirs RELATIVE ${OUT}/convert ${OUT}/convert/*)
list(SORT ours)
list(SORT theirs)
list(LENGTH ours count)
if(count EQUAL 0)
  message(FATAL_ERROR "fuzz_seed_inputs wrote no input")
endif()
if(NOT ours STREQUAL theirs)
  message(FATAL_ERROR "the file names differ:\nfuzz_seed_inputs: ${ours}\ngjkcheck convert: ${theirs}")
endif()
foreach(name ${ours})
  file(SHA256 ${OUT}/seed-inputs/${name} a)
  file(SHA256 ${OUT}/convert/${name} b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "${name}: fuzz_seed_inputs and gjkcheck convert wrote different bytes")
  endif()
endforeach()
message(STATUS "${count} inputs, the same names and bytes")
