"""The parts of the scene `regression` (:mod:`scenes.regression`): the data's plot with the
fit and its residuals, the right-hand panel, the loss's bowl over (θ₀, θ₁), and the
polynomial fits, each a mixin of the scene."""
