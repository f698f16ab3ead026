/* The range of the text-to-image pseudo-inverse (harnesses/keeper/scene_render.c): the fonts it
 * draws with, the characters every one of them renders, and the bounds of every parameter.
 * The scene mutator keeps OcrCase inside them; the renderer refuses what lies outside. */
#ifndef KEEPER_IMAGE_BOUNDS_H
#define KEEPER_IMAGE_BOUNDS_H

/* fontconfig families of the installed Debian font packages: serif, sans and mono faces
 * (fonts-dejavu-core, fonts-liberation2, fonts-freefont-ttf) and handwriting-like ones
 * (fonts-comic-neue, fonts-humor-sans, fonts-dancingscript). */
#define KEEPER_FONTS                                                                      \
  "DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono", "Liberation Serif", "Liberation Sans", \
      "Liberation Mono", "FreeSerif", "FreeSans", "FreeMono", "Comic Neue", "Humor Sans",   \
      "Dancing Script"
#define KEEPER_N_FONTS 12

/* Printable ASCII every font above has a glyph for (letters, digits, space, light punctuation). */
#define KEEPER_TEXT_ALPHABET \
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?-'()"
#define KEEPER_TEXT_MAX 40   /* bytes of text in a scene (one line) */

#define KEEPER_SIZE_MIN 10   /* pango font size in pixels */
#define KEEPER_SIZE_MAX 64
#define KEEPER_ROTATION_MAX 20 /* degrees either way */
#define KEEPER_MARGIN_MAX 64
#define KEEPER_SPECKS_MAX 400  /* speckles per 10000 pixels */
#define KEEPER_BLUR_MAX 8     /* quarters: drawn at 1 / (1 + level / 4) of the size, scaled back */
#define KEEPER_TEXTURE_STRENGTH_MAX 128
/* Image budget: the renderer refuses a canvas wider, taller or larger than this. */
#define KEEPER_IMAGE_SIDE_MAX 2048
#define KEEPER_IMAGE_PIXELS_MAX (1u << 20)

/* Relation parameters. */
#define KEEPER_SHIFT_MAX 64
#define KEEPER_SCALE_PERCENT_MIN 50
#define KEEPER_SCALE_PERCENT_MAX 200
#define KEEPER_ADDED_SPECKS_MAX 400
#define KEEPER_ADDED_BLUR_MAX 8
#endif
