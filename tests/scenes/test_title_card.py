"""The title card scene: what it shows comes from the request, set as the user wrote it,
and stays inside the frame and above the caption band whatever its length."""

from __future__ import annotations


import pytest
from manim import VMobject, config, tempconfig

from linviz_pack.course import MAX_TEXT
from scenes.title_card import TitleCardScene, title_lines
from scenes.toolkit import style
from linviz.request import VARIABLE, RenderRequest


def test_the_request_carries_the_title_and_byline_into_the_scene():
    request = RenderRequest(theme="light", title="Week 3", byline="CS 229 · Ada")
    back = RenderRequest.from_environment(request.environment())
    assert (back.title, back.byline, back.theme) == ("Week 3", "CS 229 · Ada", "light")


def test_a_long_title_wraps_into_lines_that_fit():
    title = "Linear classifiers: the perceptron, its margins and why it converges, week 3"
    lines = title_lines(title)
    assert " ".join(lines) == title and len(lines) >= 2
    assert all(len(line) <= style.TITLE_CARD_LINE_CHARS for line in lines)


def rendered_card(monkeypatch, media, title: str, byline: str):
    monkeypatch.setenv(VARIABLE, RenderRequest(title=title, byline=byline).environment()[VARIABLE])
    with tempconfig({"dry_run": True, "quality": "low_quality", "pixel_width": 64,
                     "pixel_height": 36, "media_dir": str(media), "verbosity": "ERROR",
                     "progress_bar": "none"}):
        scene = TitleCardScene()
        scene.render()
        return scene, config.frame_width, config.frame_height


@pytest.mark.parametrize("title, byline", [
    ('A "quoted" title with \\ # * $ _ [ ] < > @ ` characters', "CS 229 · Ada Lovelace"),
    ("W" * 30 + " " + "w" * (MAX_TEXT - 31), "b" * MAX_TEXT),  # the longest fields allowed
    ("Week 3", ""),
])
def test_the_card_is_set_whatever_the_text_and_stays_in_the_frame(monkeypatch, tmp_path,
                                                                  title, byline):
    scene, width, height = rendered_card(monkeypatch, tmp_path, title, byline)
    drawn = [mobject for mobject in scene.mobjects if isinstance(mobject, VMobject)]
    assert len(drawn) == 1  # the card: title, rule and byline
    card = drawn[0]
    assert card.width <= width
    assert card.get_top()[1] <= height / 2
    assert card.get_bottom()[1] >= -height / 2 + style.CAPTION_BAND
    assert float(scene.time) == pytest.approx(style.TITLE_CARD_SECONDS)
