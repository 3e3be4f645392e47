// The lecture page: a player with chapters and captions, and a present mode that
// stops at every beat. Plain JavaScript, no library, nothing fetched: the data
// comes from lecture-data.js (window.LINVIZ_LECTURE), loaded by a <script> tag,
// because a page opened from file:// may not fetch files, nor load <track src>.
(function () {
  "use strict";

  var data = window.LINVIZ_LECTURE;
  var video = document.getElementById("video");
  var chapterList = document.getElementById("chapters");
  var sourceList = document.getElementById("sources");
  var stage = document.getElementById("stage");
  var notes = document.getElementById("notes");
  var beatLabel = document.getElementById("beat-label");
  var presentButton = document.getElementById("present");

  // Two times closer than this are the same place (a frame at 60 fps is 0.0167 s).
  var SAME_TIME = 0.02;
  // A beat ending at t stops half a frame before t: on the beat's last frame, not on
  // the first frame of the next one (and with only the beat's own caption showing).
  var HOLD = 0.5 / (data.fps || 15);

  var state = {
    source: null,      // the entry of data.sources being shown
    presenting: false,
    beat: 0,           // present mode: the beat being played, or whose end we stopped at
    playingBeat: false // present mode: playing towards the end of state.beat
  };

  function formatTime(seconds) {
    var whole = Math.floor(seconds);
    var minutes = Math.floor(whole / 60);
    var rest = whole % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  // ---------------------------------------------------------------- sources
  function showSource(id, startAt) {
    var source = data.sources.filter(function (s) { return s.id === id; })[0];
    if (!source) { return; }
    state.source = source;
    state.beat = 0;
    state.playingBeat = false;
    video.src = source.video;
    video.addEventListener("loadedmetadata", function once() {
      video.removeEventListener("loadedmetadata", once);
      if (startAt) { video.currentTime = startAt; }
    });
    buildCaptions(source);
    buildChapters(source);
    Array.prototype.forEach.call(sourceList.querySelectorAll("button"), function (b) {
      b.classList.toggle("current", b.dataset.source === id);
    });
    document.getElementById("source-title").textContent = source.title;
  }

  function buildSources() {
    data.sources.forEach(function (source) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.dataset.source = source.id;
      button.textContent = source.title;
      if (source.description) { button.title = source.description; }
      button.addEventListener("click", function () { showSource(source.id); });
      item.appendChild(button);
      sourceList.appendChild(item);
    });
  }

  // ---------------------------------------------------------------- captions
  // One text track, rebuilt for each source: its cues come from the data.
  function buildCaptions(source) {
    var track = video.captionTrack;
    if (!track) {
      track = video.addTextTrack("captions", "Captions", "en");
      video.captionTrack = track;
    }
    while (track.cues && track.cues.length) { track.removeCue(track.cues[0]); }
    source.cues.forEach(function (cue, index) {
      // a cue ending where the next starts ends a hair sooner: one caption at a time
      var next = source.cues[index + 1];
      var end = next && next.start <= cue.end ? Math.max(cue.start, next.start - 0.001) : cue.end;
      track.addCue(new VTTCue(cue.start, end, cue.text));
    });
    track.mode = "showing";
  }

  // ---------------------------------------------------------------- chapters
  function buildChapters(source) {
    chapterList.textContent = "";
    source.chapters.forEach(function (chapter, index) {
      var item = document.createElement("li");
      item.className = "level-" + chapter.level;
      var button = document.createElement("button");
      button.type = "button";
      button.dataset.index = index;
      button.dataset.start = chapter.start;
      var time = document.createElement("span");
      time.className = "time";
      time.textContent = formatTime(chapter.start);
      button.appendChild(time);
      button.appendChild(document.createTextNode(" " + chapter.title));
      button.addEventListener("click", function () { seekTo(chapter.start); });
      item.appendChild(button);
      chapterList.appendChild(item);
    });
    highlightChapter();
  }

  function seekTo(time) {
    state.playingBeat = false;
    video.currentTime = time;
    state.beat = beatAt(time);
    showNotes();
  }

  function highlightChapter() {
    if (!state.source) { return; }
    var now = video.currentTime + SAME_TIME / 2;
    var current = -1;
    state.source.chapters.forEach(function (chapter, index) {
      if (chapter.level === 1 && chapter.start <= now) { current = index; }
    });
    Array.prototype.forEach.call(chapterList.querySelectorAll("button"), function (b) {
      var isCurrent = Number(b.dataset.index) === current;
      if (isCurrent && !b.classList.contains("current") && b.scrollIntoView) {
        b.scrollIntoView({block: "nearest"});  // keep the current chapter in the list's view
      }
      b.classList.toggle("current", isCurrent);
    });
  }

  // ---------------------------------------------------------------- present mode
  function beats() { return state.source.beats; }

  // Where present mode stops at the end of beat i.
  function stopTime(index) { return Math.max(beats()[index].start, beats()[index].end - HOLD); }

  function stoppedAt(index) { return video.currentTime >= stopTime(index) - SAME_TIME; }

  // The beat that plays at time t (the last one when t is at or past the end).
  function beatAt(time) {
    var list = beats();
    for (var i = 0; i < list.length; i++) {
      if (time < stopTime(i) - SAME_TIME) { return i; }
    }
    return list.length - 1;
  }

  function showNotes() {
    if (!state.source || !beats().length) { return; }
    var beat = beats()[state.beat];
    notes.textContent = beat.text || "";
    beatLabel.textContent = "beat " + (state.beat + 1) + " / " + beats().length +
      (beat.section ? " · " + beat.section : "");
  }

  function playBeat(index) {
    var list = beats();
    state.beat = Math.max(0, Math.min(index, list.length - 1));
    state.playingBeat = true;
    showNotes();
    var start = list[state.beat].start;
    if (Math.abs(video.currentTime - start) > 2 * HOLD) { video.currentTime = start; }
    var playing = video.play();
    if (playing && playing.catch) { playing.catch(function () { state.playingBeat = false; }); }
    watchBeatEnd();
  }

  // Stop exactly at the beat's end: checked on every animation frame while playing.
  function watchBeatEnd() {
    if (!state.playingBeat) { return; }
    if (video.currentTime >= stopTime(state.beat) || video.ended) {
      stopAtEnd();
      return;
    }
    window.requestAnimationFrame(watchBeatEnd);
  }

  function stopAtEnd() {
    state.playingBeat = false;
    video.pause();
    video.currentTime = stopTime(state.beat);
    document.body.dataset.stopped = String(state.beat);
    showNotes();
  }

  function next() {
    if (state.playingBeat) { stopAtEnd(); return; }  // finish this beat now
    if (!stoppedAt(state.beat)) { playBeat(state.beat); return; }
    if (state.beat + 1 < beats().length) { playBeat(state.beat + 1); }
  }

  // Back to where the previous beat stopped (the start of this one), paused.
  function previous() {
    state.playingBeat = false;
    video.pause();
    var target = state.beat - 1;  // at or inside beat i: back to where beat i starts
    if (target < 0) {
      state.beat = 0;
      video.currentTime = beats()[0].start;
    } else {
      state.beat = target;
      video.currentTime = stopTime(target);
    }
    document.body.dataset.stopped = String(state.beat);
    showNotes();
  }

  function replay() { playBeat(state.beat); }

  function enterPresent() {
    state.presenting = true;
    document.body.classList.add("presenting");
    video.controls = false;
    video.pause();
    state.beat = beatAt(video.currentTime);
    showNotes();
    if (stage.requestFullscreen) {
      stage.requestFullscreen().catch(function () { /* refused: stay in the page */ });
    }
  }

  function leavePresent() {
    state.presenting = false;
    state.playingBeat = false;
    document.body.classList.remove("presenting");
    video.controls = true;
    if (document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () {});
    }
  }

  document.addEventListener("fullscreenchange", function () {
    if (!document.fullscreenElement && state.presenting) { leavePresent(); }
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var key = event.key;
    if (!state.presenting) {
      if (key === "p" || key === "P") { enterPresent(); event.preventDefault(); }
      return;
    }
    if (key === "ArrowRight" || key === " " || key === "PageDown" || key === "Enter") {
      next();
    } else if (key === "ArrowLeft" || key === "PageUp" || key === "Backspace") {
      previous();
    } else if (key === "r" || key === "R") {
      replay();
    } else if (key === "Home") {
      state.beat = 0; previous();
    } else if (key === "n" || key === "N") {
      document.body.classList.toggle("hide-notes");
    } else if (key === "c" || key === "C") {  // captions on the video itself
      video.captionTrack.mode = video.captionTrack.mode === "showing" ? "hidden" : "showing";
    } else if (key === "Escape" || key === "p" || key === "P") {
      leavePresent();
    } else {
      return;
    }
    event.preventDefault();
  });

  presentButton.addEventListener("click", enterPresent);
  video.addEventListener("timeupdate", highlightChapter);
  video.addEventListener("seeked", highlightChapter);

  // For tests and for a lecturer's console: what the page is doing.
  window.linvizPlayer = {
    state: state, next: next, previous: previous, replay: replay,
    present: enterPresent, leave: leavePresent, show: showSource, seek: seekTo
  };

  document.title = data.title;
  document.getElementById("title").textContent = data.title;
  buildSources();
  showSource(data.sources[0].id);
})();
