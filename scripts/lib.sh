# Shared by scripts/run, scripts/test and scripts/bench: make sure the system packages the build
# needs are present, installing them on a fresh Debian machine.
# Usage: ensure_packages PKG... (Debian package names). Lua comes from liblua5.4-dev.
ensure_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "installing ${missing[*]} ..." >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
    else
        echo "missing packages: ${missing[*]}; install them with: sudo apt-get install -y ${missing[*]}" >&2
        return 1
    fi
}

# The repository root, whatever the current directory.
repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# Usage: ensure_python_packages MODULE=PIP_NAME... : installs the PyPI packages whose module
# cannot be imported (the tests check exports in their real consumers: pandas reads the CSV,
# jsonschema with lottie-specs validates Lottie files).
ensure_python_packages() {
    local missing=()
    for pair in "$@"; do
        python3 -c "import ${pair%%=*}" 2>/dev/null || missing+=("${pair#*=}")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing ${missing[*]} (PyPI) ..." >&2
    python3 -m pip install -q --disable-pip-version-check "${missing[@]}" >&2
}
