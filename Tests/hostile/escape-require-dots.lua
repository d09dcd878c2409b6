-- expect: inbetween: escape-require-dots.lua:2: bad argument #1 to 'require' (module name may hold letters, digits, '_', '-' and '.', got '..secret')
require("..secret")
