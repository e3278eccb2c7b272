"""`pnpkit simulate --out DIR`: the plots, drawn by matplotlib (the optional extra `pnpkit[plots]`).

Three figures per run, each as PNG (to look at, to paste) and SVG (to print, to scale):

    GAME-wins     who wins: each seat's share with its 95% interval and the fair share
                  (cooperative: each setup's share of games won, with its interval)
    GAME-scores   the scores by seat, how often each came (cooperative: why games were lost)
    GAME-length   how long games last, in the game's turns or rounds

Colour never carries meaning alone (DESIGN.md): each seat also has its own marker and line style,
and every bar its label. The files are the same bytes for the same figures (no dates, a fixed SVG
hash salt), so a plot committed to docs/ changes only when the figures do.
"""
from __future__ import annotations

import io
import textwrap

from pnpkit.sim_report import Study, team
from pnpkit.scorer.sim.stats import wilson

OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7", "#F0E442", "#000000"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
STYLES = ["-", "--", ":", "-.", (0, (5, 1, 1, 1)), (0, (1, 2)), (0, (8, 2)), (0, (3, 1, 1, 1, 1, 1))]
HATCHES = ["", "//", "..", "xx", "\\\\", "oo", "++", "--"]


def figures(study: Study) -> dict[str, bytes]:
    """File name -> bytes, for every plot of the study."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.hashsalt": "pnpkit", "font.size": 10, "axes.spines.top": False,
                         "axes.spines.right": False, "figure.dpi": 100})
    drawn = {"wins": _outcomes if study.cooperative else _wins,
             "scores": _reasons if study.cooperative else _scores,
             "length": _length}
    out: dict[str, bytes] = {}
    for name, draw in drawn.items():
        fig = draw(plt, study)
        for fmt, meta in (("png", {"Software": None}), ("svg", {"Date": None, "Creator": None})):
            buf = io.BytesIO()
            fig.savefig(buf, format=fmt, metadata=meta)
            out[f"{study.game}-{name}.{fmt}"] = _small(buf.getvalue()) if fmt == "png" else buf.getvalue()
        plt.close(fig)
    return out


def _small(png: bytes) -> bytes:
    """The PNG in 64 colours (a chart has few; its edges stay smooth), a third of the bytes, to mail
    or to commit beside a document."""
    from PIL import Image    # matplotlib's own dependency
    img = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _title(study: Study, what: str, shared: str = "") -> str:
    """The plot's title: the game and what it shows; the run; what every setup shares, if any."""
    t = study.total()
    run = f"{t.games:,} games, seed {study.seed}, " + ", ".join(sorted(set(study.kinds))) + " play" + \
        ("s" if len(set(study.kinds)) == 1 else "") + (f", kit {study.kit.split('/')[-1]}" if study.kit else "")
    return "\n".join(line for line in (f"{study.title}: {what}", run, shared) if line)


def _wins(plt, study: Study):
    t = study.total()
    n = len(study.kinds)
    labels = [f"seat {i + 1}\n{study.names[i]} ({study.kinds[i]})" for i in range(n)] + ["shared\n(a tie)"]
    counts = t.wins + [t.draws]
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    for i, k in enumerate(counts):
        lo, hi = wilson(k, t.games)
        p = k / t.games
        ax.bar(i, 100 * p, color=OKABE_ITO[i % 8] if i < n else "#BBBBBB", hatch=HATCHES[i % 8] if i < n else "||",
               edgecolor="#333333", width=0.6)
        ax.errorbar(i, 100 * p, yerr=[[100 * (p - lo)], [100 * (hi - p)]], color="#000000", capsize=6, lw=1.2)
        ax.annotate(f"{100 * p:.1f}%", (i, 100 * hi), textcoords="offset points", xytext=(0, 4), ha="center")
    fair = 100 * (1 - t.draws / t.games) / n
    ax.axhline(fair, color="#555555", ls="--", lw=1, label=f"a fair share of the games won alone: {fair:.1f}%")
    ax.set_ylim(0, max(100 * wilson(k, t.games)[1] for k in counts) * 1.25)
    ax.legend(frameon=False, fontsize=8, loc="upper right")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("games won (%), with 95% interval")
    ax.set_title(_title(study, "who wins"))
    return fig


def _scores(plt, study: Study):
    t = study.total()
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    for i, d in enumerate(t.scores):
        xs = list(range(d.low(), d.high() + 1))
        ys = [100 * d.counts.get(x, 0) / d.n for x in xs]
        ax.plot(xs, ys, color=OKABE_ITO[i % 8], ls=STYLES[i % 8], marker=MARKERS[i % 8], ms=4, lw=1.5,
                label=f"seat {i + 1} {study.names[i]} ({study.kinds[i]}): mean {d.mean():.1f}, sd {d.sd():.1f}")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("final score")
    ax.set_ylabel("games (%)")
    ax.legend(frameon=False, fontsize=8)
    ax.set_title(_title(study, "scores by seat"))
    return fig


