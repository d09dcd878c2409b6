-- expect: inbetween: param-steps-zero.lua:2: bad argument #1 to 'steps' (the step count must be a positive integer, got 0)
timing.steps(0)
