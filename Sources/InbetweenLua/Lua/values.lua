-- The value constructors of the Lua API, written in Lua: point, size, rect, color, transform
-- and path are plain tables with a metatable, so scripts read `p.x` and print them. The host
-- runs this once per state (Runtime+Boot.swift) with its kit (see kit.lua) and a table of
-- native helpers; it keeps the metatables in the registry to recognise the values and to build
-- them itself (ValueConversion.swift), never through the script's globals.
--
-- Every metatable here carries `__metatable = false`: `getmetatable(point(0, 0))` gives
-- false, so a script can neither change how every other point behaves nor install a __gc
-- through it. Methods live in a separate table (`__index`), unreachable from a value.
local kit, native = ...
local type, tostring, setmetatable, pcall = kit.type, kit.tostring, kit.setmetatable, kit.pcall
local rawgetmetatable, raise, concat, unpack = kit.getmetatable, kit.raise, kit.concat, kit.unpack
local sin, cos, sqrt, huge, fmt = kit.sin, kit.cos, kit.sqrt, kit.huge, kit.format

-- The type name a message should show: a value's kind ("point") or Lua's type.
local function kind(v)
  local mt = rawgetmetatable(v)
  return type(v) == "table" and mt and mt.__name or type(v)
end

-- Argument checks in Lua's own wording, raised at the script's line.
local function num(v, fname, argn, pname)
  if type(v) ~= "number" then
    raise(fmt("bad argument #%d to '%s' (%s: number expected, got %s)", argn, fname, pname, kind(v)))
  end
  if v ~= v or v == huge or v == -huge then
    raise(fmt("bad argument #%d to '%s' (%s must be a finite number, got %s)", argn, fname, pname,
      tostring(v)))
  end
  return v
end

local function g(v) return fmt("%.14g", v) end
local T = {}

-- A value metatable: its name, methods in their own table, protected.
local function valueType(name)
  local methods = {}
  local mt = {__name = name, __index = methods, __metatable = false}
  T[name] = mt
  return mt, methods
end

-- point(x, y) ---------------------------------------------------------------------------
local Point, PointMethods = valueType("point")
local function point(x, y)
  return setmetatable({x = num(x, "point", 1, "x"), y = num(y, "point", 2, "y")}, Point)
end
Point.__tostring = function(p) return "point(" .. g(p.x) .. ", " .. g(p.y) .. ")" end
Point.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Point.__add = function(a, b) return point(a.x + b.x, a.y + b.y) end
Point.__sub = function(a, b) return point(a.x - b.x, a.y - b.y) end
Point.__mul = function(a, b)
  if type(a) == "number" then a, b = b, a end
  return point(a.x * b, a.y * b)
end
PointMethods.components = function(p) return {p.x, p.y} end

-- size(width, height) -------------------------------------------------------------------
local Size, SizeMethods = valueType("size")
local function size(w, h)
  return setmetatable({width = num(w, "size", 1, "width"), height = num(h, "size", 2, "height")}, Size)
end
Size.__tostring = function(s) return "size(" .. g(s.width) .. ", " .. g(s.height) .. ")" end
Size.__eq = function(a, b) return a.width == b.width and a.height == b.height end
SizeMethods.components = function(s) return {s.width, s.height} end

-- rect(x, y, width, height) -------------------------------------------------------------
local Rect, RectMethods = valueType("rect")
local function rect(x, y, w, h)
  return setmetatable({x = num(x, "rect", 1, "x"), y = num(y, "rect", 2, "y"),
    width = num(w, "rect", 3, "width"), height = num(h, "rect", 4, "height")}, Rect)
end
Rect.__tostring = function(r)
  return "rect(" .. g(r.x) .. ", " .. g(r.y) .. ", " .. g(r.width) .. ", " .. g(r.height) .. ")"
end
Rect.__eq = function(a, b)
  return a.x == b.x and a.y == b.y and a.width == b.width and a.height == b.height
