# After isl's training run (third_party/isl/CMakeLists.txt, LOOM_ISL_PGO): puts each .gcda file the
# instrumented objects wrote where the profile-using compile of the same source reads it, and
# writes the header whose change makes ninja recompile isl.
#   cmake -DPROFILE_DIR=.. -DFROM=loom_isl_instrumented.dir -DTO=loom_isl.dir -DOBJECT_DIR=..
#         -DHEADER=.. -P use_profile.cmake
# GCC names a counter file after its object's path, '/' written '#' (-fprofile-generate=DIR with
# the build's relative object paths): the two libraries' objects differ in their target directory
# (FROM, TO) only. ccache 4.7 looks for the file at DIR/OBJECT (the object's path without .o) and
# hashes it, so each file is put there too: a compile with another profile is another cache entry,
# and one with no file found would not be cached at all.
file(GLOB_RECURSE counters LIST_DIRECTORIES false RELATIVE ${PROFILE_DIR}/generated ${PROFILE_DIR}/generated/*.gcda)
list(SORT counters)
if(NOT counters)
  message(FATAL_ERROR "isl training wrote no profile under ${PROFILE_DIR}/generated")
endif()
file(REMOVE_RECURSE ${PROFILE_DIR}/use)
set(hashes "")
foreach(counter ${counters})
  string(FIND "${counter}" "${FROM}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "isl training: ${counter} is not an object of ${FROM}")
  endif()
  string(REPLACE "${FROM}" "${TO}" gcc_name "${counter}")
  string(LENGTH "${FROM}" from_length)
  math(EXPR rest_start "${at} + ${from_length} + 1")
  string(SUBSTRING "${counter}" ${rest_start} -1 rest)
  string(REPLACE "#" "/" rest "${rest}")
  configure_file(${PROFILE_DIR}/generated/${counter} ${PROFILE_DIR}/use/${gcc_name} COPYONLY)
  configure_file(${PROFILE_DIR}/generated/${counter} ${PROFILE_DIR}/use/${OBJECT_DIR}/${rest} COPYONLY)
  file(SHA256 ${PROFILE_DIR}/generated/${counter} hash)
  string(APPEND hashes "${rest} ${hash}\n")
endforeach()
string(SHA256 profile "${hashes}")
# A comment only: the preprocessed sources stay the same, the header's content changes with the
# profile (ninja's dependency on it).
file(WRITE ${HEADER}.new "/* isl's training profile (third_party/isl/training): ${profile} */\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${HEADER}.new ${HEADER})
file(REMOVE ${HEADER}.new)
list(LENGTH counters count)
message(STATUS "isl profile: ${count} counter files, ${profile}")
