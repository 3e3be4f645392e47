"""The render layer: one scene from one request, and many scenes here or on a cluster.

``linviz_cli`` (every command) and ``linviz_pack`` (the lecture pack) both
render through :func:`linviz_render.scene.render_scene`; this package imports
neither of them.
"""
