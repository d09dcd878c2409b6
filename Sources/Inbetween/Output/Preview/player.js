(function () {
'use strict';
var S = { d: null, t: 0, playing: false, speed: 1, loop: true, last: 0, layers: [], charts: [], polling: false };
var SVGNS = 'http://www.w3.org/2000/svg';
// Okabe & Ito's colour-blind-safe palette (as the SVG plots), then dash patterns.
var PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
var DASHES = ['', '6 3', '2 3', '8 3 2 3'];
var CHANNELS = ['#d62728', '#2ca02c', '#1f5fd6', '#7f7f7f'];
var $ = function (id) { return document.getElementById(id); };

// ---- values: frames are exact; between two frames, linear for display only
function frameAt(t) {
  var ts = S.d.times, n = ts.length;
  if (!(t > ts[0])) return { i: 0, u: 0 };
  if (t >= ts[n - 1]) return { i: n - 1, u: 0 };
  var lo = 0, hi = n - 1;
  while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (ts[mid] <= t) lo = mid; else hi = mid; }
  return { i: lo, u: (t - ts[lo]) / (ts[lo + 1] - ts[lo]) };
}
function mix(a, b, u) {
  if (a === null) return b;
  if (b === null || u === 0) return a;
  if (typeof a === 'number') return a + (b - a) * u;
  if (Array.isArray(a)) { var o = new Array(a.length); for (var k = 0; k < a.length; k++) o[k] = a[k] + (b[k] - a[k]) * u; return o; }
  if (a.e !== b.e) return u < 0.5 ? a : b;
  return { e: a.e, p: mix(a.p, b.p, u) };
}
function sampled(list, f) { return f.u === 0 ? list[f.i] : mix(list[f.i], list[f.i + 1], f.u); }
function prop(L, key, f) { var p = L.props[key]; return 'c' in p ? p.c : sampled(p.v, f); }

// ---- geometry: row vectors, p' = p · M (CATransform3D's convention)
function mul(a, b) {
  var o = new Array(16);
  for (var r = 0; r < 4; r++) for (var c = 0; c < 4; c++) {
    o[r * 4 + c] = a[r * 4] * b[c] + a[r * 4 + 1] * b[4 + c] + a[r * 4 + 2] * b[8 + c] + a[r * 4 + 3] * b[12 + c];
  }
  return o;
}
function translation(x, y, z) { return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]; }
function scaling(x, y) { return [x, 0, 0, 0, 0, y, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]; }
function project(m, x, y) {
  var w = x * m[3] + y * m[7] + m[15];
  return [(x * m[0] + y * m[4] + m[12]) / w, (x * m[1] + y * m[5] + m[13]) / w];
}
// The layer's matrix from its own coordinates (origin at the bounds' top-left) to the stage.
function layerMatrix(L, f) {
  var b = prop(L, 'bounds', f), p = prop(L, 'position', f), a = prop(L, 'anchorPoint', f);
  var m = mul(translation(-a[0] * b[2], -a[1] * b[3], -prop(L, 'anchorPointZ', f)), prop(L, 'transform', f));
  return mul(m, translation(p[0], p[1], prop(L, 'zPosition', f)));
}
// A size in whole LayoutUnits (1/64 px) at or above v, so that layout does not cut it.
function layoutSize(v) { return Math.ceil(Math.abs(v) * 64) / 64; }
function css(c) { return 'color(srgb ' + c[0] + ' ' + c[1] + ' ' + c[2] + ' / ' + c[3] + ')'; }
function pathData(v, dx, dy) {
  var s = '', k = 0, p = v.p;
  function pt() { var t = ' ' + (p[k] + dx) + ' ' + (p[k + 1] + dy); k += 2; return t; }
  for (var i = 0; i < v.e.length; i++) {
    var e = v.e[i];
    if (e === 'M' || e === 'L') s += e + pt();
    else if (e === 'Q') s += 'Q' + pt() + pt();
    else if (e === 'C') s += 'C' + pt() + pt() + pt();
    else s += 'Z';
  }
  return s;
}

