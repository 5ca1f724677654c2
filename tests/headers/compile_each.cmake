# cmake -DCXX=<compiler> -DHEADERS=a.hpp,b.hpp -DINCLUDES=dir1,dir2 -DWORK=<dir> -P compile_each.cmake
# Checks that each header compiles on its own: for each header a source that includes only
# that header, twice (#pragma once), compiled -fsyntax-only (C++20, the include paths of the
# build). Every source is its own translation unit, so each header comes first in a fresh
# preprocessor: a header that leans on an include of another cannot pass. The sources of a
# component go to ONE compiler process (the driver compiles its inputs one after the other),
# not one process per header; on a failure each source is compiled again alone, so that the
# message names every header that does not compile on its own.
string(REPLACE "," ";" headers "${HEADERS}")
string(REPLACE "," ";" includes "${INCLUDES}")
set(flags -std=c++20 -fsyntax-only)
foreach(dir ${includes})
  list(APPEND flags -I${dir})
endforeach()
file(MAKE_DIRECTORY ${WORK})
set(sources)
foreach(h ${headers})
  string(MAKE_C_IDENTIFIER "${h}" name)
  set(src ${WORK}/${name}.cpp)
  file(WRITE ${src} "#include \"${h}\"\n#include \"${h}\"\n")
  list(APPEND sources ${src})
endforeach()
list(LENGTH headers count)
execute_process(COMMAND ${CXX} ${flags} ${sources} RESULT_VARIABLE rc ERROR_VARIABLE all_err OUTPUT_QUIET)
if(rc EQUAL 0)
  message("${count} headers, each in its own unit: every one compiles on its own")
  return()
endif()
set(failed)
foreach(h ${headers})
  string(MAKE_C_IDENTIFIER "${h}" name)
  execute_process(COMMAND ${CXX} ${flags} ${WORK}/${name}.cpp RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    list(APPEND failed ${h})
    message("${h} does not compile on its own:\n${err}")
  endif()
endforeach()
if(NOT failed)
  message(FATAL_ERROR "the compiler failed on the ${count} units together but on none alone:\n${all_err}")
endif()
list(JOIN failed ", " failed_text)
message(FATAL_ERROR "headers that do not compile on their own: ${failed_text}")
