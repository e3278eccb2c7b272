"""Kit file -> pieces (vector shapes in mm) -> sheets (imposition) -> PDF, SVG and manifest."""
