"""Drawing: board, panels and overlays onto a pygame surface. Renderers draw; they decide nothing."""
