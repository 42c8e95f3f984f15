# The include direction of README.md's layout, checked on the source: every project include ("folder/file.h")
# in each folder below names only the folders that folder may include. Run by ctest (tests/CMakeLists.txt):
#   cmake -DSOURCE=<tree> [-DEXPECT=<n>] -P include_direction.cmake
# It fails unless exactly EXPECT (default 0) includes break the rules, so a fixture tree with known
# violations (tests/layout/violating) shows the check can fail.
#
#   core, oracle       -> themselves only: the code under test and the judge include nothing of the harness
#   adapters           -> core
#   case               -> core
#   workers            -> case, core (the worker protocol; include/ is the plugin ABI, outside these rules)
#   families           -> case, core, oracle
#   verdict            -> workers, families, case, core, oracle, adapters
#   report             -> verdict, families, case, core, oracle
#   fuzz, properties   -> verdict, families, case, core, oracle
#   bench              -> report (compare_bench times compare's loop), verdict, families, case, core, oracle, adapters
#   tools              -> report, verdict, families, case, core, oracle
# A quoted include without a folder ("xml_check.h") is the including folder's own file and always allowed.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE)
  message(FATAL_ERROR "include_direction.cmake: pass -DSOURCE=<source tree>")
endif()
if(NOT DEFINED EXPECT)
  set(EXPECT 0)
endif()

set(project_folders core oracle adapters case families verdict report fuzz properties bench tools tests
    workers include)
set(allowed_core core)
set(allowed_oracle oracle)
set(allowed_adapters adapters core)
set(allowed_case case core)
set(allowed_families families case core oracle)
set(allowed_workers workers case core)
set(allowed_verdict verdict workers families case core oracle adapters)
set(allowed_report report verdict families case core oracle)
set(allowed_fuzz fuzz verdict families case core oracle)
set(allowed_properties properties verdict families case core oracle)
set(allowed_bench bench report verdict families case core oracle adapters)
set(allowed_tools tools report verdict families case core oracle)

set(violations 0)
set(checked 0)
foreach(folder core oracle adapters case workers families verdict report fuzz properties bench tools)
  file(GLOB_RECURSE sources LIST_DIRECTORIES false RELATIVE ${SOURCE}
       ${SOURCE}/${folder}/*.h ${SOURCE}/${folder}/*.hpp ${SOURCE}/${folder}/*.c ${SOURCE}/${folder}/*.cpp)
  foreach(source ${sources})
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${SOURCE}/${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line ${includes})
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*$" "\\1" path "${line}")
      if(NOT path MATCHES "/")
        continue()
      endif()
      string(REGEX REPLACE "/.*$" "" target "${path}")
      if(NOT target IN_LIST project_folders)
        continue()
      endif()
      if(NOT target IN_LIST allowed_${folder})
        string(REPLACE ";" ", " allowed "${allowed_${folder}}")
        message(STATUS "include direction: ${source} includes \"${path}\"; "
                       "${folder}/ may include only ${allowed}")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "include direction: no source file found under ${SOURCE}")
endif()
if(NOT violations EQUAL EXPECT)
  message(FATAL_ERROR "include direction: ${violations} include(s) against the rules in ${checked} files, "
                      "expected ${EXPECT}")
endif()
message(STATUS "include direction: ${checked} files, ${violations} include(s) against the rules "
               "(expected ${EXPECT})")