// ---- the stage
function buildStage() {
  var stage = $('stage'), guides = $('guides');
  stage.textContent = ''; guides.textContent = '';
  S.byName = {};
  S.layers = S.d.layers.map(function (L) {
    var el = document.createElement('div');
    el.className = 'layer';
    el.setAttribute('data-layer', L.name);
    var svg = document.createElementNS(SVGNS, 'svg');
    var path = document.createElementNS(SVGNS, 'path');
    svg.appendChild(path);
    var border = document.createElement('div');
    border.className = 'border';
    el.appendChild(svg); el.appendChild(border);
    stage.appendChild(el);
    var g = document.createElement('div'); g.className = 'guide';
    var cross = document.createElement('div'); cross.className = 'cross';
    var name = document.createElement('div'); name.className = 'name'; name.textContent = L.name;
    guides.appendChild(g); guides.appendChild(cross); guides.appendChild(name);
    return S.byName[L.name] = { L: L, el: el, svg: svg, path: path, border: border, guide: g, cross: cross, name: name };
  });
  // The stage covers every frame's layers (bounds corners and path points) from the origin.
  var w = 360, h = 240, ts = S.d.times;
  S.layers.forEach(function (E, l) {
    for (var i = E.L.from || 0; i < ts.length; i++) {
      var f = { i: i, u: 0 }, tree = S.d.draw && S.d.draw[i], m = tree ? entryOf(E.L.name, i) : layerMatrix(E.L, f);
      if (tree) { if (!m) continue; m = m.m; }
      var b = prop(E.L, 'bounds', f), pts = [0, 0, b[2], 0, 0, b[3], b[2], b[3]];
      var pv = prop(E.L, 'path', f);
      for (var k = 0; k + 1 < pv.p.length; k += 2) pts.push(pv.p[k] - b[0], pv.p[k + 1] - b[1]);
      for (k = 0; k < pts.length; k += 2) {
        var q = project(m, pts[k], pts[k + 1]);
        if (isFinite(q[0]) && isFinite(q[1])) { w = Math.max(w, q[0] + 24); h = Math.max(h, q[1] + 24); }
      }
    }
  });
  w = Math.min(Math.ceil(w), 4000); h = Math.min(Math.ceil(h), 4000);
  // A script that names its view's size (scene{size = ...}) gets that view as the stage.
  if (S.d.stage) { w = Math.ceil(S.d.stage[0]); h = Math.ceil(S.d.stage[1]); }
  stage.style.width = guides.style.width = w + 'px';
  stage.style.height = guides.style.height = h + 'px';
  $('panel').style.top = h + 'px';
}

