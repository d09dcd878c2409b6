#!/usr/bin/env python3
"""Checks `inbetween run --format lottie` output in the consumers it is for.

    lottiecheck.py schema FILE.json...
        validates each file against the Lottie 1.0 JSON schema that PyPI's lottie-specs
        bundles (lottie_specs/data/lottie.schema.json), with jsonschema's Draft 2020-12
        validator, the draft the schema declares.
    lottiecheck.py values LOTTIE.json FRAMES.json
        evaluates the exported layer transforms (and fills, strokes) at every sampled frame with
        the keyframe interpolation of the Lottie spec (evaluate() below) and compares them with
        the frames `run --format json` wrote: within 1e-6 on frames inside exact segments, within
        the file's bakeTolerance elsewhere.
    lottiecheck.py render RENDERER LOTTIE.json FRAMES.json EXAMPLE
        renders every frame with rlottie (RENDERER is Tests/rlottie/render.c built) and compares
        the drawn layer's coverage, centroid and colour with what the frames and the example's
        script say it should be (expectations below, per example).

Exit status 0 when every check passes; otherwise each failure is printed and the status is 1.
"""
import importlib.resources
import json
import math
import subprocess
import sys

import numpy as np

failures = []


def fail(message):
    failures.append(message)
    print("FAIL", message)


# ---------------------------------------------------------------------------------------------
# Schema

def check_schema(paths):
    import jsonschema
    schema_file = importlib.resources.files("lottie_specs") / "data" / "lottie.schema.json"
    schema = json.loads(schema_file.read_text())
    assert schema["$schema"].endswith("2020-12/schema"), schema["$schema"]
    validator = jsonschema.Draft202012Validator(schema)
    for path in paths:
        with open(path) as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        for e in errors[:5]:
            fail("%s: %s at %s" % (path, e.message[:300], "/".join(map(str, e.path))))
        if not errors:
            print("ok schema", path)


# ---------------------------------------------------------------------------------------------
# Keyframe evaluation, as the Lottie spec describes it (lottie-spec docs/specs/properties.md,
# "Keyframe" and "Easing Handles"): between keyframe k and k + 1 the progress
# x = (t - t_k) / (t_{k+1} - t_k) is eased by the cubic Bezier (0,0) (o.x,o.y) (i.x,i.y) (1,1)
# (x against time, y against value), value = s_k + (s_{k+1} - s_k) * y; h = 1 holds s_k; before
# the first keyframe the first value, from the last keyframe on the last value; at t = t_k
# exactly the keyframe's own value.

