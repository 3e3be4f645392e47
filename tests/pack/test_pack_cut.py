"""Cutting a video by stream copy: only at keyframes, and the clips are the video's frames."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from linviz_pack.cut import cuttable, keyframe_times, split_video

RATE = 15


def _movie(path, count: int, keyframes: set[int]):
    """``count`` grey frames of distinct brightness, keyframes only at ``keyframes``."""
    import av

    with av.open(str(path), "w", format="mp4") as movie:
        stream = movie.add_stream("libx264", rate=RATE,
                                  options={"g": "1000", "sc_threshold": "0", "bf": "0"})
        stream.width, stream.height, stream.pix_fmt = 32, 32, "yuv420p"
        for k in range(count):
            picture = av.VideoFrame.from_ndarray(np.full((32, 32, 3), 5 * k, np.uint8),
                                                 format="rgb24")
            picture.pts = k
            picture.time_base = Fraction(1, RATE)
            if k in keyframes:
                picture.pict_type = av.video.frame.PictureType.I
            for packet in stream.encode(picture):
                movie.mux(packet)
        for packet in stream.encode():
            movie.mux(packet)
    return path


def _brightness(path) -> list[int]:
    import av

    with av.open(str(path)) as movie:
        return [int(round(frame.to_ndarray(format="gray").mean()))
                for frame in movie.decode(video=0)]


def test_a_cut_is_made_only_at_a_keyframe_near_the_time_asked(tmp_path):
    movie = _movie(tmp_path / "m.mp4", 30, {0, 10, 20})
    assert keyframe_times(movie) == [Fraction(0), Fraction(10, RATE), Fraction(20, RATE)]
    # a hundredth of a second off still finds frame 10; frame 15 is no keyframe; nor is 0
    # a cut (a clip cannot be empty)
    assert cuttable(movie, [10 / RATE + 0.005, 15 / RATE, 0.0]) == [Fraction(10, RATE), None,
                                                                    None]


def test_the_clips_hold_the_videos_frames_in_order_each_timed_from_zero(tmp_path):
    from linviz_pack.join import video_duration

    movie = _movie(tmp_path / "m.mp4", 30, {0, 10, 20})
    clips = [tmp_path / f"c{k}.mp4" for k in range(3)]
    split_video(movie, [Fraction(10, RATE), Fraction(20, RATE)], clips)
    whole = _brightness(movie)
    parts = [_brightness(clip) for clip in clips]
    assert [len(part) for part in parts] == [10, 10, 10]
    assert sum(parts, []) == whole
    assert [round(video_duration(clip) * RATE) for clip in clips] == [10, 10, 10]
