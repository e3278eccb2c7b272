"""What pnpkit prints of a stranger's file, made safe for a terminal.

A terminal obeys some characters instead of showing them: ESC begins a command (a colour, the
window's title, the cursor moved back over lines already printed), BEL rings, a carriage return
writes over the line, a right-to-left override shows the rest of the line backwards. A record's
texts are refused when read if they hold one (kitfile/safeyaml.py, scorer/records.py); what gets
printed anyway (a file name in a folder someone sent, a value read from a PDF) is shown escaped.
"""
from __future__ import annotations

import re

# controls but tab and line break (C0, DEL, C1), and the bidirectional embeddings, overrides and isolates
_OBEYED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """`text` with every character a terminal would obey written as a `\\u` escape (`\\u001b`):
    readable, and in JSON the same text."""
    return _OBEYED.sub(lambda m: f"\\u{ord(m[0]):04x}", text)
