# Runs one upstream reproducer (CMakeLists.txt beside this file) and passes only on exit code 1.
# -DNODE: node; -DREPRO: the repro.mjs; -DWORK_DIR: a build folder for it; -DNODE_MODULES: the
# installed npm packages (adapters/js/node_modules).
if(NOT NODE)
  message(FATAL_ERROR "node not found: run scripts/bootstrap")
endif()
if(NOT IS_DIRECTORY "${NODE_MODULES}")
  message(FATAL_ERROR "${NODE_MODULES} is missing: run scripts/bootstrap (npm ci in adapters/js)")
endif()
file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY_FILE "${REPRO}" "${WORK_DIR}/repro.mjs")
if(NOT EXISTS "${WORK_DIR}/node_modules")
  file(CREATE_LINK "${NODE_MODULES}" "${WORK_DIR}/node_modules" SYMBOLIC)
endif()
execute_process(COMMAND "${NODE}" repro.mjs
                WORKING_DIRECTORY "${WORK_DIR}"
                RESULT_VARIABLE code)
if(NOT code STREQUAL "1")
  message(FATAL_ERROR "${REPRO} exited with '${code}'; expected exactly 1 (the bug present on the pinned "
                      "version). 0: the engine answers correctly now (update the finding); anything else: "
                      "the reproducer itself failed.")
endif()
message(STATUS "${REPRO}: exit 1, the finding reproduces on the pinned version")
