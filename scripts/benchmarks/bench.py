#!/usr/bin/env python3
"""scripts/bench's driver: runs the issue-6 and issue-10 benchmarks side by side with their
references, prints one table of figures and ratios, and exits 1 when a ratio misses its goal.

usage: bench.py BIN_DIR C_DIR [--write BENCHMARKS.md] [--quick] [--only 18]
--only 18 runs figure 18 alone (the others run in sequence, sharing what they set up).
BIN_DIR holds the release `inbetween` and `InbetweenBench`; C_DIR the compiled references."""
import math, os, platform, statistics, subprocess, sys, tempfile, time

args = sys.argv[1:]
bin_dir, c_dir = args[0], args[1]
write_to = args[args.index("--write") + 1] if "--write" in args else None
quick = "--quick" in args
only = args[args.index("--only") + 1] if "--only" in args else None
if only not in (None, "18") or (only and write_to):
    raise SystemExit("bench: --only takes 18 (figure 18 alone), and not with --write")
# scripts/benchmarks/bench.py -> the repository root
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
inbetween = os.path.join(bin_dir, "inbetween")
bench = os.path.join(bin_dir, "InbetweenBench")
# Scripts and outputs live in memory (tmpfs) when the machine has one: figures 5 and 10 write
# 1,000 files per run, and on a disk file system that has seen many deletions the kernel's inode
# allocation alone can cost more than Inbetween's own work (measured here on ext4: 22-28% of
# the batch's samples; ext4 skips inodes freed in the last minutes, so creating 1,000 files
# right after removing 1,000 others took 37-600 ms of system time, for lua5.4 as much as for
# us), which would benchmark the disk, not the tool. Figure 10's reference writes into the
# same work folder, so both sides create their files on the same file system.
work = tempfile.mkdtemp(prefix="inbetween-bench-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
rows = []  # (number, figure, ours, reference, ratio text, goal text, ok or None for info)


def out(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=root, **kw).stdout.split()


def best_of(k, cmd):
    """The fastest of k runs of a command printing 'ns ...' (the least disturbed by others)."""
    runs = [out(cmd) for _ in range(k)]
    return min(runs, key=lambda r: float(r[0]))


def spawn_wait(cmd):
    """Wall time and peak RSS (KiB) of one child."""
    start = time.perf_counter()
    pid = os.posix_spawn(cmd[0], cmd, os.environ)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({status})")
    return wall, usage.ru_maxrss


def measure(cmd):
    """(wall s, CPU s, peak RSS KiB) of one run of `cmd`, from the C launcher's wait4."""
    r = subprocess.run([os.path.join(c_dir, "measure")] + cmd, check=True, capture_output=True, text=True,
                       cwd=root)
    wall, cpu, rss, status = r.stdout.split()
    if status != "0":
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({status})")
    return float(wall), float(cpu), int(rss)


def add(n, figure, ours, ref, ratio, goal, ok):
    rows.append((n, figure, ours, ref, ratio, goal, ok))


def table_text():
    header = "| # | figure | ours | reference | ratio | goal | |\n|---|---|---|---|---|---|---|\n"
    return header + "".join(
        f"| {n} | {fig} | {o} | {ref} | {ratio} | {goal} | {'info' if ok is None else ('ok' if ok else 'MISSED')} |\n"
        for n, fig, o, ref, ratio, goal, ok in rows)


os.chdir(root)
reps = 3 if quick else 5


# 18. the structural exports of a staggered scene (issue 37): one backOut move given to N layers
# by a timeline stagger (scripts/benchmarks/stagger.lua), so an event per layer; CPU seconds of
# css, swift, lottie and the preview against CSV of the same scene, and of each format at 8,000
# layers against 1,000 as a time exponent (1 is linear; they read the whole scene at each event,
# which made them quadratic: exponent 2). Rounds alternate the sizes and formats, best of each.
def stagger_exports():
    source = open(os.path.join(root, "scripts/benchmarks/stagger.lua")).read()
    sizes = (500, 4000) if quick else (1000, 8000)
    formats = ["csv", "css", "swift", "lottie", "preview"]
    for n in sizes:
        with open(os.path.join(work, f"stagger{n}.lua"), "w") as f:
            f.write(source.replace("params and params.layers or 1000", str(n)))

    def cpu(n, fmt):
        script = os.path.join(work, f"stagger{n}.lua")
        target = os.path.join(work, f"stagger{n}.{'html' if fmt == 'preview' else fmt}")
        cmd = [inbetween, "preview", script] if fmt == "preview" else [inbetween, "run", script, "--format", fmt]
        return measure(cmd + ["--no-user-plugins", "-o", target])[1]

    best = {}
    for _ in range(reps):
        for n in sizes:
            for fmt in formats:
                best[n, fmt] = min(best.get((n, fmt), float("inf")), cpu(n, fmt))
    small, large = sizes
    for fmt in formats[1:]:
        r_large = best[large, fmt] / best[large, "csv"]
        r_small = best[small, fmt] / best[small, "csv"]
        add(18, f"staggered scene, {large:,} layers: {fmt} vs CSV, CPU s ({small:,} layers: {r_small:.2f})",
            f"{best[large, fmt]:.3f}", f"{best[large, 'csv']:.3f} (CSV)", f"{r_large:.2f}", "<= 5 at both sizes",
            max(r_large, r_small) <= 5)
    for fmt in formats:
        e = math.log(best[large, fmt] / best[small, fmt]) / math.log(large / small)
        add(18, f"staggered scene, {fmt}: time exponent, {large:,} layers vs {small:,}", f"{best[large, fmt]:.3f}",
            f"{best[small, fmt]:.3f} ({small:,} layers)", f"{e:.2f}", "<= 1.15", e <= 1.15)


if only == "18":
    stagger_exports()
    subprocess.run(["rm", "-rf", work])
    print(table_text())
    sys.exit(1 if any(row[6] is False for row in rows) else 0)

# 1. cubic-bezier sampling vs the classic C solver.
N = 2_000_000 if quick else 10_000_000
# Alternated, best of each, as figure 2: run as two blocks, a busy spell of the shared machine
# landed on one side only (seen: the same two binaries at 0.98 one day and 1.08 the next).
# Eleven pairs (a pair is about 0.3 s): with seven, the ratio of one build moved from 0.88 to
# 1.01 between runs as a spell caught the best of one side (ours alone printed 11.0 to 14.8 ns
# in six runs of a minute).
pairs = [(out([bench, "cubic", str(N)]), out([os.path.join(c_dir, "cubic_newton"), str(N)]))
         for _ in range(2 * reps + 1)]
ours = min((p[0] for p in pairs), key=lambda r: float(r[0]))
ref = min((p[1] for p in pairs), key=lambda r: float(r[0]))
r = float(ours[0]) / float(ref[0])
accurate = float(ours[2]) <= 1e-9
add(1, f"cubic-bezier (0.42,0,0.58,1), ns/sample (max error ours {float(ours[2]):.1e}, C {float(ref[2]):.1e})",
    f"{float(ours[0]):.2f}", f"{float(ref[0]):.2f} (C -O2 Newton+bisection)", f"{r:.2f}", "<= 1.0, error <= 1e-9",
    r <= 1.0 and accurate)

# 2. a Lua easing sampled by the host vs the same loop in lua5.4.
N = 1_000_000 if quick else 5_000_000
# Interleaved, best of 9 each: a run is ~0.5 s of one core, and on a 2-core machine shared with
# other work best-of-3 taken one side after the other let a busy spell land on one side only
# (seen: ratios from 0.80 to 1.16 between runs of the same build).
pairs = [(out([bench, "lua-easing", str(N)]), out(["lua5.4", "scripts/benchmarks/bounce_loop.lua", "plugins/penner.lua", str(N)]))
         for _ in range(9)]
ours = min((p[0] for p in pairs), key=lambda r: float(r[0]))
ref = min((p[1] for p in pairs), key=lambda r: float(r[0]))
r = float(ours[0]) / float(ref[0])
add(2, "Lua bounceOut sampled by the host, ns/sample", f"{float(ours[0]):.2f}",
    f"{float(ref[0]):.2f} (lua5.4 loop)", f"{r:.2f}", "<= 1.0", r <= 1.0)

# 3. frame writing vs printf("%.6f\n") on the same numbers (ns per number; ratio = speed-up).
F = 300_000 if quick else 1_000_000
target = os.path.join(work, "frames")
ref = best_of(reps, [os.path.join(c_dir, "printf_numbers"), str(F), target + ".txt"])
for fmt, mode, gated in [("csv", "6", True), ("json", "6", True), ("csv", "shortest", False), ("json", "shortest", False)]:
    ours = best_of(reps, [inbetween, "__bench-write", str(F), fmt, mode, f"{target}.{fmt}"])
    speedup = float(ref[0]) / float(ours[0])
    label = f"--precision {mode}" if mode != "shortest" else "shortest round-trip"
    add(3, f"writing frames as {fmt.upper()}, {label}, ns/number", f"{float(ours[0]):.2f}",
        f"{float(ref[0]):.2f} (printf %.6f)", f"{speedup:.2f}x", ">= 5x" if gated else "(info)",
        speedup >= 5 if gated else None)

# 4. start-up: `inbetween run` on the first example (plugins included) vs `lua5.4 -e ''`.
K = 21
example = os.path.join(work, "01.json")
cmd = [inbetween, "run", "examples/01-ease-out-move.lua", "--no-user-plugins", "-o", example]
lua = ["/usr/bin/lua5.4", "-e", ""]
spawn_wait(cmd), spawn_wait(lua)  # warm the page cache
ours = statistics.median(spawn_wait(cmd)[0] for _ in range(K))
ref = statistics.median(spawn_wait(lua)[0] for _ in range(K))
r = ours / ref
add(4, f"start-up, `inbetween run examples/01-ease-out-move.lua`, ms (median of {K})", f"{ours * 1e3:.2f}",
    f"{ref * 1e3:.2f} (lua5.4 -e '')", f"{r:.2f}", "<= 6.0", r <= 6.0)

# 5. batch of 1,000 generated scripts, 600 frames each, CSV.
scripts = os.path.join(work, "scripts")
os.makedirs(scripts)
for i in range(1000):
    with open(os.path.join(scripts, f"s{i:04d}.lua"), "w") as f:
        f.write(f"""local l = layer{{name = "l{i}", position = point(0, 0)}}
l:add(animation.basic{{keyPath = "position", fromValue = point(0, {i}), toValue = point({i % 97 + 100}, 50),
  duration = 599 / 60, timingFunction = "easeInEaseOut"}}, "move")
""")


def batch(jobs):
    dest = os.path.join(work, f"out-{jobs}")
    subprocess.run(["rm", "-rf", dest], check=True)
    return spawn_wait([inbetween, "batch", scripts, "-o", dest, "--format", "csv", "--jobs", str(jobs),
                       "--no-user-plugins"])[0]


batch(2)  # warm-up
lines = sum(1 for _ in open(os.path.join(work, "out-2", "s0000.csv"))) - 1
# Alternated, best of each: run as two blocks, a busy spell on this shared machine landed on
# one side only, and mostly on --jobs 2, which needs both cores while --jobs 1 leaves one to
# the disturbance (seen: speed-ups from 1.34x to 2.18x between runs of the same build). Twice
# the pairs of the other figures and more (a pair is about 0.7 s): --jobs 2's best needs a quiet
# moment on both cores at once, --jobs 1's only on one, so with few pairs the best of --jobs 2
# is the more disturbed of the two and the ratio errs low. With 7 pairs the speed-up moved from
# 1.45x to 2.00x between runs of one build; with 11, from 1.59x to 1.79x.
CLOOP = 15_000_000  # cubic_newton samples: about 0.2 s, as long as the --jobs 2 batch


def c_loops(k):
    """Wall time of k copies of a pure C compute loop run at once (no I/O, nothing shared)."""
    start = time.perf_counter()
    procs = [subprocess.Popen([os.path.join(c_dir, "cubic_newton"), str(CLOOP)], stdout=subprocess.DEVNULL)
             for _ in range(k)]
    if any(p.wait() != 0 for p in procs):
        raise SystemExit("bench: cubic_newton failed")
    return time.perf_counter() - start


# The machine's own two-process scaling, taken in the same alternated rounds: two copies of the C
# loop at once against one. The two vCPUs of this VM do not always give two cores' worth: in one
# session the loop scaled 1.61-2.06 (four tries), so the batch's speed-up is shown beside what the
# machine gave a loop with nothing to coordinate (info, not a goal).
rounds = [(batch(2), batch(1), c_loops(2), c_loops(1)) for _ in range(4 * reps + 1)]
two = min(p[0] for p in rounds)
one = min(p[1] for p in rounds)
rate = 1000 / two
add(5, f"batch of 1,000 scripts ({lines} frames each, CSV), scripts/s with --jobs 2", f"{rate:.0f}", "1000 (goal)",
    f"{rate / 1000:.2f}", ">= 1.0", rate >= 1000)
add(5, "batch --jobs 2 speed-up over --jobs 1", f"{two:.3f} s", f"{one:.3f} s (--jobs 1)", f"{one / two:.2f}x",
    ">= 1.85x", one / two >= 1.85)
c_two = min(p[2] for p in rounds)
c_one = min(p[3] for p in rounds)
add(5, "the machine: two C loops at once vs one (cubic_newton, same rounds), speed-up", f"{c_two:.3f} s",
    f"{c_one:.3f} s (one loop)", f"{2 * c_one / c_two:.2f}x", "(info)", None)

# 6. memory: 10 minutes at 240 fps vs 1 second, peak RSS of the `inbetween` process itself,
# taken by the small C launcher (measure.c: fork, exec, wait4 on its direct child). Through
# posix_spawn from Python, ru_maxrss reported the Python parent's own peak. `--to` makes the
# length explicit (the natural end used to be capped at 60 s, so "10 minutes" sampled one).
peaks = {}
for seconds in (1, 600):
    path = os.path.join(work, f"long{seconds}.lua")
    with open(path, "w") as f:
        f.write(f"""scene{{fps = 240}}
local l = layer{{name = "ball", position = point(0, 0), opacity = 1}}
l:add(animation.basic{{keyPath = "position", fromValue = point(0, 0), toValue = point(300, 200), duration = {seconds}}}, "p")
l:add(animation.basic{{keyPath = "opacity", fromValue = 0, toValue = 1, duration = {seconds}}}, "o")
""")
    peaks[seconds] = max(measure([inbetween, "run", path, "--no-user-plugins", "--to", str(seconds), "-o",
                                  os.path.join(work, f"long{seconds}.json")])[2] for _ in range(2))
r = peaks[600] / peaks[1]
add(6, "peak RSS sampling 10 min at 240 fps (JSON), MiB", f"{peaks[600] / 1024:.1f}",
    f"{peaks[1] / 1024:.1f} (1 s)", f"{r:.2f}", "<= 1.2", r <= 1.2)

# 7-9. the scene of issue 10: N layers, three animations each (scripts/benchmarks/scene.lua),
# 60 fps, 10 s, CSV --precision 6. Times are CPU seconds of the process (user + system, from
# wait4): on a 2-core machine shared with other builds, wall time measures the neighbours.
scene_source = open(os.path.join(root, "scripts/benchmarks/scene.lua")).read()


def scene_script(n, groups=0):
    path = os.path.join(work, f"scene{n}-{groups}.lua")
    with open(path, "w") as f:
        f.write(scene_source.replace("params and params.layers or 1000", str(n))
                .replace("params and params.groups or 0", str(groups)))
    return path


def scene_cpu(n, to, groups=0):
    out_file = os.path.join(work, f"scene{n}-{groups}.csv")
    cmd = [inbetween, "run", scene_script(n, groups), "--no-user-plugins", "--format", "csv", "--precision", "6",
           "--to", str(to), "-o", out_file]
    return measure(cmd)[1]


small, large = (300, 3000) if quick else (1000, 10000)
frames = 601
# Alternated, as figures 8 and 9, and as many of each: the best of more runs of the small one
# alone caught its quiet moments and not the large one's. Each small sample is the mean of ten
# runs in a row, so that both sides' samples last about as long (0.5-0.6 s) and meet the
# machine's spells alike: the best of single small runs (50 ms) caught quiet moments a large
# run (0.5 s) rarely fits in, and read the ratio high (9.2 with both builds quiet, 12.2-12.5 in
# two runs of this script, one of which had every large run in one slow spell).
def setup_cpu_small():
    return sum(scene_cpu(small, 0.0001) for _ in range(10)) / 10


setups = [(setup_cpu_small(), scene_cpu(large, 0.0001)) for _ in range(max(3, 2 * reps - 1))]
setup_small = min(p[0] for p in setups)
setup_large = min(p[1] for p in setups)
r = setup_large / setup_small
add(7, f"set-up of the {large:,}-layer scene vs {small:,} (`--to 0.0001`), CPU s", f"{setup_large:.3f}",
    f"{setup_small:.3f} ({small:,} layers)", f"{r:.2f}", "<= 12 (10x the layers)", r <= 12)

# Interleaved, ours then C, best of each (as figure 2): one side after the other let a busy
# spell of the shared machine land on one side only.
c_ref = os.path.join(c_dir, "scene_rows")
c_out = os.path.join(work, "scene_c.csv")
pairs = [(scene_cpu(small, 10), measure([c_ref, str(small), c_out])[1]) for _ in range(reps)]
run_small = min(p[0] for p in pairs)
c_small = min(p[1] for p in pairs)
per_small = (run_small - setup_small) / (3 * small * frames) * 1e9
r = run_small / c_small
add(8, f"{small:,}-layer scene, 60 fps, 10 s, CSV --precision 6, CPU s ({per_small:.0f} ns per track-frame)",
    f"{run_small:.3f}", f"{c_small:.3f} (C printf %.6f, scene_rows.c)", f"{r:.2f}", "<= 1.0", r <= 1.0)

# 9. Runs of both sizes alternated, as figure 8's: a busy spell of the shared machine then lands
# on both sides. Each side takes the best of its own alternated runs, as many of each (the small
# scene also taking the best of figure 8's runs had the best of 7 against the large one's 2,
# which favoured the small side by the machine's noise).
# Five pairs (about 45 s): with three, the ratio of one build moved from 1.00 to 1.39 between
# runs, the large scene's cache misses depending on what the machine's neighbours held in the
# shared L3 cache (cachegrind: about 0.8 last-level misses per track-frame at 10,000 layers
# with 32 MiB to itself, 2.4 with 16 MiB; none at 1,000).
nine = [(scene_cpu(small, 10), scene_cpu(large, 10))
        for _ in range(2 if quick else 5)]
per_small_nine = (min(p[0] for p in nine) - setup_small) / (3 * small * frames) * 1e9
per_large = (min(p[1] for p in nine) - setup_large) / (3 * large * frames) * 1e9
r = per_large / per_small_nine
add(9, f"sampling the {large:,}-layer scene, ns per track-frame", f"{per_large:.0f}",
    f"{per_small_nine:.0f} ({small:,} layers)", f"{r:.2f}", "<= 1.3", r <= 1.3)

# 10. a batch of 1,000 tiny jobs: 60 frames of bounceOut from a to b, each into its own CSV,
# --jobs 2, against one lua5.4 process writing the same 1,000 files (bounce_files.lua).
tiny = os.path.join(work, "tiny")
os.makedirs(tiny)
for j in range(1000):
    with open(os.path.join(tiny, f"j{j:04d}.lua"), "w") as f:
        f.write(f"""layer{{name = "l"}}:add(animation.basic{{keyPath = "opacity", fromValue = {j % 7}, toValue = {100 + j % 13},
  duration = 59 / 60, timingFunction = "bounceOut"}})
""")


def tiny_batch():
    dest = os.path.join(work, "tiny-out")
    subprocess.run(["rm", "-rf", dest], check=True)
    wall, cpu, _ = measure([inbetween, "batch", tiny, "-o", dest, "--format", "csv", "--jobs", "2",
                            "--no-user-plugins"])
    return wall, cpu


def tiny_lua():
    dest = os.path.join(work, "tiny-lua")
    subprocess.run(["rm", "-rf", dest], check=True)
    os.makedirs(dest)
    return measure(["lua5.4", "scripts/benchmarks/bounce_files.lua", dest, "1000"])[:2]


tiny_batch()  # warm-up
# Alternated, as in figure 5: both sides meet the same spells of the machine's other work. As
# many pairs as figure 5, for its reason: the batch's best needs a quiet moment on both cores,
# lua5.4's on one, so with few pairs the batch's best is the more disturbed of the two (a pair
# is about 0.2 s). With 7 pairs one build gave 8,512 jobs/s; 15 runs of it two minutes later, 10,092.
pairs = [(tiny_batch(), tiny_lua()) for _ in range(4 * reps + 1)]
batch_runs = [p[0] for p in pairs]
lua_runs = [p[1] for p in pairs]
wall = min(w for w, _ in batch_runs)
cpu = min(c for _, c in batch_runs)
lua_wall = min(w for w, _ in lua_runs)
rate, lua_rate = 1000 / wall, 1000 / lua_wall
add(10, f"batch of 1,000 tiny jobs (60 frames of bounceOut, CSV), jobs/s with --jobs 2 "
        f"(CPU {cpu / 1000 * 1e6:.0f} us per job)", f"{rate:.0f}", f"{lua_rate:.0f} (lua5.4, one process)",
    f"{rate / lua_rate:.2f}x lua5.4", ">= 10,000 jobs/s, >= 1.2x lua5.4, <= 64 us CPU a job",
    rate >= 10000 and rate >= 1.2 * lua_rate and cpu / 1000 <= 64e-6)

# 11. encoding, reported apart from drawing: `InbetweenBench encode` feeds MovieEncoder frames
# made beforehand through its socket, as `render` feeds the frames it draws; the reference is
# the very ffmpeg command lines it ran (MovieEncoder.commandLines), run again reading a file of
# the same raw frames (on tmpfs). The ratio is what feeding frames one at a time as they come
# costs over ffmpeg reading them all from a file; the figure is the encoder's frames per second.
# Wall time of both (ffmpeg is a process of its own, and x264 uses both cores). Goal 1.05: the
# socket holds a whole frame (FFmpegProcess), so ffmpeg 5's input, read in the thread that also
# converts the pixels, no longer waits for the feeder about twenty times a frame (strace: 1,158
# reads for 60 frames of 1280x720 with the default buffer, 324 with a frame's).
EW, EH, EN = (640, 360, 30) if quick else (1280, 720, 60)
raw = os.path.join(work, "frames.raw")


def encode_ours(fmt):
    r = subprocess.run([bench, "encode", str(EN), fmt, f"{EW}x{EH}", "60", os.path.join(work, f"enc.{fmt}"), raw],
                       check=True, capture_output=True, text=True, cwd=root)
    lines = r.stdout.splitlines()
    return float(lines[0]), [line.split("\t") for line in lines[1:]]


def encode_reference(commands):
    start = time.perf_counter()
    for command in commands:
        subprocess.run([raw if a == "pipe:0" else a for a in command], check=True, cwd=root)
    return time.perf_counter() - start


for fmt in ["mp4", "gif"]:
    pairs = []
    for _ in range(2 if quick else reps):
        wall, commands = encode_ours(fmt)
        pairs.append((wall, encode_reference(commands)))
    ours = min(p[0] for p in pairs)
    ref = min(p[1] for p in pairs)
    r = ours / ref
    add(11, f"encoding {EN} frames of {EW}x{EH} to {fmt.upper()} (ffmpeg fed through a socket), frames/s",
        f"{EN / ours:.1f}", f"{EN / ref:.1f} (the same ffmpeg reading a raw file)", f"{r:.2f}", "<= 1.05", r <= 1.05)
os.remove(raw)

# 12. memory of a render: a 60 s run against a 10 s one (a layer crossing a 320x180 scene at 30
# fps), peak RSS of `inbetween render` and the ffmpeg it runs (measure.c's wait4 counts the
# child's own waited-for children: the larger of the two), for MP4 and for GIF (two passes over
# a spool on disk). Flat: the frames are drawn, sent and dropped one at a time.
for fmt in ["mp4", "gif"]:
    peaks = {}
    for seconds in (10, 60):
        path = os.path.join(work, f"render{seconds}.lua")
        with open(path, "w") as f:
            f.write(f"""scene{{fps = {10 if quick else 30}, size = size(320, 180)}}
local l = layer{{name = "box", position = point(20, 90), bounds = rect(0, 0, 40, 40), backgroundColor = "#e4572e"}}
l:add(animation.basic{{keyPath = "position", fromValue = point(20, 90), toValue = point(300, 90), duration = {seconds}}})
""")
        peaks[seconds] = measure([inbetween, "render", path, "--no-user-plugins", "-o",
                                  os.path.join(work, f"render{seconds}.{fmt}")])[2]
    r = peaks[60] / peaks[10]
    add(12, f"peak RSS rendering 60 s to {fmt.upper()} (320x180, render and ffmpeg), MiB", f"{peaks[60] / 1024:.1f}",
        f"{peaks[10] / 1024:.1f} (10 s)", f"{r:.2f}", "<= 1.2", r <= 1.2)

# 13-15. rasterizing (issue 30): the library's Renderer drawing frames at 1920x1080, drawing and
# reading out straight RGBA only (the sampling of the frames' values is timed apart and left
# out; encoding is none of it), CPU seconds (`InbetweenBench render`), against rlottie drawing
# our own Lottie export of the same scene at the same size (rlottie_fps.c), and against a loop
# of headless-Chromium screenshots of the preview page of the same scene.
def render_pair(script, frames, lottie_to=None):
    lottie = os.path.join(work, os.path.basename(script) + ".json")
    to = ["--to", str(lottie_to)] if lottie_to else []
    subprocess.run([inbetween, "run", script, "--no-user-plugins", "--format", "lottie", "-o", lottie] + to,
                   check=True, cwd=root)
    pairs = []
    for _ in range(reps):
        n, _sampling, raster, _ = out([bench, "render", str(frames), script])
        m, lottie_s, _ = out([os.path.join(c_dir, "rlottie_fps"), lottie, str(frames)])
        pairs.append((int(n) / float(raster), int(m) / float(lottie_s)))
    return max(p[0] for p in pairs), max(p[1] for p in pairs), lottie


twelve = os.path.join(work, "photo-throw-1080p.lua")
with open(twelve, "w") as f:
    # Example 12 on a 1920x1080 view (the example's own is 375x667).
    f.write(open(os.path.join(root, "examples/12-photo-throw.lua")).read() + "\nscene{size = size(1920, 1080)}\n")
ours12, rl12, _ = render_pair(twelve, 10000)
add(13, "example 12 (photo throw) rasterized at 1920x1080, frames/s (CPU)", f"{ours12:.0f}",
    f"{rl12:.0f} (rlottie, our Lottie export)", f"{ours12 / rl12:.2f}", ">= 1.0", ours12 >= rl12)
scene_frames = 30 if quick else 120
ours_scene, rl_scene, _ = render_pair(os.path.join(root, "scripts/benchmarks/render_scene.lua"), scene_frames, 2.5)
add(14, "1,000-layer scene (render_scene.lua) rasterized at 1920x1080, frames/s (CPU)", f"{ours_scene:.1f}",
    f"{rl_scene:.1f} (rlottie, our Lottie export)", f"{ours_scene / rl_scene:.2f}", ">= 1.0", ours_scene >= rl_scene)

# 15. the preview page of example 12 at 1920x1080 in headless Chromium: seek to each frame and
# take a PNG screenshot of the stage, as a browser-based renderer must; wall time of the loop
# (the browser works in processes of its own, which the CPU time of ours would not see).
sys.path.insert(0, os.path.join(root, "Tests/browser"))
import chromium_session  # noqa: E402

page = os.path.join(work, "photo-throw-1080p.html")
subprocess.run([inbetween, "preview", twelve, "--no-user-plugins", "-o", page], check=True, cwd=root)
browser = chromium_session.Browser(1920, 1400)
try:
    browser.open("file://" + page)
    times = browser.evaluate("inbetween.times")
    shots = times[: (20 if quick else 73)]
    best = float("inf")
    for _ in range(2 if quick else 3):
        start = time.perf_counter()
        for t in shots:
            browser.evaluate(f"inbetween.seek({t})")
            browser.send("Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": 1920,
                                                                              "height": 1080, "scale": 1}},
                         session=browser.session)
        best = min(best, time.perf_counter() - start)
