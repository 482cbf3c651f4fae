# i386 (32-bit little-endian) on an x86-64 host: clang -m32 with Debian's
# libc6-dev-i386, lib32gcc-12-dev and lib32stdc++-12-dev (not gcc-multilib,
# which conflicts with the gcc-*-linux-gnu cross compilers).  The binaries run
# natively, so no emulator is needed.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(CMAKE_C_COMPILER clang)
# The kernel's uapi asm/ headers serve i386 and x86-64 alike; gcc-multilib
# only adds a /usr/include/asm symlink to them, which this does in its place.
set(CMAKE_C_FLAGS_INIT "-m32 -idirafter /usr/include/x86_64-linux-gnu")
set(CMAKE_EXE_LINKER_FLAGS_INIT -m32)