end
RectMethods.components = function(r) return {r.x, r.y, r.width, r.height} end

-- color(r, g, b[, a]) | color("#rrggbb") | color("red") --------------------------------
local Color, ColorMethods = valueType("color")
local parseColor = native.parseColor
local function color(r, gr, b, a)
  if type(r) == "string" then
    local ok, cr, cg, cb, ca = pcall(parseColor, r)
    if not ok then raise(fmt("bad argument #1 to 'color' (%s)", cr)) end
    return setmetatable({r = cr, g = cg, b = cb, a = ca}, Color)
  end
  return setmetatable({r = num(r, "color", 1, "r"), g = num(gr, "color", 2, "g"),
    b = num(b, "color", 3, "b"), a = a == nil and 1 or num(a, "color", 4, "a")}, Color)
end
Color.__tostring = function(c)
  return "color(" .. g(c.r) .. ", " .. g(c.g) .. ", " .. g(c.b) .. ", " .. g(c.a) .. ")"
end
Color.__eq = function(x, y) return x.r == y.r and x.g == y.g and x.b == y.b and x.a == y.a end
ColorMethods.components = function(c) return {c.r, c.g, c.b, c.a} end

-- transforms: CATransform3D in Core Animation's row-vector convention ------------------
local Transform, TransformMethods = valueType("transform")
local function matrix(m) return setmetatable({m = m}, Transform) end
local transform = {}
function transform.identity() return matrix{1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1} end
function transform.scale(sx, sy, sz)
  sx = num(sx, "scale", 1, "sx")
  sy = sy == nil and sx or num(sy, "scale", 2, "sy")
  sz = sz == nil and 1 or num(sz, "scale", 3, "sz")
  return matrix{sx,0,0,0, 0,sy,0,0, 0,0,sz,0, 0,0,0,1}
end
function transform.translation(tx, ty, tz)
  tx, ty = num(tx, "translation", 1, "tx"), num(ty, "translation", 2, "ty")
  tz = tz == nil and 0 or num(tz, "translation", 3, "tz")
  return matrix{1,0,0,0, 0,1,0,0, 0,0,1,0, tx,ty,tz,1}
end
-- CATransform3DMakeRotation(angle, x, y, z): a rotation about the axis (x, y, z), default z.
function transform.rotation(angle, x, y, z)
  angle = num(angle, "rotation", 1, "angle")
  x = x == nil and 0 or num(x, "rotation", 2, "x")
  y = y == nil and 0 or num(y, "rotation", 3, "y")
  z = z == nil and 1 or num(z, "rotation", 4, "z")
  local len = sqrt(x * x + y * y + z * z)
  if len == 0 then return transform.identity() end
  x, y, z = x / len, y / len, z / len
  local c, s = cos(angle), sin(angle)
  local t = 1 - c
  -- The transpose of the column-vector rotation matrix, as rows act on row vectors.
  return matrix{
    t*x*x + c,   t*x*y + s*z, t*x*z - s*y, 0,
    t*x*y - s*z, t*y*y + c,   t*y*z + s*x, 0,
    t*x*z + s*y, t*y*z - s*x, t*z*z + c,   0,
    0, 0, 0, 1}
end
local function concatTransforms(a, b)
  local m, A, B = {}, a.m, b.m
  for r = 0, 3 do
    for c = 1, 4 do
      m[r*4 + c] = A[r*4+1]*B[c] + A[r*4+2]*B[4+c] + A[r*4+3]*B[8+c] + A[r*4+4]*B[12+c]
    end
  end
  return matrix(m)
end
TransformMethods.concat = concatTransforms
Transform.__mul = concatTransforms
Transform.__eq = function(a, b)
  for i = 1, 16 do if a.m[i] ~= b.m[i] then return false end end
  return true
end
Transform.__tostring = function(t)
  local parts = {}
  for i = 1, 16 do parts[i] = g(t.m[i]) end
  return "transform(" .. concat(parts, ", ") .. ")"
