print("Playground: not built yet")