// A tree's frame: the entry of the layer called name at frame i (null when it is not
// drawn then).
function entryOf(name, i) {
  var list = S.d.draw[i];
  for (var k = 0; k < list.length; k++) if (list[k].n === name) return list[k];
  return null;
}
// The 3×3 projective part (rows and columns 1, 2, 4) of a matrix3d, inverted.
function inverse(m) {
  var a = m[0], b = m[1], c = m[3], d = m[4], e = m[5], f = m[7], g = m[12], h = m[13], i = m[15];
  var A = e * i - f * h, B = c * h - b * i, C = b * f - c * e;
  var det = a * A + d * B + g * C;
  if (!(det !== 0 && isFinite(det))) return null;
  var D = f * g - d * i, E = a * i - c * g, F = c * d - a * f, G = d * h - e * g, H = b * g - a * h, I = a * e - b * d;
  var k = 1 / det;
  return [A * k, B * k, 0, C * k, D * k, E * k, 0, F * k, 0, 0, 1, 0, G * k, H * k, 0, I * k];
}
// An ancestor's bounds (w × h, corner radius r) as a polygon, its arcs as chords.
function outline(w, h, r) {
  r = Math.max(0, Math.min(r, Math.min(w, h) / 2));
  if (!(r > 0)) return [[0, 0], [w, 0], [w, h], [0, h]];
  var pts = [], cs = [[w - r, r, -Math.PI / 2], [w - r, h - r, 0], [r, h - r, Math.PI / 2], [r, r, Math.PI]];
  cs.forEach(function (c) { for (var k = 0; k <= 16; k++) { var a = c[2] + k / 16 * Math.PI / 2; pts.push([c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]); } });
  return pts;
}
// Sutherland–Hodgman: the part of polygon p inside the convex polygon q (both clockwise
// on screen, y down).
function intersect(p, q) {
  for (var k = 0; k < q.length && p.length; k++) {
    var a = q[k], b = q[(k + 1) % q.length], out = [];
    var side = function (v) { return (b[0] - a[0]) * (v[1] - a[1]) - (b[1] - a[1]) * (v[0] - a[0]); };
    for (var j = 0; j < p.length; j++) {
      var u = p[j], v = p[(j + 1) % p.length], su = side(u), sv = side(v);
      if (su >= 0) out.push(u);
      if ((su >= 0) !== (sv >= 0)) { var t = su / (su - sv); out.push([u[0] + (v[0] - u[0]) * t, u[1] + (v[1] - u[1]) * t]); }
    }
    p = out;
  }
  return p;
}
// The clips of a tree's entry as one polygon in the element's own coordinates (its
// matrix m), or null for none; [] when nothing of it is left.
function clipPolygon(en, m) {
  if (!en.c) return null;
  var back = inverse(m), poly = null;
  if (!back) return [];
  for (var k = 0; k < en.c.length; k++) {
    var c = en.c[k], pts = [];
    var o = outline(c[0], c[1], c[2]);
    for (var j = 0; j < o.length; j++) {
      var s = project(c[3], o[j][0], o[j][1]);
      pts.push(project(back, s[0], s[1]));
    }
    // Clockwise on screen, as the intersection expects (a mirrored map reverses it).
    var area = 0;
    for (j = 0; j < pts.length; j++) { var u = pts[j], v = pts[(j + 1) % pts.length]; area += u[0] * v[1] - v[0] * u[1]; }
    if (area < 0) pts.reverse();
    poly = poly ? intersect(poly, pts) : pts;
  }
  return poly;
}