def bezier_y(x1, y1, x2, y2, x):
    """y at x of the easing curve, solving x(u) = x by bisection to full double precision
    (x(u) is monotonic for x1, x2 in [0, 1])."""
    def coord(p1, p2, u):
        return 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u * u * p2 + u ** 3
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if coord(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    return coord(y1, y2, (lo + hi) / 2)


def first(v):
    return v[0] if isinstance(v, list) else v


def as_list(v):
    return v if isinstance(v, list) else [v]


def evaluate(prop, t):
    if prop["a"] == 0:
        return numbers_of(prop["k"])
    ks = prop["k"]
    if t < ks[0]["t"]:
        return numbers_of(ks[0]["s"])
    for k0, k1 in zip(ks, ks[1:]):
        if k0["t"] <= t < k1["t"]:
            a, b = numbers_of(k0["s"]), numbers_of(k1["s"])
            if k0.get("h") == 1:
                return a
            x = (t - k0["t"]) / (k1["t"] - k0["t"])
            y = bezier_y(first(k0["o"]["x"]), first(k0["o"]["y"]), first(k0["i"]["x"]), first(k0["i"]["y"]), x)
            return [p + (q - p) * y for p, q in zip(a, b)]
    return numbers_of(ks[-1]["s"])


def numbers_of(value):
    """A value as a list of numbers: a number, an array, or a shape (a bezier, alone or in a
    one-element array) as its v, i, o numbers vertex by vertex."""
    value = as_list(value)
    if value and isinstance(value[0], dict):
        return bezier_numbers_of_lottie(value[0])
    return value


# ---------------------------------------------------------------------------------------------
# Values

def shape_item(layer, group_name, ty):
    for group in layer["shapes"]:
        if group["nm"] == group_name:
            for item in group["it"]:
                if item["ty"] == ty:
                    return item
    return None


def bezier_numbers(points):
    xy = [points[i:i + 2] for i in range(0, len(points), 2)]
    m = (len(xy) - 1) // 3
    assert len(xy) == 1 + 3 * m and xy[-1] == xy[0], "not a closed all-cubic path"
    out = []
    for k in range(m):
        v = xy[3 * k]
        before = xy[3 * k - 1] if k > 0 else xy[3 * m - 1]
        after = xy[3 * k + 1]
        out += [v[0], v[1], before[0] - v[0], before[1] - v[1], after[0] - v[0], after[1] - v[1]]
    return out


def bezier_numbers_of_lottie(bezier):
    out = []
    for v, i, o in zip(bezier["v"], bezier["i"], bezier["o"]):
        out += [v[0], v[1], i[0], i[1], o[0], o[1]]
    return out


def check_values(lottie_path, frames_path):
    doc = json.load(open(lottie_path))
    frames = json.load(open(frames_path))
    fps, start = frames["fps"], frames["start"]
    tolerance = doc["inbetween"]["bakeTolerance"]
    exact = doc["inbetween"]["exact"]
    layers = {layer["nm"]: layer for layer in doc["layers"]}
    checked = 0
    worst = {"exact": 0.0, "baked": 0.0}
    for track in frames["tracks"]:
        layer = layers[track["layer"]]
        key = track["keyPath"]
        # (Lottie property name, property, components of the Lottie value, Lottie value from ours)
        targets = []
        ks = layer["ks"]
        if key == "position":
            targets.append(("ks.p", ks["p"], [0, 1], lambda v: [v[0], v[1]]))
        elif key in ("position.x", "position.y"):
            c = 0 if key.endswith("x") else 1
            targets.append(("ks.p", ks["p"], [c], lambda v: [v] if c == 0 else [None, v]))
        elif key == "opacity":
            targets.append(("ks.o", ks["o"], [0], lambda v: [100 * v]))
        elif key in ("transform.scale.x", "transform.scale.y"):
            c = 0 if key.endswith("x") else 1
            targets.append(("ks.s", ks["s"], [c], (lambda v: [100 * v, None]) if c == 0 else (lambda v: [None, 100 * v])))
        elif key == "transform.scale":
            targets.append(("ks.s", ks["s"], [0, 1], lambda v: [100 * v, 100 * v]))
        elif key in ("transform.rotation", "transform.rotation.z"):
            targets.append(("ks.r", ks["r"], [0], lambda v: [math.degrees(v)]))
        elif key == "backgroundColor":
            fill = shape_item(layer, "background", "fl")
            targets.append(("background.fl.c", fill["c"], [0, 1, 2], lambda v: v[:3]))
            targets.append(("background.fl.o", fill["o"], [0], lambda v: [100 * v[3]]))
        elif key == "borderWidth":
            targets.append(("border.st.w", shape_item(layer, "border", "st")["w"], [0], lambda v: [v]))
        elif key == "borderColor":
            stroke = shape_item(layer, "border", "st")
            targets.append(("border.st.c", stroke["c"], [0, 1, 2], lambda v: v[:3]))
        elif key == "path":
            # A path of a move and m cubic curves back to its start (examples/11): Lottie vertex
            # k is on-curve point 3k, its out tangent the next control point minus it, its in
            # tangent the control point before it minus it (lottie-spec values/bezier).
            shape = shape_item(layer, "path", "sh")
            targets.append(("path.sh1", shape["ks"], None, bezier_numbers))
        for name, prop, components, convert in targets:
            ranges = exact.get(track["layer"], {}).get(name, [])
            for t, value in zip(track["times"], track["values"]):
                frame = round((t - start) * fps)
                want = convert(value)
                got = evaluate(prop, frame)
                if components is None:  # a shape: all of its numbers
                    components = list(range(len(want)))
                inside = any(a - 1e-9 <= frame <= b + 1e-9 for a, b in ranges)
                limit = 1e-6 if inside else tolerance * (1 + 1e-9)
                for c in components:
                    error = abs(got[c] - want[c])
                    kind = "exact" if inside else "baked"
                    worst[kind] = max(worst[kind], error)
                    checked += 1
                    if error > limit:
                        fail("%s: %s %s at frame %d component %d: lottie %r, frames %r (%s, limit %g)"
                             % (lottie_path, track["layer"], name, frame, c, got[c], want[c], kind, limit))
    print("ok values %s: %d values, worst exact %.3g, worst baked %.3g"
          % (lottie_path, checked, worst["exact"], worst["baked"]))
    if checked == 0:
        fail("%s: no values checked" % lottie_path)


# ---------------------------------------------------------------------------------------------
# Rendering

def render(renderer, lottie_path, frame_numbers):
    out = subprocess.run([renderer, lottie_path] + [str(f) for f in frame_numbers],
                         check=True, capture_output=True).stdout
    header, _, pixels = out.partition(b"\n")
    width, height, total = map(int, header.split())
    images = np.frombuffer(pixels, dtype="<u4").reshape(len(frame_numbers), height, width)
    return images, total


def measure(image):
    """Coverage in px^2 (alpha summed), alpha-weighted centroid of pixel centres, and the
    mean unpremultiplied colour of the covered pixels, from premultiplied ARGB32."""
    a = ((image >> 24) & 255).astype(float) / 255
    r = ((image >> 16) & 255).astype(float) / 255
    g = ((image >> 8) & 255).astype(float) / 255
    b = (image & 255).astype(float) / 255
    coverage = a.sum()
    if coverage == 0:
        return 0.0, None, None
    ys, xs = np.mgrid[0:image.shape[0], 0:image.shape[1]]
    cx = ((xs + 0.5) * a).sum() / coverage
    cy = ((ys + 0.5) * a).sum() / coverage
    # Colour where the pixel is mostly covered, unpremultiplied.
    solid = a > 0.5
    colour = [float((ch[solid] / a[solid]).mean()) for ch in (r, g, b)] if solid.any() else None
    return coverage, (cx, cy), colour


def track_values(frames, layer, key):
    fps, start = frames["fps"], frames["start"]
    for track in frames["tracks"]:
        if track["layer"] == layer and track["keyPath"] == key:
            return {round((t - start) * fps): v for t, v in zip(track["times"], track["values"])}
    return {}


def cubic_point(p0, p1, p2, p3, u):
    return [(1 - u) ** 3 * p0[i] + 3 * (1 - u) ** 2 * u * p1[i] + 3 * (1 - u) * u * u * p2[i] + u ** 3 * p3[i]
            for i in range(2)]


def polygon_area_centroid(points):
    """Shoelace formula for the area and the centroid of a simple polygon."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    area /= 2
    return abs(area), (cx / (6 * area), cy / (6 * area))


def expectations(example, frames, count):
    """Per frame: (coverage px^2, centroid, colour, area at full opacity when the layer fades)
    of what should be drawn, from the frames and from what the example's script sets."""
    grey = [0.5, 0.5, 0.5]   # the marker colour of layers that draw nothing themselves
    out = {}
    if example == "05":
        # examples/05: `ball` has no bounds or colour, so it is drawn as the 20 px marker dot
        # centred on its position.
        position = track_values(frames, "ball", "position")
        for f in range(count):
            p = position.get(f, [150, 268])
            out[f] = (math.pi * 10 ** 2, p, grey, 0)
    elif example == "07":
        # examples/07: a 100 x 100 layer at (100, 100) without a background: a grey marker rect
        # whose opacity fades 1 -> 0.
        opacity = track_values(frames, "theLayer", "opacity")
        for f in range(count):
            o = opacity.get(f, 0.0)
            # Centroid and colour only while enough alpha is left to measure them.
            out[f] = (10000 * o, [100, 100] if o > 0.05 else None, grey if o > 0.2 else None, 10000)
    elif example == "11":
        # examples/11: the path (move + four cubic curves + close) filled blue.
        path = track_values(frames, "ball", "path")
        for f in range(count):
            pts = path[f]
            xy = [pts[i:i + 2] for i in range(0, len(pts), 2)]
            polygon = []
            for s in range(4):
                p0, c1, c2, p3 = xy[3 * s], xy[3 * s + 1], xy[3 * s + 2], xy[3 * s + 3]
                polygon += [cubic_point(p0, c1, c2, p3, u / 200) for u in range(200)]
            area, centroid = polygon_area_centroid(polygon)
            out[f] = (area, centroid, [0.0, 0.0, 1.0], 0)
    elif example == "12":
        # examples/12: a 200 x 150 layer centred at (W/2, H/2) = (187.5, 333.5) without a
        # background (a grey marker rect) scales down; when that group stops at 0.2 s the script
        # sets bounds 20 x 20 and the throw moves it; at the end it rests with its frame at
        # (10, H - 20, 20, 20), centred at (20, 657).
        sx = track_values(frames, "myview", "transform.scale.x")
        sy = track_values(frames, "myview", "transform.scale.y")
        position = track_values(frames, "myview", "position")
        fps = frames["fps"]
        for f in range(count):
            t = f / fps
            w, h = (200, 150) if t < 0.2 - 1e-9 else (20, 20)
            scale = (sx.get(f, 1.0), sy.get(f, 1.0)) if f in sx else (1.0, 1.0)
            p = position.get(f, [187.5, 333.5] if t < 0.2 - 1e-9 else [20, 657])
            out[f] = (w * scale[0] * h * scale[1], p, grey, 0)
    return out


def check_render(renderer, lottie_path, frames_path, example):
    doc = json.load(open(lottie_path))
    frames = json.load(open(frames_path))
    count = doc["op"] - doc["ip"]
    numbers = list(range(count))
    images, total = render(renderer, lottie_path, numbers)
    if total < count - 1:
        fail("%s: rlottie counts %d frames, the file has %d" % (lottie_path, total, count))
    expected = expectations(example, frames, count)
    worst = [0.0, 0.0, 0.0]
    for f in numbers:
        coverage, centroid, colour = measure(images[f])
        want_coverage, want_centroid, want_colour, full_area = expected[f]
        # Anti-aliased edges: the summed alpha equals the area up to the edge pixels' rounding,
        # allowed 1.5 % of the area plus 4 px^2; and a layer opacity o is drawn as an 8-bit
        # alpha, off by up to one step, 1/255 of the shape's area.
        coverage_limit = 0.015 * want_coverage + 4 + full_area / 255
        if abs(coverage - want_coverage) > coverage_limit:
            fail("%s frame %d: coverage %.1f px^2, expected %.1f (limit %.1f)"
                 % (lottie_path, f, coverage, want_coverage, coverage_limit))
        worst[0] = max(worst[0], abs(coverage - want_coverage) / max(want_coverage, 1))
        if want_centroid is not None and centroid is not None:
            d = math.hypot(centroid[0] - want_centroid[0], centroid[1] - want_centroid[1])
            worst[1] = max(worst[1], d)
            if d > 1.0:
                fail("%s frame %d: centroid (%.2f, %.2f), expected (%.2f, %.2f): %.2f px off (limit 1 px)"
                     % (lottie_path, f, centroid[0], centroid[1], want_centroid[0], want_centroid[1], d))
        if want_colour is not None and colour is not None:
            e = max(abs(a - b) for a, b in zip(colour, want_colour))
            worst[2] = max(worst[2], e)
            # 8-bit channels, premultiplied: 3/255 covers rounding twice over.
            if e > 3 / 255:
                fail("%s frame %d: colour %s, expected %s" % (lottie_path, f, colour, want_colour))
    print("ok render %s: %d frames, worst coverage %.2f %%, centroid %.3f px, colour %.4f"
          % (lottie_path, count, 100 * worst[0], worst[1], worst[2]))


def main(argv):
    command = argv[1]
    if command == "schema":
        check_schema(argv[2:])
    elif command == "values":
        check_values(argv[2], argv[3])
    elif command == "render":
        check_render(argv[2], argv[3], argv[4], argv[5])
    else:
        print(__doc__)
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
