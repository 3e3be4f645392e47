"""Input and output safety: what keeps a bad file, a huge number or an interrupted write from
costing anything.

- :mod:`.limits`: the largest count, file, trace and pause each option accepts, and the
  trace's memory budget (checked before a run starts).
- :mod:`.inputs`: reading a data or trace file, a pipe or standard input, within a limit and
  without waiting forever.
- :mod:`.atomic`: every output written to a temporary file and renamed into place; special
  files (devices, FIFOs) refused or written as they are; stale temporaries swept.

The error classes they raise are the engine's own (:mod:`linviz.errors`): every layer
raises them, not only these modules.
"""
