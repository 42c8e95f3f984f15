# A short penetration campaign with the real libFuzzer (issue 13): `gjkcheck campaign --strategy sat` drives
# fuzz_penetration for a few seconds from corpus/seeds (not corpus/regressions, whose sat causes it would pass
# over), and must find and file at least one of sat's failure classes (reports/penetration shows sat failing
# contact-error on every overlap family), each file naming the penetration query and replaying with its
# expected penetration verdict under `gjkcheck corpus check`.
# Arguments: GJKCHECK FUZZER SOURCE OUT [SECONDS, default 8].
if(NOT SECONDS)
  set(SECONDS 8)
endif()
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${GJKCHECK} campaign --strategy sat --time ${SECONDS} --jobs 1 --minimize 0
                        --seeds ${SOURCE}/corpus/seeds --fuzzer ${FUZZER} --out ${OUT}/found --work ${OUT}/work
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 1)
  message(FATAL_ERROR "gjkcheck campaign --strategy sat exited ${result}, not 1 (violations found):\n${output}")
endif()
file(GLOB filed ${OUT}/found/sat.*.case)
list(LENGTH filed count)
if(count EQUAL 0)
  message(FATAL_ERROR "the campaign filed no sat case:\n${output}")
endif()
foreach(file ${filed})
  file(READ ${file} text)
  if(NOT text MATCHES "\nmeta\\.query penetration\n" OR NOT text MATCHES "\nmeta\\.expected-verdict violation\n")
    message(FATAL_ERROR "${file} is not filed as a penetration violation:\n${text}")
  endif()
endforeach()
file(READ ${OUT}/found/README.md report)
if(NOT report MATCHES "exec/s over the run")
  message(FATAL_ERROR "the report gives no exec/s:\n${report}")
endif()
execute_process(COMMAND ${GJKCHECK} corpus check ${OUT}/found RESULT_VARIABLE result OUTPUT_VARIABLE check
                ERROR_VARIABLE check)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the filed cases do not replay:\n${check}")
endif()
string(REGEX MATCHALL "\\| sat [a-z-]+ [a-z-]+ \\|" causes "${report}")
message(STATUS "filed ${count} sat causes, all replaying: ${causes}")
