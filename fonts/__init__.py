"""Fonts embedded in every PDF (OFL / free licences beside them)."""
