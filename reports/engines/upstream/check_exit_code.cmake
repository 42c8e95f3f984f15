# Runs one upstream reproducer and passes only if it exits with code exactly 1 ("the bug is present").
#   cmake -DREPRO=<reproducer> -P check_exit_code.cmake
# execute_process reports a death by a signal as a text ("Child aborted", "Segmentation fault"), not 1,
# so a crash fails the test; exit 0 (the engine fixed) fails it too, with a message saying so.
# With -DMISSING=<library> the reproducer was not built: fail and say which library is missing.
if(DEFINED MISSING)
  message(FATAL_ERROR "not built: ${MISSING} was not found when the project was configured")
endif()
if(NOT DEFINED REPRO)
  message(FATAL_ERROR "usage: cmake -DREPRO=<reproducer> -P check_exit_code.cmake")
endif()
execute_process(COMMAND ${REPRO} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(err)
  message("stderr:\n${err}")
endif()
if(code STREQUAL "1")
  message("exit code 1: the engine still has the bug, as this report expects")
elseif(code STREQUAL "0")
  message(FATAL_ERROR "exit code 0: the engine no longer shows the bug; update the finding's README and this test")
else()
  message(FATAL_ERROR "unexpected result '${code}' (only exit code 1 passes; a crash by a signal does not)")
endif()
