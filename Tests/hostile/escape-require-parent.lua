-- expect: inbetween: escape-require-parent.lua:2: bad argument #1 to 'require' (module name may hold letters, digits, '_', '-' and '.', got '../../../etc/passwd')
require("../../../etc/passwd")
