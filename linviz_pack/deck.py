"""A slide deck that works offline: ``slides/<scene>.html``, reveal.js copied beside it.

Each deck is a reveal.js presentation that opens on a title slide (the scene's
title, the course's byline and what the scene is about: the deck never opens on
a video's first, still fading-in frame), then one slide per section of the scene:
the section's video fills the slide (reveal.js plays a slide's background video
when the slide is shown), its notes are the captions said in it (``S`` opens
reveal.js' speaker view). The deck stops at every beat: a section's clip plays its
first beat and pauses at its end (the last frame before the next sentence), and each
→ plays the next beat (a reveal.js fragment a beat, ``data-stops`` the times), so a
lecturer explains one sentence's picture before the next one comes; ← goes back a
beat. ``body[data-deck-stopped]`` is the beat the deck stands at (for tests). Every address in the page is relative: the videos in
``slides/files/<scene>/`` and reveal.js in ``slides/reveal.js/``, so the deck
opens from ``file://`` with no network.

reveal.js comes from the npm registry: ``scripts/bootstrap.sh`` fetches the
version pinned here (``npm pack reveal.js@REVEAL_VERSION``, checked against
``REVEAL_INTEGRITY``) into ``vendor/reveal.js/`` (git-ignored); the pack copies
the few files a deck needs (``REVEAL_FILES``) from there. ``LINVIZ_REVEALJS``
names another folder holding the same package.

The same copy serves manim-slides' own converter, whose reveal.js otherwise
comes from a CDN: ``manim-slides convert --folder slides margin slides/deck.html
-c cdn_url=reveal.js`` writes a deck that loads reveal.js from ``slides/reveal.js``.
"""

from __future__ import annotations

import html
import json
import os
import shutil
from pathlib import Path

from linviz.errors import LinvizError

#: the reveal.js release the decks use; scripts/bootstrap.sh reads both lines below
REVEAL_VERSION = "6.0.2"
REVEAL_INTEGRITY = ("sha512-JYIg5D9aoxoaLeb84O+OvAwsKWdIavVgEDScxtYEXFCT6t6TQrhNtSgog"
                    "cjdCpdLsWglhJn3zyE3fUOwiH5KEg==")
#: the folder bootstrap.sh fills, relative to the repository
VENDOR_FOLDER = Path(__file__).resolve().parent.parent / "vendor" / "reveal.js"
#: the environment variable naming another reveal.js package folder
REVEAL_ENV = "LINVIZ_REVEALJS"
#: the folder, beside the decks, that the pack copies reveal.js into
REVEAL_COPY = "reveal.js"
#: what a deck (ours, or manim-slides' template with cdn_url=reveal.js) loads, and the licence
REVEAL_FILES = ("LICENSE", "package.json", "dist/reveal.css", "dist/reveal.js",
                "dist/theme/black.css", "dist/theme/white.css",
                "dist/plugin/notes.js", "dist/plugin/markdown.js",
                "dist/plugin/highlight/zenburn.css")


class DeckError(LinvizError):
    """reveal.js is not where the pack copies it from."""


def reveal_source() -> Path:
    """The reveal.js package folder (``$LINVIZ_REVEALJS`` or ``vendor/reveal.js``), checked:
    it holds ``REVEAL_FILES`` and is version ``REVEAL_VERSION``."""
    folder = Path(os.environ.get(REVEAL_ENV) or VENDOR_FOLDER)
    how = "run scripts/bootstrap.sh (it fetches it with npm)"
    try:
        version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError, TypeError):
        raise DeckError(f"the slide deck needs reveal.js {REVEAL_VERSION}, not found in "
                        f"{folder}: {how}") from None
    if version != REVEAL_VERSION:
        raise DeckError(f"the slide deck needs reveal.js {REVEAL_VERSION}, {folder} holds "
                        f"{version}: {how}")
    missing = [name for name in REVEAL_FILES if not (folder / name).is_file()]
    if missing:
        raise DeckError(f"reveal.js in {folder} lacks {missing[0]}: {how}")
    return folder


def copy_reveal(target: Path) -> Path:
    """``REVEAL_FILES`` copied from :func:`reveal_source` into ``target`` (same relative paths)."""
    source = reveal_source()
    for name in REVEAL_FILES:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / name, destination)
    return target


