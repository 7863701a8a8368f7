#!/usr/bin/env python3
"""Fails when a public symbol of a module is not curated in a Topics section of its DocC catalog.

usage: .ci/docs-curation.py MODULE SYMBOL_GRAPH_DIR DOCC_OUTPUT_DIR

The symbols that must be curated come from the compiler's symbol graphs (MODULE.symbols.json and
the extension graphs MODULE@Other.symbols.json):
  - every top-level symbol: types, protocols, type aliases, free functions, global variables;
  - every member of a protocol the module declares: its requirements and the members its
    extensions add (the operators on `Publisher`, the requests' shared members);
  - every type or type alias nested in a namespace (an enum without cases, such as `Publishers`);
  - every member the module adds to another module's type (`Sequence.publisher`).
Members of the module's concrete types are listed on their type's page automatically and need
no curation.

What counts as curated is read from DocC's own output (the render JSON of every page), so a link
is resolved exactly as DocC resolves it: a symbol is curated when it appears in a Topics group
that a page of the catalog wrote (DocC marks the groups it makes up itself as "generated").
"""
import glob
import json
import os
import sys

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def required_symbols(module, graph_dir):
    """The precise identifiers that must be curated, each with a readable path and kind."""
    main_path = os.path.join(graph_dir, f"{module}.symbols.json")
    if not os.path.exists(main_path):
        sys.exit(f"docs-curation: no symbol graph {main_path}")
    symbols = [s for s in load(main_path)["symbols"] if s["kind"]["identifier"] != "swift.extension"]
    protocols = {s["pathComponents"][0] for s in symbols
                 if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] == "swift.protocol"}
    enums = {s["pathComponents"][0] for s in symbols
             if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] == "swift.enum"}
    with_cases = {s["pathComponents"][0] for s in symbols
                  if len(s["pathComponents"]) == 2 and s["kind"]["identifier"] == "swift.enum.case"}
    namespaces = enums - with_cases

    required = {}
    for symbol in symbols:
        path = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"]
        if (len(path) == 1
                or (len(path) == 2 and path[0] in protocols)
                or (len(path) == 2 and path[0] in namespaces and kind in TYPE_KINDS)):
            required[symbol["identifier"]["precise"]] = ("/".join(path), kind)

    for extension_path in sorted(glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json"))):
        extended = os.path.basename(extension_path)[len(module) + 1:-len(".symbols.json")]
        for symbol in load(extension_path)["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension" or len(symbol["pathComponents"]) != 2:
                continue
            path = f"{extended}/" + "/".join(symbol["pathComponents"])
            required[symbol["identifier"]["precise"]] = (path, symbol["kind"]["identifier"])
    return required


def curated_symbols(output_dir):
    """The precise identifiers that appear in a Topics group written by the catalog."""
    pages = glob.glob(os.path.join(output_dir, "data", "documentation", "**", "*.json"), recursive=True)
    if not pages:
        sys.exit(f"docs-curation: no DocC render JSON under {output_dir}/data/documentation")
    identifier_of_url = {}
    link_of_identifier = {}
    linked = set()
    for page_path in pages:
        page = load(page_path)
        external = page.get("metadata", {}).get("externalID")
        if external:
            url = page["identifier"]["url"]
            identifier_of_url[url] = external
            # doc://bundle/documentation/Module/Type/member-hash: the link, disambiguated as DocC wants it.
            link_of_identifier[external] = url.split("/documentation/", 1)[1].split("/", 1)[-1]
        for section in page.get("topicSections", []):
            if not section.get("generated", False):
                linked.update(section.get("identifiers", []))
    return {identifier_of_url[url] for url in linked if url in identifier_of_url}, link_of_identifier


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    module, graph_dir, output_dir = sys.argv[1:]
    required = required_symbols(module, graph_dir)
    curated, link_of_identifier = curated_symbols(output_dir)
    missing = sorted((link_of_identifier.get(precise, path), kind)
                     for precise, (path, kind) in required.items() if precise not in curated)
    if missing:
        print(f"docs-curation: {len(missing)} of {len(required)} public symbols of {module} are in no Topics section "
              f"of Sources/{module}/{module}.docc:")
        for path, kind in missing:
            print(f"  ``{path}``  ({kind.replace('swift.', '')})")
        sys.exit(1)
    print(f"docs-curation: all {len(required)} public symbols of {module} are curated")


if __name__ == "__main__":
    main()
