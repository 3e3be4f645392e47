// Explore: pause the lecture at a beat of a perceptron scene and play with the run. The
// beat's state (data, θ, θ₀, t, i, M) is drawn on a canvas from the storyboard's data, not
// from the video's pixels; a student steps the algorithm, drags a point, adds one, flips a
// label or turns the offset off, and the run is recomputed in the page.
//
// The learner is the engine's (linviz/perceptron.py), with its arithmetic: the score
// Σⱼ xⱼθⱼ is summed from the first column on, then + θ₀, then × y; a score within
// ``tolerance`` of the size of its terms (Σⱼ|xⱼθⱼ| + |θ₀|) is 0, and 0 is a mistake.
// IEEE doubles in the same order give the engine's θ after every visit, bit for bit.
// Plain JavaScript, no library, nothing fetched.
(function () {
  "use strict";

  var data = window.LINVIZ_LECTURE || {};
  var explorables = data.explore || {};

  // ---------------------------------------------------------------- the learner
  // y(θᵀx + θ₀) of a point x with label y, summed as the engine sums it (Σⱼ xⱼθⱼ from the
  // first column on, then + θ₀, then × y), and the size of its terms Σⱼ|xⱼθⱼ| + |θ₀|:
  // [score, size]. The on-line rule: |score| ≤ tolerance · size is 0, and 0 is a mistake.
  function scored(x, label, theta, theta0) {
    var z = x[0] * theta[0], size = Math.abs(z);
    for (var j = 1; j < theta.length; j++) {
      var term = x[j] * theta[j];
      z = z + term;
      size = size + Math.abs(term);
    }
    return [label * (z + theta0), size + Math.abs(theta0)];
  }

  // The perceptron on X (n rows of d numbers), y (±1), cyclic order, at most ``epochs``
  // passes: every visit {epoch, i, score, mistake, state} and every state θ, θ₀ (state k:
  // after k updates), as linviz.perceptron.Perceptron records them.
  function perceptronRun(X, y, offset, epochs, tolerance) {
    var n = X.length, d = n ? X[0].length : 2;
    var theta = [], j;
    for (j = 0; j < d; j++) { theta.push(0); }
    var theta0 = 0;
    var thetas = [theta.slice()], theta0s = [0], visits = [];
    var converged = false, passes = 0;
    for (var t = 1; t <= epochs && n > 0; t++) {
      passes = t;
      var changed = false;
      for (var i = 0; i < n; i++) {
        var x = X[i], label = y[i], now = scored(x, label, theta, theta0);
        var z = now[0], size = now[1];
        var mistake = z <= 0 || z <= tolerance * size;
        if (mistake) {
          for (j = 0; j < d; j++) { theta[j] = theta[j] + label * x[j]; }
          if (offset) { theta0 = theta0 + label; }
          thetas.push(theta.slice());
          theta0s.push(theta0);
          changed = true;
        }
        visits.push({epoch: t, i: i, score: Math.abs(z) <= tolerance * size ? 0 : z,
                     mistake: mistake, state: thetas.length - 1});
      }
      if (!changed) { converged = true; break; }
    }
    return {visits: visits, thetas: thetas, theta0s: theta0s, converged: converged,
            epochs: passes, updates: thetas.length - 1};
  }

  // How many points (θ, θ₀) gets wrong, under the same rule.
  function mistakesOf(X, y, theta, theta0, tolerance) {
    var count = 0;
    for (var i = 0; i < X.length; i++) {
      var now = scored(X[i], y[i], theta, theta0);
      if (now[0] <= tolerance * now[1]) { count++; }
    }
    return count;
  }

  // y(θᵀx + θ₀) of point i of the data shown.
  function scoreOf(i, theta, theta0) { return scored(view.X[i], view.y[i], theta, theta0)[0]; }

  // ---------------------------------------------------------------- the margin
  // The point of least norm in the convex hull of the rows of A (Wolfe's algorithm, exact
  // in finitely many steps): {point, weights by row}. By the minimax theorem
  // max over ‖w‖ = 1 of minᵢ wᵀaᵢ is its norm when that is > 0 (and no w makes every
  // wᵀaᵢ > 0 when the hull holds 0).
  function minNormPoint(A) {
    var n = A.length, d = A[0].length, k, i;
    function dot(u, v) { var t = 0; for (var j = 0; j < d; j++) { t += u[j] * v[j]; } return t; }
    function combo(S, w) {
      var p = []; for (var j = 0; j < d; j++) { p.push(0); }
      S.forEach(function (r, q) { for (var j = 0; j < d; j++) { p[j] += w[q] * A[r][j]; } });
      return p;
    }
    var size = 0, first = 0;
    for (i = 0; i < n; i++) {
      var nn = dot(A[i], A[i]);
      size = Math.max(size, nn);
      if (nn < dot(A[first], A[first])) { first = i; }
    }
    var eps = 1e-12 * size;
    var S = [first], w = [1], x = A[first].slice();
    for (var major = 0; major < 1000; major++) {
      var best = 0, bestValue = Infinity;
      for (i = 0; i < n; i++) {
        var v = dot(x, A[i]);
        if (v < bestValue) { bestValue = v; best = i; }
      }
      if (bestValue >= dot(x, x) - eps || S.indexOf(best) >= 0) { break; }
      S.push(best); w.push(0);
      for (var minor = 0; minor < 100; minor++) {
        var alpha = affineMinimum(S.map(function (r) { return A[r]; }), dot);
        if (!alpha) { break; }
        if (alpha.every(function (a) { return a > 1e-15; })) {
          w = alpha; x = combo(S, w); break;
        }
        var step = 1;
        for (k = 0; k < S.length; k++) {
          if (alpha[k] <= 1e-15) { step = Math.min(step, w[k] / (w[k] - alpha[k])); }
        }
        w = w.map(function (wk, q) { return step * alpha[q] + (1 - step) * wk; });
        var keep = [];
        for (k = 0; k < S.length; k++) { if (w[k] > 1e-15) { keep.push(k); } }
        S = keep.map(function (q) { return S[q]; });
        w = keep.map(function (q) { return w[q]; });
        var total = w.reduce(function (a, b) { return a + b; }, 0);
        w = w.map(function (wk) { return wk / total; });
        x = combo(S, w);
      }
    }
    return {point: x, rows: S, weights: w};
  }

  // The weights α (Σα = 1) of the least-norm point of the affine hull of the rows P:
  // [G 1; 1ᵀ 0][α; μ] = [0; 1], G the rows' dot products (null when singular).
  function affineMinimum(P, dot) {
    var m = P.length, M = [], r, c;
    for (r = 0; r < m; r++) {
      var row = [];
      for (c = 0; c < m; c++) { row.push(dot(P[r], P[c])); }
      row.push(1); row.push(0); M.push(row);
    }
    var last = []; for (c = 0; c < m; c++) { last.push(1); } last.push(0); last.push(1);
    M.push(last);
    var size = m + 1;
    for (c = 0; c < size; c++) {
      var pivot = c;
      for (r = c + 1; r < size; r++) { if (Math.abs(M[r][c]) > Math.abs(M[pivot][c])) { pivot = r; } }
      if (Math.abs(M[pivot][c]) < 1e-300) { return null; }
      var swap = M[c]; M[c] = M[pivot]; M[pivot] = swap;
      for (r = 0; r < size; r++) {
        if (r === c) { continue; }
        var f = M[r][c] / M[c][c];
        for (var k = c; k <= size; k++) { M[r][k] -= f * M[c][k]; }
      }
    }
    var alpha = [];
    for (r = 0; r < m; r++) { alpha.push(M[r][size] / M[r][r]); }
    return alpha;
  }

  // The theorem's numbers on (X, y): R = maxᵢ‖zᵢ‖ and γ, the largest margin of a unit θ*
  // through the origin, on zᵢ = [xᵢ, 1] with an offset (xᵢ without); γ ≤ 0 (null) when
  // no such θ* separates. {R, gamma, bound = (R/γ)², theta}.
  function theoremNumbers(X, y, offset) {
    var A = X.map(function (x, i) {
      var z = offset ? x.concat([1]) : x.slice();
      return z.map(function (v) { return y[i] * v; });
    });
    var R = 0;
    A.forEach(function (a) { R = Math.max(R, Math.hypot.apply(null, a)); });
    if (!A.length) { return {R: R, gamma: null, bound: null}; }
    var found = minNormPoint(A), norm = Math.hypot.apply(null, found.point);
    if (!(norm > 1e-9 * R)) { return {R: R, gamma: null, bound: null}; }
    var theta = found.point.map(function (v) { return v / norm; });
    var gamma = Infinity;
    A.forEach(function (a) {
      var t = 0; for (var j = 0; j < a.length; j++) { t += a[j] * theta[j]; }
      gamma = Math.min(gamma, t);
    });
    return gamma > 0 ? {R: R, gamma: gamma, bound: (R / gamma) * (R / gamma), theta: theta}
      : {R: R, gamma: null, bound: null};
  }

  // θ*'s band in the plane, as the scene defines θ*: "plane" the widest band of any line
  // with an offset (half the distance between the classes' hulls: the least-norm point
  // of the differences x⁺ − x⁻), "origin" the widest through the origin, "lifted" the
  // widest on [x, 1] drawn in the plane (half-width γ/‖(θ*₁, θ*₂)‖).
  // {theta, theta0, half} or null when no line separates.
  function starBand(X, y, kind) {
    var R = 0;
    X.forEach(function (x) { R = Math.max(R, Math.hypot(x[0], x[1])); });
    if (kind === "plane") {
      var pos = [], neg = [];
      X.forEach(function (x, i) { (y[i] > 0 ? pos : neg).push(x); });
      if (!pos.length || !neg.length) { return null; }
      var diffs = [], pairs = [];
      pos.forEach(function (p, a) {
        neg.forEach(function (q, b) { diffs.push([p[0] - q[0], p[1] - q[1]]); pairs.push([a, b]); });
      });
      var found = minNormPoint(diffs), norm = Math.hypot(found.point[0], found.point[1]);
      if (!(norm > 1e-9 * Math.max(R, 1e-300))) { return null; }
      var theta = [found.point[0] / norm, found.point[1] / norm];
      // the middle of the two nearest points of the hulls
      var mid = [0, 0];
      found.rows.forEach(function (r, k) {
        var p = pos[pairs[r][0]], q = neg[pairs[r][1]], w = found.weights[k];
        mid[0] += w * (p[0] + q[0]) / 2; mid[1] += w * (p[1] + q[1]) / 2;
      });
      return {theta: theta, theta0: -(theta[0] * mid[0] + theta[1] * mid[1]), half: norm / 2};
    }
    var numbers = theoremNumbers(X, y, kind === "lifted");
    if (!numbers.gamma) { return null; }
    var t = numbers.theta, a = Math.hypot(t[0], t[1]);
    return {theta: [t[0] / a, t[1] / a], theta0: kind === "lifted" ? t[2] / a : 0,
            half: numbers.gamma / a};
  }

  // ---------------------------------------------------------------- the view
  function niceStep(span) {
    var raw = span / 6, power = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 5, 10];
    for (var k = 0; k < steps.length; k++) {
      if (steps[k] * power >= raw) { return steps[k] * power; }
    }
    return 10 * power;
  }

  // A square box round the points, 12 % padding; the origin held when that widens the
  // view at most 1.5-fold (as the scenes' views do), so θ's arrow can start there.
  function fittedBox(X) {
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

  function format(v, digits) {
    var text = (Math.abs(v) < 0.5 * Math.pow(10, -digits) ? 0 : v).toFixed(digits);
    return text.replace("-", "−");
  }

  // ---------------------------------------------------------------- the explorable
  var view = {
    open: false, spec: null, X: null, y: null, offset: true, run: null, step: 0,
    beatStep: 0, edited: false, selected: -1, newLabel: 1, box: null, drag: -1,
    dragged: false, message: "", theme: null
  };
  var overlay, canvas, controls, status, openButton;

  function theme() {
    return data.theme || {background: "#14161b", text: "#ececec", muted: "#8a8f98",
                          grid: "#2a2e36", positive: "#f5a623", negative: "#4aa3df",
                          boundary: "#f2e35b", normal: "#f2e35b", highlight: "#f2e35b",
                          mistake: "#e5534b", correct: "#3fb68b", step: "#d987b8",
                          shade_opacity: 0.12};
  }

  function recompute() {
    view.run = perceptronRun(view.X, view.y, view.offset, view.spec.epochs, view.spec.tolerance);
    view.step = Math.min(view.step, view.run.visits.length);
    view.theorem = theoremNumbers(view.X, view.y, view.offset);
    var kind = view.spec.star_kind || (view.offset ? "lifted" : "origin");
    if (kind === "lifted" && !view.offset) { kind = "origin"; }
    if (kind === "plane" && !view.offset) { kind = "origin"; }
    view.star = starBand(view.X, view.y, kind);
  }

  function current() {
    var run = view.run, k = view.step;
    var visit = k > 0 ? run.visits[k - 1] : null;
    var s = visit ? visit.state : 0;
    return {visit: visit, theta: run.thetas[s], theta0: run.theta0s[s], M: s};
  }

  // What the page shows now, for tests and a lecturer's console.
  function stateNow() {
    if (!view.open) { return {open: false}; }
    var now = current();
    return {
      open: true, scene: view.spec.scene, step: view.step, visits: view.run.visits.length,
      t: now.visit ? now.visit.epoch : 0, i: now.visit ? now.visit.i + 1 : null,
      M: now.M, theta: now.theta.slice(), theta0: now.theta0,
      score: now.visit ? now.visit.score : null,
      errors: mistakesOf(view.X, view.y, now.theta, now.theta0, view.spec.tolerance),
      X: view.X.map(function (p) { return p.slice(); }), y: view.y.slice(),
      offset: view.offset, edited: view.edited, selected: view.selected,
      converged: view.run.converged, updates: view.run.updates, epochs: view.run.epochs,
      tau: view.spec.epochs,
      R: view.theorem.R, gamma: view.theorem.gamma, bound: view.theorem.bound,
      star: view.star, showStar: view.showStar,
      message: view.message
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
    var step = best >= 0 ? spec.beats[best].step : (spec.beats[Math.min(k, spec.beats.length - 1)] || {step: 0}).step;
    return {spec: spec, step: step, beat: k};
  }

  function openExplore() {
    var found = pausedBeat();
    if (!found) { return false; }
    var video = document.getElementById("video");
    video.pause();
    if (window.linvizPlayer) { window.linvizPlayer.state.playingBeat = false; }
    view.spec = found.spec;
    view.X = found.spec.X.map(function (p) { return p.slice(); });
    view.y = found.spec.y.slice();
    view.offset = found.spec.offset;
    view.showStar = !!found.spec.star;
    view.step = found.step;
    view.beatStep = found.step;
    view.edited = false;
    view.selected = -1;
    view.box = fittedBox(view.X);
    view.message = "The lecture's run at this beat: visit " + found.step + ".";
    view.returnTo = video.currentTime;
    recompute();
    view.open = true;
    overlay.hidden = false;
    document.body.classList.add("exploring");
    overlay.focus();
    draw();
    return true;
  }

  function closeExplore() {
    if (!view.open) { return; }
    view.open = false;
    overlay.hidden = true;
    document.body.classList.remove("exploring");
    var video = document.getElementById("video");
    if (Math.abs(video.currentTime - view.returnTo) > 0.001) { video.currentTime = view.returnTo; }
    if (openButton) { openButton.focus(); }
  }

  function edited(what) {
    view.edited = true;
    recompute();
    view.message = what + ": the run recomputed from θ = 0 on your data; visit " + view.step +
      " of " + view.run.visits.length + ".";
    draw();
  }

  function go(step, what) {
    view.step = Math.max(0, Math.min(step, view.run.visits.length));
    view.message = what || "";
    draw();
  }

  function nextUpdate(direction) {
    var visits = view.run.visits, k = view.step;
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
    if (w < h * 1.1) {
      var tall = Math.max(80, Math.min(w - 70, h * 0.5));
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
    var L = layout(), b = view.box, now = current();
    var font = Math.max(11, Math.round(L.side / 34));
    // grid and tick values
    var step = niceStep(b.xmax - b.xmin);
    g.strokeStyle = T.grid; g.lineWidth = 1; g.fillStyle = T.muted;
    g.font = font + "px system-ui, sans-serif"; g.textAlign = "center"; g.textBaseline = "top";
    for (var v = Math.ceil(b.xmin / step) * step; v <= b.xmax + 1e-9; v += step) {
      var sx = toScreen([v, 0])[0];
      g.beginPath(); g.moveTo(sx, L.top); g.lineTo(sx, L.top + L.side); g.stroke();
      g.fillText(format(v, step < 1 ? 1 : 0), sx, L.top + L.side + 4);
    }
    g.textAlign = "right"; g.textBaseline = "middle";
    for (var u = Math.ceil(b.ymin / step) * step; u <= b.ymax + 1e-9; u += step) {
      var sy = toScreen([0, u])[1];
      g.beginPath(); g.moveTo(L.left, sy); g.lineTo(L.left + L.side, sy); g.stroke();
      g.fillText(format(u, step < 1 ? 1 : 0), L.left - 4, sy);
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
    g.save();
    g.beginPath(); g.rect(L.left, L.top, L.side, L.side); g.clip();
    // the positive side, shaded, and the boundary
    var th = now.theta, th0 = now.theta0;
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
      if (ends) {
        var e0 = toScreen(ends[0]), e1 = toScreen(ends[1]);
        g.strokeStyle = T.boundary; g.lineWidth = 3;
        g.beginPath(); g.moveTo(e0[0], e0[1]); g.lineTo(e1[0], e1[1]); g.stroke();
      }
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
        g.fillStyle = T.normal; g.font = "italic " + Math.round(font * 1.2) + "px serif";
        g.textAlign = "left"; g.textBaseline = "bottom";
        g.fillText("θ", at[0] + 6, at[1] - 4);
        g.font = font + "px system-ui, sans-serif";
      }
    }
    // θ*'s band (G), under the points
    if (view.showStar && view.star) {
      var st = view.star;
      [-st.half, 0, st.half].forEach(function (shift, k) {
        var ends2 = lineEnds(st.theta, st.theta0 - shift);
        if (!ends2) { return; }
        var a0 = toScreen(ends2[0]), a1 = toScreen(ends2[1]);
        g.strokeStyle = T.correct; g.lineWidth = k === 1 ? 2 : 1.5;
        g.setLineDash(k === 1 ? [] : [7, 5]);
        g.beginPath(); g.moveTo(a0[0], a0[1]); g.lineTo(a1[0], a1[1]); g.stroke();
      });
      g.setLineDash([]);
    }
    // the points
    var size = Math.max(4, Math.min(9, L.side / 60));
    view.X.forEach(function (p, i) {
      var s = toScreen(p);
      g.strokeStyle = view.y[i] > 0 ? T.positive : T.negative; g.lineWidth = 2.5;
      g.beginPath(); g.moveTo(s[0] - size, s[1]); g.lineTo(s[0] + size, s[1]);
      if (view.y[i] > 0) { g.moveTo(s[0], s[1] - size); g.lineTo(s[0], s[1] + size); }
      g.stroke();
    });
    if (now.visit) {
      var c = toScreen(view.X[now.visit.i]);
      g.strokeStyle = now.visit.mistake ? T.mistake : T.highlight; g.lineWidth = 2;
      g.beginPath(); g.arc(c[0], c[1], size * 2, 0, 2 * Math.PI); g.stroke();
    }
    if (view.selected >= 0 && view.selected < view.X.length) {
      var q = toScreen(view.X[view.selected]);
      g.strokeStyle = T.text; g.lineWidth = 1.5; g.setLineDash([4, 3]);
      g.strokeRect(q[0] - size * 2.4, q[1] - size * 2.4, size * 4.8, size * 4.8);
      g.setLineDash([]);
    }
    g.restore();
    // axis names, the legend, and the arrow's scale
    g.fillStyle = T.text; g.textAlign = "right"; g.textBaseline = "top";
    g.font = font + "px system-ui, sans-serif";
    var names = (view.spec.names || ["x1", "x2"]).map(subscripts);
    g.fillText(names[0], L.left + L.side, L.top + L.side + font + 8);
    g.save(); g.translate(L.left - font * 3, L.top); g.rotate(-Math.PI / 2);
    g.fillText(names[1], 0, 0); g.restore();
    var classes = view.spec.classes;
    if (classes && /^[-+]?1$/.test(classes[0]) && /^[-+]?1$/.test(classes[1])) { classes = null; }
    var legend = [["+", T.positive, "+1" + (classes ? ": " + classes[1] : "")],
                  ["−", T.negative, "−1" + (classes ? ": " + classes[0] : "")]];
    g.textAlign = "left"; g.textBaseline = "bottom";
    legend.forEach(function (row, k) {
      var x0 = L.left + k * (L.side / 2.2);
      g.fillStyle = row[1]; g.font = "700 " + Math.round(font * 1.3) + "px system-ui, sans-serif";
      g.fillText(row[0], x0, L.top - 6);
      g.fillStyle = T.text; g.font = font + "px system-ui, sans-serif";
      g.fillText(row[2], x0 + font * 1.2, L.top - 8);
    });
    var scale = arrowScale(now.theta);
    if (scale && scale < 1) {  // under the plane, left, beside x₁'s name at the right
      g.fillStyle = T.muted; g.textAlign = "left"; g.textBaseline = "top";
      g.fillText("θ drawn at " + scale + " × length", L.left, L.top + L.side + font + 8);
    }
    panel(g, L, font, T, now);
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
              "    if y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀) ≤ 0:", "      θ ← θ + y⁽ⁱ⁾x⁽ⁱ⁾;  θ₀ ← θ₀ + y⁽ⁱ⁾"];

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
    var lit = !now.visit ? 0 : (now.visit.mistake ? 4 : 3);
    code.forEach(function (text, k) {
      g.fillStyle = k === lit ? T.highlight : T.muted;
      g.fillText(text, x, y); y += line;
    });
    y += line * 0.5;
    var rows = [
      ["t = " + state.t + "    i = " + (state.i === null ? "–" : state.i) + "    M = " + state.M, T.text],
      ["θ = (" + state.theta.map(function (v) { return format(v, 2); }).join(", ") + ")" +
       (view.offset ? "    θ₀ = " + format(state.theta0, 2) : ""), T.normal],
      [state.score === null ? "no point visited yet" : "y·score of point " + state.i + ": " +
        format(state.score, 2) + (now.visit.mistake ? " ≤ 0: a mistake" : " > 0: no change"),
       now.visit && now.visit.mistake ? T.mistake : T.text],
      [now.visit && now.visit.mistake ? "after the update: " +
        format(scoreOf(now.visit.i, now.theta, now.theta0), 2) : "", T.text],
      ["ℰₙ = " + state.errors + "/" + view.X.length + " = " + format(state.errors / Math.max(1, view.X.length), 2), T.text],
      [theoremRow(), view.theorem.gamma ? T.bound : T.mistake],
      [view.showStar ? (view.star ? "green: θ*'s band, half-width " + format(view.star.half, 3) :
        "no θ*: no line separates these points") : "", T.correct],
      ["visit " + view.step + " of " + run.visits.length + (run.converged ?
        " · converged: " + run.updates + " updates in " + run.epochs + " passes" :
        " · not converged within τ = " + view.spec.epochs + " passes"), T.muted]
    ];
    rows.forEach(function (row) { g.fillStyle = row[1]; g.fillText(row[0], x, y); y += line; });
    y += line * 0.5;
    g.fillStyle = view.edited ? T.highlight : T.muted;
    wrap(g, view.message, x, y, L.w - x - 16, line);
    view.panelBottom = y + line;
  }

  // R, γ and (R/γ)² of the data now (on [x, 1] with an offset), and the run against them.
  function theoremRow() {
    var th = view.theorem, on = view.offset ? " on [x, 1]" : "";
    if (!th.gamma) { return "R = " + format(th.R, 2) + on + ": no θ* separates, no margin γ, no bound"; }
    var big = th.bound >= 100 ? th.bound.toFixed(0) : format(th.bound, 1);
    return "R = " + format(th.R, 2) + ", γ = " + (th.gamma < 0.01 ? th.gamma.toPrecision(2) :
      format(th.gamma, 3)) + on + ": M = " + view.run.updates + " ≤ (R/γ)² = " + big;
  }

  function wrap(g, text, x, y, width, line) {
    var words = (text || "").split(" "), row = "";
    words.forEach(function (word) {
      var test = row ? row + " " + word : word;
      if (g.measureText(test).width > width && row) { g.fillText(row, x, y); y += line; row = word; }
      else { row = test; }
    });
    if (row) { g.fillText(row, x, y); }
  }

  // ---------------------------------------------------------------- editing
  function nearestPoint(px, py) {
    var best = -1, bestDistance = 14;
    view.X.forEach(function (p, i) {
      var s = toScreen(p), dist = Math.hypot(s[0] - px, s[1] - py);
      if (dist < bestDistance) { best = i; bestDistance = dist; }
    });
    return best;
  }

  // A dragged or added point's place, rounded to a hundredth of the grid's step.
  function snapped(p) {
    var q = niceStep(view.box.xmax - view.box.xmin) / 100;
    return [Math.round(p[0] / q) * q, Math.round(p[1] / q) * q];
  }

  function canvasPoint(event) {
    var r = canvas.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  }

  function onPointerDown(event) {
    if (!view.open) { return; }
    var at = canvasPoint(event), i = nearestPoint(at[0], at[1]);
    if (i >= 0) {
      view.drag = i; view.dragged = false; view.selected = i;
      canvas.setPointerCapture(event.pointerId);
      draw();
    } else {
      var L = layout();
      if (at[0] < L.left || at[0] > L.left + L.side || at[1] < L.top || at[1] > L.top + L.side) {
        return;
      }
      view.X.push(snapped(toData(at[0], at[1])));
      view.y.push(view.newLabel);
      view.selected = view.X.length - 1;
      edited("Point " + view.X.length + " added, label " + (view.newLabel > 0 ? "+1" : "−1"));
    }
    event.preventDefault();
  }

  function onPointerMove(event) {
    if (view.drag < 0) { return; }
    var at = canvasPoint(event);
    view.X[view.drag] = snapped(toData(at[0], at[1]));
    view.dragged = true;
    edited("Point " + (view.drag + 1) + " moved");
  }

  function onPointerUp() {
    if (view.drag >= 0 && view.dragged) {
      view.box = fittedBox(view.X);
      draw();
    }
    view.drag = -1;
  }

  function flipSelected() {
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
    var q = niceStep(view.box.xmax - view.box.xmin) / 10, p = view.X[view.selected];
    view.X[view.selected] = snapped([p[0] + dx * q, p[1] + dy * q]);
    edited("Point " + (view.selected + 1) + " moved");
  }

  function select(direction) {
    var n = view.X.length;
    view.selected = view.selected < 0 ? (direction > 0 ? 0 : n - 1) : (view.selected + direction + n) % n;
    var p = view.X[view.selected];
    view.message = "Point " + (view.selected + 1) + " selected: (" + format(p[0], 2) + ", " +
      format(p[1], 2) + "), label " + (view.y[view.selected] > 0 ? "+1" : "−1") + ".";
    draw();
  }

  function addPoint() {
    var b = view.box;
    view.X.push(snapped([(b.xmin + b.xmax) / 2, (b.ymin + b.ymax) / 2]));
    view.y.push(view.newLabel);
    view.selected = view.X.length - 1;
    edited("Point " + view.X.length + " added at the middle, label " +
           (view.newLabel > 0 ? "+1" : "−1") + " (move it with Shift+arrows)");
  }

  function reset() {
    view.X = view.spec.X.map(function (p) { return p.slice(); });
    view.y = view.spec.y.slice();
    view.offset = view.spec.offset;
    view.edited = false; view.selected = -1; view.step = view.beatStep;
    view.box = fittedBox(view.X);
    recompute();
    view.message = "The lecture's data and run again, at the beat's visit " + view.step + ".";
    draw();
  }

  // ---------------------------------------------------------------- keys and controls
  var ACTIONS = [
    ["→", "next visit", function () { go(view.step + 1, "One visit on."); }],
    ["←", "previous visit", function () { go(view.step - 1, "One visit back."); }],
    ["U", "next update", function () { nextUpdate(1); }],
    ["Y", "previous update", function () { nextUpdate(-1); }],
    ["End", "run to the end", function () { go(view.run.visits.length, "To the end of the run."); }],
    ["Home", "to θ = 0", function () { go(0, "Back to the start: θ = 0."); }],
    ["[ ]", "select a point", null],
    ["Shift+arrows", "move it", null],
    ["F", "flip its label", flipSelected],
    ["A", "add a point", addPoint],
    ["Delete", "remove it", removeSelected],
    ["L", "label of new points", function () {
      view.newLabel = -view.newLabel;
      view.message = "New points get label " + (view.newLabel > 0 ? "+1" : "−1") + ".";
      draw(); }],
    ["O", "offset on/off", function () {
      view.offset = !view.offset;
      edited(view.offset ? "With an offset θ₀" : "Through the origin (θ₀ = 0)"); }],
    ["G", "θ*'s band on/off", function () {
      view.showStar = !view.showStar;
      view.message = view.star ? (view.showStar ? "θ*'s band, the widest, drawn (green)." :
        "θ*'s band hidden.") : "No line separates these points: no θ*, no band.";
      draw(); }],
    ["R", "the lecture's data again", reset],
    ["Esc", "back to the lecture", closeExplore]
  ];

  function onKey(event) {
    if (!view.open) {
      if ((event.key === "e" || event.key === "E") && !event.ctrlKey && !event.metaKey &&
          !event.altKey) {
        if (openExplore()) { event.preventDefault(); event.stopImmediatePropagation(); }
      }
      return;
    }
    var key = event.key, handled = true;
    if (event.shiftKey && key.indexOf("Arrow") === 0) {
      moveSelected(key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0,
                   key === "ArrowUp" ? 1 : key === "ArrowDown" ? -1 : 0);
    } else if (key === "ArrowRight" || key === "n" || key === " ") { ACTIONS[0][2](); }
    else if (key === "ArrowLeft" || key === "b") { ACTIONS[1][2](); }
    else if (key === "u" || key === "U") { nextUpdate(1); }
    else if (key === "y" || key === "Y") { nextUpdate(-1); }
    else if (key === "End") { ACTIONS[4][2](); }
    else if (key === "Home") { ACTIONS[5][2](); }
    else if (key === "]") { select(1); }
    else if (key === "[") { select(-1); }
    else if (key === "f" || key === "F") { flipSelected(); }
    else if (key === "a" || key === "A") { addPoint(); }
    else if (key === "Delete" || key === "x" || key === "X") { removeSelected(); }
    else if (key === "l" || key === "L") { ACTIONS[11][2](); }
    else if (key === "o" || key === "O") { ACTIONS[12][2](); }
    else if (key === "r" || key === "R") { reset(); }
    else if (key === "g" || key === "G") { ACTIONS[13][2](); }
    else if (key === "Escape" || key === "Backspace") { closeExplore(); }
    else if (key === "Tab") { handled = false; }
    else { handled = key.length === 1; }  // other letters do nothing here (not the player's)
    if (handled) { event.preventDefault(); }
    event.stopImmediatePropagation();  // the player does not see keys while exploring
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
    ACTIONS.forEach(function (action) {
      var button = document.createElement("button");
      button.type = "button";
      button.innerHTML = "<kbd>" + action[0] + "</kbd> " + action[1];
      if (action[2]) {
        button.addEventListener("click", function () { action[2](); canvas.focus(); });
      } else {
        button.disabled = true;
      }
      controls.appendChild(button);
    });
    overlay.appendChild(canvas);
    overlay.appendChild(controls);
    stage.appendChild(overlay);
    canvas.tabIndex = 0;
    canvas.addEventListener("pointerdown", onPointerDown);
    canvas.addEventListener("pointermove", onPointerMove);
    canvas.addEventListener("pointerup", onPointerUp);
    canvas.addEventListener("dblclick", function (event) {
      var at = canvasPoint(event), i = nearestPoint(at[0], at[1]);
      if (i >= 0) { view.selected = i; flipSelected(); }
    });
    window.addEventListener("resize", draw);
    document.addEventListener("keydown", onKey, true);
    var below = document.getElementById("below");
    if (below) {
      openButton = document.createElement("button");
      openButton.type = "button"; openButton.id = "explore-button";
      openButton.textContent = "Explore this beat (E)";
      openButton.addEventListener("click", function () {
        if (!openExplore()) {
          openButton.textContent = "Explore (E): pause on a beat of a perceptron scene";
        }
      });
      var present = document.getElementById("speaker");
      below.insertBefore(openButton, present ? present.nextSibling : null);
    }
  }

  window.linvizExplore = {
    run: perceptronRun, theorem: theoremNumbers, starBand: starBand, state: stateNow, open: openExplore, close: closeExplore,
    toScreen: function (p) {
      var s = toScreen(p), r = canvas.getBoundingClientRect();
      return [s[0] + r.left, s[1] + r.top];
    }
  };
  build();
})();
