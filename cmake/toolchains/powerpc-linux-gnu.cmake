# powerpc (32-bit big-endian): Debian's gcc-powerpc-linux-gnu, run under qemu-user.
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
debian_cross(powerpc powerpc-linux-gnu qemu-ppc)

# Debian 12's libubsan for powerpc cannot be linked: it needs
# __sync_val_compare_and_swap_8, which no 32-bit powerpc library provides.
# UBSan's checks still run, inline: a violation traps (SIGTRAP) on the spot.
set(CMAKE_C_FLAGS_INIT -fsanitize-undefined-trap-on-error)
