"""What the parts of `history` share: where the model, the timeline, the cards and XOR's
square stand, and their sizes and timings."""

from __future__ import annotations

import numpy as np


#: the timeline: its y, and the x of its two ends
AXIS_Y = -2.65
AXIS_LEFT, AXIS_RIGHT = -6.2, 6.2
#: the height between two levels of labels above the axis
LEVEL_STEP = 0.5
#: the headline card's top left and width (right of the neuron, under the formula)
CARD_TOP_LEFT = np.array([0.8, 0.75, 0.0])
CARD_WIDTH = 5.6
#: the gap between the 1960 card and Rosenblatt's update under it
RULE_GAP = 0.3
#: what was expected of the perceptron (002), as tags under the 1958 card
HYPE_TAGS = ("recognise people", "‘consciousness’")
#: the size of the years' labels and tick values on the timeline, and of XOR's tick values
YEAR_FONT = 24
#: from 1969 on, XOR is the picture: the model leaves and its formula moves to the top left
#: (its top left corner here), XOR's square stands right of centre, the cards at its left
FORMULA_CORNER = np.array([-6.5, 2.6, 0.0])
XOR_CENTRE = np.array([2.3, 0.45, 0.0])
#: half the side of XOR's square, and the screen length of one unit of its corners (±1, ±1)
XOR_HALF, XOR_UNIT = 1.6, 1.0
#: the cards beside XOR: their top left, and their right end (clear of XOR's tick values)
XOR_CARD_TOP_LEFT = np.array([-6.5, 1.3, 0.0])
XOR_CARD_RIGHT = XOR_CENTRE[0] - XOR_HALF - 0.7
#: the winter's band fades out over its last years, in steps
WINTER_FADE, WINTER_FADE_STEPS = 4.0, 8
#: the opacity of the side a line tried on XOR's corners calls +
XOR_SHADE_OPACITY = 0.18
#: how long each line tried on XOR's corners stays, its wrong corners ringed (s)
XOR_TRY_SECONDS = 1.1
#: the opacity a line tried on XOR's corners fades to when the next is tried
XOR_TRIED_OPACITY = 0.3
#: the neuron model: its inputs' x, the sum's and the step's centres
INPUT_X = -5.8
SUM_CENTER = np.array([-2.6, 1.3, 0.0])
STEP_CENTER = np.array([-0.6, 1.3, 0.0])
#: how far below its place the model stands while it is alone on screen, how much larger
#: it is drawn then, and the point it is enlarged about (before the drop)
MODEL_DROP, MODEL_ZOOM = 1.2, 1.15
MODEL_ZOOM_ABOUT = np.array([-3.0, 1.3, 0.0])
#: the formula's centre beside the model, and how far right of it it stands while the model
#: is drawn larger
FORMULA_CENTER, FORMULA_ALONE_SHIFT = np.array([4.0, 1.3, 0.0]), 0.7
#: the sketch of a biological neuron the model is drawn from: its cell body's radius, the
#: length of a branch's twigs at its end, where its axon ends (x), and the opacity of its
#: cell body's fill
CELL_RADIUS, TWIG_LENGTH, AXON_END_X, CELL_FILL = 0.5, 0.32, 1.3, 0.22
#: the step's box (width, height) and the half height of its two levels, −1 and +1
STEP_BOX, STEP_LEVEL = (1.6, 1.15), 0.32
