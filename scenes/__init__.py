"""Manim scenes that replay linviz traces, and the toolkit they share.

``scenes.catalog`` lists the scenes in lecture order with their stable names.
"""
