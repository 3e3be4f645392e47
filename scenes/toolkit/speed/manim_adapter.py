"""Every use of Manim's internals in one place, so that an upgrade breaks one module.

linviz is tested against Manim Community 0.22 (pyproject pins ``>=0.22,<0.23``).
Each function here touches something Manim does not document as public: the
Cairo renderer's static image, the camera's background, the Typst page
template, the SVG path reader, the colour arrays of a VMobject, the hook
the Cairo camera asks for a gradient's end points, and the file writer's
segment encoder (a held picture written once, see :class:`HoldingSegmentEncoder`).
``tests/scenes/test_manim_adapter.py`` checks each of them on the installed Manim
and names this module when one is gone.
"""

from __future__ import annotations

from fractions import Fraction

import hashlib

import numpy as np
from manim import PMobject, RendererType, Scene, VMobject, config
from manim.mobject.types.image_mobject import AbstractImageMobject
from manim.camera.camera import Camera
from manim.renderer.cairo_renderer import CairoRenderer
from manim.scene.scene_file_writer import SceneFileWriter
from manim.scene.video_segment_encoder import VideoSegmentEncoder
from manim.animation.animation import prepare_animation
from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath  # noqa: F401 (re-exported)
from manim.utils.typst_file_writing import TYPST_COMPILATION_FONT_SIZE, TYPST_TEMPLATE

#: the names this module relies on, for the upgrade test
INTERNALS = {
    "CairoRenderer.static_image": "the still image a wait or play reuses",
    "Camera.background / init_background / capture_mobjects / pixel_array":
        "painting still drawings into the background",
    "manim.utils.typst_file_writing.TYPST_TEMPLATE": "the page every Typst string is set on",
    "manim.mobject.svg.svg_mobject.VMobjectFromSVGPath": "reading a glyph outline",
    "VMobject.fill_rgbas / stroke_rgbas / background_stroke_rgbas": "fading without copies",
    "VMobject.get_gradient_start_and_end_points": "where the Cairo camera puts a gradient",
    "VMobjectFromSVGPath.path_obj": "the parsed SVG path each imported glyph keeps",
    "VMobject.stroke_width / background_stroke_width / sheen_factor":
        "what a still drawing's fingerprint covers",
    "manim.animation.animation.prepare_animation": "an `.animate` builder as an animation",
    "CairoRenderer(file_writer_class=...) / SceneFileWriter._create_segment_encoder":
        "the file writer whose segments write a held picture once",
    "VideoSegmentEncoder._stream / _container / _next_pts / _validate_frame / spec.frame_rate":
        "a segment's libx264 stream and mp4 container, and its next frame's time",
    "CairoRenderer.freeze_current_frame -> SceneFileWriter.write_frame(repeat=n)":
        "a still wait hands its frame once, with the number of frames it lasts",
    "CairoRenderer.play / update_frame / save_static_frame_data / render / "
    "freeze_current_frame / skip_animations":
        "what a play draws, left out while animations are skipped",
    "CairoRenderer.render(scene, time, moving_mobjects) / get_frame / add_frame":
        "a frame of a play drawn from the moving mobjects over the still image",
    "Mobject.z_index / VMobject.joint_type / cap_style":
        "what else the Cairo camera reads of a mobject when it draws it",
}


def typst_page(body: str) -> str:
    """``body`` on Manim's own Typst page (same font size and template as its Typst mobjects)."""
    return TYPST_TEMPLATE.format(text_size=TYPST_COMPILATION_FONT_SIZE, preamble="", body=body)


def forget_still_image(renderer) -> None:
    """Make the renderer draw the next frame from scratch (it keeps one after a still wait)."""
    renderer.static_image = None


def current_frame(scene) -> np.ndarray:
    """The scene's frame as it stands now, drawn afresh: an (h, w, 4) uint8 array."""
    forget_still_image(scene.renderer)
    scene.renderer.update_frame(scene)
    return scene.renderer.get_frame()


def paint_background(scene, mobjects) -> None:
    """The camera's background becomes the theme's colour with ``mobjects`` painted on it."""
    camera = scene.camera
    camera.init_background()
    if mobjects:
        camera.reset()
        camera.capture_mobjects(mobjects)
        camera.background = camera.pixel_array.copy()
    forget_still_image(scene.renderer)


