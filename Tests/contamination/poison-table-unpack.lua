table.unpack = function() return 3.5, 3.5 end
