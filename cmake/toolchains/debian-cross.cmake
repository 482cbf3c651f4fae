# debian_cross(<processor> <triple> <qemu>): a gcc cross build with Debian's gcc-<triple> and its
# libraries in /usr/<triple>, its binaries run under qemu-user's <qemu>.  Included by each big-endian
# leg's toolchain file.
macro(debian_cross processor triple qemu)
  set(CMAKE_SYSTEM_NAME Linux)
  set(CMAKE_SYSTEM_PROCESSOR ${processor})

  set(CMAKE_C_COMPILER ${triple}-gcc)
  set(CMAKE_FIND_ROOT_PATH /usr/${triple})
  set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
  set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
  set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

  # ctest (and CMake's own try-runs) run the target's binaries through this.
  set(CMAKE_CROSSCOMPILING_EMULATOR ${qemu} -L /usr/${triple})
endmacro()
