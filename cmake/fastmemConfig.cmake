# fastmem's CMake package: find_package(fastmem CONFIG) defines the INTERFACE
# target fastmem::fastmem, whose include directory holds fastmem.h.
# Installed as <prefix>/share/cmake/fastmem/fastmemConfig.cmake (by
# "make install" or "cmake --install"); the headers are in <prefix>/include.
get_filename_component(_fastmem_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT EXISTS "${_fastmem_prefix}/include/fastmem.h")
  set(fastmem_FOUND FALSE)
  set(fastmem_NOT_FOUND_MESSAGE "no fastmem.h in ${_fastmem_prefix}/include")
  return()
endif()
if(NOT TARGET fastmem::fastmem)
  add_library(fastmem::fastmem INTERFACE IMPORTED)
  set_target_properties(fastmem::fastmem PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_fastmem_prefix}/include")
endif()
set(fastmem_INCLUDE_DIRS "${_fastmem_prefix}/include")
unset(_fastmem_prefix)