function drawLayer(E, f, z) {
  // A layer a callback makes exists from frame L.from on: nothing of it before; a
  // tree's layer shows at the frames that draw it.
  var tree = !!(S.d.draw && S.d.draw[f.i]), en = tree ? E.entry : null;
  var hidden = f.i < (E.L.from || 0) || (tree && !en) ? 'none' : '';
  [E.el, E.guide, E.cross, E.name].forEach(function (e) { e.style.display = hidden; });
  if (hidden) return;
  var L = E.L, el = E.el, b = prop(L, 'bounds', f);
  var w = layoutSize(b[2]), h = layoutSize(b[3]);
  var sx = w > 0 ? b[2] / w : 1, sy = h > 0 ? b[3] / h : 1;
  var world = en ? (E.next ? mix(en.m, E.next.m, f.u) : en.m) : layerMatrix(L, f);
  var m = mul(scaling(sx, sy), world);
  if (tree) {
    var clips = en.c;
    if (clips && E.next && E.next.c && E.next.c.length === clips.length) {
      clips = clips.map(function (c, k) { var d = E.next.c[k]; return [mix(c[0], d[0], f.u), mix(c[1], d[1], f.u), mix(c[2], d[2], f.u), mix(c[3], d[3], f.u)]; });
    }
    var poly = clipPolygon({ c: clips }, m);
    el.style.clipPath = poly === null ? '' : 'polygon(' + (poly.length ? poly.map(function (p) { return p[0] + 'px ' + p[1] + 'px'; }).join(',') : '0 0') + ')';
  }
  var t = 'matrix3d(' + m.join(',') + ')';
  el.style.width = w + 'px'; el.style.height = h + 'px';
  el.style.transform = t;
  el.style.zIndex = z;
  el.style.opacity = en ? (E.next ? mix(en.o, E.next.o, f.u) : en.o) : prop(L, 'opacity', f);
  el.style.backgroundColor = css(prop(L, 'backgroundColor', f));
  var r = prop(L, 'cornerRadius', f);
  el.style.borderRadius = r > 0 ? r + 'px' : '';
  var bw = prop(L, 'borderWidth', f);
  E.border.style.borderWidth = Math.max(bw, 0) + 'px';
  E.border.style.borderColor = css(prop(L, 'borderColor', f));
  var so = prop(L, 'shadowOpacity', f);
  if (so > 0) {
    var sc = prop(L, 'shadowColor', f), off = prop(L, 'shadowOffset', f);
    // Approximate: Core Animation's shadowRadius taken as the CSS blur radius.
    el.style.boxShadow = off[0] + 'px ' + off[1] + 'px ' + prop(L, 'shadowRadius', f) + 'px ' + css([sc[0], sc[1], sc[2], sc[3] * so]);
  } else el.style.boxShadow = '';
  var pv = prop(L, 'path', f);
  if (pv.e.length > 0) {
    E.svg.style.display = '';
    E.svg.style.transform = 'scale(' + (1 / sx) + ',' + (1 / sy) + ')';
    E.path.setAttribute('d', pathData(pv, -b[0], -b[1]));
    E.path.setAttribute('fill', css(prop(L, 'fillColor', f)));
    E.path.setAttribute('stroke', css(prop(L, 'strokeColor', f)));
    E.path.setAttribute('stroke-width', prop(L, 'lineWidth', f));
    var s0 = prop(L, 'strokeStart', f), s1 = prop(L, 'strokeEnd', f);
    if (s0 !== 0 || s1 !== 1) {
      E.path.setAttribute('pathLength', '1');
      E.path.setAttribute('stroke-dasharray', Math.max(s1 - s0, 0) + ' 2');
      E.path.setAttribute('stroke-dashoffset', -s0);
    } else {
      E.path.removeAttribute('pathLength'); E.path.removeAttribute('stroke-dasharray'); E.path.removeAttribute('stroke-dashoffset');
    }
  } else E.svg.style.display = 'none';
  // Guides: the bounds outline and a cross at the anchor point (position), never faded.
  E.guide.style.width = el.style.width; E.guide.style.height = el.style.height;
  E.guide.style.transform = t;
  var a = prop(L, 'anchorPoint', f), q = project(world, a[0] * b[2], a[1] * b[3]);
  E.cross.style.left = E.name.style.left = q[0] + 'px';
  E.cross.style.top = E.name.style.top = q[1] + 'px';
}

// Guide names sit at their layers' anchor points, so layers that share one (a card's
// two faces) printed their names over each other: a name that would overlap one
// already placed moves down a line until it is clear. Sizes are estimated from the text
// (11px type: under 6.5px a character, a line box of 15.4px) so that no frame waits for
// a layout; the placed boxes are kept in cells of NAME_CELL px: a frame costs O(layers).
var NAME_LINE = 16, NAME_CELL = 64;
function spreadNames() {
  var cells = {};
  function keys(x, y, w, f) {
    for (var cx = Math.floor(x / NAME_CELL); cx <= Math.floor((x + w) / NAME_CELL); cx++)
      for (var cy = Math.floor(y / NAME_CELL); cy <= Math.floor((y + NAME_LINE) / NAME_CELL); cy++) f(cx + ',' + cy);
  }
  function clear(x, y, w) {
    var ok = true;
    keys(x, y, w, function (k) { (cells[k] || []).forEach(function (r) {
      if (x < r[0] + r[2] && r[0] < x + w && y < r[1] + NAME_LINE && r[1] < y + NAME_LINE) ok = false;
    }); });
    return ok;
  }
  S.layers.forEach(function (E) {
    var n = E.name;
    if (n.style.display === 'none') return;
    var x = parseFloat(n.style.left), y = parseFloat(n.style.top), w = E.L.name.length * 6.5;
    if (!isFinite(x) || !isFinite(y)) return;
    for (var tries = 0; tries < 64 && !clear(x, y, w); tries++) y += NAME_LINE;
    n.style.top = y + 'px';
    keys(x, y, w, function (k) { (cells[k] = cells[k] || []).push([x, y, w]); });
  });
}