def _length(plt, study: Study):
    t = study.total()
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    series = [(o, t.turns_by_outcome[o]) for o in ("won", "lost", "unfinished") if o in t.turns_by_outcome] \
        if study.cooperative else [("all games", t.turns)]
    low = min(d.low() for _, d in series)
    high = max(d.high() for _, d in series)
    width = max(1, -(-(high - low + 1) // 40))       # at most 40 bars
    edges = [low - 0.5 + width * k for k in range((high - low) // width + 2)]
    outcome = {"won": ENDINGS["won"][0], "lost": ENDINGS["every player went out"][0],
               "unfinished": ENDINGS["still burning"][0]}
    for i, (label, d) in enumerate(series):
        xs = sorted(d.counts)
        ax.hist(xs, bins=edges, weights=[100 * d.counts[x] / t.games for x in xs], histtype="step",
                color=outcome.get(label, OKABE_ITO[i % 8]), ls=STYLES[i % 8], lw=1.8, hatch=HATCHES[i % 8],
                label=f"{label}: {d.n:,} games, mean {d.mean():.1f} {study.length[0]}")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(f"{study.length[0]} in a game" + (f" ({width} to a bar)" if width > 1 else ""))
    ax.set_ylabel("games (%)")
    ax.legend(frameon=False, fontsize=8)
    ax.set_title(_title(study, "how long a game lasts"))
    return fig


def _setup_label(setup, study: Study) -> str:
    """A setup's row: its difficulty and its team, each only where the setups differ in it."""
    detail = ", ".join(f"{k} {v}" for k, v in setup.detail)
    level = setup.name + (f" ({detail})" if detail else "")
    teams = len({s.roles for s, _ in study.setups}) > 1
    levels = len({s.name for s, _ in study.setups}) > 1
    return "\n".join(([level] if levels or not teams else []) + ([team(setup.roles)] if teams else []))


def _common(study: Study) -> str:
    """What every setup shares, for the title: the difficulty, the team."""
    names = {s.name for s, _ in study.setups}
    teams = {s.roles for s, _ in study.setups}
    return "; ".join(([f"setup {next(iter(names))}"] if len(names) == 1 else []) +
                     ([f"team {team(next(iter(teams)))}"] if len(teams) == 1 and next(iter(teams)) else []))


def _outcomes(plt, study: Study):
    fig, ax = plt.subplots(figsize=(7, max(3, 0.45 * len(study.setups) + 2)), layout="constrained")
    for row, (setup, t) in enumerate(study.setups):
        won = t.outcomes.get("won", 0)
        lo, hi = wilson(won, t.games)
        p = won / t.games
        ax.barh(row, 100 * p, color=OKABE_ITO[2], hatch="//", edgecolor="#333333", height=0.6)
        ax.errorbar(100 * p, row, xerr=[[100 * (p - lo)], [100 * (hi - p)]], color="#000000", capsize=5, lw=1.2)
        ax.annotate(f"{100 * p:.1f}% ({100 * lo:.1f} to {100 * hi:.1f})", (100 * hi, row),
                    textcoords="offset points", xytext=(4, -3), fontsize=8)
    ax.set_yticks(range(len(study.setups)), [_setup_label(s, study) for s, _ in study.setups], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 118)
    ax.set_xlabel("games won (%), with 95% interval")
    ax.set_title(_title(study, "games won by setup", _common(study)))
    return fig


def _reasons(plt, study: Study):
    reasons = ["won"] + sorted({r for _, t in study.setups for r in t.reasons})
    fig, ax = plt.subplots(figsize=(7, max(3, 0.45 * len(study.setups) + 2)), layout="constrained")
    for row, (setup, t) in enumerate(study.setups):
        left = 0.0
        for k, reason in enumerate(reasons):
            share = 100 * (t.outcomes.get("won", 0) if reason == "won" else t.reasons.get(reason, 0)) / t.games
            look = ENDINGS.get(reason.split(" after ")[0], (OTHERS[k % len(OTHERS)], HATCHES[k % 8]))
            ax.barh(row, share, left=left, color=look[0], hatch=look[1], edgecolor="#333333", height=0.6,
                    label=textwrap.fill(reason, 60) if row == 0 else None)
            left += share
    ax.set_yticks(range(len(study.setups)), [_setup_label(s, study) for s, _ in study.setups], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games (%)")
    fig.legend(frameon=False, fontsize=8, loc="outside lower center", ncol=3 if max(map(len, reasons)) <= 30 else 1)
    ax.set_title(_title(study, "how games ended", _common(study)))
    return fig


ENDINGS = {"won": ("#009E73", "//"), "every player went out": ("#D55E00", "xx"),
           "every square burning": ("#E69F00", ".."), "the forest burned down during the setup": ("#CC79A7", "oo"),
           "still burning": ("#56B4E9", "\\\\")}
"""How each ending of a cooperative game is drawn, colour and hatch. Another game's endings (Fair
Verona's) take the colours of OTHERS in turn, each with a hatch of its own."""
OTHERS = ["#E69F00", "#D55E00", "#56B4E9", "#CC79A7", "#999999", "#0072B2"]
