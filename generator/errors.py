"""The generator's own error, apart from its heavy modules: the command line catches it without
loading the drawing code."""
from pnpkit.kitfile.errors import PnpkitError


class OutputError(PnpkitError, OSError):
    """The output folder cannot take the build: one clear sentence for the person (exit 2)."""
