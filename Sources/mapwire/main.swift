print("mapwire")
