#!/usr/bin/env bash
# Install what building, fuzzing and testing need (Debian 12 package names).
# As root, installs what is missing; otherwise prints the apt-get line to run.
# Runs on a fresh machine before anything is installed (.ci/run): bash and coreutils only.
# Usage: scripts/setup.sh [PACKAGE...]   (extra packages on top of the base set)
# Exit: 0 every package is installed; 1 some are missing and this is not root (the apt-get
#       line to run is printed); 2 usage; apt-get's status when installing fails.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib/workflow.sh
source "$(dirname "$0")/lib/workflow.sh"
parse_args -- "$@"

packages=(clang llvm lld cmake ninja-build libclang-rt-14-dev patch "${operands[@]}")

# One query for all of them: each dpkg-query reads dpkg's whole database, and every script (each
# check-impl.sh run) starts here.  A package is named by itself or, multi-arch, with its arch.
declare -A installed=()
while read -r name qualified status; do
  [ "$status" != "install ok installed" ] || installed[$name]=1 installed[$qualified]=1
done < <(dpkg-query -W -f='${Package} ${binary:Package} ${Status}\n' "${packages[@]}" 2>/dev/null || true)
missing=()
for p in "${packages[@]}"; do
  [ -n "${installed[$p]:-}" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run as root: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