finally:
    browser.quit()
chromium_fps = len(shots) / best
add(15, "example 12 at 1920x1080: ours (figure 13) vs a loop of headless-Chromium screenshots of the preview, "
        "frames/s", f"{ours12:.0f}", f"{chromium_fps:.1f} (Chromium, wall)", f"{ours12 / chromium_fps:.1f}", ">= 20",
    ours12 >= 20 * chromium_fps)

# 16. the layer tree (issue 28): figure 8's 1,000-layer scene nested as 10 groups of 100 (group
# layers with nothing animated, the scene's layers their sublayers; scene.lua's params.groups).
# A tree's tracks are still each layer's own properties, so its CSV is the flat scene's byte for
# byte (checked), and sampling them must cost about the same: CPU time after set-up within 1.2x
# the flat scene's, runs of the two alternated and the best of each (as figure 9). Set-up stays
# linear: 10 groups of 1,000 (10,000 layers) vs 10 of 100, the same bound as figure 7's.
nested_pairs = [(scene_cpu(small, 10), scene_cpu(small, 10, groups=10)) for _ in range(2 if quick else 5)]
same = open(os.path.join(work, f"scene{small}-0.csv"), "rb").read() == \
    open(os.path.join(work, f"scene{small}-10.csv"), "rb").read()