def _relative_luminance(colour: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``, in [0, 1]."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def reveal_theme(background: str) -> str:
    """reveal.js' theme whose controls show on ``background``: black on dark, white on light."""
    return "black" if _relative_luminance(background) < 0.5 else "white"


#: the title slide's type sizes, as shares of the deck's height (reveal.js scales the slide
#: to the screen, so these hold on any screen): title, byline, what the scene shows
TITLE_SLIDE_SIZES = (0.085, 0.042, 0.034)


def title_slide_style(height: int) -> str:
    """The title slide's style for a deck ``height`` pixels tall (its own pixels)."""
    title, byline, about = (round(share * height, 1) for share in TITLE_SLIDE_SIZES)
    return f"""
.reveal .title-slide {{ font-family: "DejaVu Sans", "Liberation Sans", sans-serif;
  padding: 0 7%; box-sizing: border-box; }}
.reveal .title-slide h1 {{ font-family: inherit; font-size: {title}px; line-height: 1.2;
  margin: 0 0 .6em; text-transform: none; color: inherit; }}
.reveal .title-slide .byline {{ font-size: {byline}px; opacity: .8; margin: 0 0 1.4em; }}
.reveal .title-slide .about {{ font-size: {about}px; opacity: .65; line-height: 1.4; }}
"""


def title_slide(title: str, byline: str, about: str, background: str) -> str:
    """The deck's first slide: ``title``, ``byline`` (course · lecturer · date) and
    ``about`` (what the scene shows), centred on the videos' background."""
    lines = [f"<h1>{html.escape(title)}</h1>"]
    if byline:
        lines.append(f'<p class="byline">{html.escape(byline)}</p>')
    if about:  # a catalogue description starts in lower case: a sentence here
        lines.append(f'<p class="about">{html.escape(about[:1].upper() + about[1:])}</p>')
    return (f'  <section class="title-slide" data-background-color="{html.escape(background)}">'
            f'\n    {"".join(lines)}\n  </section>')


#: the script that stops a section's clip at each of its beats (see the module's docstring)
BEAT_STOPS = """
(function () {
  var watching = null;
  function stopsOf(slide) {
    return (slide.dataset.stops || "").split(",").filter(Boolean).map(Number);
  }
  function videoOf(slide) {
    var background = Reveal.getSlideBackground(slide);
    return background ? background.querySelector("video") : null;
  }
  function beatOf() {  // the beat being played: the fragments shown so far
    var f = Reveal.getIndices().f;
    return (f === undefined || f === null) ? 0 : f + 1;
  }
  function follow(restart) {
    var slide = Reveal.getCurrentSlide();
    if (watching !== null) { cancelAnimationFrame(watching); watching = null; }
    delete document.body.dataset.deckStopped;
    var stops = stopsOf(slide);
    if (!stops.length) { return; }
    var video = videoOf(slide);
    if (!video) { setTimeout(function () { follow(restart); }, 50); return; }
    var beat = beatOf();
    var from = beat > 0 ? stops[beat - 1] : 0;
    if (restart || video.currentTime > (beat < stops.length ? stops[beat] : Infinity)) {
      video.currentTime = from;
    }
    var stop = beat < stops.length ? stops[beat] : null;
    var playing = video.play();
    if (playing && playing.catch) {  // a pause at a stop interrupts the play: not an error
      playing.catch(function (error) { if (error.name !== "AbortError") { throw error; } });
    }
    if (stop === null) { return; }  // the last beat plays to the clip's end
    function check() {
      if (video.currentTime >= stop - 0.02) {
        video.pause();
        video.currentTime = Math.max(0, stop - 0.001);  // the last frame before the stop
        document.body.dataset.deckStopped = String(beat);
        watching = null;
      } else {
        watching = requestAnimationFrame(check);
      }
    }
    watching = requestAnimationFrame(check);
  }
  Reveal.on("slidechanged", function () { follow(false); });
  Reveal.on("fragmentshown", function () { follow(false); });
  Reveal.on("fragmenthidden", function () { follow(true); });
  if (Reveal.isReady()) { follow(false); } else { Reveal.on("ready", function () { follow(false); }); }
})();
"""


def deck_html(title: str, slides: list[tuple], resolution: tuple[int, int],
              background: str, byline: str = "", about: str = "") -> str:
    """The deck's page: a title slide (``title``, ``byline``, ``about``), then
    ``slides[i]`` = (section i's video, its notes: a sentence a line, a paragraph each
    in the speaker view[, its beat stops: seconds into the clip]); paths relative to the
    page, reveal.js in ``REVEAL_COPY/`` beside it.

    The videos are muted (the scenes are silent) so that the browser plays each
    one as its slide is shown, without a click.
    """
    width, height = resolution
    sections = [title_slide(title, byline, about, background)]
    for video, notes, *rest in slides:
        stops = rest[0] if rest else []
        said = "".join(f"<p>{html.escape(line)}</p>" for line in notes.splitlines() if line)
        aside = f'\n    <aside class="notes">{said}</aside>' if said else ""
        # a fragment a beat after the first: → plays the next beat
        beats = "".join(f'\n    <span class="fragment beat" data-beat="{k}"></span>'
                        for k in range(1, len(stops) + 1))
        timing = (f' data-stops="{",".join(f"{t:g}" for t in stops)}"' if stops else "")
        sections.append(
            f'  <section data-background-video="{html.escape(video)}" '
            f'data-background-video-muted data-background-size="contain"{timing} '
            f'data-background-color="{html.escape(background)}">{beats}{aside}\n  </section>')
    settings = {"width": width, "height": height, "margin": 0, "controls": True,
                "progress": True, "slideNumber": "c/t", "hash": True, "transition": "none",
                "backgroundTransition": "none", "autoPlayMedia": True}
    theme = reveal_theme(background)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="{REVEAL_COPY}/dist/reveal.css">
<link rel="stylesheet" href="{REVEAL_COPY}/dist/theme/{theme}.css">
<style>{title_slide_style(height)}</style>
</head>
<body style="background: {html.escape(background)}">
<div class="reveal"><div class="slides">
{chr(10).join(sections)}
</div></div>
<script src="{REVEAL_COPY}/dist/reveal.js"></script>
<script src="{REVEAL_COPY}/dist/plugin/notes.js"></script>
<script>
Reveal.initialize(Object.assign({json.dumps(settings)}, {{plugins: [RevealNotes]}}));
</script>
<script>{BEAT_STOPS}</script>
</body>
</html>
"""
