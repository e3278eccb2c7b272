"""Shell completion of the arguments that name a kit or a game (click's completion: see the README).

Completion runs on every Tab, so it reads only the names: the kit ids in the package and the games
the scorer knows, plus the shell's own file completion for a kit file or a record."""
from __future__ import annotations



def kits(ctx, param, incomplete: str) -> list:
    """KIT|PATH.yaml: the shipped kit ids that start with what is typed, and files."""
    from click.shell_completion import CompletionItem  # loaded on a Tab only: not on every start-up
    from pnpkit.kitfile.head import kit_ids
    return [CompletionItem(k) for k in kit_ids() if k.startswith(incomplete)] + [CompletionItem(incomplete, type="file")]


def games(ctx, param, incomplete: str) -> list:
    """GAME: the games pnpkit scores."""
    from click.shell_completion import CompletionItem
    from pnpkit.scorer.games import GAMES
    return [CompletionItem(g) for g in GAMES if g.startswith(incomplete)]