nested_setups = [(sum(scene_cpu(small, 0.0001, groups=10) for _ in range(10)) / 10,
                  scene_cpu(large, 0.0001, groups=10)) for _ in range(max(3, 2 * reps - 1))]
nested_setup_small = min(p[0] for p in nested_setups)
nested_setup_large = min(p[1] for p in nested_setups)
flat_run = min(p[0] for p in nested_pairs) - setup_small
nested_run = min(p[1] for p in nested_pairs) - nested_setup_small
r = nested_run / flat_run
add(16, f"sampling the {small:,}-layer scene nested as 10 groups of {small // 10:,} vs flat, CPU s after set-up"
        f"{'' if same else ' (CSV DIFFERS from the flat one)'}", f"{nested_run:.3f}", f"{flat_run:.3f} (flat)",
    f"{r:.2f}", "<= 1.2, same CSV", r <= 1.2 and same)
r = nested_setup_large / nested_setup_small
add(16, f"set-up of the nested scene, 10 groups of {large // 10:,} vs of {small // 10:,} (`--to 0.0001`), CPU s",
    f"{nested_setup_large:.3f}", f"{nested_setup_small:.3f} ({small:,} layers)", f"{r:.2f}",
    "<= 12 (10x the layers)", r <= 12)

# 17. PNG frames (`render -o DIR/`): example 05 drawn at 1920x1080 into a folder of PNGs, CPU
# time of the whole command (drawing, encoding, writing) against release 0.2.0 built from the
# same repository (OLD_BIN, beside this build), and against Pillow (libpng's filter heuristic
# and zlib, in C) encoding the very same frames, read back from our files, as PNGs: Pillow's
# time is the encoding alone, ours includes the drawing. Runs alternated, best of each; the
# frames of both builds must decode to the same pixels.
from PIL import Image  # noqa: E402


