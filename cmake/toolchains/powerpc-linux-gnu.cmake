# powerpc (32-bit big-endian): Debian's gcc-powerpc-linux-gnu, run under qemu-user.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR powerpc)

set(CMAKE_C_COMPILER powerpc-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/powerpc-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# Debian 12's libubsan for powerpc cannot be linked: it needs
# __sync_val_compare_and_swap_8, which no 32-bit powerpc library provides.
# UBSan's checks still run, inline: a violation traps (SIGTRAP) on the spot.
set(CMAKE_C_FLAGS_INIT -fsanitize-undefined-trap-on-error)

# ctest (and CMake's own try-runs) run the target's binaries through this.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-ppc -L /usr/powerpc-linux-gnu)
