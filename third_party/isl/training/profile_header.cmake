# After isl's training run (third_party/isl/CMakeLists.txt, LOOM_ISL_PGO): writes the header that
# isl's profile-using compile -includes, a comment naming the hash of the counter files, so that
# ninja recompiles isl when (and only when) the profile changed.
#   cmake -DCOUNTERS=DIR -DHEADER=FILE -P profile_header.cmake
file(GLOB_RECURSE counters LIST_DIRECTORIES false RELATIVE ${COUNTERS} ${COUNTERS}/*.gcda)
list(SORT counters)
if(NOT counters)
  message(FATAL_ERROR "isl training wrote no profile under ${COUNTERS}")
endif()
set(hashes "")
foreach(counter ${counters})
  file(SHA256 ${COUNTERS}/${counter} hash)
  get_filename_component(name ${counter} NAME)
  string(APPEND hashes "${name} ${hash}\n")
endforeach()
string(SHA256 profile "${hashes}")
# A comment only: the preprocessed sources stay the same.
file(WRITE ${HEADER}.new "/* isl's training profile (third_party/isl/training): ${profile} */\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${HEADER}.new ${HEADER})
file(REMOVE ${HEADER}.new)
list(LENGTH counters count)
message(STATUS "isl profile: ${count} counter files, ${profile}")
