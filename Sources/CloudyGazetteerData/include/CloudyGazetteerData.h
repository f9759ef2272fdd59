#ifndef CLOUDY_GAZETTEER_DATA_H
#define CLOUDY_GAZETTEER_DATA_H
#include <stddef.h>

/// The gazetteer file (places.tsv, written by scripts/build-gazetteer), embedded at build time
/// with C23 #embed (see places.c). Read-only; its layout is described in README.md.
extern const unsigned char cloudy_gazetteer_places[];
extern const size_t cloudy_gazetteer_places_size;

/// The first byte of the embedded file (Swift does not import arrays of unknown size).
static inline const unsigned char *cloudy_gazetteer_places_bytes(void) {
  return cloudy_gazetteer_places;
}

#endif
