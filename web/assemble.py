#!/usr/bin/env python3
"""assemble.py — write the browser player as one self-contained file:
web/page.html with the style, the scripts (core.js for the page and, with
worker.js, for the solver's worker), the wasm (base64) and the bundled
levels inlined at its /*@NAME@*/ markers. No network is needed to open it.

    python3 web/assemble.py ROOT HAKO.WASM OUT.HTML
"""
import base64
import json
import sys


def main():
    root, wasm, out = sys.argv[1:4]

    def read(path):
        with open(f"{root}/{path}", encoding="utf-8") as f:
            return f.read()

    with open(wasm, "rb") as f:
        wasm_base64 = base64.b64encode(f.read()).decode("ascii")
    core = read("web/core.js")
    parts = {
        "STYLE": read("web/style.css"),
        "CORE": core,
        # The worker is made from this text (a Blob), so it needs core.js too.
        "WORKER": core + "\n" + read("web/worker.js"),
        "WASM": wasm_base64,
        "LEVELS": json.dumps(read("data/levels/boxoban_sample.txt")),
        # The page's own script, in this order (one scope: main.js starts it).
        "UI": "\n".join(read(f"web/{name}.js") for name in ("play", "levels", "solver", "draw", "main")),
    }
    page = read("web/page.html")
    for name, text in parts.items():
        marker = f"/*@{name}@*/"
        if page.count(marker) != 1:
            sys.exit(f"assemble.py: marker {marker} must appear once in web/page.html")
        if name in ("CORE", "WORKER", "UI", "LEVELS") and "</script" in text.lower():
            sys.exit(f"assemble.py: {name} must not contain '</script'")
        page = page.replace(marker, text)
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