def drawn_arrays(mobject) -> list[np.ndarray]:
    """The arrays the Cairo camera draws ``mobject`` (one part, not its family) from:
    its points and depth (z_index), for a VMobject its colours, stroke widths, sheen,
    joints and caps, for a point cloud its colours, for an image its pixels."""
    arrays = [mobject.points]
    if isinstance(mobject, VMobject):
        arrays += [mobject.fill_rgbas, mobject.stroke_rgbas, mobject.background_stroke_rgbas,
                   np.array([mobject.stroke_width, mobject.background_stroke_width,
                             mobject.sheen_factor, *np.ravel(mobject.sheen_direction),
                             mobject.z_index, _style_number(mobject, "joint_type"),
                             _style_number(mobject, "cap_style")], dtype=float)]
    else:
        arrays += [np.array([getattr(mobject, "z_index", 0)], dtype=float)]
        arrays += [np.asarray(getattr(mobject, name)) for name in ("rgbas", "pixel_array")
                   if getattr(mobject, name, None) is not None]
    return [np.ascontiguousarray(array) for array in arrays]


def _style_number(mobject, name: str) -> float:
    """A line-style enum of ``mobject`` (joint type, cap style) as a number."""
    value = getattr(mobject, name, 0)
    return float(getattr(value, "value", value) or 0)


#: the kinds of mobject the Cairo camera draws (it draws nothing of any other, such as a
#: ValueTracker, whose value changes every frame it is animated)
DRAWN_TYPES = (VMobject, PMobject, AbstractImageMobject)


def drawn_digest(mobjects) -> bytes:
    """A digest of everything the Cairo camera draws of ``mobjects`` and their families,
    in the order it draws them: which parts there are and :func:`drawn_arrays` of each.

    Two equal digests taken over the same still image draw the same pixels: the
    frame is a function of the parts and their arrays alone.
    """
    digest = hashlib.blake2b(digest_size=16)
    for mobject in mobjects:
        for part in mobject.get_family():
            if not isinstance(part, DRAWN_TYPES):  # a tracker, a group: nothing drawn
                continue
            digest.update(id(part).to_bytes(8, "little"))
            for array in drawn_arrays(part):
                digest.update(array.tobytes())
    return digest.digest()


def as_animation(animation):
    """A Manim animation for what ``Scene.play`` accepts (an ``.animate`` builder too)."""
    return prepare_animation(animation)


def colour_alphas(mobject) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Copies of the fill, stroke and background-stroke opacities of a VMobject's colours."""
    return (mobject.fill_rgbas[:, 3].copy(), mobject.stroke_rgbas[:, 3].copy(),
            mobject.background_stroke_rgbas[:, 3].copy())


def set_colour_alphas(mobject, fill, stroke, background) -> None:
    """Set the opacities of a VMobject's colours in place (skipping arrays that changed size)."""
    for rgbas, alphas in ((mobject.fill_rgbas, fill), (mobject.stroke_rgbas, stroke),
                          (mobject.background_stroke_rgbas, background)):
        if len(rgbas) == len(alphas):
            rgbas[:, 3] = alphas


def set_fill_colours(mobject, rgbas: np.ndarray) -> None:
    """Give a VMobject several fill colours at once (Cairo fills them as a linear gradient)."""
    mobject.fill_rgbas = rgbas


def forget_svg_paths(mobject) -> None:
    """Let every part of an SVG-imported mobject forget the svgelements path it was read from.

    Manim's SVG import keeps each glyph's parsed path (``path_obj``), which is
    only read while importing; Manim deep-copies a mobject at the start of most
    animations (fades, ``.animate``), and copying those paths makes the copy
    several times slower.
    """
    for part in mobject.get_family():
        part.__dict__.pop("path_obj", None)


# -- held pictures: written once, shown for as long as they are held -----------------------
#: how much finer (in CRF steps) a still wait's one frame is encoded than moving frames
HELD_CRF_STEPS = 9
#: libx264's preset for every segment (Manim leaves libx264's own, "medium"). Measured on
#: update at -q h (1080p60, 2,113 frames encoded, 25 Nov 2026): medium 41.3 s to render
#: and 2.54 MB, veryfast 35.8 s and 2.49 MB, every picture's SSIM against medium's at
#: least 0.9935 (mean 0.998); superfast 32.8 s but 4.20 MB. Our pictures are flat colour
#: and thin lines, which the faster analysis codes as well.
X264_PRESET = "veryfast"
#: how much finer (in CRF steps) every frame is encoded than Manim's CRF, for the faster preset
PRESET_CRF_STEPS = 1
#: libx264's threads, and the RGBA -> YUV conversion's, for every segment. libx264 left to
#: itself takes 1.5 threads a core, and its frame threads change the bits it writes: a
#: fixed count writes the same file on any machine. One thread also does less work: a
#: lecture renders scenes side by side (--jobs 2) and Manim encodes several segments at
#: once, which fill the cores anyway. update, xor and logistic at -q h with --jobs 2, one
#: run each (28 Nov 2026, quiet machine): 153.1 s with libx264's own threads, 142.3 s
#: with one.
X264_THREADS = 1
#: (Tried and left: subpixel refinement 1 instead of veryfast's 2, 135.6 s for the same
#: three scenes, but one frame of update at 480p fell to SSIM 0.9895 against today's
#: encode, below test_held_pictures' 0.99.)


