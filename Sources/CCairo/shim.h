#ifndef INBETWEEN_CCAIRO_SHIM_H
#define INBETWEEN_CCAIRO_SHIM_H
// Cairo (the 2D rasterizer the renderer draws with) and pixman (the pixel library under
// Cairo), whose 3x3 projective transforms draw a layer's perspective, which Cairo's affine
// matrices cannot. Both come from pkg-config's cairo (its flags name pixman's headers too).
#include <cairo.h>
#include <pixman.h>

#endif
