# Shared by scripts/run, scripts/test and scripts/bench: make sure the system packages the build
# needs are present, installing them on a fresh Debian machine.
# Usage: ensure_packages PKG... (Debian package names). Lua comes from liblua5.4-dev, Cairo and
# pixman (the renderer's rasterizer, which the library links) from libcairo2-dev.
# Only what is named and its dependencies, never the recommended packages: Chromium's
# recommends alone (upower, udev, Mesa's drivers, a notification daemon, printer set-up) are
# 160 more packages (apt-get -s against an empty system: 399 with them, 239 without).
ensure_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "installing ${missing[*]} ..." >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    else
        echo "missing packages: ${missing[*]}; install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        return 1
    fi
}

# The repository root, whatever the current directory.
repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

# Usage: quiet_build swift build ARGS... : runs the build with its log on standard error only
# when there is something to say. SwiftPM prints "Compiling", "Linking" (or a warning or error)
# for work done; an up-to-date build prints only "Building for ...", "[N/M] Planning build" and
# "Build complete!". Lines are held back until the first of those, then shown as they come (a
# long build is not silent); SwiftPM reports a failure with "error:", which shows the log.
# A checkout that was moved or copied after a build fails on its module cache: the compiled
# Clang modules record the absolute path of the cache they were built in ("precompiled file
# ... was compiled with module cache path '/old/...', but the path is currently '/new/...'").
# That cache is only a cache, so it is removed and the build runs once more, saying so.
quiet_build() {
    local status log cache
    log=$(mktemp "${TMPDIR:-/tmp}/inbetween-build.XXXXXX")
    status=0
    filtered_build "$log" "$@" || status=$?
    cache=$(sed -n "s|.*was compiled with module cache path .*, but the path is currently '\(.*/ModuleCache\)/[^/']*'.*|\1|p" "$log" | head -n 1)
    if [ "$status" -ne 0 ] && [ -n "$cache" ] && [ -d "$cache" ]; then
        echo "inbetween: the build folder was made where this checkout used to be (it was moved or copied); removing its stale module cache $cache and building once more" >&2
        rm -rf "$cache"
        status=0
        filtered_build "$log" "$@" || status=$?
    fi
    rm -f "$log"
    return $status
}

# Usage: filtered_build LOG swift build ARGS... : the build, its log filtered onto standard error
# as quiet_build describes and kept whole in LOG; returns the build's status.
filtered_build() {
    local log=$1 status
    shift
    set +e
    "$@" 2>&1 | tee "$log" | awk '
        shown { print; fflush(); next }
        /Compiling|Linking|warning:|error:/ { for (i = 1; i <= n; i++) print held[i]; shown = 1; print; fflush(); next }
        { held[++n] = $0 }
    ' >&2
    status=${PIPESTATUS[0]}
    set -e
    return $status
}

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

# The release build of the executables, one fully static binary: the Swift runtime, Foundation,
# Lua (Debian's liblua5.4.a, which a static link picks over the shared library) and glibc linked
# in, no dynamic loader. Start-up took a third less time than with shared libraries (issue 6,
# goal 4) and Lua code ran 20-28% faster statically linked. These flags live here, not in
# Package.swift, so the package has no unsafe flags and apps can depend on it by version.
# Usage: "${release_build[@]}" --product inbetween
#
# Cairo (the renderer's rasterizer, issue 30) has static archives in libcairo2-dev, but the module
# map can only name libcairo itself: the libraries it needs in turn (what `pkg-config --static
# --libs cairo` lists on Debian 12, each once, every library before those it uses) are named
# here, after the objects that need them.
cairo_static_libs=(cairo pixman-1 fontconfig freetype png16 brotlidec brotlicommon expat z xcb-shm xcb-render
    Xrender Xext X11 xcb Xau Xdmcp gobject-2.0 glib-2.0 ffi pcre2-8 m pthread)
release_build=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable)
for lib in "${cairo_static_libs[@]}"; do release_build+=(-Xlinker "-l$lib"); done

# The static link warns about glibc functions that load shared parts of glibc at run time (NSS
# for user and host lookups, dlopen) and about mktemp: 19 of them, from the static archives of
# the Swift runtime, Foundation, Lua (loadlib's dlopen, which the sandbox never reaches) and
# glibc, not from Inbetween's code. They are counted and summed up in one note; any other line
# of the log is shown as it comes.
# Usage: BUILD 2>&1 | filter_link_warnings >&2
expected_link_warning="Using '[a-z_0-9]+' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking|the use of \`(mktemp|tmpnam|tempnam)' is dangerous"
filter_link_warnings() {
    awk -v expected="$expected_link_warning" '
        $0 ~ expected { n++; next }
        { print; fflush() }
        END { if (n > 0) printf "note: %d linker warnings about glibc functions in a static executable (dlopen, NSS lookups, mktemp) are expected: they come from the Swift runtime, Foundation, Lua (loadlib) and glibc, not Inbetween (scripts/lib.sh)\n", n }
    '
}
