# cmake -DCXX=<compiler> -DSOURCE=<program.cpp> -DINCLUDES=dir1,dir2 -DOWN=<include dir of shiftfly>
#       -DPOISON=metis.h,coin/ClpSimplex.hpp -DFORBIDDEN=<regex> -DFORBIDDEN_TEXT=<regex>
#       -DLINK=-pthread -DEXPECT=<regex> -DWORK=<dir> [-DPROGRAM=<built program>] -P component_alone.cmake
# Builds and runs a small program of one component with only the include directories it may
# need, and proves what it leaves out:
# 1. every header named in POISON is shadowed by one that stops the compiler (#error),
#    placed ahead of every other include directory, so that including it fails;
# 2. the program's include closure (the compiler's -M) holds no file matching FORBIDDEN,
#    and no file of shiftfly (under OWN) whose text matches FORBIDDEN_TEXT;
# 3. the program compiles, links with LINK only, runs, exits 0 and prints EXPECT.
# PROGRAM, when given, is that program as the build made it from SOURCE, through the component's
# CMake target (examples/CMakeLists.txt: example_graph_only and shiftfly::graph, whose include
# directories are shiftfly's, Eigen's and Boost's and whose link brings threads only): step 3 then
# runs it rather than compiling SOURCE a second time (about 27 s of CPU, GCC 12). Step 2 has shown
# with those include directories alone that no poisoned or forbidden header is reached, so the
# build's compile saw the same files.
string(REPLACE "," ";" includes "${INCLUDES}")
string(REPLACE "," ";" poison "${POISON}")
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/poison)
foreach(h ${poison})
  get_filename_component(dir "${WORK}/poison/${h}" DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${WORK}/poison/${h} "#error \"${h} is in the include closure of a component that must not need it\"\n")
endforeach()
set(flags -std=c++20 -I${WORK}/poison)
foreach(dir ${includes})
  list(APPEND flags -I${dir})
endforeach()
execute_process(COMMAND ${CXX} ${flags} -M ${SOURCE} RESULT_VARIABLE rc OUTPUT_VARIABLE deps ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} does not preprocess with only ${INCLUDES}:\n${err}")
endif()
string(REPLACE "\\\n" " " deps "${deps}")
string(REGEX REPLACE "[ \t\n]+" ";" deps "${deps}")
set(bad)
set(own 0)
foreach(d ${deps})
  if(d MATCHES "${FORBIDDEN}")
    list(APPEND bad "${d}")
  endif()
  string(FIND "${d}" "${OWN}/" at)
  if(at EQUAL 0)
    math(EXPR own "${own} + 1")
    file(READ ${d} text)
    if(text MATCHES "${FORBIDDEN_TEXT}")
      list(APPEND bad "${d} (its text matches ${FORBIDDEN_TEXT})")
    endif()
  endif()
endforeach()
if(bad)
  list(JOIN bad "\n  " bad_text)
  message(FATAL_ERROR "${SOURCE} pulls in what it must not:\n  ${bad_text}")
endif()
if(own LESS 10)
  message(FATAL_ERROR "${SOURCE}: only ${own} shiftfly headers in its closure; is OWN (${OWN}) right?")
endif()
list(LENGTH deps count)
message("${SOURCE}: ${count} files in its include closure (${own} of shiftfly), none matching ${FORBIDDEN} or, in text, ${FORBIDDEN_TEXT}")
if(PROGRAM)
  if(NOT EXISTS ${PROGRAM})
    message(FATAL_ERROR "${PROGRAM} (the build of ${SOURCE}) does not exist: build it first")
  endif()
  set(program ${PROGRAM})
else()
  string(REPLACE "," ";" link "${LINK}")
  execute_process(COMMAND ${CXX} ${flags} -O1 ${SOURCE} -o ${WORK}/program ${link} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${SOURCE} does not build with only ${INCLUDES} and ${LINK}:\n${err}")
  endif()
  set(program ${WORK}/program)
endif()
execute_process(COMMAND ${program} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "${SOURCE} ran with status ${rc}, printed:\n${out}${err}\n(expected ${EXPECT})")
endif()
message("${program} (${SOURCE}) built and ran: ${out}")
