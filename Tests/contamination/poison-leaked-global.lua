_G.leaked = 42
leaked = 42
