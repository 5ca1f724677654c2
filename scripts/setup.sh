#!/usr/bin/env bash
# Installs the Debian packages shiftfly needs. Idempotent: installs only what is
# missing, asks nothing, and runs apt-get update at most once.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config python3
  libboost-dev libboost-graph-dev libboost-math-dev
  libfmt-dev libcli11-dev catch2 libbenchmark-dev
  libeigen3-dev nlohmann-json3-dev gnuplot-nox chromium
  clang libclang-rt-14-dev
  libarpack2-dev libspectra-dev  # bench_spectral only (the ARPACK and Spectra comparison)
  libopenmpi-dev openmpi-bin
  coinor-libclp-dev libmetis-dev libbliss-dev
  pybind11-dev python3-dev python3-pytest python3-numpy python3-scipy python3-networkx
  python3-igraph  # the edge-betweenness fixtures and the benchmark against igraph
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep "install ok installed" > /dev/null; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
