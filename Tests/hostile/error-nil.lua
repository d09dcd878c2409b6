-- expect: inbetween: (error object is a nil value)
error(nil)
