"""A sheet's calculated boxes (forms.Calc), in the two languages that compute them: Python for the
web form, and the JavaScript a PDF viewer runs for the fillable sheet (a field's calculate
action, run in the form's calculation order, /CO). Each operation is written here twice, side by
side, and tests run both on the same sheets (tests/test_form_calc.py).

The JavaScript is the plain Acrobat form API every viewer that computes forms implements
(Acrobat, pdf.js, PDFium): `this.getField(name).valueAsString` and `event.value`. A box counts
as the PDF reader counts it: a number, or a mark each (`xxx`); a cell is ticked by any mark.
"""
from __future__ import annotations

import json
import re
from typing import Callable

from pnpkit.kitfile.forms import MARKS, Calc

Get = Callable[[str], str]


def number(text: str) -> int:
    """A box's number as the sheet adds it: `12`, `-4`, `xxx` (3); anything else 0."""
    t = re.sub(r"\s+", "", text)
    if re.fullmatch(r"-?\d{1,6}", t):
        return int(t)
    return len(t) if t and set(t) <= MARKS else 0


def ticked(text: str) -> bool:
    return text.strip() not in ("", "0", "-")


def evaluate(calc: Calc, get: Get) -> str:
    """The box's text, as the viewer's JavaScript computes it (`get`: a box's text by name)."""
    a, v = calc.args, calc.values
    if calc.op == "sum":
        return str(sum(number(get(x)) for x in a))
    if calc.op == "times":
        return str(number(get(a[0])) * v[0])
    if calc.op == "ticks":
        return str(v[0] * sum(ticked(get(x)) for x in a))
    if calc.op == "less":
        return str(number(get(a[0])) - sum(number(get(x)) for x in a[1:]))
    if calc.op == "all":
        return "x" if all(ticked(get(x)) for x in a) else ""
    if calc.op == "rows":
        per = v[0]
        return str(v[1] * sum(all(ticked(get(x)) for x in a[i:i + per]) for i in range(0, len(a), per)))
    if calc.op == "columns":
        per, total = len(v), 0
        for i in range(0, len(a), per):
            n = 0
            while n < per and ticked(get(a[i + n])):
                n += 1
            total += v[n - 1] if n else 0
        return str(total)
    if calc.op == "card":
        n = number(get(a[0])) + len([j for j in re.split(r"[\s,;]+", get(a[1])) if j])
        return str(v[1] if n >= v[0] else n)
    if calc.op == "most":
        full = [p for x, p in zip(a, v) if number(get(x)) == p]
        return str(max(full, default=0))
    raise ValueError(calc.op)


# The JavaScript of each op: `G(name)` is a box's text, N() and T() count and tick as above.
_HELPERS = ("function G(n){var f=D.getField(n);return f?String(f.valueAsString||''):'';}"
            "function N(s){s=s.replace(/\\s+/g,'');if(/^-?\\d{1,6}$/.test(s))return parseInt(s,10);"
            "return s&&/^[" + "".join(c if c.isalnum() else f"\\u{ord(c):04x}" for c in sorted(MARKS)) + "]+$/.test(s)?s.length:0;}"
            "function T(s){s=s.replace(/^\\s+|\\s+$/g,'');return s!==''&&s!=='0'&&s!=='-';}")
_OPS = {
    "sum": "var t=0;for(var i=0;i<A.length;i++)t+=N(G(A[i]));event.value=String(t);",
    "times": "event.value=String(N(G(A[0]))*V[0]);",
    "ticks": "var t=0;for(var i=0;i<A.length;i++)if(T(G(A[i])))t+=V[0];event.value=String(t);",
    "less": "var t=N(G(A[0]));for(var i=1;i<A.length;i++)t-=N(G(A[i]));event.value=String(t);",
    "all": "var ok=true;for(var i=0;i<A.length;i++)ok=ok&&T(G(A[i]));event.value=ok?'x':'';",
    "rows": ("var t=0;for(var i=0;i<A.length;i+=V[0]){var ok=true;for(var j=i;j<i+V[0];j++)ok=ok&&T(G(A[j]));"
             "if(ok)t+=V[1];}event.value=String(t);"),
    "columns": ("var t=0,k=V.length;for(var i=0;i<A.length;i+=k){var n=0;while(n<k&&T(G(A[i+n])))n++;"
                "if(n)t+=V[n-1];}event.value=String(t);"),
    "card": ("var j=G(A[1]).split(/[\\s,;]+/).filter(function(x){return x!=='';}).length;var n=N(G(A[0]))+j;"
             "event.value=String(n>=V[0]?V[1]:n);"),
    "most": "var b=0;for(var i=0;i<A.length;i++)if(N(G(A[i]))===V[i]&&V[i]>b)b=V[i];event.value=String(b);",
}


def javascript(calc: Calc, prefix: str) -> str:
    """The box's calculate action: the same op, its boxes named under `prefix` (`p1.`)."""
    args = json.dumps([prefix + x for x in calc.args])
    return f"(function(){{var D=this,A={args},V={json.dumps(list(calc.values))};{_HELPERS}{_OPS[calc.op]}}}).call(this);"
