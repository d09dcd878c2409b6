load("leakedByLoad = 7")()
load("leakedByLoad = 7", "x", "t")()