def png_frames(binary, dest):
    subprocess.run(["rm", "-rf", dest], check=True)
    cpu = measure([binary, "render", "examples/05-bouncing-ball.lua", "--no-user-plugins", "--size", "1920x1080",
                   "-o", dest + "/"])[1]
    return cpu, sorted(os.listdir(dest))


def folder_bytes(dest):
    return sum(os.path.getsize(os.path.join(dest, name)) for name in os.listdir(dest))


def decoded(dest):
    return subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", os.path.join(dest, "%05d.png"),
                           "-f", "rawvideo", "-pix_fmt", "rgba", "-"], check=True, capture_output=True).stdout


def pillow_frames(raw, count, dest):
    """CPU seconds of Pillow writing `count` 1920x1080 RGBA frames of `raw` as PNG files."""
    subprocess.run(["rm", "-rf", dest], check=True)
    os.makedirs(dest)
    size = 1920 * 1080 * 4
    total = 0.0
    for i in range(count):
        picture = Image.frombytes("RGBA", (1920, 1080), raw[i * size:(i + 1) * size])
        start = time.process_time()
        picture.save(os.path.join(dest, f"{i:05d}.png"), "PNG")
        total += time.process_time() - start
    return total


old_inbetween = os.environ.get("OLD_BIN")
new_dir, old_dir, pil_dir = (os.path.join(work, name) for name in ("png-new", "png-old", "png-pillow"))
png_frames(inbetween, new_dir)  # warm the page cache
png_runs = []
for _ in range(2 if quick else 3):
    ours, names = png_frames(inbetween, new_dir)
    old = png_frames(old_inbetween, old_dir)[0] if old_inbetween else None
    png_runs.append((ours, old))
