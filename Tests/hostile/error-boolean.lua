-- expect: inbetween: (error object is a boolean value)
error(false)