end
TransformMethods.components = function(t) return {unpack(t.m)} end
setmetatable(transform, {__metatable = false, __call = function(_, m)
  if type(m) ~= "table" or #m ~= 16 then
    raise("bad argument #1 to 'transform' (array of 16 numbers expected)")
  end
  local copy = {}
  for i = 1, 16 do copy[i] = num(m[i], "transform", 1, "m[" .. i .. "]") end
  return matrix(copy)
end})

-- path():move(x, y):line(x, y):quad(cx, cy, x, y):curve(...):arc(...):close() -----------
local Path, PathMethods = valueType("path")
local function path() return setmetatable({elements = {}}, Path) end
local function add(p, e) p.elements[#p.elements + 1] = e; return p end
function PathMethods:move(x, y) return add(self, {"move", num(x, "move", 1, "x"), num(y, "move", 2, "y")}) end
function PathMethods:line(x, y) return add(self, {"line", num(x, "line", 1, "x"), num(y, "line", 2, "y")}) end
function PathMethods:quad(cx, cy, x, y)
  return add(self, {"quad", num(cx, "quad", 1, "cx"), num(cy, "quad", 2, "cy"),
    num(x, "quad", 3, "x"), num(y, "quad", 4, "y")})
end
function PathMethods:curve(c1x, c1y, c2x, c2y, x, y)
  return add(self, {"curve", num(c1x, "curve", 1, "c1x"), num(c1y, "curve", 2, "c1y"),
    num(c2x, "curve", 3, "c2x"), num(c2y, "curve", 4, "c2y"), num(x, "curve", 5, "x"),
    num(y, "curve", 6, "y")})
end
-- CGPathAddArc: center, radius, start and end angles in radians, clockwise flag.
function PathMethods:arc(cx, cy, r, a0, a1, clockwise)
  return add(self, {"arc", num(cx, "arc", 1, "cx"), num(cy, "arc", 2, "cy"), num(r, "arc", 3, "radius"),
    num(a0, "arc", 4, "startAngle"), num(a1, "arc", 5, "endAngle"), clockwise and 1 or 0})
end
function PathMethods:close() return add(self, {"close"}) end
Path.__tostring = function(p) return "path(" .. #p.elements .. " elements)" end

-- Linear interpolation of any value kind, component-wise and never clamped. Errors name the
-- script's line (raise), whoever called lerp on its behalf.
local function lerp(a, b, t)
  if type(a) == "number" then return a + (b - a) * t end
  local mt = rawgetmetatable(a)
  if mt == Point then return point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) end
  if mt == Size then return size(a.width + (b.width - a.width) * t, a.height + (b.height - a.height) * t) end
  if mt == Rect then
    return rect(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
      a.width + (b.width - a.width) * t, a.height + (b.height - a.height) * t)
  end
  if mt == Color then
    return color(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t)
  end
  if mt == Transform then
    local m = {}
    for i = 1, 16 do m[i] = a.m[i] + (b.m[i] - a.m[i]) * t end
    return matrix(m)
  end
  if mt == Path then
    -- Shape morphing: paths of the same structure, point by point.
    local out = path()
    for i = 1, #a.elements do
      local ea = a.elements[i]
      local eb, e = b.elements[i], {ea[1]}
      if eb == nil or eb[1] ~= ea[1] then raise("cannot interpolate paths of different structure") end
      for j = 2, #ea do e[j] = ea[j] + (eb[j] - ea[j]) * t end
      if ea[1] == "arc" then e[7] = ea[7] end
      out.elements[i] = e
    end
    return out
  end
  if type(a) == "table" then
    local out = {}
    for i = 1, #a do out[i] = a[i] + (b[i] - a[i]) * t end
    return out
  end
  raise("cannot interpolate a " .. kind(a))
end

return {
  types = T,
  globals = {point = point, size = size, rect = rect, color = color, transform = transform,
    path = path},
  lerp = lerp,
}