raw = decoded(new_dir)
same = not old_inbetween or raw == decoded(old_dir)
pil = min(pillow_frames(raw, len(names), pil_dir) for _ in range(2 if quick else 3))
ours = min(r[0] for r in png_runs)
sizes = f"{folder_bytes(new_dir) / 1e6:.2f} MB ours, {folder_bytes(pil_dir) / 1e6:.2f} MB Pillow"
if old_inbetween:
    old = min(r[1] for r in png_runs)
    sizes += f", {folder_bytes(old_dir) / 1e6:.2f} MB 0.2.0"
    add(17, f"`render -o DIR/` of example 05 at 1920x1080, {len(names)} PNG frames, CPU s"
            f"{'' if same else ' (PIXELS DIFFER from 0.2.0)'}", f"{ours:.3f}", f"{old:.3f} (release 0.2.0)",
        f"{old / ours:.2f}x", ">= 1.5x, same pixels", old / ours >= 1.5 and same)
add(17, f"the same frames: ours (drawing included) vs Pillow {Image.__version__} encoding them as PNG, CPU s"
        f" ({sizes})", f"{ours:.3f}", f"{pil:.3f} (Pillow, encoding only)", f"{ours / pil:.2f}", "<= 1.0",
    ours <= pil)
stagger_exports()

