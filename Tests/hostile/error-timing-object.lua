-- expect: inbetween: timing(cubic-bezier(0.42, 0, 0.58, 1))
error(timing.cubic(0.42, 0, 0.58, 1))