class HoldingSegmentEncoder(VideoSegmentEncoder):
    """Manim's segment encoder, writing a held picture as one frame that lasts.

    Manim draws a still wait's frame once and hands it to the encoder with
    ``repeat = n`` (the wait's length in frames), which Manim's encoder then
    converts and encodes n times. Here it is encoded once, at the time of the
    first of those frames, and its packet lasts n frame times (mp4 keeps every
    sample's duration): the picture is on screen exactly as long, every
    timestamp stays on the frame-rate grid (frame k at k/fps), every frame of
    the hold is the same picture, and a held second costs what one still
    costs, whatever the frame rate. Frames drawn one by one (``repeat = 1``)
    are written as before, except the same array handed again (a frame of a
    play in which nothing drawn changed, see :meth:`HoldingRenderer.render`):
    the frame encoded last lasts one frame time more instead. Durations are in
    the stream's time base, 1/fps.

    A still wait is a segment of its own (Manim writes one per play or wait).
    Encoded frame by frame, libx264's macroblock tree sees every later frame of
    the hold refer to the first and spends bits on it: a held picture came out
    sharper than a moving one. Its one frame here gets that quality from a CRF
    :data:`HELD_CRF_STEPS` finer (the update scene at 256×144: every frame's
    SSIM ≥ 0.993 against the frame-by-frame encode; 0.980 with the plain CRF). Every
    segment is encoded ``stitchable`` (libx264 then writes the same headers
    whatever the CRF), so the segments still join by stream copy, and without
    B-frames: an mp4 keeps a frame's duration as the gap to the next frame
    decoded, and its length as the last frame decoded ends, so with frames
    decoded in the order they are shown a held frame lasts exactly its time and
    the file's length is the scene's to the frame (with B-frames reordered
    around a hold, the length came out short by the hold before the last frame).
    """

    def __init__(self, *, target, spec) -> None:
        super().__init__(target=target, spec=spec)
        #: frame time (pts) → how many frame times that frame lasts
        self._durations: dict[int, int] = {}
        #: the pixels last encoded, and their frame time
        self._last_pixels = None
        self._last_pts = -1
        options = dict(self._stream.codec_context.options)
        options["x264-params"] = ":".join(filter(None, [options.get("x264-params"),
                                                         "stitchable=1:bframes=0"]))
        options["preset"] = X264_PRESET
        if "crf" in options:
            options["crf"] = str(max(0, int(float(options["crf"])) - PRESET_CRF_STEPS))
        self._stream.codec_context.options = options
        # one thread: the same bits on any machine, and less work (see X264_THREADS)
        self._stream.codec_context.thread_count = X264_THREADS

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        self._validate_frame(pixels, repeat)
        if pixels is self._last_pixels and self._last_pts in self._durations:
            # the frame handed again (:class:`HoldingRenderer`: nothing changed): the one
            # encoded lasts longer, until its packet leaves the encoder
            self._durations[self._last_pts] += repeat
            self._next_pts += repeat
            return
        if self._next_pts == 0 and repeat > 1:  # a still wait: before the encoder opens
            self._encode_as_held()
        self._last_pixels, self._last_pts = pixels, self._next_pts
        rate = self.spec.frame_rate
        frame = _video_frame(pixels)
        frame.pts = self._next_pts
        frame.time_base = Fraction(rate.denominator, rate.numerator)
        self._durations[self._next_pts] = repeat
        self._next_pts += repeat
        try:
            self._mux(self._stream.encode(frame))
        except BaseException as error:
            raise self._operation_error("encode", error) from error

    def _encode_as_held(self) -> None:
        options = dict(self._stream.codec_context.options)
        if "crf" in options:
            options["crf"] = str(max(0, int(float(options["crf"])) - HELD_CRF_STEPS))
            self._stream.codec_context.options = options

    def finish(self) -> None:
        """Flush the encoder (its last packets get their durations too) and close."""
        if self._closed:
            return
        self._closed = True
        error = None
        try:
            self._mux(self._stream.encode())
        except Exception as failed:
            error = failed
        finally:
            try:
                self._container.close()
            except Exception as failed:
                error = error or failed
        if error is not None:
            raise self._operation_error("finish", error) from error

    def _mux(self, packets) -> None:
        for packet in packets:
            packet.duration = self._durations.pop(packet.pts, 1)
            self._container.mux(packet)


