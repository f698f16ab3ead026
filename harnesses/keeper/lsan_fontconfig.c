/* LeakSanitizer cannot follow fontconfig's patterns: fontconfig stores a pattern's element
 * array and value lists as offsets from the pattern (FcPatternElts, elts_offset: encoded
 * pointers, fcint.h), not as pointers, so every pattern pango's font map keeps in its caches
 * (one per font description it resolved) is reported as leaked at the first use of a font.
 * These reports are suppressed for allocations made inside libfontconfig; leaks in pango,
 * cairo, FreeType, libpng, leptonica and the OCR engines are still reported. Linked into every
 * binary that renders (harnesses/keeper/ocr.mk). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libfontconfig.so.1\n"; }
