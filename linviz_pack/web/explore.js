// Explore: pause the lecture at a beat of a scene whose run the page can recompute and play
// with the run. The beat's state (data, θ, θ₀, and t, i, M for the perceptron; the step t,
// η and the loss for gradient descent) is drawn on a canvas from the storyboard's data, not
// from the video's pixels; a student steps the algorithm, drags a point, adds one, flips a
// label, turns the offset off or changes η and the steps, and the run is recomputed in the
// page by the engine's arithmetic (learners.js). Plain JavaScript, nothing fetched.
(function () {
  "use strict";

  var data = window.LINVIZ_LECTURE || {};
  var explorables = data.explore || {};
  var learners = window.linvizLearners;
  var scored = learners.scored, perceptronRun = learners.perceptronRun,
    mistakesOf = learners.mistakesOf, theoremNumbers = learners.theoremNumbers,
    starBand = learners.starBand, descentRun = learners.descentRun;
  //: the most gradient steps a student can ask for (the page recomputes them on every drag)
  var MOST_STEPS = 20000;

  // y(θᵀx + θ₀) of point i of the data shown.
  function scoreOf(i, theta, theta0) { return scored(view.X[i], view.y[i], theta, theta0)[0]; }


  // ---------------------------------------------------------------- the view
  function niceStep(span) {
    var raw = span / 6, power = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 5, 10];
    for (var k = 0; k < steps.length; k++) {
      if (steps[k] * power >= raw) { return steps[k] * power; }
    }
    return 10 * power;
  }

  // The view round the points: for regression's (x, y) each axis its own span with 12 %
  // padding; else a square box, the origin held when that widens the view at most 1.5-fold
  // (as the scenes' views do), so θ's arrow can start there.
  function fittedBox(X) {
    if (view.kind === "regression") { return axesBox(X); }
    var lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
    X.forEach(function (p) {
      for (var j = 0; j < 2; j++) { lo[j] = Math.min(lo[j], p[j]); hi[j] = Math.max(hi[j], p[j]); }
    });
    if (!X.length) { lo = [-1, -1]; hi = [1, 1]; }
    var span = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9);
    var wlo = [Math.min(lo[0], 0), Math.min(lo[1], 0)];
    var whi = [Math.max(hi[0], 0), Math.max(hi[1], 0)];
    var wide = Math.max(whi[0] - wlo[0], whi[1] - wlo[1]);
    if (wide <= 1.5 * span) { lo = wlo; hi = whi; span = wide; }
    var half = span / 2 * 1.24;
    var cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2;
    return {xmin: cx - half, xmax: cx + half, ymin: cy - half, ymax: cy + half};
  }

  function axesBox(P) {
    var box = {};
    [["xmin", "xmax"], ["ymin", "ymax"]].forEach(function (keys, j) {
      var lo = Infinity, hi = -Infinity;
      P.forEach(function (p) { lo = Math.min(lo, p[j]); hi = Math.max(hi, p[j]); });
      if (!P.length) { lo = -1; hi = 1; }
      var span = Math.max(hi - lo, 1e-9 * Math.max(1, Math.abs(hi)));
      box[keys[0]] = lo - 0.12 * span; box[keys[1]] = hi + 0.12 * span;
    });
    return box;
  }

  // The places after the point that a grid of this step needs.
  function stepDigits(step) { return Math.max(0, -Math.floor(Math.log10(step) + 1e-9)); }

  // Where point i is drawn: x itself, or (x, y) for regression.
  function pointOf(i) { return view.kind === "regression" ? [view.X[i][0], view.y[i]] : view.X[i]; }
  function points() { return view.X.map(function (x, i) { return pointOf(i); }); }
  function setPoint(i, p) {
    if (view.kind === "regression") { view.X[i] = [p[0]]; view.y[i] = p[1]; } else { view.X[i] = p; }
  }

  function format(v, digits) {
    var text = (Math.abs(v) < 0.5 * Math.pow(10, -digits) ? 0 : v).toFixed(digits);
    return text.replace("-", "−");
  }

  // ---------------------------------------------------------------- the explorable
  var view = {
    open: false, spec: null, X: null, y: null, offset: true, run: null, step: 0,
    beatStep: 0, edited: false, selected: -1, newLabel: 1, box: null, drag: -1,
    dragged: false, message: "", theme: null, kind: "perceptron", lr: 0, steps: 0,
    showLeast: true, kept: {}, fontScale: 1, flipped: {}
  };
  var overlay, canvas, controls, status, openButton;

  function theme() {
    return data.theme || {background: "#14161b", text: "#ececec", muted: "#8a8f98",
                          grid: "#2a2e36", positive: "#f5a623", negative: "#4aa3df",
                          boundary: "#f2e35b", normal: "#f2e35b", highlight: "#f2e35b",
                          mistake: "#e5534b", correct: "#3fb68b", step: "#d987b8",
                          shade_opacity: 0.12};
  }

  // How far the run goes: visits for the perceptron, gradient steps for descent.
  function runLength() { return view.kind === "perceptron" ? view.run.visits.length : view.run.steps; }
  // What one move of → is called.
  function unit() { return view.kind === "perceptron" ? "visit" : "step"; }

  function recompute() {
    if (view.kind !== "perceptron") {
      view.run = descentRun(view.kind, view.X, view.y, view.lr, view.steps, view.offset);
      view.step = Math.min(view.step, view.run.steps);
      view.least = view.kind === "logistic" ? learners.logisticOptimum(view.X, view.y)
        : learners.leastSquares(view.X, view.y, view.offset);
      var eigen = learners.gramEigenvalues(view.X, view.offset);
      view.eigen = eigen;
      // the stable step: 2/β for logistic (β = λ_max/4), 2/λ_max(H) for least squares
      // (H = 2·(1/n)X̃ᵀX̃): a step below it lowers the loss (logistic) or converges
      view.limit = view.kind === "logistic" ? 8 / eigen[eigen.length - 1] : 1 / eigen[eigen.length - 1];
      return;
    }
    view.theorem = theoremNumbers(view.X, view.y, view.offset);
    view.tau = passesFor(view.theorem);
    view.run = perceptronRun(view.X, view.y, view.offset, view.tau, view.spec.tolerance,
                             view.seed);
    view.step = Math.min(view.step, view.run.visits.length);
    var kind = view.spec.star_kind || (view.offset ? "lifted" : "origin");
    if (kind === "lifted" && !view.offset) { kind = "origin"; }
    if (kind === "plane" && !view.offset) { kind = "origin"; }
    view.star = starBand(view.X, view.y, kind);
  }

  //: the most visits a recomputed perceptron run may make (the page stays quick)
  var MOST_VISITS = 2000000;

  // τ: the lecture's passes on its data; on edited data no fewer than the theorem's most,
  // ⌊(R/γ)²⌋ + 1 (every pass but the last makes an update), so a run on separable data
  // always ends converged; at most MOST_VISITS visits.
  function passesFor(theorem) {
    var tau = view.spec.epochs;
    if (view.edited && theorem.gamma) {
      tau = Math.max(tau, Math.floor(theorem.bound) + 1);
    }
    return Math.max(1, Math.min(tau, Math.floor(MOST_VISITS / Math.max(1, view.X.length))));
  }

  // The margin of the data for (θ, θ₀): min over i of yᵢ(θᵀxᵢ + θ₀)/‖θ‖ and its point
  // (the first of the least); null for θ = 0.
  function dataMargin(theta, theta0) {
    var norm = Math.hypot.apply(null, theta);
    if (!(norm > 0)) { return null; }
    var least = Infinity, at = -1;
    view.X.forEach(function (x, i) {
      var m = scored(x, view.y[i], theta, theta0)[0] / norm;
      if (m < least) { least = m; at = i; }
    });
    return {value: least, point: at};
  }

  function current() {
    var run = view.run, k = view.step;
    if (view.kind !== "perceptron") {
      return {visit: null, t: k, theta: run.thetas[k], theta0: run.theta0s[k], loss: run.losses[k]};
    }
    if (view.testing && k < run.visits.length) {  // visit k + 1 tested, θ not yet updated
      var before = k > 0 ? run.visits[k - 1].state : 0;
      return {visit: run.visits[k], theta: run.thetas[before], theta0: run.theta0s[before],
              M: before, testing: true};
    }
    var visit = k > 0 ? run.visits[k - 1] : null;
    var s = visit ? visit.state : 0;
    return {visit: visit, theta: run.thetas[s], theta0: run.theta0s[s], M: s, testing: false};
  }

  // What the page shows now, for tests and a lecturer's console.
  function stateNow() {
    if (!view.open) { return {open: false}; }
    var now = current();
    if (view.kind !== "perceptron") { return descentState(now); }
    return {
      open: true, scene: view.spec.scene, step: view.step, visits: view.run.visits.length,
      t: now.visit ? now.visit.epoch : 0, i: now.visit ? now.visit.i + 1 : null,
      M: now.M, theta: now.theta.slice(), theta0: now.theta0,
      score: now.visit ? now.visit.score : null,
      errors: mistakesOf(view.X, view.y, now.theta, now.theta0, view.spec.tolerance),
      X: view.X.map(function (p) { return p.slice(); }), y: view.y.slice(),
      offset: view.offset, edited: view.edited, selected: view.selected, seed: view.seed,
      testing: now.testing,
      converged: view.run.converged, updates: view.run.updates, epochs: view.run.epochs,
      tau: view.tau, margin: dataMargin(now.theta, now.theta0),
      R: view.theorem.R, gamma: view.theorem.gamma, bound: view.theorem.bound,
      star: view.star, showStar: view.showStar,
      message: view.message
    };
  }

  function descentState(now) {
    var at = learners.lossAndGrad(view.kind, view.X, view.y, now.theta, now.theta0);
    var norm = view.offset ? at[2] * at[2] : 0;
    at[1].forEach(function (g) { norm += g * g; });
    var run = view.run;
    return {
      open: true, scene: view.spec.scene, kind: view.kind, step: view.step, steps: run.steps,
      asked: view.steps, lr: view.lr, limit: view.limit, theta: now.theta.slice(),
      theta0: now.theta0, loss: now.loss, gradNorm: Math.sqrt(norm),
      errors: view.kind === "logistic" ? mistakesOf(view.X, view.y, now.theta, now.theta0, 0) : null,
      X: view.X.map(function (p) { return p.slice(); }), y: view.y.slice(),
      offset: view.offset, edited: view.edited, selected: view.selected,
      converged: run.converged, diverged: run.diverged, finalGradNorm: run.finalGradNorm,
      least: view.least, showLeast: view.showLeast, message: view.message
    };
  }

  // The explorable of the beat paused on: its scene and the visit its picture shows.
  function pausedBeat() {
    var player = window.linvizPlayer, video = document.getElementById("video");
    if (!player || !player.state.source) { return null; }
    var source = player.state.source, time = video.currentTime, id = source.id;
    if (!explorables[id]) {
      var placed = (data.explore_offsets || {});
      id = null;
      Object.keys(placed).forEach(function (name) {
        var span = placed[name];
        if (source.id === "lecture" && time >= span[0] - 0.02 && time < span[1] - 0.02) {
          id = name; time -= span[0];
        }
      });
      if (!id) { return null; }
    }
    var spec = explorables[id];
    var own = data.sources.filter(function (s) { return s.id === id; })[0];
    var beats = own ? own.beats : [];
    var k = 0;
    for (var b = 0; b < beats.length; b++) {
      if (time >= beats[b].start - 0.02) { k = b; }
    }
    var text = beats.length ? beats[k].text : "";
    // the storyboard's beat with this caption, nearest the same place in order
    var best = -1;
    spec.beats.forEach(function (beat, index) {
      if (beat.text === text && (best < 0 || Math.abs(index - k) < Math.abs(best - k))) {
        best = index;
      }
    });
    var beat = best >= 0 ? spec.beats[best] : (spec.beats[Math.min(k, spec.beats.length - 1)] ||
                                               {step: 0, run: true});
    return {spec: spec, step: beat.step, beat: k, told: beat};
  }

  function openExplore() {
    var found = pausedBeat();
    if (!found) { return false; }
    var video = document.getElementById("video");
    video.pause();
    if (window.linvizPlayer) { window.linvizPlayer.state.playingBeat = false; }
    view.spec = found.spec;
    view.kind = found.spec.kind || "perceptron";
    view.lr = found.spec.lr; view.steps = found.spec.steps; view.showLeast = true;
    view.seed = null;
    buildControls();
    view.X = found.spec.X.map(function (p) { return p.slice(); });
    view.flipped = {};
    (found.spec.flipped || []).forEach(function (i) { view.flipped[i] = true; });
    view.y = found.spec.y.slice();
    view.offset = found.spec.offset;
    view.showStar = !!found.spec.star;
    view.step = found.step;
    view.beatStep = found.step;
    view.told = found.told;
    view.testing = !!found.told.testing;
    // the visited point is ringed where the beat's picture marks it (and once you step)
    view.showVisit = found.told.visit !== false;
    view.edited = false;
    view.selected = found.told.ring === null || found.told.ring === undefined ? -1 : found.told.ring;
    var kept = view.kept[found.spec.scene];
    if (kept) {  // the student's edits of this scene, kept since they left (R drops them)
      view.X = kept.X; view.y = kept.y; view.offset = kept.offset; view.seed = kept.seed;
      view.lr = kept.lr; view.steps = kept.steps; view.edited = true;
    }
    view.box = fittedBox(points());
    view.tau = found.spec.epochs;
    view.returnTo = video.currentTime;
    view.fontScale = 1;
    recompute();
    view.message = kept ? "Your edited data again, at the beat's " + unit() + " " +
      view.step + " (R: the lecture's)." : openingWords(found.told, found.step);
    if (openButton) { openButton.textContent = "Explore this beat (E)"; }
    view.open = true;
    overlay.hidden = false;
    overlay.scrollTop = 0;
    document.body.classList.add("exploring");
    overlay.focus();
    draw();
    return true;
  }

  // What the panel says on opening: the state is the beat's end (the video reaches it when
  // the sentence ends), or the beat's picture is not the run at all.
  function openingWords(told, step) {
    if (told.run === false) {
      return "This beat's picture is not the run Explore can replay (" +
        (view.kind === "regression" ? "the line's descent" : "the descent") + "): shown at " +
        unit() + " " + step + ", the state nearest the beat.";
    }
    var words = "The run as this beat ends: " + unit() + " " + step + ".";
    if (view.testing) {
      words += " Point " + (view.run.visits[step].i + 1) + " is being tested; → makes the visit.";
    }
    if (view.selected >= 0) { words += " Point " + (view.selected + 1) + ", the one the beat is about, is selected."; }
    return words;
  }

  // Back to the lecture: at the time it was paused (``restore`` false: the page moved the
  // video itself, to another source or time, and that stays). Edits are kept till R.
  function closeExplore(restore) {
    if (!view.open) { return; }
    if (view.edited) {
      view.kept[view.spec.scene] = {X: view.X, y: view.y, offset: view.offset, seed: view.seed,
                                    lr: view.lr, steps: view.steps};
    }
    view.open = false;
    overlay.hidden = true;
    document.body.classList.remove("exploring");
    var video = document.getElementById("video");
    if (restore !== false && Math.abs(video.currentTime - view.returnTo) > 0.001) {
      video.currentTime = view.returnTo;
    }
    if (openButton) { openButton.focus(); }
  }

  function edited(what) {
    var atEnd = view.run && view.step >= runLength();
    view.edited = true;
    view.testing = false;
    recompute();
    if (atEnd) { view.step = runLength(); }  // the result stays the result
    view.message = what + ": the run recomputed from θ = 0 on your data; " + unit() + " " +
      view.step + " of " + runLength() + ".";
    draw();
  }

  function go(step, what) {
    view.testing = false;
    view.showVisit = true;
    view.step = Math.max(0, Math.min(step, runLength()));
    view.message = what || "";
    draw();
  }

  function nextUpdate(direction) {
    var visits = view.run.visits, k = view.step;
    view.testing = false;
    if (direction > 0) {
      for (var a = k + 1; a <= visits.length; a++) {
        if (visits[a - 1].mistake) { return go(a, "To the next update."); }
      }
      return go(visits.length, "No update after this visit: the end of the run.");
    }
    for (var b = k - 1; b >= 1; b--) {
      if (visits[b - 1].mistake) { return go(b, "Back to the previous update."); }
    }
    return go(0, "Back to the start: θ = 0.");
  }

  // ---------------------------------------------------------------- drawing
  // The plane's square on the canvas: on the left with the panel beside it, or, in a
  // window taller than wide (a phone), on top with the panel below.
  function layout() {
    var w = canvas.clientWidth, h = canvas.clientHeight;
    // a window taller than wide: the plane on top, the panel under it (the canvas then
    // grows to hold both, see draw)
    if (overlay.clientWidth < overlay.clientHeight * 1.1) {
      var tall = Math.max(80, Math.min(w - 70, overlay.clientHeight * 0.5));
      return {w: w, h: h, side: tall, left: 52 + Math.max(0, (w - 70 - tall) / 2), top: 40,
              stacked: true, panelX: 12, panelY: 40 + tall + 44};
    }
    var side = Math.max(80, Math.min(h - 70, w * 0.58 - 60));
    var left = 56 + Math.max(0, (w * 0.58 - 60 - side) / 2);
    return {w: w, h: h, side: side, left: left, top: (h - side) / 2,
            stacked: false, panelX: left + side + 36, panelY: (h - side) / 2};
  }

  function toScreen(p) {
    var L = layout(), b = view.box;
    return [L.left + (p[0] - b.xmin) / (b.xmax - b.xmin) * L.side,
            L.top + (b.ymax - p[1]) / (b.ymax - b.ymin) * L.side];
  }

  function toData(px, py) {
    var L = layout(), b = view.box;
    return [b.xmin + (px - L.left) / L.side * (b.xmax - b.xmin),
            b.ymax - (py - L.top) / L.side * (b.ymax - b.ymin)];
  }

  // The line θᵀx + θ₀ = 0 inside the box: its two ends, or null.
  function lineEnds(theta, theta0) {
    var b = view.box, ends = [];
    var a = theta[0], c = theta[1];
    if (Math.abs(c) > 1e-300) {
      [b.xmin, b.xmax].forEach(function (x) {
        var yv = -(a * x + theta0) / c;
        if (yv >= b.ymin && yv <= b.ymax) { ends.push([x, yv]); }
      });
    }
    if (Math.abs(a) > 1e-300) {
      [b.ymin, b.ymax].forEach(function (yv) {
        var x = -(c * yv + theta0) / a;
        if (x > b.xmin && x < b.xmax) { ends.push([x, yv]); }
      });
    }
    return ends.length >= 2 ? [ends[0], ends[1]] : null;
  }

  // The part of the box where θᵀx + θ₀ > 0 (clipped polygon of its corners).
  function positiveSide(theta, theta0) {
    var b = view.box;
    var corners = [[b.xmin, b.ymin], [b.xmax, b.ymin], [b.xmax, b.ymax], [b.xmin, b.ymax]];
    var out = [];
    function f(p) { return theta[0] * p[0] + theta[1] * p[1] + theta0; }
    for (var k = 0; k < 4; k++) {
      var p = corners[k], q = corners[(k + 1) % 4], fp = f(p), fq = f(q);
      if (fp > 0) { out.push(p); }
      if ((fp > 0) !== (fq > 0)) {
        var s = fp / (fp - fq);
        out.push([p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])]);
      }
    }
    return out;
  }

  function draw() {
    if (!view.open) { return; }
    var T = theme(), ratio = window.devicePixelRatio || 1;
    var w = canvas.clientWidth, h = canvas.clientHeight;
    canvas.width = Math.round(w * ratio); canvas.height = Math.round(h * ratio);
    var g = canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = T.background; g.fillRect(0, 0, w, h);
    var L = layout(), now = current();
    var font = Math.max(10, Math.round(L.side / 34 * view.fontScale));
    drawGrid(g, L, T, font);
    g.save();
    g.beginPath(); g.rect(L.left, L.top, L.side, L.side); g.clip();
    if (view.kind === "perceptron") { drawPerceptron(g, L, T, now); }
    else if (view.kind === "logistic") { drawLogistic(g, L, T, now); }
    else { drawRegression(g, L, T, now); }
    var size = Math.max(4, Math.min(9, L.side / 60));
    drawPoints(g, T, size);
    if (now.visit && view.showVisit) {
      var c = toScreen(view.X[now.visit.i]);
      g.strokeStyle = now.visit.mistake ? T.mistake : T.highlight; g.lineWidth = 2;
      g.beginPath(); g.arc(c[0], c[1], size * 2, 0, 2 * Math.PI); g.stroke();
    }
    if (view.selected >= 0 && view.selected < view.X.length) {
      var q = toScreen(pointOf(view.selected));
      g.strokeStyle = T.text; g.lineWidth = 1.5; g.setLineDash([4, 3]);
      g.strokeRect(q[0] - size * 2.4, q[1] - size * 2.4, size * 4.8, size * 4.8);
      g.setLineDash([]);
    }
    g.restore();
    drawNames(g, L, T, font, now);
    if (view.kind === "perceptron") { panel(g, L, font, T, now); }
    else { descentPanel(g, L, font, T, now); }
    // stacked (a phone): the canvas grows to hold the panel, and the window scrolls
    if (L.stacked) {
      var wanted = Math.ceil(view.panelBottom + 16);
      if (Math.abs(wanted - canvas.clientHeight) > 2) {
        canvas.style.height = wanted + "px";
        return draw();
      }
    } else if (canvas.style.height) {
      canvas.style.height = "";
      return draw();
    } else if (view.panelBottom > L.h - 4 && view.fontScale > 0.7) {
      view.fontScale *= 0.92;
      return draw();
    }
  }

  // The grid with its values on both axes, the axes through 0 when in view, the frame.
  function drawGrid(g, L, T, font) {
    var b = view.box, stepX = niceStep(b.xmax - b.xmin), stepY = niceStep(b.ymax - b.ymin);
    g.strokeStyle = T.grid; g.lineWidth = 1; g.fillStyle = T.muted;
    g.font = font + "px system-ui, sans-serif"; g.textAlign = "center"; g.textBaseline = "top";
    for (var v = Math.ceil(b.xmin / stepX) * stepX; v <= b.xmax + 1e-9 * stepX; v += stepX) {
      var sx = toScreen([v, 0])[0];
      g.beginPath(); g.moveTo(sx, L.top); g.lineTo(sx, L.top + L.side); g.stroke();
      g.fillText(format(v, stepDigits(stepX)), sx, L.top + L.side + 4);
    }
    g.textAlign = "right"; g.textBaseline = "middle";
    for (var u = Math.ceil(b.ymin / stepY) * stepY; u <= b.ymax + 1e-9 * stepY; u += stepY) {
      var sy = toScreen([0, u])[1];
      g.beginPath(); g.moveTo(L.left, sy); g.lineTo(L.left + L.side, sy); g.stroke();
      g.fillText(format(u, stepDigits(stepY)), L.left - 4, sy);
    }
    g.strokeStyle = T.muted; g.lineWidth = 1.5;
    if (b.xmin < 0 && b.xmax > 0) {
      var ox = toScreen([0, 0])[0];
      g.beginPath(); g.moveTo(ox, L.top); g.lineTo(ox, L.top + L.side); g.stroke();
    }
    if (b.ymin < 0 && b.ymax > 0) {
      var oy = toScreen([0, 0])[1];
      g.beginPath(); g.moveTo(L.left, oy); g.lineTo(L.left + L.side, oy); g.stroke();
    }
    g.strokeRect(L.left, L.top, L.side, L.side);
  }

  // A line through the view, solid or dashed.
  function strokeLine(g, ends, colour, width, dash) {
    if (!ends) { return; }
    var a = toScreen(ends[0]), c = toScreen(ends[1]);
    g.strokeStyle = colour; g.lineWidth = width; g.setLineDash(dash || []);
    g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(c[0], c[1]); g.stroke();
    g.setLineDash([]);
  }

  // The perceptron's θ: its positive side shaded, its boundary, its arrow; θ*'s band (G).
  function drawPerceptron(g, L, T, now) {
    var b = view.box, th = now.theta, th0 = now.theta0;
    if (th[0] !== 0 || th[1] !== 0) {
      var poly = positiveSide(th, th0);
      if (poly.length >= 3) {
        g.globalAlpha = 1.6 * (T.shade_opacity || 0.1); g.fillStyle = T.normal; g.beginPath();
        poly.forEach(function (p, k) {
          var s = toScreen(p); if (k) { g.lineTo(s[0], s[1]); } else { g.moveTo(s[0], s[1]); }
        });
        g.closePath(); g.fill(); g.globalAlpha = 1;
      }
      var ends = lineEnds(th, th0);
      strokeLine(g, ends, T.boundary, 3);
      var scale = arrowScale(th);
      var from = scale ? [0, 0] : null, tip;
      if (from) {
        tip = [th[0] * scale, th[1] * scale];
      } else if (ends) {  // the origin out of view: θ's direction from the line's middle
        var norm = Math.hypot(th[0], th[1]), len = 0.12 * (b.xmax - b.xmin);
        from = [(ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2];
        tip = [from[0] + th[0] / norm * len, from[1] + th[1] / norm * len];
      }
      if (from) {
        arrow(g, toScreen(from), toScreen(tip), T.normal);
        var at = toScreen(tip);
        g.fillStyle = T.normal; g.font = "italic " + Math.round(L.side / 28) + "px serif";
        g.textAlign = "left"; g.textBaseline = "bottom";
        g.fillText("θ", at[0] + 6, at[1] - 4);
      }
    }
    if (view.showStar && view.star) {  // θ*'s band (G), under the points
      var st = view.star;
      [-st.half, 0, st.half].forEach(function (shift, k) {
        strokeLine(g, lineEnds(st.theta, st.theta0 - shift), T.correct, k === 1 ? 2 : 1.5,
                   k === 1 ? [] : [7, 5]);
      });
    }
  }

  // Logistic regression's P(y = +1 | x) = σ(θᵀx + θ₀) as a shade (the class it favours, the
  // stronger the surer), its boundary P = ½, and L*'s boundary dashed (G).
  function drawLogistic(g, L, T, now) {
    var b = view.box, cells = 48, side = L.side / cells;
    for (var r = 0; r < cells; r++) {
      for (var c = 0; c < cells; c++) {
        var x = b.xmin + (c + 0.5) / cells * (b.xmax - b.xmin);
        var yv = b.ymax - (r + 0.5) / cells * (b.ymax - b.ymin);
        var p = learners.sigmoid(now.theta[0] * x + now.theta[1] * yv + now.theta0);
        g.globalAlpha = 0.45 * Math.abs(2 * p - 1);
        g.fillStyle = p > 0.5 ? T.positive : T.negative;
        var x0 = Math.round(L.left + c * side), y0 = Math.round(L.top + r * side);
        g.fillRect(x0, y0, Math.round(L.left + (c + 1) * side) - x0,
                   Math.round(L.top + (r + 1) * side) - y0);
      }
    }
    g.globalAlpha = 1;
    if (view.showLeast && view.least) {
      strokeLine(g, lineEnds(view.least.theta, view.least.theta0), T.correct, 2, [7, 5]);
    }
    strokeLine(g, lineEnds(now.theta, now.theta0), T.boundary, 3);
  }

  // The line h(x) = θx + θ₀ over the points, each point's residual h(x) − y, and the least
  // squares line dashed (G).
  function drawRegression(g, L, T, now) {
    var b = view.box, th = now.theta[0], th0 = now.theta0;
    if (view.showLeast && view.least) {
      var a = view.least.theta[0], c = view.least.theta0;
      strokeLine(g, [[b.xmin, a * b.xmin + c], [b.xmax, a * b.xmax + c]], T.correct, 2, [7, 5]);
    }
    g.strokeStyle = T.mistake; g.lineWidth = 1.5;
    view.X.forEach(function (x, i) {
      var top = toScreen([x[0], view.y[i]]), foot = toScreen([x[0], th * x[0] + th0]);
      g.beginPath(); g.moveTo(top[0], top[1]); g.lineTo(foot[0], foot[1]); g.stroke();
    });
    strokeLine(g, [[b.xmin, th * b.xmin + th0], [b.xmax, th * b.xmax + th0]], T.boundary, 3);
  }

  // The points: + and − for a classifier's labels, dots for regression's (x, y); a flipped
  // label (the generator's noise) in a square.
  function drawPoints(g, T, size) {
    points().forEach(function (p, i) {
      var s = toScreen(p);
      if (view.flipped && view.flipped[i]) {
        g.strokeStyle = T.highlight; g.lineWidth = 1.5;
        g.strokeRect(s[0] - size * 1.6, s[1] - size * 1.6, size * 3.2, size * 3.2);
      }
      if (view.kind === "regression") {
        g.fillStyle = T.negative; g.beginPath(); g.arc(s[0], s[1], size * 0.7, 0, 2 * Math.PI);
        g.fill();
        return;
      }
      g.strokeStyle = view.y[i] > 0 ? T.positive : T.negative; g.lineWidth = 2.5;
      g.beginPath(); g.moveTo(s[0] - size, s[1]); g.lineTo(s[0] + size, s[1]);
      if (view.y[i] > 0) { g.moveTo(s[0], s[1] - size); g.lineTo(s[0], s[1] + size); }
      g.stroke();
    });
  }

  // The axes' names, the legend above the plane, and the arrow's scale under it.
  function drawNames(g, L, T, font, now) {
    g.fillStyle = T.text; g.textAlign = "right"; g.textBaseline = "top";
    g.font = font + "px system-ui, sans-serif";
    var names = (view.spec.names || ["x1", "x2"]).map(subscripts);
    g.fillText(names[0], L.left + L.side, L.top + L.side + font + 8);
    g.save(); g.translate(L.left - font * 3.4, L.top); g.rotate(-Math.PI / 2);
    g.fillText(names[1], 0, 0); g.restore();
    var legend;
    if (view.kind === "regression") {
      legend = [["—", T.boundary, "h(x) = θ₀ + θ₁x at step t"]];
      if (view.least) { legend.push(["- -", T.correct, "least squares (G)"]); }
    } else {
      var classes = view.spec.classes;
      if (classes && /^[-+]?1$/.test(classes[0]) && /^[-+]?1$/.test(classes[1])) { classes = null; }
      legend = [["+", T.positive, "+1" + (classes ? ": " + classes[1] : "")],
                ["−", T.negative, "−1" + (classes ? ": " + classes[0] : "")]];
      if (view.kind === "logistic" && view.least) { legend.push(["- -", T.correct, "least loss L* (G)"]); }
      if (view.kind === "logistic" && Object.keys(view.flipped || {}).length) {
        legend.push(["□", T.highlight, "a flipped label"]);
      }
    }
    g.textAlign = "left"; g.textBaseline = "bottom";
    var x0 = L.left;
    legend.forEach(function (row) {
      g.fillStyle = row[1]; g.font = "700 " + Math.round(font * 1.3) + "px system-ui, sans-serif";
      g.fillText(row[0], x0, L.top - 6);
      var mark = g.measureText(row[0]).width;
      g.fillStyle = T.text; g.font = font + "px system-ui, sans-serif";
      g.fillText(row[2], x0 + mark + font * 0.5, L.top - 8);
      x0 += mark + font * 1.6 + g.measureText(row[2]).width;
    });
    var scale = view.kind === "perceptron" ? arrowScale(now.theta) : 0;
    if (scale && scale < 1) {  // under the plane, left, beside x₁'s name at the right
      g.fillStyle = T.muted; g.textAlign = "left"; g.textBaseline = "top";
      g.fillText("θ drawn at " + scale + " × length", L.left, L.top + L.side + font + 8);
    }
  }

  // θ is drawn from the origin when it is in view: at full length when that stays in the
  // view, else at the largest of 1, 0.5, 0.2, 0.1, … times it that does (said above the
  // plane); 0 when the origin is out of view.
  function arrowScale(theta) {
    var b = view.box;
    if (!(b.xmin < 0 && b.xmax > 0 && b.ymin < 0 && b.ymax > 0)) { return 0; }
    var fits = function (s) {
      var x = theta[0] * s, y = theta[1] * s;
      return x > b.xmin && x < b.xmax && y > b.ymin && y < b.ymax;
    };
    for (var power = 1; power > 1e-9; power /= 10) {
      var choices = [1, 0.5, 0.2];
      for (var k = 0; k < choices.length; k++) {
        if (fits(choices[k] * power)) { return choices[k] * power; }
      }
    }
    return 0;
  }

  function subscripts(name) {
    var digits = "₀₁₂₃₄₅₆₇₈₉";
    return /^x\d+$/.test(name) ? "x" + name.slice(1).split("").map(function (c) {
      return digits[+c]; }).join("") : name;
  }

  function arrow(g, from, to, colour) {
    var dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy);
    if (len < 1) { return; }
    var ux = dx / len, uy = dy / len, head = Math.min(12, len * 0.4);
    g.strokeStyle = colour; g.fillStyle = colour; g.lineWidth = 2.5;
    g.beginPath(); g.moveTo(from[0], from[1]); g.lineTo(to[0] - ux * head, to[1] - uy * head);
    g.stroke();
    g.beginPath(); g.moveTo(to[0], to[1]);
    g.lineTo(to[0] - ux * head - uy * head * 0.5, to[1] - uy * head + ux * head * 0.5);
    g.lineTo(to[0] - ux * head + uy * head * 0.5, to[1] - uy * head - ux * head * 0.5);
    g.closePath(); g.fill();
  }

  var CODE = ["θ = 0, θ₀ = 0", "for t = 1..τ:", "  for i = 1..n:",
              "    if y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0:", "      θ ← θ + y⁽ⁱ⁾x⁽ⁱ⁾;  θ₀ ← θ₀ + y⁽ⁱ⁾",
              "  if no update in this pass: stop"];

  function panel(g, L, font, T, now) {
    var x = L.panelX, y = L.panelY, line = font * 1.55;
    var run = view.run, state = stateNow();
    g.textAlign = "left"; g.textBaseline = "top";
    g.font = "600 " + Math.round(font * 1.15) + "px system-ui, sans-serif"; g.fillStyle = T.text;
    g.fillText("Explore: " + view.spec.scene + (view.offset ? "" : " (through the origin)"), x, y);
    y += line * 1.4;
    g.font = font + "px system-ui, sans-serif";
    var code = view.offset ? CODE : CODE.map(function (s) {
      return s.replace(", θ₀ = 0", "").replace(" + θ₀", "").replace(";  θ₀ ← θ₀ + y⁽ⁱ⁾", "");
    });
    if (view.seed !== null) {
      code = code.map(function (s) {
        return s.replace("for i = 1..n:", "for i in shuffle no. " + view.seed + " of 1..n:");
      });
    }
    var lastOfRun = view.run.converged && view.step === view.run.visits.length && view.step > 0;
    var lit = lastOfRun ? 5 : !now.visit ? 0 : (now.visit.mistake && !now.testing ? 4 : 3);
    code.forEach(function (text, k) {
      g.fillStyle = k === lit ? T.highlight : T.muted;
      g.fillText(text, x, y); y += line;
    });
    y += line * 0.5;
    var visit = now.visit, width = L.w - x - 16;
    var tested = !visit ? "no point visited yet" : "y·score of point " + state.i + ": " +
      format(state.score, 2) + (visit.mistake ? " ≤ 0: a mistake" : " > 0: no change") +
      (now.testing ? (visit.mistake ? "; → updates θ" : "; → moves on") : "");
    var margin = state.margin;
    var rows = [
      ["t = " + state.t + "    i = " + (state.i === null ? "–" : state.i) + "    M = " + state.M, T.text],
      ["θ = (" + state.theta.map(function (v) { return short(v); }).join(", ") + ")" +
       (view.offset ? "    θ₀ = " + short(state.theta0) : ""), T.normal],
      [tested, visit && visit.mistake ? T.mistake : T.text],
      [visit && visit.mistake && !now.testing ? "after the update: " +
        format(scoreOf(visit.i, now.theta, now.theta0), 2) : "", T.text],
      ["ℰₙ = " + state.errors + "/" + view.X.length + " = " +
       format(state.errors / Math.max(1, view.X.length), 2) + (margin ? "    margin of the data: " +
       short(margin.value) + " (point " + (margin.point + 1) + ")" : ""), T.text],
      [selectedRow(now), T.highlight],
      [theoremRow(), view.theorem.gamma ? T.bound : T.mistake],
      [view.showStar ? starRow() : "", T.correct],
      ["visit " + view.step + " of " + run.visits.length + (run.converged ?
        " · converged: " + run.updates + " updates in " + run.epochs + " passes" :
        " · not converged within τ = " + view.tau + " passes" + (view.theorem.gamma ? "" :
        ": no line separates these points")), T.muted]
    ];
    rows.forEach(function (row) {
      if (!row[0]) { return; }
      g.fillStyle = row[1];
      y = wrap(g, row[0], x, y, width, line) + line;
    });
    y += line * 0.5;
    g.fillStyle = view.edited ? T.highlight : T.muted;
    y = wrap(g, view.message, x, y, width, line);
    view.panelBottom = y + line;
  }

  // Logistic regression's selected point: z, P(y | x), its loss and its pull σ(−yz).
  function logisticRow(now) {
    var i = view.selected;
    if (i < 0 || i >= view.X.length) { return ""; }
    var z = scored(view.X[i], 1, now.theta, now.theta0)[0], yz = view.y[i] * z;
    var p = learners.sigmoid(yz), loss = learners.softplusOfMinus(yz);
    return "selected: point " + (i + 1) + " (label " + (view.y[i] > 0 ? "+1" : "−1") +
      (view.flipped[i] ? ", flipped" : "") + "): z = θᵀx + θ₀ = " + short(z) + ", P(y | x) = " +
      short(p) + ", it pays ℓ = " + short(loss) + ", pull σ(−yz) = " + short(1 - p);
  }

  // The selected point: its signed distance to θ's line and its y·score.
  function selectedRow(now) {
    var i = view.selected;
    if (i < 0 || i >= view.X.length) { return ""; }
    var norm = Math.hypot.apply(null, now.theta);
    var score = scoreOf(i, now.theta, now.theta0);
    if (!(norm > 0)) { return "selected: point " + (i + 1) + " (θ = 0: no line yet)"; }
    var signed = score * view.y[i] / norm;  // (θᵀx + θ₀)/‖θ‖: y·score = y(θᵀx + θ₀)
    return "selected: point " + (i + 1) + ", signed distance (θᵀx + θ₀)/‖θ‖ = " +
      short(signed) + ", its margin y × that = " + short(score / norm) + " (" +
      (score > 0 ? "its side" : "the wrong side") + ")";
  }

  // θ*'s band as the scene defines θ* (STAR_KIND), said as what it is.
  function starRow() {
    var star = view.star;
    if (!star) { return "no θ*: no line separates these points"; }
    var kind = view.spec.star_kind || "lifted";
    if (kind === "plane") { return "green: the widest band of any line, half-width " + short(star.half); }
    if (kind === "origin" || !view.offset) {
      return "green: θ*'s band, the widest through the origin, half-width " + short(star.half);
    }
    return "green: the theorem's θ* (on [x, 1]) drawn in the plane, half-width " +
      short(star.half) + "; γ on [x, 1] is " + short(view.theorem.gamma);
  }

  var DESCENT_CODE = {
    logistic: ["L(θ, θ₀) = (1/n) Σ log(1 + e^(−y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)))",
               "θ ← θ − η ∇_θ L;  θ₀ ← θ₀ − η ∂L/∂θ₀"],
    regression: ["L(θ₀, θ₁) = (1/n) Σ (θ₀ + θ₁x⁽ⁱ⁾ − y⁽ⁱ⁾)²",
                 "θ₁ ← θ₁ − η ∂L/∂θ₁;  θ₀ ← θ₀ − η ∂L/∂θ₀"]
  };

  // Gradient descent's panel: the loss and the step, t, η against the stable step, θ, θ₀,
  // L against L*, ‖∇L‖, the errors (logistic), what the run did, and the loss curve.
  function descentPanel(g, L, font, T, now) {
    var x = L.panelX, y = L.panelY, line = font * 1.55, state = stateNow(), run = view.run;
    g.textAlign = "left"; g.textBaseline = "top";
    g.font = "600 " + Math.round(font * 1.15) + "px system-ui, sans-serif"; g.fillStyle = T.text;
    g.fillText("Explore: " + (view.kind === "logistic" ? "logistic regression" : "least squares, a line") +
               (view.offset ? "" : " (θ₀ = 0)"), x, y);
    y += line * 1.4;
    g.font = font + "px system-ui, sans-serif";
    DESCENT_CODE[view.kind].forEach(function (text, k) {
      var shown = view.offset ? text : text.replace(" + θ₀", "").replace("θ₀ + ", "")
        .replace("θ₀, ", "").replace(";  θ₀ ← θ₀ − η ∂L/∂θ₀", "");
      g.fillStyle = k === 1 && view.step > 0 ? T.highlight : T.muted;
      g.fillText(shown, x, y); y += line;
    });
    y += line * 0.5;
    var gap = state.least ? state.loss - state.least.loss : null;
    var atZero = state.theta.every(function (v) { return v === 0; }) && state.theta0 === 0;
    var last = run.losses[run.losses.length - 1];
    var rows = [
      ["t = " + view.step + " of " + run.steps + "    η = " + short(view.lr), T.text],
      stabilityRow(T),
      flatAxisRow(T),
      [(view.kind === "regression" ? "θ₁ = " + short(state.theta[0]) :
        "θ = (" + state.theta.map(function (v) { return short(v); }).join(", ") + ")") +
       (view.offset ? "    θ₀ = " + short(state.theta0) : ""), T.normal],
      ["L = " + short(state.loss) + (state.least ? "    L* = " + short(state.least.loss) +
        "    L − L* = " + short(Math.max(gap, 0)) : ""), T.text],
      [view.kind === "logistic" && !state.least ? "no least loss: a line separates these " +
        "points, so θ grows for ever" : "", T.mistake],
      ["‖∇L‖ = " + short(state.gradNorm), T.text],
      [view.kind === "logistic" ? logisticRow(now) : "", T.highlight],
      [state.errors === null ? "" : atZero ? "θ = 0: P = ½ at every point, no prediction yet" :
        "ℰₙ = " + state.errors + "/" + view.X.length + " (P ≤ ½ for the point's label)", T.text],
      [run.diverged ? "diverged at step " + run.diverged + ": the numbers overflowed" :
        (run.converged ? "converged: ‖∇L‖ < 5·10⁻⁵ at the last step" + firstBelow(run) :
         last >= 100 * run.losses[0] ? "diverging: L grew from " + short(run.losses[0]) +
           " to " + short(last) + " in " + run.steps + " steps" :
         last > run.losses[0] ? "not settling: L ends at " + short(last) + ", above where it " +
           "began (" + short(run.losses[0]) + "); η is too large for a steady fall" :
         "not converged in " + run.steps + " steps: ‖∇L‖ = " + short(run.finalGradNorm) +
         " at the end" + firstBelow(run)), run.diverged || last > run.losses[0] ? T.mistake : T.muted]
    ];
    var width = L.w - x - 16;
    rows.forEach(function (row) {
      if (!row[0]) { return; }
      g.fillStyle = row[1];
      y = wrap(g, row[0], x, y, width, line) + line;
    });
    y += line * 0.4;
    var plotWidth = Math.min(L.w - x - 24, L.side * 0.9), height = Math.max(60, L.side * 0.24);
    var bowl = view.kind === "regression" && view.offset && view.least;
    if (bowl) {  // the loss curve and, beside it, the bowl over (θ₀, θ₁) with the path
      height = Math.max(80, Math.min(L.side * 0.34, plotWidth * 0.42));
      lossCurve(g, x + font * 4.5, y, plotWidth - height - font * 7, height, T, font);
      bowlPlot(g, x + plotWidth - height, y, height, T, font);
    } else {
      lossCurve(g, x + font * 4.5, y, plotWidth - font * 4.5, height, T, font);
    }
    y += height + line * 2.4;
    g.textAlign = "left"; g.textBaseline = "top";
    g.fillStyle = view.edited ? T.highlight : T.muted;
    y = wrap(g, view.message, x, y, width, line);
    view.panelBottom = y + line;
  }

  // When ‖∇L‖ first fell below the converged rule's 5·10⁻⁵ (the step of that state).
  function firstBelow(run) {
    for (var k = 0; k < run.gradNorms.length; k++) {
      if (run.gradNorms[k] < learners.CONVERGED_GRADIENT) {
        return " (below it from step " + k + ")";
      }
    }
    return "";
  }

  // η against the stable step, and what it does: logistic's descent lemma (below 2/β every
  // step lowers L); least squares' factor |1 − ηλ_max| on the error along H's steepest axis
  // (below 1 it converges, 1 it oscillates, above it grows).
  function stabilityRow(T) {
    if (view.kind === "logistic") {
      return view.lr < view.limit ?
        ["η < 2/β = " + short(view.limit) + ": every step lowers L (the descent lemma)", T.muted] :
        ["η ≥ 2/β = " + short(view.limit) + ": the descent lemma no longer promises a fall", T.mistake];
    }
    var factor = Math.abs(1 - view.lr * 2 / view.limit);
    var says = factor < 1 ? ": below 1, the descent converges" :
      factor === 1 ? ": exactly 1, it oscillates for ever" : ": above 1, that error grows each step";
    return ["2/λ_max = " + short(view.limit) + "; along λ_max's axis each step multiplies the " +
            "error by |1 − ηλ_max| = " + short(factor) + says, factor < 1 ? T.muted : T.mistake];
  }

  // Least squares' flat axis: the factor |1 − ηλ_min| on the error along it, and the steps
  // it takes to shrink that error e-fold, −1/ln|1 − ηλ_min| (the slow part of a run).
  function flatAxisRow(T) {
    if (view.kind !== "regression" || !view.eigen) { return ["", T.muted]; }
    var lambdaMin = 2 * view.eigen[0], factor = Math.abs(1 - view.lr * lambdaMin);
    if (!(factor < 1)) { return ["", T.muted]; }
    var steps = factor > 0 ? -1 / Math.log(factor) : 0;
    return ["along λ_min's (flat) axis |1 − ηλ_min| = " + short(factor) + ": about " +
            (steps < 1 ? "1" : short(Math.round(steps))) + " step(s) per e-fold shrink", T.muted];
  }

  // The loss at every step of the run, L* dashed, the step shown ringed; on a log axis when
  // the losses span more than a hundredfold (a run that diverges, or falls by decades).
  function lossCurve(g, x, y, width, height, T, font) {
    var losses = view.run.losses, n = losses.length, lo = Infinity, hi = -Infinity;
    losses.forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); });
    if (view.least) { lo = Math.min(lo, view.least.loss); }
    var log = lo > 0 && hi / lo > 100;
    function scale(v) { return log ? Math.log10(v) : v; }
    var top = scale(hi), bottom = scale(lo);
    if (!(top > bottom)) { top = bottom + 1; }
    function at(k, v) {
      return [x + (n > 1 ? k / (n - 1) : 0) * width, y + (top - scale(v)) / (top - bottom) * height];
    }
    g.strokeStyle = T.grid; g.lineWidth = 1; g.strokeRect(x, y, width, height);
    g.fillStyle = T.muted; g.textAlign = "right";
    g.textBaseline = "top"; g.fillText(short(hi), x - 4, y);
    g.textBaseline = "bottom"; g.fillText(short(lo), x - 4, y + height);
    g.textAlign = "center"; g.textBaseline = "top";
    g.fillText("t = 0", x, y + height + 3); g.fillText(String(n - 1), x + width, y + height + 3);
    g.fillText("L at each step" + (log ? " (log scale)" : ""), x + width / 2,
               y + height + 3 + font * 1.3);
    if (view.least) {
      var level = at(0, view.least.loss)[1];
      g.strokeStyle = T.correct; g.setLineDash([6, 4]);
      g.beginPath(); g.moveTo(x, level); g.lineTo(x + width, level); g.stroke(); g.setLineDash([]);
    }
    g.strokeStyle = T.boundary; g.lineWidth = 2; g.beginPath();
    losses.forEach(function (v, k) {
      var s = at(k, v); if (k) { g.lineTo(s[0], s[1]); } else { g.moveTo(s[0], s[1]); }
    });
    g.stroke();
    var here = at(view.step, losses[view.step]);
    g.fillStyle = T.highlight; g.beginPath(); g.arc(here[0], here[1], 4, 0, 2 * Math.PI); g.fill();
  }

  // Least squares' bowl: the contours of L over (θ₀ across, θ₁ up), ellipses round
  // w* = (θ₀*, θ₁*) where L = L* + (w − w*)ᵀG(w − w*), G = (1/n)X̃ᵀX̃ on X̃ = [1, x], at
  // L* + f(L₀ − L*) for a few f; the descent's path from 0 to the step shown.
  function bowlPlot(g, x, y, side, T, font) {
    var n = view.X.length, s1 = 0, s2 = 0;
    view.X.forEach(function (p) { s1 += p[0] / n; s2 += p[0] * p[0] / n; });
    var G = [[1, s1], [s1, s2]], star = [view.least.theta0, view.least.theta[0]];
    // G's eigenvalues and unit eigenvectors (2 × 2, symmetric)
    var mean = (G[0][0] + G[1][1]) / 2, half = Math.hypot((G[0][0] - G[1][1]) / 2, G[0][1]);
    var lams = [mean - half, mean + half];
    var axes = lams.map(function (lam) {
      var v = Math.abs(G[0][1]) > 1e-300 ? [G[0][1], lam - G[0][0]] :
        (Math.abs(lam - G[0][0]) < Math.abs(lam - G[1][1]) ? [1, 0] : [0, 1]);
      var norm = Math.hypot(v[0], v[1]);
      return [v[0] / norm, v[1] / norm];
    });
    var rise = view.run.losses[0] - view.least.loss;
    var rings = [0.02, 0.1, 0.3, 0.6, 1].map(function (f) {
      var r = Math.sqrt(Math.max(f * rise, 0)), ring = [];
      for (var k = 0; k <= 72; k++) {
        var a = 2 * Math.PI * k / 72, u = [Math.cos(a) / Math.sqrt(lams[0]), Math.sin(a) / Math.sqrt(lams[1])];
        ring.push([star[0] + r * (u[0] * axes[0][0] + u[1] * axes[1][0]),
                   star[1] + r * (u[0] * axes[0][1] + u[1] * axes[1][1])]);
      }
      return ring;
    });
    var all = rings[rings.length - 1].concat([[0, 0], star]);
    var lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
    all.forEach(function (p) {
      for (var j = 0; j < 2; j++) { lo[j] = Math.min(lo[j], p[j]); hi[j] = Math.max(hi[j], p[j]); }
    });
    var span = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9) * 1.1;
    var c = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2];
    function at(p) { return [x + side / 2 + (p[0] - c[0]) / span * side, y + side / 2 - (p[1] - c[1]) / span * side]; }
    g.save();
    g.strokeStyle = T.grid; g.lineWidth = 1; g.strokeRect(x, y, side, side);
    g.beginPath(); g.rect(x, y, side, side); g.clip();
    g.strokeStyle = T.muted; g.lineWidth = 1;
    rings.forEach(function (ring) {
      g.beginPath();
      ring.forEach(function (p, k) { var s = at(p); if (k) { g.lineTo(s[0], s[1]); } else { g.moveTo(s[0], s[1]); } });
      g.stroke();
    });
    g.strokeStyle = T.step; g.fillStyle = T.step; g.lineWidth = 1.5; g.beginPath();
    for (var k = 0; k <= view.step; k++) {
      var s = at([view.run.theta0s[k], view.run.thetas[k][0]]);
      if (k) { g.lineTo(s[0], s[1]); } else { g.moveTo(s[0], s[1]); }
    }
    g.stroke();
    var now = at([view.run.theta0s[view.step], view.run.thetas[view.step][0]]);
    g.fillStyle = T.highlight; g.beginPath(); g.arc(now[0], now[1], 4, 0, 2 * Math.PI); g.fill();
    var best = at(star);
    g.fillStyle = T.correct; g.beginPath(); g.arc(best[0], best[1], 3.5, 0, 2 * Math.PI); g.fill();
    g.restore();
    g.fillStyle = T.muted; g.textAlign = "center"; g.textBaseline = "top";
    g.fillText("the bowl: θ₀ →, θ₁ ↑", x + side / 2, y + side + 3 + font * 1.3);
  }

  // A number to three significant digits (whole from 1000 on), small and large ones as
  // a · 10ᵏ.
  function short(v) {
    if (v === null || v === undefined || !isFinite(v)) { return "–"; }
    var a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e5)) {
      var parts = v.toExponential(2).split("e");
      return parts[0].replace("-", "−") + "·10" + superscript(+parts[1]);
    }
    return (a >= 1000 ? v.toFixed(0) : a === 0 ? "0" : v.toPrecision(3)).replace("-", "−");
  }

  function superscript(k) {
    var digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    return (k < 0 ? "⁻" : "") + String(Math.abs(k)).split("").map(function (c) {
      return digits[+c]; }).join("");
  }

  // R, γ and (R/γ)² of the data now (on [x, 1] with an offset), and the run against them.
  function theoremRow() {
    var th = view.theorem, on = view.offset ? " on [x, 1]" : "";
    if (!th.gamma) { return "R = " + format(th.R, 2) + on + ": no θ* separates, no margin γ, no bound"; }
    var big = th.bound >= 100 ? th.bound.toFixed(0) : format(th.bound, 1);
    return "R = " + format(th.R, 2) + ", γ = " + (th.gamma < 0.01 ? th.gamma.toPrecision(2) :
      format(th.gamma, 3)) + on + ": M = " + view.run.updates + " ≤ (R/γ)² = " + big;
  }

  // ``text`` in lines no wider than ``width`` from (x, y): the y of its last line.
  function wrap(g, text, x, y, width, line) {
    var words = (text || "").split(" "), row = "";
    words.forEach(function (word) {
      var test = row ? row + " " + word : word;
      if (g.measureText(test).width > width && row) { g.fillText(row, x, y); y += line; row = word; }
      else { row = test; }
    });
    if (row) { g.fillText(row, x, y); }
    return y;
  }

  // ---------------------------------------------------------------- editing
  function nearestPoint(px, py) {
    var best = -1, bestDistance = 14;
    points().forEach(function (p, i) {
      var s = toScreen(p), dist = Math.hypot(s[0] - px, s[1] - py);
      if (dist < bestDistance) { best = i; bestDistance = dist; }
    });
    return best;
  }

  // A dragged or added point's place, rounded to a hundredth of the grid's step.
  function snapped(p) {
    var b = view.box, qx = niceStep(b.xmax - b.xmin) / 100, qy = niceStep(b.ymax - b.ymin) / 100;
    return [Math.round(p[0] / qx) * qx, Math.round(p[1] / qy) * qy];
  }

  function canvasPoint(event) {
    var r = canvas.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  }

  function onPointerDown(event) {
    if (!view.open) { return; }
    if (event.detail < 2) { view.countBeforeClick = view.X.length; }
    var at = canvasPoint(event), i = nearestPoint(at[0], at[1]);
    if (i >= 0) {
      view.drag = i; view.dragged = false; view.selected = i;
      canvas.setPointerCapture(event.pointerId);
      view.message = "Point " + (i + 1) + " selected (drag it, or click an empty place to add one).";
      draw();
    } else {
      var L = layout();
      if (at[0] < L.left || at[0] > L.left + L.side || at[1] < L.top || at[1] > L.top + L.side) {
        return;
      }
      view.X.push([0, 0]); view.y.push(view.newLabel);
      setPoint(view.X.length - 1, snapped(toData(at[0], at[1])));
      view.selected = view.X.length - 1;
      edited("Point " + view.X.length + " added" + labelled(view.newLabel));
    }
    event.preventDefault();
  }

  function onPointerMove(event) {
    if (view.drag < 0) { return; }
    var at = canvasPoint(event);
    setPoint(view.drag, snapped(toData(at[0], at[1])));
    view.dragged = true;
    edited("Point " + (view.drag + 1) + " moved");
  }

  function onPointerUp() {
    if (view.drag >= 0 && view.dragged) {
      view.box = fittedBox(points());
      draw();
    }
    view.drag = -1;
  }

  function flipSelected() {
    if (view.kind === "regression") {
      view.message = "Regression's points have no labels: drag one, or move it with Shift+arrows.";
      draw(); return;
    }
    if (view.selected < 0) { view.message = "Select a point first ([ or ], or click it)."; draw(); return; }
    view.y[view.selected] = -view.y[view.selected];
    edited("Point " + (view.selected + 1) + "'s label flipped to " +
           (view.y[view.selected] > 0 ? "+1" : "−1"));
  }

  function removeSelected() {
    if (view.selected < 0 || view.X.length <= 1) { return; }
    var gone = view.selected + 1;
    view.X.splice(view.selected, 1); view.y.splice(view.selected, 1);
    view.selected = Math.min(view.selected, view.X.length - 1);
    edited("Point " + gone + " removed (the points after it renumbered)");
  }

  function moveSelected(dx, dy) {
    if (view.selected < 0) { return; }
    var b = view.box, p = pointOf(view.selected);
    var qx = niceStep(b.xmax - b.xmin) / 10, qy = niceStep(b.ymax - b.ymin) / 10;
    setPoint(view.selected, snapped([p[0] + dx * qx, p[1] + dy * qy]));
    edited("Point " + (view.selected + 1) + " moved");
  }

  function select(direction) {
    var n = view.X.length;
    view.selected = view.selected < 0 ? (direction > 0 ? 0 : n - 1) : (view.selected + direction + n) % n;
    var p = pointOf(view.selected);
    view.message = "Point " + (view.selected + 1) + " selected: (" + format(p[0], 2) + ", " +
      format(p[1], 2) + ")" + (view.kind === "regression" ? "" : ", label " +
      (view.y[view.selected] > 0 ? "+1" : "−1")) + ".";
    draw();
  }

  function addPoint() {
    var b = view.box;
    view.X.push([0, 0]); view.y.push(view.newLabel);
    setPoint(view.X.length - 1, snapped([(b.xmin + b.xmax) / 2, (b.ymin + b.ymax) / 2]));
    view.selected = view.X.length - 1;
    edited("Point " + view.X.length + " added at the middle" + labelled(view.newLabel) +
           " (move it with Shift+arrows)");
  }

  // ", label +1" for a classifier's new point; nothing for regression's.
  function labelled(label) {
    return view.kind === "regression" ? "" : ", label " + (label > 0 ? "+1" : "−1");
  }

  function reset() {
    delete view.kept[view.spec.scene];
    view.X = view.spec.X.map(function (p) { return p.slice(); });
    view.y = view.spec.y.slice();
    view.offset = view.spec.offset; view.lr = view.spec.lr; view.steps = view.spec.steps;
    view.seed = null;
    view.edited = false; view.selected = -1; view.step = view.beatStep;
    view.box = fittedBox(points());
    recompute();
    view.message = "The lecture's data and run again, at the beat's " + unit() + " " + view.step + ".";
    draw();
  }

  // ---------------------------------------------------------------- keys and controls
  // Every action: its key(s) (event.key values), the key as the button shows it, what it
  // does, and the kinds of run it serves (all when none is named); a button without a
  // function names keys handled in onKey.
  var PERCEPTRON = ["perceptron"], DESCENT = ["logistic", "regression"];
  var CLASSIFIERS = ["perceptron", "logistic"];
  var ACTIONS = [
    {keys: ["ArrowRight", "n", " "], shown: "→", text: "next visit", kinds: PERCEPTRON,
     run: function () { go(view.step + 1, "One visit on."); }},
    {keys: ["ArrowLeft", "b"], shown: "←", text: "previous visit", kinds: PERCEPTRON,
     run: function () { go(view.step - 1, "One visit back."); }},
    {keys: ["u", "U"], shown: "U", text: "next update", kinds: PERCEPTRON,
     run: function () { nextUpdate(1); }},
    {keys: ["y", "Y"], shown: "Y", text: "previous update", kinds: PERCEPTRON,
     run: function () { nextUpdate(-1); }},
    {keys: ["ArrowRight", "n", " "], shown: "→", text: "next step", kinds: DESCENT,
     run: function () { go(view.step + 1, "One gradient step on."); }},
    {keys: ["ArrowLeft", "b"], shown: "←", text: "previous step", kinds: DESCENT,
     run: function () { go(view.step - 1, "One gradient step back."); }},
    {keys: ["u", "U"], shown: "U", text: "10 steps on", kinds: DESCENT,
     run: function () { go(view.step + 10, "Ten gradient steps on."); }},
    {keys: ["y", "Y"], shown: "Y", text: "10 steps back", kinds: DESCENT,
     run: function () { go(view.step - 10, "Ten gradient steps back."); }},
    {keys: ["End"], shown: "End", text: "run to the end",
     run: function () { go(runLength(), "To the end of the run."); }},
    {keys: ["Home"], shown: "Home", text: "to θ = 0",
     run: function () { go(0, "Back to the start: θ = 0."); }},
    {keys: ["+", "="], shown: "+", text: "η × 2", kinds: DESCENT,
     run: function () { scaleStep(2); }},
    {keys: ["-", "_"], shown: "−", text: "η ÷ 2", kinds: DESCENT,
     run: function () { scaleStep(0.5); }},
    {keys: [">", "."], shown: ">", text: "steps × 2", kinds: DESCENT,
     run: function () { scaleSteps(2); }},
    {keys: ["<", ","], shown: "<", text: "steps ÷ 2", kinds: DESCENT,
     run: function () { scaleSteps(0.5); }},
    {keys: ["]"], shown: "]", text: "next point", run: function () { select(1); }},
    {keys: ["["], shown: "[", text: "previous point", run: function () { select(-1); }},
    {shown: "Shift+←", text: "", run: function () { moveSelected(-1, 0); }},
    {shown: "Shift+→", text: "", run: function () { moveSelected(1, 0); }},
    {shown: "Shift+↑", text: "", run: function () { moveSelected(0, 1); }},
    {shown: "Shift+↓", text: "move it", run: function () { moveSelected(0, -1); }},
    {keys: ["f", "F"], shown: "F", text: "flip its label", kinds: CLASSIFIERS, run: flipSelected},
    {keys: ["f", "F"], kinds: ["regression"], run: flipSelected, hidden: true},
    {keys: ["a", "A"], shown: "A", text: "add a point", run: addPoint},
    {keys: ["Delete", "Backspace", "x", "X"], shown: "Delete", text: "remove it", run: removeSelected},
    {keys: ["l", "L"], shown: "L", text: "new points: +1", kinds: CLASSIFIERS,
     run: function () {
       view.newLabel = -view.newLabel;
       view.message = "New points get label " + (view.newLabel > 0 ? "+1" : "−1") + ".";
       buildControls(); draw(); }},
    {keys: ["s", "S"], shown: "S", text: "visiting order", kinds: PERCEPTRON, run: function () {
      // in order, then shuffled each pass with seed 0, 1, …, 9, then in order again
      view.seed = view.seed === null ? 0 : view.seed < 9 ? view.seed + 1 : null;
      edited(view.seed === null ? "Visiting in order 1, …, n" :
             "Visiting in shuffle no. " + view.seed + ": a fresh order each pass"); }},
    {keys: ["o", "O"], shown: "O", text: "offset on/off", run: function () {
      view.offset = !view.offset;
      edited(view.offset ? "With an offset θ₀" : "Through the origin (θ₀ = 0)"); }},
    {keys: ["g", "G"], shown: "G", text: "θ*'s band on/off", kinds: PERCEPTRON, run: function () {
      view.showStar = !view.showStar;
      view.message = view.star ? (view.showStar ? "θ*'s band, the widest, drawn (green)." :
        "θ*'s band hidden.") : "No line separates these points: no θ*, no band.";
      draw(); }},
    {keys: ["g", "G"], shown: "G", text: "least loss on/off", kinds: DESCENT, run: function () {
      view.showLeast = !view.showLeast;
      view.message = !view.least ? "No least loss: a line separates these points." :
        (view.showLeast ? "The least loss's " + (view.kind === "logistic" ? "boundary" : "line") +
         " drawn dashed (green)." : "The least loss's line hidden.");
      draw(); }},
    {keys: ["r", "R"], shown: "R", text: "the lecture's data again", run: reset},
    {keys: ["Escape"], shown: "Esc", text: "back to the lecture", run: closeExplore}
  ];

  function serves(action) { return !action.kinds || action.kinds.indexOf(view.kind) >= 0; }

  // η times ``factor``: the run recomputed from θ = 0 (where the stable step lies is said).
  function scaleStep(factor) {
    view.lr = view.lr * factor;
    edited("η = " + short(view.lr) + (view.lr < view.limit ? "" : ", at or past the stable step"));
  }

  function scaleSteps(factor) {
    var asked = Math.max(1, Math.min(MOST_STEPS, Math.round(view.steps * factor)));
    if (asked === view.steps) {
      view.message = "The steps stay " + asked + " (from 1 to " + MOST_STEPS + ").";
      return draw();
    }
    view.steps = asked;
    if (factor > 1) { view.step = asked; }
    edited(asked + " steps");
  }

  function onKey(event) {
    if (!view.open) {
      if ((event.key === "e" || event.key === "E") && !event.ctrlKey && !event.metaKey &&
          !event.altKey) {
        if (openExplore()) { event.preventDefault(); event.stopImmediatePropagation(); }
        else if (openButton) {
          openButton.textContent = "Explore (E): pause on a beat of a scene with a run to explore";
        }
      }
      return;
    }
    var key = event.key, handled = true;
    var action = ACTIONS.filter(function (a) { return a.keys && a.run && serves(a) &&
                                               a.keys.indexOf(key) >= 0; })[0];
    if (event.shiftKey && key.indexOf("Arrow") === 0) {
      moveSelected(key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0,
                   key === "ArrowUp" ? 1 : key === "ArrowDown" ? -1 : 0);
    } else if (action) { action.run(); }
    else if (key === "Tab") { handled = false; }
    else { handled = key.length === 1; }  // other letters do nothing here (not the player's)
    if (handled) { event.preventDefault(); }
    event.stopImmediatePropagation();  // the player does not see keys while exploring
  }

  // The buttons of the run being explored (its kind's actions), each with its key.
  function buildControls() {
    controls.innerHTML = "";
    ACTIONS.forEach(function (action) {
      if (action.hidden || !serves(action)) { return; }
      var button = document.createElement("button");
      button.type = "button";
      var words = action.shown === "L" ? "new points: " + (view.newLabel > 0 ? "+1" : "−1")
        : action.text;
      button.innerHTML = "<kbd>" + action.shown + "</kbd>" + (words ? " " + words : "");
      if (!words) { button.setAttribute("aria-label", action.shown + ": move the selected point"); }
      if (action.run) {
        button.addEventListener("click", function () { action.run(); canvas.focus(); });
      } else {
        button.disabled = true;
      }
      controls.appendChild(button);
    });
  }

  function build() {
    var stage = document.getElementById("stage");
    if (!stage || !Object.keys(explorables).length) { return; }
    overlay = document.createElement("div");
    overlay.id = "explore"; overlay.hidden = true; overlay.tabIndex = -1;
    overlay.setAttribute("role", "application");
    overlay.setAttribute("aria-label", "Explore the run: keys listed below the picture");
    canvas = document.createElement("canvas");
    canvas.id = "explore-canvas";
    controls = document.createElement("div");
    controls.id = "explore-controls";
    buildControls();
    overlay.appendChild(canvas);
    overlay.appendChild(controls);
    stage.appendChild(overlay);
    canvas.tabIndex = 0;
    canvas.addEventListener("pointerdown", onPointerDown);
    canvas.addEventListener("pointermove", onPointerMove);
    canvas.addEventListener("pointerup", onPointerUp);
    canvas.addEventListener("pointercancel", onPointerUp);
    canvas.addEventListener("dblclick", function (event) {
      var at = canvasPoint(event), i = nearestPoint(at[0], at[1]);
      // not the point its own first click added
      if (i >= 0 && i < view.countBeforeClick) { view.selected = i; flipSelected(); }
    });
    window.addEventListener("resize", function () { view.fontScale = 1; draw(); });
    var video = document.getElementById("video");
    if (video) {  // another source or a seek from the page (a chapter, the transcript)
      video.addEventListener("loadstart", function () { closeExplore(false); });
      video.addEventListener("seeking", function () { closeExplore(false); });
    }
    document.addEventListener("keydown", onKey, true);
    var below = document.getElementById("below");
    if (below) {
      openButton = document.createElement("button");
      openButton.type = "button"; openButton.id = "explore-button";
      openButton.textContent = "Explore this beat (E)";
      openButton.addEventListener("click", function () {
        if (!openExplore()) {
          openButton.textContent = "Explore (E): pause on a beat of a scene with a run to explore";
        }
      });
      var present = document.getElementById("speaker");
      below.insertBefore(openButton, present ? present.nextSibling : null);
    }
  }

  window.linvizExplore = {
    state: stateNow, open: openExplore, close: closeExplore,
    toScreen: function (p) {
      var s = toScreen(p), r = canvas.getBoundingClientRect();
      return [s[0] + r.left, s[1] + r.top];
    }
  };
  build();
})();
