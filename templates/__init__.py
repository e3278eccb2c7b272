"""Jinja2 templates for reference-card and score-sheet text."""
