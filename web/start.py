"""The script PyScript runs (index.html): it imports web/main.py, which starts the page.

PyScript runs a script through Pyodide's ``runPythonAsync``, which parses it to an AST and
compiles that: for main.py's 500 lines that took ~110 ms of a phone's start (CPU x4) before
its first line ran. Imported as a module, main.py is compiled the plain way (~15 ms there).
"""

import main  # noqa: F401  (importing it starts the page)
