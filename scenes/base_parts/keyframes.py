"""Key frames of a linviz scene: the frame ending each section (and each beat, when the
request asks) saved as a picture, and the handout's second pass, which tells the scene
again in the handout's theme and size, every animation skipped, to save its frames."""

from __future__ import annotations

from dataclasses import replace

from manim import config

from scenes.toolkit.speed.manim_adapter import current_frame


class KeyFrames:
    """The scene's key frames, for the video's and the handout's pictures (a part of
    :class:`scenes.base.LinvizScene`)."""

    def save_handout_keyframes(self) -> None:
        """The last frame of every section in the handout's theme, when the request asks
        (``handout_keyframe_dir``): the scene told again in this process, every animation
        skipped (see :class:`~scenes.toolkit.speed.manim_adapter.HoldingRenderer`), in the
        handout's theme and size. Another theme colours every drawing as it is made, so
        the drawings are made again; the process, its imports and caches are the video's.
        """
        request = self.request()
        if not request.handout_keyframe_dir or config.save_last_frame:
            return
        from manim import tempconfig

        from scenes.toolkit.speed.manim_adapter import holding_renderer

        # the last frame of every section and of every beat (the handout prints a section
        # as a few frames, each with the sentences that lead to it)
        again = replace(request, theme=request.handout_theme, voice="none",
                        keyframe_dir=request.handout_keyframe_dir, keyframe_at_narration=True,
                        handout_keyframe_dir=None)
        height = request.handout_height or config.pixel_height
        width = round(height * config.pixel_width / config.pixel_height)
        scene_class = type(type(self).__name__, (type(self),), {"request_override": again})
        with tempconfig({"dry_run": True, "pixel_width": width, "pixel_height": height}):
            scene_class(renderer=holding_renderer(skip_animations=True)).render()

    def save_keyframe(self, suffix: str = "") -> None:
        """Save the current frame as <keyframe_dir>/<scene>-<nn>-<section>.png."""
        keyframe_dir = self.request().keyframe_dir
        if not keyframe_dir or not self.sections:
            return
        from pathlib import Path

        from PIL import Image

        self.stage.refresh(now=True)
        frame = current_frame(self)
        folder = Path(keyframe_dir)
        folder.mkdir(parents=True, exist_ok=True)
        index = len(self.sections)
        name = f"{self.scene_name()}-{index:02d}-{self.sections[-1]}{suffix and '-' + suffix}.png"
        Image.fromarray(frame).convert("RGB").save(folder / name)
