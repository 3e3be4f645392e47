"""Which ``--manim-arg`` options ``render`` passes on to Manim, and which it refuses.

``render`` decides where Manim writes (a private folder inside ``--out``),
which scene it renders and in which format and quality, and moves the
finished files itself. An option that changes any of that (``--media_dir``,
``-o``, a config file, ``--format``, a scene file of its own, ...) would send
files outside ``--out`` or break the move, so only the options listed here
pass; anything else is refused with one line saying which and why.
"""

from __future__ import annotations

from linviz.errors import LinvizError, quoted

#: options that take a value (as the next --manim-arg, or after "=" / attached)
WITH_VALUE = {
    "-v", "--verbosity", "--seed", "-n", "--from_animation_number", "-r", "--resolution",
    "--fps", "--frame_rate", "--video-codec", "--pixel-format", "--encoder-option",
    "--max-inflight-encoders", "--encoder-queue-size", "--renderer", "-0", "--zero_pad",
    "--progress_bar", "--tex_template",
}
#: flags that change neither where files go nor which files are made
FLAGS = {
    "--save_sections", "--disable_caching", "--dry_run", "--no_latex_cleanup",
    "--notify_outdated_version", "--silent", "--log_to_file", "--use_projection_fill_shaders",
    "--use_projection_stroke_shaders",
}
#: refused, with the reason
DECIDED_BY_RENDER = {
    "-c": "its config file", "--config_file": "its config file",
    "-o": "the output file name", "--output_file": "the output file name",
    "--media_dir": "the media folder", "--log_dir": "the log folder",
    "-a": "which scenes are rendered", "--write_all": "which scenes are rendered",
    "--format": "the format (use render --format)", "-q": "the quality (use render -q)",
    "--quality": "the quality (use render -q)",
    "-s": "the last-frame image (use render --format png)",
    "--save_last_frame": "the last-frame image (use render --format png)",
    "-t": "the file format (a transparent render is a .mov)",
    "--transparent": "the file format (a transparent render is a .mov)",
    "-p": "previews (use render -p)", "--preview": "previews (use render -p)",
    "--preview_command": "previews (use render -p)", "-l": "previews", "--live-preview": "previews",
    "--show_in_file_browser": "previews", "--jupyter": "the output", "--enable_gui": "a window",
    "--gui_location": "a window", "--fullscreen": "a window", "--enable_wireframe": "a window",
    "--help": "nothing to render",
}


def allowed_names() -> str:
    """The options that pass, for ``--help``."""
    return ", ".join(sorted(WITH_VALUE | FLAGS))


def check_manim_args(args: tuple[str, ...] | list[str]) -> None:
    """Refuse any ``--manim-arg`` that would decide where Manim's files go, or that is unknown.

    Raises LinvizError naming the argument and the reason.
    """
    expect_value = False
    for arg in args:
        if expect_value:
            expect_value = False
            continue
        shown = quoted(arg)
        if not arg.startswith("-") or arg == "-":
            raise LinvizError(f"--manim-arg {shown}: render names the scene file and class "
                              f"itself; pass options only")
        if arg.startswith("--"):
            name, attached = arg.partition("=")[0], "=" in arg
        else:
            name, attached = arg[:2], len(arg) > 2
        if name in DECIDED_BY_RENDER:
            raise LinvizError(f"--manim-arg {shown}: render decides {DECIDED_BY_RENDER[name]} "
                              f"and writes only into --out, so {name} is not passed on")
        if name in WITH_VALUE:
            expect_value = not attached
        elif name not in FLAGS or attached:
            raise LinvizError(f"--manim-arg {shown}: not an option render passes on to Manim "
                              f"(see 'render --help' for those it does)")
    if expect_value:
        raise LinvizError(f"--manim-arg {quoted(args[-1])} needs a value: give it as "
                          f"another --manim-arg or after '='")
