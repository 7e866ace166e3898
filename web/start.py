"""The script PyScript runs, in its worker (index.html): it imports web/main.py, which starts
the page's Python.

PyScript runs a script through Pyodide's ``runPythonAsync``, which parses it to an AST and
compiles that: for main.py's 500 lines that took ~110 ms of a phone's start (CPU x4) before
its first line ran. Imported as a module, main.py is compiled the plain way (~15 ms there).

PyScript hands each message from the page to ``xworker.onmessage`` looked up among this
script's names, so ``xworker`` must be one of them (web/browser.py sets its ``onmessage``).
"""

import json
import traceback

from polyscript import xworker  # PyScript looks it up here

try:
    import main  # noqa: F401  (importing it starts the page)
except BaseException:
    # A module that cannot be imported: web/page.js shows the traceback (web/boot.js's screen).
    xworker.postMessage(json.dumps([["error", traceback.format_exc()]]))
    raise
