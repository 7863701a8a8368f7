// hollow-cli: placeholder until the client issue lands.
print("hollow-cli: not built yet")