subprocess.run(["rm", "-rf", work])

table = table_text()
print(table)
missed = [row for row in rows if row[6] is False]
if write_to:
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    with open(write_to, "w") as f:
        f.write(f"""# Benchmarks

The last run of `scripts/bench --write` (release build; every figure is measured side by side
with its reference in the same run; ratios, not absolute times, are the goals of issues 6 and 10).

Machine: {os.cpu_count()} cores (nproc {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()}), {cpu}, {platform.system()} {platform.release()}; {swift}.
Command: `scripts/bench --write`

{table}
How each figure is taken (scripts/benchmarks/, Sources/InbetweenBench, `inbetween __bench-write`):
1. `InbetweenBench cubic N` vs `scripts/benchmarks/cubic_newton.c` (gcc -O2): both compute x = i/(N-1) in the loop and sum
   the y; ours is the slowest of `CubicBezier.solve`, `TimingFunction.callAsFunction` on `.cubic` and the batch
   `TimingFunction.evaluate(_:into:)` (chunks of 512), fastest of several runs; the error is against
   bisection to the last bit (ours) / the same solver at 1e-15 (C).
2. `InbetweenBench lua-easing N`: `Runtime.sample(spec: "bounceOut", at: .uniform(N))` end to end, what
   `inbetween curve bounceOut --samples N` does (Lua computes x, results checked and copied into a Swift
   array) vs `lua5.4 scripts/benchmarks/bounce_loop.lua` (the same x computed in the loop, results stored in a table built
   inside the timing); both sum their results untimed and print the same checksum.
3. `inbetween __bench-write` (the real CSV/JSON frame writers, a point track at 240 fps) vs
   `scripts/benchmarks/printf_numbers.c` on the same numbers; ratio = printf's ns per number / ours.
4. wall time of whole processes, median of 21 each, `--no-user-plugins`, output to a file.
5. wall time of `inbetween batch DIR -o OUT --format csv --jobs N`, best of 21 alternated runs each; beside it
   (info) what the machine gives two copies of a pure C loop (`cubic_newton`) run at once against one, in the
   same rounds: the ceiling a speed-up on this machine meets whatever the program.
6. peak RSS of `inbetween run` writing JSON, 144,000 frames of two tracks (`--to 600`) vs 240, taken by
   `scripts/benchmarks/measure.c` (fork, exec, `wait4` on its direct child).
7. CPU time (user + system of the process, `wait4`) of `inbetween run scene.lua --to 0.0001` (set-up and one
   frame) with 10,000 layers vs 1,000 (the mean of ten runs in a row, so that a sample of each lasts about as
   long), samples of the two alternated (`scripts/benchmarks/scene.lua`: a basic
   position with easeInEaseOut, a keyframe opacity with easeIn / bounceOut / easeOut segments, a spring on
   transform.scale per layer).
8. CPU time of the whole 1,000-layer run (60 fps, 10 s, `--format csv --precision 6`, 601 frames) vs
   `scripts/benchmarks/scene_rows.c` (gcc -O2) computing the same curves for the same rows and printing every
   number with printf("%.6f"); ns per track-frame = (run - set-up) / (3 x layers x 601).
9. ns per track-frame of the 10,000-layer run vs the 1,000-layer one (runs of the two alternated).
10. wall time of `inbetween batch` on 1,000 scripts of 60 frames of bounceOut each (`--jobs 2`, CSV) vs
   `lua5.4 scripts/benchmarks/bounce_files.lua` writing the same 1,000 files from one process; CPU per job
   from `wait4` on the batch (its workers included). Both write into folders on tmpfs (`/dev/shm`, when the
   machine has it; else the system's temporary folder), so that the disk's inode allocation, which on ext4
   depends on what was deleted in the last minutes, is measured for neither.
11. wall time of `InbetweenBench encode N mp4|gif 1280x720 60` (MovieEncoder fed frames made beforehand, as
   `render` feeds the frames it draws) vs the same ffmpeg command lines it ran, reading a raw file of the same
   frames on tmpfs; best of each, alternated. Encoding only: drawing is not in either side.
12. peak RSS of `inbetween render` to MP4 and to GIF, 60 s of a 320x180 scene at 30 fps vs 10 s, by
   measure.c (the larger of inbetween and the ffmpeg it waits for).
13. `InbetweenBench render N SCRIPT`: the library's `Renderer` (Cairo) drawing example 12 on a 1920x1080
   view (`scene{{size = size(1920, 1080)}}` appended), white background, and reading each frame out as straight
   RGBA; CPU seconds of drawing only (the sampling of each frame's values is timed apart), best of several,
   vs `scripts/benchmarks/rlottie_fps.c` (rlottie drawing our own `--format lottie` export of the same script
   at its 1920x1080 canvas into premultiplied ARGB, which needs no readout).
14. the same for `scripts/benchmarks/render_scene.lua`: the 1,000 layers of figures 7-9 (moved, faded and
   scaled), each a 40x40 coloured square, on a 1920x1080 view; the first 120 frames.
15. figure 13's rate vs a loop over the same frames of `inbetween preview`'s page in headless Chromium at
   1920x1080 (`inbetween.seek(t)`, then `Page.captureScreenshot` of the stage as PNG), wall time, best of 3.
16. figure 8's run with the 1,000 layers nested as 10 groups of 100 (`scene.lua` with `params.groups`: group
   layers with nothing animated), CPU time after set-up vs the flat run's (runs alternated, best of each; the
   two CSVs must be the same bytes); and the nested set-up, 10 groups of 1,000 vs of 100, as figure 7.
17. CPU time of `inbetween render examples/05-bouncing-ball.lua --size 1920x1080 -o DIR/` (61 PNG frames, on
   tmpfs) vs the same command of release 0.2.0 (built by scripts/bench from its commit, beside this build;
   runs alternated, best of each; both folders must decode to the same pixels), and vs Pillow (pip) writing
   the same RGBA frames, read back from ours by ffmpeg, as PNG files: Pillow's CPU time of `save` alone.
18. CPU time of `inbetween run stagger.lua --format css|swift|lottie` and `inbetween preview stagger.lua` against
   `--format csv` of the same script (`scripts/benchmarks/stagger.lua`: one backOut move of 0.5 s given to N
   layers by a timeline stagger of 1/N s each, so a start and a stop event per layer), at 1,000 and 8,000
   layers, best of 5 rounds alternating sizes and formats; the time exponent is log(t8000 / t1000) / log(8).

CPU time, not wall time, is compared wherever one process is measured: the machine has 2 cores and is
shared with other builds and tests while the benchmarks run, so a wall clock measures the neighbours as much
as Inbetween. Every run is the best of several. Figures still move by 10-20% between runs on a busy machine.
""")
sys.exit(1 if missed else 0)
