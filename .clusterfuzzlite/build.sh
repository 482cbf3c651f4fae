#!/bin/bash -eu
# ClusterFuzzLite builds exactly what OSS-Fuzz builds.
exec bash -eu "$SRC/strscpy-fuzz/oss-fuzz/build.sh"
