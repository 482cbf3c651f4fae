# s390x (64-bit big-endian): Debian's gcc-s390x-linux-gnu, run under qemu-user.
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
debian_cross(s390x s390x-linux-gnu qemu-s390x)
