// The lecture page: a player with chapters, captions and a transcript, a present mode
// that stops at every beat, and a speaker window that follows it. Plain JavaScript, no
// library, nothing fetched: the data comes from lecture-data.js (window.LINVIZ_LECTURE),
// loaded by a <script> tag, because a page opened from file:// may not fetch files, nor
// load <track src>. The page never scrolls the window itself: its lists scroll alone.
(function () {
  "use strict";

  var data = window.LINVIZ_LECTURE;
  var video = document.getElementById("video");
  var chapterList = document.getElementById("chapters");
  var sourceList = document.getElementById("sources");
  var transcriptList = document.getElementById("transcript");
  var caption = document.getElementById("caption");
  var stage = document.getElementById("stage");
  var notes = document.getElementById("notes");
  var beatLabel = document.getElementById("beat-label");

  // Two times closer than this are the same place (a frame at 60 fps is 0.0167 s).
  var SAME_TIME = 0.02;
  // A beat ending at t stops half a frame before t: on the beat's last frame, not on
  // the first frame of the next one (and with only the beat's own caption showing).
  var HOLD = 0.5 / (data.fps || 15);

  var state = {
    source: null,       // the entry of data.sources being shown
    presenting: false,
    beat: 0,            // present mode: the beat being played, or whose end we stopped at
    playingBeat: false, // present mode: playing towards the end of state.beat
    captions: true,     // captions on the video (present mode starts with them off)
    track: null,        // the text track of the source shown (its cues drive the overlay)
    speaker: null,      // the speaker window, once opened
    presentedSince: null
  };

  function formatTime(seconds) {
    var whole = Math.floor(seconds);
    var minutes = Math.floor(whole / 60);
    var rest = whole % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  // Scroll ``list`` (a scrolling box) so that ``item`` is inside it; nothing else moves.
  // (Element.scrollIntoView would scroll the window too.)
  function keepInView(list, item) {
    if (!item) { return; }
    var top = item.offsetTop;
    var bottom = top + item.offsetHeight;
    if (top < list.scrollTop) {
      list.scrollTop = top;
    } else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }

  // ---------------------------------------------------------------- sources
  function showSource(id, startAt) {
    var source = data.sources.filter(function (s) { return s.id === id; })[0];
    if (!source) { return; }
    state.source = source;
    state.beat = 0;
    state.playingBeat = false;
    buildCaptions(source);  // first: no caption of the old source outlives it
    if (video.getAttribute("src") !== source.video) {
      video.poster = source.poster || "";
      video.src = source.video;
    }
    video.addEventListener("loadedmetadata", function once() {
      video.removeEventListener("loadedmetadata", once);
      if (startAt) { video.currentTime = startAt; }
    });
    buildChapters(source);
    buildTranscript(source);
    Array.prototype.forEach.call(sourceList.querySelectorAll("button"), function (b) {
      b.classList.toggle("current", b.dataset.source === id);
    });
    document.getElementById("source-title").textContent = source.title;
    showNotes();
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
  // A new hidden text track for each source (the old one disabled): the browser says
  // which cue is on, the page paints it in #caption, cleared at every switch.
  function buildCaptions(source) {
    if (state.track) { state.track.mode = "disabled"; }
    caption.textContent = "";
    var track = video.addTextTrack("captions", source.title, "en");
    source.cues.forEach(function (cue, index) {
      // a cue ending where the next starts ends a hair sooner: one caption at a time
      var next = source.cues[index + 1];
      var end = next && next.start <= cue.end ? Math.max(cue.start, next.start - 0.001) : cue.end;
      track.addCue(new VTTCue(cue.start, end, cue.text));
    });
    track.mode = "hidden";
    track.addEventListener("cuechange", function () { paintCaption(track); });
    state.track = track;
  }

  function paintCaption(track) {
    if (track !== state.track) { return; }
    var active = track.activeCues;
    caption.textContent = active && active.length ? active[active.length - 1].text : "";
  }

  // A source whose first sentence starts at 0 fires no cuechange before it plays: when its
  // first frame is there (and after each seek), the caption of that time is painted from
  // the track's own cues.
  function paintCaptionNow() {
    var track = state.track;
    if (!track || !track.cues) { return; }
    var t = video.currentTime, text = "";
    Array.prototype.forEach.call(track.cues, function (cue) {
      if (cue.startTime <= t && t < cue.endTime) { text = cue.text; }
    });
    caption.textContent = text;
  }
  video.addEventListener("loadeddata", paintCaptionNow);
  video.addEventListener("seeked", paintCaptionNow);

  function setCaptions(on) {
    state.captions = on;
    document.body.classList.toggle("captions-off", !on);
  }

  // A narrated lecture shown silent (the lecturer speaks): M in present mode, no new render.
  function setMuted(on) {
    video.muted = on;
    document.body.dataset.muted = on ? "1" : "0";
  }

  // ---------------------------------------------------------------- chapters
  function buildChapters(source) {
    chapterList.textContent = "";
    chapterList.scrollTop = 0;
    source.chapters.forEach(function (chapter, index) {
      var item = document.createElement("li");
      item.className = "level-" + chapter.level;
      var button = timedButton(index, chapter.start, chapter.title);
      button.dataset.start = chapter.start;
      item.appendChild(button);
      chapterList.appendChild(item);
    });
    highlight();
  }

  // a list entry of the chapters and of the transcript: its time, its text; a click seeks
  function timedButton(index, start, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.dataset.index = index;
    var time = document.createElement("span");
    time.className = "time";
    time.textContent = formatTime(start);
    button.appendChild(time);
    button.appendChild(document.createTextNode(" " + label));
    button.addEventListener("click", function () { seekTo(start); });
    return button;
  }

  // ---------------------------------------------------------------- transcript
  function buildTranscript(source) {
    transcriptList.textContent = "";
    transcriptList.scrollTop = 0;
    (source.sentences || []).forEach(function (sentence, index) {
      var item = document.createElement("li");
      item.appendChild(timedButton(index, sentence.start, sentence.text));
      transcriptList.appendChild(item);
    });
  }

  function seekTo(time) {
    state.playingBeat = false;
    video.currentTime = time;
    if (beats().length) { state.beat = beatAt(time); }
    showNotes();
  }

  // The last entry of ``list`` starting at or before now (-1: none); ``keep`` filters.
  function currentIndex(list, keep) {
    var now = video.currentTime + SAME_TIME / 2;
    var current = -1;
    list.forEach(function (entry, index) {
      if (keep(entry) && entry.start <= now) { current = index; }
    });
    return current;
  }

  function mark(list, current) {
    Array.prototype.forEach.call(list.querySelectorAll("button"), function (b) {
      var isCurrent = Number(b.dataset.index) === current;
      if (isCurrent && !b.classList.contains("current")) { keepInView(list, b.parentNode); }
      b.classList.toggle("current", isCurrent);
    });
  }

  function highlight() {
    if (!state.source) { return; }
    mark(chapterList, currentIndex(state.source.chapters,
                                   function (c) { return c.level === 1; }));
    mark(transcriptList, currentIndex(state.source.sentences || [],
                                      function () { return true; }));
  }

  // ---------------------------------------------------------------- present mode
  function beats() { return state.source ? state.source.beats : []; }

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
    updateSpeaker();
  }

  // Play beat ``index`` to its end: from its start, or on from here when we are inside it
  // (a → pressed mid-beat goes forward to the beat's end, never back to its start).
  function playBeat(index, fromStart) {
    var list = beats();
    state.beat = Math.max(0, Math.min(index, list.length - 1));
    if (list[state.beat].still) { stopAtEnd(); return; }  // nothing moves: its end at once
    state.playingBeat = true;
    showNotes();
    var start = list[state.beat].start;
    var inside = video.currentTime >= start - SAME_TIME &&
      video.currentTime < stopTime(state.beat) - SAME_TIME;
    if (fromStart || !inside) {
      if (Math.abs(video.currentTime - start) > 2 * HOLD) { video.currentTime = start; }
    }
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
    if (!stoppedAt(state.beat)) { playBeat(state.beat, false); return; }
    if (state.beat + 1 < beats().length) { playBeat(state.beat + 1, true); }
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

  function replay() { playBeat(state.beat, true); }

  function enterPresent() {
    state.presenting = true;
    state.presentedSince = state.presentedSince || Date.now();
    document.body.classList.add("presenting");
    setCaptions(false);  // the audience reads the picture; the speaker has the notes
    video.controls = false;
    video.pause();
    state.beat = beatAt(video.currentTime);
    // a still beat (the title card) is shown whole, as if played: → goes on from it
    if (beats().length && beats()[state.beat].still) { stopAtEnd(); }
    showNotes();
    if (stage.requestFullscreen) {
      stage.requestFullscreen().catch(function () { /* refused: stay in the page */ });
    }
  }

  function leavePresent() {
    state.presenting = false;
    state.playingBeat = false;
    document.body.classList.remove("presenting");
    setCaptions(true);
    video.controls = true;
    if (document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () {});
    }
    updateSpeaker();
  }

  document.addEventListener("fullscreenchange", function () {
    if (!document.fullscreenElement && state.presenting) { leavePresent(); }
  });

  // ---------------------------------------------------------------- speaker window
  // A second window (about:blank, written by this page, so it needs no file and no
  // messaging): the current beat's note, the next beat's, the beat count and the time.
  // Its keys drive the audience window; every change here is shown there at once.
  var SPEAKER_STYLE =
    "body{margin:0;font:18px/1.45 system-ui,'DejaVu Sans',sans-serif;background:#111;" +
    "color:#eee;display:flex;flex-direction:column;height:100vh}" +
    "header{display:flex;gap:24px;padding:10px 18px;background:#1d1d22;color:#9a9aa2;" +
    "font-size:15px}header b{color:#eee}#clock{margin-left:auto}" +
    "section{padding:14px 18px}h2{font-size:13px;text-transform:uppercase;" +
    "letter-spacing:.06em;color:#9a9aa2;margin:0 0 6px}" +
    "#now{font-size:clamp(24px,2.3vw,44px);line-height:1.35}" +
    "#next{font-size:clamp(18px,1.6vw,30px);color:#b8b8c0}" +
    "footer{margin-top:auto;padding:8px 18px;color:#77777f;font-size:13px}" +
    "#body{display:flex;gap:18px;align-items:flex-start}#text{flex:1;min-width:0}" +
    "#screen{width:46%;margin:14px 18px 0 0;background:#000;border:1px solid #333}" +
    "#times{display:flex;gap:28px;padding:10px 18px 0;font-size:clamp(15px,1.2vw,22px);" +
    "color:#9a9aa2}#times b{font-size:clamp(24px,2vw,38px);color:#eee;" +
    "font-variant-numeric:tabular-nums;margin-left:6px}" +
    "#times .low b{color:#f0b35a}";
  // the beat's time left turns amber below this many seconds
  var SPEAKER_LOW_SECONDS = 3;
  // The speaker window mirrors the audience screen this often (frames a second)
  var SPEAKER_MIRROR_FPS = 8;

  function openSpeaker() {
    if (state.speaker && !state.speaker.closed) { state.speaker.focus(); return state.speaker; }
    var speaker = window.open("", "linviz-speaker", "width=960,height=600");
    if (!speaker) { return null; }
    var doc = speaker.document;
    doc.open();
    doc.write("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Speaker · " +
              "</title><style>" + SPEAKER_STYLE + "</style></head><body>" +
              "<header><span id='source'></span><span id='beat'></span>" +
              "<span id='section'></span><span id='clock'></span></header>" +
              "<div id='times'><span id='beat-time'>left in this beat<b id='beat-left'></b></span>" +
              "<span>next beat lasts<b id='next-length'></b></span>" +
              "<span>left in the lecture<b id='lecture-left'></b></span></div>" +
              "<div id='body'><div id='text'>" +
              "<section><h2>Now · on screen</h2><div id='now'></div></section>" +
              "<section><h2>Next · → plays it</h2><div id='next'></div></section></div>" +
              "<canvas id='screen' width='640' height='360'></canvas></div>" +
              "<footer>→/space next · ← back · R replay · P present · Esc leave " +
              "(keys here drive the audience window)</footer></body></html>");
    doc.close();
    doc.title = "Speaker · " + data.title;
    doc.addEventListener("keydown", onKey);
    state.speaker = speaker;
    updateSpeaker();
    speaker.setInterval(updateClock, 1000);
    speaker.setInterval(updateTimes, 250);
    speaker.setInterval(mirror, 1000 / SPEAKER_MIRROR_FPS);
    return speaker;
  }

  // What the audience sees, drawn small in the speaker window.
  function mirror() {
    var speaker = state.speaker;
    if (!speaker || speaker.closed || video.readyState < 2) { return; }
    var canvas = speaker.document.getElementById("screen");
    if (!canvas || !video.videoWidth) { return; }
    canvas.height = Math.round(canvas.width * video.videoHeight / video.videoWidth);
    canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.dataset.time = String(video.currentTime);  // the audience's time it shows
  }

  function updateClock() {
    var speaker = state.speaker;
    if (!speaker || speaker.closed) { return; }
    var clock = speaker.document.getElementById("clock");
    if (!clock) { return; }
    var since = state.presentedSince ? formatTime((Date.now() - state.presentedSince) / 1000) +
      " presenting · " : "";
    clock.textContent = since + new Date().toLocaleTimeString([], {hour: "2-digit",
                                                                  minute: "2-digit"});
  }

  // The speaker window's times: what is left of the beat playing (0:00 once stopped at its
  // end), how long the next beat lasts, and what is left of what is being shown.
  function updateTimes() {
    var speaker = state.speaker;
    if (!speaker || speaker.closed || !state.source || !beats().length) { return; }
    var doc = speaker.document;
    if (!doc.getElementById("beat-left")) { return; }
    var list = beats();
    var now = video.currentTime;
    var beatLeft = Math.max(0, stopTime(state.beat) - now);
    var following = list[state.beat + 1];
    var lectureLeft = Math.max(0, list[list.length - 1].end - now);
    var show = function (id, seconds) {
      var element = doc.getElementById(id);
      element.textContent = seconds === null ? "—" : formatTime(Math.ceil(seconds - 0.05));
      element.dataset.seconds = seconds === null ? "" : seconds.toFixed(3);
    };
    show("beat-left", beatLeft);
    show("next-length", following ? following.end - following.start : null);
    show("lecture-left", lectureLeft);
    doc.getElementById("beat-time").classList.toggle(
      "low", state.playingBeat && beatLeft < SPEAKER_LOW_SECONDS);
  }

  function updateSpeaker() {
    var speaker = state.speaker;
    if (!speaker || speaker.closed || !state.source) { return; }
    var doc = speaker.document;
    var list = beats();
    if (!list.length || !doc.getElementById("now")) { return; }
    var beat = list[state.beat];
    var following = list[state.beat + 1];
    doc.getElementById("source").innerHTML = "<b></b>";
    // the lecture by its own title (the page's), a scene by its heading
    doc.getElementById("source").firstChild.textContent =
      state.source.id === "lecture" ? data.title : state.source.title;
    doc.getElementById("beat").textContent = "beat " + (state.beat + 1) + " / " + list.length +
      (state.presenting ? "" : " · not presenting (P)");
    doc.getElementById("section").textContent = beat.section || "";
    doc.getElementById("now").textContent = beat.text || "";
    doc.getElementById("next").textContent = following ? (following.text || "…") : "(the end)";
    speaker.document.body.dataset.beat = String(state.beat);
    updateClock();
    updateTimes();
  }

  // ---------------------------------------------------------------- keys
  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var key = event.key;
    if (key === "s" || key === "S") { openSpeaker(); event.preventDefault(); return; }
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
    } else if (key === "n" || key === "N") {  // the notes on the audience screen too
      document.body.classList.toggle("show-notes");
    } else if (key === "c" || key === "C") {  // captions on the video
      setCaptions(!state.captions);
    } else if (key === "m" || key === "M") {  // the narration off (and on again)
      setMuted(!video.muted);
    } else if (key === "Escape" || key === "p" || key === "P") {
      leavePresent();
    } else {
      return;
    }
    event.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  document.getElementById("present").addEventListener("click", enterPresent);
  document.getElementById("speaker").addEventListener("click", openSpeaker);
  video.addEventListener("timeupdate", highlight);
  video.addEventListener("timeupdate", updateTimes);
  video.addEventListener("seeked", updateTimes);
  video.addEventListener("seeked", highlight);
  window.addEventListener("beforeunload", function () {
    if (state.speaker && !state.speaker.closed) { state.speaker.close(); }
  });

  // For tests and for a lecturer's console: what the page is doing.
  window.linvizPlayer = {
    state: state, next: next, previous: previous, replay: replay, speaker: openSpeaker,
    present: enterPresent, leave: leavePresent, show: showSource, seek: seekTo
  };

  document.title = data.title;
  document.getElementById("title").textContent = data.title;  // byline: in the HTML
  buildSources();
  showSource(data.sources[0].id);
})();