// ---- charts under the stage: one shared time axis
var CW = 660, CL = 64, CR = 16, FLAT = 1e-9;
function tx(t) { var ts = S.d.times, a = ts[0], b = ts[ts.length - 1]; return CL + (b > a ? (t - a) / (b - a) : 0) * (CW - CL - CR); }
function fmt(v) { var a = Math.abs(v); return a >= 1000 || a === 0 ? String(Math.round(v * 100) / 100) : String(+v.toPrecision(4)); }
function el(name, attrs, text) {
  var e = document.createElementNS(SVGNS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function components(kind, v) {
  if (kind === 'scalar') return [['value', v]];
  var names = { point: ['x', 'y'], size: ['width', 'height'], rect: ['x', 'y', 'width', 'height'], color: ['red', 'green', 'blue', 'alpha'] }[kind];
  return v.map(function (x, k) { return [names ? names[k] : 'v' + k, x]; });
}
// A jump (a value set at once, a snap back when an animation is removed) is a step
// much longer than the steps on either side of it: the line is broken there.
function jumps(vs) {
  var d = [], lo = [], hi = [], n = vs.length, out = {};
  for (var i = 0; i < n; i++) for (var k = 0; k < vs[i].length; k++) {
    lo[k] = Math.min(lo[k] === undefined ? Infinity : lo[k], vs[i][k]); hi[k] = Math.max(hi[k] === undefined ? -Infinity : hi[k], vs[i][k]);
  }
  var extent = 0, size = 1;
  for (k = 0; k < lo.length; k++) { extent += (hi[k] - lo[k]) * (hi[k] - lo[k]); size = Math.max(size, Math.abs(lo[k]), Math.abs(hi[k])); }
  extent = Math.sqrt(extent);
  // Noise (a flat chart, below) has no jumps: its steps of 1e-16 broke the line.
  if (!(extent > FLAT * size)) return out;
  for (i = 0; i + 1 < n; i++) { var s = 0; for (k = 0; k < vs[i].length; k++) s += (vs[i + 1][k] - vs[i][k]) * (vs[i + 1][k] - vs[i][k]); d.push(Math.sqrt(s)); }
  for (i = 0; i < d.length; i++) {
    if (d.length < 2) break;
    var near = Math.max(i > 0 ? d[i - 1] : 0, i + 1 < d.length ? d[i + 1] : 0);
    if (d[i] > 4 * near && d[i] > 0.01 * extent) out[i] = true;
  }
  return out;
}
function buildCharts() {
  var box = $('charts'); box.textContent = ''; S.charts = [];
  S.d.charts.forEach(function (C) {
    var svg = C.kind === 'path' ? pathChart(C) : lineChart(C);
    box.appendChild(svg.node);
    S.charts.push(svg);
  });
}
function lineChart(C) {
  var strip = C.kind === 'color' ? 16 : 0, top = 22 + strip, ph = 80, H = top + ph + 34;
  var svg = el('svg', { 'class': 'chart', width: CW, height: H, viewBox: '0 0 ' + CW + ' ' + H });
  svg.appendChild(el('text', { x: 8, y: 15, 'class': 'title' }, C.title + ' (' + C.unit + ')'));
  var rows = C.v.map(function (v) { return components(C.kind, v).map(function (c) { return c[1]; }); });
  var names = components(C.kind, C.v[0]).map(function (c) { return c[0]; });
  var lo = Infinity, hi = -Infinity;
  rows.forEach(function (r) { r.forEach(function (x) { if (x !== null) { lo = Math.min(lo, x); hi = Math.max(hi, x); } }); });
  // A range within FLAT of its size is no motion: the engine computes to 1e-9 (its cubic
  // solver's stated accuracy), and a part read back from a matrix differs from its
  // value by rounding (a scale of 1 reads 0.9999999999999999 under a rotation), which
  // stretched to full height drew noise as a zig-zag. Flat lines show on a unit range.
  if (!(hi - lo > FLAT * Math.max(1, Math.abs(lo), Math.abs(hi)))) { var mid = (lo + hi) / 2; lo = mid - 1; hi = mid + 1; }
  var ty = function (v) { return top + ph - (v - lo) / (hi - lo) * ph; };
  svg.appendChild(el('rect', { x: CL, y: top, width: CW - CL - CR, height: ph, fill: 'none', stroke: '#c8ccd2' }));
  svg.appendChild(el('text', { x: CL - 6, y: top + 9, 'text-anchor': 'end' }, fmt(hi)));
  svg.appendChild(el('text', { x: CL - 6, y: top + ph, 'text-anchor': 'end' }, fmt(lo)));
  var ts = S.d.times;
  svg.appendChild(el('text', { x: CL, y: top + ph + 14, 'text-anchor': 'middle' }, fmt(ts[0]) + ' s'));
  svg.appendChild(el('text', { x: CW - CR, y: top + ph + 14, 'text-anchor': 'middle' }, fmt(ts[ts.length - 1]) + ' s'));
  if (strip) {
    for (var i = 0; i < ts.length; i++) {
      var x0 = tx(i > 0 ? (ts[i - 1] + ts[i]) / 2 : ts[0]), x1 = tx(i + 1 < ts.length ? (ts[i] + ts[i + 1]) / 2 : ts[i]);
      svg.appendChild(el('rect', { x: x0, y: 22, width: Math.max(x1 - x0, 0.5), height: strip - 3, fill: css(C.v[i]) }));
    }
  }
  var breaks = jumps(rows), legendX = CL;
  names.forEach(function (name, k) {
    var colour = C.kind === 'color' ? CHANNELS[k] : PALETTE[k % PALETTE.length];
    var dash = C.kind === 'color' ? '' : DASHES[Math.floor(k / PALETTE.length) % DASHES.length];
    var d = '', pen = 'M';
    for (var i = 0; i < rows.length; i++) {
      if (rows[i][k] === null) { pen = 'M'; continue; }
      d += pen + tx(ts[i]).toFixed(2) + ' ' + ty(rows[i][k]).toFixed(2) + ' ';
      pen = breaks[i] ? 'M' : 'L';
    }
    svg.appendChild(el('path', { d: d, fill: 'none', stroke: colour, 'stroke-width': 1.6, 'stroke-dasharray': dash, 'stroke-linejoin': 'round' }));
    svg.appendChild(el('line', { x1: legendX, y1: H - 9, x2: legendX + 18, y2: H - 9, stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash }));
    svg.appendChild(el('text', { x: legendX + 22, y: H - 5 }, name));
    legendX += 30 + name.length * 7;
  });
  var head = el('line', { y1: 20, y2: top + ph, stroke: '#c0392b', 'stroke-width': 1 });
  svg.appendChild(head);
  return { node: svg, update: function (t) { var x = tx(t); head.setAttribute('x1', x); head.setAttribute('x2', x); } };
}
// A path track: its outline at several times (onion skin, later ones darker) and now.
function pathChart(C) {
  var H = 200, svg = el('svg', { 'class': 'chart', width: CW, height: H, viewBox: '0 0 ' + CW + ' ' + H });
  svg.appendChild(el('text', { x: 8, y: 15, 'class': 'title' }, C.title + ' (' + C.unit + '; outlines at 6 times, now in red)'));
  var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  C.v.forEach(function (v) { for (var k = 0; k + 1 < v.p.length; k += 2) { x0 = Math.min(x0, v.p[k]); x1 = Math.max(x1, v.p[k]); y0 = Math.min(y0, v.p[k + 1]); y1 = Math.max(y1, v.p[k + 1]); } });
  if (!(x1 > x0)) { x0 -= 1; x1 += 1; }
  if (!(y1 > y0)) { y0 -= 1; y1 += 1; }
  var unit = Math.min((CW - 2 * CL) / (x1 - x0), (H - 40) / (y1 - y0));
  var g = el('g', { transform: 'translate(' + (CW / 2 - (x0 + x1) / 2 * unit) + ' ' + (24 + (H - 32) / 2 - (y0 + y1) / 2 * unit) + ') scale(' + unit + ')' });
  svg.appendChild(g);
  var n = C.v.length, shots = Math.min(6, n);
  for (var s = 0; s < shots; s++) {
    var i = shots > 1 ? Math.round(s * (n - 1) / (shots - 1)) : 0;
    var shade = 0.25 + 0.5 * s / Math.max(shots - 1, 1);
    g.appendChild(el('path', { d: pathData(C.v[i], 0, 0), fill: 'none', stroke: 'rgba(0,114,178,' + shade + ')', 'stroke-width': 1.2 / unit }));
  }
  var now = el('path', { fill: 'none', stroke: '#c0392b', 'stroke-width': 2 / unit });
  g.appendChild(now);
  return { node: svg, update: function (t) { now.setAttribute('d', pathData(sampled(C.v, frameAt(t)), 0, 0)); } };
}

// A tree's frame, as the data lists it: elements in drawing order (the frame's at or
// before t), each opacity group a box of its own (at the stage's origin, so what it
// holds keeps its stage matrix) whose opacity fades it as one. Between two frames a
// layer drawn in both has its matrices mixed entry by entry, as values are.
function drawTree(f) {
  var stage = $('stage'), list = S.d.draw[f.i], open = [], next = f.u > 0 && S.d.draw[f.i + 1];
  S.layers.forEach(function (E) { E.entry = null; E.next = null; stage.appendChild(E.el); });
  if (next) next.forEach(function (en) { S.byName[en.n].next = en; });
  stage.querySelectorAll('.group').forEach(function (g) { g.remove(); });
  list.forEach(function (en) {
    var E = S.byName[en.n], ng = E.next && E.next.g, k = 0;
    var gs = (en.g || []).map(function (g, j) {
      return ng && ng[j] && ng[j][0] === g[0] ? [g[0], mix(g[1], ng[j][1], f.u)] : g;
    }).filter(function (g) { return g[1] < 1; });
    E.entry = en;
    while (k < open.length && k < gs.length && open[k].name === gs[k][0]) k++;
    open.length = k;
    for (; k < gs.length; k++) {
      var box = document.createElement('div');
      box.className = 'group'; box.style.opacity = Math.max(gs[k][1], 0);
      (k ? open[k - 1].el : stage).appendChild(box);
      open.push({ name: gs[k][0], el: box });
    }
    (open.length ? open[open.length - 1].el : stage).appendChild(E.el);
  });
  S.layers.forEach(function (E) { drawLayer(E, f, ''); });
}

// ---- time
function start() { return S.d.times[0]; }
function end() { return S.d.times[S.d.times.length - 1]; }
function render(t) {
  S.t = Math.min(Math.max(t, start()), end());
  var f = frameAt(S.t);
  if (S.d.draw && S.d.draw[f.i]) drawTree(f); else {
    // A tree's frame before it had a tree: flat, out of any group box.
    if (S.d.draw) {
      S.layers.forEach(function (E) { $('stage').appendChild(E.el); });
      $('stage').querySelectorAll('.group').forEach(function (g) { g.remove(); });
    }
    var order = S.layers.map(function (E, k) { return [prop(E.L, 'zPosition', f), k]; });
    order.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var rank = []; order.forEach(function (o, r) { rank[o[1]] = r; });
    S.layers.forEach(function (E, k) { drawLayer(E, f, rank[k]); });
  }
  spreadNames();
  S.charts.forEach(function (c) { c.update(S.t); });
  var n = S.d.times.length, exact = f.u === 0;
  $('scrub').value = S.t;
  $('time').textContent = S.t.toFixed(3) + ' s · ' + (exact ? 'frame ' + f.i + ' of ' + (n - 1) : 'between frames ' + f.i + ' and ' + (f.i + 1));
}
function tick(now) {
  if (!S.playing) return;
  var dt = (now - S.last) / 1000; S.last = now;
  var t = S.t + dt * S.speed, d = end() - start();
  if (t > end()) {
    if (S.loop && d > 0) t = start() + (t - start()) % d; else { render(end()); pause(); return; }
  }
  render(t);
  requestAnimationFrame(tick);
}
function play() {
  if (S.playing) return;
  if (S.t >= end() && !S.loop) S.t = start();
  S.playing = true; S.last = performance.now();
  $('play').textContent = '❚❚ Pause';
  requestAnimationFrame(tick);
}
function pause() { S.playing = false; $('play').textContent = '▶ Play'; }
function step(dir) {
  pause();
  var f = frameAt(S.t), n = S.d.times.length;
  var k = dir > 0 ? f.i + 1 : (f.u === 0 ? f.i - 1 : f.i);
  render(S.d.times[Math.min(Math.max(k, 0), n - 1)]);
}

// ---- data: inline at first, then (when watching) re-loaded from the sibling data file
function install(d) {
  var first = S.d === null, t = S.t;
  S.d = d;
  document.title = d.title + ' — inbetween preview';
  buildStage();
  buildCharts();
  var scrub = $('scrub');
  scrub.min = start(); scrub.max = end();
  // A page opened as NAME.html#t=0.5 starts at that time (links, screenshots).
  var asked = /[#&]t=([-+0-9.eE]+)/.exec(location.hash);
  render(first ? (asked ? +asked[1] : start()) : t);
  if (!first) $('status').textContent = 'updated ' + new Date().toLocaleTimeString();
  if (d.live && !S.polling) {
    S.polling = true;
    if (first) $('status').textContent = 'watching ' + d.live;
    setInterval(function () {
      var s = document.createElement('script');
      s.src = d.live + '?' + Date.now();
      s.onload = s.onerror = function () { s.remove(); };
      document.head.appendChild(s);
    }, 400);
  }
}
window.inbetweenLoad = function (d) {
  if (S.d && S.d.version === d.version) return;
  install(d);
};
window.inbetween = {
  get duration() { return end() - start(); },
  get fps() { return S.d.fps; },
  get start() { return start(); },
  get times() { return S.d.times.slice(); },
  get version() { return S.d.version; },
  get time() { return S.t; },
  get playing() { return S.playing; },
  seek: function (seconds) { render(+seconds); },
  play: play,
  pause: pause
};

// The page puts this script after the controls, so they exist already.
(function () {
  $('play').addEventListener('click', function () { if (S.playing) pause(); else play(); this.blur(); });
  $('scrub').addEventListener('input', function () { pause(); render(+this.value); });
  $('speed').addEventListener('change', function () { S.speed = +this.value; this.blur(); });
  $('loop').addEventListener('change', function () { S.loop = this.checked; this.blur(); });
  $('guides-on').addEventListener('change', function () { $('guides').style.display = this.checked ? '' : 'none'; this.blur(); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT' && e.target.type === 'range' && e.key !== ' ') return;
    if (e.key === ' ') { e.preventDefault(); if (S.playing) pause(); else play(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); step(1); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1); }
  });
})();
})();
