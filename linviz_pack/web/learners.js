// The page's learners, with the engine's arithmetic (linviz/perceptron.py, linviz/gradient.py,
// linviz/logistic.py, linviz/regression.py, linviz/theory.py): what Explore recomputes when a
// student steps a run or edits its data. Plain JavaScript, no library, nothing fetched; no
// drawing here (explore.js draws). window.linvizLearners holds them, for explore.js and tests.
(function () {
  "use strict";

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

  // The perceptron on X (n rows of d numbers), y (±1), at most ``epochs`` passes, visiting
  // in index order (``seed`` null or undefined: order "cyclic") or in a fresh permutation
  // each pass from numpy's default_rng(seed) (order "shuffle"): every visit {epoch, i,
  // score, mistake, state} and every state θ, θ₀ (state k: after k updates), as
  // linviz.perceptron.Perceptron records them.
  function perceptronRun(X, y, offset, epochs, tolerance, seed) {
    var n = X.length, d = n ? X[0].length : 2;
    var theta = [], j;
    for (j = 0; j < d; j++) { theta.push(0); }
    var theta0 = 0;
    var thetas = [theta.slice()], theta0s = [0], visits = [];
    var converged = false, passes = 0, shuffled = seed !== null && seed !== undefined;
    var rng = shuffled ? numpyRng(seed) : null, order = [];
    for (j = 0; j < n; j++) { order.push(j); }
    for (var t = 1; t <= epochs && n > 0; t++) {
      passes = t;
      var changed = false;
      if (shuffled) { order = rng.permutation(n); }
      for (var k = 0; k < n; k++) {
        var i = order[k], x = X[i], label = y[i], now = scored(x, label, theta, theta0);
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

  // ---------------------------------------------------------------- numpy's random order
  // numpy's default_rng(seed).permutation(n), exactly: PCG64 (a 128-bit LCG, XSL-RR output)
  // seeded through SeedSequence's hash of the seed's 32-bit words, and the Fisher–Yates
  // shuffle whose draw in [0, i] masks next_uint32 (two per 64-bit output, low half first)
  // to the bits of i and draws again while above i. BigInt for the 64- and 128-bit words.
  var MASK32 = 0xFFFFFFFFn, MASK64 = (1n << 64n) - 1n, MASK128 = (1n << 128n) - 1n;
  var PCG_MULTIPLIER = (0x2360ed051fc65da4n << 64n) | 0x4385df649fccf645n;

  function seedSequenceState(seed, words) {
    var INIT_A = 0x43b0d7e5n, MULT_A = 0x931e8875n, INIT_B = 0x8b51f9ddn, MULT_B = 0x58f38dedn;
    var MIX_L = 0xca01f9ddn, MIX_R = 0x4973f715n, entropy = [], value = BigInt(seed);
    do { entropy.push(value & MASK32); value >>= 32n; } while (value > 0n);
    var hashConst = INIT_A;
    function hashmix(v) {
      v = (v ^ hashConst) & MASK32;
      hashConst = (hashConst * MULT_A) & MASK32;
      v = (v * hashConst) & MASK32;
      return v ^ (v >> 16n);
    }
    function mix(a, b) {
      var r = (MIX_L * a - MIX_R * b) & MASK32;
      return r ^ (r >> 16n);
    }
    var pool = [], s, d;
    for (s = 0; s < 4; s++) { pool.push(hashmix(s < entropy.length ? entropy[s] : 0n)); }
    for (s = 0; s < 4; s++) {
      for (d = 0; d < 4; d++) { if (s !== d) { pool[d] = mix(pool[d], hashmix(pool[s])); } }
    }
    for (s = 4; s < entropy.length; s++) {
      for (d = 0; d < 4; d++) { pool[d] = mix(pool[d], hashmix(entropy[s])); }
    }
    var out = [];
    hashConst = INIT_B;
    for (var k = 0; k < 2 * words; k++) {
      var v = (pool[k % 4] ^ hashConst) & MASK32;
      hashConst = (hashConst * MULT_B) & MASK32;
      v = (v * hashConst) & MASK32;
      out.push(v ^ (v >> 16n));
    }
    var state = [];  // uint32 pairs read as little-endian uint64
    for (k = 0; k < words; k++) { state.push(out[2 * k] | (out[2 * k + 1] << 32n)); }
    return state;
  }

  function numpyRng(seed) {
    var words = seedSequenceState(seed, 4);
    var initState = (words[0] << 64n) | words[1], initSeq = (words[2] << 64n) | words[3];
    var inc = ((initSeq << 1n) | 1n) & MASK128, state = 0n, buffered = null;
    function step() { state = (state * PCG_MULTIPLIER + inc) & MASK128; }
    step(); state = (state + initState) & MASK128; step();
    function next64() {
      step();
      var rot = state >> 122n, x = ((state >> 64n) ^ state) & MASK64;
      return ((x >> rot) | (x << ((64n - rot) & 63n))) & MASK64;
    }
    function next32() {
      if (buffered !== null) { var b = buffered; buffered = null; return b; }
      var v = next64();
      buffered = v >> 32n;
      return v & MASK32;
    }
    function interval(max) {  // a uniform draw from 0 … max (max < 2³²)
      if (max === 0) { return 0; }
      var mask = max;
      mask |= mask >>> 1; mask |= mask >>> 2; mask |= mask >>> 4; mask |= mask >>> 8;
      mask |= mask >>> 16;
      var big = BigInt(mask >>> 0), value;
      do { value = Number(next32() & big); } while (value > max);
      return value;
    }
    return {
      permutation: function (n) {
        var a = [];
        for (var k = 0; k < n; k++) { a.push(k); }
        for (var i = n - 1; i > 0; i--) {
          var j = interval(i), swap = a[i]; a[i] = a[j]; a[j] = swap;
        }
        return a;
      }
    };
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

  // ---------------------------------------------------------------- gradient descent
  // The descent learners of linviz/gradient.py: from θ = 0, θ₀ = 0,
  //   θ ← θ − η ∇_θ L,  θ₀ ← θ₀ − η ∂L/∂θ₀   (∂L/∂θ₀ taken as 0 without an offset),
  // full-batch, for ``steps`` steps, recording every state and its loss on all the data.
  // The sums run in another order than numpy's, so the states agree with the engine's to
  // about 1e-13 relative, not bit for bit.

  //: converged: the gradient on all the data at the last state has a norm below this
  //: (linviz.gradient.CONVERGED_GRADIENT)
  var CONVERGED_GRADIENT = 5e-5;

  // σ(u) = 1/(1 + e^(−u)) without overflow (linviz.logistic.sigmoid)
  function sigmoid(u) {
    var e = Math.exp(-Math.abs(u));
    return u >= 0 ? 1 / (1 + e) : e / (1 + e);
  }

  // log(1 + e^(−m)) as numpy's logaddexp(0, −m)
  function softplusOfMinus(m) {
    if (m === 0) { return Math.LN2; }
    return m > 0 ? Math.log1p(Math.exp(-m)) : -m + Math.log1p(Math.exp(m));
  }

  function dotRow(x, theta) {
    var z = 0;
    for (var j = 0; j < theta.length; j++) { z += x[j] * theta[j]; }
    return z;
  }

  // [L, ∇_θ L, ∂L/∂θ₀] of the mean logistic loss (1/n) Σ log(1 + e^(−y⁽ⁱ⁾(θᵀx⁽ⁱ⁾ + θ₀)))
  // (linviz.logistic.logistic_loss_and_grad with λ = 0) or of the mean squared error
  // (1/n) Σ (θᵀx⁽ⁱ⁾ + θ₀ − y⁽ⁱ⁾)² (linviz.regression.squared_loss_and_grad).
  function lossAndGrad(kind, X, y, theta, theta0) {
    var n = X.length, d = theta.length, loss = 0, grad = [], grad0 = 0, i, j;
    for (j = 0; j < d; j++) { grad.push(0); }
    for (i = 0; i < n; i++) {
      var z = dotRow(X[i], theta) + theta0, w;
      if (kind === "logistic") {
        var m = y[i] * z;
        loss += softplusOfMinus(m);
        w = -y[i] * sigmoid(-m) / n;
      } else {
        var r = z - y[i];
        loss += r * r;
        w = 2 * r / n;
      }
      for (j = 0; j < d; j++) { grad[j] += X[i][j] * w; }
      grad0 += w;
    }
    return [loss / n, grad, grad0];
  }

  // Full-batch descent on the loss ``kind`` ("logistic" or "regression"): {thetas, theta0s,
  // losses (state k after k steps, k = 0 … steps), gradNorms (of the step k + 1 took),
  // finalGradNorm (at the last state, on all the data), converged, diverged (the step at
  // which θ or L stopped being finite, as the engine refuses it; the states stop before
  // it), steps}.
  function descentRun(kind, X, y, lr, steps, offset) {
    var d = X.length ? X[0].length : 1, theta = [], theta0 = 0, j;
    for (j = 0; j < d; j++) { theta.push(0); }
    var thetas = [theta.slice()], theta0s = [0], losses = [lossAndGrad(kind, X, y, theta, 0)[0]];
    var gradNorms = [], diverged = null;
    for (var t = 0; t < steps && X.length; t++) {
      var now = lossAndGrad(kind, X, y, theta, theta0);
      var grad = now[1], grad0 = offset ? now[2] : 0;
      var next = theta.map(function (v, k) { return v - lr * grad[k]; });
      var next0 = theta0 - lr * grad0;
      var loss = lossAndGrad(kind, X, y, next, next0)[0];
      if (!(isFinite(loss) && isFinite(next0) && next.every(isFinite))) { diverged = t + 1; break; }
      var size = grad0 * grad0;
      grad.forEach(function (g) { size += g * g; });
      gradNorms.push(Math.sqrt(size));
      theta = next; theta0 = next0;
      thetas.push(theta.slice()); theta0s.push(theta0); losses.push(loss);
    }
    var last = lossAndGrad(kind, X, y, theta, theta0), norm = offset ? last[2] * last[2] : 0;
    last[1].forEach(function (g) { norm += g * g; });
    norm = Math.sqrt(norm);
    return {thetas: thetas, theta0s: theta0s, losses: losses, gradNorms: gradNorms,
            finalGradNorm: norm, converged: diverged === null && norm < CONVERGED_GRADIENT,
            diverged: diverged, steps: thetas.length - 1};
  }

  // The eigenvalues of a small symmetric matrix S (Jacobi's rotations), ascending.
  function symmetricEigenvalues(S) {
    var A = S.map(function (row) { return row.slice(); }), m = A.length;
    for (var sweep = 0; sweep < 60; sweep++) {
      var off = 0, p, q;
      for (p = 0; p < m; p++) { for (q = p + 1; q < m; q++) { off += A[p][q] * A[p][q]; } }
      var scale = 0;
      for (p = 0; p < m; p++) { scale += A[p][p] * A[p][p]; }
      if (off <= 1e-32 * Math.max(scale, 1e-300)) { break; }
      for (p = 0; p < m; p++) {
        for (q = p + 1; q < m; q++) {
          if (A[p][q] === 0) { continue; }
          var theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
          var t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          var c = 1 / Math.sqrt(t * t + 1), s = t * c;
          for (var k = 0; k < m; k++) {  // A ← Jᵀ A J, columns then rows
            var akp = A[k][p], akq = A[k][q];
            A[k][p] = c * akp - s * akq; A[k][q] = s * akp + c * akq;
          }
          for (k = 0; k < m; k++) {
            var apk = A[p][k], aqk = A[q][k];
            A[p][k] = c * apk - s * aqk; A[q][k] = s * apk + c * aqk;
          }
        }
      }
    }
    var values = [];
    for (var r = 0; r < m; r++) { values.push(A[r][r]); }
    return values.sort(function (a, b) { return a - b; });
  }

  // The eigenvalues of (1/n) X̃ᵀX̃, X̃ = [x, 1] (linviz.gradient.gram_eigenvalues), ascending;
  // of (1/n) XᵀX when ``offset`` is false (θ₀ stays 0: the loss's curvature is X's alone).
  function gramEigenvalues(X, offset) {
    var rows = X.map(function (x) { return offset === false ? x.slice() : x.concat([1]); });
    var m = rows.length ? rows[0].length : 1;
    var G = [];
    for (var a = 0; a < m; a++) {
      G.push([]);
      for (var b = 0; b < m; b++) {
        var s = 0;
        rows.forEach(function (r) { s += r[a] * r[b]; });
        G[a].push(s / Math.max(1, rows.length));
      }
    }
    return symmetricEigenvalues(G);
  }

  // Solve A w = b (Gaussian elimination, partial pivoting); null when singular.
  function solve(A, b) {
    var m = b.length, M = A.map(function (row, r) { return row.concat([b[r]]); }), r, c;
    for (c = 0; c < m; c++) {
      var pivot = c;
      for (r = c + 1; r < m; r++) { if (Math.abs(M[r][c]) > Math.abs(M[pivot][c])) { pivot = r; } }
      if (!(Math.abs(M[pivot][c]) > 1e-300)) { return null; }
      var swap = M[c]; M[c] = M[pivot]; M[pivot] = swap;
      for (r = c + 1; r < m; r++) {
        var f = M[r][c] / M[c][c];
        for (var k = c; k <= m; k++) { M[r][k] -= f * M[c][k]; }
      }
    }
    var w = [];
    for (r = m - 1; r >= 0; r--) {
      var s = M[r][m];
      for (c = r + 1; c < m; c++) { s -= M[r][c] * w[c - r - 1]; }
      w.unshift(s / M[r][r]);
    }
    return w;
  }

  // The least mean squared error's (θ, θ₀) on 1-D x (with an offset: the centred slope
  // Σ(x − x̄)(y − ȳ)/Σ(x − x̄)² and θ₀ = ȳ − θx̄; without one θ = Σxy/Σx²), its loss L*:
  // {theta, theta0, loss}; the least-norm answer when x does not vary.
  function leastSquares(X, y, offset) {
    var n = X.length, mx = 0, my = 0, sxx = 0, sxy = 0, i;
    if (!n) { return null; }
    if (!offset) {
      for (i = 0; i < n; i++) { sxx += X[i][0] * X[i][0]; sxy += X[i][0] * y[i]; }
      var only = sxx > 0 ? sxy / sxx : 0;
      return withLoss([only], 0);
    }
    for (i = 0; i < n; i++) { mx += X[i][0] / n; my += y[i] / n; }
    for (i = 0; i < n; i++) { sxx += (X[i][0] - mx) * (X[i][0] - mx); sxy += (X[i][0] - mx) * (y[i] - my); }
    if (!(sxx > 1e-28 * Math.max(1, mx * mx) * n)) {  // one x: w = ȳ (x, 1)/(x² + 1)
      return withLoss([my * mx / (mx * mx + 1)], my / (mx * mx + 1));
    }
    var slope = sxy / sxx;
    return withLoss([slope], my - slope * mx);
    function withLoss(theta, theta0) {
      return {theta: theta, theta0: theta0, loss: lossAndGrad("regression", X, y, theta, theta0)[0]};
    }
  }

  // The least mean logistic loss over (θ, θ₀), by damped Newton steps on columns scaled to
  // at most 1 (linviz.logistic.logistic_optimum): {theta, theta0, loss, gradNorm}; null when
  // a line separates the data, or the steps find no minimum to ‖∇L‖ < 1e-8 (a line that
  // leaves some points on it and the rest on their sides: the loss has no minimum then
  // either).
  function logisticOptimum(X, y) {
    if (!X.length || theoremNumbers(X, y, true).gamma) { return null; }
    var n = X.length, m = X[0].length + 1, i, j, k;
    var design = X.map(function (x) { return x.concat([1]); }), scale = [];
    for (j = 0; j < m; j++) {
      var top = 0;
      for (i = 0; i < n; i++) { top = Math.max(top, Math.abs(design[i][j])); }
      scale.push(top || 1);
    }
    var Z = design.map(function (r) { return r.map(function (v, c) { return v / scale[c]; }); });
    function lossOf(w) {
      var s = 0;
      for (var a = 0; a < n; a++) { s += softplusOfMinus(y[a] * dotRow(Z[a], w)); }
      return s / n;
    }
    var w = [], gradNorm = Infinity;
    for (j = 0; j < m; j++) { w.push(0); }
    var loss = lossOf(w);
    for (var iteration = 0; iteration < 200; iteration++) {
      var grad = [], H = [];
      for (j = 0; j < m; j++) { grad.push(0); H.push([]); for (k = 0; k < m; k++) { H[j].push(0); } }
      for (i = 0; i < n; i++) {
        var z = dotRow(Z[i], w), s = sigmoid(z), g = -y[i] * sigmoid(-y[i] * z) / n;
        for (j = 0; j < m; j++) {
          grad[j] += Z[i][j] * g;
          for (k = 0; k < m; k++) { H[j][k] += s * (1 - s) * Z[i][j] * Z[i][k] / n; }
        }
      }
      gradNorm = Math.sqrt(grad.reduce(function (a, v, c) { return a + (v / scale[c]) * (v / scale[c]); }, 0));
      if (gradNorm < 1e-10) { break; }
      var step = solve(H, grad);
      if (!step) { break; }
      var size = 1, candidate = null, newLoss = loss;
      while (size > 1e-12) {
        candidate = w.map(function (v, c) { return v - size * step[c]; });
        newLoss = lossOf(candidate);
        if (newLoss <= loss) { break; }
        size /= 2;
      }
      if (size <= 1e-12) { break; }
      w = candidate; loss = newLoss;
    }
    var unscaled = w.map(function (v, c) { return v / scale[c]; });
    var theta = unscaled.slice(0, m - 1), theta0 = unscaled[m - 1];
    if (!(gradNorm < 1e-8)) { return null; }
    return {theta: theta, theta0: theta0,
            loss: lossAndGrad("logistic", X, y, theta, theta0)[0], gradNorm: gradNorm};
  }


  window.linvizLearners = {
    scored: scored, perceptronRun: perceptronRun, mistakesOf: mistakesOf, numpyRng: numpyRng,
    minNormPoint: minNormPoint, theoremNumbers: theoremNumbers, starBand: starBand,
    descentRun: descentRun, lossAndGrad: lossAndGrad, gramEigenvalues: gramEigenvalues,
    leastSquares: leastSquares, logisticOptimum: logisticOptimum,
    sigmoid: sigmoid, softplusOfMinus: softplusOfMinus,
    CONVERGED_GRADIENT: CONVERGED_GRADIENT
  };
})();
