# ctest fixture fuzz_replay_corpora: converts corpus/seeds, regressions and rejudged into the fuzzer inputs
# the replay tests of fuzz/CMakeLists.txt run (see there). Arguments: GJKCHECK SOURCE OUT STRATEGIES
# (comma separated).
file(REMOVE_RECURSE ${OUT})
set(corpora ${SOURCE}/corpus/seeds ${SOURCE}/corpus/regressions ${SOURCE}/corpus/rejudged)
execute_process(COMMAND ${GJKCHECK} convert --to input --out ${OUT}/cases ${corpora} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "gjkcheck convert failed (${result})")
endif()
string(REPLACE "," ";" strategies "${STRATEGIES}")
foreach(strategy ${strategies})
  execute_process(COMMAND ${GJKCHECK} convert --to input --skip-violations ${strategy} --out ${OUT}/distance-${strategy}
                          ${corpora} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "gjkcheck convert --skip-violations ${strategy} failed (${result})")
  endif()
endforeach()
