"""Narration of a linviz scene: each beat's sentence as the caption (held until it has been
read, or spoken with the request's voice), the sections a lecturer presents the scene in,
and what is written beside the video at its end: the captions (.srt), the sections'
titles and what was spoken when."""

from __future__ import annotations

from pathlib import Path

from manim import config

from linviz.notation import in_notation


class Narration:
    """Captions, voice and sections on the scene's timeline (a part of
    :class:`scenes.base.LinvizScene`)."""

    def narrate(self, sentence: str, duration: float = 0.0, reading: float = 0.0,
                pause: float = 0.0) -> None:
        """Start a beat: ``sentence`` is the caption from now until the next one.

        The caption on screen first gets all the time it needs (the scene waits
        on a still frame if its animations were shorter), so no caption is ever
        cut short. ``sentence`` then needs ``duration`` seconds (its motion), and when
        read its reading time (the voice duration, or ``reading`` if longer) and ``pause``
        after it. A narrated scene (``self.speaker``) also starts speaking it, and the
        beat lasts the speech and the longer of :data:`~scenes.toolkit.timeline.SPEECH_GAP`
        and ``pause`` instead (the speech is synthesised while the beat's animations
        render).
        """
        self.finish_beat()
        sentence = self.in_notation(sentence)
        read = max(self.voice.duration(sentence), reading)
        needs = max(read + pause, duration)
        heard_needs = max(self.voice.heard_duration(sentence), duration)
        speech = None
        if self.speaker is not None:  # spoken while the beat's animations render
            from linviz_voice.script import beat_id

            speech = self.speaker.start(beat_id(self.scene_name(), len(self.narration) + 1),
                                        sentence)
        self.timeline.say(float(self.time), sentence, needs, speech, heard_needs, pause)
        self.narration.append(sentence)

    def make_speaker(self):
        """The request's voice (``linviz_voice.speaker.Speaker``), or None for a silent scene."""
        request = self.request()
        if request.voice == "none" or config.save_last_frame:  # a last frame is not spoken
            return None
        from linviz_voice.speaker import Speaker, cache_folder

        return Speaker(request.voice, cache_folder(request.voice_cache), request.notation)

    def reading_time(self, sentence: str) -> float:
        """Seconds ``sentence`` needs on screen: what moves under it may take that long."""
        return self.voice.duration(self.in_notation(sentence))

    def in_notation(self, sentence: str) -> str:
        """``sentence`` (written with θ and θ₀) in the lecture's notation (see linviz.notation)."""
        return in_notation(sentence, self.theme.notation)

    def wait_for_words(self, words: str) -> None:
        """Hold the picture until ``words`` of the caption on screen are about to be said
        (:meth:`~scenes.toolkit.timeline.Timeline.said_at`), so what they name comes as it
        is named, not ahead of it; nothing when they were said already, or are not in it."""
        left = self.seconds_until(words)
        if left is not None and left > 1e-6:
            self.wait(left)

    def seconds_until(self, words: str) -> float | None:
        """Seconds from now until ``words`` of the caption on screen are about to be said
        (0 when they were; None when the caption does not hold them)."""
        at = self.timeline.said_at(self.in_notation(words))
        return None if at is None else max(0.0, at - float(self.time))

    def light_as_said(self, words: str, drawings, scale: float = 1.0) -> None:
        """``drawings`` lit (:func:`scenes.toolkit.layout.lit`) as ``words`` of the caption on
        screen are said (:meth:`wait_for_words`); nothing when the caption does not hold
        them: what a sentence names is seen named, not left a still."""
        if self.timeline.said_at(self.in_notation(words)) is None:
            return
        from scenes.toolkit import style
        from scenes.toolkit.layout import lit

        self.wait_for_words(words)
        self.play(*[lit(m, self.theme, scale) for m in drawings], run_time=style.PAUSE_READ)

    def speech_left(self) -> float:
        """Seconds until the caption on screen has been said (0 without one, or when it
        has): what moves under it should end by then."""
        end = self.timeline.speech_end()
        return 0.0 if end is None else max(0.0, end - float(self.time))

    def time_left(self) -> float:
        """Seconds the caption on screen still needs: what moves under it may take so long."""
        return self.timeline.still_needed(float(self.time))

    def finish_beat(self) -> None:
        """Hold the picture until the caption on screen has been read, then close it."""
        left = self.timeline.still_needed(float(self.time))
        if left > 1e-6:
            self.wait(left)
        self.stage.refresh()  # a still drawing changed since the last play shows in the frame
        if self.timeline.current is not None:
            if self.request().keyframe_at_narration:
                self.save_keyframe(f"beat{len(self.narration):02d}")
            for observe in self.beat_observers:
                observe(self)
        self.timeline.close(float(self.time))

    def section(self, name: str, title: str = "") -> None:
        """Start a section, so a lecturer can present or cut the scene in parts.

        ``name`` is a slug, used in file names; ``title`` what a reader sees (the
        page's and the mp4's chapters, the handout's headings), by default the
        slug read as words. The beat on screen ends first: no caption runs
        across two sections.
        """
        if self.sections:
            self.finish_beat()
            self.stage.refresh(now=True)  # the frame ending the section (a key frame)
            self.save_keyframe()
        self.sections.append(name)
        if title:
            self.section_titles[name] = self.in_notation(title)
        self.next_section(name)

    def write_narration(self) -> None:
        """Save what was spoken when beside the movie (``<movie>.narration.json``), where the
        render layer reads it to put the speech into the mp4 (see linviz_voice.narration)."""
        if self.speaker is None:
            return
        self.speaker.close()
        movie = getattr(self.renderer.file_writer, "movie_file_path", None)
        if config.dry_run or not movie:
            return
        from linviz_voice.narration import SpokenBeat, narration_path, write_narration

        beats = [SpokenBeat.placed(c.spoken, c.start, c.end)
                 for c in self.timeline.captions if c.spoken is not None]
        write_narration(narration_path(Path(movie)), self.request().voice, beats)

    def write_section_titles(self) -> None:
        """Save the sections' titles beside Manim's sections index (rendered with
        --save_sections only), where the lecture pack reads them."""
        from pathlib import Path

        from scenes.toolkit.section_titles import write_section_titles

        plan = getattr(self.renderer.file_writer, "output_plan", None)
        folder = getattr(plan, "sections_dir", None)
        if folder and self.section_titles and not config.dry_run:
            write_section_titles(Path(folder), self.section_titles)

    def write_captions(self) -> None:
        """Hand the timeline's captions to Manim, which writes them as the .srt beside the video."""
        now = float(self.time)
        for caption in self.timeline.captions:
            self.add_subcaption(caption.text, duration=caption.end - caption.start,
                                offset=caption.start - now)