def _video_frame(pixels):
    """A video frame over ``pixels`` (RGBA, height × width × 4) without copying them: the
    encoder converts it to YUV at once, before ``pixels`` can change (a copy of a 1080p
    frame cost 2-6 ms, a third of encoding it)."""
    import av

    if pixels.flags.c_contiguous and pixels.dtype == np.uint8:
        return av.VideoFrame.from_numpy_buffer(pixels, format="rgba")
    return av.VideoFrame.from_ndarray(pixels, format="rgba")


class HoldingFileWriter(SceneFileWriter):
    """Manim's file writer whose segments write a held picture once (:class:`HoldingSegmentEncoder`)."""

    def _create_segment_encoder(self, target):
        # a gif is made by decoding the segments frame by frame (each lasting one frame
        # time); webm and transparent videos use other codecs: all of them as Manim does
        if (self.video_encoder is not None and self.video_encoder.codec == "libx264"
                and self.output_spec.is_video and not self.output_spec.is_gif):
            return HoldingSegmentEncoder(target=target, spec=self.video_encoder)
        return super()._create_segment_encoder(target)


class HoldingRenderer(CairoRenderer):
    """Manim's Cairo renderer, writing through :class:`HoldingFileWriter`, that draws
    nothing while it skips animations.

    Skipping (``-s``, a last-frame-only render such as the handout's key frames),
    Manim still draws every play's still image and one frame of it, and copies
    a wait's frame, though no frame is written. Here those draws are left out;
    a frame asked for (:func:`current_frame`, the last frame) is drawn afresh as
    before, so what it shows is unchanged.
    """

    def __init__(self, camera_class=Camera, skip_animations: bool = False) -> None:
        super().__init__(file_writer_class=HoldingFileWriter, camera_class=camera_class,
                         skip_animations=skip_animations)
        self._playing = False
        #: the frame of the play last drawn, and the digest of what it was drawn from
        self._last_frame: np.ndarray | None = None
        self._last_digest = b""
        #: frames of plays handed to the writer again, unchanged, instead of drawn
        self.frames_repeated = 0

    def play(self, scene, *args, **kwargs) -> None:
        self._playing = True
        self._last_frame = None  # each play has its own still image
        try:
            super().play(scene, *args, **kwargs)
        finally:
            self._playing = False
            self._last_frame = None

    def update_frame(self, scene, *args, **kwargs) -> None:
        if not (self._playing and self.skip_animations):
            super().update_frame(scene, *args, **kwargs)

    def save_static_frame_data(self, scene, static_mobjects):
        if self.skip_animations:
            self.static_image = None
            return None
        return super().save_static_frame_data(scene, static_mobjects)

    def render(self, scene, time, moving_mobjects=None) -> None:
        """One frame of a play. A frame whose moving mobjects are drawn from exactly what
        the last one was (:func:`drawn_digest`; the still image is the play's) is that
        frame again: handed to the writer as the same array, which the segment encoder
        makes the last frame last longer (:class:`HoldingSegmentEncoder`), neither drawn
        nor encoded."""
        if self.skip_animations:
            return
        digest = drawn_digest(moving_mobjects or ())
        if self._last_frame is not None and moving_mobjects and digest == self._last_digest:
            self.frames_repeated += 1
            self.add_frame(self._last_frame)
            return
        self.update_frame(scene, moving_mobjects)
        self._last_frame, self._last_digest = self.get_frame(), digest
        self.add_frame(self._last_frame)

    def freeze_current_frame(self, duration: float) -> None:
        if not self.skip_animations:
            super().freeze_current_frame(duration)


def holding_renderer(camera_class=Camera, skip_animations: bool = False) -> CairoRenderer:
    """The renderer of every linviz scene: :class:`HoldingRenderer`."""
    return HoldingRenderer(camera_class=camera_class, skip_animations=skip_animations)


class HoldingScene(Scene):
    """A Manim scene rendered by :class:`HoldingRenderer` (a held picture encoded once).

    Every scene of a lecture derives from it (``LinvizScene``, the title card), so
    their videos are encoded alike and join by stream copy.
    """

    def __init__(self, renderer=None, **kwargs) -> None:
        if renderer is None and config.renderer == RendererType.CAIRO:
            renderer = holding_renderer(kwargs.get("camera_class", Camera),
                                        kwargs.get("skip_animations", False))
        super().__init__(renderer=renderer, **kwargs)
