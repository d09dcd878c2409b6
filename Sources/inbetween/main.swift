print("inbetween")
