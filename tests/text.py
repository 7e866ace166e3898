"""What tests of the page's words share."""

from __future__ import annotations

import re

#: Han characters and CJK punctuation: none may appear in English.
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
