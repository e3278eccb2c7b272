"""What `pnpkit simulate` says: the text report for people, the JSON object for machines.

Both read one `Study`: the game, the seats, and a tally per setup (scorer/sim/stats.py). Every rate
comes with its 95% Wilson interval; the first player's advantage is also said in words a family at
the table understands ("about 6 more wins in every 100 games than a fair share").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.scorer.core import plural
from pnpkit.scorer.sim.match import Setup
from pnpkit.scorer.sim.stats import Dist, Tally, wilson


@dataclass
class Study:
    """A finished simulation: what was played and what came of it."""

    game: str
    title: str
    seed: int
    games: int                          # per setup
    kinds: tuple[str, ...]              # the player kind of each seat
    names: tuple[str, ...]
    cooperative: bool
    length: tuple[str, str]             # ("turns", "actions"), ("rounds", "picks") ...
    setups: list[tuple[Setup, Tally]]
    kit: str = ""                       # a kit file given instead of the shipped kit
    first: str = "the first player"     # what the rulebook calls the seat that plays first

    def total(self) -> Tally:
        whole = Tally(len(self.kinds))
        for _, t in self.setups:
            whole.merge(t)
        return whole

    def seat(self, i: int) -> str:
        roles = {s.roles[i] for s, _ in self.setups if s.roles}
        role = f", {roles.pop()}" if len(roles) == 1 else ""
        return f"seat {i + 1} {self.names[i]} ({self.kinds[i]}{role})"


def team(roles) -> str:
    """`hotshot x2, pilot x2`: a team by its roles, in the order they first sit."""
    counts = {r: list(roles).count(r) for r in roles}
    return ", ".join(r if k == 1 else f"{r} x{k}" for r, k in counts.items())


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"games": k, "rate": round(k / n, 6) if n else None, "interval": [round(lo, 6), round(hi, 6)]}


def share(k: int, n: int) -> str:
    """`48.1%  (47.1% to 49.1%)`: a rate and its 95% interval."""
    lo, hi = wilson(k, n)
    return f"{pct(k / n) if n else '-':>6}  ({pct(lo)} to {pct(hi)})"


# ---------------------------------------------------------------- going first, in words

def first_player(study: Study, t: Tally) -> dict[str, Any] | None:
    """How often the first seat won, against a fair share, and the same in words; None where it
    means nothing (a cooperative game, one seat)."""
    n = len(study.kinds)
    if study.cooperative or n < 2:
        return None
    decided = sum(t.wins)
    k, fair = t.wins[0], 1 / n
    lo, hi = wilson(k, decided)
    out: dict[str, Any] = {"seat": 1, "wins": k, "decided": decided, "fair": round(fair, 6),
                           "rate": round(k / decided, 6) if decided else None, "interval": [round(lo, 6), round(hi, 6)]}
    out["says"] = _first_words(study, t, k, decided, fair, lo, hi)
    return out


def _first_words(study: Study, t: Tally, k: int, decided: int, fair: float, lo: float, hi: float) -> str:
    first = study.first
    if not decided:
        return f"No game had a single winner, so nothing can be said about {first}."
    per100, fair100 = round(100 * k / decided), round(100 * fair)
    tie = f" ({t.draws:,} of {t.games:,} games were shared wins, not counted here)" if t.draws else ""
    between = f"{round(100 * lo)} and {round(100 * hi)}"
    mixed = len(set(study.kinds)) > 1
    if mixed:
        return (f"The seats are played by different players ({', '.join(study.kinds)}), so the wins say more "
                f"about the players than about going first: {first} won {per100} games in 100 with one winner"
                f"{tie}. Play every seat with the same player to see the advantage of going first.")
    if lo <= fair <= hi:
        return (f"No clear advantage in going first: {first} won {per100} games in 100 with one winner "
                f"(95% sure it is between {between}), and a fair share is {fair100}{tie}. At the table "
                f"you would not notice a difference.")
    extra = per100 - fair100
    word = "helps" if k / decided > fair else "is a handicap"
    more = "more" if k / decided > fair else "fewer"
    evening = ""
    if abs(extra) >= 5:
        evening = f" Over {round(100 / abs(extra))} games, {first} wins about one game {more} than a fair share."
    return (f"Going first {word}: {first} wins about {per100} games in 100 with one winner (95% sure it is "
            f"between {between}), where {fair100} would be fair: about {max(1, abs(extra))} {more} in every "
            f"100 games{tie}.{evening}")


# ---------------------------------------------------------------- JSON

def to_json(study: Study) -> dict[str, Any]:
    t = study.total()
    seats = []
    for i, kind in enumerate(study.kinds):
        roles = sorted({s.roles[i] for s, _ in study.setups if s.roles})
        seat: dict[str, Any] = {"seat": i + 1, "name": study.names[i], "player": kind}
        if roles:
            seat["role"] = roles[0] if len(roles) == 1 else roles
        lo, hi = wilson(t.wins[i], t.games)
        seat.update({"wins": t.wins[i], "win_rate": round(t.wins[i] / t.games, 6) if t.games else None,
                     "win_interval": [round(lo, 6), round(hi, 6)]})
        if not study.cooperative:
            seat["shared_wins"] = t.shared[i]
            seat["score"] = t.scores[i].to_json()
            seat["score_mean"], seat["score_sd"] = seat["score"].get("mean"), seat["score"].get("sd")
        seats.append(seat)
    out: dict[str, Any] = {"game": study.game, "title": study.title, "games": t.games, "seed": study.seed,
                           "players": len(study.kinds), "seats": seats}
    if study.kit:
        out["kit"] = study.kit
    out["length"] = {"units": list(study.length), study.length[0]: t.turns.to_json(),
                     study.length[1]: t.actions.to_json()}
    out["unfinished"] = t.games - t.finished
    if t.figures:
        out["figures"] = {what: d.to_json() for what, d in t.figures.items()}
    out["replay"] = {"checked": t.games, "faulty": t.faulty, "faults": [{"game": g, "what": w} for g, w in t.faults]}
    if study.cooperative:
        out["outcome"] = _outcomes(t)
        out["setups"] = [{"setup": s.to_json(), **_outcomes(st), "length": {study.length[0]: st.turns.to_json()}}
                         for s, st in study.setups]
    else:
        out["draws"] = rate(t.draws, t.games)
        out["first_player"] = first_player(study, t)
    return out


def _outcomes(t: Tally) -> dict[str, Any]:
    out: dict[str, Any] = {"games": t.games}
    for what in ("won", "lost", "unfinished"):
        out[what] = rate(t.outcomes.get(what, 0), t.games)
    out["reasons"] = dict(sorted(t.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    return out


# ---------------------------------------------------------------- text

def text(study: Study) -> str:
    t = study.total()
    per = f" for each of {len(study.setups)} setups" if len(study.setups) > 1 else ""
    lines = [f"{study.title}: {study.games:,} simulated games{per}, {plural(len(study.kinds), 'player')}, seed {study.seed}"
             + (f" (kit {study.kit})" if study.kit else "")]
    lines.append("Seats: " + "; ".join(study.seat(i) for i in range(len(study.kinds))))
    lines.append(_checked(study, t))
    lines.append("")
    if study.cooperative:
        lines += _cooperative(study)
    else:
        lines += _competitive(study, t)
    lines += _length(study, t)
    lines += _figures(t)
    return "\n".join(lines).rstrip() + "\n"


def _checked(study: Study, t: Tally) -> str:
    if t.faulty:
        first = "; ".join(f"game {g}: {w}" for g, w in t.faults[:2])
        return (f"THE REPLAY FOUND FAULT WITH {t.faulty:,} of {t.games:,} games (a bug in pnpkit: please report it "
                f"with this command; --save keeps the records): {first}")
    cut = t.games - t.finished
    end = "" if study.cooperative or not cut else f"; {cut:,} stopped unfinished at the simulator's limit"
    return f"Every game was replayed by the rules as `pnpkit check` replays a record: all {t.games:,} legal{end}."


def _competitive(study: Study, t: Tally) -> list[str]:
    w = max(len(study.seat(i)) for i in range(len(study.kinds)))
    lines = []
    if len(study.kinds) > 1:      # a solitaire game is about its score alone
        lines = [f"{'Who won':<{w + 2}}  {'wins':>7}  {'share':>6}  (95% interval)"]
        for i in range(len(study.kinds)):
            lines.append(f"  {study.seat(i):<{w}}  {t.wins[i]:>7,}  {share(t.wins[i], t.games)}")
        lines.append(f"  {'shared wins (a tie)':<{w}}  {t.draws:>7,}  {share(t.draws, t.games)}")
        fp = first_player(study, t)
        if fp:
            lines += ["", *_wrap(fp["says"])]
        lines.append("")
    lines += [f"{'Scores':<{w + 2}}  " + HEAD]
    for i in range(len(study.kinds)):
        lines.append(f"  {study.seat(i):<{w}}  " + _dist(t.scores[i]))
    lines.append("  (spread: the standard deviation; middle half: the middle half of the games' scores)")
    return lines + [""]


HEAD = f"{'mean':>6}  {'spread':>6}  {'middle half':>12}  {'lowest':>6}  {'highest':>7}"


def _dist(d: Dist) -> str:
    if not d.n:
        return "-"
    middle = f"{d.quantile(0.25)} to {d.quantile(0.75)}"
    return f"{d.mean():>6.1f}  {d.sd():>6.1f}  {middle:>12}  {d.low():>6}  {d.high():>7}"


def _cooperative(study: Study) -> list[str]:
    rows = []
    for s, t in study.setups:
        detail = ", ".join(f"{k} {v}" for k, v in s.detail)
        rows.append((f"{s.name} ({detail})" if detail else s.name, team(s.roles), t))
    teams = any(crew for _, crew, _ in rows)       # a game without roles (Fair Verona) has no Team column
    w1 = max(len("Setup"), *(len(r[0]) for r in rows))
    w2 = max(len("Team"), *(len(r[1]) for r in rows))
    lines = [f"{'Setup':<{w1}}  " + (f"{'Team':<{w2}}  " if teams else "") + f"{'won':>6}  {'(95% interval)':<18}  "
             f"{'lost':>6}  {'unfinished':>10}  {study.length[0] + ' (mean)':>14}"]
    for name, crew, t in rows:
        won, lost, cut = (t.outcomes.get(k, 0) for k in ("won", "lost", "unfinished"))
        lo, hi = wilson(won, t.games)
        lines.append(f"{name:<{w1}}  " + (f"{crew:<{w2}}  " if teams else "") + f"{pct(won / t.games):>6}  "
                     f"{f'({pct(lo)} to {pct(hi)})':<18}  {pct(lost / t.games):>6}  {pct(cut / t.games):>10}  "
                     f"{t.turns.mean():>14.1f}")
    rows = [(name + (f", {crew}" if crew else ""), crew, t) for name, crew, t in rows]
    why = [f"  {name}: " + ", ".join(f"{reason} {k:,} ({pct(k / t.games)})" for reason, k in
                                             sorted(t.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
           for name, crew, t in rows if t.reasons]
    lines += ["", "Why games were lost, or did not end:", *why] if why else ["", "No game was lost or left unfinished."]
    never = []
    for name, crew, t in rows:
        for what in ("won", "lost"):
            if not t.outcomes.get(what, 0):
                never.append(f"  {name}: not one of {t.games:,} games was {what} (95% sure the chance "
                             f"is below {pct(wilson(0, t.games)[1])})")
    if never:
        lines += ["", "Never happened:", *never]
    return lines + [""]


def _length(study: Study, t: Tally) -> list[str]:
    rows = list(zip(study.length, (t.turns, t.actions)))
    if study.cooperative:
        rows += [(f"{study.length[0]}, {o}", t.turns_by_outcome[o]) for o in ("won", "lost", "unfinished")
                 if o in t.turns_by_outcome]
    w = max(len(label) for label, _ in rows)
    return [f"{'Length':<{w + 2}}  " + HEAD] + [f"  {label:<{w}}  " + _dist(d) for label, d in rows]


def _figures(t: Tally) -> list[str]:
    """The game's own counts (NUTS: what the squirrel ate, what bonus cards and goals did), a game at
    a time; a yes-or-no count (`won by the goals`) as the games it happened in, with its interval."""
    if not t.figures:
        return []
    w = max(len(what) for what in t.figures)
    lines = ["", f"{'Each game':<{w + 2}}  " + HEAD]
    for what, d in t.figures.items():
        if set(d.counts) <= {0, 1}:
            k = d.counts[1]
            lines.append(f"  {what:<{w}}  {f'{k:,} game' + ('' if k == 1 else 's'):>12}  {share(k, d.n)}")
        else:
            lines.append(f"  {what:<{w}}  " + _dist(d))
    return lines


def _wrap(words: str, width: int = 100) -> list[str]:
    import textwrap
    return textwrap.wrap(words, width)
