# A short 3D campaign with the real libFuzzer (issue 23, step 4): `gjkcheck campaign --strategy vdb3` drives
# fuzz_distance3d for a few seconds from its seeds (fuzz/corpus/distance3d, on which no 3D strategy fails, and the
# 3D seeds of corpus/seeds less those vdb3 fails, as the campaign leaves out: every finding is the fuzzer's own,
# through the 3D mutator and libFuzzer's byte mutations), and must file at least one
# vdb3 cause: a `dimension 3` case with its expected violation, replaying under `gjkcheck corpus check`.
# Arguments: GJKCHECK FUZZER SOURCE OUT [SECONDS, default 8].
if(NOT SECONDS)
  set(SECONDS 8)
endif()
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GJKCHECK} campaign --strategy vdb3 --time ${SECONDS} --jobs 1 --minimize 0
                        --seeds ${SOURCE}/fuzz/corpus/distance3d,${SOURCE}/corpus/seeds --fuzzer ${FUZZER} --out ${OUT}/found
                        --work ${OUT}/work
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 1)
  message(FATAL_ERROR "gjkcheck campaign --strategy vdb3 exited ${result}, not 1 (violations found):\n${output}")
endif()
file(GLOB filed ${OUT}/found/vdb3.*.case)
list(LENGTH filed count)
if(count EQUAL 0)
  message(FATAL_ERROR "the campaign filed no vdb3 case:\n${output}")
endif()
foreach(file ${filed})
  file(READ ${file} text)
  if(NOT text MATCHES "^gjk-case 1\ndimension 3\n" OR NOT text MATCHES "\nmeta\\.expected-verdict violation\n")
    message(FATAL_ERROR "${file} is not filed as a 3D violation:\n${text}")
  endif()
endforeach()
file(READ ${OUT}/found/README.md report)
if(NOT report MATCHES "fuzz target fuzz_distance3d" OR NOT report MATCHES "exec/s over the run")
  message(FATAL_ERROR "the report does not name fuzz_distance3d or gives no exec/s:\n${report}")
endif()
execute_process(COMMAND ${GJKCHECK} corpus check ${OUT}/found RESULT_VARIABLE result OUTPUT_VARIABLE check
                ERROR_VARIABLE check)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the filed cases do not replay:\n${check}")
endif()
string(REGEX MATCHALL "\\| vdb3 [a-z-]+ [a-z-]+ \\|" causes "${report}")
message(STATUS "filed ${count} vdb3 causes, all replaying: ${causes}")
