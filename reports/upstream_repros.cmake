# What every folder of upstream reproducers shares (reports/engines/upstream, reports/engines3d/upstream): included by
# each folder's CMakeLists.txt, whose own blocks say which engine's reproducers are built against which library.
#
# The reproducers are tests that PASS WHILE THE BUG IS PRESENT: a reproducer exits 1 when the engine still gives the
# wrong answer, 0 once it is fixed, and its test requires exit code exactly 1 (engines/upstream/check_exit_code.cmake
# for a compiled one, engines/upstream/run_repro.cmake for a node one): a fixed engine, a crash by a signal or any
# other code fails the test, so a Debian or npm update that fixes (or changes) a finding shows up as a failing test.

set(GJK_UPSTREAM_CHECK ${CMAKE_CURRENT_LIST_DIR}/engines/upstream/check_exit_code.cmake)
set(GJK_UPSTREAM_RUN_NODE ${CMAKE_CURRENT_LIST_DIR}/engines/upstream/run_repro.cmake)

# One compiled reproducer, <folder>/<file>, as the test upstream.<folder> (a second file of the same folder, such as
# repro_f64.cpp, as upstream.<folder>.<file's name>). When its library was not found, a test that fails and says
# which library is missing: a missing library must not pass silently (CI installs every one). Sets
# GJK_LAST_REPRO_TARGET in the caller for the libraries to link.
function(gjk_upstream_repro source library_found library_hint)
  get_filename_component(folder ${source} DIRECTORY)
  get_filename_component(file ${source} NAME_WE)
  set(test_name upstream.${folder})
  set(output repro)
  if(NOT file STREQUAL "repro")
    set(test_name upstream.${folder}.${file})
    set(output ${file})
  endif()
  if(NOT ${library_found})
    message(WARNING "gjkcheck: ${library_hint} not found; the reproducer ${source} is registered as a failing test")
    add_test(NAME ${test_name} COMMAND ${CMAKE_COMMAND} "-DMISSING=${library_hint}" -P ${GJK_UPSTREAM_CHECK})
    set_tests_properties(${test_name} PROPERTIES LABELS upstream)
    return()
  endif()
  string(MAKE_C_IDENTIFIER upstream_repro_${folder}_${file} target)
  add_executable(${target} ${source})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output}
                                             RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/${folder})
  add_test(NAME ${test_name} COMMAND ${CMAKE_COMMAND} "-DREPRO=$<TARGET_FILE:${target}>" -P ${GJK_UPSTREAM_CHECK})
  set_tests_properties(${test_name} PROPERTIES LABELS upstream TIMEOUT 60)
  set(GJK_LAST_REPRO_TARGET ${target} PARENT_SCOPE)
endfunction()

# The npm engines' reproducers of the calling folder (*/repro.mjs). Each imports only its npm package; the test runs it
# from a copy in the build folder beside a node_modules symlink to adapters/js/node_modules (installed by
# scripts/bootstrap, `npm ci`), so `import planck from "planck"` resolves to the pinned version. run_repro.cmake
# passes only when node exits with exactly 1 (the bug is present on the pinned version): 0 (fixed: update the
# finding), 2 or a crash of node (the reproducer is broken) fail the test, and so does a missing node.
function(gjk_upstream_node_repros)
  find_program(GJK_NODE node)
  file(GLOB repros RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/repro.mjs)
  foreach(repro ${repros})
    get_filename_component(folder "${repro}" DIRECTORY)
    add_test(NAME upstream.${folder}
             COMMAND ${CMAKE_COMMAND}
                     -DNODE=${GJK_NODE}
                     -DREPRO=${CMAKE_CURRENT_SOURCE_DIR}/${repro}
                     -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${folder}
                     -DNODE_MODULES=${PROJECT_SOURCE_DIR}/adapters/js/node_modules
                     -P ${GJK_UPSTREAM_RUN_NODE})
    set_tests_properties(upstream.${folder} PROPERTIES TIMEOUT 120 LABELS upstream)
  endforeach()
endfunction()
