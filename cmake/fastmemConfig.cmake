# fastmem's CMake package: find_package(fastmem CONFIG) defines the INTERFACE
# target fastmem::fastmem, whose include directory holds fastmem.h, and
# fastmem::dropin, which puts fastmem's drop-in <string.h> first on the
# include path of the targets that link it (their C files' memcpy, memmove,
# memset and memcmp calls become fastmem's; C++ files keep the C library's).
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
if(NOT TARGET fastmem::dropin AND EXISTS "${_fastmem_prefix}/include/fastmem-dropin/string.h")
  add_library(fastmem::dropin INTERFACE IMPORTED)
  set_target_properties(fastmem::dropin PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_fastmem_prefix}/include/fastmem-dropin"
    INTERFACE_LINK_LIBRARIES fastmem::fastmem)
endif()
set(fastmem_DROPIN_CFLAGS "-I${_fastmem_prefix}/include/fastmem-dropin")
set(fastmem_INCLUDE_DIRS "${_fastmem_prefix}/include")
unset(_fastmem_prefix)
