# ctest fixture fuzz_replay_corpora: converts corpus/seeds, regressions and rejudged into the fuzzer inputs
# the replay tests of fuzz/CMakeLists.txt run (see there). Arguments: GJKCHECK SOURCE OUT STRATEGIES and
# STRATEGIES3 (comma separated; the 2D ones, the 3D ones).
file(REMOVE_RECURSE ${OUT})
set(corpora ${SOURCE}/corpus/seeds ${SOURCE}/corpus/regressions ${SOURCE}/corpus/rejudged)
execute_process(COMMAND ${GJKCHECK} convert --to input --out ${OUT}/cases ${corpora} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "gjkcheck convert failed (${result})")
endif()
# robust-cast's replay: the cast cases it is no violation on (the cast verdict; the regressions it fails are
# checked by corpus check instead).
execute_process(COMMAND ${GJKCHECK} convert --to input --skip-violations robust-cast --out ${OUT}/cast-robust-cast
                        ${corpora} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "gjkcheck convert --skip-violations robust-cast failed (${result})")
endif()
string(REPLACE "," ";" strategies "${STRATEGIES}")
foreach(strategy ${strategies})
  execute_process(COMMAND ${GJKCHECK} convert --to input --skip-violations ${strategy} --out ${OUT}/distance-${strategy}
                          ${corpora} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "gjkcheck convert --skip-violations ${strategy} failed (${result})")
  endif()
endforeach()
# The 3D strategies' replay (fuzz_distance3d): the 3D cases of the same corpora (the 3D seeds of corpus/seeds/3d,
# corpus/regressions/strategies3d) each strategy is no violation on, in the 3D encoding.
string(REPLACE "," ";" strategies3 "${STRATEGIES3}")
foreach(strategy ${strategies3})
  execute_process(COMMAND ${GJKCHECK} convert --to input --skip-violations ${strategy} --out ${OUT}/distance3d-${strategy}
                          ${corpora} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "gjkcheck convert --skip-violations ${strategy} failed (${result})")
  endif()
endforeach()
