"""Imported by the fork server that reads photos (worker.py): OpenCV loaded and every readable
sheet's geometry made once, so each photo's child starts with them."""
import cv2  # noqa: F401

from pnpkit.photo import geometry, read  # noqa: F401

geometry.readable()
